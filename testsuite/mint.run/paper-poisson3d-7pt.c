/* The Mint paper's 3D Poisson solver, 7-point Jacobi sweeps, over C99
   variably modified pointers double (*)[ny][nx] (Table 1).
   Usage: paper-poisson3d-7pt [N | NX NY NZ]  (default 40^3).  */
/* { dg-do run } */
#include "mint-test.h"

#define STEPS 6
#define H2 0.01

#define JACOBI7(U, F, z, y, x)                                           \
  ((U[z][y][x - 1] + U[z][y][x + 1] + U[z][y - 1][x] + U[z][y + 1][x]    \
    + U[z - 1][y][x] + U[z + 1][y][x] - H2 * F[z][y][x]) / 6.0)

/* Returns the grid holding the last sweep.  */
static void *
poisson_mint (int nx, int ny, int nz, double (*U)[ny][nx],
              double (*Unew)[ny][nx], double (*F)[ny][nx])
{
#pragma mint copy(U, toDevice, nx, ny, nz)
#pragma mint copy(Unew, toDevice, nx, ny, nz)
#pragma mint copy(F, toDevice, nx, ny, nz)
#pragma mint parallel
  {
    for (int t = 0; t < STEPS; t++)
      {
#pragma mint for nest(all) tile(32, 8, 1)
        for (int z = 1; z < nz - 1; z++)
          for (int y = 1; y < ny - 1; y++)
            for (int x = 1; x < nx - 1; x++)
              Unew[z][y][x] = JACOBI7 (U, F, z, y, x);
#pragma mint single
        {
          double (*tmp)[ny][nx] = U;
          U = Unew;
          Unew = tmp;
        }
      }
  }
#pragma mint copy(U, fromDevice, nx, ny, nz)
  return U;
}

static void *
poisson_cpu (int nx, int ny, int nz, double (*U)[ny][nx],
             double (*Unew)[ny][nx], double (*F)[ny][nx])
{
  for (int t = 0; t < STEPS; t++)
    {
      for (int z = 1; z < nz - 1; z++)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            Unew[z][y][x] = JACOBI7 (U, F, z, y, x);
      double (*tmp)[ny][nx] = U;
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
  double *grid[5];
  for (int i = 0; i < 5; i++)
    {
      grid[i] = test_xmalloc (points * sizeof (double));
      fill (grid[i], nx, ny, nz, i == 4 ? 7 : 1);
    }

  double t0 = test_seconds ();
  double *result = poisson_mint (nx, ny, nz, (double (*)[ny][nx]) grid[0],
                                 (double (*)[ny][nx]) grid[1],
                                 (double (*)[ny][nx]) grid[4]);
  double t1 = test_seconds ();
  double *ref = poisson_cpu (nx, ny, nz, (double (*)[ny][nx]) grid[2],
                             (double (*)[ny][nx]) grid[3],
                             (double (*)[ny][nx]) grid[4]);
  double t2 = test_seconds ();

  printf ("poisson3d-7pt %dx%dx%d, %d sweeps: mint %.3f s, cpu %.3f s\n", nx,
          ny, nz, STEPS, t1 - t0, t2 - t1);
  int status = test_report ("poisson3d-7pt", max_error (result, ref, points),
                            TOL_DOUBLE);
  for (int i = 0; i < 5; i++)
    free (grid[i]);
  return status;
}
