/* A host write before a swap of time levels, moved to the device by an
   update of the other pointer after the swap, which then holds the
   written array (`tmp = u; u = v; v = tmp;'), as a source injected on
   the host into the newest step before the next one reads it.  */
/* { dg-do run } */
#include "mint-test.h"

enum { STEPS = 40 };

static void
steps (int nx, int ny, double (*u)[nx], double (*v)[nx])
{
#pragma mint copy(u, toDevice, nx, ny)
#pragma mint copy(v, toDevice, nx, ny)
#pragma mint parallel
  {
    for (int t = 0; t < STEPS; t++)
      {
#pragma mint update(u, toHost, 0:nx, ny / 2:1)
        for (int x = 0; x < nx; x++)
          u[ny / 2][x] += 0.01 * (t + 1) * x;
        double (*w)[nx] = u;
        u = v;
        v = w;
#pragma mint update(v, toDevice, 0:nx, ny / 2:1)
#pragma mint for nest(all)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            u[y][x] = 0.25 * (v[y][x - 1] + v[y][x + 1] + v[y - 1][x]
                              + v[y + 1][x]);
      }
  }
#pragma mint copy(u, fromDevice, nx, ny)
#pragma mint copy(v, fromDevice, nx, ny)
}

static void
steps_cpu (int nx, int ny, double (*u)[nx], double (*v)[nx])
{
  for (int t = 0; t < STEPS; t++)
    {
      for (int x = 0; x < nx; x++)
        u[ny / 2][x] += 0.01 * (t + 1) * x;
      double (*w)[nx] = u;
      u = v;
      v = w;
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          u[y][x] = 0.25 * (v[y][x - 1] + v[y][x + 1] + v[y - 1][x]
                            + v[y + 1][x]);
    }
}

int
main (void)
{
  int nx = 45, ny = 23;
  size_t n = (size_t) nx * ny;
  double *g[4];
  for (int k = 0; k < 4; k++)
    {
      g[k] = test_xmalloc (n * sizeof (double));
      fill (g[k], nx, ny, 1, k % 2);
    }
  steps (nx, ny, (double (*)[nx]) g[0], (double (*)[nx]) g[1]);
  steps_cpu (nx, ny, (double (*)[nx]) g[2], (double (*)[nx]) g[3]);
  int status = test_report ("u", max_error (g[0], g[2], n), TOL_DOUBLE)
               | test_report ("v", max_error (g[1], g[3], n), TOL_DOUBLE);
  for (int k = 0; k < 4; k++)
    free (g[k]);
  return status;
}
