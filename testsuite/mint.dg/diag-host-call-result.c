/* A local pointer set from a call given a copied array may point into
   it (a helper that returns its argument, a row or an offset of it, of
   this file or another): host code that reads or writes through it where
   the host's copy is stale is an error at the access, with a note that
   names the pointer, as for a pointer set by `?:' (one error for an
   array of a region).  A pointer from a call given no copied array
   (malloc) is not followed.  */
/* { dg-do compile } */

#include <stdlib.h>

#define N 256

double a[N], b[N];
double *pick (double *p);

static double *
row (double *p, int j)
{
  return p + 16 * j;
}

double
read_in_region (void)
{
  double probe = 0;
  double *p = pick (a);
#pragma mint copy(a, toDevice, N)
#pragma mint parallel
  {
    for (int t = 0; t < 4; t++)
      {
#pragma mint for
        for (int i = 0; i < N; i++)
          a[i] = a[i] * 0.5 + 1;
        probe += p[5]; /* { dg-error "host code reads an element of .a. in the .parallel. region" } */
/* { dg-message ".p. may point into .a. here" "" { target *-*-* } 36 } */
      }
  }
#pragma mint copy(a, fromDevice, N)
  return probe;
}

void
write_in_region (void)
{
  double *p = row (a, 2);
#pragma mint copy(a, toDevice, N)
#pragma mint parallel
  {
    p[0] = 1.0; /* { dg-error "host code writes an element of .a. in the .parallel. region" } */
/* { dg-message ".p. may point into .a. here" "" { target *-*-* } 51 } */
#pragma mint for
    for (int i = 1; i < N; i++)
      a[i] = 2 * a[i];
  }
#pragma mint copy(a, fromDevice, N)
}

double
read_after_region (void)
{
  double *q = pick (b);
#pragma mint copy(a, toDevice, N)
#pragma mint copy(b, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < N; i++)
      b[i] = a[i] + 1;
  }
#pragma mint copy(a, fromDevice, N)
  return q[3]; /* { dg-error "host code reads an element of .b. after the .parallel. region" } */
/* { dg-message ".q. may point into .b. here" "" { target *-*-* } 73 } */
}

double
unrelated_result (int n)
{
  double *w = malloc (n * sizeof *w);
#pragma mint copy(a, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < N; i++)
      a[i] = a[i] * 0.5 + 1;
    w[0] = 1.0; /* { dg-bogus "host code" } */
  }
#pragma mint copy(a, fromDevice, N)
  double r = w[0];
  free (w);
  return r;
}
