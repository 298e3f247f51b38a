/* A time step written as Stam's stable-fluids solver writes it: it
   swaps its pointer parameters (SWAP (x0, x)) between calls of functions
   with parallel regions of their own, and an outer region around the
   time loop keeps the arrays on the device across the calls.  The
   swapped pointers reach only those functions, so the step moves its
   arrays as they do; the results must be those of the same calls
   without mint.  */
/* { dg-do run } */
#include "mint-test.h"

#define N 2000
#define STEPS 6

/* x from x plus dt times s.  */
static void
add_source (double *x, const double *s, double dt)
{
#pragma mint copy(x, toDevice, N)
#pragma mint copy(s, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < N; i++)
      x[i] += dt * s[i];
  }
#pragma mint copy(x, fromDevice, N)
}

/* x from x0's neighbours, its ends kept.  */
static void
diffuse (double *x, const double *x0, double a)
{
#pragma mint copy(x, toDevice, N)
#pragma mint copy(x0, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < N - 1; i++)
      x[i] = (x0[i] + a * (x0[i - 1] + x0[i + 1])) / (1 + 2 * a);
  }
#pragma mint copy(x, fromDevice, N)
}

#define SWAP(x0, x)                                                      \
  {                                                                      \
    double *tmp = x0;                                                    \
    x0 = x;                                                              \
    x = tmp;                                                             \
  }

static void
dens_step (double *x, double *x0, double dt)
{
  add_source (x, x0, dt);
  SWAP (x0, x);
  diffuse (x, x0, 0.3);
  SWAP (x0, x);
  diffuse (x, x0, 0.1);
}

static void
solve_mint (double *x, double *x0)
{
#pragma mint copy(x, toDevice, N)
#pragma mint copy(x0, toDevice, N)
#pragma mint parallel
  {
    for (int t = 0; t < STEPS; t++)
      dens_step (x, x0, 0.1);
  }
#pragma mint copy(x, fromDevice, N)
#pragma mint copy(x0, fromDevice, N)
}

static void
add_source_cpu (double *x, const double *s, double dt)
{
  for (int i = 0; i < N; i++)
    x[i] += dt * s[i];
}

static void
diffuse_cpu (double *x, const double *x0, double a)
{
  for (int i = 1; i < N - 1; i++)
    x[i] = (x0[i] + a * (x0[i - 1] + x0[i + 1])) / (1 + 2 * a);
}

int
main (void)
{
  TWO_FILLED (double, x, N, 1, 1, 1);
  TWO_FILLED (double, x0, N, 1, 1, 2);
  solve_mint (x[0], x0[0]);
  for (int t = 0; t < STEPS; t++)
    {
      double *r = x[1], *r0 = x0[1];
      add_source_cpu (r, r0, 0.1);
      SWAP (r0, r);
      diffuse_cpu (r, r0, 0.3);
      SWAP (r0, r);
      diffuse_cpu (r, r0, 0.1);
    }
  int status = test_report ("x", max_error (x[0], x[1], N), TOL_DOUBLE);
  status |= test_report ("x0", max_error (x0[0], x0[1], N), TOL_DOUBLE);
  return status;
}
