/* Host code of a region that reaches a device array through a pointer
   the analysis follows: a local pointer to a fixed-size array, to a row
   of one, or to one of two arrays (errors, as for the array itself);
   and through a pointer loaded from memory where the function stores
   the array's pointer in memory (a structure member, an array of
   pointers, the address of the array's pointer, a global pointer, a
   copy of the structure that holds it, memcpy): warnings, with a note at
   the store; through a uintptr_t, an error.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

#define N 64

double fixed_u[N], fixed_v[N];
double *monitor;

void
fixed_arrays (int steps)
{
  double w[N][N], seen = 0;
#pragma mint copy(fixed_u, toDevice, N)
#pragma mint copy(w, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for
        for (int i = 0; i < N; i++)
          fixed_u[i] = 0.5 * fixed_u[i] + w[1][i];
        double *q = fixed_u;
        seen += q[N / 2]; /* { dg-error "host code reads an element of .fixed_u. in the .parallel. region" } */
      }
#pragma mint for nest(2)
    for (int j = 0; j < N; j++)
      for (int i = 0; i < N; i++)
        w[j][i] = fixed_u[i];
    double *row = w[N / 2];
    seen += row[3]; /* { dg-error "host code reads an element of .w. in the .parallel. region" } */
  }
#pragma mint copy(fixed_u, fromDevice, N)
  fixed_v[0] = seen;
}

void
chosen_fixed (int t)
{
#pragma mint copy(fixed_u, toDevice, N)
#pragma mint copy(fixed_v, toDevice, N)
#pragma mint parallel
  {
    (t & 1 ? fixed_u : fixed_v)[0] = t; /* { dg-error "host code writes an element of .fixed_u. in the .parallel. region" } */
#pragma mint for
    for (int i = 0; i < N; i++)
      fixed_v[i] = fixed_u[i];
  }
#pragma mint copy(fixed_v, fromDevice, N)
}

struct view
{
  double *p;
};

void
member (double *u, double *v, double *out)
{
  struct view h = { v }; /* { dg-message "the pointer of .v. goes to or comes from memory here, where the analysis does not follow it" } */
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < N; i++)
      v[i] = u[i] + 1;
    out[0] = h.p[3]; /* { dg-warning "host code reads an element of .v. in the .parallel. region" } */
    /* { dg-message ".h.p. may point into .v. here" "" { target *-*-* } 75 } */
  }
#pragma mint copy(v, fromDevice, N)
}

void
pointer_array (double *u, double *v, double *out)
{
  double *grid[2] = { u, v }; /* { dg-message "goes to or comes from memory here, where the analysis" } */
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < N; i++)
      v[i] = u[i] + 1;
    out[0] = grid[1][3]; /* { dg-warning "host code reads an element of .v. in the .parallel. region" } */
  }
#pragma mint copy(v, fromDevice, N)
}

void
pointer_to_pointer (double *u, double *v, double *out)
{
  double **pp = &v; /* { dg-message "goes to or comes from memory here, where the analysis" } */
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < N; i++)
      v[i] = u[i] + 1;
    out[0] = (*pp)[3]; /* { dg-warning "host code reads an element of .v. in the .parallel. region" } */
  }
#pragma mint copy(v, fromDevice, N)
}

void
global_pointer (double *u, double *v, double *out)
{
  monitor = v; /* { dg-message "goes to or comes from memory here, where the analysis" } */
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < N; i++)
      v[i] = u[i] + 1;
    out[0] = monitor[3]; /* { dg-warning "host code reads an element of .v. in the .parallel. region" } */
  }
#pragma mint copy(v, fromDevice, N)
}

struct grid
{
  int n;
  double *u, *v;
};

void
structure_copy (struct grid *g, double *out)
{
  struct grid g2 = *g; /* { dg-message "goes to or comes from memory here, where the analysis" } */
#pragma mint copy(g->u, toDevice, N)
#pragma mint copy(g->v, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < N; i++)
      g->v[i] = g->u[i] + 1;
    out[0] = g2.v[3]; /* { dg-warning "host code reads an element of .g->v. in the .parallel. region" } */
  }
#pragma mint copy(g->v, fromDevice, N)
}

/* Swapping the structure's own pointers lets nothing escape: a host
   array of the structure read in the region gets no warning.  */
struct fields
{
  double *cur, *next, *coef;
};

void
member_swaps (struct fields *f, double *out, int steps)
{
#pragma mint copy(f->cur, toDevice, N)
#pragma mint copy(f->next, toDevice, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for
        for (int i = 1; i < N - 1; i++)
          f->next[i] = 0.5 * (f->cur[i - 1] + f->cur[i + 1]);
        double *tmp = f->cur;
        f->cur = f->next;
        f->next = tmp;
        out[t] = f->coef[t]; /* { dg-bogus "host code reads" } */
      }
  }
#pragma mint copy(f->cur, fromDevice, N)
}

/* The array's pointer copied with memcpy (GCC's MEM <unsigned long> of
   its address), and through an integer.  */
void
laundered (double *u, double *out, int n)
{
#pragma mint copy(u, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      u[i] = u[i] * 3 + 1;
    double *p;
    __builtin_memcpy (&p, &u, sizeof p); /* { dg-message "the pointer of .u. goes to or comes from memory here" } */
    out[0] = p[3]; /* { dg-warning "host code reads an element of .u. in the .parallel. region" } */
    __UINTPTR_TYPE__ a = (__UINTPTR_TYPE__) u;
    out[1] = ((double *) a)[3]; /* { dg-error "host code reads an element of .u. in the .parallel. region" } */
  }
#pragma mint copy(u, fromDevice, n)
}
