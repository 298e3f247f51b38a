/* Subscripts that divide a loop variable by a constant the loop's step
   is a multiple of, each point its own element, which
   -Wmint-dependence proves: a fine row restricted to a coarse one
   (`c[i / 2]' over even i, `c[i >> 1]'), from an odd start (`c[(i - 3)
   / 2]' over unsigned i), in steps of 4 (`c[i / 4]'), and the halves
   of a 2-D array's rows (`u[j][i / 2]').  */
/* { dg-do run } */
#include "mint-test.h"

#define N 1000
#define ROWS 7

#define LOOPS(PRAGMA, f, c, u)                                           \
  PRAGMA (for)                                                           \
  for (int i = 0; i < 2 * N; i += 2)                                     \
    c[i / 2] = 0.5 * (f[i] + f[i + 1]);                                  \
  PRAGMA (for)                                                           \
  for (int i = 0; i < 2 * N; i += 2)                                     \
    c[(i >> 1) + N] = f[i + 1] - f[i];                                   \
  PRAGMA (for)                                                           \
  for (unsigned i = 3; i < 2 * N + 3; i += 2)                            \
    c[(i - 3) / 2 + 2 * N] += f[i];                                      \
  PRAGMA (for)                                                           \
  for (long i = 0; i < 4 * N; i += 4)                                    \
    c[i / 4 + 3 * N] *= f[i / 2];                                        \
  PRAGMA (for nest(all))                                                 \
  for (int j = 0; j < ROWS; j++)                                         \
    for (int i = 0; i < 2 * N; i += 2)                                   \
      u[j][i / 2] = u[j][i / 2] + j * f[i + 1];

static void
run (const double *f, double *c, double (*u)[N])
{
#pragma mint copy(f, toDevice, 4 * N)
#pragma mint copy(c, toDevice, 4 * N)
#pragma mint copy(u, toDevice, N, ROWS)
#pragma mint parallel
  {
    LOOPS (MINT_PRAGMA, f, c, u)
  }
#pragma mint copy(c, fromDevice, 4 * N)
#pragma mint copy(u, fromDevice, N, ROWS)
}

int
main (void)
{
  double *f = test_xmalloc (4 * N * sizeof *f);
  double c[2][4 * N], u[2][ROWS][N];
  fill (f, 4 * N, 1, 1, 1);
  for (int k = 0; k < 2; k++)
    {
      fill (c[k], 4 * N, 1, 1, 2);
      fill (&u[k][0][0], N, ROWS, 1, 3);
    }
  run (f, c[0], u[0]);
  LOOPS (NO_PRAGMA, f, c[1], u[1])
  printf ("c[0] %g c[4N-1] %g u[6][999] %g\n", c[0][0], c[0][4 * N - 1],
          u[0][ROWS - 1][N - 1]);
  int status = test_report ("quotients of the loop variable as subscripts",
                            max_error (c[0], c[1], 4 * N)
                            + max_error (&u[0][0][0], &u[1][0][0],
                                         ROWS * N),
                            TOL_DOUBLE);
  free (f);
  return status;
}
