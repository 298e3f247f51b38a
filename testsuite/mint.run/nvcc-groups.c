/* The kernels of a file in groups, each compiled by an nvcc run of its own
   into an image of its own (-fplugin-arg-mint-nvcc-group-size=1: a group
   a nest), launched in turns in one time loop and from a second function:
   each kernel runs from its own group's image.  */
/* { dg-do run } */
/* { dg-options "-Wall -fplugin-arg-mint-nvcc-group-size=1" } */
#include "mint-test.h"

#define STEPS 3
#define STAR(u, z, y, x)                                                 \
  (0.4 * u[z][y][x] + 0.1 * (u[z][y][x - 1] + u[z][y][x + 1]             \
                             + u[z][y - 1][x] + u[z][y + 1][x]           \
                             + u[z - 1][y][x] + u[z + 1][y][x]))
#define SHIFT(u, v, z, y, x) (0.5 * u[z][y][x + 1] + 0.25 * v[z - 1][y][x])
#define MIX(u, v, w, z, y, x)                                            \
  (u[z][y][x] - 0.3 * v[z][y][x] + 0.2 * w[z][y + 1][x])

static void
evolve_mint (int nx, int ny, int nz, double (*u)[ny][nx],
             double (*v)[ny][nx], double (*w)[ny][nx])
{
#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint copy(v, toDevice, nx, ny, nz)
#pragma mint copy(w, toDevice, nx, ny, nz)
#pragma mint parallel
  {
    for (int t = 0; t < STEPS; t++)
      {
#pragma mint for nest(all)
        for (int z = 1; z < nz - 1; z++)
          for (int y = 1; y < ny - 1; y++)
            for (int x = 1; x < nx - 1; x++)
              v[z][y][x] = STAR (u, z, y, x);
#pragma mint for nest(all) tile(16, 4, 2)
        for (int z = 1; z < nz - 1; z++)
          for (int y = 1; y < ny - 1; y++)
            for (int x = 1; x < nx - 1; x++)
              w[z][y][x] = SHIFT (u, v, z, y, x);
#pragma mint for nest(2)
        for (int z = 1; z < nz - 1; z++)
          for (int y = 1; y < ny - 1; y++)
            for (int x = 1; x < nx - 1; x++)
              u[z][y][x] = MIX (u, v, w, z, y, x);
      }
  }
#pragma mint copy(u, fromDevice, nx, ny, nz)
}

static void
scale_mint (int nx, int ny, int nz, double (*u)[ny][nx])
{
#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 0; z < nz; z++)
      for (int y = 0; y < ny; y++)
        for (int x = 0; x < nx; x++)
          u[z][y][x] = 1.5 * u[z][y][x] - 0.25;
  }
#pragma mint copy(u, fromDevice, nx, ny, nz)
}

int
main (void)
{
  int nx = 35, ny = 27, nz = 19;
  double (*m[6])[ny][nx];
  for (int k = 0; k < 6; k++)
    {
      m[k] = test_xmalloc (sizeof (double[nz][ny][nx]));
      fill (&m[k][0][0][0], nx, ny, nz, k % 3);
    }
  double (*u)[ny][nx] = m[3], (*v)[ny][nx] = m[4], (*w)[ny][nx] = m[5];

  scale_mint (nx, ny, nz, m[0]);
  evolve_mint (nx, ny, nz, m[0], m[1], m[2]);
  scale_mint (nx, ny, nz, m[0]);

  for (int z = 0; z < nz; z++)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++)
        u[z][y][x] = 1.5 * u[z][y][x] - 0.25;
  for (int t = 0; t < STEPS; t++)
    {
      for (int z = 1; z < nz - 1; z++)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            v[z][y][x] = STAR (u, z, y, x);
      for (int z = 1; z < nz - 1; z++)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            w[z][y][x] = SHIFT (u, v, z, y, x);
      for (int z = 1; z < nz - 1; z++)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            u[z][y][x] = MIX (u, v, w, z, y, x);
    }
  for (int z = 0; z < nz; z++)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++)
        u[z][y][x] = 1.5 * u[z][y][x] - 0.25;

  int status = test_report ("kernels of four groups",
                            max_error (&m[0][0][0][0], &u[0][0][0],
                                       nx * ny * nz), TOL_DOUBLE);
  for (int k = 0; k < 6; k++)
    free (m[k]);
  return status;
}
