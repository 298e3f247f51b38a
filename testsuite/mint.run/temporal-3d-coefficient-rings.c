/* Level 4's 3-D variant with several coefficients, each of which the
   walk loads into a ring of planes in shared memory: a float
   diffusivity in flux form (at the point and its six neighbours), a
   mask of bytes, 0 or 1, that multiplies the change, a source read a
   plane above and below (a plane loaded before the walk's first
   iteration); a sink read likewise, whose ring would not fit in the
   shared memory after the others', and one read two cells away in x,
   farther than the grid: the stages read those two from memory.  A grid
   that no tile divides, steps 1 to 7 and 12, compared with the plain C
   loops exactly (-ffp-contract=off).
   Usage: temporal-3d-coefficient-rings [NX NY NZ] (default 71 x 45 x 38).  */
/* { dg-do run } */
/* { dg-options "-ffp-contract=off" } */
#include "mint-test.h"

#define FLUX(k, u, z, y, x, dz, dy, dx)                                  \
  ((k[z][y][x] + k[z + dz][y + dy][x + dx])                              \
   * (u[z + dz][y + dy][x + dx] - u[z][y][x]))
#define STEP(k, mask, src, sink, wide, u, z, y, x)                       \
  (u[z][y][x]                                                            \
   + mask[z][y][x] * (FLUX (k, u, z, y, x, 0, 0, -1)                     \
                      + FLUX (k, u, z, y, x, 0, 0, 1)                    \
                      + FLUX (k, u, z, y, x, 0, -1, 0)                   \
                      + FLUX (k, u, z, y, x, 0, 1, 0)                    \
                      + FLUX (k, u, z, y, x, -1, 0, 0)                   \
                      + FLUX (k, u, z, y, x, 1, 0, 0)                    \
                      + 0.01 * (src[z - 1][y][x] - src[z + 1][y][x])     \
                      + 0.02 * (sink[z + 1][y][x] - sink[z - 1][y][x])   \
                      + 0.001 * (wide[z][y][x - 2] + wide[z][y][x + 2])))

static void
step_mint (int nx, int ny, int nz, int steps, float (*k)[ny][nx],
           unsigned char (*mask)[ny][nx], double (*src)[ny][nx],
           double (*sink)[ny][nx], double (*wide)[ny][nx],
           double (*u)[ny][nx], double (*v)[ny][nx])
{
#pragma mint copy(k, toDevice, nx, ny, nz)
#pragma mint copy(mask, toDevice, nx, ny, nz)
#pragma mint copy(src, toDevice, nx, ny, nz)
#pragma mint copy(sink, toDevice, nx, ny, nz)
#pragma mint copy(wide, toDevice, nx, ny, nz)
#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint copy(v, toDevice, nx, ny, nz)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        for (int z = 1; z < nz - 1; z++)
          for (int y = 1; y < ny - 1; y++)
            for (int x = 2; x < nx - 2; x++)
              v[z][y][x] = STEP (k, mask, src, sink, wide, u, z, y, x);
        TEST_SWAP (u, v)
      }
  }
#pragma mint copy(u, fromDevice, nx, ny, nz)
#pragma mint copy(v, fromDevice, nx, ny, nz)
}

static void
step_cpu (int nx, int ny, int nz, int steps, float (*k)[ny][nx],
          unsigned char (*mask)[ny][nx], double (*src)[ny][nx],
          double (*sink)[ny][nx], double (*wide)[ny][nx], double (*u)[ny][nx],
          double (*v)[ny][nx])
{
  for (int t = 0; t < steps; t++)
    {
      for (int z = 1; z < nz - 1; z++)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 2; x < nx - 2; x++)
            v[z][y][x] = STEP (k, mask, src, sink, wide, u, z, y, x);
      TEST_SWAP (u, v)
    }
}

int
main (int argc, char **argv)
{
  int nx = argc > 3 ? atoi (argv[1]) : 71;
  int ny = argc > 3 ? atoi (argv[2]) : 45;
  int nz = argc > 3 ? atoi (argv[3]) : 38;
  size_t cells = (size_t) nx * ny * nz;
  float *k = test_xmalloc (cells * sizeof (float));
  unsigned char *mask = test_xmalloc (cells);
  double *src = test_xmalloc (cells * sizeof (double));
  double *sink = test_xmalloc (cells * sizeof (double));
  double *wide = test_xmalloc (cells * sizeof (double));
  fill (k, nx, ny, nz, 3);
  for (size_t i = 0; i < cells; i++)
    {
      k[i] = 0.01f + 0.02f * k[i] / (1.0f + fabsf (k[i]));
      mask[i] = i % 7 != 3;
    }
  fill (src, nx, ny, nz, 4);
  fill (sink, nx, ny, nz, 6);
  fill (wide, nx, ny, nz, 5);
  double *g[4];
  for (int i = 0; i < 4; i++)
    g[i] = test_xmalloc (cells * sizeof (double));
  static const int runs[] = { 1, 2, 3, 4, 5, 6, 7, 12 };
  int status = 0;
  for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++)
    {
      for (int i = 0; i < 4; i++)
        fill (g[i], nx, ny, nz, i % 2);
      step_mint (nx, ny, nz, runs[r], (float (*)[ny][nx]) k,
                 (unsigned char (*)[ny][nx]) mask, (double (*)[ny][nx]) src,
                 (double (*)[ny][nx]) sink, (double (*)[ny][nx]) wide,
                 (double (*)[ny][nx]) g[0], (double (*)[ny][nx]) g[1]);
      step_cpu (nx, ny, nz, runs[r], (float (*)[ny][nx]) k,
                (unsigned char (*)[ny][nx]) mask, (double (*)[ny][nx]) src,
                (double (*)[ny][nx]) sink, (double (*)[ny][nx]) wide,
                (double (*)[ny][nx]) g[2], (double (*)[ny][nx]) g[3]);
      char name[32];
      snprintf (name, sizeof name, "%d steps", runs[r]);
      status |= test_report (name, max_error (g[0], g[2], cells)
                             + max_error (g[1], g[3], cells), TOL_EXACT);
    }
  for (int i = 0; i < 4; i++)
    free (g[i]);
  free (k);
  free (mask);
  free (src);
  free (sink);
  free (wide);
  return status;
}
