/* Local pointers set to two copied arrays and swapped through a third
   after each step (double *cur = u, *nxt = w; ... t = cur; cur = nxt;
   nxt = t;): each only ever holds one of the copies.  */
/* { dg-do run } */
#include "mint-test.h"

#define STEP(nxt, cur, i)                                                \
  nxt[i] = 0.5 * cur[i] + 0.25 * (cur[i - 1] + cur[i + 1])

static void
smooth_mint (int n, double *u, double *w, int steps)
{
  double *cur = u, *nxt = w;
#pragma mint copy(u, toDevice, n)
#pragma mint copy(w, toDevice, n)
#pragma mint parallel
  {
    for (int s = 0; s < steps; s++)
      {
#pragma mint for
        for (int i = 1; i < n - 1; i++)
          STEP (nxt, cur, i);
        double *t = cur;
        cur = nxt;
        nxt = t;
      }
  }
#pragma mint copy(u, fromDevice, n)
#pragma mint copy(w, fromDevice, n)
}

int
main (void)
{
  int n = 57, steps = 7;
  double *u = test_xmalloc (sizeof (double) * n);
  double *w = test_xmalloc (sizeof (double) * n);
  double *ru = test_xmalloc (sizeof (double) * n);
  double *rw = test_xmalloc (sizeof (double) * n);
  fill (u, n, 1, 1, 2);
  fill (w, n, 1, 1, 3);
  for (int i = 0; i < n; i++)
    ru[i] = u[i], rw[i] = w[i];
  smooth_mint (n, u, w, steps);
  double *cur = ru, *nxt = rw;
  for (int s = 0; s < steps; s++)
    {
      for (int i = 1; i < n - 1; i++)
        STEP (nxt, cur, i);
      double *t = cur;
      cur = nxt;
      nxt = t;
    }
  printf ("w[20] %.17g (cpu %.17g)\n", w[20], rw[20]);
  return test_report ("u", max_error (u, ru, n), TOL_DOUBLE)
         | test_report ("w", max_error (w, rw, n), TOL_DOUBLE);
}
