/* Min and max updates through GNU statement-expression macros, as the
   Linux kernel's and many solvers' headers write them: `err = MAX (err,
   fabs (d))' with `({ __typeof__ (a) _a = (a); ... _a > _b ? _a : _b;
   })', the variable as the first or the second argument, MAX of a MAX,
   MIN, a float variable of double values and an int variable; and a max
   of an element of an array of the point's own, filled by a loop.  */
/* { dg-do run } */
#include "mint-test.h"

#define MAX(a, b)                                                        \
  ({ __typeof__ (a) _a = (a); __typeof__ (b) _b = (b); _a > _b ? _a : _b; })
#define MIN(a, b)                                                        \
  ({ __typeof__ (a) _a = (a); __typeof__ (b) _b = (b); _a < _b ? _a : _b; })

#define CHANGE(a, y, x)                                                  \
  (0.25 * (a[y][x - 1] + a[y][x + 1] + a[y - 1][x] + a[y + 1][x])        \
   - a[y][x])

#define UPDATES(r, f, i, a, y, x)                                        \
  do                                                                     \
    {                                                                    \
      double d = CHANGE (a, y, x);                                       \
      r[0] = MAX (r[0], fabs (d));                                       \
      r[1] = MAX (d * d, r[1]);                                          \
      r[2] = MAX (MAX (r[2], d), -2 * d);                                \
      r[3] = MIN (r[3], d);                                              \
      f = MAX (f, d);                                                    \
      i = MIN (i, (int) (d * 1000));                                     \
    }                                                                    \
  while (0)

static void
reduce_mint (int n, double (*a)[n], double (*b)[n], double *r, float *f,
             int *i)
{
  double r0 = 0, r1 = -1, r2 = -1e9, r3 = 1e9, r4 = -1e9;
  float fm = -1e9f;
  int im = 1 << 30;
#pragma mint copy(a, toDevice, n, n)
#pragma mint copy(b, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) reduction(max:r0)
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        {
          b[y][x] = 0.25 * (a[y][x - 1] + a[y][x + 1] + a[y - 1][x]
                            + a[y + 1][x]);
          r0 = MAX (r0, fabs (b[y][x] - a[y][x]));
        }
#pragma mint for nest(all) reduction(max:r1) reduction(max:r2)           \
                           reduction(min:r3) reduction(max:fm)           \
                           reduction(min:im)
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        {
          double d = CHANGE (a, y, x);
          r1 = MAX (d * d, r1);
          r2 = MAX (MAX (r2, d), -2 * d);
          r3 = MIN (r3, d);
          fm = MAX (fm, d);
          im = MIN (im, (int) (d * 1000));
        }
#pragma mint for nest(all) reduction(max:r4)
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        {
          double win[3];
          for (int k = 0; k < 3; k++)
            win[k] = a[y][x - 1 + k] - a[y - 1][x];
          if (win[1] > r4)
            r4 = win[1];
        }
  }
  r[0] = r0, r[1] = r1, r[2] = r2, r[3] = r3, r[4] = r4;
  *f = fm;
  *i = im;
}

int
main (void)
{
  int n = 41;
  double (*a)[n] = test_xmalloc (sizeof (double) * n * n);
  double (*b)[n] = test_xmalloc (sizeof (double) * n * n);
  double (*c)[n] = test_xmalloc (sizeof (double) * n * n);
  fill (a[0], n, n, 1, 7);
  memcpy (b, a, sizeof (double) * n * n);
  memcpy (c, a, sizeof (double) * n * n);
  double r[5], ref[5] = { 0, -1, -1e9, 1e9, -1e9 };
  float f, fref = -1e9f;
  int i, iref = 1 << 30;
  reduce_mint (n, a, b, r, &f, &i);
  double r0 = 0;
  for (int y = 1; y < n - 1; y++)
    for (int x = 1; x < n - 1; x++)
      {
        c[y][x] = 0.25 * (a[y][x - 1] + a[y][x + 1] + a[y - 1][x]
                          + a[y + 1][x]);
        r0 = MAX (r0, fabs (c[y][x] - a[y][x]));
      }
  for (int y = 1; y < n - 1; y++)
    for (int x = 1; x < n - 1; x++)
      UPDATES (ref, fref, iref, a, y, x);
  ref[0] = r0;
  for (int y = 1; y < n - 1; y++)
    for (int x = 1; x < n - 1; x++)
      ref[4] = fmax (ref[4], a[y][x] - a[y - 1][x]);
  printf ("max |d| %.17g (cpu %.17g), min %.17g (cpu %.17g), %g %d\n", r[0],
          ref[0], r[3], ref[3], f, i);
  return test_report ("statement-expressions", max_error (r, ref, 5),
                      TOL_EXACT)
         | (f != fref) | (i != iref) | (ref[0] == 0) | (iref >= 0);
}
