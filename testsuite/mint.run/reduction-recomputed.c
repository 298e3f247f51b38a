/* Min and max updates that compute their value again, as macros and
   ?: write them: `e = MAX (e, ABS (d))', the value chosen by a ?: in
   the comparison and again in the assignment, and the variable made
   non-negative in place before it is compared.  */
/* { dg-do run } */
#include "mint-test.h"

#define ABS(v) ((v) < 0 ? -(v) : (v))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define MIN(a, b) ((a) < (b) ? (a) : (b))

static inline double
maxd (double a, double b)
{
  return a > b ? a : b;
}

#define RESIDUAL(a, y, x)                                                \
  (0.25 * (a[y][x > 0 ? x - 1 : x] + a[y][x + 1 < n ? x + 1 : x]         \
           + a[y > 0 ? y - 1 : y][x] + a[y + 1 < n ? y + 1 : y][x])      \
   - a[y][x])

#define UPDATES(r, a, y, x)                                              \
  do                                                                     \
    {                                                                    \
      double d = RESIDUAL (a, y, x);                                     \
      r[0] = MAX (r[0], ABS (d));                                        \
      if ((d > 0 ? d : -d) * 2 > r[1])                                   \
        r[1] = (d > 0 ? d : -d) * 2;                                     \
      r[2] = MIN (r[2], d < 0.5 ? 1.0 - d : d);                          \
      double w = d;                                                      \
      if (w < 0)                                                         \
        w = -w;                                                          \
      if (w > r[3])                                                      \
        r[3] = w;                                                        \
      r[4] = maxd (maxd (r[4], d), -d);                                  \
    }                                                                    \
  while (0)

static void
reduce_mint (int n, double (*a)[n], double *r)
{
  double r0 = 0, r1 = 0, r2 = 1e9, r3 = -1, r4 = 0;
#pragma mint copy(a, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(2) reduction(max:r0)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        {
          double d = RESIDUAL (a, y, x);
          r0 = MAX (r0, ABS (d));
        }
#pragma mint for nest(2) reduction(max:r1)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        {
          double d = RESIDUAL (a, y, x);
          if ((d > 0 ? d : -d) * 2 > r1)
            r1 = (d > 0 ? d : -d) * 2;
        }
#pragma mint for nest(2) reduction(min:r2)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        {
          double d = RESIDUAL (a, y, x);
          r2 = MIN (r2, d < 0.5 ? 1.0 - d : d);
        }
#pragma mint for nest(2) reduction(max:r3)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        {
          double w = RESIDUAL (a, y, x);
          if (w < 0)
            w = -w;
          if (w > r3)
            r3 = w;
        }
#pragma mint for nest(2) reduction(max:r4)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        {
          double d = RESIDUAL (a, y, x);
          r4 = maxd (maxd (r4, d), -d);
        }
  }
  r[0] = r0, r[1] = r1, r[2] = r2, r[3] = r3, r[4] = r4;
}

int
main (void)
{
  int n = 37;
  double (*a)[n] = test_xmalloc (sizeof (double) * n * n);
  fill (a[0], n, n, 1, 5);
  double r[5], ref[5] = { 0, 0, 1e9, -1, 0 };
  reduce_mint (n, a, r);
  for (int y = 0; y < n; y++)
    for (int x = 0; x < n; x++)
      UPDATES (ref, a, y, x);
  printf ("max |d| %.17g (cpu %.17g), min %.17g (cpu %.17g)\n", r[0], ref[0],
          r[2], ref[2]);
  return test_report ("recomputed", max_error (r, ref, 5), TOL_EXACT)
         | (ref[0] == 0) | (ref[0] != ref[3]) | (ref[1] != 2 * ref[0])
         | (ref[4] != ref[0]);
}
