/* One-dimensional double * indexed A[(z*ny + y)*nx + x], copied with one
   extent given as an expression; and a 1-D kernel over a flat vector.  */
/* { dg-do run } */
#include "mint-test.h"

#define AT(z, y, x) (((z) * ny + (y)) * nx + (x))
#define STENCIL(a, z, y, x)                                              \
  (0.5 * a[AT (z, y, x)]                                                 \
   + 0.1 * (a[AT (z, y, x - 1)] + a[AT (z, y, x + 1)] + a[AT (z, y - 1, x)] \
            + a[AT (z, y + 1, x)] + a[AT (z - 1, y, x)] + a[AT (z + 1, y, x)]))

static void
compute_mint (double *a, double *b, double *v, int nx, int ny, int nz)
{
  int n = nx * ny * nz;
#pragma mint copy(a, toDevice, nx * ny * nz)
#pragma mint copy(b, toDevice, nx * ny * nz)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(16, 16, 1)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          b[AT (z, y, x)] = STENCIL (a, z, y, x);
#pragma mint for tile(256)
    for (int i = 0; i < n; i++)
      v[i] = 2.0 * v[i] + a[i];
  }
#pragma mint copy(b, fromDevice, nx * ny * nz)
#pragma mint copy(v, fromDevice, n)
}

int
main (void)
{
  int nx = 37, ny = 29, nz = 23, n = nx * ny * nz;
  double *a = test_xmalloc (n * sizeof (double));
  double *b = test_xmalloc (n * sizeof (double));
  double *v = test_xmalloc (n * sizeof (double));
  double *bref = test_xmalloc (n * sizeof (double));
  double *vref = test_xmalloc (n * sizeof (double));
  fill (a, nx, ny, nz, 1);
  fill (b, nx, ny, nz, 2);
  fill (bref, nx, ny, nz, 2);
  fill (v, nx, ny, nz, 3);
  fill (vref, nx, ny, nz, 3);

  compute_mint (a, b, v, nx, ny, nz);
  for (int z = 1; z < nz - 1; z++)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        bref[AT (z, y, x)] = STENCIL (a, z, y, x);
  for (int i = 0; i < n; i++)
    vref[i] = 2.0 * vref[i] + a[i];

  int status = test_report ("flat double * 3-D", max_error (b, bref, n),
                            TOL_DOUBLE);
  status |= test_report ("flat double * 1-D", max_error (v, vref, n),
                         TOL_DOUBLE);
  free (a);
  free (b);
  free (v);
  free (bref);
  free (vref);
  return status;
}
