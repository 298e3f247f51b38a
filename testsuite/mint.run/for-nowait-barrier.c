/* Two independent kernels queued with nowait, a barrier, then a kernel
   that reads both results.  */
/* { dg-do run } */
#include "mint-test.h"

#define DX(a, z, y, x) (a[z][y][x + 1] - a[z][y][x - 1])
#define DY(a, z, y, x) (a[z][y + 1][x] - a[z][y - 1][x])

static void
compute_mint (int nx, int ny, int nz, double (*a)[ny][nx],
              double (*gx)[ny][nx], double (*gy)[ny][nx],
              double (*norm)[ny][nx])
{
#pragma mint copy(a, toDevice, nx, ny, nz)
#pragma mint copy(gx, toDevice, nx, ny, nz)
#pragma mint copy(gy, toDevice, nx, ny, nz)
#pragma mint copy(norm, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all) nowait
    for (int z = 0; z < nz; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          gx[z][y][x] = DX (a, z, y, x);
#pragma mint for nest(all) tile(32, 4, 1) nowait
    for (int z = 0; z < nz; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          gy[z][y][x] = DY (a, z, y, x);
#pragma mint barrier
#pragma mint for nest(all)
    for (int z = 0; z < nz; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          norm[z][y][x] = gx[z][y][x] * gx[z][y][x] + gy[z][y][x] * gy[z][y][x];
  }
#pragma mint copy(norm, fromDevice, nx, ny, nz)
}

int
main (void)
{
  int nx = 37, ny = 29, nz = 23, n = nx * ny * nz;
  double (*g[4])[ny][nx];
  for (int k = 0; k < 4; k++)
    {
      g[k] = test_xmalloc (sizeof (double[nz][ny][nx]));
      fill (&g[k][0][0][0], nx, ny, nz, k);
    }
  double (*norm)[ny][nx] = test_xmalloc (sizeof (double[nz][ny][nx]));
  double (*ref)[ny][nx] = test_xmalloc (sizeof (double[nz][ny][nx]));
  fill (&norm[0][0][0], nx, ny, nz, 5);
  fill (&ref[0][0][0], nx, ny, nz, 5);

  compute_mint (nx, ny, nz, g[0], g[1], g[2], norm);
  for (int z = 0; z < nz; z++)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        {
          double dx = DX (g[0], z, y, x), dy = DY (g[0], z, y, x);
          ref[z][y][x] = dx * dx + dy * dy;
        }

  int status = test_report ("nowait, barrier",
                            max_error (&norm[0][0][0], &ref[0][0][0], n),
                            TOL_DOUBLE);
  for (int k = 0; k < 4; k++)
    free (g[k]);
  free (norm);
  free (ref);
  return status;
}
