/* cahn-hilliard.c -- a Cahn-Hilliard-like step on a periodic 8192^2
   float grid, the wrap by conditions, its energy reduced in the first
   nest (the chemical potential), the second updating the field in
   place: prints the energy, a checksum and ms a step after 5 steps of
   warm-up (argument: the steps timed, 50 by default).  Round 63 of
   bench/results/optimizer-notes.md times it built by two plugins:
     gcc -O2 -fplugin=BUILD/plugin/.libs/mint.so -fplugin-arg-mint-opt=3 \
       cahn-hilliard.c BUILD/runtime/.libs/libmintrt.a -ldl -lm -lpthread  */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <math.h>
#define IX(y, x) ((size_t) (y) * nx + (x))
static double now (void) { struct timespec t; clock_gettime (CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main (int argc, char **argv)
{
  int nx = 8192, ny = 8192, steps = argc > 1 ? atoi (argv[1]) : 50;
  float *c = malloc (sizeof (float) * nx * ny), *mu = malloc (sizeof (float) * nx * ny);
  for (size_t i = 0; i < (size_t) nx * ny; i++) { c[i] = 0.1f * (float) ((i * 7919) % 23) - 1.0f; mu[i] = 0; }
  double energy = 0, t0 = 0, t1 = 0;
#pragma mint copy(c, toDevice, nx * ny)
#pragma mint copy(mu, toDevice, nx * ny)
#pragma mint parallel
  {
    for (int t = 0; t < steps + 5; t++)
      {
        if (t == 5)
          {
#pragma mint barrier
            t0 = now ();
          }
#pragma mint for nest(all) reduction(+:energy)
        for (int y = 0; y < ny; y++)
          for (int x = 0; x < nx; x++)
            {
              int xm = x == 0 ? nx - 1 : x - 1, xp = x == nx - 1 ? 0 : x + 1;
              int ym = y == 0 ? ny - 1 : y - 1, yp = y == ny - 1 ? 0 : y + 1;
              float lap = c[IX (y, xm)] + c[IX (y, xp)] + c[IX (ym, x)] + c[IX (yp, x)] - 4.0f * c[IX (y, x)];
              mu[IX (y, x)] = c[IX (y, x)] * c[IX (y, x)] * c[IX (y, x)] - c[IX (y, x)] - 0.5f * lap;
              energy += 0.25f * c[IX (y, x)] * c[IX (y, x)];
            }
#pragma mint for nest(all)
        for (int y = 0; y < ny; y++)
          for (int x = 0; x < nx; x++)
            {
              int xm = x == 0 ? nx - 1 : x - 1, xp = x == nx - 1 ? 0 : x + 1;
              int ym = y == 0 ? ny - 1 : y - 1, yp = y == ny - 1 ? 0 : y + 1;
              c[IX (y, x)] += 1e-3f * (mu[IX (y, xm)] + mu[IX (y, xp)] + mu[IX (ym, x)] + mu[IX (yp, x)] - 4.0f * mu[IX (y, x)]);
            }
      }
#pragma mint barrier
    t1 = now ();
  }
#pragma mint copy(c, fromDevice, nx * ny)
  double s = 0;
  for (size_t i = 0; i < (size_t) nx * ny; i += 997) s += c[i];
  printf ("energy %.6e checksum %.9e ms/step %.4f\n", energy, s, 1e3 * (t1 - t0) / steps);
  return 0;
}
