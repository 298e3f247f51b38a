/* Level 4's 2-D variant with several coefficients, each of which the
   walk loads into a ring of rows in shared memory: a float diffusivity
   read at the point (a grid of doubles), a mask of bytes, 0 or 1, that
   multiplies the change, a source read two rows above and below
   (rows loaded before the walk's first iteration); and one read two
   cells away in x, farther than the grid, which the stages read from
   memory.  Steps 1 to 9 and 16, compared with the plain C loops exactly
   (-ffp-contract=off).  Usage: temporal-2d-coefficient-rings [N]
   (default 263).  */
/* { dg-do run } */
/* { dg-options "-ffp-contract=off" } */
#include "mint-test.h"

#define STEP(kf, mask, src, wide, u, y, x)                               \
  (u[y][x]                                                               \
   + mask[y][x] * (kf[y][x] * (u[y][x - 1] + u[y][x + 1] + u[y - 1][x]   \
                               + u[y + 1][x] - 4.0 * u[y][x])            \
                   + 0.01 * (src[y - 2][x] - src[y + 2][x])              \
                   + 0.001 * (wide[y][x - 2] + wide[y][x + 2])))

static void
step_mint (int n, int steps, float (*kf)[n], unsigned char (*mask)[n],
           double (*src)[n], double (*wide)[n], double (*u)[n],
           double (*v)[n])
{
#pragma mint copy(kf, toDevice, n, n)
#pragma mint copy(mask, toDevice, n, n)
#pragma mint copy(src, toDevice, n, n)
#pragma mint copy(wide, toDevice, n, n)
#pragma mint copy(u, toDevice, n, n)
#pragma mint copy(v, toDevice, n, n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        for (int y = 2; y < n - 2; y++)
          for (int x = 2; x < n - 2; x++)
            v[y][x] = STEP (kf, mask, src, wide, u, y, x);
        TEST_SWAP (u, v)
      }
  }
#pragma mint copy(u, fromDevice, n, n)
#pragma mint copy(v, fromDevice, n, n)
}

static void
step_cpu (int n, int steps, float (*kf)[n], unsigned char (*mask)[n],
          double (*src)[n], double (*wide)[n], double (*u)[n],
          double (*v)[n])
{
  for (int t = 0; t < steps; t++)
    {
      for (int y = 2; y < n - 2; y++)
        for (int x = 2; x < n - 2; x++)
          v[y][x] = STEP (kf, mask, src, wide, u, y, x);
      TEST_SWAP (u, v)
    }
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 263;
  size_t cells = (size_t) n * n;
  float *kf = test_xmalloc (cells * sizeof (float));
  unsigned char *mask = test_xmalloc (cells);
  double *src = test_xmalloc (cells * sizeof (double));
  double *wide = test_xmalloc (cells * sizeof (double));
  fill (kf, n, n, 1, 3);
  for (size_t i = 0; i < cells; i++)
    {
      kf[i] = 0.05f + 0.1f * kf[i] / (1.0f + fabsf (kf[i]));
      mask[i] = i % 7 != 3;
    }
  fill (src, n, n, 1, 4);
  fill (wide, n, n, 1, 5);
  double *g[4];
  for (int i = 0; i < 4; i++)
    g[i] = test_xmalloc (cells * sizeof (double));
  static const int runs[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 16 };
  int status = 0;
  for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++)
    {
      for (int i = 0; i < 4; i++)
        fill (g[i], n, n, 1, i % 2);
      step_mint (n, runs[r], (float (*)[n]) kf, (unsigned char (*)[n]) mask,
                 (double (*)[n]) src, (double (*)[n]) wide,
                 (double (*)[n]) g[0], (double (*)[n]) g[1]);
      step_cpu (n, runs[r], (float (*)[n]) kf, (unsigned char (*)[n]) mask,
                (double (*)[n]) src, (double (*)[n]) wide,
                (double (*)[n]) g[2], (double (*)[n]) g[3]);
      char name[32];
      snprintf (name, sizeof name, "%d steps", runs[r]);
      status |= test_report (name, max_error (g[0], g[2], cells)
                             + max_error (g[1], g[3], cells), TOL_EXACT);
    }
  for (int i = 0; i < 4; i++)
    free (g[i]);
  free (kf);
  free (mask);
  free (src);
  free (wide);
  return status;
}
