/* Flat arrays read as grids (level 3 delinearizes them): a 19-point
   stencil over a grid whose sizes and pointers live in a structure,
   indexed through a size_t macro and through an index variable with
   offsets of whole rows and planes, on rows of even and of odd length
   (the 16-byte and the one-element paths); a 2-D sweep with a constant
   row length that swaps its arrays; a nest whose subscripts are no grid
   (rows of two lengths) stays correct.  */
/* { dg-do run } */
#include "mint-test.h"

struct grid
{
  int nx, ny, nz;               /* with one ghost cell on every side */
  double *u, *v;
};

#define IX(g, x, y, z)                                                   \
  (((size_t) (z) * (g)->ny + (size_t) (y)) * (g)->nx + (size_t) (x))

#define P19(a, c, row, plane)                                            \
  (0.25 * a[c]                                                           \
   + 0.05 * (a[c - 1] + a[c + 1] + a[c - (row)] + a[c + (row)]           \
             + a[c - (plane)] + a[c + (plane)])                          \
   + 0.02 * (a[c - (row) - 1] + a[c - (row) + 1] + a[c + (row) - 1]      \
             + a[c + (row) + 1] + a[c - (plane) - (row)]                 \
             + a[c - (plane) + (row)] + a[c + (plane) - (row)]           \
             + a[c + (plane) + (row)] + a[c - (plane) - 1]               \
             + a[c - (plane) + 1] + a[c + (plane) - 1]                   \
             + a[c + (plane) + 1]))

static void
sweep19_mint (struct grid *g, int steps)
{
  size_t n = (size_t) g->nx * g->ny * g->nz;
  (void) n;                     /* without the plugin */
#pragma mint copy(g->u, toDevice, n)
#pragma mint copy(g->v, toDevice, n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        for (int z = 1; z < g->nz - 1; z++)
          for (int y = 1; y < g->ny - 1; y++)
            for (int x = 1; x < g->nx - 1; x++)
              {
                long c = (long) IX (g, x, y, z);
                g->v[c] = P19 (g->u, c, g->nx, g->nx * g->ny);
              }
#pragma mint single
        {
          double *tmp = g->u;
          g->u = g->v;
          g->v = tmp;
        }
      }
  }
#pragma mint copy(g->u, fromDevice, n)
}

static void
sweep19_host (struct grid *g, int steps)
{
  for (int t = 0; t < steps; t++)
    {
      for (int z = 1; z < g->nz - 1; z++)
        for (int y = 1; y < g->ny - 1; y++)
          for (int x = 1; x < g->nx - 1; x++)
            {
              long c = (long) IX (g, x, y, z);
              g->v[c] = P19 (g->u, c, g->nx, g->nx * g->ny);
            }
      double *tmp = g->u;
      g->u = g->v;
      g->v = tmp;
    }
}

#define W 70
#define AT2(y, x) ((y) * W + (x))

static void
heat2d_mint (double *a, double *b, int h, int steps)
{
#pragma mint copy(a, toDevice, W * h)
#pragma mint copy(b, toDevice, W * h)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        for (int y = 1; y < h - 1; y++)
          for (int x = 1; x < W - 1; x++)
            b[AT2 (y, x)] = 0.6 * a[AT2 (y, x)]
                            + 0.1 * (a[AT2 (y, x - 1)] + a[AT2 (y, x + 1)]
                                     + a[AT2 (y - 1, x)] + a[AT2 (y + 1, x)]);
#pragma mint single
        {
          double *tmp = a;
          a = b;
          b = tmp;
        }
      }
  }
#pragma mint copy(a, fromDevice, W * h)
#pragma mint copy(b, fromDevice, W * h)
}

/* Rows of two lengths: nx + 1 apart above, nx below.  */
static void
skew_mint (const double *a, double *b, int nx, int ny)
{
#pragma mint copy(a, toDevice, (nx + 1) * (ny + 1))
#pragma mint copy(b, toDevice, (nx + 1) * (ny + 1))
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < ny; y++)
      for (int x = 1; x < nx; x++)
        b[y * nx + x] = a[y * nx + x] + a[(y - 1) * (nx + 1) + x];
  }
#pragma mint copy(b, fromDevice, (nx + 1) * (ny + 1))
}

static int
check_grid (int nx, int ny, int nz, const char *what)
{
  struct grid g = { nx, ny, nz, NULL, NULL }, h = g;
  size_t n = (size_t) nx * ny * nz;
  g.u = test_xmalloc (n * sizeof (double));
  g.v = test_xmalloc (n * sizeof (double));
  h.u = test_xmalloc (n * sizeof (double));
  h.v = test_xmalloc (n * sizeof (double));
  fill (g.u, nx, ny, nz, 1);
  fill (g.v, nx, ny, nz, 2);
  memcpy (h.u, g.u, n * sizeof (double));
  memcpy (h.v, g.v, n * sizeof (double));
  sweep19_mint (&g, 5);
  sweep19_host (&h, 5);
  int status = test_report (what, max_error (g.u, h.u, n), TOL_DOUBLE);
  free (g.u);
  free (g.v);
  free (h.u);
  free (h.v);
  return status;
}

int
main (void)
{
  int status = check_grid (38, 21, 13, "flat 19-point, even rows");
  status |= check_grid (37, 22, 11, "flat 19-point, odd rows");

  int h = 45;
  double *a = test_xmalloc (W * h * sizeof (double));
  double *b = test_xmalloc (W * h * sizeof (double));
  double *aref = test_xmalloc (W * h * sizeof (double));
  double *bref = test_xmalloc (W * h * sizeof (double));
  fill (a, W, h, 1, 3);
  fill (b, W, h, 1, 4);
  memcpy (aref, a, W * h * sizeof (double));
  memcpy (bref, b, W * h * sizeof (double));
  heat2d_mint (a, b, h, 4);
  for (int t = 0; t < 4; t++)
    {
      for (int y = 1; y < h - 1; y++)
        for (int x = 1; x < W - 1; x++)
          bref[AT2 (y, x)] = 0.6 * aref[AT2 (y, x)]
                             + 0.1 * (aref[AT2 (y, x - 1)]
                                      + aref[AT2 (y, x + 1)]
                                      + aref[AT2 (y - 1, x)]
                                      + aref[AT2 (y + 1, x)]);
      double *tmp = aref;
      aref = bref;
      bref = tmp;
    }
  status |= test_report ("flat 2-D, constant rows",
                         max_error (a, aref, W * h), TOL_DOUBLE);

  int nx = 29, ny = 17, n = (nx + 1) * (ny + 1);
  double *s = test_xmalloc (n * sizeof (double));
  double *d = test_xmalloc (n * sizeof (double));
  double *dref = test_xmalloc (n * sizeof (double));
  fill (s, nx + 1, ny + 1, 1, 5);
  fill (d, nx + 1, ny + 1, 1, 6);
  memcpy (dref, d, n * sizeof (double));
  skew_mint (s, d, nx, ny);
  for (int y = 1; y < ny; y++)
    for (int x = 1; x < nx; x++)
      dref[y * nx + x] = s[y * nx + x] + s[(y - 1) * (nx + 1) + x];
  status |= test_report ("flat, rows of two lengths", max_error (d, dref, n),
                         TOL_DOUBLE);
  free (a);
  free (b);
  free (aref);
  free (bref);
  free (s);
  free (d);
  free (dref);
  return status;
}
