/* A call after a parallel region to a function of the unit that is not
   given a global array the region's kernels write, where the region
   neither copies it back nor updates it: the function (or one it calls,
   or, through a pointer, one whose address the unit takes) that reads
   the array sees the values from before the region.  An error at the
   call, once per array; none where the region copies the array back, or
   where the function leaves the array alone.  */
/* { dg-do compile } */

#include <stdio.h>

#define N 64

double a[N], b[N], c[N];

static void
report (void)
{
  double s = 0;
  for (int i = 0; i < N; i++)
    s += b[i];
  printf ("%g\n", s);
}

static void
report_twice (void)
{
  report ();
  report ();
}

static void
unrelated (void)
{
  double s = 0;
  for (int i = 0; i < N; i++)
    s += c[i];
  printf ("%g\n", s);
}

void
forgot_copy_back (void)
{
#pragma mint copy(a, toDevice, N)
#pragma mint copy(b, toDevice, N)
#pragma mint parallel /* { dg-message "add .#pragma mint copy.b, fromDevice" } */
  {
#pragma mint for
    for (int i = 0; i < N; i++)
      b[i] = 2 * a[i];
  }
  unrelated ();
  report_twice (); /* { dg-error "the call to .report_twice. can read the elements of .b. after the .parallel. region, whose kernels write the array on the device but which does not copy it back" } */
  report ();
}

void
through_pointer (void (*show) (void))
{
#pragma mint copy(a, toDevice, N)
#pragma mint copy(b, toDevice, N)
#pragma mint parallel /* { dg-message "add .#pragma mint copy.b, fromDevice" } */
  {
#pragma mint for
    for (int i = 0; i < N; i++)
      b[i] = 2 * a[i];
  }
  show (); /* { dg-error "the call to .report. can read the elements of .b. after the .parallel. region" } */
}

void
copied_back (void)
{
#pragma mint copy(a, toDevice, N)
#pragma mint copy(b, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < N; i++)
      b[i] = 2 * a[i];
  }
#pragma mint copy(b, fromDevice, N)
  report (); /* { dg-bogus "can read" } */
}

void
take_address (void (**p) (void))
{
  *p = report;
}

/* A global pointer whose initializer points into the array is followed
   as memory the pointer of the array goes to: a read through it after
   the region may read the array (a warning, with a note at the
   initializer).  */
static double *bp = b; /* { dg-message "the pointer of .b. goes to or comes from memory here" } */

double
through_initialized_pointer (void)
{
#pragma mint copy(a, toDevice, N)
#pragma mint copy(b, toDevice, N)
#pragma mint parallel /* { dg-message "add .#pragma mint copy.b, fromDevice" } */
  {
#pragma mint for
    for (int i = 0; i < N; i++)
      b[i] = 2 * a[i];
  }
  return bp[3]; /* { dg-warning "host code reads, through a pointer loaded from memory, an element that may be of .b. after the .parallel. region" } */
}

/* A structure that a call given the array returns may hold its pointer,
   and so may a local set once from memory (a union's integer member):
   reads through them get the same warning.  */
struct view
{
  double *p;
};

static struct view
make_view (double *x)
{
  struct view r = { x };
  return r;
}

double
through_returned_structure (void)
{
  double s = 0;
  struct view w = make_view (b); /* { dg-message "the pointer of .b. goes to or comes from memory here" } */
#pragma mint copy(a, toDevice, N)
#pragma mint copy(b, toDevice, N)
#pragma mint parallel /* { dg-message "update.b, toHost" } */
  {
    for (int t = 0; t < 3; t++)
      {
#pragma mint for
        for (int i = 0; i < N; i++)
          b[i] = b[i] + a[i];
        s += w.p[5]; /* { dg-warning "host code reads an element of .b. in the .parallel. region" } */
      }
  }
#pragma mint copy(b, fromDevice, N)
  return s;
}

double
through_union (void)
{
  union { double *d; unsigned long l; } u;
  u.d = b; /* { dg-message "the pointer of .b. goes to or comes from memory here" } */
#pragma mint copy(a, toDevice, N)
#pragma mint copy(b, toDevice, N)
#pragma mint parallel /* { dg-message "add .#pragma mint copy.b, fromDevice" } */
  {
#pragma mint for
    for (int i = 0; i < N; i++)
      b[i] = 9 * a[i];
  }
  double *q = (double *) u.l;
  return q[2]; /* { dg-warning "host code reads, through a pointer loaded from memory, an element that may be of .b. after the .parallel. region" } */
}
