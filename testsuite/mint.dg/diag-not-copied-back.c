/* Host code after a parallel region that reads an element of an array
   the region's kernels write, where the region neither copies the array
   back nor updates it, reads the values from before the region: the
   kernels wrote the device copy, which is freed.  An error at the read,
   once per array (its note, at the region, suggests the copy back); a
   warning where host code after the region also writes the array (it
   may have set the element itself), and for a call that may read it.  A
   later region's toDevice copy reads every element; free reads none.  */
/* { dg-do compile } */

#include <stdlib.h>

#define N 64

struct grid { double *u, *v; };

double sum (const double *a, int n);

double
not_copied_back (double *u, double *v)
{
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < N - 1; i++)
      v[i] = 0.5 * (u[i - 1] + u[i + 1]);
  }
#pragma mint copy(u, fromDevice, N)
  double s = u[3];                      /* no kernel writes u */
  s += v[3]; /* { dg-error "host code reads an element of .v. after the .parallel. region, whose kernels write the array on the device but which does not copy it back: the read sees its value from before the region" } */
  s += v[4];                            /* v: reported once */
  return s;
}

double
copied_back (double *u, double *v)
{
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < N - 1; i++)
      v[i] = 0.5 * (u[i - 1] + u[i + 1]);
  }
#pragma mint copy(v, fromDevice, N)
  return v[3];
}

double
updated (double *u, double *v)
{
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < N - 1; i++)
      v[i] = 0.5 * (u[i - 1] + u[i + 1]);
#pragma mint update(v, toHost, 3:1)
  }
  return v[3];
}

/* A time loop that swaps the arrays, only u copied back: v holds the
   step before the last in the program's loops.  */
double
swapped (double *u, double *v, int steps)
{
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for
        for (int i = 1; i < N - 1; i++)
          v[i] = 0.5 * (u[i - 1] + u[i + 1]);
        double *tmp = u;
        u = v;
        v = tmp;
      }
  }
#pragma mint copy(u, fromDevice, N)
  double change = 0;
  for (int i = 0; i < N; i++)
    change += u[i] - v[i]; /* { dg-error "host code reads an element of .v. after the .parallel. region" } */
  return change;
}

/* A pointer set before the region to the array that the swaps make the
   one copied back (an odd number of steps): not reported (but the
   caller, which may read the array v points to after the region, is
   warned about: diag-swap-not-copied-back.c).  */
double
kept_pointer (double *u, double *v)
{
  double *result = v;
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint parallel /* { dg-warning "the region swaps .v. with arrays it copies back, but not .v. itself" } */
  {
    for (int t = 0; t < 3; t++)
      {
#pragma mint for
        for (int i = 1; i < N - 1; i++)
          v[i] = 0.5 * (u[i - 1] + u[i + 1]);
        double *tmp = u;
        u = v;
        v = tmp;
      }
  }
#pragma mint copy(u, fromDevice, N)
  return result[3];
}

/* Host code that sets the array again before reading it; a call.  */
double
rewritten_and_called (double *u, double *v, struct grid *g)
{
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint copy(g->u, toDevice, N)
#pragma mint copy(g->v, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < N - 1; i++)
      {
        v[i] = 0.5 * (u[i - 1] + u[i + 1]);
        g->v[i] = g->u[i];
      }
  }
#pragma mint copy(u, fromDevice, N)
  for (int i = 0; i < N; i++)
    v[i] = 0;
  double s = v[5]; /* { dg-warning "host code reads an element of .v. after the .parallel. region, whose kernels write the array on the device but which does not copy it back: unless the host wrote it since" } */
  return s + sum (g->v, N); /* { dg-warning "the call to .sum. can read the elements of .g->v. after the .parallel. region" } */
}

/* The next region copies the array back: reads after it are its own.  */
double
next_region (double *u, double *v)
{
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < N - 1; i++)
      v[i] = u[i];
  }
#pragma mint copy(v, fromDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < N - 1; i++)
      v[i] = 2 * v[i];
  }
#pragma mint copy(v, fromDevice, N)
  return v[7];
}

/* A later region's toDevice copy reads the elements on the host: there
   they are from before the region that wrote them on the device.  */
double
next_region_not_copied_back (double *u, double *v)
{
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < N - 1; i++)
      v[i] = u[i];
  }
#pragma mint copy(v, toDevice, N) /* { dg-error "this copy of .v. to the device copies the elements on the host, which the kernels of an earlier .parallel. region wrote on the device without copying them back: they are the values from before that region" } */
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < N - 1; i++)
      v[i] = 2 * v[i];
  }
#pragma mint copy(v, fromDevice, N)
  return v[7];
}

/* The same in a time loop: each step's copy of v reads the host's.  */
void
next_step (double *u, double *v, int steps)
{
  for (int t = 0; t < steps; t++)
    {
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N) /* { dg-error "this copy of .v. to the device" } */
#pragma mint parallel
      {
#pragma mint for
        for (int i = 1; i < N - 1; i++)
          v[i] += u[i];
      }
#pragma mint copy(u, fromDevice, N)
    }
}

/* The host sets the array again before the next region copies it: a
   warning.  A scratch array (fluxes) whose first kernel in the next
   region writes it: its stale elements are not seen, no diagnostic.  */
double
next_region_rewritten (double *u, double *v, double *w)
{
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint copy(w, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < N - 1; i++)
      {
        w[i] = u[i];
        v[i] = w[i];
      }
  }
  for (int i = 0; i < N; i++)
    v[i] = i;
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N) /* { dg-warning "this copy of .v. to the device copies the elements on the host, which the kernels of an earlier .parallel. region wrote on the device without copying them back: unless the host wrote them since" } */
#pragma mint copy(w, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < N - 1; i++)
      w[i] = v[i] - v[i - 1];
#pragma mint for
    for (int i = 1; i < N - 2; i++)
      u[i] = w[i + 1] - w[i];
  }
#pragma mint copy(u, fromDevice, N)
  return u[7];
}

/* A scratch array the region writes and the host frees unread: free does
   not read the elements, so nothing is reported.  */
double
scratch_freed (double *u)
{
  double *v = malloc (N * sizeof *v);
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < N - 1; i++)
      v[i] = 0.5 * (u[i - 1] + u[i + 1]);
#pragma mint for
    for (int i = 1; i < N - 1; i++)
      u[i] = v[i];
  }
#pragma mint copy(u, fromDevice, N)
  free (v);
  return u[3];
}

/* A pointer saved before a region that swaps the array's pointer with
   another's holds, after an odd number of swaps (a loop of 3 steps), the
   other array: a read through it after the region reads the one not
   copied back (kept_pointer above reads the one copied back).  Where the
   number of steps is not known, nothing is said.  */
double
saved_before_swaps (void)
{
  double *p = malloc (N * sizeof *p), *q = malloc (N * sizeof *q), *t;
  double *p0 = p;
#pragma mint copy(p, toDevice, N)
#pragma mint copy(q, toDevice, N)
#pragma mint parallel /* { dg-message "add .#pragma mint copy.q, fromDevice" } */
  {
    for (int s = 0; s < 3; s++)
      {
#pragma mint for
        for (int i = 1; i < N - 1; i++)
          q[i] = 0.5 * (p[i - 1] + p[i + 1]);
        t = p;
        p = q;
        q = t;
      }
  }
#pragma mint copy(p, fromDevice, N)
  return p0[5]; /* { dg-error "host code reads an element of .q. after the .parallel. region" } */
  /* { dg-message ".p0. may point into .q. here" "" { target *-*-* } 292 } */
}

double
saved_before_unknown_swaps (int steps)
{
  double *p = malloc (N * sizeof *p), *q = malloc (N * sizeof *q), *t;
  double *p0 = p;
#pragma mint copy(p, toDevice, N)
#pragma mint copy(q, toDevice, N)
#pragma mint parallel
  {
    for (int s = 0; s < steps; s++)
      {
#pragma mint for
        for (int i = 1; i < N - 1; i++)
          q[i] = 0.5 * (p[i - 1] + p[i + 1]);
        t = p;
        p = q;
        q = t;
      }
  }
#pragma mint copy(p, fromDevice, N)
  return p0[5]; /* { dg-bogus "host code reads" } */
}
