/* tile with one, two and three values, chunksize in x, in x and y, and in
   z (each thread walks a column), on 37x29x23 points: no tile divides the
   iteration space, so the edge blocks are partial.  */
/* { dg-do run } */
#include "mint-test.h"

#define NKERNELS 6
#define STENCIL(a, z, y, x)                                              \
  (0.5 * a[z][y][x] + 0.125 * (a[z][y][x - 1] + a[z][y][x + 1]           \
                               + a[z][y - 1][x] + a[z][y + 1][x])        \
   - 0.0625 * (a[z - 1][y][x] + a[z + 1][y][x]))

#define LOOPS_3D(out, a)                                                  \
  for (int z = 1; z < nz - 1; z++)                                        \
    for (int y = 1; y < ny - 1; y++)                                      \
      for (int x = 1; x < nx - 1; x++)                                    \
        out[z][y][x] = STENCIL (a, z, y, x)

static void
compute_mint (double ***a, double ***o[NKERNELS], int nx, int ny, int nz)
{
  double ***o0 = o[0], ***o1 = o[1], ***o2 = o[2];
  double ***o3 = o[3], ***o4 = o[4], ***o5 = o[5];
#pragma mint copy(a, toDevice, nx, ny, nz)
#pragma mint copy(o0, toDevice, nx, ny, nz)
#pragma mint copy(o1, toDevice, nx, ny, nz)
#pragma mint copy(o2, toDevice, nx, ny, nz)
#pragma mint copy(o3, toDevice, nx, ny, nz)
#pragma mint copy(o4, toDevice, nx, ny, nz)
#pragma mint copy(o5, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(1) tile(8)
    LOOPS_3D (o0, a);
#pragma mint for nest(2) tile(16, 4)
    LOOPS_3D (o1, a);
#pragma mint for nest(all) tile(8, 4, 4)
    LOOPS_3D (o2, a);
#pragma mint for nest(all) tile(16, 8, 8) chunksize(1, 1, 8)
    LOOPS_3D (o3, a);
#pragma mint for nest(all) tile(32, 8, 1) chunksize(2, 2, 1)
    LOOPS_3D (o4, a);
#pragma mint for nest(all) tile(16, 16, 4) chunksize(4, 1, 4)
    LOOPS_3D (o5, a);
  }
#pragma mint copy(o0, fromDevice, nx, ny, nz)
#pragma mint copy(o1, fromDevice, nx, ny, nz)
#pragma mint copy(o2, fromDevice, nx, ny, nz)
#pragma mint copy(o3, fromDevice, nx, ny, nz)
#pragma mint copy(o4, fromDevice, nx, ny, nz)
#pragma mint copy(o5, fromDevice, nx, ny, nz)
}

int
main (void)
{
  int nx = 37, ny = 29, nz = 23;
  double ***a = alloc3d_double (nx, ny, nz);
  double ***ref = alloc3d_double (nx, ny, nz);
  double ***out[NKERNELS];
  fill (a[0][0], nx, ny, nz, 1);
  fill (ref[0][0], nx, ny, nz, 2);
  for (int k = 0; k < NKERNELS; k++)
    {
      out[k] = alloc3d_double (nx, ny, nz);
      fill (out[k][0][0], nx, ny, nz, 2);
    }

  compute_mint (a, out, nx, ny, nz);
  LOOPS_3D (ref, a);

  static const char *const what[NKERNELS] = {
    "tile(8)", "tile(16,4)", "tile(8,4,4)", "chunksize(1,1,8)",
    "chunksize(2,2,1)", "chunksize(4,1,4)"
  };
  int status = 0;
  for (int k = 0; k < NKERNELS; k++)
    status |= test_report (what[k], max_error (out[k][0][0], ref[0][0],
                                               nx * ny * nz), TOL_DOUBLE);
  for (int k = 0; k < NKERNELS; k++)
    free3d_double (out[k]);
  free3d_double (a);
  free3d_double (ref);
  return status;
}
