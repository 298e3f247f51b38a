/* copy extents with calls and conditional expressions, evaluated once on
   the host where the copy stands: the right extents give the plain
   loop's result, and an extent one short stops the program at the
   launch (the kernel would use elements past the copy).  A call that
   may have a side effect (length_of counts its calls) gets a warning:
   the plain program makes none.  */
/* { dg-do run } */
#include "mint-test.h"

#define N 64

int calls;

/* N, less SHORT_BY.  */
int
length_of (int n, int short_by)
{
  calls++;
  return n - short_by;
}

static void
smooth (const double *u, double *w, int n, int short_by, int flag)
{
#pragma mint copy(u, toDevice, short_by > 0 ? length_of (n, short_by) : length_of (n, 0)) /* { dg-mint-warning "call to .length_of. may have a side effect" } */
#pragma mint copy(w, toDevice, flag && n > 1 ? n : 1)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < n - 1; i++)
      w[i] = u[i - 1] + u[i + 1];
  }
#pragma mint copy(w, fromDevice, length_of (n, 0) | 0) /* { dg-mint-warning "call to .length_of. may have a side effect" } */
}

static void
smooth_short (void *arg)
{
  double *u = arg;
  smooth (u, u + N, N, 1, 1);
}

int
main (void)
{
  double u[2 * N], w[N] = { 0 }, ref[N] = { 0 };
  for (int i = 0; i < N; i++)
    u[i] = test_value (i, 0, 0, 1);
  /* First, in a child: the GPU's driver does not survive a fork after
     the parent used it.  */
  int status = test_stops ("an extent one short", smooth_short, u,
                           "outside the 63 elements", "of its copy");
  smooth (u, w, N, 0, 1);
  for (int i = 1; i < N - 1; i++)
    ref[i] = u[i - 1] + u[i + 1];
  status |= test_report ("extents of calls and ?:", max_error (w, ref, N),
                         TOL_EXACT);
#ifdef __MINT__
  int want = 2;
#else
  int want = 0;
#endif
  printf ("calls of length_of: %d (want %d)\n", calls, want);
  status |= calls != want;
  return status;
}
