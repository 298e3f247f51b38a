/* Local (automatic) variable-length arrays, double u[ny][nx] and
   double u[nz][ny][nx] in a function body: the gimplifier keeps them
   behind a pointer of its own, which the copies and the kernels must
   take for the same array.  Several steps, each a stencil from one array
   into the other and back.  */
/* { dg-do run } */
#include "mint-test.h"

#define STAR2(a, y, x)                                                    \
  (0.5 * a[y][x] + 0.125 * (a[y][x - 1] + a[y][x + 1] + a[y - 1][x]       \
                            + a[y + 1][x]))
#define STAR3(a, z, y, x)                                                 \
  (0.4 * a[z][y][x] + 0.1 * (a[z][y][x - 1] + a[z][y][x + 1]              \
                             + a[z][y - 1][x] + a[z][y + 1][x]            \
                             + a[z - 1][y][x] + a[z + 1][y][x]))

static int
local_2d (int nx, int ny, int steps)
{
  double u[ny][nx], v[ny][nx], ref[ny][nx], tmp[ny][nx];
  fill (&u[0][0], nx, ny, 1, 1);
  fill (&v[0][0], nx, ny, 1, 2);
  memcpy (ref, u, sizeof ref);
  memcpy (tmp, v, sizeof tmp);

#pragma mint copy(u, toDevice, nx, ny)
#pragma mint copy(v, toDevice, nx, ny)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all) tile(8, 4)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            v[y][x] = STAR2 (u, y, x);
#pragma mint for nest(all)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            u[y][x] = STAR2 (v, y, x);
      }
  }
#pragma mint copy(u, fromDevice, nx, ny)
#pragma mint copy(v, fromDevice, nx, ny)

  for (int t = 0; t < steps; t++)
    {
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          tmp[y][x] = STAR2 (ref, y, x);
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          ref[y][x] = STAR2 (tmp, y, x);
    }
  return test_report ("local double u[ny][nx]",
                      fmax (max_error (&u[0][0], &ref[0][0], nx * ny),
                            max_error (&v[0][0], &tmp[0][0], nx * ny)),
                      TOL_DOUBLE);
}

static int
local_3d (int nx, int ny, int nz, int steps)
{
  double u[nz][ny][nx], v[nz][ny][nx], ref[nz][ny][nx], tmp[nz][ny][nx];
  fill (&u[0][0][0], nx, ny, nz, 3);
  fill (&v[0][0][0], nx, ny, nz, 4);
  memcpy (ref, u, sizeof ref);
  memcpy (tmp, v, sizeof tmp);

#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint copy(v, toDevice, nx, ny, nz)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        for (int z = 1; z < nz - 1; z++)
          for (int y = 1; y < ny - 1; y++)
            for (int x = 1; x < nx - 1; x++)
              v[z][y][x] = STAR3 (u, z, y, x);
#pragma mint for nest(all)
        for (int z = 1; z < nz - 1; z++)
          for (int y = 1; y < ny - 1; y++)
            for (int x = 1; x < nx - 1; x++)
              u[z][y][x] = STAR3 (v, z, y, x);
      }
  }
#pragma mint copy(u, fromDevice, nx, ny, nz)
#pragma mint copy(v, fromDevice, nx, ny, nz)

  for (int t = 0; t < steps; t++)
    {
      for (int z = 1; z < nz - 1; z++)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            tmp[z][y][x] = STAR3 (ref, z, y, x);
      for (int z = 1; z < nz - 1; z++)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            ref[z][y][x] = STAR3 (tmp, z, y, x);
    }
  size_t n = (size_t) nx * ny * nz;
  return test_report ("local double u[nz][ny][nx]",
                      fmax (max_error (&u[0][0][0], &ref[0][0][0], n),
                            max_error (&v[0][0][0], &tmp[0][0][0], n)),
                      TOL_DOUBLE);
}

int
main (int argc, char **argv)
{
  int n[3] = { 37, 21, 13 };
  test_size_args (argc, argv, 3, n);
  return local_2d (n[0], n[1], 3) | local_3d (n[0], n[1], n[2], 3);
}
