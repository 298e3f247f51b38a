/* Time loops that level 4 may run several steps per launch (temporal
   blocking): each step reads one grid and writes the other, and the two
   are swapped.  The two grids have different boundary values (in four
   loops the same, or the same but for one point, which a step must not
   take from the other grid), the step counts are odd and even (0 to 20), a
   loop has a barrier between steps,
   one changes a scalar of the nest mid-way, one runs a second nest between
   steps, one swaps only every other step, and in two the host changes a
   row of the newest grid every few steps (an update toHost and toDevice
   while steps run without waiting).  After each loop both grids
   are compared with the plain C loops: the grid a batch of steps reads is
   rewritten by the step after the batch, never left stale.
   Usage: temporal [NX NY NZ]  (default 41 29 19).  */
/* { dg-do run } */
#include "mint-test.h"

static int nx, ny, nz;

#define STAR7(U, z, y, x, C)                                             \
  ((1.0 - 6.0 * (C)) * U[z][y][x]                                       \
   + (C) * (U[z][y][x - 1] + U[z][y][x + 1] + U[z][y - 1][x]             \
            + U[z][y + 1][x] + U[z - 1][y][x] + U[z + 1][y][x]))

/* STEPS steps; a barrier before step BARRIER; coefficient 0.1, 0.12 from
   step CHANGE on; after each step where EXTRA, a second nest scales the
   grid just written; the grids swap after every step, or after every
   second one with HALF_SWAPS.  SHELL 0: the grids differ everywhere; 1:
   the same values; 2: the same but for one boundary point.  After every
   HOST-th step (0: none), the host changes a row of the newest grid.  */
struct loop
{
  int steps, barrier, change, extra, half_swaps, shell, host;
};

#define HOST_ROW(U, x) U[nz / 2][ny / 2][x] = 0.5 * U[nz / 2][ny / 2][x] + 1.0

static void
steps_mint (double ***U, double ***V, const struct loop *l)
{
#pragma mint copy(U, toDevice, nx, ny, nz)
#pragma mint copy(V, toDevice, nx, ny, nz)
#pragma mint parallel
  {
    for (int t = 0; t < l->steps; t++)
      {
        double c = t >= l->change ? 0.12 : 0.1;
        if (t == l->barrier)
          {
#pragma mint barrier
          }
#pragma mint for nest(all) tile(32, 8, 4) chunksize(1, 1, 4) nowait
        for (int z = 1; z < nz - 1; z++)
          for (int y = 1; y < ny - 1; y++)
            for (int x = 1; x < nx - 1; x++)
              V[z][y][x] = STAR7 (U, z, y, x, c);
        if (l->extra)
          {
#pragma mint for nest(all) tile(32, 8, 1) nowait
            for (int z = 1; z < nz - 1; z++)
              for (int y = 1; y < ny - 1; y++)
                for (int x = 1; x < nx - 1; x++)
                  V[z][y][x] = 0.5 * V[z][y][x] + 1.0;
          }
        if (!l->half_swaps || t % 2)
          {
#pragma mint single
            {
              double ***tmp = U;
              U = V;
              V = tmp;
            }
          }
        if (l->host && t % l->host == l->host - 1)
          {
#pragma mint update(U, toHost, 1:nx - 2, ny / 2:1, nz / 2:1)
            for (int x = 1; x < nx - 1; x++)
              HOST_ROW (U, x);
#pragma mint update(U, toDevice, 1:nx - 2, ny / 2:1, nz / 2:1)
          }
      }
  }
#pragma mint copy(U, fromDevice, nx, ny, nz)
#pragma mint copy(V, fromDevice, nx, ny, nz)
}

static void
steps_cpu (double ***U, double ***V, const struct loop *l)
{
  for (int t = 0; t < l->steps; t++)
    {
      double c = t >= l->change ? 0.12 : 0.1;
      for (int z = 1; z < nz - 1; z++)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            V[z][y][x] = STAR7 (U, z, y, x, c);
      if (l->extra)
        for (int z = 1; z < nz - 1; z++)
          for (int y = 1; y < ny - 1; y++)
            for (int x = 1; x < nx - 1; x++)
              V[z][y][x] = 0.5 * V[z][y][x] + 1.0;
      if (!l->half_swaps || t % 2)
        {
          double ***tmp = U;
          U = V;
          V = tmp;
        }
      if (l->host && t % l->host == l->host - 1)
        for (int x = 1; x < nx - 1; x++)
          HOST_ROW (U, x);
    }
}

int
main (int argc, char **argv)
{
  static const struct loop loops[] = {
    { 0, -1, 99, 0, 0 }, { 1, -1, 99, 0, 0 }, { 3, -1, 99, 0, 0 },
    { 4, -1, 99, 0, 0 }, { 7, -1, 99, 0, 0 }, { 8, -1, 99, 0, 0 },
    { 8, 5, 99, 0, 0 }, { 8, -1, 3, 0, 0 }, { 7, -1, 99, 1, 0 },
    { 8, -1, 99, 0, 1 }, { 7, -1, 99, 0, 0, 1 }, { 7, -1, 99, 0, 0, 2 },
    { 13, -1, 99, 0, 0, 0, 5 }, { 14, -1, 99, 0, 0, 1, 4 },
    /* Runs that end in the closing launch of 2 steps.  */
    { 2, -1, 99, 0, 0 }, { 5, -1, 99, 0, 0 }, { 20, -1, 99, 0, 0, 2 },
  };
  int n[3] = { 41, 29, 19 };
  test_size_args (argc, argv, 3, n);
  nx = n[0], ny = n[1], nz = n[2];
  size_t points = (size_t) nx * ny * nz;
  int status = 0;
  for (size_t i = 0; i < sizeof loops / sizeof *loops; i++)
    {
      double ***g[4];
      for (int a = 0; a < 4; a++)
        {
          g[a] = alloc3d_double (nx, ny, nz);
          fill (g[a][0][0], nx, ny, nz, 1 + (loops[i].shell ? 0 : a % 2));
          if (loops[i].shell == 2 && a % 2)
            g[a][nz / 2][ny / 2][0] += 1;
        }
      steps_mint (g[0], g[1], &loops[i]);
      steps_cpu (g[2], g[3], &loops[i]);
      char what[64];
      snprintf (what, sizeof what, "loop %zu, %d steps", i, loops[i].steps);
      double e = fmax (max_error (g[0][0][0], g[2][0][0], points),
                       max_error (g[1][0][0], g[3][0][0], points));
      status |= test_report (what, e, TOL_DOUBLE);
      for (int a = 0; a < 4; a++)
        free3d_double (g[a]);
    }
  return status;
}
