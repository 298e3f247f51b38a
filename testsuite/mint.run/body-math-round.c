/* More C math functions in the loop body, double and float versions:
   rounding to integers (lround, llround, lrint, llrint, ilogb, whose
   results are integers), rint, nearbyint, fdim, remainder, the inverse
   hyperbolic functions, logb, and POSIX's Bessel functions.  */
/* { dg-do run } */
#define _DEFAULT_SOURCE
#define MATH_D(a, y, x)                                                  \
  ((double) lround (10 * a[y][x]) + (double) llround (-7 * a[y][x + 1])  \
   + (double) lrint (3 * a[y][x]) - (double) llrint (5 * a[y + 1][x])    \
   + ilogb (a[y][x] * 100) + rint (a[y][x] * 4) + nearbyint (a[y][x])    \
   + fdim (a[y][x], a[y][x + 1]) + remainder (a[y][x], 0.7)              \
   + asinh (a[y][x]) + acosh (a[y][x] + 1) + atanh (a[y][x] / 4)         \
   + logb (a[y][x] * 50) + j0 (a[y][x]) + j1 (a[y][x]) + y0 (a[y][x])    \
   + y1 (a[y][x]))
#define MATH_F(f, y, x)                                                  \
  ((float) lroundf (10 * f[y][x]) + (float) lrintf (3 * f[y][x])         \
   + ilogbf (f[y][x] * 100) + rintf (f[y][x] * 4) + fdimf (f[y][x], 1.5f) \
   + asinhf (f[y][x]) + atanhf (f[y][x] / 4) + remainderf (f[y][x], 0.7f))

#include "body-math.h"
