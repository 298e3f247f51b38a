/* The Mint paper's 3D heat equation, 7-point stencil, over double *** grids
   (Table 1).  Usage: paper-heat3d [N | NX NY NZ]  (default 40^3).  */
/* { dg-do run } */
#include "mint-test.h"

#define STEPS 6
#define C0 0.4
#define C1 0.1

#define HEAT7(U, z, y, x)                                                \
  (C0 * U[z][y][x]                                                       \
   + C1 * (U[z][y][x - 1] + U[z][y][x + 1] + U[z][y - 1][x]              \
           + U[z][y + 1][x] + U[z - 1][y][x] + U[z + 1][y][x]))

/* Returns the grid holding the last time step.  */
static double ***
heat_mint (double ***U, double ***Unew, int nx, int ny, int nz)
{
#pragma mint copy(U, toDevice, nx, ny, nz)
#pragma mint copy(Unew, toDevice, nx, ny, nz)
#pragma mint parallel default(shared)
  {
    int t = 0;
    while (t < STEPS)
      {
#pragma mint for nest(all) tile(16, 16, 1)
        for (int z = 1; z < nz - 1; z++)
          for (int y = 1; y < ny - 1; y++)
            for (int x = 1; x < nx - 1; x++)
              Unew[z][y][x] = HEAT7 (U, z, y, x);
#pragma mint single
        {
          double ***tmp = U;
          U = Unew;
          Unew = tmp;
          t++;
        }
      }
  }
#pragma mint copy(U, fromDevice, nx, ny, nz)
  return U;
}

static double ***
heat_cpu (double ***U, double ***Unew, int nx, int ny, int nz)
{
  for (int t = 0; t < STEPS; t++)
    {
      for (int z = 1; z < nz - 1; z++)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            Unew[z][y][x] = HEAT7 (U, z, y, x);
      double ***tmp = U;
      U = Unew;
      Unew = tmp;
    }
  return U;
}

int
main (int argc, char **argv)
{
  int n[3] = { 40, 40, 40 };
  test_size_args (argc, argv, 3, n);
  int nx = n[0], ny = n[1], nz = n[2];
  size_t points = (size_t) nx * ny * nz;
  double ***grid[4];
  for (int i = 0; i < 4; i++)
    {
      grid[i] = alloc3d_double (nx, ny, nz);
      fill (grid[i][0][0], nx, ny, nz, 1);
    }

  double t0 = test_seconds ();
  double ***result = heat_mint (grid[0], grid[1], nx, ny, nz);
  double t1 = test_seconds ();
  double ***ref = heat_cpu (grid[2], grid[3], nx, ny, nz);
  double t2 = test_seconds ();

  printf ("heat3d %dx%dx%d, %d steps: mint %.3f s, cpu %.3f s\n", nx, ny, nz,
          STEPS, t1 - t0, t2 - t1);
  int status = test_report ("heat3d", max_error (result[0][0], ref[0][0], points),
                            TOL_DOUBLE);
  for (int i = 0; i < 4; i++)
    free3d_double (grid[i]);
  return status;
}
