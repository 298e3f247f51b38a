/* Helpers that compute a value before their first if, whatever the
   branch, and use it in one arm only: a member read through a structure
   pointer (k = p->kappa), a math call that may set errno (e = exp (...)),
   elements of an array (w = u[i + 1]); math calls whose value is also
   used after the if's join (s = sqrt (x), in a scalar and in a
   structure helper), and one that the if's condition makes and an arm
   repeats.  The select the helper becomes evaluates both
   arms, which the program's own evaluation of those values before the
   if makes safe; the results must be those of the plain C loops.  */
/* { dg-do run } */
#include <math.h>
#include "mint-test.h"

#define N 5000

typedef struct
{
  double kappa;
  int option;
} params;

static inline double
conductance (double d, const params *p)
{
  double k = p->kappa;
  if (d > 0)
    return d * k;
  return 2.0 * d;
}

static inline double
perona (double d, double kappa, int option)
{
  double s = d / kappa;
  double e = exp (-s * s);
  if (option == 1)
    return e;
  return 1.0 / (1.0 + s * s);
}

static inline double
pick (const double *u, int i, int upwind)
{
  double w = u[i + 1];
  double v = u[i];
  if (upwind)
    return w;
  return v;
}

/* The call's value in one arm's local and after the join.  */
static inline double
joined (double x)
{
  double s = sqrt (x);
  double a = s;
  if (x > 1.5)
    a = 2.0;
  return a + s;
}

static inline double
rooted (double x)
{
  if (sqrt (x) > 1.4)
    return sqrt (x) * 2;
  return x;
}

typedef struct
{
  double a, b;
} pair;

static inline pair
norm (double x, double y)
{
  double s = sqrt (x * x + y * y);
  pair q = { x, y };
  if (s > 2.5)
    {
      q.a = x / s;
      q.b = y / s;
    }
  q.a += s;
  return q;
}

static inline double
spread (double x)
{
  pair q = norm (x, 1.0 - x);
  return q.a - q.b;
}

static void
smooth_mint (double *b, const double *a, const params *p, int upwind)
{
#pragma mint copy(a, toDevice, N)
#pragma mint copy(b, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < N - 1; i++)
      b[i] = conductance (a[i] - 0.5, p) + perona (a[i], p->kappa, p->option)
             + pick (a, i, upwind && a[i] > 0.3) + joined (a[i + 1])
             + spread (a[i]) + rooted (a[i]);
  }
#pragma mint copy(b, fromDevice, N)
}

static void
smooth_cpu (double *b, const double *a, const params *p, int upwind)
{
  for (int i = 0; i < N - 1; i++)
    b[i] = conductance (a[i] - 0.5, p) + perona (a[i], p->kappa, p->option)
           + pick (a, i, upwind && a[i] > 0.3) + joined (a[i + 1])
           + spread (a[i]) + rooted (a[i]);
}

int
main (void)
{
  TWO_FILLED (double, a, N, 1, 1, 1);
  TWO_FILLED (double, b, N, 1, 1, 2);
  int status = 0;
  for (int option = 0; option < 2; option++)
    {
      params p = { 0.4 + option, option };
      smooth_mint (b[0], a[0], &p, option);
      smooth_cpu (b[1], a[1], &p, option);
      status |= test_report ("b", max_error (b[0], b[1], N), TOL_DOUBLE);
    }
  return status;
}
