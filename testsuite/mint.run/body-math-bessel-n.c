/* POSIX's Bessel functions of an int order n, jn and yn, and GNU's
   exp10, in their double and float forms, in the loop body; the order
   varies from point to point.  CUDA's are not correctly rounded: exp10
   is within 1 ulp (exp10f 2), and for jn and yn CUDA gives an absolute
   error that grows with the order (yn also with n / x), so the
   tolerances are wider than the 0 or 1 ulp functions'.  */
/* { dg-do run } */
#define _GNU_SOURCE
#define MATH_D(a, y, x)                                                  \
  (jn (x % 4, a[y][x]) + yn (y % 3, a[y + 1][x])                         \
   + 1e-3 * exp10 (a[y][x + 1]))
#define MATH_F(f, y, x)                                                  \
  (jnf (x % 4, f[y][x]) + ynf (y % 3, f[y + 1][x])                       \
   + 1e-3f * exp10f (f[y][x + 1]))
#define MATH_TOL_D 1e-10
#define MATH_TOL_F 1e-4

#include "body-math.h"
