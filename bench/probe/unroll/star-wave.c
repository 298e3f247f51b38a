/* Unroll probe: a 3-D star of radius R (FP64, one array read) or, with
   -DWAVE, an 8th-order variable-velocity wave step (float, p0 p1 vel ->
   p2, buffers rotated).  N^3 interior points; prints ms a step (median
   of REPS blocks of STEPS) and a checksum.  Build: gcc -O2 -std=gnu11
   -fplugin=mint.so -fplugin-arg-mint-opt=3 [-DR=3 | -DWAVE] [-DN=64]
   star-wave.c libmintrt.a -ldl -lm -lpthread; without the plugin, the
   same computation on the CPU.  (bench/results/probe/
   2026-11-28-unroll-budget.txt)  */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#ifndef R
# define R 4
#endif
#ifndef N
# define N 512
#endif
#define E (N + 2 * R)
#define STEPS 40
#define ARM(q) (u[z][y][x - q] + u[z][y][x + q] + u[z][y - q][x] \
                + u[z][y + q][x] + u[z - q][y][x] + u[z + q][y][x])
#define REPS 5
#include "timing.h"
#ifdef WAVE
typedef float T;
#else
typedef double T;
#endif
int
main (void)
{
  size_t bytes = sizeof (T) * (size_t) E * E * E;
  T (*u)[E][E] = malloc (bytes), (*v)[E][E] = malloc (bytes);
#ifdef WAVE
  T (*w)[E][E] = malloc (bytes), (*vel)[E][E] = malloc (bytes);
#endif
  double blk[REPS];
  for (int z = 0; z < E; z++)
    for (int y = 0; y < E; y++)
      for (int x = 0; x < E; x++)
        {
          u[z][y][x] = (T) ((x * 7 + y * 13 + z * 29) % 101) / 101;
          v[z][y][x] = u[z][y][x];
#ifdef WAVE
          w[z][y][x] = (T) ((x * 3 + y * 5 + z * 11) % 53) / 530;
          vel[z][y][x] = (T) 0.01 + (T) ((x + y + z) % 7) / 700;
#endif
        }
#pragma mint copy(u, toDevice, E, E, E)
#pragma mint copy(v, toDevice, E, E, E)
#ifdef WAVE
#pragma mint copy(w, toDevice, E, E, E)
#pragma mint copy(vel, toDevice, E, E, E)
#endif
#pragma mint parallel
  {
    for (int r = -1; r < REPS; r++)
      {
        int n = r < 0 ? 8 : STEPS;
        double start = wall ();
        for (int t = 0; t < n; t++)
          {
#ifdef WAVE
            /* u = p0 (older), v = p1, w = p2 (new) */
#pragma mint for nest(all) nowait
            for (int z = R; z < N + R; z++)
              for (int y = R; y < N + R; y++)
                for (int x = R; x < N + R; x++)
                  {
                    T lap = -8.541667f * v[z][y][x];
                    lap += 1.6f * (v[z][y][x-1] + v[z][y][x+1] + v[z][y-1][x] + v[z][y+1][x] + v[z-1][y][x] + v[z+1][y][x]);
                    lap -= 0.2f * (v[z][y][x-2] + v[z][y][x+2] + v[z][y-2][x] + v[z][y+2][x] + v[z-2][y][x] + v[z+2][y][x]);
                    lap += 0.0253968f * (v[z][y][x-3] + v[z][y][x+3] + v[z][y-3][x] + v[z][y+3][x] + v[z-3][y][x] + v[z+3][y][x]);
                    lap -= 0.0017857f * (v[z][y][x-4] + v[z][y][x+4] + v[z][y-4][x] + v[z][y+4][x] + v[z-4][y][x] + v[z+4][y][x]);
                    w[z][y][x] = 2.0f * v[z][y][x] - u[z][y][x] + vel[z][y][x] * lap;
                  }
#pragma mint single
            {
              T (*tmp)[E][E] = u;
              u = v;
              v = w;
              w = tmp;
            }
#else
#pragma mint for nest(all) nowait
            for (int z = R; z < N + R; z++)
              for (int y = R; y < N + R; y++)
                for (int x = R; x < N + R; x++)
                  {
                    T s = -0.5 * u[z][y][x] + ARM (1)
# if R >= 2
                      + 0.05 * ARM (2)
# endif
# if R >= 3
                      + 0.033 * ARM (3)
# endif
# if R >= 4
                      + 0.025 * ARM (4)
# endif
                      ;
                    v[z][y][x] = u[z][y][x] + 0.1 * s;
                  }
#pragma mint single
            {
              T (*tmp)[E][E] = u;
              u = v;
              v = tmp;
            }
#endif
          }
#pragma mint barrier
        if (r >= 0)
          blk[r] = wall () - start;
      }
  }
#pragma mint copy(u, fromDevice, E, E, E)
#pragma mint copy(v, fromDevice, E, E, E)
  double sum = 0;
  for (int z = R; z < N + R; z++)
    for (int y = R; y < N + R; y++)
      for (int x = R; x < N + R; x++)
        sum += u[z][y][x];
  printf ("ms/step %.4f checksum %.15e\n", 1e3 * median_seconds (blk) / STEPS, sum);
  return 0;
}
