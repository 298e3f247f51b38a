/* A heat time loop that level 4 runs several steps per launch, on grids
   smaller than one of the variant's tiles in some dimension (3 to 5
   points), long in one dimension, or neither, for 11 and 14 steps (two
   and three steps left over after the launches of three), its weights
   read through a pointer to a structure.  Both grids are compared with
   the plain C loops after each run.  */
/* { dg-do run } */
#include "mint-test.h"

struct weights
{
  double centre, side;
};

#define STAR7(U, z, y, x, W)                                             \
  ((W)->centre * U[z][y][x]                                              \
   + (W)->side * (U[z][y][x - 1] + U[z][y][x + 1] + U[z][y - 1][x]       \
                  + U[z][y + 1][x] + U[z - 1][y][x] + U[z + 1][y][x]))

static void
steps_mint (double ***u, double ***v, int nx, int ny, int nz, int steps,
            const struct weights *w)
{
#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint copy(v, toDevice, nx, ny, nz)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all) tile(32, 8, 8) chunksize(1, 1, 8) nowait
        for (int z = 1; z < nz - 1; z++)
          for (int y = 1; y < ny - 1; y++)
            for (int x = 1; x < nx - 1; x++)
              v[z][y][x] = STAR7 (u, z, y, x, w);
#pragma mint single
        {
          double ***tmp = u;
          u = v;
          v = tmp;
        }
      }
  }
#pragma mint copy(u, fromDevice, nx, ny, nz)
#pragma mint copy(v, fromDevice, nx, ny, nz)
}

static void
steps_cpu (double ***u, double ***v, int nx, int ny, int nz, int steps,
           const struct weights *w)
{
  for (int t = 0; t < steps; t++)
    {
      for (int z = 1; z < nz - 1; z++)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            v[z][y][x] = STAR7 (u, z, y, x, w);
      double ***tmp = u;
      u = v;
      v = tmp;
    }
}

int
main (void)
{
  static const int extents[][3] = {
    { 3, 3, 3 }, { 5, 4, 40 }, { 130, 3, 7 }, { 33, 70, 4 }, { 4, 300, 5 },
    { 200, 9, 3 }, { 65, 66, 67 },
  };
  const struct weights w = { 0.4, 0.1 };
  int status = 0;
  for (size_t i = 0; i < sizeof extents / sizeof *extents; i++)
    for (int steps = 11; steps <= 14; steps += 3)
      {
        int nx = extents[i][0], ny = extents[i][1], nz = extents[i][2];
        size_t points = (size_t) nx * ny * nz;
        double ***g[4];
        for (int a = 0; a < 4; a++)
          {
            g[a] = alloc3d_double (nx, ny, nz);
            fill (g[a][0][0], nx, ny, nz, 1 + a % 2);
          }
        steps_mint (g[0], g[1], nx, ny, nz, steps, &w);
        steps_cpu (g[2], g[3], nx, ny, nz, steps, &w);
        char what[64];
        snprintf (what, sizeof what, "%dx%dx%d, %d steps", nx, ny, nz, steps);
        double e = fmax (max_error (g[0][0][0], g[2][0][0], points),
                         max_error (g[1][0][0], g[3][0][0], points));
        status |= test_report (what, e, TOL_DOUBLE);
        for (int a = 0; a < 4; a++)
          free3d_double (g[a]);
      }
  return status;
}
