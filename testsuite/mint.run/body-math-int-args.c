/* C math functions in the loop body with an int argument among floating
   ones (ldexp's and scalbn's exponent), and nextafter, in their double
   and float forms; the exponent varies from point to point.  CUDA
   documents them as exact (0 ulp).  */
/* { dg-do run } */
#define MATH_D(a, y, x)                                                  \
  (ldexp (a[y][x], x % 5 - 2) + scalbn (a[y + 1][x], 3 - y % 4)          \
   + nextafter (a[y][x + 1], 0.0) - nextafter (a[y][x], 4.0))
#define MATH_F(f, y, x)                                                  \
  (ldexpf (f[y][x], x % 5 - 2) + scalbnf (f[y + 1][x], 3 - y % 4)        \
   + nextafterf (f[y][x + 1], 0.0f) - nextafterf (f[y][x], 4.0f))

#include "body-math.h"
