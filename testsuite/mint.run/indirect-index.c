/* Subscripts loaded from memory: a gather through a permutation, a
   lookup table indexed by a byte image, neighbour lists, periodic
   neighbour tables in x of a 3-D grid, a subscript computed into a body
   variable with %, and a scatter through the permutation that
   `independent' asserts is one.  Each against the same loops on the
   CPU.  */
/* { dg-do run } */
#include "mint-test.h"

struct grid
{
  int n, nx, ny, nz;
};

/* The arrays of one run: inputs, then outputs.  */
struct arrays
{
  double *in, *lut, *u;
  int *perm, *nb, *east, *west;
  unsigned char *img;
  double *gathered, *looked, *summed, *moduli, *scattered, *v;
};

/* The grid's extents and the arrays of A as local variables, which
   the loops below use by these names.  */
#define UNPACK(g, a)                                                     \
  int n = g->n, nx = g->nx, ny = g->ny, nz = g->nz;                      \
  double *in = a->in, *lut = a->lut, *u = a->u, *gathered = a->gathered; \
  double *looked = a->looked, *summed = a->summed, *moduli = a->moduli;  \
  double *scattered = a->scattered, *v = a->v;                           \
  int *perm = a->perm, *nb = a->nb, *east = a->east, *west = a->west;    \
  unsigned char *img = a->img

#define GATHER(i) (2 * in[perm[i]] + in[i])
#define LOOKUP(x, y)                                                     \
  (lut[img[(y) * nx + (x)]]                                             \
   * (img[(y) * nx + (x) - 1] + img[(y) * nx + (x) + 1]))
#define NEIGHBOUR_SUM(i)                                                 \
  (in[nb[4 * (i)]] + in[nb[4 * (i) + 1]] + in[nb[4 * (i) + 2]]          \
   + in[nb[4 * (i) + 3]])
#define MODULO(i)                                                        \
  do                                                                     \
    {                                                                    \
      int k = perm[i] % 16;                                              \
      if (in[i] > 2.5)                                                   \
        k = 15 - k;                                                      \
      moduli[i] = in[k] - lut[k];                                        \
    }                                                                    \
  while (0)
#define PERIODIC(z, y, x)                                                \
  (u[((z) * ny + (y)) * nx + east[x]] + u[((z) * ny + (y)) * nx + west[x]] \
   + u[((z - 1) * ny + (y)) * nx + (x)] + u[((z + 1) * ny + (y)) * nx + (x)] \
   - 4 * u[((z) * ny + (y)) * nx + (x)])

static void
run_mint (const struct grid *g, struct arrays *a)
{
  UNPACK (g, a);
#pragma mint copy(in, toDevice, n)
#pragma mint copy(perm, toDevice, n)
#pragma mint copy(nb, toDevice, 4 * n)
#pragma mint copy(lut, toDevice, 256)
#pragma mint copy(img, toDevice, nx * ny)
#pragma mint copy(u, toDevice, nx * ny * nz)
#pragma mint copy(east, toDevice, nx)
#pragma mint copy(west, toDevice, nx)
#pragma mint copy(gathered, toDevice, n)
#pragma mint copy(looked, toDevice, nx * ny)
#pragma mint copy(summed, toDevice, n)
#pragma mint copy(moduli, toDevice, n)
#pragma mint copy(scattered, toDevice, n)
#pragma mint copy(v, toDevice, nx * ny * nz)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      gathered[i] = GATHER (i);
#pragma mint for nest(2) tile(32, 4)
    for (int y = 0; y < ny; y++)
      for (int x = 1; x < nx - 1; x++)
        looked[y * nx + x] = LOOKUP (x, y);
#pragma mint for
    for (int i = 0; i < n; i++)
      summed[i] = NEIGHBOUR_SUM (i);
#pragma mint for
    for (int i = 0; i < n; i++)
      MODULO (i);
#pragma mint for independent
    for (int i = 0; i < n; i++)
      scattered[perm[i]] = in[i] * i;
#pragma mint for nest(all) tile(32, 4, 4) chunksize(1, 1, 4)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 0; y < ny; y++)
        for (int x = 0; x < nx; x++)
          v[(z * ny + y) * nx + x] = PERIODIC (z, y, x);
  }
#pragma mint copy(gathered, fromDevice, n)
#pragma mint copy(looked, fromDevice, nx * ny)
#pragma mint copy(summed, fromDevice, n)
#pragma mint copy(moduli, fromDevice, n)
#pragma mint copy(scattered, fromDevice, n)
#pragma mint copy(v, fromDevice, nx * ny * nz)
}

static void
run_cpu (const struct grid *g, struct arrays *a)
{
  UNPACK (g, a);
  for (int i = 0; i < n; i++)
    {
      gathered[i] = GATHER (i);
      summed[i] = NEIGHBOUR_SUM (i);
      MODULO (i);
      scattered[perm[i]] = in[i] * i;
    }
  for (int y = 0; y < ny; y++)
    for (int x = 1; x < nx - 1; x++)
      looked[y * nx + x] = LOOKUP (x, y);
  for (int z = 1; z < nz - 1; z++)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++)
        v[(z * ny + y) * nx + x] = PERIODIC (z, y, x);
}

/* The inputs, and outputs filled with SEED's data.  */
static void
make_arrays (const struct grid *g, struct arrays *a, int seed)
{
  int n = g->n, points = g->nx * g->ny, cells = points * g->nz;
  double **doubles[] = { &a->in, &a->gathered, &a->summed, &a->moduli,
                         &a->scattered };
  for (unsigned i = 0; i < sizeof doubles / sizeof *doubles; i++)
    {
      *doubles[i] = test_xmalloc (sizeof (double) * n);
      fill_double (*doubles[i], n, 1, 1, i == 0 ? 1 : seed + i);
    }
  a->lut = test_xmalloc (sizeof (double) * 256);
  fill_double (a->lut, 256, 1, 1, 2);
  a->u = test_xmalloc (sizeof (double) * cells);
  fill_double (a->u, g->nx, g->ny, g->nz, 3);
  a->v = test_xmalloc (sizeof (double) * cells);
  fill_double (a->v, g->nx, g->ny, g->nz, seed);
  a->looked = test_xmalloc (sizeof (double) * points);
  fill_double (a->looked, g->nx, g->ny, 1, seed);
  a->img = test_xmalloc (points);
  fill_unsigned_char (a->img, g->nx, g->ny, 1, 4);
  a->perm = test_xmalloc (sizeof (int) * n);
  a->nb = test_xmalloc (sizeof (int) * 4 * n);
  /* 7919 is prime, so i -> 7919 i mod n is a permutation where n is not
     one of its multiples.  */
  for (int i = 0; i < n; i++)
    {
      a->perm[i] = (int) (7919LL * i % n);
      for (int j = 0; j < 4; j++)
        a->nb[4 * i + j] = (int) ((i + 31LL * j * j + 1) % n);
    }
  a->east = test_xmalloc (sizeof (int) * g->nx);
  a->west = test_xmalloc (sizeof (int) * g->nx);
  for (int x = 0; x < g->nx; x++)
    {
      a->east[x] = (x + 1) % g->nx;
      a->west[x] = (x + g->nx - 1) % g->nx;
    }
}

static void
free_arrays (struct arrays *a)
{
  void *all[] = { a->in, a->lut, a->u, a->perm, a->nb, a->east, a->west,
                  a->img, a->gathered, a->looked, a->summed, a->moduli,
                  a->scattered, a->v };
  for (unsigned i = 0; i < sizeof all / sizeof *all; i++)
    free (all[i]);
}

int
main (int argc, char **argv)
{
  int n[3] = { 70, 23, 9 };
  test_size_args (argc, argv, 3, n);
  struct grid g = { n[0] * n[1] * 3 + 1, n[0], n[1], n[2] };
  if (g.n % 7919 == 0)
    g.n++;
  struct arrays got, want;
  make_arrays (&g, &got, 5);
  make_arrays (&g, &want, 5);
  run_mint (&g, &got);
  run_cpu (&g, &want);
  int points = g.nx * g.ny, cells = points * g.nz;
  int status = 0;
  status |= test_report ("gather", max_error (got.gathered, want.gathered,
                                              g.n), TOL_DOUBLE);
  status |= test_report ("lookup", max_error (got.looked, want.looked,
                                              points), TOL_DOUBLE);
  status |= test_report ("neighbours", max_error (got.summed, want.summed,
                                                  g.n), TOL_DOUBLE);
  status |= test_report ("modulo", max_error (got.moduli, want.moduli, g.n),
                         TOL_DOUBLE);
  status |= test_report ("scatter", max_error (got.scattered,
                                               want.scattered, g.n),
                         TOL_DOUBLE);
  status |= test_report ("periodic", max_error (got.v, want.v, cells),
                         TOL_DOUBLE);
  free_arrays (&got);
  free_arrays (&want);
  return status;
}
