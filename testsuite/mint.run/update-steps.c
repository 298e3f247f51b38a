/* Updates between the steps of a time loop, each step one kernel queued
   with nowait and a swap: more steps than libmintrt queues at once, and
   runs of one kernel longer than those it gives an event each (it waits
   for a later one, or for the stream).  An update toHost sees the step
   that last wrote its box (the newest array, or the one before it); an
   update toDevice is what the next step reads.  */
/* { dg-do run } */
#include "mint-test.h"

enum { STEPS = 150 };

static double
steps (int nx, int ny, double (*u)[nx], double (*v)[nx])
{
  double seen = 0.0;
#pragma mint copy(u, toDevice, nx, ny)
#pragma mint copy(v, toDevice, nx, ny)
#pragma mint parallel
  {
    for (int t = 0; t < STEPS; t++)
      {
#pragma mint for nest(all) nowait
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            v[y][x] = 0.25 * (u[y][x - 1] + u[y][x + 1] + u[y - 1][x]
                              + u[y + 1][x]) + 0.001 * t;
#pragma mint single
        {
          double (*w)[nx] = u;
          u = v;
          v = w;
        }
        if (t % 23 == 22)
          {
            /* A row of the step just queued, changed by the host.  */
#pragma mint update(u, toHost, 1:nx - 2, 5:1)
            for (int x = 1; x < nx - 1; x++)
              u[5][x] = 0.5 * u[5][x] + 1.0;
#pragma mint update(u, toDevice, 1:nx - 2, 5:1)
          }
        if (t % 31 == 30)
          {
            /* The step before it: the host only reads.  */
#pragma mint update(v, toHost, 0:nx, 0:ny)
            seen += v[ny / 2][nx / 3];
          }
      }
  }
#pragma mint copy(u, fromDevice, nx, ny)
  return seen;
}

static double
steps_cpu (int nx, int ny, double (*u)[nx], double (*v)[nx])
{
  double seen = 0.0;
  for (int t = 0; t < STEPS; t++)
    {
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          v[y][x] = 0.25 * (u[y][x - 1] + u[y][x + 1] + u[y - 1][x]
                            + u[y + 1][x]) + 0.001 * t;
      double (*w)[nx] = u;
      u = v;
      v = w;
      if (t % 23 == 22)
        for (int x = 1; x < nx - 1; x++)
          u[5][x] = 0.5 * u[5][x] + 1.0;
      if (t % 31 == 30)
        seen += v[ny / 2][nx / 3];
    }
  return seen;
}

int
main (void)
{
  int nx = 37, ny = 19;
  size_t n = (size_t) nx * ny;
  double *g[4];
  for (int k = 0; k < 4; k++)
    {
      g[k] = test_xmalloc (n * sizeof (double));
      fill (g[k], nx, ny, 1, k % 2);
    }

  double seen = steps (nx, ny, (double (*)[nx]) g[0], (double (*)[nx]) g[1]);
  double want = steps_cpu (nx, ny, (double (*)[nx]) g[2],
                           (double (*)[nx]) g[3]);

  /* STEPS is even: the newest values are back in the first array.  */
  int status = test_report ("u", max_error (g[0], g[2], n), TOL_DOUBLE)
               | test_report ("seen", test_relative_error (seen, want),
                              TOL_DOUBLE);
  for (int k = 0; k < 4; k++)
    free (g[k]);
  return status;
}
