/* copy extents written as array elements (dims[0]), struct members through
   a pointer (p->nx) and directly (s.nx), macros and arithmetic.  */
/* { dg-do run } */
#include "mint-test.h"

#define HALO 1
#define INTERIOR_X 35

struct extent
{
  int nx, ny, nz;
};

#define STENCIL(a, z, y, x)                                              \
  (a[z][y][x] - 0.3 * a[z][y][x + 1] + 0.2 * a[z - 1][y][x]              \
   + 0.1 * a[z][y - 1][x])

static void
compute_mint (double ***a, double ***b, double ***c, const int *dims,
              const struct extent *p, struct extent s)
{
  int nx = dims[0], ny = dims[1], nz = dims[2];
#pragma mint copy(a, toDevice, dims[0], dims[1], dims[2])
#pragma mint copy(b, toDevice, p->nx, p->ny, p->nz)
#pragma mint copy(c, toDevice, INTERIOR_X + 2 * HALO, s.ny, s.nz * 1)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          b[z][y][x] = STENCIL (a, z, y, x);
#pragma mint for nest(all)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          c[z][y][x] = STENCIL (b, z, y, x);
  }
#pragma mint copy(b, fromDevice, p->nx, p->ny, p->nz)
#pragma mint copy(c, fromDevice, s.nx, s.ny, s.nz)
}

int
main (void)
{
  int dims[3] = { INTERIOR_X + 2 * HALO, 29, 23 };
  struct extent s = { dims[0], dims[1], dims[2] };
  int nx = dims[0], ny = dims[1], nz = dims[2];
  double ***grid[5];
  for (int i = 0; i < 5; i++)
    {
      grid[i] = alloc3d_double (nx, ny, nz);
      fill (grid[i][0][0], nx, ny, nz, i);
    }
  double ***a = grid[0], ***b = grid[1], ***c = grid[2];
  double ***bref = grid[3], ***cref = grid[4];
  fill (bref[0][0], nx, ny, nz, 1);
  fill (cref[0][0], nx, ny, nz, 2);

  compute_mint (a, b, c, dims, &s, s);
  for (int z = 1; z < nz - 1; z++)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        bref[z][y][x] = STENCIL (a, z, y, x);
  for (int z = 1; z < nz - 1; z++)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        cref[z][y][x] = STENCIL (bref, z, y, x);

  int status = test_report ("extents dims[i], p->n",
                            max_error (b[0][0], bref[0][0], nx * ny * nz),
                            TOL_DOUBLE);
  status |= test_report ("extents macros, s.n",
                         max_error (c[0][0], cref[0][0], nx * ny * nz),
                         TOL_DOUBLE);
  for (int i = 0; i < 5; i++)
    free3d_double (grid[i]);
  return status;
}
