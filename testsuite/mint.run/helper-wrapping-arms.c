/* A helper's arms become a select that computes both: the signed
   arithmetic of the arm a point does not take must not overflow, or the
   optimizer of the host loops takes the overflow for a bound of the loop
   (`return k * 100000000' for k >= 22 cut the loop at 20 points at
   -O3).  Also an arm that calls a helper, and the operand of && after
   the first.  */
/* { dg-do run } */
/* { dg-options "-O3" } */
#include "mint-test.h"

enum { N = 100 };

static inline int
scaled (int k)
{
  return k * 100000000;
}

static inline int
one_for_naturals (int k)
{
  if (k >= 0)
    return 1;
  return scaled (k) + 1;
}

static inline int
small_and_positive (int k)
{
  return k < 3 && k * 1000000000 > 5 ? 2 : 1;
}

static void
fill_mint (int *b, int n)
{
#pragma mint copy(b, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      b[i] = one_for_naturals (i) + small_and_positive (i);
  }
#pragma mint copy(b, fromDevice, N)
}

static void
fill_plain (int *b, int n)
{
  for (int i = 0; i < n; i++)
    b[i] = one_for_naturals (i) + small_and_positive (i);
}

int
main (int argc, char **argv)
{
  (void) argv;
  int n = N - 1 + argc;
  static int got[N], want[N];
  fill_mint (got, n);
  fill_plain (want, n);
  for (int i = 0; i < N; i++)
    if (got[i] != want[i])
      {
        printf ("b[%d] = %d, want %d\n", i, got[i], want[i]);
        return 1;
      }
  return 0;
}
