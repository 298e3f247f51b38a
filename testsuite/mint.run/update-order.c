/* Updates between kernels queued with nowait: an update toHost sees what
   the kernels before it wrote, an update toDevice is not overwritten by a
   kernel queued before it, nor read by one that should still see the old
   values; boxes of every shape (part of a row, a column, a block, whole
   planes of a flat array).  The host only reads and writes elements it
   moved, so the program means the same with and without a device.  */
/* { dg-do run } */
#include "mint-test.h"

static void
sequence (int nx, int ny, int nz, double (*a)[ny][nx], double (*b)[ny][nx],
          double *f)
{
#pragma mint copy(a, toDevice, nx, ny, nz)
#pragma mint copy(b, toDevice, nx, ny, nz)
#pragma mint copy(f, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all) nowait
    for (int z = 0; z < nz; z++)
      for (int y = 0; y < ny; y++)
        for (int x = 0; x < nx; x++)
          b[z][y][x] = 2.0 * a[z][y][x] + f[(z * ny + y) * nx + x];
    /* A block of what the queued kernel writes.  */
#pragma mint update(b, toHost, 2:5, 1:3, 3:2)
    for (int z = 3; z < 5; z++)
      for (int y = 1; y < 4; y++)
        for (int x = 2; x < 7; x++)
          b[z][y][x] = b[z][y][x] * b[z][y][x] + 1.0;
#pragma mint update(b, toDevice, 2:5, 1:3, 3:2)

#pragma mint for nest(all) nowait
    for (int z = 0; z < nz; z++)
      for (int y = 0; y < ny; y++)
        for (int x = 0; x < nx; x++)
          a[z][y][x] = b[z][y][x] - 0.5 * a[z][y][x];
    /* A column the queued kernel writes too: the host's values last.  */
    for (int z = 0; z < nz; z++)
      for (int y = 0; y < ny; y++)
        a[z][y][0] = 10.0 + y + 0.5 * z;
#pragma mint update(a, toDevice, 0:1, 0:ny, 0:nz)

#pragma mint for nest(all) nowait
    for (int z = 1; z < nz - 1; z++)
      for (int y = 0; y < ny; y++)
        for (int x = 0; x < nx; x++)
          f[(z * ny + y) * nx + x] = a[z - 1][y][x] + a[z + 1][y][x];
    /* Part of a row the queued kernel reads: it must read the old one.  */
    for (int x = 1; x < nx - 1; x++)
      a[2][4][x] = -x;
#pragma mint update(a, toDevice, 1:nx - 2, 4:1, 2:1)
    /* Whole planes of a flat array, and part of one of its rows.  */
#pragma mint update(f, toHost, 0:nx, 0:ny, 2:2)
#pragma mint update(f, toHost, 3:4, 5:1, 6:1)
    for (int i = 2 * nx * ny; i < 4 * nx * ny; i++)
      f[i] *= 3.0;
    for (int x = 3; x < 7; x++)
      f[(6 * ny + 5) * nx + x] = 1.0 / x;
#pragma mint update(f, toDevice, 0:nx, 0:ny, 2:2)
#pragma mint update(f, toDevice, 3:4, 5:1, 6:1)

#pragma mint for nest(all) nowait
    for (int z = 0; z < nz; z++)
      for (int y = 0; y < ny; y++)
        for (int x = 0; x < nx; x++)
          b[z][y][x] = a[z][y][x] + f[(z * ny + y) * nx + x];
  }
#pragma mint copy(a, fromDevice, nx, ny, nz)
#pragma mint copy(b, fromDevice, nx, ny, nz)
#pragma mint copy(f, fromDevice, nx, ny, nz)
}

/* The same steps as plain C.  */
static void
sequence_cpu (int nx, int ny, int nz, double (*a)[ny][nx],
              double (*b)[ny][nx], double *f)
{
  for (int z = 0; z < nz; z++)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++)
        b[z][y][x] = 2.0 * a[z][y][x] + f[(z * ny + y) * nx + x];
  for (int z = 3; z < 5; z++)
    for (int y = 1; y < 4; y++)
      for (int x = 2; x < 7; x++)
        b[z][y][x] = b[z][y][x] * b[z][y][x] + 1.0;
  for (int z = 0; z < nz; z++)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++)
        a[z][y][x] = b[z][y][x] - 0.5 * a[z][y][x];
  for (int z = 0; z < nz; z++)
    for (int y = 0; y < ny; y++)
      a[z][y][0] = 10.0 + y + 0.5 * z;
  for (int z = 1; z < nz - 1; z++)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++)
        f[(z * ny + y) * nx + x] = a[z - 1][y][x] + a[z + 1][y][x];
  for (int x = 1; x < nx - 1; x++)
    a[2][4][x] = -x;
  for (int i = 2 * nx * ny; i < 4 * nx * ny; i++)
    f[i] *= 3.0;
  for (int x = 3; x < 7; x++)
    f[(6 * ny + 5) * nx + x] = 1.0 / x;
  for (int z = 0; z < nz; z++)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++)
        b[z][y][x] = a[z][y][x] + f[(z * ny + y) * nx + x];
}

int
main (void)
{
  int nx = 45, ny = 11, nz = 9;
  size_t n = (size_t) nx * ny * nz;
  double *g[6];
  for (int k = 0; k < 6; k++)
    {
      g[k] = test_xmalloc (n * sizeof (double));
      fill (g[k], nx, ny, nz, k % 3);
    }

  sequence (nx, ny, nz, (double (*)[ny][nx]) g[0], (double (*)[ny][nx]) g[1],
            g[2]);
  sequence_cpu (nx, ny, nz, (double (*)[ny][nx]) g[3],
                (double (*)[ny][nx]) g[4], g[5]);

  int status = test_report ("a", max_error (g[0], g[3], n), TOL_DOUBLE)
               | test_report ("b", max_error (g[1], g[4], n), TOL_DOUBLE)
               | test_report ("f", max_error (g[2], g[5], n), TOL_DOUBLE);
  for (int k = 0; k < 6; k++)
    free (g[k]);
  return status;
}
