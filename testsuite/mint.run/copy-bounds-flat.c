/* Flat arrays indexed through a macro: a copy of fewer elements than the
   loops use (the ghost layers forgotten) stops the program at the first
   launch, naming the array, the elements used and the copy, with or
   without a GPU; built without the plugin it runs to the end.  Copies of
   every element run and compute what the CPU does, with the sizes in a
   structure, an offset base, rows mirrored (a negative coefficient) and
   a 1-D profile indexed by z.  */
/* { dg-do run } */
#include "mint-test.h"

struct grid
{
  int nx, ny, nz;               /* interior points */
};

/* With one ghost layer around the interior.  */
#define CELLS(g) ((long) ((g)->nx + 2) * ((g)->ny + 2) * ((g)->nz + 2))
#define IDX(g, x, y, z) (((z) * ((g)->ny + 2) + (y)) * ((g)->nx + 2) + (x))
#define STAR(u, g, x, y, z)                                               \
  (0.4 * u[IDX (g, x, y, z)]                                              \
   + 0.1 * (u[IDX (g, x - 1, y, z)] + u[IDX (g, x + 1, y, z)]             \
            + u[IDX (g, x, y - 1, z)] + u[IDX (g, x, y + 1, z)]           \
            + u[IDX (g, x, y, z - 1)] + u[IDX (g, x, y, z + 1)]))

/* One step over the interior, U copied with COPIED elements.  */
static void
star_mint (double *v, double *u, const struct grid *g, long copied)
{
#pragma mint copy(u, toDevice, copied)
#pragma mint copy(v, toDevice, CELLS (g))
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 1; z <= g->nz; z++)
      for (int y = 1; y <= g->ny; y++)
        for (int x = 1; x <= g->nx; x++)
          v[IDX (g, x, y, z)] = STAR (u, g, x, y, z);
  }
#pragma mint copy(v, fromDevice, CELLS (g))
}
enum { star_line = __LINE__ - 8 };

/* Every interior row of U at BASE, mirrored in y, times the profile P of
   z, into V; U copied from BASE on.  */
static void
mirror_mint (double *v, double *u, const double *p, const struct grid *g,
             long base)
{
  long row = g->nx + 2;
  double *ub = u + base;
#pragma mint copy(ub, toDevice, CELLS (g) - base)
#pragma mint copy(p, toDevice, g->nz + 2)
#pragma mint copy(v, toDevice, CELLS (g))
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 1; z <= g->nz; z++)
      for (int y = 1; y <= g->ny; y++)
        for (int x = 1; x <= g->nx; x++)
          v[IDX (g, x, y, z)]
            = p[z] * ub[(z * (g->ny + 2) + g->ny + 1 - y) * row + x - 1];
  }
#pragma mint copy(v, fromDevice, CELLS (g))
}

struct child
{
  double *v, *u;
  struct grid g;
};

static void
star_short_copy (void *arg)
{
  struct child *c = arg;
  star_mint (c->v, c->u, &c->g, (long) c->g.nx * c->g.ny * c->g.nz);
}

int
main (void)
{
  struct grid g = { 19, 11, 7 };
  const struct grid *gp = &g;
  long all = CELLS (gp);
  long interior = (long) g.nx * g.ny * g.nz;
  long base = g.nx + 2;
  double *u = test_xmalloc (all * sizeof *u);
  double *v = test_xmalloc (all * sizeof *v);
  double *r = test_xmalloc (all * sizeof *r);
  double *p = test_xmalloc ((g.nz + 2) * sizeof *p);
  for (long i = 0; i < all; i++)
    {
      u[i] = test_value ((int) (i % 23), (int) (i / 23), 1, 3);
      v[i] = r[i] = 0;
    }
  for (int z = 0; z < g.nz + 2; z++)
    p[z] = 1.0 + 0.25 * z;

  char expected[200];
  snprintf (expected, sizeof expected, "copy-bounds-flat.c:%d: kernel "
            "mint_star_mint_%d uses elements %ld to %ld of array u, outside "
            "the %ld elements of its copy (%ldx1x1 elements", star_line,
            star_line, (long) IDX (gp, 1, 1, 0),
            (long) IDX (gp, g.nx, g.ny, g.nz + 1), interior, interior);
  struct child c = { v, u, g };
  int status = test_stops ("copy of the interior's count", star_short_copy,
                           &c, expected, "copy every element the loops use");

  star_mint (v, u, &g, all);
  for (int z = 1; z <= g.nz; z++)
    for (int y = 1; y <= g.ny; y++)
      for (int x = 1; x <= g.nx; x++)
        r[IDX (gp, x, y, z)] = STAR (u, gp, x, y, z);
  int result = test_report ("star", max_error (v, r, all), TOL_DOUBLE);

  mirror_mint (v, u, p, &g, base);
  for (int z = 1; z <= g.nz; z++)
    for (int y = 1; y <= g.ny; y++)
      for (int x = 1; x <= g.nx; x++)
        r[IDX (gp, x, y, z)]
          = p[z] * u[base + (z * (g.ny + 2) + g.ny + 1 - y) * (g.nx + 2)
                     + x - 1];
  result |= test_report ("mirrored rows", max_error (v, r, all), TOL_DOUBLE);
  free (u);
  free (v);
  free (r);
  free (p);
  return result | status;
}
