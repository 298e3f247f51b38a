/* Kernels in two functions, each with its own parallel region; one of
   them called twice, so its device arrays are allocated and freed twice.  */
/* { dg-do run } */
#include "mint-test.h"

#define SMOOTH(a, z, y, x)                                               \
  (0.4 * a[z][y][x] + 0.1 * (a[z][y][x - 1] + a[z][y][x + 1]             \
                             + a[z - 1][y][x] + a[z + 1][y][x]           \
                             + a[z][y - 1][x] + a[z][y + 1][x]))
#define SHARPEN(a, z, y, x) (2.0 * a[z][y][x] - a[z][y][x - 1])

static void
smooth_mint (float ***a, float ***b, int nx, int ny, int nz)
{
#pragma mint copy(a, toDevice, nx, ny, nz)
#pragma mint copy(b, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          b[z][y][x] = SMOOTH (a, z, y, x);
  }
#pragma mint copy(b, fromDevice, nx, ny, nz)
}

static void
sharpen_mint (float ***a, float ***b, int nx, int ny, int nz)
{
#pragma mint copy(a, toDevice, nx, ny, nz)
#pragma mint copy(b, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(8, 8, 4)
    for (int z = 0; z < nz; z++)
      for (int y = 0; y < ny; y++)
        for (int x = 1; x < nx; x++)
          b[z][y][x] = SHARPEN (a, z, y, x);
  }
#pragma mint copy(b, fromDevice, nx, ny, nz)
}

int
main (void)
{
  int nx = 37, ny = 29, nz = 23;
  float ***a = alloc3d_float (nx, ny, nz), ***b = alloc3d_float (nx, ny, nz);
  float ***ra = alloc3d_float (nx, ny, nz), ***rb = alloc3d_float (nx, ny, nz);
  fill (a[0][0], nx, ny, nz, 1);
  fill (ra[0][0], nx, ny, nz, 1);
  fill (b[0][0], nx, ny, nz, 2);
  fill (rb[0][0], nx, ny, nz, 2);

  smooth_mint (a, b, nx, ny, nz);
  sharpen_mint (b, a, nx, ny, nz);
  smooth_mint (a, b, nx, ny, nz);

  for (int pass = 0; pass < 2; pass++)
    {
      for (int z = 1; z < nz - 1; z++)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            rb[z][y][x] = SMOOTH (ra, z, y, x);
      if (pass == 0)
        for (int z = 0; z < nz; z++)
          for (int y = 0; y < ny; y++)
            for (int x = 1; x < nx; x++)
              ra[z][y][x] = SHARPEN (rb, z, y, x);
    }

  int n = nx * ny * nz;
  int status = test_report ("sharpened", max_error (a[0][0], ra[0][0], n),
                            TOL_FLOAT);
  status |= test_report ("smoothed twice", max_error (b[0][0], rb[0][0], n),
                         TOL_FLOAT);
  free3d_float (a);
  free3d_float (b);
  free3d_float (ra);
  free3d_float (rb);
  return status;
}
