/* A nest whose condition the front end finds always false (an unsigned
   variable below a bound of 0: a configuration without ghost cells)
   runs no point, on the GPU as in C; the nests after it run as
   usual.  */
/* { dg-do run } */
#include "mint-test.h"

#define N 512
#define NGHOST 0

#define LOOPS(PRAGMA, a, b)                                              \
  {                                                                      \
    PRAGMA (for)                                                         \
    for (size_t g = 0; g < NGHOST; g++)                                  \
      b[g] = a[N - 1 - g];                                               \
    PRAGMA (for)                                                         \
    for (int i = 0; i < N; i++)                                          \
      b[i] += 2.0 * a[i];                                                \
  }

static void
run (const double *a, double *b)
{
#pragma mint copy(a, toDevice, N)
#pragma mint copy(b, toDevice, N)
#pragma mint parallel
  LOOPS (MINT_PRAGMA, a, b)
#pragma mint copy(b, fromDevice, N)
}

int
main (void)
{
  static double a[N], b[N], ref[N];
  for (int i = 0; i < N; i++)
    {
      a[i] = 1.0 + (i * 37 % 101) / 16.0;
      b[i] = ref[i] = 0.5 * i;
    }
  run (a, b);
  LOOPS (NO_PRAGMA, a, ref)
  printf ("b[0] %g b[511] %g\n", b[0], b[511]);
  return test_report ("a nest of no points", max_error (b, ref, N),
                      TOL_EXACT);
}
