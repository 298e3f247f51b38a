/* Subscripts of a pointer chosen by a condition in the subscript
   itself, u[x == 0 ? n - 1 : x - 1] (periodic boundaries), which the
   front end turns into a byte offset scaled in each branch: double,
   float and int elements, a branch that is a constant, the two axes of
   a flat 2-D index, and a subscript scaled by 2 in one branch.  The
   results must equal the plain C loops' (the same nests, written
   once).  */
/* { dg-do run } */
#include "mint-test.h"

#define NESTS(PRAGMA)                                                    \
  PRAGMA (for nest(all))                                                 \
  for (int x = 0; x < nx; x++)                                           \
    {                                                                    \
      v[x] = 0.5 * u[x] + 0.25 * (u[x == 0 ? nx - 1 : x - 1]             \
                                  + u[x == nx - 1 ? 0 : x + 1]);         \
      fv[x] = fu[x < nx / 2 ? 2 * x : x] - fu[x > 0 ? x - 1 : 0];        \
      iv[x] = iu[x == 0 ? nx - 1 : x - 1] + 3 * iu[x];                   \
    }                                                                    \
  PRAGMA (for nest(all))                                                 \
  for (int y = 0; y < ny; y++)                                           \
    for (int x = 0; x < nx; x++)                                         \
      q[y * nx + x] = p[(y == 0 ? ny - 1 : y - 1) * nx + x]              \
                      + p[y * nx + (x == nx - 1 ? 0 : x + 1)]            \
                      - 2 * p[y * nx + x];

static void
run_mint (int nx, int ny, const double *u, double *v, const float *fu,
          float *fv, const int *iu, int *iv, const double *p, double *q)
{
#pragma mint copy(u, toDevice, nx)
#pragma mint copy(v, toDevice, nx)
#pragma mint copy(fu, toDevice, nx)
#pragma mint copy(fv, toDevice, nx)
#pragma mint copy(iu, toDevice, nx)
#pragma mint copy(iv, toDevice, nx)
#pragma mint copy(p, toDevice, nx * ny)
#pragma mint copy(q, toDevice, nx * ny)
#pragma mint parallel
  {
    NESTS (MINT_PRAGMA)
  }
#pragma mint copy(v, fromDevice, nx)
#pragma mint copy(fv, fromDevice, nx)
#pragma mint copy(iv, fromDevice, nx)
#pragma mint copy(q, fromDevice, nx * ny)
}

static void
run_c (int nx, int ny, const double *u, double *v, const float *fu,
       float *fv, const int *iu, int *iv, const double *p, double *q)
{
  NESTS (NO_PRAGMA)
}

int
main (int argc, char **argv)
{
  int n[2] = { 301, 23 };
  test_size_args (argc, argv, 2, n);
  int nx = n[0], ny = n[1];
  double *u = test_xmalloc (sizeof (double) * nx);
  float *fu = test_xmalloc (sizeof (float) * nx);
  int *iu = test_xmalloc (sizeof (int) * nx);
  double *p = test_xmalloc (sizeof (double) * nx * ny);
  fill (u, nx, 1, 1, 1);
  fill (fu, nx, 1, 1, 2);
  fill (iu, nx, 1, 1, 3);
  fill (p, nx, ny, 1, 4);
  TWO_FILLED (double, v, nx, 1, 1, 5);
  TWO_FILLED (float, fv, nx, 1, 1, 6);
  TWO_FILLED (int, iv, nx, 1, 1, 7);
  TWO_FILLED (double, q, nx, ny, 1, 8);
  for (int i = 0; i < 2; i++)
    (i ? run_c : run_mint) (nx, ny, u, v[i], fu, fv[i], iu, iv[i], p, q[i]);
  int status = 0;
  status |= test_report ("periodic, double", max_error (v[0], v[1], nx),
                         TOL_DOUBLE);
  status |= test_report ("scaled branch, float",
                         max_error (fv[0], fv[1], nx), TOL_FLOAT);
  status |= test_report ("periodic, int", max_error (iv[0], iv[1], nx),
                         TOL_EXACT);
  status |= test_report ("periodic, flat 2-D",
                         max_error (q[0], q[1], (long) nx * ny), TOL_DOUBLE);
  return status;
}
