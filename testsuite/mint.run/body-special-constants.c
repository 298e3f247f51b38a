/* NaN and infinity constants in the loop body (NAN, -NAN, INFINITY,
   -INFINITY, in double and float): a cell out of range set to NAN and
   tested with isnan, a clamp to INFINITY, the sign of a negative NaN
   (as a truth value: GCC folds signbit of a constant to 1, and computes
   INT_MIN for a float's at run time, which the kernel does).
   GCC spells a NaN constant "QNaN", which was read as 0: the GPU gave 0
   where the program gives NaN.  */
/* { dg-do run } */
#include <math.h>
#include "mint-test.h"

#define CELL(T, a, i)                                                     \
  ((a)[i] > (T) 1 ? (T) NAN : (a)[i] < (T) -1 ? (T) -INFINITY : (a)[i])
#define MARK(T, v)                                                        \
  (isnan (v) ? (T) 10 : isinf (v) ? (T) 20 : (T) 0)

static void
compute_mint (int n, const double *a, const float *f, double *d, float *g,
              int *s)
{
#pragma mint copy(a, toDevice, n)
#pragma mint copy(f, toDevice, n)
#pragma mint copy(d, toDevice, n)
#pragma mint copy(g, toDevice, n)
#pragma mint copy(s, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < n - 1; i++)
      {
        double v = CELL (double, a, i);
        float w = CELL (float, f, i);
        d[i] = fmin (v, INFINITY) + MARK (double, v);
        g[i] = fminf (w, 0.5f) + MARK (float, w);
        s[i] = (signbit (a[i] > 0 ? -NAN : NAN) != 0) + 2 * (v < INFINITY);
      }
  }
#pragma mint copy(d, fromDevice, n)
#pragma mint copy(g, fromDevice, n)
#pragma mint copy(s, fromDevice, n)
}

static int
same (double x, double y)
{
  return x == y || (isnan (x) && isnan (y));
}

int
main (void)
{
  int n = 203;
  double *a = test_xmalloc (n * sizeof *a), *d = test_xmalloc (n * sizeof *d);
  float *f = test_xmalloc (n * sizeof *f), *g = test_xmalloc (n * sizeof *g);
  int *s = test_xmalloc (n * sizeof *s);
  for (int i = 0; i < n; i++)
    {
      a[i] = ((i * 37) % 41 - 20) * 0.125;
      f[i] = (float) (((i * 11) % 29 - 14) * 0.125);
      d[i] = g[i] = -7;
      s[i] = -7;
    }
  compute_mint (n, a, f, d, g, s);
  int wrong = 0;
  for (int i = 1; i < n - 1; i++)
    {
      double v = CELL (double, a, i);
      float w = CELL (float, f, i);
      wrong += !same (d[i], fmin (v, INFINITY) + MARK (double, v));
      wrong += !same (g[i], fminf (w, 0.5f) + MARK (float, w));
      wrong += s[i] != ((signbit (a[i] > 0 ? -NAN : NAN) != 0)
                      + 2 * (v < INFINITY));
    }
  int status = test_report ("special constants (elements wrong)", wrong,
                            TOL_EXACT);
  free (a);
  free (d);
  free (f);
  free (g);
  free (s);
  return status;
}
