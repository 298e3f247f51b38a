/* Host code after a region that does not copy an array back, calling a
   function given a structure that may hold the array's pointer (by value,
   by address, or through a pointer), where the program stored the
   pointer in that structure or loaded it from there: the function may
   read the elements, whose host copy is from before the region; so may
   a function given the address of the array's pointer.  A
   warning at the call, as for an element read through a pointer loaded
   from memory; none where the region copies the array back, nor for a
   structure that holds no pointer to such elements.  */
/* { dg-do compile } */

#include <stdlib.h>

struct grid
{
  double *u;
  int n;
};
struct sizes
{
  int nx, ny;
};

double sum (struct grid g);
double sum_at (const struct grid *g);
int cells (struct sizes s);
double sum_through (double **p);

double
loaded (void)
{
  struct grid g = { malloc (100 * sizeof (double)), 100 };
  double *u = g.u;
#pragma mint copy(u, toDevice, 100)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < 100; i++)
      u[i] = 2 * u[i];
  }
  return sum (g); /* { dg-warning "host code reads, through a pointer loaded from memory, an element that may be of .u. after the .parallel. region" } */
}

double
stored (void)
{
  double *u = malloc (100 * sizeof (double));
  struct grid g;
  struct sizes s = { 10, 10 };
  g.u = u;
  g.n = 100;
#pragma mint copy(u, toDevice, 100)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < 100; i++)
      u[i] = 2 * u[i];
  }
  double r = cells (s);
  return r + sum_at (&g); /* { dg-warning "an element that may be of .u." } */
}

double
through_pointer (struct grid *p)
{
  double *u = p->u;
#pragma mint copy(u, toDevice, 100)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < 100; i++)
      u[i] = 2 * u[i];
  }
  return sum_at (p); /* { dg-warning "an element that may be of .u." } */
}

double
copied_back (void)
{
  double *u = malloc (100 * sizeof (double));
  struct grid g;
  g.u = u;
  g.n = 100;
#pragma mint copy(u, toDevice, 100)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < 100; i++)
      u[i] = 2 * u[i];
  }
#pragma mint copy(u, fromDevice, 100)
  return sum (g);
}

double
address (void)
{
  double *u = calloc (100, sizeof (double));
#pragma mint copy(u, toDevice, 100)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < 100; i++)
      u[i] = 2 * u[i] + 1;
  }
  return sum_through (&u); /* { dg-warning "an element that may be of .u." } */
}

/* In a region: a function of the file given the addresses of the
   pointers that only swaps them gets none; one that reads an element
   through the address it is given is the error for a call given the
   array.  */
static void
swap_pointers (double **a, double **b)
{
  double *t = *a;
  *a = *b;
  *b = t;
}

static double
first_through (double **p)
{
  return (*p)[0];
}

double
swapped_in_region (double *u, double *v, int steps)
{
  double s = 0;
#pragma mint copy(u, toDevice, 100)
#pragma mint copy(v, toDevice, 100)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for
        for (int i = 1; i < 99; i++)
          v[i] = 0.5 * (u[i - 1] + u[i + 1]);
        swap_pointers (&u, &v);
        s += first_through (&v); /* { dg-error "the call to .first_through. can reach the elements of .v. in the .parallel. region" } */
      }
  }
#pragma mint copy(u, fromDevice, 100)
#pragma mint copy(v, fromDevice, 100)
  return s;
}
