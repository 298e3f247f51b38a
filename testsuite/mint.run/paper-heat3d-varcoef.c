/* The Mint paper's 3D heat equation with a variable coefficient, 7-point
   stencil, over double *** grids (Table 1).
   Usage: paper-heat3d-varcoef [N | NX NY NZ]  (default 40^3).  */
/* { dg-do run } */
#include "mint-test.h"

#define STEPS 6
#define DT 0.02

/* Flux form: the coefficient at the face between a point and its +1
   neighbour is beta at the neighbour.  */
#define HEAT7_VAR(U, B, z, y, x)                                          \
  (U[z][y][x]                                                             \
   + DT * (B[z][y][x + 1] * (U[z][y][x + 1] - U[z][y][x])                 \
           - B[z][y][x] * (U[z][y][x] - U[z][y][x - 1])                   \
           + B[z][y + 1][x] * (U[z][y + 1][x] - U[z][y][x])               \
           - B[z][y][x] * (U[z][y][x] - U[z][y - 1][x])                   \
           + B[z + 1][y][x] * (U[z + 1][y][x] - U[z][y][x])               \
           - B[z][y][x] * (U[z][y][x] - U[z - 1][y][x])))

/* Returns the grid holding the last time step.  */
static double ***
heat_mint (double ***U, double ***Unew, double ***beta, int nx, int ny,
           int nz)
{
#pragma mint copy(U, toDevice, nx, ny, nz)
#pragma mint copy(Unew, toDevice, nx, ny, nz)
#pragma mint copy(beta, toDevice, nx, ny, nz)
#pragma mint parallel
  {
    for (int t = 0; t < STEPS; t++)
      {
#pragma mint for nest(all) tile(16, 16, 4) chunksize(1, 1, 4)
        for (int z = 1; z < nz - 1; z++)
          for (int y = 1; y < ny - 1; y++)
            for (int x = 1; x < nx - 1; x++)
              Unew[z][y][x] = HEAT7_VAR (U, beta, z, y, x);
#pragma mint single
        {
          double ***tmp = U;
          U = Unew;
          Unew = tmp;
        }
      }
  }
#pragma mint copy(U, fromDevice, nx, ny, nz)
  return U;
}

static double ***
heat_cpu (double ***U, double ***Unew, double ***beta, int nx, int ny,
          int nz)
{
  for (int t = 0; t < STEPS; t++)
    {
      for (int z = 1; z < nz - 1; z++)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            Unew[z][y][x] = HEAT7_VAR (U, beta, z, y, x);
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
  double ***grid[5];
  for (int i = 0; i < 5; i++)
    {
      grid[i] = alloc3d_double (nx, ny, nz);
      fill (grid[i][0][0], nx, ny, nz, i == 4 ? 3 : 1);
    }

  double t0 = test_seconds ();
  double ***result = heat_mint (grid[0], grid[1], grid[4], nx, ny, nz);
  double t1 = test_seconds ();
  double ***ref = heat_cpu (grid[2], grid[3], grid[4], nx, ny, nz);
  double t2 = test_seconds ();

  printf ("heat3d-varcoef %dx%dx%d, %d steps: mint %.3f s, cpu %.3f s\n", nx,
          ny, nz, STEPS, t1 - t0, t2 - t1);
  int status = test_report ("heat3d-varcoef",
                            max_error (result[0][0], ref[0][0], points),
                            TOL_DOUBLE);
  for (int i = 0; i < 5; i++)
    free3d_double (grid[i]);
  return status;
}
