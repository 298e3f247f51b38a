/* A helper's structure assigned to a variable its arguments read
   (z = swap (z), z = mul (z, z), w = add (z, w)): each member of the
   value is computed before the variable is assigned, as the call
   does.  */
/* { dg-do run } */
#include "mint-test.h"

typedef struct
{
  double re, im;
} cplx;

static cplx
swap (cplx z)
{
  cplx r = { z.im, z.re };
  return r;
}

static cplx
mul (cplx a, cplx b)
{
  cplx r = { a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re };
  return r;
}

static cplx
add (cplx a, cplx b)
{
  cplx r = { a.re + b.re, a.im + b.im };
  return r;
}

#define BODY                                                              \
  cplx z = { 1.0 + 0.01 * i, 2.0 - 0.02 * i };                            \
  cplx w = { 0.5, -0.25 * i };                                            \
  z = swap (z);                                                           \
  z = mul (z, z);                                                         \
  w = add (z, w);                                                         \
  out[2 * i] = z.re * 10 + z.im;                                          \
  out[2 * i + 1] = w.re - 3 * w.im

int
main (void)
{
  int n = 100;
  double *out = test_xmalloc (2 * n * sizeof *out);
  double *ref = test_xmalloc (2 * n * sizeof *ref);
#pragma mint copy(out, toDevice, 2 * n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        BODY;
      }
  }
#pragma mint copy(out, fromDevice, 2 * n)
  double *keep = out;
  out = ref;
  for (int i = 0; i < n; i++)
    {
      BODY;
    }
  return test_report ("structures", max_error (keep, ref, 2 * n),
                      TOL_DOUBLE);
}
