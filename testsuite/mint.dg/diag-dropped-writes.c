/* A function whose region copies a parameter to the device, and whose
   kernels write it, but copies it back nowhere (a Runge-Kutta stage
   meant to run inside its caller's region) loses those writes where the
   call gives it an array of the caller's own outside any region: a
   local array, static or not, or memory the caller allocates; or an
   array of file scope whose elements the caller's code after the call
   loads (a call given it may set it again first: not counted).  A warning at the call,
   also through a function that only hands the array on; none where a
   region holds the array, nor for an array the kernels only read, nor
   where the function copies it back, nor for a scratch array that host
   code after the call does not read (it only gives it to such functions
   again, or frees it).  The array may be a member of a local structure
   or a local pointer set only to another's value (given as the one, read
   as the other); the call may go through a local pointer set only to the
   function.  None through a pointer to a function the caller is given.  */
/* { dg-do compile } */

#include <stdlib.h>

static void
stage (int n, double *u, double *w) /* { dg-message ".u. reaches a .parallel. region that copies it to the device but not back" } */
{
#pragma mint copy(u, toDevice, n)
#pragma mint copy(w, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      u[i] = u[i] + w[i];
  }
}

static void
step (int n, double *u, double *w) /* { dg-message ".u. reaches a .parallel. region" } */
{
  stage (n, u, w);
}

static void
complete (int n, double *u, double *w)
{
#pragma mint copy(u, toDevice, n)
#pragma mint copy(w, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      u[i] = u[i] * w[i];
  }
#pragma mint copy(u, fromDevice, n)
}

static void
held (int n, double *u, double *w)
{
#pragma mint copy(u, toDevice, n)
#pragma mint copy(w, toDevice, n)
#pragma mint parallel
  {
    stage (n, u, w);
  }
#pragma mint copy(u, fromDevice, n)
}

double
run (int n, double *param)
{
  double a[64], *u = malloc (n * sizeof *u), *w = malloc (n * sizeof *w);
  for (int i = 0; i < n; i++)
    u[i] = i, w[i] = 1, a[i % 64] = 0;
  stage (n, u, w); /* { dg-warning "the call to .stage. gives it .u. outside any .parallel. region: what the kernels it reaches write into .u. stays on the device" } */
  step (64, a, w); /* { dg-warning "the call to .step. gives it .a. outside any .parallel. region" } */
  complete (n, u, w);
  held (n, u, w);
  stage (n, param, w); /* { dg-bogus "outside any" } */
  double *scratch = malloc (n * sizeof *scratch);
  for (int t = 0; t < 3; t++)
    stage (n, scratch, w); /* { dg-bogus "outside any" } */
  free (scratch);
  double s = u[3] + a[3];
  free (u);
  free (w);
  return s;
}

struct field
{
  int n;
  double *u;
};

double
run_holders (int n, double *w, void (*given) (int, double *, double *))
{
  struct field f, scratch;
  f.n = n;
  f.u = malloc (n * sizeof *f.u);
  scratch.u = malloc (n * sizeof *scratch.u);
  stage (n, f.u, w); /* { dg-warning "the call to .stage. gives it .f\\.u. outside any .parallel. region" } */
  stage (n, scratch.u, w); /* { dg-bogus "outside any" } */
  free (scratch.u);
  double *view = f.u, *v = malloc (n * sizeof *v), *alias = v;
  stage (n, view, w); /* { dg-warning "the call to .stage. gives it .view. outside any .parallel. region" } */
  stage (n, v, w); /* { dg-warning "the call to .stage. gives it .v. outside any .parallel. region" } */
  void (*fp) (int, double *, double *) = stage;
  fp (n, f.u, w); /* { dg-warning "the call to .stage. gives it .f\\.u. outside any .parallel. region" } */
  given (n, f.u, w); /* { dg-bogus "outside any" } */
  double s = f.u[1] + alias[1];
  free (f.u);
  free (v);
  return s;
}

double grid[64], spare[64];

double
run_static (void)
{
  static double b[64];
  double w[64] = { 0 };
  stage (64, b, w); /* { dg-warning "the call to .stage. gives it .b. outside any .parallel. region" } */
  return b[3];
}

void refill (double *);

double
run_global (double *w)
{
  stage (64, grid, w); /* { dg-warning "the call to .stage. gives it .grid. outside any .parallel. region" } */
  return grid[2];
}

int
main (void)
{
  double w[64] = { 0 };
  stage (64, spare, w); /* { dg-bogus "outside any" } */
  refill (spare);
  stage (64, grid, w); /* { dg-warning "the call to .stage. gives it .grid. outside any .parallel. region" } */
  return grid[1] + spare[1] > 0;
}
