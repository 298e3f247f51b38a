/* int *** grids: integer arithmetic (* / % >> & ^ |) must match exactly.  */
/* { dg-do run } */
#include "mint-test.h"

#define STENCIL(a, z, y, x)                                              \
  (((a[z][y][x] * 5 + a[z][y][x + 1] / 3 - (a[z][y - 1][x] % 11))        \
    ^ ((a[z - 1][y][x] >> 2) & 0x3f))                                    \
   | (a[z + 1][y + 1][x - 1] & 1))

static void
compute_mint (int ***a, int ***b, int nx, int ny, int nz)
{
#pragma mint copy(a, toDevice, nx, ny, nz)
#pragma mint copy(b, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(16, 4, 4)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          b[z][y][x] = STENCIL (a, z, y, x);
  }
#pragma mint copy(b, fromDevice, nx, ny, nz)
}

int
main (void)
{
  int nx = 37, ny = 29, nz = 23;
  int ***a = alloc3d_int (nx, ny, nz);
  int ***b = alloc3d_int (nx, ny, nz);
  int ***ref = alloc3d_int (nx, ny, nz);
  fill (a[0][0], nx, ny, nz, 1);
  fill (b[0][0], nx, ny, nz, 2);
  fill (ref[0][0], nx, ny, nz, 2);

  compute_mint (a, b, nx, ny, nz);
  for (int z = 1; z < nz - 1; z++)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        ref[z][y][x] = STENCIL (a, z, y, x);

  int status = test_report ("int ***", max_error (b[0][0], ref[0][0],
                                                  nx * ny * nz), TOL_EXACT);
  free3d_int (a);
  free3d_int (b);
  free3d_int (ref);
  return status;
}
