/* A time loop whose single block swaps the grids and updates a scalar
   (the coefficient) that the next launch passes by value; an odd number of
   steps, so the result ends in the second grid.  */
/* { dg-do run } */
#include "mint-test.h"

#define STEPS 7
#define STEP(U, c, z, y, x)                                              \
  ((1.0 - 6.0 * c) * U[z][y][x]                                          \
   + c * (U[z][y][x - 1] + U[z][y][x + 1] + U[z][y - 1][x]               \
          + U[z][y + 1][x] + U[z - 1][y][x] + U[z + 1][y][x]))

static double ***
diffuse_mint (double ***U, double ***V, int nx, int ny, int nz)
{
  double c = 0.1;
  int steps = 0;
#pragma mint copy(U, toDevice, nx, ny, nz)
#pragma mint copy(V, toDevice, nx, ny, nz)
#pragma mint parallel
  {
    while (steps < STEPS)
      {
#pragma mint for nest(all) tile(16, 8, 2)
        for (int z = 1; z < nz - 1; z++)
          for (int y = 1; y < ny - 1; y++)
            for (int x = 1; x < nx - 1; x++)
              V[z][y][x] = STEP (U, c, z, y, x);
#pragma mint single
        {
          double ***tmp = U;
          U = V;
          V = tmp;
          c = 0.8 * c + 0.01;
          steps++;
        }
      }
  }
#pragma mint copy(U, fromDevice, nx, ny, nz)
  return U;
}

static double ***
diffuse_cpu (double ***U, double ***V, int nx, int ny, int nz)
{
  double c = 0.1;
  for (int t = 0; t < STEPS; t++)
    {
      for (int z = 1; z < nz - 1; z++)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            V[z][y][x] = STEP (U, c, z, y, x);
      double ***tmp = U;
      U = V;
      V = tmp;
      c = 0.8 * c + 0.01;
    }
  return U;
}

int
main (void)
{
  int nx = 37, ny = 29, nz = 23;
  double ***g[4];
  for (int k = 0; k < 4; k++)
    {
      g[k] = alloc3d_double (nx, ny, nz);
      fill (g[k][0][0], nx, ny, nz, 1);
    }
  double ***result = diffuse_mint (g[0], g[1], nx, ny, nz);
  double ***ref = diffuse_cpu (g[2], g[3], nx, ny, nz);

  int status = test_report ("single: swap and scalar update",
                            max_error (result[0][0], ref[0][0], nx * ny * nz),
                            TOL_DOUBLE);
  if (result != g[1])
    status |= test_report ("odd steps leave the result in the second grid",
                           1.0, 0.0);
  for (int k = 0; k < 4; k++)
    free3d_double (g[k]);
  return status;
}
