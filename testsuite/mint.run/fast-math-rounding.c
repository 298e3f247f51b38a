/* Conversions of rounded values to integers under -ffast-math, which
   GCC makes calls of its builtins __builtin_ifloor, __builtin_iceil,
   __builtin_iround, __builtin_irint and __builtin_lfloor (and their
   float forms): the GPU gives the program's values.  */
/* { dg-do run } */
/* { dg-options "-ffast-math" } */
#include "mint-test.h"

#define N 4096

#define LOOPS(PRAGMA, a, f, b, l)                                        \
  PRAGMA (for)                                                           \
  for (int i = 0; i < N; i++)                                            \
    {                                                                    \
      b[i] = (int) floor (a[i]) + 7 * (int) ceil (a[i])                  \
             + 49 * (int) round (a[i]) + 343 * (int) rint (a[i])         \
             + 2401 * (int) floorf (f[i]) + 16807 * (int) ceilf (f[i]);  \
      l[i] = (long) floor (a[i] * 1e6) + 3 * (long) ceil (a[i] * 1e6);   \
    }

static void
run (const double *a, const float *f, int *b, long *l)
{
#pragma mint copy(a, toDevice, N)
#pragma mint copy(f, toDevice, N)
#pragma mint copy(b, toDevice, N)
#pragma mint copy(l, toDevice, N)
#pragma mint parallel
  {
    LOOPS (MINT_PRAGMA, a, f, b, l)
  }
#pragma mint copy(b, fromDevice, N)
#pragma mint copy(l, fromDevice, N)
}

int
main (void)
{
  static double a[N];
  static float f[N];
  static int b[N], b_ref[N];
  static long l[N], l_ref[N];
  for (int i = 0; i < N; i++)
    {
      a[i] = (i - N / 2) * 0.25 + (i % 3 == 0 ? 0.125 : 0.0);
      f[i] = (float) (a[i] * 0.5);
    }
  run (a, f, b, l);
  LOOPS (NO_PRAGMA, a, f, b_ref, l_ref)
  int wrong = 0;
  for (int i = 0; i < N; i++)
    wrong += b[i] != b_ref[i] || l[i] != l_ref[i];
  printf ("b[1] %d l[1] %ld, %d wrong\n", b[1], l[1], wrong);
  return test_report ("rounded conversions", wrong, TOL_EXACT);
}
