/* Flat grids whose row length is a structure member (w->nx), indexed
   with it in the body, while the loops run to a local copy of it (int
   nx = w->nx), as solvers write them: the copy holds the member's value
   at the nest where nothing between may change the member (mint's own
   directives, an earlier nest's launch, stores of other types, const
   functions, math functions that only set errno), so the rows are told
   apart and no -Wmint-dependence warning is given.  A store to the
   member, a call to a function that may change it, or a store through an
   int pointer between leaves the warning, and so does sqrt before a
   bound read through an int pointer, which may be errno.  The copy
   counts as the member in a subscript too (w->u[AT (w, y, nx - 1)]).  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

#include <math.h>

struct grid
{
  int nx, ny;
  double *cur, *next;
};

void opaque (struct grid *);

#define AT(w, y, x) ((y) * (w)->nx + (x))

void
kept (struct grid *w, int steps)
{
  int nx = w->nx, ny = w->ny;
#pragma mint copy(w->cur, toDevice, nx * ny)
#pragma mint copy(w->next, toDevice, nx * ny)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            w->next[AT (w, y, x)] = fabs (w->cur[AT (w, y, x - 1)]); /* { dg-bogus "cannot prove" } */
#pragma mint single
        {
          double *q = w->cur;
          w->cur = w->next;
          w->next = q;
        }
      }
  }
#pragma mint copy(w->cur, fromDevice, nx * ny)
}

/* The second and third nests of a region: the launches of the nests
   before them change no member.  A call between does.  */
void
later_nests (struct grid *w, double *norm)
{
  const int nx = w->nx, ny = w->ny;
  double sum = 0;
#pragma mint copy(w->cur, toDevice, nx * ny)
#pragma mint copy(w->next, toDevice, nx * ny)
#pragma mint parallel
  {
#pragma mint for nest(all) reduction(+:sum)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        {
          w->next[AT (w, y, x)] = 2.0 * w->cur[AT (w, y, x)];
          sum += w->next[AT (w, y, x)];
        }
#pragma mint for nest(all)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        w->next[AT (w, y, x)] = 0.5 * w->next[AT (w, y, x)]; /* { dg-bogus "cannot prove" } */
#pragma mint for nest(all)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        w->cur[AT (w, y, x)] = w->next[AT (w, y, x)]; /* { dg-bogus "cannot prove" } */
#pragma mint single
    {
      opaque (w); /* { dg-warning "given the structure holding" } */
    }
#pragma mint for nest(all)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        w->next[AT (w, y, x)] = w->cur[AT (w, y, x)]; /* { dg-warning "cannot prove that the points of the parallel loop nest write different elements at .w->next.w->nx.y . x.." } */
  }
#pragma mint copy(w->next, fromDevice, nx * ny)
  *norm = sum;
}

void
stored (struct grid *w)
{
  int nx = w->nx, ny = w->ny;
  w->nx = nx + 1;
#pragma mint copy(w->cur, toDevice, nx * ny)
#pragma mint copy(w->next, toDevice, nx * ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        w->next[AT (w, y, x)] = w->cur[AT (w, y, x)]; /* { dg-warning "cannot prove that the points of the parallel loop nest write different elements" } */
  }
#pragma mint copy(w->next, fromDevice, nx * ny)
}

void
called (struct grid *w)
{
  int nx = w->nx, ny = w->ny;
  opaque (w);
#pragma mint copy(w->cur, toDevice, nx * ny)
#pragma mint copy(w->next, toDevice, nx * ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        w->next[AT (w, y, x)] = w->cur[AT (w, y, x)]; /* { dg-warning "cannot prove that the points of the parallel loop nest write different elements" } */
  }
#pragma mint copy(w->next, fromDevice, nx * ny)
}

void
through_int (struct grid *w, int *count)
{
  int nx = w->nx, ny = w->ny;
  *count = 0;
#pragma mint copy(w->cur, toDevice, nx * ny)
#pragma mint copy(w->next, toDevice, nx * ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        w->next[AT (w, y, x)] = w->cur[AT (w, y, x)]; /* { dg-warning "cannot prove that the points of the parallel loop nest write different elements" } */
  }
#pragma mint copy(w->next, fromDevice, nx * ny)
}

/* sqrt and exp set errno, an int of its own, in an earlier nest (its
   loops stay as the host's fallback) and between the nests.  */
void
errno_math (struct grid *w, double *norm)
{
  int nx = w->nx, ny = w->ny;
  double smax = 0;
#pragma mint copy(w->cur, toDevice, nx * ny)
#pragma mint copy(w->next, toDevice, nx * ny)
#pragma mint parallel
  {
#pragma mint for nest(all) reduction(max:smax)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        smax = fmax (smax, sqrt (w->cur[AT (w, y, x)])
                           + exp (w->next[AT (w, y, x)]));
    double r = sqrt (smax);
#pragma mint for nest(all)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        w->next[AT (w, y, x)] = r * w->cur[AT (w, y, x + 1)]; /* { dg-bogus "cannot prove" } */
  }
#pragma mint copy(w->next, fromDevice, nx * ny)
  *norm = smax;
}

void
errno_through_int (int *pnx, int ny, double *cur, double *next)
{
  int nx = *pnx;
  double r = sqrt (cur[0]);
#pragma mint copy(cur, toDevice, nx * ny)
#pragma mint copy(next, toDevice, nx * ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        next[y * *pnx + x] = r * cur[y * *pnx + x]; /* { dg-warning "cannot prove that the points of the parallel loop nest write different elements" } */
  }
#pragma mint copy(next, fromDevice, nx * ny)
}

/* The x faces of the ghost frame in one nest, rows of w->nx + 2, the
   far face's columns through the copy: w->cur[y * (w->nx + 2) + nx + 1]
   is a row's last element, never another row's first.  */
#define AT2(w, y, x) ((y) * ((w)->nx + 2) + (x))

void
face_through_copy (struct grid *w)
{
  int nx = w->nx, ny = w->ny;
#pragma mint copy(w->cur, toDevice, (nx + 2) * (ny + 2))
#pragma mint parallel
  {
#pragma mint for
    for (int y = 1; y <= ny; y++)
      {
        w->cur[AT2 (w, y, 0)] = w->cur[AT2 (w, y, 1)];
        w->cur[AT2 (w, y, nx + 1)] = w->cur[AT2 (w, y, nx)]; /* { dg-bogus "cannot prove" } */
      }
  }
#pragma mint copy(w->cur, fromDevice, (nx + 2) * (ny + 2))
}

/* The member changes after the copy: nx + 1 may be any column, the
   next row's first too.  */
void
face_member_changed (struct grid *w, int m)
{
  int nx = w->nx, ny = w->ny;
  w->nx = m;
#pragma mint copy(w->cur, toDevice, (nx + 2) * (ny + 2))
#pragma mint parallel
  {
#pragma mint for
    for (int y = 1; y <= ny; y++)
      {
        w->cur[AT2 (w, y, 0)] = w->cur[AT2 (w, y, 1)];
        w->cur[AT2 (w, y, nx + 1)] = w->cur[AT2 (w, y, nx)]; /* { dg-warning "cannot prove" } */
      }
  }
#pragma mint copy(w->cur, fromDevice, (nx + 2) * (ny + 2))
}

/* The other way round: the loops run to the member (p->nx - 1), the
   rows are the local copy's (int nx = p->nx), in a time loop whose
   body changes no int; a store to the member in the time loop leaves
   the warning.  */
struct params
{
  int nx, ny, steps;
};

#define IDX(i, j) ((j) * nx + (i))

void
bounds_through_member (const struct params *p, double *u, double *un)
{
  int nx = p->nx, ny = p->ny;
#pragma mint copy(u, toDevice, nx, ny)
#pragma mint copy(un, toDevice, nx, ny)
#pragma mint parallel
  {
    for (int t = 0; t < p->steps; t++)
      {
#pragma mint for nest(all)
        for (int j = 1; j < p->ny - 1; j++)
          for (int i = 1; i < p->nx - 1; i++)
            un[IDX (i, j)] = 0.5 * (u[IDX (i - 1, j)] + u[IDX (i + 1, j)]); /* { dg-bogus "cannot prove" } */
        double *tmp = u;
        u = un;
        un = tmp;
      }
  }
#pragma mint copy(u, fromDevice, nx, ny)
#pragma mint copy(un, fromDevice, nx, ny)
}

void
bounds_member_grows (struct params *p, double *u, double *un)
{
  int nx = p->nx, ny = p->ny;
#pragma mint copy(u, toDevice, nx, ny)
#pragma mint copy(un, toDevice, nx, ny)
#pragma mint parallel
  {
    for (int t = 0; t < p->steps; t++)
      {
#pragma mint for nest(all)
        for (int j = 1; j < p->ny - 1; j++)
          for (int i = 1; i < p->nx - 1; i++)
            un[IDX (i, j)] = 0.5 * (u[IDX (i - 1, j)] + u[IDX (i + 1, j)]); /* { dg-warning "cannot prove that the points of the parallel loop nest write different elements" } */
        double *tmp = u;
        u = un;
        un = tmp;
        p->nx++;
      }
  }
#pragma mint copy(u, fromDevice, nx, ny)
#pragma mint copy(un, fromDevice, nx, ny)
}
