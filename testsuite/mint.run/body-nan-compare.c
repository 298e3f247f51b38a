/* Comparisons that are true where an operand is a NaN, in the loop body:
   a negated float comparison (`a <= b ? 0 : ...' becomes GCC's
   UNGT_EXPR), isnan, isunordered, isgreater, isgreaterequal, isless,
   islessequal and islessgreater, isinf, isfinite, isnormal and signbit
   (GCC's value: 1 for a double, INT_MIN for a float), on grids of
   doubles and floats holding NaNs, infinities, subnormals and zeros of
   both signs; also under a condition (a branch) and as a select, in a
   helper function of if statements.  A minmod limiter is the usual
   source.  */
/* { dg-do run } */
#include <math.h>
#include "mint-test.h"

#define PREDICATES(a, b)                                                 \
  ((!((a) <= (b))) | (!((a) < (b))) << 1 | (!((a) >= (b))) << 2          \
   | (!((a) > (b))) << 3 | (!((a) == (b))) << 4 | isnan (a) << 5         \
   | isunordered (a, b) << 6 | isgreater (a, b) << 7                     \
   | isgreaterequal (a, b) << 8 | isless (a, b) << 9                     \
   | islessequal (a, b) << 10 | islessgreater (a, b) << 11               \
   | (!islessgreater (a, b)) << 12 | (!isunordered (a, b)) << 13         \
   | isinf (a) << 14 | isfinite (b) << 15 | isnormal (a) << 16           \
   | signbit (a))

static inline double
minmod (double a, double b)
{
  return a * b <= 0 ? 0 : (fabs (a) < fabs (b) ? a : b);
}

static inline float
branchy (float a, float b)
{
  float r = 1;
  if (!(a < b))
    r += 2;
  if (isunordered (a, b))
    r *= 3;
  if (islessgreater (a, b))
    r -= 5;
  return r;
}

static void
compute_mint (int n, const double *a, const double *b, const float *f,
              int *pd, int *pf, double *mm, float *br)
{
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint copy(f, toDevice, n)
#pragma mint copy(pd, toDevice, n)
#pragma mint copy(pf, toDevice, n)
#pragma mint copy(mm, toDevice, n)
#pragma mint copy(br, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < n - 1; i++)
      {
        pd[i] = PREDICATES (a[i], b[i]);
        pf[i] = PREDICATES (f[i], f[i + 1]);
        mm[i] = minmod (a[i] - a[i - 1], a[i + 1] - a[i]);
        br[i] = branchy (f[i - 1], f[i]);
      }
  }
#pragma mint copy(pd, fromDevice, n)
#pragma mint copy(pf, fromDevice, n)
#pragma mint copy(mm, fromDevice, n)
#pragma mint copy(br, fromDevice, n)
}

int
main (void)
{
  const double special[] = { NAN, -NAN, INFINITY, -INFINITY, 0.0, -0.0,
                             1.0, -1.0, 2.5, 1e-310 };
  enum { NS = sizeof special / sizeof special[0] };
  int n = NS * NS + 2;
  double *a = test_xmalloc (n * sizeof *a), *b = test_xmalloc (n * sizeof *b);
  float *f = test_xmalloc (n * sizeof *f);
  int *pd = test_xmalloc (n * sizeof *pd), *pf = test_xmalloc (n * sizeof *pf);
  double *mm = test_xmalloc (n * sizeof *mm);
  float *br = test_xmalloc (n * sizeof *br);
  for (int i = 0; i < n; i++)
    {
      a[i] = special[i % NS];
      b[i] = special[(i / NS) % NS];
      f[i] = (float) special[(i * 7) % NS];
      pd[i] = pf[i] = -1;
      mm[i] = br[i] = -7;
    }
  compute_mint (n, a, b, f, pd, pf, mm, br);
  int wrong_d = 0, wrong_f = 0, wrong_mm = 0, wrong_br = 0;
  for (int i = 1; i < n - 1; i++)
    {
      double m = minmod (a[i] - a[i - 1], a[i + 1] - a[i]);
      float r = branchy (f[i - 1], f[i]);
      wrong_d += pd[i] != PREDICATES (a[i], b[i]);
      wrong_f += pf[i] != PREDICATES (f[i], f[i + 1]);
      wrong_mm += !(mm[i] == m || (isnan (mm[i]) && isnan (m)));
      wrong_br += !(br[i] == r || (isnan (br[i]) && isnan (r)));
    }
  int status = test_report ("double predicates (elements wrong)", wrong_d,
                            TOL_EXACT);
  status |= test_report ("float predicates (elements wrong)", wrong_f,
                         TOL_EXACT);
  status |= test_report ("minmod (elements wrong)", wrong_mm, TOL_EXACT);
  status |= test_report ("branches (elements wrong)", wrong_br, TOL_EXACT);
  free (a);
  free (b);
  free (f);
  free (pd);
  free (pf);
  free (mm);
  free (br);
  return status;
}
