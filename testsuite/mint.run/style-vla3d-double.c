/* C99 variably modified pointers double (*)[ny][nx] allocated in one
   malloc, a 7-point stencil with the default tile.  */
/* { dg-do run } */
#include "mint-test.h"

#define STENCIL(a, z, y, x)                                              \
  (a[z][y][x] * a[z][y][x]                                               \
   - 0.2 * (a[z][y][x - 1] + a[z][y][x + 1] + a[z][y - 1][x]             \
            + a[z][y + 1][x] + a[z - 1][y][x] + a[z + 1][y][x]))

static void
apply_mint (int nx, int ny, int nz, double (*a)[ny][nx], double (*b)[ny][nx])
{
#pragma mint copy(a, toDevice, nx, ny, nz)
#pragma mint copy(b, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          b[z][y][x] = STENCIL (a, z, y, x);
  }
#pragma mint copy(b, fromDevice, nx, ny, nz)
}

static void
apply_cpu (int nx, int ny, int nz, double (*a)[ny][nx], double (*b)[ny][nx])
{
  for (int z = 1; z < nz - 1; z++)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        b[z][y][x] = STENCIL (a, z, y, x);
}

int
main (void)
{
  int nx = 37, ny = 29, nz = 23;
  double (*a)[ny][nx] = test_xmalloc (sizeof (double[nz][ny][nx]));
  double (*b)[ny][nx] = test_xmalloc (sizeof (double[nz][ny][nx]));
  double (*ref)[ny][nx] = test_xmalloc (sizeof (double[nz][ny][nx]));
  fill (&a[0][0][0], nx, ny, nz, 1);
  fill (&b[0][0][0], nx, ny, nz, 2);
  fill (&ref[0][0][0], nx, ny, nz, 2);

  apply_mint (nx, ny, nz, a, b);
  apply_cpu (nx, ny, nz, a, ref);

  int status = test_report ("double (*)[ny][nx]",
                            max_error (&b[0][0][0], &ref[0][0][0],
                                       nx * ny * nz), TOL_DOUBLE);
  free (a);
  free (b);
  free (ref);
  return status;
}
