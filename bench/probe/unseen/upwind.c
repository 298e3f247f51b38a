/* upwind.c -- 3-D upwinding written with branches, each a Mint program
   of one nest repeated STEPS times (bench/probe/unseen/build.sh builds
   each with -D<NAME>, with and without the plugin):
     UPC3F  float, one velocity array c: x upwinded by c's sign, a second
            z-2 correction where c > 0.5 (testsuite's upwind-margins form)
     UPB3   double, three velocity arrays u, v, w, an if/else per axis
     UPB3F  the same in float
   Usage: NAME N [STEPS]; prints ms a step, compulsory bytes a step and a
   checksum, which the build without the plugin must print too.
   Measurements: bench/results/2026-12-04-NVIDIA-H200-unchecked-twins.md.  */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "../unroll/timing.h"
#if defined UPB3
typedef double T;
#else
typedef float T;
#endif
#define start(i, k) START_VALUE (T, i, k)
#define SWAP(a, b) PRAGMA (mint single) { T (*q)[ey][ex] = a; a = b; b = q; }
#define FIELD(f, k)                                                     \
  T (*f)[ey][ex] = malloc (sizeof (T) * cells);                         \
  for (long i = 0; i < cells; i++)                                      \
    (&f[0][0][0])[i] = start (i, k)
int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 64, steps = argc > 2 ? atoi (argv[2]) : 10;
  int nx = n, nz = n, ex = n + 2, ey = n + 2, ez = n + 2;
  long cells = (long) ex * ey * ez;
  double points = (double) n * n * n, bytes, t0 = 0, t1 = 0, sum = 0;
#if defined UPC3F
  FIELD (q, 0); FIELD (r, 0); FIELD (c, 1);
  for (long i = 0; i < cells; i++)
    (&c[0][0][0])[i] = 2 * (&c[0][0][0])[i] - 0.8f;
  bytes = 3.0 * sizeof (T) * points;
# pragma mint copy(c, toDevice, ex, ey, ez)
# pragma mint copy(q, toDevice, ex, ey, ez)
# pragma mint copy(r, toDevice, ex, ey, ez)
  TIMED (
    PRAGMA (mint for nest(all) nowait)
    for (int z = 1; z <= nz; z++)
      for (int y = 1; y <= n; y++)
        for (int x = 1; x <= nx; x++)
          {
            float s = c[z][y][x], f = 0.0f;
            if (s > 0.0f)
              f = s * (q[z][y][x] - q[z][y][x - 1]);
            else if (s < 0.0f)
              f = s * (q[z][y][x + 1] - q[z][y][x]);
            if (s > 0.5f && z > 1)
              f += 0.5f * (q[z - 2][y][x] - q[z][y][x]);
            r[z][y][x] = q[z][y][x] - 0.3f * f;
          }
    SWAP (q, r))
# pragma mint copy(q, fromDevice, ex, ey, ez)
  for (long i = 0; i < cells; i++)
    sum += (&q[0][0][0])[i];
#elif defined UPB3 || defined UPB3F
  FIELD (a, 0); FIELD (b, 0); FIELD (u, 1); FIELD (v, 2); FIELD (w, 3);
  for (long i = 0; i < cells; i++)
    {
      (&u[0][0][0])[i] -= 0.5;
      (&v[0][0][0])[i] -= 0.5;
      (&w[0][0][0])[i] -= 0.5;
    }
  bytes = 5.0 * sizeof (T) * points;
# pragma mint copy(a, toDevice, ex, ey, ez)
# pragma mint copy(b, toDevice, ex, ey, ez)
# pragma mint copy(u, toDevice, ex, ey, ez)
# pragma mint copy(v, toDevice, ex, ey, ez)
# pragma mint copy(w, toDevice, ex, ey, ez)
  TIMED (
    PRAGMA (mint for nest(all) nowait)
    for (int z = 1; z <= nz; z++)
      for (int y = 1; y <= n; y++)
        for (int x = 1; x <= nx; x++)
          {
            T c = a[z][y][x], fx, fy, fz;
            if (u[z][y][x] > 0)
              fx = u[z][y][x] * (c - a[z][y][x - 1]);
            else
              fx = u[z][y][x] * (a[z][y][x + 1] - c);
            if (v[z][y][x] > 0)
              fy = v[z][y][x] * (c - a[z][y - 1][x]);
            else
              fy = v[z][y][x] * (a[z][y + 1][x] - c);
            if (w[z][y][x] > 0)
              fz = w[z][y][x] * (c - a[z - 1][y][x]);
            else
              fz = w[z][y][x] * (a[z + 1][y][x] - c);
            b[z][y][x] = c - (T) 0.2 * (fx + fy + fz);
          }
    SWAP (a, b))
# pragma mint copy(a, fromDevice, ex, ey, ez)
  for (long i = 0; i < cells; i++)
    sum += (&a[0][0][0])[i];
#endif
  printf ("ms/step %.4f bytes/step %.6e checksum %.12e\n",
          1e3 * (t1 - t0) / steps, bytes, sum);
  return 0;
}
