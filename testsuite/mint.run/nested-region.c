/* Functions with a parallel region of their own, called from host code
   in another region, which keeps the arrays on the device across the
   calls.  Where the outer region's kernels wrote an array (u), the inner
   region's copy toDevice must not bring the host's older copy back over
   the device's; where no kernel wrote it (c, which the inner function
   sets on the host first), it must bring the host's newer one: the
   program's loops see the newest values, so the kernels must too.  The
   inner copy fromDevice brings the device's values to the host, and the
   outer region's kernels go on with the array the inner one copied
   (v).  */
/* { dg-do run } */
#include "mint-test.h"

#define N 1000
#define STEPS 5

static double u[N], v[N], w[N], c[N];

/* v from u's neighbours, weighted by c, which it sets for step T.  */
static void
smooth_mint (int t)
{
  for (int i = 0; i < N; i++)
    c[i] = 1.0 / (2 + (t + i) % 3);
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint copy(c, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < N - 1; i++)
      v[i] = c[i] * (u[i - 1] + u[i + 1]);
  }
#pragma mint copy(v, fromDevice, N)
}

static void
solve_mint (void)
{
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint copy(w, toDevice, N)
#pragma mint copy(c, toDevice, N)
#pragma mint parallel
  {
    for (int t = 0; t < STEPS; t++)
      {
#pragma mint for
        for (int i = 0; i < N; i++)
          u[i] = u[i] + 0.25 * i;
        smooth_mint (t);
#pragma mint for
        for (int i = 1; i < N - 1; i++)
          w[i] = w[i] + v[i] - c[i] * u[i];
      }
  }
#pragma mint copy(u, fromDevice, N)
#pragma mint copy(v, fromDevice, N)
#pragma mint copy(w, fromDevice, N)
}

static void
solve_cpu (double *ru, double *rv, double *rw)
{
  double rc[N];
  for (int t = 0; t < STEPS; t++)
    {
      for (int i = 0; i < N; i++)
        ru[i] = ru[i] + 0.25 * i;
      for (int i = 0; i < N; i++)
        rc[i] = 1.0 / (2 + (t + i) % 3);
      for (int i = 1; i < N - 1; i++)
        rv[i] = rc[i] * (ru[i - 1] + ru[i + 1]);
      for (int i = 1; i < N - 1; i++)
        rw[i] = rw[i] + rv[i] - rc[i] * ru[i];
    }
}

int
main (void)
{
  static double ru[N], rv[N], rw[N];
  fill (u, N, 1, 1, 1);
  fill (v, N, 1, 1, 2);
  fill (w, N, 1, 1, 3);
  memcpy (ru, u, sizeof u);
  memcpy (rv, v, sizeof v);
  memcpy (rw, w, sizeof w);
  solve_mint ();
  solve_cpu (ru, rv, rw);
  int status = test_report ("u", max_error (u, ru, N), TOL_DOUBLE);
  status |= test_report ("v", max_error (v, rv, N), TOL_DOUBLE);
  status |= test_report ("w", max_error (w, rw, N), TOL_DOUBLE);
  return status;
}
