/* Coefficients computed from the coordinates at every point (a damping
   profile in x, a source term in y, a division by a coordinate), which
   a level-3 walk computes once a column before the walk
   (opt-walk-invariants.c), next to a division by the walked variable and
   one by a loaded value, which stay in each step; in 3-D and in 2-D, the
   parameters in a struct, extents that no tile divides.  The results
   must equal the plain C loops' (the same nests, written once) but for
   the last bits of exp and sin on the GPU.  */
/* { dg-do run } */
#include "mint-test.h"
#include <math.h>

struct medium
{
  double h, damping, source;
};

#define NESTS(PRAGMA)                                                    \
  PRAGMA (for nest(all))                                                 \
  for (int z = 1; z < nz - 1; z++)                                       \
    for (int y = 1; y < ny - 1; y++)                                     \
      for (int x = 1; x < nx - 1; x++)                                   \
        {                                                                \
          double k = 0.1 * exp (-m->damping * x * m->h)                  \
                     * (1 + 0.5 * sin (y * m->h)) + m->h / (1 + x);      \
          double w = m->source / (1 + z) + a[z][y][x] / (2 + a[z][y][x]); \
          b[z][y][x] = (1 - 6 * k) * a[z][y][x] + w                      \
                       + k * (a[z][y][x - 1] + a[z][y][x + 1]            \
                              + a[z][y - 1][x] + a[z][y + 1][x]          \
                              + a[z - 1][y][x] + a[z + 1][y][x]);        \
        }                                                                \
  PRAGMA (for nest(all))                                                 \
  for (int y = 1; y < ny - 1; y++)                                       \
    for (int x = 1; x < nx - 1; x++)                                     \
      {                                                                  \
        double s = m->source * cos (x * m->h) / (1 + y * m->h);          \
        c[y][x] = 0.25 * (d[y][x - 1] + d[y][x + 1] + d[y - 1][x]        \
                          + d[y + 1][x]) + s * exp (-x * m->h);          \
      }

static void
run_mint (int nx, int ny, int nz, const struct medium *m,
          double (*a)[ny][nx], double (*b)[ny][nx], double (*c)[nx],
          double (*d)[nx])
{
#pragma mint copy(a, toDevice, nx, ny, nz)
#pragma mint copy(b, toDevice, nx, ny, nz)
#pragma mint copy(c, toDevice, nx, ny)
#pragma mint copy(d, toDevice, nx, ny)
#pragma mint parallel
  {
    NESTS (MINT_PRAGMA)
  }
#pragma mint copy(b, fromDevice, nx, ny, nz)
#pragma mint copy(c, fromDevice, nx, ny)
}

static void
run_c (int nx, int ny, int nz, const struct medium *m, double (*a)[ny][nx],
       double (*b)[ny][nx], double (*c)[nx], double (*d)[nx])
{
  NESTS (NO_PRAGMA)
}

int
main (int argc, char **argv)
{
  int n[3] = { 67, 29, 23 };
  test_size_args (argc, argv, 3, n);
  int nx = n[0], ny = n[1], nz = n[2];
  long cells = (long) nx * ny * nz, plane = (long) nx * ny;
  struct medium m = { 1.0 / nx, 0.7, 0.05 };
  double (*a)[ny][nx] = test_xmalloc (sizeof (double) * cells);
  double (*b[2])[ny][nx], (*c[2])[nx];
  double (*d)[nx] = test_xmalloc (sizeof (double) * plane);
  fill (&a[0][0][0], nx, ny, nz, 1);
  fill (&d[0][0], nx, ny, 1, 2);
  for (int i = 0; i < 2; i++)
    {
      b[i] = test_xmalloc (sizeof (double) * cells);
      c[i] = test_xmalloc (sizeof (double) * plane);
      memset (b[i], 0, sizeof (double) * cells);
      memset (c[i], 0, sizeof (double) * plane);
    }
  run_mint (nx, ny, nz, &m, a, b[0], c[0], d);
  run_c (nx, ny, nz, &m, a, b[1], c[1], d);
  int status = 0;
  status |= test_report ("3-D, coefficients of x and y",
                         max_error (&b[0][0][0][0], &b[1][0][0][0], cells),
                         TOL_DOUBLE);
  status |= test_report ("2-D, a source of x and y",
                         max_error (&c[0][0][0], &c[1][0][0], plane),
                         TOL_DOUBLE);
  return status;
}
