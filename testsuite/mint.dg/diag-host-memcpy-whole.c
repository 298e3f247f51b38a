/* GCC folds a memcpy or memmove of a whole array, a row or an element
   of fixed size into an assignment between the arrays' memory
   (MEM <unsigned char[N]> [&u] = MEM <...> [&v]): host code that copies
   a device array so reads and writes its elements, as the call does when
   it is not folded, and gets the same errors; so does a copy through a
   cast to a structure.  A structure assigned whole, or a member array's
   memcpy (MEM <...> [&S + 2560B]), reads or writes its member arrays.
   The bytes of a copied pointer (memcpy (&t, &p, sizeof p), a structure
   holding it) are no elements.  */
/* { dg-do compile } */

#include <string.h>

#define NY 16
#define NX 20

static double u[NY][NX], v[NY][NX], c[NY][NX], keep[NY][NX];
struct grid { double a[NY][NX]; };
struct state { double c[NY][NX], n[NY][NX]; struct { int steps; } info; };
struct view { double *p; int n; };
static struct state S, backup;

/* The kernel of most regions below: v from u.  */
#define V_FROM_U                                        \
  _Pragma ("mint for nest(all)")                        \
  for (int y = 1; y < NY - 1; y++)                      \
    for (int x = 1; x < NX - 1; x++)                    \
      v[y][x] = 0.5 * (u[y][x - 1] + u[y][x + 1]);

void
whole_array (int steps)
{
#pragma mint copy(u, toDevice, NX, NY)
#pragma mint copy(v, toDevice, NX, NY)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        V_FROM_U
        memcpy (keep, v, sizeof keep); /* { dg-error "host code reads an element of .v. in the .parallel. region" } */
        memcpy (u, keep, sizeof u); /* { dg-error "host code writes an element of .u. in the .parallel. region" } */
      }
  }
#pragma mint copy(u, fromDevice, NX, NY)
}

void
row_and_element (void)
{
#pragma mint copy(u, toDevice, NX, NY)
#pragma mint copy(v, toDevice, NX, NY)
#pragma mint parallel
  {
    V_FROM_U
    memmove (keep[2], v[2], sizeof v[2]); /* { dg-error "host code reads an element of .v. in the .parallel. region" } */
    memcpy (&u[3][4], &keep[3][4], sizeof u[3][4]); /* { dg-error "host code writes an element of .u. in the .parallel. region" } */
  }
#pragma mint copy(v, fromDevice, NX, NY)
}

void
structure_cast (void)
{
#pragma mint copy(u, toDevice, NX, NY)
#pragma mint copy(v, toDevice, NX, NY)
#pragma mint parallel
  {
    V_FROM_U
    *(struct grid *) keep = *(struct grid *) v; /* { dg-error "host code reads an element of .v. in the .parallel. region" } */
    *(struct grid *) u = *(struct grid *) keep; /* { dg-error "host code writes an element of .u. in the .parallel. region" } */
  }
#pragma mint copy(v, fromDevice, NX, NY)
}

/* After the region, v is not copied back: the copy reads the host's
   values from before the region.  */
void
after_region (void)
{
#pragma mint copy(u, toDevice, NX, NY)
#pragma mint copy(v, toDevice, NX, NY)
#pragma mint parallel
  {
    V_FROM_U
  }
  memcpy (keep, v, sizeof v); /* { dg-error "reads an element of .v." } */
}

/* Arrays the kernels only read, and arrays the region does not copy,
   may be copied on the host.  */
void
read_only_and_host_arrays (void)
{
#pragma mint copy(c, toDevice, NX, NY)
#pragma mint copy(v, toDevice, NX, NY)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < NY - 1; y++)
      for (int x = 1; x < NX - 1; x++)
        v[y][x] = c[y][x - 1] + c[y][x + 1];
    memcpy (keep, c, sizeof c); /* { dg-bogus "host code" } */
    memcpy (u, keep, sizeof u); /* { dg-bogus "host code" } */
  }
#pragma mint copy(v, fromDevice, NX, NY)
}

/* A swap of the copied pointers through memcpy moves their bytes.  */
void
pointer_bytes (double *p, double *q, int n, int steps)
{
#pragma mint copy(p, toDevice, n)
#pragma mint copy(q, toDevice, n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for
        for (int i = 1; i < n - 1; i++)
          q[i] = 0.5 * (p[i - 1] + p[i + 1]);
        double *s;
        memcpy (&s, &p, sizeof p); /* { dg-bogus "element" } */
        memcpy (&p, &q, sizeof p); /* { dg-bogus "element" } */
        memcpy (&q, &s, sizeof q); /* { dg-bogus "element" } */
      }
  }
#pragma mint copy(p, fromDevice, n)
}

void
structure_members (void)
{
#pragma mint copy(S.c, toDevice, NX, NY)
#pragma mint copy(S.n, toDevice, NX, NY)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < NY - 1; y++)
      for (int x = 1; x < NX - 1; x++)
        S.n[y][x] = 0.5 * (S.c[y][x - 1] + S.c[y][x + 1]);
    memcpy (S.c, keep, sizeof S.c); /* { dg-error "host code writes an element of .S\\.c. in the .parallel. region" } */
    backup = S; /* { dg-error "host code reads an element of .S\\.n. in the .parallel. region" } */
    backup.info = S.info; /* { dg-bogus "element" } */
  }
#pragma mint copy(S.n, fromDevice, NX, NY)
}

void
members_read_only (struct view *v, int steps)
{
  struct view w;
#pragma mint copy(S.c, toDevice, NX, NY)
#pragma mint copy(v->p, toDevice, v->n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for
        for (int i = 1; i < NX - 1; i++)
          v->p[i] = S.c[1][i];
        backup = S; /* { dg-bogus "element" } */
        w = *v; /* { dg-bogus "element" } */
        w.n++;
      }
  }
#pragma mint copy(v->p, fromDevice, v->n)
}
