/* Level 4 in 2-D over the ways solvers write a time loop: flat arrays
   indexed by a macro, the grids and the coefficient members of a
   structure, float grids, and the loops in the other order (x outside,
   y inside, over u[y][x]).  Each for 1 to 9 and 16 steps over a grid of
   several blocks and chunks, compared with the plain C loops exactly
   (-ffp-contract=off).  Usage: temporal-2d-forms [NX NY]  (default 530
   517).  */
/* { dg-do run } */
/* { dg-options "-ffp-contract=off" } */
#include "mint-test.h"

#define IX(y, x) ((size_t) (y) * nx + (x))
#define FLAT5(u, y, x)                                                    \
  (0.6 * u[IX (y, x)] + 0.1 * (u[IX (y, x - 1)] + u[IX (y, x + 1)]        \
                               + u[IX (y - 1, x)] + u[IX (y + 1, x)]))

static double *
flat_mint (int nx, int ny, double *u, double *v, int steps)
{
#pragma mint copy(u, toDevice, nx * ny)
#pragma mint copy(v, toDevice, nx * ny)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            v[IX (y, x)] = FLAT5 (u, y, x);
#pragma mint single
        {
          double *tmp = u;
          u = v;
          v = tmp;
        }
      }
  }
#pragma mint copy(u, fromDevice, nx * ny)
#pragma mint copy(v, fromDevice, nx * ny)
  return u;
}

static double *
flat_cpu (int nx, int ny, double *u, double *v, int steps)
{
  for (int t = 0; t < steps; t++)
    {
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          v[IX (y, x)] = FLAT5 (u, y, x);
      double *tmp = u;
      u = v;
      v = tmp;
    }
  return u;
}

struct grid
{
  int nx, ny;
  float (*u)[530], (*v)[530];
  float centre, side, corner;
};

#define BOX9F(g, U, y, x)                                                 \
  (g->centre * U[y][x]                                                    \
   + g->side * (U[y][x - 1] + U[y][x + 1] + U[y - 1][x] + U[y + 1][x])    \
   + g->corner * (U[y - 1][x - 1] + U[y - 1][x + 1] + U[y + 1][x - 1]     \
                  + U[y + 1][x + 1]))

static void
grid_mint (struct grid *g, int steps)
{
  float (*u)[530] = g->u, (*v)[530] = g->v;
  int nx = g->nx, ny = g->ny;
#pragma mint copy(u, toDevice, nx, ny)
#pragma mint copy(v, toDevice, nx, ny)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            v[y][x] = BOX9F (g, u, y, x);
#pragma mint single
        {
          float (*tmp)[530] = u;
          u = v;
          v = tmp;
        }
      }
  }
#pragma mint copy(u, fromDevice, nx, ny)
#pragma mint copy(v, fromDevice, nx, ny)
  g->u = u;
  g->v = v;
}

static void
grid_cpu (struct grid *g, int steps)
{
  for (int t = 0; t < steps; t++)
    {
      for (int y = 1; y < g->ny - 1; y++)
        for (int x = 1; x < g->nx - 1; x++)
          g->v[y][x] = BOX9F (g, g->u, y, x);
      float (*tmp)[530] = g->u;
      g->u = g->v;
      g->v = tmp;
    }
}

#define STAR5(U, y, x)                                                    \
  (0.3 * U[y][x] + 0.2 * (U[y][x - 1] + U[y][x + 1])                      \
   + 0.15 * (U[y - 1][x] + U[y + 1][x]))

static void *
swapped_mint (int nx, int ny, double (*U)[nx], double (*V)[nx], int steps)
{
#pragma mint copy(U, toDevice, nx, ny)
#pragma mint copy(V, toDevice, nx, ny)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        for (int x = 1; x < nx - 1; x++)
          for (int y = 1; y < ny - 1; y++)
            V[y][x] = STAR5 (U, y, x);
#pragma mint single
        {
          double (*tmp)[nx] = U;
          U = V;
          V = tmp;
        }
      }
  }
#pragma mint copy(U, fromDevice, nx, ny)
#pragma mint copy(V, fromDevice, nx, ny)
  return U;
}

static void *
swapped_cpu (int nx, int ny, double (*U)[nx], double (*V)[nx], int steps)
{
  for (int t = 0; t < steps; t++)
    {
      for (int x = 1; x < nx - 1; x++)
        for (int y = 1; y < ny - 1; y++)
          V[y][x] = STAR5 (U, y, x);
      double (*tmp)[nx] = U;
      U = V;
      V = tmp;
    }
  return U;
}

/* Both pairs A (mint's) and B (the loops') equal, and the two grids
   holding the last step the same ones.  */
#define SAME_PAIRS(a0, a1, b0, b1, n, last_a, last_b)                     \
  (((last_a) == (a0)) != ((last_b) == (b0))                               \
   ? 1.0 : fmax (max_error (a0, b0, n), max_error (a1, b1, n)))

int
main (int argc, char **argv)
{
  int n[2] = { 530, 517 };
  test_size_args (argc, argv, 2, n);
  int nx = n[0], ny = n[1];
  size_t points = (size_t) nx * ny;
  static const int runs[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 16 };
  int status = 0;
  for (size_t r = 0; r < sizeof runs / sizeof *runs; r++)
    {
      int steps = runs[r];
      char what[64];
      double *d[4];
      for (int a = 0; a < 4; a++)
        {
          d[a] = test_xmalloc (points * sizeof *d[a]);
          fill (d[a], nx, ny, 1, 1 + a % 2);
        }
      void *last_a = flat_mint (nx, ny, d[0], d[1], steps);
      void *last_b = flat_cpu (nx, ny, d[2], d[3], steps);
      snprintf (what, sizeof what, "flat, macro indices, %d steps", steps);
      status |= test_report (what, SAME_PAIRS (d[0], d[1], d[2], d[3],
                                               points, last_a, last_b),
                             TOL_EXACT);
      for (int a = 0; a < 4; a++)
        fill (d[a], nx, ny, 1, 3 + a % 2);
      last_a = swapped_mint (nx, ny, (double (*)[nx]) d[0],
                             (double (*)[nx]) d[1], steps);
      last_b = swapped_cpu (nx, ny, (double (*)[nx]) d[2],
                            (double (*)[nx]) d[3], steps);
      snprintf (what, sizeof what, "loops x then y, %d steps", steps);
      status |= test_report (what, SAME_PAIRS (d[0], d[1], d[2], d[3],
                                               points, last_a, last_b),
                             TOL_EXACT);
      for (int a = 0; a < 4; a++)
        free (d[a]);

      /* The structure's grids: 530 cells a row, NY rows.  */
      size_t cells = (size_t) 530 * ny;
      float *f[4];
      for (int a = 0; a < 4; a++)
        {
          f[a] = test_xmalloc (cells * sizeof *f[a]);
          fill (f[a], 530, ny, 1, 5 + a % 2);
        }
      struct grid ga = { 530, ny, (float (*)[530]) f[0],
                         (float (*)[530]) f[1], 0.2f, 0.15f, 0.05f };
      struct grid gb = { 530, ny, (float (*)[530]) f[2],
                         (float (*)[530]) f[3], 0.2f, 0.15f, 0.05f };
      grid_mint (&ga, steps);
      grid_cpu (&gb, steps);
      snprintf (what, sizeof what, "float, a structure's members, %d steps",
                steps);
      status |= test_report (what, SAME_PAIRS (f[0], f[1], f[2], f[3], cells,
                                               (float *) ga.u,
                                               (float *) gb.u), TOL_EXACT);
      for (int a = 0; a < 4; a++)
        free (f[a]);
    }
  return status;
}
