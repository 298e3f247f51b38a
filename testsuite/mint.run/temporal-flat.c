/* Level 4's batches of steps over flat arrays, as index macros write a
   solver: `v[IDX (x, y, z)]' with the strides of the subscript
   (nx, nx * ny) in place of libmintrt's pitches.  The extents are
   parameters of a structure; the two grids differ outside the points (in
   one loop they are the same there, but for one cell beside z = 0); step
   counts odd and even, a time loop run twice over the same arrays, and a
   grid whose z stride is given as a product in the other order
   (IDX_ZY), which makes the two layouts differ in how they are written,
   not in what they are.  Both grids are compared with the plain C loops
   after each loop.  Usage: temporal-flat [NX NY NZ]  (default 45 31 21).  */
/* { dg-do run } */
#include "mint-test.h"

struct grid
{
  int nx, ny, nz;
  double c;
};

#define IDX(x, y, z) (((size_t) (z) * g->ny + (y)) * g->nx + (x))
#define IDX_ZY(x, y, z) ((size_t) (z) * (g->nx * g->ny) + (size_t) (y) * g->nx + (x))
#define STEP(V, U, I)                                                     \
  V[I (x, y, z)] = (1.0 - 6.0 * g->c) * U[I (x, y, z)]                    \
                   + g->c * (U[I (x - 1, y, z)] + U[I (x + 1, y, z)]     \
                             + U[I (x, y - 1, z)] + U[I (x, y + 1, z)]     \
                             + U[I (x, y, z - 1)] + U[I (x, y, z + 1)])

/* STEPS steps, twice, the grids swapped after each; ORDER 1 writes the
   step's index as IDX_ZY.  Returns the grid of the last step.  */
static double *
steps_mint (const struct grid *g, double *u, double *v, int steps, int order)
{
#pragma mint copy(u, toDevice, g->nx * g->ny * g->nz)
#pragma mint copy(v, toDevice, g->nx * g->ny * g->nz)
#pragma mint parallel
  {
    for (int run = 0; run < 2; run++)
      for (int t = 0; t < steps; t++)
        {
          if (order)
            {
#pragma mint for nest(all) nowait
              for (int z = 1; z < g->nz - 1; z++)
                for (int y = 1; y < g->ny - 1; y++)
                  for (int x = 1; x < g->nx - 1; x++)
                    STEP (v, u, IDX_ZY);
            }
          else
            {
#pragma mint for nest(all) nowait
              for (int z = 1; z < g->nz - 1; z++)
                for (int y = 1; y < g->ny - 1; y++)
                  for (int x = 1; x < g->nx - 1; x++)
                    STEP (v, u, IDX);
            }
#pragma mint single
          {
            double *w = u;
            u = v;
            v = w;
          }
        }
  }
#pragma mint copy(u, fromDevice, g->nx * g->ny * g->nz)
#pragma mint copy(v, fromDevice, g->nx * g->ny * g->nz)
  return u;
}

static double *
steps_cpu (const struct grid *g, double *u, double *v, int steps)
{
  for (int run = 0; run < 2; run++)
    for (int t = 0; t < steps; t++)
      {
        for (int z = 1; z < g->nz - 1; z++)
          for (int y = 1; y < g->ny - 1; y++)
            for (int x = 1; x < g->nx - 1; x++)
              STEP (v, u, IDX);
        double *w = u;
        u = v;
        v = w;
      }
  return u;
}

int
main (int argc, char **argv)
{
  /* Steps per run, whether the grids agree outside the points but for
     one cell, the index's spelling.  */
  static const int loops[][3] = { { 1, 0, 0 }, { 4, 0, 0 }, { 7, 0, 0 },
                                  { 10, 1, 0 }, { 9, 0, 1 } };
  int ext[3] = { 45, 31, 21 };
  test_size_args (argc, argv, 3, ext);
  struct grid grid = { ext[0], ext[1], ext[2], 0.11 }, *g = &grid;
  size_t n = (size_t) g->nx * g->ny * g->nz;
  int status = 0;
  for (size_t i = 0; i < sizeof loops / sizeof *loops; i++)
    {
      double *a[4];
      for (int k = 0; k < 4; k++)
        {
          a[k] = test_xmalloc (n * sizeof (double));
          fill (a[k], g->nx, g->ny, g->nz, 1 + (loops[i][1] ? 0 : k % 2));
          if (loops[i][1] && k % 2)
            a[k][IDX (g->nx / 2, g->ny / 2, 0)] += 1;
        }
      double *got = steps_mint (g, a[0], a[1], loops[i][0], loops[i][2]);
      double *want = steps_cpu (g, a[2], a[3], loops[i][0]);
      char what[64];
      snprintf (what, sizeof what, "loop %zu, 2 x %d steps", i, loops[i][0]);
      double e = fmax (max_error (a[0], a[2], n), max_error (a[1], a[3], n));
      if ((got == a[0]) != (want == a[2]))
        e = 1;
      status |= test_report (what, e, TOL_DOUBLE);
      for (int k = 0; k < 4; k++)
        free (a[k]);
    }
  return status;
}
