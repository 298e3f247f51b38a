/* A flat array's subscript over the three loop variables and two loops
   of the body, at constant extents (a restriction's 9-point sum through
   #define F(i, j, k) (((k) * N + (j)) * N + (i))): five terms, more than
   the kernel IR held (it was taken for a byte offset of no whole
   number of elements, an error).  */
/* { dg-do run } */
#include "mint-test.h"

#define N 17
#define F(i, j, k) (((k) * N + (j)) * N + (i))

#define SUMS(PRAGMA, rf, out)                                             \
  PRAGMA (for nest(all))                                                  \
  for (int K = 1; K < N - 1; K++)                                         \
    for (int J = 1; J < N - 1; J++)                                       \
      for (int I = 1; I < N - 1; I++)                                     \
        {                                                                 \
          double acc = 0;                                                 \
          for (int c = -1; c <= 1; c++)                                   \
            for (int b = -1; b <= 1; b++)                                 \
              acc += rf[F (I, J + b, K + c)];                             \
          out[F (I, J, K)] = acc;                                         \
        }

static void
run (const double *rf, double *out)
{
#pragma mint copy(rf, toDevice, N * N * N)
#pragma mint copy(out, toDevice, N * N * N)
#pragma mint parallel
  {
    SUMS (MINT_PRAGMA, rf, out)
  }
#pragma mint copy(out, fromDevice, N * N * N)
}

int
main (void)
{
  static double rf[N * N * N], out[2][N * N * N];
  for (int i = 0; i < N * N * N; i++)
    rf[i] = test_value (i % N, i / N % N, i / (N * N), 1);
  run (rf, out[0]);
  SUMS (NO_PRAGMA, rf, out[1])
  return test_report ("a flat subscript of five terms",
                      max_error (out[0], out[1], N * N * N), TOL_DOUBLE);
}
