/* Boundaries handled in the body of nests over unsigned loop variables,
   whose conditions the program computes in unsigned arithmetic: the
   footprint carries `x == nx - 1' and `y < ny - 1u' modulo 2^bits, and
   libmintrt follows them where they do not wrap.  A 3-D 7-point star over
   flat arrays whose size_t extents lie in a struct (indices through a
   macro), the faces copied; a 2-D star over unsigned rows under
   `y > 0 && y < ny - 1u && x > 0 && x < nx - 1u'; reads beside the
   point under `x < (unsigned) n - 1' with an int n, and under `x < m - 1'
   with an unsigned m of 1, where m - 1 is 0 and the reads never run; a
   band `x >= 2 && x <= BAND' of an int x, which GCC folds into the range
   test `(unsigned) x - 2 <= BAND - 2'.  The results must equal the plain
   C loops' (the same nests, written once).  */
/* { dg-do run } */
#include "mint-test.h"

struct grid
{
  size_t nx, ny, nz;
  double c0, c1;
};

#define BAND 16

#define I3(x, y, z) (((z) * g->ny + (y)) * g->nx + (x))

#define NESTS(PRAGMA)                                                    \
  PRAGMA (for nest(all))                                                 \
  for (size_t z = 0; z < g->nz; z++)                                     \
    for (size_t y = 0; y < g->ny; y++)                                   \
      for (size_t x = 0; x < g->nx; x++)                                 \
        if (z == 0 || y == 0 || x == 0 || z == g->nz - 1                 \
            || y == g->ny - 1 || x == g->nx - 1)                         \
          b[I3 (x, y, z)] = a[I3 (x, y, z)];                             \
        else                                                             \
          b[I3 (x, y, z)] = g->c0 * a[I3 (x, y, z)]                      \
                            + g->c1 * (a[I3 (x - 1, y, z)]               \
                                       + a[I3 (x + 1, y, z)]             \
                                       + a[I3 (x, y - 1, z)]             \
                                       + a[I3 (x, y + 1, z)]             \
                                       + a[I3 (x, y, z - 1)]             \
                                       + a[I3 (x, y, z + 1)]);           \
  PRAGMA (for nest(all))                                                 \
  for (unsigned y = 0; y < ny; y++)                                      \
    for (unsigned x = 0; x < nx; x++)                                    \
      {                                                                  \
        double v = p[y][x];                                              \
        if (y > 0 && y < ny - 1u && x > 0 && x < nx - 1u)                \
          v = 0.5 * v + 0.125 * (p[y][x - 1] + p[y][x + 1]               \
                                 + p[y - 1][x] + p[y + 1][x]);           \
        if (x < (unsigned) n - 1)                                        \
          v += 0.25 * p[y][x + 1];                                       \
        r[y][x] = v;                                                     \
      }                                                                  \
  PRAGMA (for nest(all))                                                 \
  for (unsigned y = 0; y < ny; y++)                                      \
    for (unsigned x = 0; x < nx; x++)                                    \
      w[y][x] = x < m - 1 ? p[y][x + 2] : p[y][x];                       \
  PRAGMA (for nest(all))                                                 \
  for (int y = 0; y < (int) ny; y++)                                     \
    for (int x = 0; x < (int) nx; x++)                                   \
      q[y][x] = x >= 2 && x <= BAND ? p[y][x - 2] + p[y][x + 1] : p[y][x];

static void
run_mint (const struct grid *g, const double *a, double *b, unsigned nx,
          unsigned ny, int n, unsigned m, double (*p)[nx], double (*r)[nx],
          double (*w)[nx], double (*q)[nx])
{
#pragma mint copy(a, toDevice, g->nx * g->ny * g->nz)
#pragma mint copy(b, toDevice, g->nx * g->ny * g->nz)
#pragma mint copy(p, toDevice, nx, ny)
#pragma mint copy(r, toDevice, nx, ny)
#pragma mint copy(w, toDevice, nx, ny)
#pragma mint copy(q, toDevice, nx, ny)
#pragma mint parallel
  {
    NESTS (MINT_PRAGMA)
  }
#pragma mint copy(b, fromDevice, g->nx * g->ny * g->nz)
#pragma mint copy(r, fromDevice, nx, ny)
#pragma mint copy(w, fromDevice, nx, ny)
#pragma mint copy(q, fromDevice, nx, ny)
}

static void
run_c (const struct grid *g, const double *a, double *b, unsigned nx,
       unsigned ny, int n, unsigned m, double (*p)[nx], double (*r)[nx],
       double (*w)[nx], double (*q)[nx])
{
  NESTS (NO_PRAGMA)
}

/* The nests over an N0 x N1 x N2 grid and N0 x N1 rows; nonzero where
   they differ.  */
static int
compare (int n0, int n1, int n2)
{
  struct grid g = { (size_t) n0, (size_t) n1, (size_t) n2, 0.4, 0.1 };
  long cells = (long) n0 * n1 * n2, plane = (long) n0 * n1;
  double *a = test_xmalloc (sizeof (double) * cells);
  double *p = test_xmalloc (sizeof (double) * plane);
  fill (a, n0, n1, n2, 1);
  fill (p, n0, n1, 1, 2);
  TWO_FILLED (double, b, n0, n1, n2, 3);
  TWO_FILLED (double, r, n0, n1, 1, 4);
  TWO_FILLED (double, w, n0, n1, 1, 5);
  TWO_FILLED (double, q, n0, n1, 1, 6);
  typedef double (*rows)[n0];
  for (int i = 0; i < 2; i++)
    (i ? run_c : run_mint) (&g, a, b[i], (unsigned) n0, (unsigned) n1, n0,
                            1u, (rows) p, (rows) r[i], (rows) w[i],
                            (rows) q[i]);
  int status = 0;
  printf ("%dx%dx%d:\n", n0, n1, n2);
  status |= test_report ("flat 7-point star, size_t extents in a struct",
                         max_error (b[0], b[1], cells), TOL_DOUBLE);
  status |= test_report ("unsigned rows, ny - 1u and (unsigned) n - 1",
                         max_error (r[0], r[1], plane), TOL_DOUBLE);
  status |= test_report ("x < m - 1 with m 1",
                         max_error (w[0], w[1], plane), TOL_DOUBLE);
  status |= test_report ("x >= 2 && x <= BAND (a range test)",
                         max_error (q[0], q[1], plane), TOL_DOUBLE);
  return status;
}

int
main (int argc, char **argv)
{
  int n[3] = { 70, 37, 21 };
  test_size_args (argc, argv, 3, n);
  return compare (37, 21, 9) | compare (n[0], n[1], n[2]);
}
