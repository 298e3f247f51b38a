/* stencils.c -- stencils the bench and the family do not have, each a
   Mint program of one nest repeated STEPS times (bench/probe/unseen/
   build.sh builds each with -D<NAME>, with and without the plugin):
     LIFE      Game of Life over uint8_t, 2-D, 2 bytes a point
     VC2F      float 2-D 5-point with a coefficient array
     UPWIND    double 2-D upwind advection, fmax/fmin of a velocity field
     HEAT3F    float 3-D 7-point, its weights in a struct through a pointer
     JACRES    double 2-D Jacobi with the largest update, reduction(max)
     JACSUM    the same with the sum of squared updates, reduction(+)
     JACNORED  the same without a reduction
     RED3      double 3-D 7-point with the sum of squared updates
     RED1      double 1-D 3-point with a max and a count reduction
   (NORED drops RED3's and RED1's reductions.)  Usage: NAME N [STEPS];
   prints ms a step (wall clock over the steps, after one untimed), the
   compulsory bytes a step and a checksum, which the build without the
   plugin must print too.  Measurements:
   bench/results/2026-11-29-NVIDIA-H200-reductions.md.  */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <time.h>
static double wall (void) { struct timespec t; clock_gettime (CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
struct params { double c0, c1; float f0, f1; };
int main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 1024, steps = argc > 2 ? atoi (argv[2]) : 10;
  int e = n + 2;
  struct params p = { 0.5, 0.125, 0.4f, 0.1f };
  (void) p;
  double t0 = 0, t1 = 0, sum = 0;
#if defined LIFE
  typedef uint8_t T;
  T (*a)[e] = malloc (sizeof (T) * e * e), (*b)[e] = malloc (sizeof (T) * e * e);
  for (long i = 0; i < (long) e * e; i++) { (&a[0][0])[i] = (i * 2654435761u >> 7) % 3 == 0; (&b[0][0])[i] = 0; }
#pragma mint copy(a, toDevice, e, e)
#pragma mint copy(b, toDevice, e, e)
#pragma mint parallel
  {
    for (int t = -1; t < steps; t++)
      {
        if (t == 0) t0 = wall ();
#pragma mint for nest(all) nowait
        for (int y = 1; y <= n; y++)
          for (int x = 1; x <= n; x++)
            {
              int s = a[y-1][x-1] + a[y-1][x] + a[y-1][x+1] + a[y][x-1] + a[y][x+1] + a[y+1][x-1] + a[y+1][x] + a[y+1][x+1];
              b[y][x] = (s == 3) | ((s == 2) & a[y][x]);
            }
#pragma mint single
        { T (*q)[e] = a; a = b; b = q; }
      }
#pragma mint barrier
    t1 = wall ();
  }
#pragma mint copy(a, fromDevice, e, e)
  for (long i = 0; i < (long) e * e; i++) sum += (&a[0][0])[i];
  double bytes = 2.0 * n * (double) n;
#elif defined VC2F || defined UPWIND || defined JACRES || defined JACSUM || defined JACNORED
# ifdef VC2F
  typedef float T;
# else
  typedef double T;
# endif
  T (*a)[e] = malloc (sizeof (T) * e * e), (*b)[e] = malloc (sizeof (T) * e * e), (*k)[e] = malloc (sizeof (T) * e * e);
  for (long i = 0; i < (long) e * e; i++) { (&a[0][0])[i] = (&b[0][0])[i] = (T) ((i * 7 + 3) % 101) / 101; (&k[0][0])[i] = (T) ((i * 13 + 5) % 97) / 97 - 0.5; }
  double res = 0;
#pragma mint copy(a, toDevice, e, e)
#pragma mint copy(b, toDevice, e, e)
#pragma mint copy(k, toDevice, e, e)
#pragma mint parallel
  {
    for (int t = -1; t < steps; t++)
      {
        if (t == 0) t0 = wall ();
# if defined VC2F
#pragma mint for nest(all) nowait
        for (int y = 1; y <= n; y++)
          for (int x = 1; x <= n; x++)
            b[y][x] = a[y][x] + p.f1 * (k[y][x] * (a[y][x-1] + a[y][x+1] - 2 * a[y][x]) + k[y-1][x] * (a[y-1][x] - a[y][x]) + k[y][x] * (a[y+1][x] - a[y][x]));
# elif defined UPWIND
#pragma mint for nest(all) nowait
        for (int y = 1; y <= n; y++)
          for (int x = 1; x <= n; x++)
            b[y][x] = a[y][x] - p.c1 * (fmax (k[y][x], 0.0) * (a[y][x] - a[y][x-1]) + fmin (k[y][x], 0.0) * (a[y][x+1] - a[y][x])
                                        + fmax (k[y][x], 0.0) * (a[y][x] - a[y-1][x]) + fmin (k[y][x], 0.0) * (a[y+1][x] - a[y][x]));
# else
        res = 0;
#  if defined JACSUM
#pragma mint for nest(all) reduction(+:res)
#  elif defined JACNORED
#pragma mint for nest(all)
#  else
#pragma mint for nest(all) reduction(max:res)
#  endif
        for (int y = 1; y <= n; y++)
          for (int x = 1; x <= n; x++)
            {
              T v = 0.25 * (a[y][x-1] + a[y][x+1] + a[y-1][x] + a[y+1][x]) + k[y][x];
#  if defined JACSUM
              res += (v - a[y][x]) * (v - a[y][x]);
#  elif !defined JACNORED
              res = fmax (res, fabs (v - a[y][x]));
#  endif
              b[y][x] = v;
            }
# endif
#pragma mint single
        { T (*q)[e] = a; a = b; b = q; }
      }
#pragma mint barrier
    t1 = wall ();
  }
#pragma mint copy(a, fromDevice, e, e)
  for (long i = 0; i < (long) e * e; i++) sum += (&a[0][0])[i];
  sum += res;
  double bytes = 3.0 * sizeof (T) * n * (double) n;
#elif defined HEAT3F
  typedef float T;
  T (*a)[e][e] = malloc (sizeof (T) * e * e * e), (*b)[e][e] = malloc (sizeof (T) * e * e * e);
  for (long i = 0; i < (long) e * e * e; i++) (&a[0][0][0])[i] = (&b[0][0][0])[i] = (T) ((i * 7 + 3) % 101) / 101;
  struct params *pp = &p;
#pragma mint copy(a, toDevice, e, e, e)
#pragma mint copy(b, toDevice, e, e, e)
#pragma mint parallel
  {
    for (int t = -1; t < steps; t++)
      {
        if (t == 0) t0 = wall ();
#pragma mint for nest(all) nowait
        for (int z = 1; z <= n; z++)
          for (int y = 1; y <= n; y++)
            for (int x = 1; x <= n; x++)
              b[z][y][x] = pp->f0 * a[z][y][x] + pp->f1 * (a[z][y][x-1] + a[z][y][x+1] + a[z][y-1][x] + a[z][y+1][x] + a[z-1][y][x] + a[z+1][y][x]);
#pragma mint single
        { T (*q)[e][e] = a; a = b; b = q; }
      }
#pragma mint barrier
    t1 = wall ();
  }
#pragma mint copy(a, fromDevice, e, e, e)
  for (long i = 0; i < (long) e * e * e; i++) sum += (&a[0][0][0])[i];
  double bytes = 2.0 * sizeof (T) * n * (double) n * n;
#elif defined RED3 || defined RED1
  typedef double T;
# ifdef RED3
  long cells = (long) e * e * e;
  double bytes = 2.0 * sizeof (T) * n * (double) n * n;
# else
  long cells = e;
  double bytes = 2.0 * sizeof (T) * n;
# endif
  T *a = malloc (sizeof (T) * cells), *b = malloc (sizeof (T) * cells);
  for (long i = 0; i < cells; i++) a[i] = b[i] = (T) ((i * 7 + 3) % 101) / 101;
  double res = 0;
  long cnt = 0;
# ifdef RED3
  T (*a3)[e][e] = (T (*)[e][e]) a, (*b3)[e][e] = (T (*)[e][e]) b;
#pragma mint copy(a3, toDevice, e, e, e)
#pragma mint copy(b3, toDevice, e, e, e)
# else
#pragma mint copy(a, toDevice, e)
#pragma mint copy(b, toDevice, e)
# endif
#pragma mint parallel
  {
    for (int t = -1; t < steps; t++)
      {
        if (t == 0) t0 = wall ();
        res = 0;
# ifdef RED3
#  ifdef NORED
#pragma mint for nest(all)
#  else
#pragma mint for nest(all) reduction(+:res)
#  endif
        for (int z = 1; z <= n; z++)
          for (int y = 1; y <= n; y++)
            for (int x = 1; x <= n; x++)
              {
                T v = (a3[z][y][x-1] + a3[z][y][x+1] + a3[z][y-1][x] + a3[z][y+1][x] + a3[z-1][y][x] + a3[z+1][y][x]) / 6;
#  ifndef NORED
                res += (v - a3[z][y][x]) * (v - a3[z][y][x]);
#  endif
                b3[z][y][x] = v;
              }
#pragma mint single
        { T (*q)[e][e] = a3; a3 = b3; b3 = q; }
# else
#  ifdef NORED
#pragma mint for nest(all)
#  else
#pragma mint for nest(all) reduction(max:res) reduction(+:cnt)
#  endif
        for (int x = 1; x <= n; x++)
          {
            T v = 0.25 * a[x-1] + 0.5 * a[x] + 0.25 * a[x+1];
#  ifndef NORED
            res = fmax (res, fabs (v - a[x]));
            cnt += v > 0.5;
#  endif
            b[x] = v;
          }
#pragma mint single
        { T *q = a; a = b; b = q; }
# endif
      }
#pragma mint barrier
    t1 = wall ();
  }
# ifdef RED3
#pragma mint copy(a3, fromDevice, e, e, e)
  a = &a3[0][0][0];
# else
#pragma mint copy(a, fromDevice, e)
# endif
  for (long i = 0; i < cells; i++) sum += a[i];
  sum += res + cnt;
#endif
  double ms = (t1 - t0) * 1e3 / steps;
  printf ("ms/step %.4f bytes/step %.4e GB/s %.1f checksum %.10e\n", ms, bytes, bytes / ms / 1e6, sum);
  return 0;
}
