/* Helpers whose array parameters are variably modified, as C99 solvers
   write them: a 3-D Laplacian over T (*u)[ny][nx] with ny and nx given
   by the caller, a 2-D one over const double u[][nx], a helper that
   passes its array on to another, and one whose `if' repeats the loads
   its condition makes (r = u[y][x] * v[y][x]; if (r > 6) return r - c;
   ...), whose arms are then selected, not branched.  Each nest against the
   same loops on the host.  */
/* { dg-do run } */
#include "mint-test.h"

static inline double
laplacian3 (int ny, int nx, const double (*u)[ny][nx], int z, int y, int x)
{
  return u[z - 1][y][x] + u[z + 1][y][x] + u[z][y - 1][x] + u[z][y + 1][x]
         + u[z][y][x - 1] + u[z][y][x + 1] - 6 * u[z][y][x];
}

static inline double
laplacian2 (int nx, const double u[][nx], int y, int x)
{
  return u[y - 1][x] + u[y + 1][x] + u[y][x - 1] + u[y][x + 1] - 4 * u[y][x];
}

static inline double
cell (int nx, const double u[][nx], int y, int x)
{
  return u[y][x];
}

static inline double
reaction (int nx, const double u[][nx], const double v[][nx], int y, int x)
{
  double c = cell (nx, u, y, x), r = c * v[y][x];
  if (r > 6.0)
    return r - c;
  return -c;
}

#define BODY3(u, v, z, y, x)                                              \
  v[z][y][x] = u[z][y][x] + 0.1 * laplacian3 (ny, nx, u, z, y, x)

#define BODY2(w, q, p, y, x)                                              \
  p[y][x] = q[y][x] + 0.05 * laplacian2 (nx, w, y, x)                     \
            + 0.01 * reaction (nx, w, q, y, x)

static void
step_mint (int nx, int ny, int nz, const double (*u)[ny][nx],
           double (*v)[ny][nx], const double (*w)[nx], const double (*q)[nx],
           double (*p)[nx])
{
#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint copy(v, toDevice, nx, ny, nz)
#pragma mint copy(w, toDevice, nx, ny)
#pragma mint copy(q, toDevice, nx, ny)
#pragma mint copy(p, toDevice, nx, ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          BODY3 (u, v, z, y, x);
#pragma mint for nest(all)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        BODY2 (w, q, p, y, x);
  }
#pragma mint copy(v, fromDevice, nx, ny, nz)
#pragma mint copy(p, fromDevice, nx, ny)
}

int
main (void)
{
  int nx = 37, ny = 21, nz = 9;
  size_t n3 = (size_t) nx * ny * nz, n2 = (size_t) nx * ny;
  double (*u)[ny][nx] = test_xmalloc (n3 * sizeof (double));
  double (*v)[ny][nx] = test_xmalloc (n3 * sizeof (double));
  double (*ref3)[ny][nx] = test_xmalloc (n3 * sizeof (double));
  double (*w)[nx] = test_xmalloc (n2 * sizeof (double));
  double (*q)[nx] = test_xmalloc (n2 * sizeof (double));
  double (*p)[nx] = test_xmalloc (n2 * sizeof (double));
  double (*ref2)[nx] = test_xmalloc (n2 * sizeof (double));
  for (int z = 0; z < nz; z++)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++)
        {
          u[z][y][x] = test_value (x, y, z, 1);
          v[z][y][x] = ref3[z][y][x] = test_value (x, y, z, 2);
          if (z == 0)
            {
              w[y][x] = test_value (x, y, 0, 3);
              q[y][x] = test_value (x, y, 0, 5);
              p[y][x] = ref2[y][x] = test_value (x, y, 0, 4);
            }
        }

  const double (*cu)[ny][nx] = (const double (*)[ny][nx]) u;
  const double (*cw)[nx] = (const double (*)[nx]) w;
  const double (*cq)[nx] = (const double (*)[nx]) q;
  step_mint (nx, ny, nz, cu, v, cw, cq, p);
  for (int z = 1; z < nz - 1; z++)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        BODY3 (cu, ref3, z, y, x);
  for (int y = 1; y < ny - 1; y++)
    for (int x = 1; x < nx - 1; x++)
      BODY2 (cw, cq, ref2, y, x);

  double e3 = max_error (&v[0][0][0], &ref3[0][0][0], n3);
  double e2 = max_error (&p[0][0], &ref2[0][0], n2);
  int status = test_report ("helpers over variably modified arrays",
                            fmax (e3, e2), TOL_DOUBLE);
  free (u);
  free (v);
  free (ref3);
  free (w);
  free (q);
  free (p);
  free (ref2);
  return status;
}
