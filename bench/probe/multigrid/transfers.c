/* Multigrid transfers at 8193^2 fine points, double: full-weighting
   restriction (9 fine points a coarse one) and bilinear prolongation
   (4 fine points written a coarse one), as a two-grid cycle writes them.
   Timed as bench/mint-stencil.c is: the nests nowait, a barrier ends
   each block of STEPS steps, a host clock around the block; a warm-up
   block (the tuner's), then 5 blocks, the median printed.  Usage:
   transfers [n [steps]].  */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include "../unroll/timing.h"

static void
run (int n, double (*f)[2 * n + 1], double (*c)[n + 1], double (*e)[2 * n + 1],
     int steps)
{
  double ms[5];
#pragma mint copy(f, toDevice, 2 * n + 1, 2 * n + 1)
#pragma mint copy(c, toDevice, n + 1, n + 1)
#pragma mint copy(e, toDevice, 2 * n + 1, 2 * n + 1)
#pragma mint parallel
  {
    for (int r = -1; r < 5; r++)
      {
        double start = wall ();
        for (int t = 0; t < steps; t++)
          {
#pragma mint for nest(all) nowait
        for (int y = 1; y < n; y++)
          for (int x = 1; x < n; x++)
            c[y][x] = 0.25 * f[2 * y][2 * x]
                      + 0.125 * (f[2 * y - 1][2 * x] + f[2 * y + 1][2 * x]
                                 + f[2 * y][2 * x - 1] + f[2 * y][2 * x + 1])
                      + 0.0625 * (f[2 * y - 1][2 * x - 1]
                                  + f[2 * y - 1][2 * x + 1]
                                  + f[2 * y + 1][2 * x - 1]
                                  + f[2 * y + 1][2 * x + 1]);
#pragma mint for nest(all) nowait
        for (int y = 0; y < n; y++)
          for (int x = 0; x < n; x++)
            {
              e[2 * y][2 * x] = c[y][x];
              e[2 * y][2 * x + 1] = 0.5 * (c[y][x] + c[y][x + 1]);
              e[2 * y + 1][2 * x] = 0.5 * (c[y][x] + c[y + 1][x]);
              e[2 * y + 1][2 * x + 1] = 0.25 * (c[y][x] + c[y][x + 1]
                                                + c[y + 1][x]
                                                + c[y + 1][x + 1]);
            }
          }
#pragma mint barrier
        if (r >= 0)
          ms[r] = (wall () - start) * 1e3 / steps;
      }
  }
#pragma mint copy(e, fromDevice, 2 * n + 1, 2 * n + 1)
  printf ("ms a step (restriction and prolongation): %.4f\n",
          median_of (ms, 5));
}
int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 4096, steps = argc > 2 ? atoi (argv[2]) : 20;
  long m = 2L * n + 1;
  double (*f)[m] = malloc (sizeof *f * m), (*e)[m] = malloc (sizeof *e * m);
  double (*c)[n + 1] = malloc (sizeof *c * (n + 1));
  for (long y = 0; y < m; y++)
    for (long x = 0; x < m; x++)
      f[y][x] = e[y][x] = (double) ((y * 31 + x) % 101) / 101.0;
  for (long y = 0; y <= n; y++)
    for (long x = 0; x <= n; x++)
      c[y][x] = 0;
  run (n, f, c, e, steps);
  double s = 0;
  for (long y = 0; y < m; y++)
    for (long x = 0; x < m; x++)
      s += e[y][x];
  printf ("checksum %.12e\n", s);
  return 0;
}
