/* Runs of steps that level 4 may batch (temporal blocking), one after
   another in a region, separated by a barrier and, between some of them,
   by a change of the cells outside the points: the host updates a face
   of the grid written next, another nest writes a face of the grid read
   next, or the nest itself runs a step over a wider box, whose outer
   cells lie outside the steps' points.  The two grids start with the
   same boundary values, so the variant's blocks find the cells outside
   the space alike and pass the values on; after a change they must look
   again, else a step would take a boundary value from the other grid.
   Runs have 8 steps (two batches of 3 and the closing launch of 2, which
   gives the grid read a new device copy: it must hold that grid's cells
   outside the points, changed or not), every third 7 (two batches and a
   step); a tile clause, so that no variant is timed first.  Both grids are compared with the
   plain C loops.  Usage: temporal-runs [NX NY NZ]  (default 41 29 19).  */
/* { dg-do run } */
#include "mint-test.h"

static int nx, ny, nz;

#define RUNS 8

static int
run_steps (int r)
{
  return r % 3 == 2 ? 7 : 8;
}

#define STAR7(U, z, y, x)                                               \
  (0.4 * U[z][y][x]                                                     \
   + 0.1 * (U[z][y][x - 1] + U[z][y][x + 1] + U[z][y - 1][x]            \
            + U[z][y + 1][x] + U[z - 1][y][x] + U[z + 1][y][x]))

/* What comes after run R: 1, the host sets V's face x = 0 and updates it
   to the device; 3 and 6, a nest sets U's face x = nx - 1; 4, a step of
   the nest over the box one point wider on each side, into V; else only
   the barrier.  */
static int
between (int r)
{
  return r == 1 ? 1 : r == 3 || r == 6 ? 3 : r == 4 ? 4 : 0;
}

#define HOST_FACE(V, z, y, r) V[z][y][0] = 2.0 + 0.01 * (z) - 0.1 * (r)
#define NEST_FACE(U, z, y, r) U[z][y][nx - 1] = 0.5 + 0.02 * (y) + (r)

static void
runs_mint (double ***U, double ***V)
{
#pragma mint copy(U, toDevice, nx, ny, nz)
#pragma mint copy(V, toDevice, nx, ny, nz)
#pragma mint parallel
  {
    for (int r = 0; r < RUNS; r++)
      {
        int steps = run_steps (r);
        for (int t = 0; t <= steps; t++)
          {
            /* The steps over 2 .. n - 3; after the last, the wider one
               (lo 1) where between says so.  */
            int lo = t < steps ? 2 : 1;
            if (t == steps && between (r) != 4)
              break;
#pragma mint for nest(all) tile(32, 8, 4) chunksize(1, 1, 4) nowait
            for (int z = lo; z < nz - lo; z++)
              for (int y = lo; y < ny - lo; y++)
                for (int x = lo; x < nx - lo; x++)
                  V[z][y][x] = STAR7 (U, z, y, x);
            if (t == steps)
              break;
#pragma mint single
            {
              double ***tmp = U;
              U = V;
              V = tmp;
            }
          }
#pragma mint barrier
        if (between (r) == 1)
          {
#pragma mint single
            {
              for (int z = 0; z < nz; z++)
                for (int y = 0; y < ny; y++)
                  HOST_FACE (V, z, y, r);
            }
#pragma mint update(V, toDevice, 0:1, 0:ny, 0:nz)
          }
        if (between (r) == 3)
          {
#pragma mint for nest(all)
            for (int z = 0; z < nz; z++)
              for (int y = 0; y < ny; y++)
                NEST_FACE (U, z, y, r);
          }
      }
  }
#pragma mint copy(U, fromDevice, nx, ny, nz)
#pragma mint copy(V, fromDevice, nx, ny, nz)
}

static void
runs_cpu (double ***U, double ***V)
{
  for (int r = 0; r < RUNS; r++)
    {
      int steps = run_steps (r);
      for (int t = 0; t <= steps; t++)
        {
          int lo = t < steps ? 2 : 1;
          if (t == steps && between (r) != 4)
            break;
          for (int z = lo; z < nz - lo; z++)
            for (int y = lo; y < ny - lo; y++)
              for (int x = lo; x < nx - lo; x++)
                V[z][y][x] = STAR7 (U, z, y, x);
          if (t == steps)
            break;
          double ***tmp = U;
          U = V;
          V = tmp;
        }
      if (between (r) == 1)
        for (int z = 0; z < nz; z++)
          for (int y = 0; y < ny; y++)
            HOST_FACE (V, z, y, r);
      if (between (r) == 3)
        for (int z = 0; z < nz; z++)
          for (int y = 0; y < ny; y++)
            NEST_FACE (U, z, y, r);
    }
}

int
main (int argc, char **argv)
{
  int n[3] = { 41, 29, 19 };
  test_size_args (argc, argv, 3, n);
  nx = n[0], ny = n[1], nz = n[2];
  size_t points = (size_t) nx * ny * nz;
  double ***g[4];
  for (int a = 0; a < 4; a++)
    {
      g[a] = alloc3d_double (nx, ny, nz);
      fill (g[a][0][0], nx, ny, nz, 1);
    }
  runs_mint (g[0], g[1]);
  runs_cpu (g[2], g[3]);
  double e = fmax (max_error (g[0][0][0], g[2][0][0], points),
                   max_error (g[1][0][0], g[3][0][0], points));
  int status = test_report ("runs of steps", e, TOL_DOUBLE);
  for (int a = 0; a < 4; a++)
    free3d_double (g[a]);
  return status;
}
