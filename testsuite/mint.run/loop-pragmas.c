/* GCC's loop pragmas on the loops of a parallel nest (`#pragma GCC unroll
   N', `#pragma GCC ivdep'): the front end keeps such a loop's comparison
   in a temporary; the nest must still be found, perfectly nested, with the
   same points (on the outer loop, on an inner one, on a descending one,
   and on a 1-D loop).  */
/* { dg-do run } */
#include "mint-test.h"

#define NOUT 3

static void
compute_mint (int nx, int ny, int nz, double (*a)[ny][nx],
              double (*o0)[ny][nx], double (*o1)[ny][nx],
              double (*o2)[ny][nx], double *line, double *lout)
{
#pragma mint copy(a, toDevice, nx, ny, nz)
#pragma mint copy(o0, toDevice, nx, ny, nz)
#pragma mint copy(o1, toDevice, nx, ny, nz)
#pragma mint copy(o2, toDevice, nx, ny, nz)
#pragma mint copy(line, toDevice, nx)
#pragma mint copy(lout, toDevice, nx)
#pragma mint parallel
  {
#pragma mint for nest(all)
#pragma GCC unroll 4
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          o0[z][y][x] = LOOP_STENCIL (a, z, y, x);
#pragma mint for nest(all)
    for (int z = 1; z <= nz - 2; z++)
#pragma GCC ivdep
      for (int y = 1; y <= ny - 2; y++)
#pragma GCC unroll 2
        for (int x = 1; x <= nx - 2; x++)
          o1[z][y][x] = LOOP_STENCIL (a, z, y, x);
#pragma mint for nest(all)
    for (int z = nz - 2; z >= 1; z--)
      for (int y = ny - 2; y > 0; y--)
#pragma GCC unroll 8
        for (int x = nx - 2; x >= 1; x--)
          o2[z][y][x] = LOOP_STENCIL (a, z, y, x);
#pragma mint for
#pragma GCC unroll 4
    for (int i = 1; i < nx - 1; i++)
      lout[i] = line[i - 1] + 2.0 * line[i + 1];
  }
#pragma mint copy(o0, fromDevice, nx, ny, nz)
#pragma mint copy(o1, fromDevice, nx, ny, nz)
#pragma mint copy(o2, fromDevice, nx, ny, nz)
#pragma mint copy(lout, fromDevice, nx)
}

int
main (void)
{
  int nx = 37, ny = 29, nz = 23, n = nx * ny * nz;
  double (*a)[ny][nx] = test_xmalloc (sizeof (double[nz][ny][nx]));
  double (*out[NOUT])[ny][nx], (*ref[NOUT])[ny][nx];
  double *line = test_xmalloc (nx * sizeof (double));
  double *lout = test_xmalloc (nx * sizeof (double));
  double *lref = test_xmalloc (nx * sizeof (double));
  fill (&a[0][0][0], nx, ny, nz, 1);
  fill (line, nx, 1, 1, 3);
  fill (lout, nx, 1, 1, 4);
  fill (lref, nx, 1, 1, 4);
  for (int k = 0; k < NOUT; k++)
    {
      out[k] = test_xmalloc (sizeof (double[nz][ny][nx]));
      ref[k] = test_xmalloc (sizeof (double[nz][ny][nx]));
      fill (&out[k][0][0][0], nx, ny, nz, 2);
      fill (&ref[k][0][0][0], nx, ny, nz, 2);
    }

  compute_mint (nx, ny, nz, a, out[0], out[1], out[2], line, lout);
  for (int z = 1; z < nz - 1; z++)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        for (int k = 0; k < NOUT; k++)
          ref[k][z][y][x] = LOOP_STENCIL (a, z, y, x);
  for (int i = 1; i < nx - 1; i++)
    lref[i] = line[i - 1] + 2.0 * line[i + 1];

  static const char *const what[NOUT] = {
    "unroll on the outer loop", "ivdep and unroll on inner loops",
    "unroll on a descending loop"
  };
  int status = 0;
  for (int k = 0; k < NOUT; k++)
    status |= test_report (what[k], max_error (&out[k][0][0][0],
                                               &ref[k][0][0][0], n),
                           TOL_DOUBLE);
  status |= test_report ("unroll on a 1-D loop", max_error (lout, lref, nx),
                         TOL_DOUBLE);
  for (int k = 0; k < NOUT; k++)
    {
      free (out[k]);
      free (ref[k]);
    }
  free (a);
  free (line);
  free (lout);
  free (lref);
  return status;
}
