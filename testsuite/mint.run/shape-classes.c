/* Arrays of one rank form a shape class: at level 3 the image also holds
   a variant in which they share strides, launched only when their row
   and plane strides agree.  Here the first nest reads c, whose rows are
   20 elements longer than those of u and v (the runtime pads rows to 128
   bytes, so c's row stride differs: the plain kernel must run), the
   second reads only arrays of u's shape (the variant runs).  Both walk
   z, so level 3 applies at -fplugin-arg-mint-opt=3.  shape-classes-tuned.c
   builds this file autotuned (SHAPE_CLASSES_TUNED).  */
/* { dg-do run } */
#include "mint-test.h"

#define WIDE 20                 /* extra elements per row of c */

#define COEFF_STENCIL(u, c, z, y, x)                                     \
  (c[z][y][x + 3] * (u[z][y][x - 1] + u[z][y][x + 1] + u[z][y - 1][x]    \
                     + u[z][y + 1][x] + u[z - 1][y][x] + u[z + 1][y][x]))
#define PLAIN_STENCIL(u, z, y, x)                                        \
  (0.5 * u[z][y][x] - 0.1 * (u[z - 1][y][x] + u[z + 1][y][x]             \
                             + u[z][y][x - 1] + u[z][y + 1][x]))

#define FOR_INTERIOR                                                      \
  for (int z = 1; z < nz - 1; z++)                                        \
    for (int y = 1; y < ny - 1; y++)                                      \
      for (int x = 1; x < nx - 1; x++)

static void
apply_mint (int nx, int ny, int nz, double (*u)[ny][nx],
            double (*c)[ny][nx + WIDE], double (*v)[ny][nx],
            double (*w)[ny][nx])
{
#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint copy(c, toDevice, nx + WIDE, ny, nz)
#pragma mint copy(v, toDevice, nx, ny, nz)
#pragma mint copy(w, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#ifdef SHAPE_CLASSES_TUNED
    for (int step = 0; step < 8; step++)
      {
#pragma mint for nest(all)
        FOR_INTERIOR
          v[z][y][x] = COEFF_STENCIL (u, c, z, y, x);
#pragma mint for nest(all)
        FOR_INTERIOR
          w[z][y][x] = PLAIN_STENCIL (v, z, y, x);
      }
#else
#pragma mint for nest(all) tile(16, 4, 4) chunksize(1, 1, 4)
    FOR_INTERIOR
      v[z][y][x] = COEFF_STENCIL (u, c, z, y, x);
#pragma mint for nest(all) tile(16, 4, 4) chunksize(1, 1, 4)
    FOR_INTERIOR
      w[z][y][x] = PLAIN_STENCIL (v, z, y, x);
#endif
  }
#pragma mint copy(v, fromDevice, nx, ny, nz)
#pragma mint copy(w, fromDevice, nx, ny, nz)
}

int
main (void)
{
  int nx = 37, ny = 29, nz = 23;
  double (*u)[ny][nx] = test_xmalloc (sizeof (double[nz][ny][nx]));
  double (*c)[ny][nx + WIDE]
    = test_xmalloc (sizeof (double[nz][ny][nx + WIDE]));
  double (*v)[ny][nx] = test_xmalloc (sizeof (double[nz][ny][nx]));
  double (*w)[ny][nx] = test_xmalloc (sizeof (double[nz][ny][nx]));
  double (*vref)[ny][nx] = test_xmalloc (sizeof (double[nz][ny][nx]));
  double (*wref)[ny][nx] = test_xmalloc (sizeof (double[nz][ny][nx]));
  fill (&u[0][0][0], nx, ny, nz, 1);
  fill (&c[0][0][0], nx + WIDE, ny, nz, 2);
  fill (&v[0][0][0], nx, ny, nz, 3);
  fill (&w[0][0][0], nx, ny, nz, 4);
  fill (&vref[0][0][0], nx, ny, nz, 3);
  fill (&wref[0][0][0], nx, ny, nz, 4);

  apply_mint (nx, ny, nz, u, c, v, w);
  FOR_INTERIOR
    vref[z][y][x] = COEFF_STENCIL (u, c, z, y, x);
  FOR_INTERIOR
    wref[z][y][x] = PLAIN_STENCIL (vref, z, y, x);

  int status = test_report ("strides differ (plain kernel)",
                            max_error (&v[0][0][0], &vref[0][0][0],
                                       nx * ny * nz), TOL_DOUBLE);
  status |= test_report ("strides agree (shared variant)",
                         max_error (&w[0][0][0], &wref[0][0][0],
                                    nx * ny * nz), TOL_DOUBLE);
  free (u);
  free (c);
  free (v);
  free (w);
  free (vref);
  free (wref);
  return status;
}
