/* Control flow in the loop body: if/else, an if without else (some points
   keep their old value), ?: and conditions joined with && and ||.  */
/* { dg-do run } */
#include "mint-test.h"

#define CLAMPED(a, z, y, x)                                              \
  (a[z][y][x] > 3.0 ? 3.0 : a[z][y][x] < 1.0 ? 1.0 : a[z][y][x])

#define BODY(a, b, c, z, y, x)                                           \
  do                                                                     \
    {                                                                    \
      if (a[z][y][x] > a[z][y][x - 1])                                   \
        b[z][y][x] = a[z][y][x] - a[z][y][x - 1];                        \
      else                                                               \
        b[z][y][x] = 2.0 * a[z][y + 1][x];                               \
      if ((a[z][y][x] > 2.0 && a[z - 1][y][x] < 2.5) || x == 1)          \
        c[z][y][x] = CLAMPED (a, z, y, x) + (y % 3 == 0 ? 1.0 : -1.0);   \
    }                                                                    \
  while (0)

static void
compute_mint (double ***a, double ***b, double ***c, int nx, int ny, int nz)
{
#pragma mint copy(a, toDevice, nx, ny, nz)
#pragma mint copy(b, toDevice, nx, ny, nz)
#pragma mint copy(c, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(16, 4, 4)
    for (int z = 1; z < nz; z++)
      for (int y = 0; y < ny - 1; y++)
        for (int x = 1; x < nx; x++)
          BODY (a, b, c, z, y, x);
  }
#pragma mint copy(b, fromDevice, nx, ny, nz)
#pragma mint copy(c, fromDevice, nx, ny, nz)
}

int
main (void)
{
  int nx = 37, ny = 29, nz = 23, n = nx * ny * nz;
  double ***g[5];
  for (int k = 0; k < 5; k++)
    {
      g[k] = alloc3d_double (nx, ny, nz);
      fill (g[k][0][0], nx, ny, nz, k < 3 ? k : k - 2);
    }
  double ***a = g[0], ***b = g[1], ***c = g[2], ***bref = g[3], ***cref = g[4];

  compute_mint (a, b, c, nx, ny, nz);
  for (int z = 1; z < nz; z++)
    for (int y = 0; y < ny - 1; y++)
      for (int x = 1; x < nx; x++)
        BODY (a, bref, cref, z, y, x);

  int status = test_report ("if/else", max_error (b[0][0], bref[0][0], n),
                            TOL_DOUBLE);
  status |= test_report ("if, ?:, && and ||",
                         max_error (c[0][0], cref[0][0], n), TOL_DOUBLE);
  for (int k = 0; k < 5; k++)
    free3d_double (g[k]);
  return status;
}
