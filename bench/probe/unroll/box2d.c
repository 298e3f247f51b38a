/* Unroll probe, 2-D: a 25-point box of radius 2 (FP64, distinct
   coefficients), N^2 interior points; ms a step and a checksum.  Built
   as star-wave.c is.  */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#define R 2
#ifndef N
# define N 8192
#endif
#define E (N + 2 * R)
#define STEPS 40
#define REPS 5
#include "timing.h"
#define ROW(dy) (0.01 * (dy + 3) * u[y + dy][x - 2] + 0.02 * u[y + dy][x - 1] \
                 + 0.03 * (dy + 3) * u[y + dy][x] + 0.021 * u[y + dy][x + 1] \
                 + 0.011 * (dy + 4) * u[y + dy][x + 2])
int
main (void)
{
  double (*u)[E] = malloc (sizeof (double) * E * E), (*v)[E] = malloc (sizeof (double) * E * E);
  double blk[REPS];
  for (int y = 0; y < E; y++)
    for (int x = 0; x < E; x++)
      u[y][x] = v[y][x] = (double) ((x * 7 + y * 13) % 101) / 101;
#pragma mint copy(u, toDevice, E, E)
#pragma mint copy(v, toDevice, E, E)
#pragma mint parallel
  {
    for (int r = -1; r < REPS; r++)
      {
        int n = r < 0 ? 8 : STEPS;
        double start = wall ();
        for (int t = 0; t < n; t++)
          {
#pragma mint for nest(all) nowait
            for (int y = R; y < N + R; y++)
              for (int x = R; x < N + R; x++)
                v[y][x] = 0.5 * u[y][x] + 0.1 * (ROW (-2) + ROW (-1) + ROW (0) + ROW (1) + ROW (2));
#pragma mint single
            {
              double (*tmp)[E] = u;
              u = v;
              v = tmp;
            }
          }
#pragma mint barrier
        if (r >= 0)
          blk[r] = wall () - start;
      }
  }
#pragma mint copy(u, fromDevice, E, E)
#pragma mint copy(v, fromDevice, E, E)
  double sum = 0;
  for (int y = R; y < N + R; y++)
    for (int x = R; x < N + R; x++)
      sum += u[y][x];
  printf ("ms/step %.4f checksum %.15e\n", 1e3 * median_seconds (blk) / STEPS, sum);
  return 0;
}
