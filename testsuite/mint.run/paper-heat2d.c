/* The Mint paper's 2D heat equation, 5-point stencil, over double (*)[nx]
   (Table 1).  Usage: paper-heat2d [N | NX NY]  (default 200^2).  */
/* { dg-do run } */
#include "mint-test.h"

#define STEPS 10
#define C0 0.5
#define C1 0.125

#define HEAT5(U, y, x)                                                   \
  (C0 * U[y][x] + C1 * (U[y][x - 1] + U[y][x + 1] + U[y - 1][x] + U[y + 1][x]))

/* Returns the grid holding the last time step.  */
static void *
heat_mint (int nx, int ny, double (*U)[nx], double (*Unew)[nx])
{
#pragma mint copy(U, toDevice, nx, ny)
#pragma mint copy(Unew, toDevice, nx, ny)
#pragma mint parallel
  {
    for (int t = 0; t < STEPS; t++)
      {
#pragma mint for nest(all) tile(16, 16)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            Unew[y][x] = HEAT5 (U, y, x);
#pragma mint single
        {
          double (*tmp)[nx] = U;
          U = Unew;
          Unew = tmp;
        }
      }
  }
#pragma mint copy(U, fromDevice, nx, ny)
  return U;
}

static void *
heat_cpu (int nx, int ny, double (*U)[nx], double (*Unew)[nx])
{
  for (int t = 0; t < STEPS; t++)
    {
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          Unew[y][x] = HEAT5 (U, y, x);
      double (*tmp)[nx] = U;
      U = Unew;
      Unew = tmp;
    }
  return U;
}

int
main (int argc, char **argv)
{
  int n[2] = { 200, 200 };
  test_size_args (argc, argv, 2, n);
  int nx = n[0], ny = n[1];
  size_t points = (size_t) nx * ny;
  double *grid[4];
  for (int i = 0; i < 4; i++)
    {
      grid[i] = test_xmalloc (points * sizeof (double));
      fill (grid[i], nx, ny, 1, 1);
    }

  double t0 = test_seconds ();
  double *result = heat_mint (nx, ny, (double (*)[nx]) grid[0],
                              (double (*)[nx]) grid[1]);
  double t1 = test_seconds ();
  double *ref = heat_cpu (nx, ny, (double (*)[nx]) grid[2],
                          (double (*)[nx]) grid[3]);
  double t2 = test_seconds ();

  printf ("heat2d %dx%d, %d steps: mint %.3f s, cpu %.3f s\n", nx, ny, STEPS,
          t1 - t0, t2 - t1);
  int status = test_report ("heat2d", max_error (result, ref, points),
                            TOL_DOUBLE);
  for (int i = 0; i < 4; i++)
    free (grid[i]);
  return status;
}
