/* Helpers whose locals are used more than once: a chain of helpers six
   deep, each calling the one below twice and using both results three
   times, and a local squared again and again.  Each such local is
   computed once into a temporary (each use of it copied what it held,
   and the expressions grew exponentially: "too large an expression").
   The results must be those of the plain C loops.  */
/* { dg-do run } */
#include "mint-test.h"

#define NX 71
#define NY 23

static inline double
h0 (double x)
{
  return x * 0.5 + 1.0;
}

#define CHAIN(k, j)                                                      \
  static inline double h##k (double x)                                   \
  {                                                                      \
    double a = h##j (x);                                                 \
    double b = h##j (a * 0.25);                                          \
    if (a > b)                                                           \
      return a - b * 0.125;                                              \
    return b + a * 0.0625;                                               \
  }
CHAIN (1, 0) CHAIN (2, 1) CHAIN (3, 2) CHAIN (4, 3) CHAIN (5, 4)
CHAIN (6, 5)

/* Each statement uses T twice: 2^12 copies of X without temporaries.  */
static inline double
squares (double x)
{
  double t = x;
  t = t * t - 0.5 * t;
  t = t * t - 0.5 * t;
  t = t * t - 0.5 * t;
  t = t * t - 0.5 * t;
  t = t * t - 0.5 * t;
  t = t * t - 0.5 * t;
  t = t * t - 0.5 * t;
  t = t * t - 0.5 * t;
  t = t * t - 0.5 * t;
  t = t * t - 0.5 * t;
  t = t * t - 0.5 * t;
  t = t * t - 0.5 * t;
  return t;
}

#define POINT(a, y, x)                                                   \
  (h6 (a[y][x] - a[y][x - 1]) + squares (0.25 * a[y + 1][x]))

static void
chains_mint (double (*b)[NX], double (*a)[NX])
{
#pragma mint copy(a, toDevice, NX, NY)
#pragma mint copy(b, toDevice, NX, NY)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(32, 4)
    for (int y = 0; y < NY - 1; y++)
      for (int x = 1; x < NX; x++)
        b[y][x] = POINT (a, y, x);
  }
#pragma mint copy(b, fromDevice, NX, NY)
}

int
main (void)
{
  static double a[NY][NX], b[NY][NX], want[NY][NX];
  fill (&a[0][0], NX, NY, 1, 1);
  chains_mint (b, a);
  for (int y = 0; y < NY - 1; y++)
    for (int x = 1; x < NX; x++)
      want[y][x] = POINT (a, y, x);
  return test_report ("b", max_error (&b[0][0], &want[0][0], NX * NY),
                      TOL_DOUBLE);
}
