/* Level 4 in 2-D: time loops that swap two grids, which the temporal
   variant runs three steps a launch (rows of 256 cells a block, 256 rows
   a chunk): a 5-point star, a 9-point box and a radius-2 star (read two
   points away, the loops from 2), over grids of several blocks in x and
   several chunks in y, each with a partial one, for 1 to 9 and 16 steps
   (the batches, the closing launch of 2, a single step, and their
   mixes).  The two grids start
   with different cells outside the points (the blocks at the edges
   reload them at every step), then, in a second region, alike but for
   one cell beside the first row.  Every grid is compared with the plain
   C loops, exactly: without contraction (-ffp-contract=off) the device
   computes what the host does.  Usage: temporal-2d [NX NY]  (default
   613 531).  */
/* { dg-do run } */
/* { dg-options "-ffp-contract=off" } */
#include "mint-test.h"

#define STAR5(U, y, x)                                                    \
  (0.5 * U[y][x] + 0.125 * (U[y][x - 1] + U[y][x + 1] + U[y - 1][x]       \
                            + U[y + 1][x]))
#define BOX9(U, y, x)                                                     \
  (0.2 * U[y][x] + 0.1 * (U[y][x - 1] + U[y][x + 1] + U[y - 1][x]         \
                          + U[y + 1][x])                                  \
   + 0.05 * (U[y - 1][x - 1] + U[y - 1][x + 1] + U[y + 1][x - 1]          \
             + U[y + 1][x + 1]))
#define STAR9(U, y, x)                                                    \
  (0.4 * U[y][x] + 0.1 * (U[y][x - 1] + U[y][x + 1] + U[y - 1][x]         \
                          + U[y + 1][x])                                  \
   + 0.05 * (U[y][x - 2] + U[y][x + 2] + U[y - 2][x] + U[y + 2][x]))

/* STEPS steps of stencil S (0, 1, 2) over U and V; returns the grid that
   holds the last.  */
static void *
steps_mint (int nx, int ny, double (*U)[nx], double (*V)[nx], int s,
            int steps)
{
#pragma mint copy(U, toDevice, nx, ny)
#pragma mint copy(V, toDevice, nx, ny)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        if (s == 0)
          {
#pragma mint for nest(all) tile(64, 8)
            for (int y = 1; y < ny - 1; y++)
              for (int x = 1; x < nx - 1; x++)
                V[y][x] = STAR5 (U, y, x);
          }
        else if (s == 1)
          {
#pragma mint for nest(all) tile(64, 8)
            for (int y = 1; y < ny - 1; y++)
              for (int x = 1; x < nx - 1; x++)
                V[y][x] = BOX9 (U, y, x);
          }
        else
          {
#pragma mint for nest(all) tile(64, 8)
            for (int y = 2; y < ny - 2; y++)
              for (int x = 2; x < nx - 2; x++)
                V[y][x] = STAR9 (U, y, x);
          }
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
steps_cpu (int nx, int ny, double (*U)[nx], double (*V)[nx], int s,
           int steps)
{
  int lo = s == 2 ? 2 : 1;
  for (int t = 0; t < steps; t++)
    {
      for (int y = lo; y < ny - lo; y++)
        for (int x = lo; x < nx - lo; x++)
          V[y][x] = s == 0 ? STAR5 (U, y, x)
                    : s == 1 ? BOX9 (U, y, x) : STAR9 (U, y, x);
      double (*tmp)[nx] = U;
      U = V;
      V = tmp;
    }
  return U;
}

int
main (int argc, char **argv)
{
  static const char *const names[] = { "5-point star", "9-point box",
                                       "radius-2 star" };
  int n[2] = { 613, 531 };
  test_size_args (argc, argv, 2, n);
  int nx = n[0], ny = n[1];
  size_t points = (size_t) nx * ny, bytes = points * sizeof (double);
  double *g[4];
  for (int a = 0; a < 4; a++)
    g[a] = test_xmalloc (bytes);
  static const int runs[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 16 };
  int status = 0;
  for (int same = 0; same < 2; same++)
    for (int s = 0; s < 3; s++)
      for (size_t r = 0; r < sizeof runs / sizeof *runs; r++)
        {
          int steps = runs[r];
          fill (g[0], nx, ny, 1, 1);
          fill (g[1], nx, ny, 1, same ? 1 : 2);
          if (same)
            g[1][nx / 2] += 1.0;
          memcpy (g[2], g[0], bytes);
          memcpy (g[3], g[1], bytes);
          double *last = steps_mint (nx, ny, (double (*)[nx]) g[0],
                                     (double (*)[nx]) g[1], s, steps);
          double *want = steps_cpu (nx, ny, (double (*)[nx]) g[2],
                                    (double (*)[nx]) g[3], s, steps);
          double e = fmax (max_error (g[0], g[2], points),
                           max_error (g[1], g[3], points));
          if ((last == g[0]) != (want == g[2]))
            e = 1.0;
          char what[96];
          snprintf (what, sizeof what, "%s, %d steps, %s outside", names[s],
                    steps, same ? "alike" : "different");
          status |= test_report (what, e, TOL_EXACT);
        }
  for (int a = 0; a < 4; a++)
    free (g[a]);
  return status;
}
