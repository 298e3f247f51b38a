/* A Jacobi-like solver whose runs of steps end in level 4's closing launch
   (2 steps in one launch, which gives the grid read a new device copy and
   leaves the points of the other a step behind): runs of 2, 5, 8, 11 and
   20 steps in one region, separated by a barrier, and after some of them
   something that uses the grid left behind or changes the cells outside
   the points: a residual (a reduction over both grids), an update of the
   grid left behind to the host, the host setting a face of the grid read
   next and updating it to the device.  Those are rare enough that the
   closing launches go on (libmintrt stops them where they cost more than
   they save).  The residuals, the grid seen by the host and both grids at
   the end are compared with the plain C loops.
   Usage: temporal-closing [NX NY NZ]  (default 45 31 23).  */
/* { dg-do run } */
#include "mint-test.h"

static int nx, ny, nz;

#define RUNS 12

static const int run_steps[RUNS] = { 2, 8, 5, 20, 2, 11, 8, 2, 20, 5, 8, 2 };

/* After run R: 1, the residual; 2, an update of V to the host; 3, the
   host sets U's face x = 0 and updates it to the device; else only the
   barrier.  U is the grid the next run reads.  */
static int
between (int r)
{
  return r == 3 || r == 8 ? 1 : r == 5 ? 2 : r == 6 ? 3 : 0;
}

#define STAR7(U, z, y, x)                                               \
  (0.4 * U[z][y][x]                                                     \
   + 0.1 * (U[z][y][x - 1] + U[z][y][x + 1] + U[z][y - 1][x]            \
            + U[z][y + 1][x] + U[z - 1][y][x] + U[z + 1][y][x]))
#define HOST_FACE(U, z, y, r) U[z][y][0] = 1.5 - 0.01 * (y) + 0.1 * (r)

/* The residuals after runs 3 and 8, and V as the host saw it after run
   5.  */
struct seen
{
  double residual[2];
  double ***v;
};

static void
solve_mint (double ***U, double ***V, struct seen *seen)
{
  int found = 0;
#pragma mint copy(U, toDevice, nx, ny, nz)
#pragma mint copy(V, toDevice, nx, ny, nz)
#pragma mint parallel
  {
    for (int r = 0; r < RUNS; r++)
      {
        for (int t = 0; t < run_steps[r]; t++)
          {
#pragma mint for nest(all) tile(32, 8, 4) chunksize(1, 1, 4) nowait
            for (int z = 1; z < nz - 1; z++)
              for (int y = 1; y < ny - 1; y++)
                for (int x = 1; x < nx - 1; x++)
                  V[z][y][x] = STAR7 (U, z, y, x);
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
            double residual = 0;
#pragma mint for nest(all) reduction(max:residual)
            for (int z = 1; z < nz - 1; z++)
              for (int y = 1; y < ny - 1; y++)
                for (int x = 1; x < nx - 1; x++)
                  residual = fmax (residual, fabs (U[z][y][x] - V[z][y][x]));
#pragma mint single
            {
              seen->residual[found++] = residual;
            }
          }
        if (between (r) == 2)
          {
#pragma mint update(V, toHost, 0:nx, 0:ny, 0:nz)
#pragma mint single
            {
              memcpy (seen->v[0][0], V[0][0],
                      sizeof (double) * (size_t) nx * ny * nz);
            }
          }
        if (between (r) == 3)
          {
#pragma mint single
            {
              for (int z = 0; z < nz; z++)
                for (int y = 0; y < ny; y++)
                  HOST_FACE (U, z, y, r);
            }
#pragma mint update(U, toDevice, 0:1, 0:ny, 0:nz)
          }
      }
  }
#pragma mint copy(U, fromDevice, nx, ny, nz)
#pragma mint copy(V, fromDevice, nx, ny, nz)
}

static void
solve_cpu (double ***U, double ***V, struct seen *seen)
{
  int found = 0;
  for (int r = 0; r < RUNS; r++)
    {
      for (int t = 0; t < run_steps[r]; t++)
        {
          for (int z = 1; z < nz - 1; z++)
            for (int y = 1; y < ny - 1; y++)
              for (int x = 1; x < nx - 1; x++)
                V[z][y][x] = STAR7 (U, z, y, x);
          double ***tmp = U;
          U = V;
          V = tmp;
        }
      if (between (r) == 1)
        {
          double residual = 0;
          for (int z = 1; z < nz - 1; z++)
            for (int y = 1; y < ny - 1; y++)
              for (int x = 1; x < nx - 1; x++)
                residual = fmax (residual, fabs (U[z][y][x] - V[z][y][x]));
          seen->residual[found++] = residual;
        }
      if (between (r) == 2)
        memcpy (seen->v[0][0], V[0][0],
                sizeof (double) * (size_t) nx * ny * nz);
      if (between (r) == 3)
        for (int z = 0; z < nz; z++)
          for (int y = 0; y < ny; y++)
            HOST_FACE (U, z, y, r);
    }
}

int
main (int argc, char **argv)
{
  int n[3] = { 45, 31, 23 };
  test_size_args (argc, argv, 3, n);
  nx = n[0], ny = n[1], nz = n[2];
  size_t points = (size_t) nx * ny * nz;
  double ***g[4];
  struct seen seen[2];
  for (int a = 0; a < 4; a++)
    {
      g[a] = alloc3d_double (nx, ny, nz);
      fill (g[a][0][0], nx, ny, nz, 1 + a % 2);
    }
  for (int i = 0; i < 2; i++)
    seen[i].v = alloc3d_double (nx, ny, nz);
  solve_mint (g[0], g[1], &seen[0]);
  solve_cpu (g[2], g[3], &seen[1]);
  int status = 0;
  for (int i = 0; i < 2; i++)
    status |= test_report (i ? "residual after run 8" : "residual after run 3",
                           fabs (seen[0].residual[i] - seen[1].residual[i]),
                           TOL_DOUBLE);
  status |= test_report ("the grid left behind, on the host after run 5",
                         max_error (seen[0].v[0][0], seen[1].v[0][0], points),
                         TOL_DOUBLE);
  double e = fmax (max_error (g[0][0][0], g[2][0][0], points),
                   max_error (g[1][0][0], g[3][0][0], points));
  status |= test_report ("both grids at the end", e, TOL_DOUBLE);
  for (int a = 0; a < 4; a++)
    free3d_double (g[a]);
  for (int i = 0; i < 2; i++)
    free3d_double (seen[i].v);
  return status;
}
