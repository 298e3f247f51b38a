/* paper-poisson3d.h -- the Mint paper's 3D Poisson solver (Table 1):
   Jacobi sweeps over C99 variably modified pointers double (*)[ny][nx],
   run with #pragma mint and as plain C, results compared.  The including
   program defines:
     POISSON_NAME       its name, a string
     STEPS              sweeps
     POISSON_STENCIL(U, F, z, y, x)   the new value of U[z][y][x]
     POISSON_CLAUSES    the clauses of its `#pragma mint for nest(all)`
     POISSON_SEED_U, POISSON_SEED_F   seeds of the initial data  */
#include "mint-test.h"

#define H2 0.01

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
#pragma mint for nest(all) POISSON_CLAUSES
        for (int z = 1; z < nz - 1; z++)
          for (int y = 1; y < ny - 1; y++)
            for (int x = 1; x < nx - 1; x++)
              Unew[z][y][x] = POISSON_STENCIL (U, F, z, y, x);
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
            Unew[z][y][x] = POISSON_STENCIL (U, F, z, y, x);
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
      fill (grid[i], nx, ny, nz, i == 4 ? POISSON_SEED_F : POISSON_SEED_U);
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

  printf (POISSON_NAME " %dx%dx%d, %d sweeps: mint %.3f s, cpu %.3f s\n", nx,
          ny, nz, STEPS, t1 - t0, t2 - t1);
  int status = test_report (POISSON_NAME, max_error (result, ref, points),
                            TOL_DOUBLE);
  for (int i = 0; i < 5; i++)
    free (grid[i]);
  return status;
}
