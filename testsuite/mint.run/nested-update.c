/* Functions whose regions use an array's host elements, called from
   host code in another region whose kernels wrote that array: one sets
   a boundary element on the host and pushes the array with update
   toDevice, one reads an element on the host.  Their copy toDevice
   leaves the device's newer copy in place, so the host's elements are
   the older ones; the update must not put them over what the outer
   kernels wrote, nor the read see them: the inner copy brings the
   device's elements to the host first (MINT_COPY_HOST_USED).  */
/* { dg-do run } */
#include "mint-test.h"

#define N 1000
#define STEPS 4

static double u[N], v[N];

/* v from u's neighbours, u[0] set on the host first.  */
static void
stage_mint (int t)
{
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint parallel
  {
    u[0] = t;
#pragma mint update(u, toDevice, 0:N)
#pragma mint for
    for (int i = 1; i < N - 1; i++)
      v[i] = 0.5 * (u[i - 1] + u[i + 1]);
  }
#pragma mint copy(v, fromDevice, N)
}

/* v shifted by u[7], read on the host.  */
static void
shift_mint (void)
{
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint parallel
  {
    double c = u[7];
#pragma mint for
    for (int i = 0; i < N; i++)
      v[i] = v[i] + c;
  }
#pragma mint copy(v, fromDevice, N)
}

static void
solve_mint (void)
{
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint parallel
  {
    for (int t = 0; t < STEPS; t++)
      {
#pragma mint for
        for (int i = 1; i < N; i++)
          u[i] = u[i] + 0.5 * v[i - 1] + 0.01 * i;
        stage_mint (t);
        shift_mint ();
      }
  }
#pragma mint copy(u, fromDevice, N)
#pragma mint copy(v, fromDevice, N)
}

static void
solve_cpu (double *ru, double *rv)
{
  for (int t = 0; t < STEPS; t++)
    {
      for (int i = 1; i < N; i++)
        ru[i] = ru[i] + 0.5 * rv[i - 1] + 0.01 * i;
      ru[0] = t;
      for (int i = 1; i < N - 1; i++)
        rv[i] = 0.5 * (ru[i - 1] + ru[i + 1]);
      double c = ru[7];
      for (int i = 0; i < N; i++)
        rv[i] = rv[i] + c;
    }
}

int
main (void)
{
  static double ru[N], rv[N];
  fill (u, N, 1, 1, 1);
  fill (v, N, 1, 1, 2);
  memcpy (ru, u, sizeof u);
  memcpy (rv, v, sizeof v);
  solve_mint ();
  solve_cpu (ru, rv);
  int status = test_report ("u", max_error (u, ru, N), TOL_DOUBLE);
  status |= test_report ("v", max_error (v, rv, N), TOL_DOUBLE);
  return status;
}
