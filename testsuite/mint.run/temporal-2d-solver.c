/* A 2-D smoother as a solver writes it, which level 4 runs up to 7 steps
   a launch and the steps left of a run in one launch of fewer: float
   grids, flat arrays indexed by a macro with the row length from a
   structure, which also holds the weight and the sweeps of each outer
   iteration; after each iteration's sweeps a nest sums the squared
   differences of the two grids (a reduction, which runs the steps held
   back first, the last 2 in the closing variant, and reads the grid that
   variant leaves a step behind).  Sweeps of 1 to 16 an iteration, so
   that every mix of batches, shorter batches, single steps and closing
   launches runs.  Both grids and every residual are compared with the
   plain C loops.  Usage: temporal-2d-solver [NX NY]  (default 517 203).  */
/* { dg-do run } */
#include "mint-test.h"

struct smoother
{
  int nx, ny;
  float w;
  int sweeps[8];
};

#define IDX(x, y) ((size_t) (y) * s->nx + (x))
#define SWEEP(V, U)                                                        \
  V[IDX (x, y)] = (1.0f - s->w) * U[IDX (x, y)]                            \
                  + 0.25f * s->w * (U[IDX (x - 1, y)] + U[IDX (x + 1, y)]  \
                                    + U[IDX (x, y - 1)] + U[IDX (x, y + 1)])

#define ITERATIONS (int) (sizeof ((struct smoother *) 0)->sweeps / sizeof (int))

/* The outer iterations over U and V, each residual into RES.  */
static void
solve_mint (const struct smoother *s, float *u, float *v, double *res)
{
#pragma mint copy(u, toDevice, s->nx * s->ny)
#pragma mint copy(v, toDevice, s->nx * s->ny)
#pragma mint parallel
  {
    for (int it = 0; it < ITERATIONS; it++)
      {
        for (int t = 0; t < s->sweeps[it]; t++)
          {
#pragma mint for nest(all) nowait
            for (int y = 1; y < s->ny - 1; y++)
              for (int x = 1; x < s->nx - 1; x++)
                SWEEP (v, u);
#pragma mint single
            {
              float *w = u;
              u = v;
              v = w;
            }
          }
        double r = 0;
#pragma mint for nest(all) reduction(+:r)
        for (int y = 1; y < s->ny - 1; y++)
          for (int x = 1; x < s->nx - 1; x++)
            r += (double) (u[IDX (x, y)] - v[IDX (x, y)])
                 * (u[IDX (x, y)] - v[IDX (x, y)]);
#pragma mint single
        {
          res[it] = r;
        }
      }
  }
#pragma mint copy(u, fromDevice, s->nx * s->ny)
#pragma mint copy(v, fromDevice, s->nx * s->ny)
}

static void
solve_cpu (const struct smoother *s, float *u, float *v, double *res)
{
  for (int it = 0; it < ITERATIONS; it++)
    {
      for (int t = 0; t < s->sweeps[it]; t++)
        {
          for (int y = 1; y < s->ny - 1; y++)
            for (int x = 1; x < s->nx - 1; x++)
              SWEEP (v, u);
          float *w = u;
          u = v;
          v = w;
        }
      double r = 0;
      for (int y = 1; y < s->ny - 1; y++)
        for (int x = 1; x < s->nx - 1; x++)
          r += (double) (u[IDX (x, y)] - v[IDX (x, y)])
               * (u[IDX (x, y)] - v[IDX (x, y)]);
      res[it] = r;
    }
}

int
main (int argc, char **argv)
{
  int ext[2] = { 517, 203 };
  test_size_args (argc, argv, 2, ext);
  struct smoother smoother = { ext[0], ext[1], 0.8f,
                               { 16, 1, 9, 2, 5, 8, 3, 6 } }, *s = &smoother;
  size_t n = (size_t) s->nx * s->ny;
  float *a[4];
  for (int k = 0; k < 4; k++)
    {
      a[k] = test_xmalloc (n * sizeof (float));
      fill (a[k], s->nx, s->ny, 1, 1 + k % 2);
    }
  double got[ITERATIONS], want[ITERATIONS];
  solve_mint (s, a[0], a[1], got);
  solve_cpu (s, a[2], a[3], want);
  double e = fmax (max_error (a[0], a[2], n), max_error (a[1], a[3], n));
  for (int it = 0; it < ITERATIONS; it++)
    e = fmax (e, test_relative_error (got[it], want[it]));
  return test_report ("2-D smoother, 8 iterations", e, TOL_FLOAT);
}
