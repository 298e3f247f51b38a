/* Functions of the program called in loop bodies, each returning the
   value of one expression: a weighted sum with a local constant, helpers
   that call helpers (norm2 calls sq), an index function of a flat grid
   whose extents are structure members (which level 3 delinearizes like the
   macro), a function that reads an element through its pointer
   parameter, an integer helper with a conditional, a floating-point
   conditional (both arms computed, then selected), a logical and, a math
   function in a helper, and a call whose value is not used.  */
/* { dg-do run } */
#include "mint-test.h"

struct grid
{
  int nx, ny, nz;
};

static inline size_t
idx (const struct grid *g, int x, int y, int z)
{
  return ((size_t) z * g->ny + y) * g->nx + x;
}

static inline double
sq (double v)
{
  return v * v;
}

static double
norm2 (double a, double b)
{
  const double half = 0.5;
  double s = sq (a) + sq (b);
  return half * sqrt (s + 1.0);
}

static inline double
at (const double *a, const struct grid *g, int x, int y, int z)
{
  return a[idx (g, x, y, z)];
}

static int
clamp_index (int i, int n)
{
  return i < 0 ? 0 : i >= n ? n - 1 : i;
}

static double
upwind (double v, double l, double r)
{
  return v > 0 ? v * (v - l) : v * (r - v);
}

static int
inside (int i, int n)
{
  return i >= 2 && i < n - 2;
}

double
weighted (double c, double l, double r)
{
  double w = 0.25;
  return (1 - 2 * w) * c + w * (l + r);
}

#define BODY(u, v, g, x, y, z)                                            \
  do                                                                      \
    {                                                                     \
      v[idx (g, x, y, z)]                                                 \
        = weighted (u[idx (g, x, y, z)], at (u, g, x - 1, y, z),          \
                    u[idx (g, x + 1, y, z)])                              \
          + 0.1 * norm2 (at (u, g, x, y - 1, z), u[idx (g, x, y, z + 1)]) \
          + 0.01 * u[idx (g, clamp_index (x - 3, g->nx), y, z - 1)]       \
          + 0.001 * inside (x, g->nx) * upwind (u[idx (g, x, y, z)],      \
                                                at (u, g, x - 1, y, z),   \
                                                at (u, g, x + 1, y, z));  \
      sq (u[idx (g, x, y + 1, z)]);                                       \
    }                                                                     \
  while (0)

static void
step_mint (const struct grid *g, const double *u, double *v)
{
#pragma mint copy(u, toDevice, (size_t) g->nx * g->ny * g->nz)
#pragma mint copy(v, toDevice, (size_t) g->nx * g->ny * g->nz)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 1; z < g->nz - 1; z++)
      for (int y = 1; y < g->ny - 1; y++)
        for (int x = 1; x < g->nx - 1; x++)
          BODY (u, v, g, x, y, z);
  }
#pragma mint copy(v, fromDevice, (size_t) g->nx * g->ny * g->nz)
}

int
main (void)
{
  struct grid g = { 41, 23, 12 };
  size_t n = (size_t) g.nx * g.ny * g.nz;
  double *u = test_xmalloc (n * sizeof *u);
  double *v = test_xmalloc (n * sizeof *v);
  double *ref = test_xmalloc (n * sizeof *ref);
  fill (u, g.nx, g.ny, g.nz, 1);
  fill (v, g.nx, g.ny, g.nz, 2);
  fill (ref, g.nx, g.ny, g.nz, 2);

  step_mint (&g, u, v);
  for (int z = 1; z < g.nz - 1; z++)
    for (int y = 1; y < g.ny - 1; y++)
      for (int x = 1; x < g.nx - 1; x++)
        BODY (u, ref, (&g), x, y, z);

  int status = test_report ("helper functions", max_error (v, ref, n),
                            TOL_DOUBLE);
  free (u);
  free (v);
  free (ref);
  return status;
}
