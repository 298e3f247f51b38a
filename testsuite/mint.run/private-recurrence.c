/* Private work arrays of a line solve in C89 style, declared before the
   nest: the forward sweep reads cp[k - 1] and dp[k - 1], set before the
   loop for k = 1 and by the previous iteration after; the backward sweep
   reads x[k + 1], set before it for its first iteration.  */
/* { dg-do run } */
#include "mint-test.h"

#define NZ 17
#define NX 29

#define THOMAS(T, X, i)                                                  \
  do                                                                     \
    {                                                                    \
      cp[0] = 0.25;                                                      \
      dp[0] = T[0][i];                                                   \
      for (k = 1; k < NZ; k++)                                           \
        {                                                                \
          double m = 3.0 - cp[k - 1];                                    \
          cp[k] = 1.0 / m;                                               \
          dp[k] = (T[k][i] + dp[k - 1]) / m;                             \
        }                                                                \
      x[NZ - 1] = dp[NZ - 1];                                            \
      for (k = NZ - 2; k >= 0; k--)                                      \
        x[k] = dp[k] + cp[k] * x[k + 1];                                 \
      for (k = 0; k < NZ; k++)                                           \
        X[k][i] = x[k];                                                  \
    }                                                                    \
  while (0)

static double T[NZ][NX], X[NZ][NX], R[NZ][NX];

int
main (void)
{
  double cp[NZ], dp[NZ], x[NZ];
  int k;
  fill (T[0], NX, NZ, 1, 6);
#pragma mint copy(T, toDevice, NX, NZ)
#pragma mint copy(X, toDevice, NX, NZ)
#pragma mint parallel
  {
#pragma mint for private(cp, dp, x, k)
    for (int i = 0; i < NX; i++)
      THOMAS (T, X, i);
  }
#pragma mint copy(X, fromDevice, NX, NZ)
  for (int i = 0; i < NX; i++)
    THOMAS (T, R, i);
  printf ("X[5][7] %.17g (cpu %.17g)\n", X[5][7], R[5][7]);
  return test_report ("line solve", max_error (X[0], R[0], NX * NZ),
                      TOL_DOUBLE);
}
