/* Three time levels of a 1-D wave equation chosen from a local table of
   pointers at each step (double *bp[3] = { q0, q1, q2 }; un = bp[(t + 1)
   % 3] ...), all three copied in one shape: each launch finds its device
   arrays through the pointers, as for a rotation of the pointers
   themselves.  The GPU gives the program's values.  */
/* { dg-do run } */
#include "mint-test.h"

#define N 4096
#define STEPS 25

#define LOOPS(PRAGMA, q0, q1, q2)                                        \
  {                                                                      \
    double *bp[3] = { q0, q1, q2 };                                      \
    for (int t = 0; t < STEPS; t++)                                      \
      {                                                                  \
        double *un = bp[(t + 1) % 3], *uc = bp[t % 3];                   \
        double *uo = bp[(t + 2) % 3];                                    \
        PRAGMA (for)                                                     \
        for (int i = 1; i < N - 1; i++)                                  \
          un[i] = 2 * uc[i] - uo[i]                                      \
                  + 0.25 * (uc[i - 1] - 2 * uc[i] + uc[i + 1]);          \
      }                                                                  \
  }

static void
run (double *q0, double *q1, double *q2)
{
#pragma mint copy(q0, toDevice, N)
#pragma mint copy(q1, toDevice, N)
#pragma mint copy(q2, toDevice, N)
#pragma mint parallel
  LOOPS (MINT_PRAGMA, q0, q1, q2)
#pragma mint copy(q0, fromDevice, N)
#pragma mint copy(q1, fromDevice, N)
#pragma mint copy(q2, fromDevice, N)
}

int
main (void)
{
  static double q[3][N], r[3][N];
  for (int k = 0; k < 3; k++)
    for (int i = 0; i < N; i++)
      q[k][i] = r[k][i] = k == 2 ? 0.0 : exp (-((i - N / 2) * (i - N / 2))
                                               / 800.0);
  run (q[0], q[1], q[2]);
  LOOPS (NO_PRAGMA, r[0], r[1], r[2])
  printf ("q0[2048] %g q1[2100] %g\n", q[0][2048], q[1][2100]);
  return test_report ("three levels from a table of pointers",
                      max_error (&q[0][0], &r[0][0], 3 * N), TOL_DOUBLE);
}
