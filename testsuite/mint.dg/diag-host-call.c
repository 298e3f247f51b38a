/* Host code of a parallel region that gives a function an array the
   region's kernels write (its pointer, or an element's or a row's
   address) lets the function see the host's out-of-date copy: an error
   at the call, once per array, unless the region moves the array with
   update.  A function that may write an array the kernels only read (a
   parameter not const) gets a warning: the kernels would not see the
   write.  So does one given a structure that holds a device array: it
   may only swap the pointers, which is fine.  Swapping the arrays'
   pointers through their addresses, and read-only (const) access to
   arrays no kernel writes, are fine.  */
/* { dg-do compile } */

#include <string.h>

#define N 64

struct grid { double *u, *v; int n; };

double sum (const double *a, int n);
void scale (double *a, int n);
void swap (double **a, double **b);
void swap_grid (struct grid *g);
void by_value (struct grid g);
void show (const struct grid *g);
double probe3d (double ***a);
double row_sum (const double (*a)[N]);

void
flat (double *u, double *v, const double *coef, double *h, int steps)
{
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint copy(coef, toDevice, N)
#pragma mint parallel
  {
    double s = sum (coef, N);           /* read-only, no kernel writes coef */
    for (int t = 0; t < steps; t++)
      {
#pragma mint for
        for (int i = 1; i < N - 1; i++)
          v[i] = coef[i] * (u[i - 1] + u[i + 1]);
        s += sum (v + 1, N - 2); /* { dg-error "the call to .sum. can reach the elements of .v. in the .parallel. region, where kernels write the array on the device: the function would see the out-of-date copy on the host" } */
        memcpy (h, v, sizeof (double)); /* v: reported once */
        scale ((double *) coef, N); /* { dg-warning "the call to .scale. can write the elements of .coef. in the .parallel. region, where the array lives on the device: the kernels would not see a write" } */
        swap (&u, &v);                  /* the pointers, not the elements */
      }
    h[1] = s;
  }
#pragma mint copy(u, fromDevice, N)
}

/* Through a local pointer that holds nothing but the array's pointer.  */
void
alias (double *u, double *v)
{
  double *w = v;
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < N - 1; i++)
      v[i] = u[i];
    double r = sum (w + 1, N - 2); /* { dg-error "the call to .sum. can reach the elements of .v." } */
    (void) r;
  }
#pragma mint copy(v, fromDevice, N)
}

void
members (struct grid *g, void (*hook) (double *))
{
#pragma mint copy(g->u, toDevice, N)
#pragma mint copy(g->v, toDevice, N)
#pragma mint parallel
  {
    for (int t = 0; t < 4; t++)
      {
#pragma mint for
        for (int i = 1; i < N - 1; i++)
          g->v[i] = 0.5 * (g->u[i - 1] + g->u[i + 1]);
        hook (g->v); /* { dg-error "the call to .hook. can reach the elements of .g->v." } */
        swap (&g->u, &g->v);
      }
    show (g); /* { dg-warning "the call to .show. is given the structure holding .g->u. in the .parallel. region, where the array lives on the device: if the function reads or writes its elements, it uses the copy on the host" } */
    /* g->v is reported once, at hook.  */
  }
#pragma mint copy(g->u, fromDevice, N)
}

void
structure_copy (struct grid *g)
{
  struct grid s = *g;
#pragma mint copy(s.u, toDevice, N)
#pragma mint copy(s.v, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < N - 1; i++)
      s.v[i] = s.u[i];
    swap_grid (&s); /* { dg-warning "the call to .swap_grid. is given the structure holding .s.v." } */
    /* { dg-warning "the call to .swap_grid. is given the structure holding .s.u." "" { target *-*-* } 102 } */
  }
#pragma mint copy(s.v, fromDevice, N)
}

void
three_d (double ***a, double ***b, int n)
{
#pragma mint copy(a, toDevice, n, n, n)
#pragma mint copy(b, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 1; z < n - 1; z++)
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          b[z][y][x] = a[z][y][x];
    double p = probe3d (a);     /* { dg-warning "the call to .probe3d. can write the elements of .a." } */
    p += sum (b[1][2], n); /* { dg-error "the call to .sum. can reach the elements of .b." } */
    a[0][0][0] = p; /* { dg-error "host code writes an element of .a." } */
  }
#pragma mint copy(b, fromDevice, n, n, n)
}

void
structure_by_value (struct grid s)
{
#pragma mint copy(s.u, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < N - 1; i++)
      s.u[i] = 2.0 * s.u[i];
    by_value (s); /* { dg-warning "the call to .by_value. is given the structure holding .s.u." } */
  }
#pragma mint copy(s.u, fromDevice, N)
}

double fixed[N][N];

void
fixed_size (void)
{
#pragma mint copy(fixed, toDevice, N, N)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < N - 1; y++)
      for (int x = 1; x < N - 1; x++)
        fixed[y][x] = 0.25 * fixed[y][x];
    double r = row_sum (fixed); /* { dg-error "the call to .row_sum. can reach the elements of .fixed." } */
    (void) r;
  }
#pragma mint copy(fixed, fromDevice, N, N)
}

/* With update, the program moves the data itself.  */
void
with_update (double *u, double *v, int steps)
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
#pragma mint update(v, toHost, 0:N)
        scale (v, N);
#pragma mint update(v, toDevice, 0:N)
        swap (&u, &v);
      }
  }
#pragma mint copy(u, fromDevice, N)
}
