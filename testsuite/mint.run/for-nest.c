/* nest(1) (and no nest clause) over a 3-deep loop: only z is parallel, each
   thread walks its yx-plane; nest(2) over a 3-deep loop: z and y parallel,
   x sequential; nest(1) over a single loop.  */
/* { dg-do run } */
#include "mint-test.h"

#define STENCIL(a, z, y, x)                                              \
  (a[z][y][x] + 0.25 * (a[z][y][x - 1] + a[z][y][x + 1])                 \
   - 0.125 * (a[z - 1][y][x] + a[z + 1][y][x] + a[z][y + 1][x]))

static void
compute_mint (int nx, int ny, int nz, double (*a)[ny][nx],
              double (*out1)[ny][nx], double (*out2)[ny][nx],
              double (*out3)[ny][nx], double *v)
{
  int n = nx * ny;
#pragma mint copy(a, toDevice, nx, ny, nz)
#pragma mint copy(out1, toDevice, nx, ny, nz)
#pragma mint copy(out2, toDevice, nx, ny, nz)
#pragma mint copy(out3, toDevice, nx, ny, nz)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
#pragma mint for nest(1)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          out1[z][y][x] = STENCIL (a, z, y, x);
#pragma mint for
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          out2[z][y][x] = -STENCIL (a, z, y, x);
#pragma mint for nest(2) tile(8, 8)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          out3[z][y][x] = 2.0 * STENCIL (a, z, y, x);
#pragma mint for nest(1) tile(64)
    for (int i = 0; i < n; i++)
      v[i] = v[i] * v[i] - 1.0;
  }
#pragma mint copy(out1, fromDevice, nx, ny, nz)
#pragma mint copy(out2, fromDevice, nx, ny, nz)
#pragma mint copy(out3, fromDevice, nx, ny, nz)
#pragma mint copy(v, fromDevice, n)
}

int
main (void)
{
  int nx = 37, ny = 29, nz = 23, n = nx * ny * nz;
  double (*a)[ny][nx] = test_xmalloc (sizeof (double[nz][ny][nx]));
  double (*out[3])[ny][nx];
  double (*ref[3])[ny][nx];
  double *v = test_xmalloc (nx * ny * sizeof (double));
  double *vref = test_xmalloc (nx * ny * sizeof (double));
  fill (&a[0][0][0], nx, ny, nz, 1);
  for (int k = 0; k < 3; k++)
    {
      out[k] = test_xmalloc (sizeof (double[nz][ny][nx]));
      ref[k] = test_xmalloc (sizeof (double[nz][ny][nx]));
      fill (&out[k][0][0][0], nx, ny, nz, 2 + k);
      fill (&ref[k][0][0][0], nx, ny, nz, 2 + k);
    }
  fill (v, nx, ny, 1, 6);
  fill (vref, nx, ny, 1, 6);

  compute_mint (nx, ny, nz, a, out[0], out[1], out[2], v);
  for (int z = 1; z < nz - 1; z++)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        {
          ref[0][z][y][x] = STENCIL (a, z, y, x);
          ref[1][z][y][x] = -STENCIL (a, z, y, x);
          ref[2][z][y][x] = 2.0 * STENCIL (a, z, y, x);
        }
  for (int i = 0; i < nx * ny; i++)
    vref[i] = vref[i] * vref[i] - 1.0;

  static const char *const what[3] = { "nest(1) over 3 loops",
                                       "default nest over 3 loops",
                                       "nest(2) over 3 loops" };
  int status = 0;
  for (int k = 0; k < 3; k++)
    status |= test_report (what[k], max_error (&out[k][0][0][0],
                                               &ref[k][0][0][0], n),
                           TOL_DOUBLE);
  status |= test_report ("nest(1) over 1 loop", max_error (v, vref, nx * ny),
                         TOL_DOUBLE);
  for (int k = 0; k < 3; k++)
    {
      free (out[k]);
      free (ref[k]);
    }
  free (a);
  free (v);
  free (vref);
  return status;
}
