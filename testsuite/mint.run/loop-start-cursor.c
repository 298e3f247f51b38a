/* Loops whose start a program computes before the loop from values it
   then changes, kept in a variable of their own: a cursor over the
   blocks of an array (the block's start saved, the cursor moved on), a
   start taken with g++ (saved first), and a start read through a table
   at a counter that moves on.  The GPU gives the program's values.  */
/* { dg-do run } */
#include "mint-test.h"

#define N 640

#define LOOPS(PRAGMA, a, b, st)                                          \
  {                                                                      \
    int pos = 0, g = 3, k = 0;                                           \
    for (int blk = 0; blk < 4; blk++)                                    \
      {                                                                  \
        int start = pos;                                                 \
        pos += N / 4;                                                    \
        PRAGMA (for)                                                     \
        for (int i = start; i < pos; i++)                                \
          b[i] = a[i] * (blk + 1);                                       \
      }                                                                  \
    int s = g++;                                                         \
    PRAGMA (for)                                                         \
    for (int i = s; i < N - g; i += 2)                                   \
      b[i] += 0.5 * a[i];                                                \
    int from = st[k++], to = N - st[k];                                  \
    PRAGMA (for)                                                         \
    for (int i = from; i < to; i++)                                      \
      b[i] -= 0.25 * a[i];                                               \
  }

static void
run (const double *a, double *b, const int *st)
{
#pragma mint copy(a, toDevice, N)
#pragma mint copy(b, toDevice, N)
#pragma mint parallel
  LOOPS (MINT_PRAGMA, a, b, st)
#pragma mint copy(b, fromDevice, N)
}

int
main (void)
{
  static double a[N], b[N], ref[N];
  static const int st[2] = { 5, 7 };
  for (int i = 0; i < N; i++)
    {
      a[i] = 1.0 + (i * 37 % 101) / 16.0;
      b[i] = ref[i] = -1.0;
    }
  run (a, b, st);
  LOOPS (NO_PRAGMA, a, ref, st)
  printf ("b[0] %g b[200] %g b[639] %g\n", b[0], b[200], b[639]);
  return test_report ("loops from saved starts", max_error (b, ref, N),
                      TOL_EXACT);
}
