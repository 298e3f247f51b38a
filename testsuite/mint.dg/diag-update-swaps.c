/* Updates and swaps of time levels in one step.  An update moves the
   elements of the array its pointer holds at the update; a swap after
   it (`tmp = u; u = v; v = tmp;') gives those elements to the other
   pointer.  A host read of u after the swap needs an update of v before
   it (or of u after it); an update of u before the swap moved the other
   array, which the kernels wrote since: an error, with the swap in a
   note.  A host write of u before the swap needs an update toDevice of
   u before it, or of v after it (that was a false error).  Structure
   members swap alike.  */
/* { dg-do compile } */

#include <stdlib.h>

double monitor (double);

/* The kernel of one step: V from U.  */
#define STEP(u, v, n)                                                    \
  _Pragma ("mint for")                                                   \
  for (int i = 1; i < (n) - 1; i++)                                      \
    v[i] = 0.5 * (u[i - 1] + u[i + 1]);

void
update_then_swap (double *u, double *v, int n, int steps)
{
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        STEP (u, v, n)
#pragma mint update(u, toHost, 0:n)
        double *tmp = u; u = v; v = tmp;
        monitor (u[n / 2]); /* { dg-error "host code reads an element of .u. in the .parallel. region" } */
/* { dg-message "the program swaps the pointers .u. and .v." "" { target *-*-* } 34 } */
      }
  }
#pragma mint copy(u, fromDevice, n)
#pragma mint copy(v, fromDevice, n)
}

void
update_of_the_other (double *u, double *v, int n, int steps)
{
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        STEP (u, v, n)
#pragma mint update(v, toHost, 0:n)
        double *tmp = u; u = v; v = tmp;
        monitor (u[n / 2]);
      }
  }
#pragma mint copy(u, fromDevice, n)
#pragma mint copy(v, fromDevice, n)
}

void
swap_then_update (double *u, double *v, int n, int steps)
{
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        STEP (u, v, n)
        double *tmp = u; u = v; v = tmp;
#pragma mint update(u, toHost, 0:n)
        monitor (u[n / 2]);
      }
  }
#pragma mint copy(u, fromDevice, n)
#pragma mint copy(v, fromDevice, n)
}

void
write_then_swap (double *u, double *v, int n, int steps)
{
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        u[n / 2] = 1.0 + t; /* { dg-error "host code writes an element of .u. in the .parallel. region" } */
/* { dg-message "the program swaps the pointers .u. and .v." "" { target *-*-* } 89 } */
        double *tmp = u; u = v; v = tmp;
#pragma mint update(u, toDevice, n / 2:1)
        STEP (v, u, n)
      }
  }
#pragma mint copy(u, fromDevice, n)
#pragma mint copy(v, fromDevice, n)
}

void
write_then_swap_other (double *u, double *v, int n, int steps)
{
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        u[n / 2] = 1.0 + t; /* { dg-bogus "host code writes" } */
        double *tmp = u; u = v; v = tmp;
#pragma mint update(v, toDevice, n / 2:1)
        STEP (v, u, n)
      }
  }
#pragma mint copy(u, fromDevice, n)
#pragma mint copy(v, fromDevice, n)
}

struct grid
{
  int n;
  double *u, *v;
};

void
members (struct grid *s, int steps)
{
  int n = s->n;
#pragma mint copy(s->u, toDevice, n)
#pragma mint copy(s->v, toDevice, n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        STEP (s->u, s->v, n)
#pragma mint update(s->u, toHost, 0:n)
        double *tmp = s->u; s->u = s->v; s->v = tmp;
        monitor (s->u[n / 2]); /* { dg-error "host code reads an element of .s->u. in the .parallel. region" } */
/* { dg-message "the program swaps the pointers" "" { target *-*-* } 138 } */
      }
  }
#pragma mint copy(s->u, fromDevice, n)
#pragma mint copy(s->v, fromDevice, n)
}

void
member_write_then_swap (struct grid *s, int steps)
{
  int n = s->n;
#pragma mint copy(s->u, toDevice, n)
#pragma mint copy(s->v, toDevice, n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        s->u[n / 2] = 1.0 + t; /* { dg-bogus "host code writes" } */
        double *tmp = s->u; s->u = s->v; s->v = tmp;
#pragma mint update(s->v, toDevice, n / 2:1)
        STEP (s->v, s->u, n)
        s->v[1] = 2.0 + t; /* { dg-error "host code writes an element of .s->v. in the .parallel. region" } */
/* { dg-message "the program swaps the pointers .s->v. and .s->u." "" { target *-*-* } 160 } */
        tmp = s->u; s->u = s->v; s->v = tmp;
#pragma mint update(s->v, toDevice, 1:1)
        STEP (s->v, s->u, n)
      }
  }
#pragma mint copy(s->u, fromDevice, n)
#pragma mint copy(s->v, fromDevice, n)
}
