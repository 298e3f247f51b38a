/* shapes.c -- stencils whose shapes the bench, the family and the
   other unseen probes do not have, each a Mint program of its nests
   repeated STEPS times (bench/probe/unseen/build.sh builds each with
   -D<NAME>, with and without the plugin):
     YEE3      double 3-D Maxwell FDTD (Yee): six fields, a nest updating
               the three H fields in place from E, another E from H, each
               reading one-sided neighbours
     ANISO3    double 3-D star of radius 4 along z and 1 along y and x
               (15 points)
     ANISO3F   the same in float
     ZCOEF3F   float 3-D 7-point whose weights along each axis are 1-D
               arrays indexed by that axis (metric terms)
     VC3R2     double 3-D 13-point star (radius 2) scaled by a coefficient
               array, its weights in a struct read through a pointer
     FLATZ     double 3-D 7-point over N x N planes but 16 of them
     THINX     double 3-D 7-point over rows of 32 points, N x N of them
     SRC3      double 3-D 7-point plus a source at one point (a condition
               on the point's coordinates)
     GRADDIV   double 3-D diffusion in two nests: one writes the three
               components of a gradient (forward differences), the other
               adds their divergence (backward differences)
     MASK3     double 3-D 7-point applied where a byte mask is set, the
               old value kept elsewhere
     ADV3      double 3-D upwind advection by a velocity field of three
               arrays (fmax and fmin of each component)
     ANISO2Y   double 2-D star of radius 4 along y and 1 along x
     ANISO2X   float 2-D star of radius 4 along x and 1 along y
     VC2R2     double 2-D 9-point star (radius 2) scaled by a coefficient
               array
     TALL2     double 2-D 5-point over rows of 64 points, N x N / 64 of
               them
   -DCLAUSES='tile(...) ...' gives the one-array nests' launch shape.
   Usage: NAME N [STEPS]; prints ms a step (wall clock over the steps,
   after one untimed), the compulsory bytes a step (each array read once
   and written once a nest) and a checksum, which the build without the
   plugin must print too.  */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "../unroll/timing.h"

#if defined ANISO2Y || defined ANISO2X || defined VC2R2 || defined TALL2
# define DIMS 2
#endif
#if defined ZCOEF3F || defined ANISO3F || defined ANISO2X
typedef float T;
#else
typedef double T;
#endif
#if defined ANISO3 || defined ANISO3F || defined ANISO2Y || defined ANISO2X
# define R 4
#elif defined VC3R2 || defined VC2R2
# define R 2
#else
# define R 1
#endif

#define start(i, k) START_VALUE (T, i, k)

#ifndef CLAUSES
# define CLAUSES
#endif

#define SWAP(a, b) PRAGMA (mint single) { T (*q)[ey][ex] = a; a = b; b = q; }
/* A field of the grid, its cells set from start (., K).  */
#define FIELD(f, k)                                                     \
  T (*f)[ey][ex] = malloc (sizeof (T) * cells);                         \
  for (long i = 0; i < cells; i++)                                      \
    (&f[0][0][0])[i] = start (i, k)
#define SUM(f)                                                          \
  for (long i = 0; i < cells; i++)                                      \
    sum += (&f[0][0][0])[i]

struct weights
{
  double centre, near, far;
};

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 64, steps = argc > 2 ? atoi (argv[2]) : 10;
  double t0 = 0, t1 = 0, sum = 0, bytes;
#if DIMS == 2
# ifdef TALL2
  int nx = 64, ny = n * (n / 64);
# else
  int nx = n, ny = n;
# endif
  int ex = nx + 2 * R, ey = ny + 2 * R;
  long cells = (long) ex * ey;
  T (*a)[ex] = malloc (sizeof (T) * cells), (*b)[ex] = malloc (sizeof (T) * cells);
  for (long i = 0; i < cells; i++)
    (&a[0][0])[i] = (&b[0][0])[i] = start (i, 0);
  bytes = 2.0 * sizeof (T) * nx * ny;
# ifdef VC2R2
  T (*k)[ex] = malloc (sizeof (T) * cells);
  for (long i = 0; i < cells; i++)
    (&k[0][0])[i] = start (i, 1);
  bytes += 1.0 * sizeof (T) * nx * ny;
#  pragma mint copy(k, toDevice, ex, ey)
# endif
# pragma mint copy(a, toDevice, ex, ey)
# pragma mint copy(b, toDevice, ex, ey)
  TIMED (
    PRAGMA (mint for nest(all) nowait CLAUSES)
    for (int y = R; y < ny + R; y++)
      for (int x = R; x < nx + R; x++)
        {
# if defined ANISO2Y
          b[y][x] = 0.28 * a[y][x] + 0.1 * (a[y][x - 1] + a[y][x + 1])
                    + 0.12 * (a[y - 1][x] + a[y + 1][x])
                    + 0.07 * (a[y - 2][x] + a[y + 2][x])
                    + 0.04 * (a[y - 3][x] + a[y + 3][x])
                    + 0.02 * (a[y - 4][x] + a[y + 4][x]);
# elif defined ANISO2X
          b[y][x] = 0.28f * a[y][x] + 0.1f * (a[y - 1][x] + a[y + 1][x])
                    + 0.12f * (a[y][x - 1] + a[y][x + 1])
                    + 0.07f * (a[y][x - 2] + a[y][x + 2])
                    + 0.04f * (a[y][x - 3] + a[y][x + 3])
                    + 0.02f * (a[y][x - 4] + a[y][x + 4]);
# elif defined VC2R2
          T lap = -0.5 * a[y][x]
                  + 0.1 * (a[y][x - 1] + a[y][x + 1] + a[y - 1][x] + a[y + 1][x])
                  + 0.025 * (a[y][x - 2] + a[y][x + 2] + a[y - 2][x] + a[y + 2][x]);
          b[y][x] = a[y][x] + k[y][x] * lap;
# else
          b[y][x] = 0.6 * a[y][x] + 0.1 * (a[y][x - 1] + a[y][x + 1]
                                           + a[y - 1][x] + a[y + 1][x]);
# endif
        }
    PRAGMA (mint single)
    { T (*q)[ex] = a; a = b; b = q; })
# pragma mint copy(a, fromDevice, ex, ey)
  for (long i = 0; i < cells; i++)
    sum += (&a[0][0])[i];
#else
# ifdef FLATZ
  int nz = 16;
# else
  int nz = n;
# endif
# ifdef THINX
  int nx = 32;
# else
  int nx = n;
# endif
  int ex = nx + 2 * R, ey = n + 2 * R, ez = nz + 2 * R;
  long cells = (long) ex * ey * ez, points = (long) nx * n * nz;
#endif
#if DIMS == 2
#elif defined YEE3
  FIELD (fex, 0); FIELD (fey, 1); FIELD (fez, 2);
  FIELD (fhx, 3); FIELD (fhy, 4); FIELD (fhz, 5);
  const T ch = 0.1, ce = 0.2;
  bytes = 18.0 * sizeof (T) * points;
# pragma mint copy(fex, toDevice, ex, ey, ez)
# pragma mint copy(fey, toDevice, ex, ey, ez)
# pragma mint copy(fez, toDevice, ex, ey, ez)
# pragma mint copy(fhx, toDevice, ex, ey, ez)
# pragma mint copy(fhy, toDevice, ex, ey, ez)
# pragma mint copy(fhz, toDevice, ex, ey, ez)
  TIMED (
    PRAGMA (mint for nest(all) nowait)
    for (int z = 1; z <= nz; z++)
      for (int y = 1; y <= n; y++)
        for (int x = 1; x <= nx; x++)
          {
            fhx[z][y][x] -= ch * ((fez[z][y + 1][x] - fez[z][y][x])
                                  - (fey[z + 1][y][x] - fey[z][y][x]));
            fhy[z][y][x] -= ch * ((fex[z + 1][y][x] - fex[z][y][x])
                                  - (fez[z][y][x + 1] - fez[z][y][x]));
            fhz[z][y][x] -= ch * ((fey[z][y][x + 1] - fey[z][y][x])
                                  - (fex[z][y + 1][x] - fex[z][y][x]));
          }
    PRAGMA (mint for nest(all) nowait)
    for (int z = 1; z <= nz; z++)
      for (int y = 1; y <= n; y++)
        for (int x = 1; x <= nx; x++)
          {
            fex[z][y][x] += ce * ((fhz[z][y][x] - fhz[z][y - 1][x])
                                  - (fhy[z][y][x] - fhy[z - 1][y][x]));
            fey[z][y][x] += ce * ((fhx[z][y][x] - fhx[z - 1][y][x])
                                  - (fhz[z][y][x] - fhz[z][y][x - 1]));
            fez[z][y][x] += ce * ((fhy[z][y][x] - fhy[z][y][x - 1])
                                  - (fhx[z][y][x] - fhx[z][y - 1][x]));
          })
# pragma mint copy(fex, fromDevice, ex, ey, ez)
# pragma mint copy(fhz, fromDevice, ex, ey, ez)
  SUM (fex);
  SUM (fhz);
#elif defined GRADDIV
  FIELD (a, 0); FIELD (gx, 0); FIELD (gy, 0); FIELD (gz, 0);
  const T kappa = 0.1;
  bytes = 10.0 * sizeof (T) * points;
# pragma mint copy(a, toDevice, ex, ey, ez)
# pragma mint copy(gx, toDevice, ex, ey, ez)
# pragma mint copy(gy, toDevice, ex, ey, ez)
# pragma mint copy(gz, toDevice, ex, ey, ez)
  TIMED (
    PRAGMA (mint for nest(all) nowait)
    for (int z = 0; z <= nz; z++)
      for (int y = 0; y <= n; y++)
        for (int x = 0; x <= nx; x++)
          {
            gx[z][y][x] = a[z][y][x + 1] - a[z][y][x];
            gy[z][y][x] = a[z][y + 1][x] - a[z][y][x];
            gz[z][y][x] = a[z + 1][y][x] - a[z][y][x];
          }
    PRAGMA (mint for nest(all) nowait)
    for (int z = 1; z <= nz; z++)
      for (int y = 1; y <= n; y++)
        for (int x = 1; x <= nx; x++)
          a[z][y][x] += kappa * (gx[z][y][x] - gx[z][y][x - 1]
                                 + gy[z][y][x] - gy[z][y - 1][x]
                                 + gz[z][y][x] - gz[z - 1][y][x]);)
# pragma mint copy(a, fromDevice, ex, ey, ez)
  SUM (a);
#elif defined ADV3
  FIELD (a, 0); FIELD (b, 0); FIELD (u, 1); FIELD (v, 2); FIELD (w, 3);
  for (long i = 0; i < cells; i++)
    {
      (&u[0][0][0])[i] -= 0.5;
      (&v[0][0][0])[i] -= 0.5;
      (&w[0][0][0])[i] -= 0.5;
    }
  struct { double dt, rdx; } p = { 0.2, 1.0 }, *pp = &p;
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
            T c = a[z][y][x];
            T fx = fmax (u[z][y][x], 0) * (c - a[z][y][x - 1])
                   + fmin (u[z][y][x], 0) * (a[z][y][x + 1] - c);
            T fy = fmax (v[z][y][x], 0) * (c - a[z][y - 1][x])
                   + fmin (v[z][y][x], 0) * (a[z][y + 1][x] - c);
            T fz = fmax (w[z][y][x], 0) * (c - a[z - 1][y][x])
                   + fmin (w[z][y][x], 0) * (a[z + 1][y][x] - c);
            b[z][y][x] = c - pp->dt * pp->rdx * (fx + fy + fz);
          }
    SWAP (a, b))
# pragma mint copy(a, fromDevice, ex, ey, ez)
  SUM (a);
#else
  FIELD (a, 0); FIELD (b, 0);
# if defined VC3R2
  FIELD (k, 1);
  struct weights wt = { -0.5, 0.1, 0.0125 }, *wp = &wt;
  bytes = 3.0 * sizeof (T) * points;
#  pragma mint copy(k, toDevice, ex, ey, ez)
# elif defined MASK3
  uint8_t (*m)[ey][ex] = malloc (cells);
  for (long i = 0; i < cells; i++)
    (&m[0][0][0])[i] = i % 7 != 3;
  bytes = (2.0 * sizeof (T) + 1) * points;
#  pragma mint copy(m, toDevice, ex, ey, ez)
# elif defined ZCOEF3F
  T *kx = malloc (sizeof (T) * ex), *ky = malloc (sizeof (T) * ey);
  T *kz = malloc (sizeof (T) * ez);
  for (int i = 0; i < ex; i++)
    kx[i] = (T) 0.1 + (T) 0.05 * (T) i / (T) ex;
  for (int i = 0; i < ey; i++)
    ky[i] = (T) 0.12 - (T) 0.04 * (T) i / (T) ey;
  for (int i = 0; i < ez; i++)
    kz[i] = (T) 0.08 + (T) 0.02 * (T) (i % 5);
  bytes = 2.0 * sizeof (T) * points;
#  pragma mint copy(kx, toDevice, ex)
#  pragma mint copy(ky, toDevice, ey)
#  pragma mint copy(kz, toDevice, ez)
# else
  bytes = 2.0 * sizeof (T) * points;
# endif
# ifdef SRC3
  const int zs = nz / 2, ys = n / 3, xs = nx / 4;
# endif
# pragma mint copy(a, toDevice, ex, ey, ez)
# pragma mint copy(b, toDevice, ex, ey, ez)
  TIMED (
    PRAGMA (mint for nest(all) nowait CLAUSES)
    for (int z = R; z < nz + R; z++)
      for (int y = R; y < n + R; y++)
        for (int x = R; x < nx + R; x++)
          {
# if defined ANISO3 || defined ANISO3F
            b[z][y][x] = (T) 0.28 * a[z][y][x]
                         + (T) 0.05 * (a[z][y][x - 1] + a[z][y][x + 1])
                         + (T) 0.06 * (a[z][y - 1][x] + a[z][y + 1][x])
                         + (T) 0.12 * (a[z - 1][y][x] + a[z + 1][y][x])
                         + (T) 0.07 * (a[z - 2][y][x] + a[z + 2][y][x])
                         + (T) 0.04 * (a[z - 3][y][x] + a[z + 3][y][x])
                         + (T) 0.02 * (a[z - 4][y][x] + a[z + 4][y][x]);
# elif defined VC3R2
            T lap = wp->centre * a[z][y][x]
                    + wp->near * (a[z][y][x - 1] + a[z][y][x + 1]
                                  + a[z][y - 1][x] + a[z][y + 1][x]
                                  + a[z - 1][y][x] + a[z + 1][y][x])
                    + wp->far * (a[z][y][x - 2] + a[z][y][x + 2]
                                 + a[z][y - 2][x] + a[z][y + 2][x]
                                 + a[z - 2][y][x] + a[z + 2][y][x]);
            b[z][y][x] = a[z][y][x] + k[z][y][x] * lap;
# elif defined ZCOEF3F
            T c = a[z][y][x];
            b[z][y][x] = c + kx[x] * (a[z][y][x - 1] + a[z][y][x + 1] - 2 * c)
                         + ky[y] * (a[z][y - 1][x] + a[z][y + 1][x] - 2 * c)
                         + kz[z] * (a[z - 1][y][x] + a[z + 1][y][x] - 2 * c);
# else
            T s = 0.4 * a[z][y][x]
                  + 0.1 * (a[z][y][x - 1] + a[z][y][x + 1]
                           + a[z][y - 1][x] + a[z][y + 1][x]
                           + a[z - 1][y][x] + a[z + 1][y][x]);
#  ifdef MASK3
            b[z][y][x] = m[z][y][x] ? s : a[z][y][x];
#  elif defined SRC3
            b[z][y][x] = s + (z == zs && y == ys && x == xs ? 1.0 : 0.0);
#  else
            b[z][y][x] = s;
#  endif
# endif
          }
    SWAP (a, b))
# pragma mint copy(a, fromDevice, ex, ey, ez)
  SUM (a);
#endif
  double ms = (t1 - t0) * 1e3 / steps;
  printf ("ms/step %.4f bytes/step %.4e GB/s %.1f checksum %.10e\n", ms,
          bytes, bytes / ms / 1e6, sum);
  return 0;
}
