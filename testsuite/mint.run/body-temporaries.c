/* Variables declared in the loop body are private to each point: several
   temporaries of different types, reassigned, feeding each other.  */
/* { dg-do run } */
#include "mint-test.h"

#define BODY(a, b, z, y, x)                                              \
  do                                                                     \
    {                                                                    \
      double lap = a[z][y][x - 1] + a[z][y][x + 1] + a[z][y - 1][x]      \
                   + a[z][y + 1][x] - 4.0 * a[z][y][x];                  \
      double gx = 0.5 * (a[z][y][x + 1] - a[z][y][x - 1]);               \
      double gy = 0.5 * (a[z][y + 1][x] - a[z][y - 1][x]);               \
      int parity = (x + 2 * y + 3 * z) % 4;                              \
      float weight = 0.25f * (float) parity;                             \
      double r = lap + weight * (gx * gx + gy * gy);                     \
      r = r * r + gx;                                                    \
      b[z][y][x] = r - a[z - 1][y][x] * weight;                          \
    }                                                                    \
  while (0)

static void
compute_mint (double ***a, double ***b, int nx, int ny, int nz)
{
#pragma mint copy(a, toDevice, nx, ny, nz)
#pragma mint copy(b, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(16, 16, 1)
    for (int z = 1; z < nz; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          BODY (a, b, z, y, x);
  }
#pragma mint copy(b, fromDevice, nx, ny, nz)
}

int
main (void)
{
  int nx = 37, ny = 29, nz = 23;
  double ***a = alloc3d_double (nx, ny, nz);
  double ***b = alloc3d_double (nx, ny, nz);
  double ***ref = alloc3d_double (nx, ny, nz);
  fill (a[0][0], nx, ny, nz, 1);
  fill (b[0][0], nx, ny, nz, 2);
  fill (ref[0][0], nx, ny, nz, 2);

  compute_mint (a, b, nx, ny, nz);
  for (int z = 1; z < nz; z++)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        BODY (a, ref, z, y, x);

  int status = test_report ("body temporaries",
                            max_error (b[0][0], ref[0][0], nx * ny * nz),
                            TOL_DOUBLE);
  free3d_double (a);
  free3d_double (b);
  free3d_double (ref);
  return status;
}
