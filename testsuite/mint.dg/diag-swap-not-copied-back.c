/* A function that swaps its pointer parameters in a region and copies
   back only some of them: the copy back goes to the array the copied
   pointer points to after the region, which depends on the number of
   swaps, and the array the other points to keeps its elements from
   before the region, where the program's loops leave the kernels'
   results; the caller, which sees neither pointer, may read it.  A
   warning at the region, not where the function returns the pointer it
   copies back, copies back every array, swaps pointers the caller sees
   (structure members), or swaps once (the array of the pointer not
   copied back was only read).  */
/* { dg-do compile } */

#define N 64

#define REGION(a, b, steps)                                              \
  _Pragma ("mint parallel")                                              \
  {                                                                      \
    for (int t = 0; t < steps; t++)                                      \
      {                                                                  \
        _Pragma ("mint for")                                             \
        for (int i = 1; i < N - 1; i++)                                  \
          b[i] = 0.5 * (a[i - 1] + a[i + 1]);                            \
        _Pragma ("mint single")                                          \
        {                                                                \
          double *s = a;                                                 \
          a = b;                                                         \
          b = s;                                                         \
        }                                                                \
      }                                                                  \
  }

void
one_copied_back (double *u, double *v, int steps)
{
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint parallel /* { dg-warning "the region swaps .v. with arrays it copies back, but not .v. itself: the array .v. points to after the region keeps its elements from before it, where without mint it holds the results of the kernels, and the caller of .one_copied_back. may read it" } */
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for
        for (int i = 1; i < N - 1; i++)
          v[i] = 0.5 * (u[i - 1] + u[i + 1]);
#pragma mint single
        {
          double *s = u;
          u = v;
          v = s;
        }
      }
  }
#pragma mint copy(u, fromDevice, N)
}

double *
returns_result (double *u, double *v, int steps)
{
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
  REGION (u, v, steps)
#pragma mint copy(u, fromDevice, N)
  return u;
}

void
both_copied_back (double *u, double *v, int steps)
{
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
  REGION (u, v, steps)
#pragma mint copy(u, fromDevice, N)
#pragma mint copy(v, fromDevice, N)
}

struct pair { double *u, *v; };

void
members_swapped (struct pair *p, int steps)
{
#pragma mint copy(p->u, toDevice, N)
#pragma mint copy(p->v, toDevice, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for
        for (int i = 1; i < N - 1; i++)
          p->v[i] = 0.5 * (p->u[i - 1] + p->u[i + 1]);
#pragma mint single
        {
          double *s = p->u;
          p->u = p->v;
          p->v = s;
        }
      }
  }
#pragma mint copy(p->u, fromDevice, N)
}

void
three_levels (double *a, double *b, double *c, int steps)
{
#pragma mint copy(a, toDevice, N)
#pragma mint copy(b, toDevice, N)
#pragma mint copy(c, toDevice, N)
#pragma mint parallel /* { dg-warning "the region swaps .a. with arrays" } */
/* { dg-warning "the region swaps .c. with arrays" "" { target *-*-* } 106 } */
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for
        for (int i = 1; i < N - 1; i++)
          c[i] = 2.0 * b[i] - a[i] + 0.1 * (b[i - 1] + b[i + 1]);
#pragma mint single
        {
          double *s = a;
          a = b;
          b = c;
          c = s;
        }
      }
  }
#pragma mint copy(b, fromDevice, N)
}

void
one_step (double *u, double *v)
{
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < N - 1; i++)
      v[i] = 0.5 * (u[i - 1] + u[i + 1]);
#pragma mint single
    {
      double *s = u;
      u = v;
      v = s;
    }
  }
#pragma mint copy(u, fromDevice, N)
}
