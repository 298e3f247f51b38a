/* Arrays read only beside the point, in the plane a level-3 thread walks
   (not on its own column), which level 3 keeps in registers like any
   other (opt-rows-beside.c): a centred difference along x in double, a
   fourth-order one in float, a 3-D average of the four in-plane
   neighbours, three components u[c][y][x] under nest(2) with the body
   looping over c, and a difference read only ahead of the point whose
   loop starts one element before the array (the point's own cell lies
   outside it).  Extents that no tile divides.  The results must equal
   the plain C loops' (the same nests, written once).  */
/* { dg-do run } */
#include "mint-test.h"

#define NESTS(PRAGMA)                                                    \
  PRAGMA (for nest(all))                                                 \
  for (int y = 0; y < ny; y++)                                           \
    for (int x = 2; x < nx - 2; x++)                                     \
      {                                                                  \
        dx[y][x] = 0.5 * (a[y][x + 1] - a[y][x - 1]);                    \
        fx[y][x] = (2.0f / 3) * (fa[y][x + 1] - fa[y][x - 1])            \
                   - (1.0f / 12) * (fa[y][x + 2] - fa[y][x - 2]);        \
      }                                                                  \
  PRAGMA (for nest(all))                                                 \
  for (int z = 0; z < nz; z++)                                           \
    for (int y = 1; y < ny - 1; y++)                                     \
      for (int x = 1; x < nx - 1; x++)                                   \
        p[z][y][x] = 0.3 * (q[z][y][x - 1] + q[z][y - 1][x])             \
                     + 0.2 * (q[z][y][x + 1] + q[z][y + 1][x]);          \
  PRAGMA (for nest(2))                                                   \
  for (int y = 1; y < ny - 1; y++)                                       \
    for (int x = 1; x < nx - 1; x++)                                     \
      for (int c = 0; c < 3; c++)                                        \
        v[c][y][x] = 0.25 * (u[c][y][x - 1] + u[c][y][x + 1]             \
                             + u[c][y - 1][x] + u[c][y + 1][x]);         \
  PRAGMA (for nest(all))                                                 \
  for (int y = 0; y < ny - 1; y++)                                       \
    for (int x = -1; x < nx - 2; x++)                                    \
      ahead[y][x + 1] = a[y][x + 1] - 0.5 * a[y + 1][x + 2];

static void
run_mint (int nx, int ny, int nz, double (*a)[nx], double (*dx)[nx],
          float (*fa)[nx], float (*fx)[nx], double (*q)[ny][nx],
          double (*p)[ny][nx], double (*u)[ny][nx], double (*v)[ny][nx],
          double (*ahead)[nx])
{
#pragma mint copy(a, toDevice, nx, ny)
#pragma mint copy(dx, toDevice, nx, ny)
#pragma mint copy(fa, toDevice, nx, ny)
#pragma mint copy(fx, toDevice, nx, ny)
#pragma mint copy(q, toDevice, nx, ny, nz)
#pragma mint copy(p, toDevice, nx, ny, nz)
#pragma mint copy(u, toDevice, nx, ny, 3)
#pragma mint copy(v, toDevice, nx, ny, 3)
#pragma mint copy(ahead, toDevice, nx, ny)
#pragma mint parallel
  {
    NESTS (MINT_PRAGMA)
  }
#pragma mint copy(dx, fromDevice, nx, ny)
#pragma mint copy(fx, fromDevice, nx, ny)
#pragma mint copy(p, fromDevice, nx, ny, nz)
#pragma mint copy(v, fromDevice, nx, ny, 3)
#pragma mint copy(ahead, fromDevice, nx, ny)
}

static void
run_c (int nx, int ny, int nz, double (*a)[nx], double (*dx)[nx],
       float (*fa)[nx], float (*fx)[nx], double (*q)[ny][nx],
       double (*p)[ny][nx], double (*u)[ny][nx], double (*v)[ny][nx],
       double (*ahead)[nx])
{
  NESTS (NO_PRAGMA)
}

int
main (int argc, char **argv)
{
  int n[3] = { 71, 27, 13 };
  test_size_args (argc, argv, 3, n);
  int nx = n[0], ny = n[1], nz = n[2];
  long plane = (long) nx * ny, cells = plane * nz;
  double *a = test_xmalloc (sizeof (double) * plane);
  float *fa = test_xmalloc (sizeof (float) * plane);
  double *q = test_xmalloc (sizeof (double) * cells);
  double *u = test_xmalloc (sizeof (double) * plane * 3);
  fill (a, nx, ny, 1, 1);
  fill (fa, nx, ny, 1, 2);
  fill (q, nx, ny, nz, 3);
  fill (u, nx, ny, 3, 4);
  TWO_FILLED (double, dx, nx, ny, 1, 5);
  TWO_FILLED (float, fx, nx, ny, 1, 6);
  TWO_FILLED (double, p, nx, ny, nz, 7);
  TWO_FILLED (double, v, nx, ny, 3, 8);
  TWO_FILLED (double, ahead, nx, ny, 1, 9);
  typedef double (*rows)[nx];
  typedef float (*frows)[nx];
  typedef double (*planes)[ny][nx];
  for (int i = 0; i < 2; i++)
    (i ? run_c : run_mint) (nx, ny, nz, (rows) a, (rows) dx[i], (frows) fa,
                            (frows) fx[i], (planes) q, (planes) p[i],
                            (planes) u, (planes) v[i], (rows) ahead[i]);
  int status = 0;
  status |= test_report ("2-D difference along x",
                         max_error (dx[0], dx[1], plane), TOL_DOUBLE);
  status |= test_report ("2-D fourth-order difference, float",
                         max_error (fx[0], fx[1], plane), TOL_FLOAT);
  status |= test_report ("3-D in-plane neighbours",
                         max_error (p[0], p[1], cells), TOL_DOUBLE);
  status |= test_report ("three components",
                         max_error (v[0], v[1], plane * 3), TOL_DOUBLE);
  status |= test_report ("ahead of the point",
                         max_error (ahead[0], ahead[1], plane), TOL_DOUBLE);
  return status;
}
