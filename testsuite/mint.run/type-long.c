/* long (*)[ny][nx] grids and long scalars: 64-bit integer arithmetic,
   values beyond 32 bits, exact results.  */
/* { dg-do run } */
#include "mint-test.h"

#define STENCIL(a, z, y, x, scale, offset)                               \
  (a[z][y][x] * scale + (a[z][y][x - 1] - a[z - 1][y][x]) * offset       \
   - a[z][y + 1][x] / 3)

static void
compute_mint (int nx, int ny, int nz, long (*a)[ny][nx], long (*b)[ny][nx],
              long scale, long offset)
{
#pragma mint copy(a, toDevice, nx, ny, nz)
#pragma mint copy(b, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 1; z < nz; z++)
      for (int y = 0; y < ny - 1; y++)
        for (int x = 1; x < nx; x++)
          b[z][y][x] = STENCIL (a, z, y, x, scale, offset);
  }
#pragma mint copy(b, fromDevice, nx, ny, nz)
}

int
main (void)
{
  int nx = 30, ny = 21, nz = 11;
  long scale = 3000000000L, offset = -77;
  long (*a)[ny][nx] = test_xmalloc (sizeof (long[nz][ny][nx]));
  long (*b)[ny][nx] = test_xmalloc (sizeof (long[nz][ny][nx]));
  long (*ref)[ny][nx] = test_xmalloc (sizeof (long[nz][ny][nx]));
  fill (&a[0][0][0], nx, ny, nz, 1);
  fill (&b[0][0][0], nx, ny, nz, 2);
  fill (&ref[0][0][0], nx, ny, nz, 2);

  compute_mint (nx, ny, nz, a, b, scale, offset);
  for (int z = 1; z < nz; z++)
    for (int y = 0; y < ny - 1; y++)
      for (int x = 1; x < nx; x++)
        ref[z][y][x] = STENCIL (a, z, y, x, scale, offset);

  int status = test_report ("long (*)[ny][nx]",
                            max_error (&b[0][0][0], &ref[0][0][0],
                                       nx * ny * nz), TOL_EXACT);
  free (a);
  free (b);
  free (ref);
  return status;
}
