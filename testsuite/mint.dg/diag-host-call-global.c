/* Host code of a parallel region that calls a function of the file
   which reads, on the host, an array that the region's kernels write,
   a global the call is not given (an output routine reading the state
   between steps): the function sees the host's out-of-date copy, an
   error at the call as for a call given the array, whether the function
   reads the array itself, calls a function that does, or gives it to a
   function outside the file, also through a global pointer the function
   sets to the array (or a global integer it stores the array's pointer
   in) or the array is set from, and through a pointer to
   a function whose address the file takes.  With the array updated
   toHost in the region, and for functions that leave it alone, no
   diagnostic.  (A
   direct call given the array: diag-host-call.c.)  */
/* { dg-do compile } */

#include <stdint.h>
#include <stdio.h>

#define N 64

double *state;
double *other;
double total;

static void
output (void)
{
  for (int i = 0; i < N; i++)
    total += state[i];
}

static void
report (int step)
{
  if (step % 10 == 0)
    output ();
}

static void
dump (FILE *f)
{
  fwrite (state, sizeof (double), N, f);
}

void late_output (void);

static void
count (int step)
{
  total += step + other[0];
}

void
steps (int nsteps, FILE *f)
{
#pragma mint copy(state, toDevice, N)
#pragma mint copy(other, toDevice, N)
#pragma mint parallel
  {
    for (int t = 0; t < nsteps; t++)
      {
#pragma mint for
        for (int i = 1; i < N - 1; i++)
          state[i] = 0.5 * (other[i - 1] + other[i + 1]);
        count (t);              /* other: no kernel writes it */
        output (); /* { dg-error "the call to .output. can reach the elements of .state. in the .parallel. region, where kernels write the array on the device" } */
        report (t);             /* state: reported once */
      }
  }
#pragma mint copy(state, fromDevice, N)
}

void
nested (int nsteps)
{
#pragma mint copy(state, toDevice, N)
#pragma mint copy(other, toDevice, N)
#pragma mint parallel
  {
    for (int t = 0; t < nsteps; t++)
      {
#pragma mint for
        for (int i = 1; i < N - 1; i++)
          state[i] = 0.5 * (other[i - 1] + other[i + 1]);
        report (t); /* { dg-error "the call to .report. can reach the elements of .state." } */
      }
  }
#pragma mint copy(state, fromDevice, N)
}

void
written_out (FILE *f)
{
#pragma mint copy(state, toDevice, N)
#pragma mint copy(other, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < N - 1; i++)
      state[i] = other[i];
    dump (f); /* { dg-error "the call to .dump. can reach the elements of .state." } */
  }
#pragma mint copy(state, fromDevice, N)
}

/* The state is brought to the host before the output: right.  */
void
updated (int nsteps)
{
#pragma mint copy(state, toDevice, N)
#pragma mint copy(other, toDevice, N)
#pragma mint parallel
  {
    for (int t = 0; t < nsteps; t++)
      {
#pragma mint for
        for (int i = 1; i < N - 1; i++)
          state[i] = 0.5 * (other[i - 1] + other[i + 1]);
#pragma mint update(state, toHost, 0:N)
        report (t);
      }
  }
#pragma mint copy(state, fromDevice, N)
}

/* A function defined after its caller; and one with a region of its
   own, which moves the array itself.  */
void own_region (void);

void
later_defined (void)
{
#pragma mint copy(state, toDevice, N)
#pragma mint copy(other, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < N - 1; i++)
      state[i] = other[i];
    own_region ();
    late_output (); /* { dg-error "the call to .late_output. can reach the elements of .state." } */
  }
#pragma mint copy(state, fromDevice, N)
}

void
late_output (void)
{
  printf ("%g\n", state[N / 2]);
}

void
own_region (void)
{
#pragma mint copy(state, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < N; i++)
      state[i] *= 2.0;
  }
#pragma mint copy(state, fromDevice, N)
}

/* A local holding the global's pointer (`double *g = coarse;'), copied
   under its own name: the function reaching the global reaches its
   elements.  Likewise a row of a global array of pointers (`uc = U[l +
   1]'), reached by a function that loads its rows into locals, here a
   recursive V-cycle whose coarsest level smooths on the host before its
   directives; another global, or the pointers of the rows alone, are no
   access.  */
double *coarse;
double *levels[4];

static void
coarse_solve (void)
{
  for (int i = 1; i < N / 2 - 1; i++)
    coarse[i] = 0.5 * (coarse[i - 1] + coarse[i + 1]);
}

static void
other_solve (void)
{
  for (int i = 1; i < N - 1; i++)
    other[i] *= 0.5;
}

static double *
row_pointer (int l)
{
  double *p = levels[l];
  return p;
}

void
local_of_global (void)
{
  double *g = coarse;
#pragma mint copy(g, toDevice, N / 2) /* { dg-message ".g. and the global pointer .coarse. point to the same elements, which .coarse_solve. can reach" } */
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < N / 2; i++)
      g[i] = i;
    coarse_solve (); /* { dg-error "the call to .coarse_solve. can reach the elements of .g." } */
    other_solve ();
    row_pointer (0);
  }
#pragma mint copy(g, fromDevice, N / 2)
}

void
vcycle (int l)
{
  double *u = levels[l];
  if (l == 3)
    {
      for (int i = 1; i < N - 1; i++)
        u[i] = 0.5 * (u[i - 1] + u[i + 1]);
      return;
    }
  double *uc = levels[l + 1];
#pragma mint copy(u, toDevice, N)
#pragma mint copy(uc, toDevice, N) /* { dg-message ".uc. holds a pointer of .levels." } */
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < N; i++)
      uc[i] = u[i];
    vcycle (l + 1); /* { dg-error "the call to .vcycle. can reach the elements of .uc." } */
  }
#pragma mint copy(u, fromDevice, N)
}

/* An output routine that reads the array through a global pointer the
   function sets to it.  */
static double *field;

static double
probe (void)
{
  return field[3];
}

double
stored_in_global (double *u, double *v, int n)
{
  double seen = 0;
  field = u;
#pragma mint copy(u, toDevice, n) /* { dg-message ".u. and the global pointer .field. point to the same elements, which .probe. can reach" } */
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < n - 1; i++)
      u[i] = 0.5 * v[i];
    seen = probe (); /* { dg-error "the call to .probe. can reach the elements of .u." } */
  }
#pragma mint copy(u, fromDevice, n)
  return seen + probe ();
}

/* The same, the pointer kept in a global integer the routine casts
   back.  */
static uintptr_t field_bits;

static double
probe_bits (void)
{
  return ((double *) field_bits)[3];
}

double
stored_in_integer (double *u, double *v, int n)
{
  double seen = 0;
  field_bits = (uintptr_t) u;
#pragma mint copy(u, toDevice, n) /* { dg-message "the pointer of .u. is stored in the integer .field_bits., through which .probe_bits. can reach the elements" } */
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < n - 1; i++)
      u[i] = 0.5 * v[i];
    seen = probe_bits (); /* { dg-error "the call to .probe_bits. can reach the elements of .u." } */
  }
#pragma mint copy(u, fromDevice, n)
  return seen;
}

/* The same output routine called through a pointer: the call may go to
   any function whose address the file takes.  A call through a pointer
   when no such function reaches the array is fine.  */
static double *shown;

static void
show_field (int n) /* { dg-message "the call through a pointer may call .show_field., whose address the unit takes" } */
{
  printf ("%g\n", shown[n / 2]);
}

static void
show_nothing (int n)
{
  printf ("%d\n", n);
}

void
through_pointer (double *u, double *v, int n, int verbose)
{
  void (*out) (int) = verbose ? show_field : show_nothing;
  shown = u;
#pragma mint copy(u, toDevice, n) /* { dg-message ".u. and the global pointer .shown. point to the same elements, which .show_field. can reach" } */
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < n - 1; i++)
      u[i] = 0.5 * v[i];
    out (n); /* { dg-error "the call to .out. can reach the elements of .u." } */
  }
#pragma mint copy(u, fromDevice, n)
}

static void
count_steps (int n)
{
  printf ("%d\n", n);
}

void
through_pointer_fine (double *u, double *v, int n)
{
  void (*out) (int) = count_steps;
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < n - 1; i++)
      u[i] = 0.5 * v[i];
    out (n);
  }
#pragma mint copy(u, fromDevice, n)
}
