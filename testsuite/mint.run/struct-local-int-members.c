/* A local structure of parameters whose int, long and float members a
   nest reads, as a loop bound and in the body: they are passed to the
   launch converted to the runtime's scalar types, which once stopped
   the compiler (the members' variables, made by scalarize.h, had not
   been seen by the gimplifier).  */
/* { dg-do run } */
#include "mint-test.h"

struct params
{
  int n;
  long stride;
  float gain;
  double shift;
};

static void
scale_mint (double *a, const double *b, int size)
{
  struct params p;
  p.n = size - 3;
  p.stride = 2;
  p.gain = 1.5f;
  p.shift = 0.25;
#pragma mint copy(a, toDevice, size)
#pragma mint copy(b, toDevice, 2 * size)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < p.n; i++)
      a[i] = p.gain * b[p.stride * i] + p.shift * i;
  }
#pragma mint copy(a, fromDevice, size)
}

int
main (void)
{
  int size = 1000;
  double *a = test_xmalloc (size * sizeof *a);
  double *ref = test_xmalloc (size * sizeof *ref);
  double *b = test_xmalloc (2 * size * sizeof *b);
  for (int i = 0; i < 2 * size; i++)
    b[i] = (double) (i * 31 % 97) / 5.0;
  for (int i = 0; i < size; i++)
    a[i] = ref[i] = -1.0;
  scale_mint (a, b, size);
  for (int i = 0; i < size - 3; i++)
    ref[i] = 1.5f * b[2 * i] + 0.25 * i;
  return test_report ("members", max_error (a, ref, size), TOL_DOUBLE);
}
