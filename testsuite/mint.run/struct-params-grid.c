/* A solver that keeps its parameters and grids in structures: dt, alpha,
   a nested member and a constant-subscript member read by the kernel
   through a const pointer (passed by value at each launch), the loop
   bounds from the grid's members, the grids copied through their members
   (copy(g->u, ...)), a time loop whose single block swaps the members'
   pointers and changes a parameter, the result copied back through the
   member, and a reduction over a member grid.  */
/* { dg-do run } */
#include "mint-test.h"

struct params
{
  double dt, alpha;
  int steps;
  double weights[3];
  struct
  {
    double rate;
  } source;
};

struct grid
{
  int nx, ny, nz;
  double ***u, ***v;
};

#define STEP(g, p, z, y, x)                                              \
  (g->u[z][y][x]                                                         \
   + p->dt * (p->alpha * (g->u[z][y][x - 1] + g->u[z][y][x + 1]          \
                          + g->u[z][y - 1][x] + g->u[z][y + 1][x]        \
                          - 4 * g->u[z][y][x])                           \
              + p->weights[2] * (g->u[z - 1][y][x] + g->u[z + 1][y][x]   \
                                 - 2 * g->u[z][y][x])                    \
              + p->source.rate))

static double
solve_mint (struct params *p, struct grid *g)
{
  double energy = 0;
#pragma mint copy(g->u, toDevice, g->nx, g->ny, g->nz)
#pragma mint copy(g->v, toDevice, g->nx, g->ny, g->nz)
#pragma mint parallel
  {
    for (int t = 0; t < p->steps; t++)
      {
        const struct params *cp = p;
#pragma mint for nest(all) tile(16, 4, 2)
        for (int z = 1; z < g->nz - 1; z++)
          for (int y = 1; y < g->ny - 1; y++)
            for (int x = 1; x < g->nx - 1; x++)
              g->v[z][y][x] = STEP (g, cp, z, y, x);
#pragma mint single
        {
          double ***tmp = g->u;
          g->u = g->v;
          g->v = tmp;
          p->dt *= 0.9;
        }
      }
#pragma mint for nest(all) reduction(+:energy)
    for (int z = 0; z < g->nz; z++)
      for (int y = 0; y < g->ny; y++)
        for (int x = 0; x < g->nx; x++)
          energy += g->u[z][y][x] * g->u[z][y][x] * p->weights[0];
  }
#pragma mint copy(g->u, fromDevice, g->nx, g->ny, g->nz)
  return energy;
}

static double
solve_cpu (struct params *p, struct grid *g)
{
  double energy = 0;
  for (int t = 0; t < p->steps; t++)
    {
      for (int z = 1; z < g->nz - 1; z++)
        for (int y = 1; y < g->ny - 1; y++)
          for (int x = 1; x < g->nx - 1; x++)
            g->v[z][y][x] = STEP (g, p, z, y, x);
      double ***tmp = g->u;
      g->u = g->v;
      g->v = tmp;
      p->dt *= 0.9;
    }
  for (int z = 0; z < g->nz; z++)
    for (int y = 0; y < g->ny; y++)
      for (int x = 0; x < g->nx; x++)
        energy += g->u[z][y][x] * g->u[z][y][x] * p->weights[0];
  return energy;
}

static void
init (struct grid *g, int nx, int ny, int nz)
{
  g->nx = nx, g->ny = ny, g->nz = nz;
  g->u = alloc3d_double (nx, ny, nz);
  g->v = alloc3d_double (nx, ny, nz);
  fill (g->u[0][0], nx, ny, nz, 1);
  fill (g->v[0][0], nx, ny, nz, 2);
}

int
main (void)
{
  struct params p = { 0.1, 0.7, 5, { 0.5, 0.25, 0.3 }, { 0.01 } };
  struct params rp = p;
  struct grid g, rg;
  init (&g, 23, 17, 11);
  init (&rg, 23, 17, 11);
  double e = solve_mint (&p, &g);
  double re = solve_cpu (&rp, &rg);
  size_t n = (size_t) g.nx * g.ny * g.nz;
  printf ("energy %.17g (cpu %.17g), dt %g (cpu %g)\n", e, re, p.dt, rp.dt);
  int status = test_report ("grid", max_error (g.u[0][0], rg.u[0][0], n),
                            TOL_DOUBLE);
  status |= test_report ("energy", max_error (&e, &re, 1), TOL_DOUBLE);
  status |= test_report ("dt", max_error (&p.dt, &rp.dt, 1), TOL_EXACT);
  free3d_double (g.u);
  free3d_double (g.v);
  free3d_double (rg.u);
  free3d_double (rg.v);
  return status;
}
