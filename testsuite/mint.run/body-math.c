/* C math functions in the loop body, double and float versions.  */
/* { dg-do run } */
#define MATH_D(a, y, x)                                                  \
  (sqrt (a[y][x]) + exp (-a[y][x]) + log (a[y][x + 1]) + sin (a[y][x])   \
   * cos (a[y + 1][x]) + pow (a[y][x], 1.5) + fabs (a[y][x] - 2.0)       \
   + fmin (a[y][x], a[y][x + 1]) - fmax (a[y][x], 2.0) + floor (a[y][x]) \
   + tanh (a[y][x] - 2.0))
#define MATH_F(f, y, x)                                                  \
  (sqrtf (f[y][x]) + expf (-f[y][x]) + sinf (f[y][x]) * cosf (f[y + 1][x]) \
   + fabsf (f[y][x] - 2.0f) + fminf (f[y][x], f[y][x + 1]))

#include "body-math.h"
