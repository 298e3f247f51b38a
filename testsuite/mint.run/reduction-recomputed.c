/* Min and max updates that compute their value again, as macros and
   ?: write them: `e = MAX (e, ABS (d))', also of the element the point
   has just stored, the value chosen by a ?: in the comparison and again
   in the assignment, and the variable made non-negative in place before
   it is compared.  */
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

/* A Jacobi sweep's max-norm of the change, of the element the point
   has just stored, as OpenACC's Jacobi example writes it.  */
#define SWEEP(PRAGMA, a, b, err)                                         \
  PRAGMA (for nest(2) reduction(max:err))                                \
  for (int y = 1; y < n - 1; y++)                                        \
    for (int x = 1; x < n - 1; x++)                                      \
      {                                                                  \
        b[y][x] = 0.25 * (a[y][x - 1] + a[y][x + 1] + a[y - 1][x]        \
                          + a[y + 1][x]);                                \
        err = MAX (err, ABS (b[y][x] - a[y][x]));                        \
      }

static void
reduce_mint (int n, double (*a)[n], double (*b)[n], double *r)
{
  double r0 = 0, r1 = 0, r2 = 1e9, r3 = -1, r4 = 0, r5 = 0;
#pragma mint copy(a, toDevice, n, n)
#pragma mint copy(b, toDevice, n, n)
#pragma mint parallel
  {
    SWEEP (MINT_PRAGMA, a, b, r5)
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
  r[0] = r0, r[1] = r1, r[2] = r2, r[3] = r3, r[4] = r4, r[5] = r5;
}

int
main (void)
{
  int n = 37;
  double (*a)[n] = test_xmalloc (sizeof (double) * n * n);
  double (*b)[n] = test_xmalloc (sizeof (double) * n * n);
  fill (a[0], n, n, 1, 5);
  double r[6], ref[6] = { 0, 0, 1e9, -1, 0, 0 };
  reduce_mint (n, a, b, r);
  for (int y = 0; y < n; y++)
    for (int x = 0; x < n; x++)
      UPDATES (ref, a, y, x);
  SWEEP (NO_PRAGMA, a, b, ref[5])
  printf ("max |d| %.17g (cpu %.17g), min %.17g (cpu %.17g)\n", r[0], ref[0],
          r[2], ref[2]);
  return test_report ("recomputed", max_error (r, ref, 6), TOL_EXACT)
         | (ref[0] == 0) | (ref[0] != ref[3]) | (ref[1] != 2 * ref[0])
         | (ref[4] != ref[0]) | (ref[5] == 0);
}
