/* Time loops the way solvers write them, each against the same loops in
   plain C:
   - a 2-D Jacobi sweep on VLA-typed grids, repeated until the largest
     change (reduction(max) in a second nest every CHECK sweeps) drops
     below a tolerance: the steps between checks are consecutive, the
     check reads both grids;
   - a leapfrog wave equation over three flat grids with macro indices,
     its parameters in a structure, the grids rotated through the
     structure's members;
   - a 3-D heat step with a point source (a condition in the body), on
     float grids: its strength a scalar of the nest that changes every
     step, or stays (level 4 then runs several steps per launch).
   Usage: solver-loops [N]  (default 37).  */
/* { dg-do run } */
/* The wave's strides are w->nx and w->ny, its bounds the locals nx and ny
   copied from them: -Wmint-dependence takes them equal (nothing between
   changes the members) and gives no warning.  */
/* { dg-options "-Wall" } */
#include "mint-test.h"

/* ---- Jacobi until converged ------------------------------------------- */

#define CHECK 5

#define JACOBI(u, y, x)                                                  \
  (0.25 * (u[y][x - 1] + u[y][x + 1] + u[y - 1][x] + u[y + 1][x]))

static int
jacobi_mint (int n, double (*u)[n], double (*v)[n], double tol, int max)
{
  int sweeps = 0;
  double change = INFINITY;
#pragma mint copy(u, toDevice, n, n)
#pragma mint copy(v, toDevice, n, n)
#pragma mint parallel
  {
    while (change > tol && sweeps < max)
      {
#pragma mint for nest(all) tile(32, 8) nowait
        for (int y = 1; y < n - 1; y++)
          for (int x = 1; x < n - 1; x++)
            v[y][x] = JACOBI (u, y, x);
        sweeps++;
        if (sweeps % CHECK == 0)
          {
            change = 0.0;
#pragma mint for nest(all) reduction(max:change)
            for (int y = 1; y < n - 1; y++)
              for (int x = 1; x < n - 1; x++)
                change = fmax (change, fabs (v[y][x] - u[y][x]));
          }
#pragma mint single
        {
          double (*t)[n] = u;
          u = v;
          v = t;
        }
      }
  }
#pragma mint copy(u, fromDevice, n, n)
#pragma mint copy(v, fromDevice, n, n)
  return sweeps;
}

static int
jacobi_cpu (int n, double (*u)[n], double (*v)[n], double tol, int max)
{
  int sweeps = 0;
  double change = INFINITY;
  while (change > tol && sweeps < max)
    {
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          v[y][x] = JACOBI (u, y, x);
      sweeps++;
      if (sweeps % CHECK == 0)
        {
          change = 0.0;
          for (int y = 1; y < n - 1; y++)
            for (int x = 1; x < n - 1; x++)
              change = fmax (change, fabs (v[y][x] - u[y][x]));
        }
      double (*t)[n] = u;
      u = v;
      v = t;
    }
  return sweeps;
}

static int
test_jacobi (int n)
{
  size_t points = (size_t) n * n;
  double (*g[4])[n];
  for (int a = 0; a < 4; a++)
    {
      g[a] = test_xmalloc (points * sizeof (double));
      fill (&g[a][0][0], n, n, 1, 1);
    }
  int sweeps = jacobi_mint (n, g[0], g[1], 1e-3, 400);
  int sweeps_ref = jacobi_cpu (n, g[2], g[3], 1e-3, 400);
  double e = fmax (max_error (&g[0][0][0], &g[2][0][0], points),
                   max_error (&g[1][0][0], &g[3][0][0], points));
  printf ("jacobi: %d sweeps (plain C: %d)\n", sweeps, sweeps_ref);
  int status = test_report ("jacobi until converged", e, TOL_DOUBLE);
  status |= sweeps != sweeps_ref || sweeps < 2 * CHECK;
  for (int a = 0; a < 4; a++)
    free (g[a]);
  return status;
}

/* ---- leapfrog wave equation ------------------------------------------- */

struct wave
{
  int nx, ny, nz;
  double c2;                    /* (c dt / h)^2 */
  double *prev, *cur, *next;
};

#define AT(w, z, y, x) (((z) * (w)->ny + (y)) * (w)->nx + (x))

/* The leapfrog step's value at (x, y, z).  */
#define WAVE(w, z, y, x)                                                 \
  (2.0 * w->cur[AT (w, z, y, x)] - w->prev[AT (w, z, y, x)]              \
   + w->c2 * (w->cur[AT (w, z, y, x - 1)] + w->cur[AT (w, z, y, x + 1)]  \
              + w->cur[AT (w, z, y - 1, x)] + w->cur[AT (w, z, y + 1, x)] \
              + w->cur[AT (w, z - 1, y, x)] + w->cur[AT (w, z + 1, y, x)] \
              - 6.0 * w->cur[AT (w, z, y, x)]))

static void
wave_mint (struct wave *w, int steps)
{
  int nx = w->nx, ny = w->ny, nz = w->nz;
#pragma mint copy(w->prev, toDevice, nx * ny * nz)
#pragma mint copy(w->cur, toDevice, nx * ny * nz)
#pragma mint copy(w->next, toDevice, nx * ny * nz)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all) tile(32, 4, 2) nowait
        for (int z = 1; z < nz - 1; z++)
          for (int y = 1; y < ny - 1; y++)
            for (int x = 1; x < nx - 1; x++)
              w->next[AT (w, z, y, x)] = WAVE (w, z, y, x);
#pragma mint single
        {
          double *t0 = w->prev;
          w->prev = w->cur;
          w->cur = w->next;
          w->next = t0;
        }
      }
  }
#pragma mint copy(w->prev, fromDevice, nx * ny * nz)
#pragma mint copy(w->cur, fromDevice, nx * ny * nz)
#pragma mint copy(w->next, fromDevice, nx * ny * nz)
}

static void
wave_cpu (struct wave *w, int steps)
{
  for (int t = 0; t < steps; t++)
    {
      for (int z = 1; z < w->nz - 1; z++)
        for (int y = 1; y < w->ny - 1; y++)
          for (int x = 1; x < w->nx - 1; x++)
            w->next[AT (w, z, y, x)] = WAVE (w, z, y, x);
      double *t0 = w->prev;
      w->prev = w->cur;
      w->cur = w->next;
      w->next = t0;
    }
}

static int
test_wave (int n)
{
  struct wave w[2];
  size_t points = (size_t) n * n * (n - 4);
  for (int i = 0; i < 2; i++)
    {
      w[i] = (struct wave) { n, n, n - 4, 0.1, NULL, NULL, NULL };
      double **grid[3] = { &w[i].prev, &w[i].cur, &w[i].next };
      for (int a = 0; a < 3; a++)
        {
          *grid[a] = test_xmalloc (points * sizeof (double));
          fill (*grid[a], n, n, n - 4, a);
        }
    }
  wave_mint (&w[0], 7);
  wave_cpu (&w[1], 7);
  double e = fmax (max_error (w[0].prev, w[1].prev, points),
                   fmax (max_error (w[0].cur, w[1].cur, points),
                         max_error (w[0].next, w[1].next, points)));
  int status = test_report ("leapfrog wave, 3 rotated grids", e, TOL_DOUBLE);
  for (int i = 0; i < 2; i++)
    {
      free (w[i].prev);
      free (w[i].cur);
      free (w[i].next);
    }
  return status;
}

/* ---- heat with a changing source -------------------------------------- */

#define HEAT_SOURCE(U, z, y, x, n, s)                                    \
  (0.4f * U[z][y][x]                                                     \
   + 0.1f * (U[z][y][x - 1] + U[z][y][x + 1] + U[z][y - 1][x]            \
             + U[z][y + 1][x] + U[z - 1][y][x] + U[z + 1][y][x])         \
   + ((x) == (n) / 2 && (y) == (n) / 3 && (z) == (n) / 2 ? (s) : 0.0f))

/* The source's strength at step T.  */
static float
strength (int t, int vary)
{
  return vary ? sinf (0.3f * (float) t) : 0.5f;
}

static void
heat_mint (int n, float ***u, float ***v, int steps, int vary)
{
#pragma mint copy(u, toDevice, n, n, n)
#pragma mint copy(v, toDevice, n, n, n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        float s = strength (t, vary);
#pragma mint for nest(all) tile(32, 8, 4) chunksize(1, 1, 4) nowait
        for (int z = 1; z < n - 1; z++)
          for (int y = 1; y < n - 1; y++)
            for (int x = 1; x < n - 1; x++)
              v[z][y][x] = HEAT_SOURCE (u, z, y, x, n, s);
#pragma mint single
        {
          float ***t0 = u;
          u = v;
          v = t0;
        }
      }
  }
#pragma mint copy(u, fromDevice, n, n, n)
#pragma mint copy(v, fromDevice, n, n, n)
}

static void
heat_cpu (int n, float ***u, float ***v, int steps, int vary)
{
  for (int t = 0; t < steps; t++)
    {
      float s = strength (t, vary);
      for (int z = 1; z < n - 1; z++)
        for (int y = 1; y < n - 1; y++)
          for (int x = 1; x < n - 1; x++)
            v[z][y][x] = HEAT_SOURCE (u, z, y, x, n, s);
      float ***t0 = u;
      u = v;
      v = t0;
    }
}

static int
test_heat_source (int n, int vary)
{
  size_t points = (size_t) n * n * n;
  float ***g[4];
  for (int a = 0; a < 4; a++)
    {
      g[a] = alloc3d_float (n, n, n);
      fill (g[a][0][0], n, n, n, 3);
    }
  heat_mint (n, g[0], g[1], 9, vary);
  heat_cpu (n, g[2], g[3], 9, vary);
  double e = fmax (max_error (g[0][0][0], g[2][0][0], points),
                   max_error (g[1][0][0], g[3][0][0], points));
  int status = test_report (vary ? "float heat, changing source"
                            : "float heat, steady source", e, TOL_FLOAT);
  for (int a = 0; a < 4; a++)
    free3d_float (g[a]);
  return status;
}

int
main (int argc, char **argv)
{
  int n = 37;
  test_size_args (argc, argv, 1, &n);
  if (n < 8)
    {
      fprintf (stderr, "solver-loops: N must be at least 8\n");
      return 2;
    }
  int status = test_jacobi (n);
  status |= test_wave (n);
  status |= test_heat_source (n, 1);
  status |= test_heat_source (n, 0);
  return status;
}
