/* The forms of a reduction's update that the GPU computes as the
   program does: a sum in both branches of an if, an fma, a sum in a loop
   of the body, fmin and min by an if (also under &&), max by ?:, fmax
   and an if under a further condition, float and int variables compared
   with double elements, a count, a product, a _Bool set with |, a _Bool
   cleared with &= of a comparison and a flag set to 1.  */
/* { dg-do run } */
#include "mint-test.h"

struct results
{
  double s, m, big, p;
  float fm;
  int im;
  long cnt;
  _Bool seen, changed, all;
};

#define SUM(s, a, f, y, x)                                               \
  do                                                                     \
    {                                                                    \
      double d = a[y][x] - 2.0;                                          \
      if (d > 0)                                                         \
        s += d * d;                                                      \
      else                                                               \
        s -= d;                                                          \
      s = fma (d, 2.0, s);                                               \
      for (int q = 0; q < 3; q++)                                        \
        s += q * d;                                                      \
      s += f[y][x];                                                      \
    }                                                                    \
  while (0)

#define MIN(m, a, y, x)                                                  \
  do                                                                     \
    {                                                                    \
      m = fmin (m, a[y][x] + 1.0);                                       \
      double d = 2.0 * a[y][x] - 1.5;                                    \
      if (d < m)                                                         \
        m = d;                                                           \
      if (m >= a[y][x] - 1.0 && x > 2)                                   \
        m = a[y][x] - 1.0;                                               \
    }                                                                    \
  while (0)

#define MAX(big, a, y, x)                                             \
  do                                                                     \
    {                                                                    \
      big = a[y][x] > big ? a[y][x] : big;                               \
      big = fmax (big, fabs (a[y][x] - a[y][x > 0 ? x - 1 : x]) + 2.0);  \
      if (a[y][x] * 1.5 > big && y % 3 == 1)                             \
        big = a[y][x] * 1.5;                                             \
    }                                                                    \
  while (0)

static void
reduce_mint (int n, double (*a)[n], float (*f)[n], int (*k)[n],
             struct results *r)
{
  double s = 0.25, m = 1e9, big = -1e9, p = 1;
  float fm = 0;
  int im = 0;
  long cnt = 3;
  _Bool seen = 0, changed = 0, all = 1;
#pragma mint copy(a, toDevice, n, n)
#pragma mint copy(f, toDevice, n, n)
#pragma mint copy(k, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(2) reduction(+:s)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        SUM (s, a, f, y, x);
#pragma mint for nest(2) reduction(min:m)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        MIN (m, a, y, x);
#pragma mint for nest(2) reduction(max:big)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        MAX (big, a, y, x);
#pragma mint for nest(2) reduction(max:fm)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        if (f[y][x] > fm)
          fm = f[y][x];
#pragma mint for nest(2) reduction(max:im)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        if (a[y][x] * 100 > im)
          im = a[y][x] * 100;
#pragma mint for nest(2) reduction(+:cnt)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        if (a[y][x] > 2.0)
          cnt++;
#pragma mint for nest(2) reduction(*:p)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        p *= 1.0 + 1e-3 * a[y][x];
#pragma mint for nest(2) reduction(max:seen)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        seen = seen | (k[y][x] % 7 == 0);
#pragma mint for nest(2) reduction(max:changed)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        if (a[y][x] > 3.0)
          changed = 1;
#pragma mint for nest(2) reduction(min:all)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        all &= k[y][x] % 101 != 0;
  }
  *r = (struct results) { s, m, big, p, fm, im, cnt, seen, changed, all };
}

static void
reduce_plain (int n, double (*a)[n], float (*f)[n], int (*k)[n],
              struct results *r)
{
  *r = (struct results) { 0.25, 1e9, -1e9, 1, 0, 0, 3, 0, 0, 1 };
  for (int y = 0; y < n; y++)
    for (int x = 0; x < n; x++)
      {
        SUM (r->s, a, f, y, x);
        MIN (r->m, a, y, x);
        MAX (r->big, a, y, x);
        if (f[y][x] > r->fm)
          r->fm = f[y][x];
        if (a[y][x] * 100 > r->im)
          r->im = a[y][x] * 100;
        if (a[y][x] > 2.0)
          r->cnt++;
        r->p *= 1.0 + 1e-3 * a[y][x];
      }
  for (int y = 0; y < n; y++)
    for (int x = 0; x < n; x++)
      {
        r->seen = r->seen | (k[y][x] % 7 == 0);
        if (a[y][x] > 3.0)
          r->changed = 1;
        r->all &= k[y][x] % 101 != 0;
      }
}

int
main (void)
{
  int n = 45;
  double (*a)[n] = test_xmalloc (sizeof (double) * n * n);
  float (*f)[n] = test_xmalloc (sizeof (float) * n * n);
  int (*k)[n] = test_xmalloc (sizeof (int) * n * n);
  fill (a[0], n, n, 1, 1);
  fill (f[0], n, n, 1, 2);
  fill (k[0], n, n, 1, 3);

  struct results r, ref;
  reduce_mint (n, a, f, k, &r);
  reduce_plain (n, a, f, k, &ref);
  printf ("sum %.17g (cpu %.17g), min %.17g (cpu %.17g), max %.17g "
          "(cpu %.17g)\n", r.s, ref.s, r.m, ref.m, r.big, ref.big);
  int status = test_report ("sum", max_error (&r.s, &ref.s, 1), TOL_DOUBLE);
  status |= test_report ("min", max_error (&r.m, &ref.m, 1), TOL_EXACT);
  status |= test_report ("max", max_error (&r.big, &ref.big, 1), TOL_EXACT);
  status |= test_report ("product", max_error (&r.p, &ref.p, 1), TOL_DOUBLE);
  status |= test_report ("float max", max_error (&r.fm, &ref.fm, 1),
                         TOL_EXACT);
  status |= test_report ("int max", max_error (&r.im, &ref.im, 1), TOL_EXACT);
  status |= test_report ("count", max_error (&r.cnt, &ref.cnt, 1), TOL_EXACT);
  status |= test_report ("_Bool |", max_error (&r.seen, &ref.seen, 1),
                         TOL_EXACT);
  status |= test_report ("flag", max_error (&r.changed, &ref.changed, 1),
                         TOL_EXACT);
  status |= test_report ("_Bool &=", max_error (&r.all, &ref.all, 1),
                         TOL_EXACT);
  printf ("seen %d, changed %d, all %d\n", r.seen, r.changed, r.all);
  return status | !ref.seen | !ref.changed | ref.all;
}
