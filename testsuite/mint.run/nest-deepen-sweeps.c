/* Nests made deeper at levels 1 and up (nest-deepen.c) whose variables
   the host reads after them or whose rows start at their colour: nest(1)
   over y with its variables declared before the nest, y read after it,
   and a red-black sweep in place under nest(1), each row starting at its
   colour's first point (parity guards prove the deeper nest's points
   independent; at level 0 the analysis cannot prove the rows that
   threads walk apart, hence no -Wmint-dependence).  Results and y must
   equal the plain C loops' (the same nests, written once).  */
/* { dg-do run } */
/* { dg-options "-Wall -fplugin-arg-mint-Wno-dependence" } */
#include "mint-test.h"

#define NESTS(PRAGMA)                                                    \
  PRAGMA (for)                                                           \
  for (y = 1; y < ny - 1; y++)                                           \
    for (x = 1; x < nx - 1; x++)                                         \
      v[y][x] = u[y][x - 1] + u[y][x + 1];                               \
  for (int sweep = 0; sweep < 3; sweep++)                                \
    for (int color = 0; color < 2; color++)                              \
      {                                                                  \
        PRAGMA (for)                                                     \
        for (int j = 1; j < ny - 1; j++)                                 \
          for (int i = 1 + (j + color) % 2; i < nx - 1; i += 2)          \
            u[j][i] = 0.25 * (u[j][i - 1] + u[j][i + 1] + u[j - 1][i]    \
                              + u[j + 1][i]);                            \
      }

static int
run_mint (int nx, int ny, double (*u)[nx], double (*v)[nx])
{
  int x, y;
#pragma mint copy(u, toDevice, nx, ny)
#pragma mint copy(v, toDevice, nx, ny)
#pragma mint parallel
  {
    NESTS (MINT_PRAGMA)
  }
#pragma mint copy(u, fromDevice, nx, ny)
#pragma mint copy(v, fromDevice, nx, ny)
  return y;
}

static int
run_c (int nx, int ny, double (*u)[nx], double (*v)[nx])
{
  int x, y;
  NESTS (NO_PRAGMA)
  return y;
}

int
main (int argc, char **argv)
{
  int n[2] = { 45, 38 };
  test_size_args (argc, argv, 2, n);
  int nx = n[0], ny = n[1];
  long cells = (long) nx * ny;
  double (*u[2])[nx], (*v[2])[nx];
  for (int k = 0; k < 2; k++)
    {
      u[k] = test_xmalloc (sizeof (double) * cells);
      v[k] = test_xmalloc (sizeof (double) * cells);
      fill (&u[k][0][0], nx, ny, 1, 1);
      memset (v[k], 0, sizeof (double) * cells);
    }
  int y = run_mint (nx, ny, u[0], v[0]);
  int y_c = run_c (nx, ny, u[1], v[1]);
  int status = 0;
  status |= test_report ("neighbours, nest(1)",
                         max_error (&v[0][0][0], &v[1][0][0], cells),
                         TOL_DOUBLE);
  status |= test_report ("red-black sweeps in place, nest(1)",
                         max_error (&u[0][0][0], &u[1][0][0], cells),
                         TOL_DOUBLE);
  status |= test_report ("y after the nest", (double) abs (y - y_c),
                         TOL_EXACT);
  return status;
}
