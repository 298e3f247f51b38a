/* Three kernels in one parallel region inside a time loop, each using
   what the one before wrote, with different nests and tiles.  */
/* { dg-do run } */
#include "mint-test.h"

#define STEPS 3
#define GRAD(u, z, y, x)                                                 \
  ((u[z][y][x + 1] - u[z][y][x - 1]) * (u[z][y][x + 1] - u[z][y][x - 1]) \
   + (u[z + 1][y][x] - u[z - 1][y][x]) * (u[z + 1][y][x] - u[z - 1][y][x]))
#define LAP(u, z, y, x)                                                  \
  (u[z][y][x - 1] + u[z][y][x + 1] + u[z][y - 1][x] + u[z][y + 1][x]     \
   + u[z - 1][y][x] + u[z + 1][y][x] - 6.0 * u[z][y][x])
#define UPDATE(u, g, l, z, y, x)                                         \
  (u[z][y][x] + 0.05 * l[z][y][x] - 0.01 * g[z][y][x])

static void
evolve_mint (int nx, int ny, int nz, double (*u)[ny][nx],
             double (*g)[ny][nx], double (*l)[ny][nx])
{
#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint copy(g, toDevice, nx, ny, nz)
#pragma mint copy(l, toDevice, nx, ny, nz)
#pragma mint parallel
  {
    for (int t = 0; t < STEPS; t++)
      {
#pragma mint for nest(all) tile(32, 4, 1)
        for (int z = 1; z < nz - 1; z++)
          for (int y = 1; y < ny - 1; y++)
            for (int x = 1; x < nx - 1; x++)
              g[z][y][x] = GRAD (u, z, y, x);
#pragma mint for nest(2) tile(16, 8)
        for (int z = 1; z < nz - 1; z++)
          for (int y = 1; y < ny - 1; y++)
            for (int x = 1; x < nx - 1; x++)
              l[z][y][x] = LAP (u, z, y, x);
#pragma mint for nest(all)
        for (int z = 1; z < nz - 1; z++)
          for (int y = 1; y < ny - 1; y++)
            for (int x = 1; x < nx - 1; x++)
              u[z][y][x] = UPDATE (u, g, l, z, y, x);
      }
  }
#pragma mint copy(u, fromDevice, nx, ny, nz)
}

int
main (void)
{
  int nx = 37, ny = 29, nz = 23;
  double (*m[6])[ny][nx];
  for (int k = 0; k < 6; k++)
    {
      m[k] = test_xmalloc (sizeof (double[nz][ny][nx]));
      fill (&m[k][0][0][0], nx, ny, nz, k % 3);
    }
  double (*u)[ny][nx] = m[3], (*g)[ny][nx] = m[4], (*l)[ny][nx] = m[5];

  evolve_mint (nx, ny, nz, m[0], m[1], m[2]);
  for (int t = 0; t < STEPS; t++)
    {
      for (int z = 1; z < nz - 1; z++)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            {
              g[z][y][x] = GRAD (u, z, y, x);
              l[z][y][x] = LAP (u, z, y, x);
            }
      for (int z = 1; z < nz - 1; z++)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            u[z][y][x] = UPDATE (u, g, l, z, y, x);
    }

  int status = test_report ("three kernels per step",
                            max_error (&m[0][0][0][0], &u[0][0][0],
                                       nx * ny * nz), TOL_DOUBLE);
  for (int k = 0; k < 6; k++)
    free (m[k]);
  return status;
}
