/* A Jacobi solver of the kind C codes port: a T ** grid whose pointers
   the convergence loop swaps, rows of it and the inner loop's bound set
   between the loops of nest(all), and the change summed in a reduction.
   The statements between the loops move, and the nest runs 2-D; the
   sweeps and the result must be the CPU's.  */
/* { dg-do run } */
#include "mint-test.h"

#define NX 67
#define NY 45

struct grid
{
  int nx, ny;
  double **u, **v;
};

static double **
alloc2 (int nx, int ny)
{
  double **a = test_xmalloc (ny * sizeof *a);
  double *b = test_xmalloc ((size_t) nx * ny * sizeof *b);
  for (int j = 0; j < ny; j++)
    a[j] = b + (size_t) j * nx;
  return a;
}

#define SWEEP(PRAGMA)                                                     \
  while (change > tol && sweeps < max_sweeps)                             \
    {                                                                     \
      change = 0;                                                         \
      PRAGMA (for nest(all) reduction(+:change))                          \
      for (int j = 1; j < ny - 1; j++)                                    \
        {                                                                 \
          const double *up = u[j - 1], *uc = u[j], *dn = u[j + 1];        \
          double *out = v[j];                                             \
          int last = nx - 1;                                              \
          for (int i = 1; i < last; i++)                                  \
            {                                                             \
              out[i] = 0.25 * (uc[i - 1] + uc[i + 1] + up[i] + dn[i]);    \
              change += fabs (out[i] - uc[i]);                            \
            }                                                             \
        }                                                                 \
      double **t = u;                                                     \
      u = v;                                                              \
      v = t;                                                              \
      sweeps++;                                                           \
    }

static int
solve (struct grid *g, double tol, int max_sweeps)
{
  int sweeps = 0, nx = g->nx, ny = g->ny;
  double **u = g->u, **v = g->v, change = 1;
#pragma mint copy(u, toDevice, nx, ny)
#pragma mint copy(v, toDevice, nx, ny)
#pragma mint parallel
  {
    SWEEP (MINT_PRAGMA)
  }
#pragma mint copy(u, fromDevice, nx, ny)
  g->u = u;
  g->v = v;
  return sweeps;
}

static int
solve_plain (struct grid *g, double tol, int max_sweeps)
{
  int sweeps = 0, nx = g->nx, ny = g->ny;
  double **u = g->u, **v = g->v, change = 1;
  SWEEP (NO_PRAGMA)
  g->u = u;
  g->v = v;
  return sweeps;
}

static void
init (struct grid *g)
{
  g->nx = NX;
  g->ny = NY;
  g->u = alloc2 (NX, NY);
  g->v = alloc2 (NX, NY);
  for (int j = 0; j < NY; j++)
    for (int i = 0; i < NX; i++)
      g->u[j][i] = g->v[j][i] = (j == 0) + 2.0 * (i == NX - 1);
}

int
main (void)
{
  struct grid g, r;
  init (&g);
  init (&r);
  int sweeps = solve (&g, 1e-2, 300), want = solve_plain (&r, 1e-2, 300);
  printf ("u[10][20] %.17g\n", g.u[10][20]);
  return test_report_sweeps ("swapped T ** grid", sweeps, want,
                             max_error (g.u[0], r.u[0], NX * NY),
                             TOL_DOUBLE);
}
