/* narrow.c -- Mint programs whose arrays have narrow rows (the last axis
   a few components), each a nest repeated STEPS times
   (bench/probe/unseen/build.sh builds each with -D<NAME>, with and
   without the plugin):
     PARTS     double, N*N particles of 3 components (rows of 24 bytes),
               smoothed along the particles
     RGB       an N x N image of 3 bytes a pixel (rows of 3 bytes), each
               colour the mean of its 3 x 3 pixels
     VEC2      float, an N x N grid of 2-vectors (rows of 8 bytes), a
               5-point star on each component
     COMP3     double, N x 3 x N: 3 components along y, a 5-point star in
               z and x on each
     LBM9      float D2Q9 lattice Boltzmann, a cell's 9 populations
               together (rows of 36 bytes): pull streaming and BGK
               collision in one nest(2), the velocities and weights in
               tables
   -DCLAUSES='tile(...) ...' gives the nest's launch shape, -DNEST='nest(2)'
   RGB's and VEC2's parallel loops.
   Usage: NAME N [STEPS]; prints ms a step (wall clock over the steps,
   after one untimed), the compulsory bytes a step (each array read once
   and written once) and a checksum, which the build without the plugin
   must print too.  */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include "../unroll/timing.h"

#ifndef CLAUSES
# define CLAUSES
#endif
/* RGB's and VEC2's nest: nest(2) leaves the components' loop to each
   thread.  */
#ifndef NEST
# define NEST nest(all)
#endif

#ifdef RGB
typedef unsigned char T;
# define C 3
#elif defined VEC2
typedef float T;
# define C 2
#elif defined LBM9
typedef float T;
# define C 9
static int cx[C] = { 0, 1, 0, -1, 0, 1, -1, -1, 1 };
static int cy[C] = { 0, 0, 1, 0, -1, 1, 1, -1, -1 };
static T wq[C] = { 4.f / 9, 1.f / 9, 1.f / 9, 1.f / 9, 1.f / 9,
                   1.f / 36, 1.f / 36, 1.f / 36, 1.f / 36 };
#else
typedef double T;
# define C 3
#endif

/* Arrays A and B of CELLS elements in the shape SHAPE (a declarator's
   suffix), their cells set alike.  */
#define TWO_FIELDS(shape)                                               \
  T (*a)shape = malloc (sizeof (T) * cells);                            \
  T (*b)shape = malloc (sizeof (T) * cells);                            \
  fill ((T *) a, (T *) b, cells)

static void
fill (T *a, T *b, long cells)
{
  for (long i = 0; i < cells; i++)
# ifdef RGB
    a[i] = b[i] = (T) (i * 37 % 251);
# else
    a[i] = b[i] = START_VALUE (T, i, 0);
# endif
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 64, steps = argc > 2 ? atoi (argv[2]) : 10;
  double t0 = 0, t1 = 0, sum = 0, bytes;
#ifdef PARTS
  long rows = (long) n * n;
  long cells = rows * C;
  TWO_FIELDS ([C]);
  bytes = 2.0 * sizeof (T) * (rows - 2) * C;
# pragma mint copy(a, toDevice, C, rows)
# pragma mint copy(b, toDevice, C, rows)
  TIMED (
    PRAGMA (mint for nest(all) nowait CLAUSES)
    for (long i = 1; i < rows - 1; i++)
      for (int c = 0; c < C; c++)
        b[i][c] = 0.5 * a[i][c] + 0.25 * (a[i - 1][c] + a[i + 1][c]);
    PRAGMA (mint single)
    { T (*q)[C] = a; a = b; b = q; })
# pragma mint copy(a, fromDevice, C, rows)
#elif defined COMP3
  long cells = (long) n * C * n;
  TWO_FIELDS ([C][n]);
  bytes = 2.0 * sizeof (T) * (n - 2) * (n - 2) * C;
# pragma mint copy(a, toDevice, n, C, n)
# pragma mint copy(b, toDevice, n, C, n)
  TIMED (
    PRAGMA (mint for nest(all) nowait CLAUSES)
    for (int z = 1; z < n - 1; z++)
      for (int c = 0; c < C; c++)
        for (int x = 1; x < n - 1; x++)
          b[z][c][x] = 0.6 * a[z][c][x] + 0.1 * (a[z][c][x - 1] + a[z][c][x + 1]
                                                 + a[z - 1][c][x] + a[z + 1][c][x]);
    PRAGMA (mint single)
    { T (*q)[C][n] = a; a = b; b = q; })
# pragma mint copy(a, fromDevice, n, C, n)
#else
  /* RGB, VEC2, LBM9: N x N points of C components.  */
  long cells = (long) n * n * C;
  TWO_FIELDS ([n][C]);
  bytes = 2.0 * sizeof (T) * (n - 2) * (n - 2) * C;
# ifdef LBM9
  const T omega = 1.7f;
# endif
# pragma mint copy(a, toDevice, C, n, n)
# pragma mint copy(b, toDevice, C, n, n)
# ifdef LBM9
#  pragma mint copy(cx, toDevice, C)
#  pragma mint copy(cy, toDevice, C)
#  pragma mint copy(wq, toDevice, C)
  TIMED (
    PRAGMA (mint for nest(2) nowait CLAUSES)
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        {
          T fi[C], rho = 0, ux = 0, uy = 0;
          for (int q = 0; q < C; q++)
            {
              fi[q] = a[y - cy[q]][x - cx[q]][q];
              rho += fi[q];
              ux += cx[q] * fi[q];
              uy += cy[q] * fi[q];
            }
          ux /= rho;
          uy /= rho;
          T usq = 1.5f * (ux * ux + uy * uy);
          for (int q = 0; q < C; q++)
            {
              T cu = 3.f * (cx[q] * ux + cy[q] * uy);
              T feq = wq[q] * rho * (1.f + cu + 0.5f * cu * cu - usq);
              b[y][x][q] = fi[q] - omega * (fi[q] - feq);
            }
        }
    PRAGMA (mint single)
    { T (*q)[n][C] = a; a = b; b = q; })
# else
  TIMED (
    PRAGMA (mint for NEST nowait CLAUSES)
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        for (int c = 0; c < C; c++)
          {
#  ifdef RGB
            int s = a[y - 1][x - 1][c] + a[y - 1][x][c] + a[y - 1][x + 1][c]
                    + a[y][x - 1][c] + a[y][x][c] + a[y][x + 1][c]
                    + a[y + 1][x - 1][c] + a[y + 1][x][c] + a[y + 1][x + 1][c];
            b[y][x][c] = (T) ((s + 4) / 9);
#  else
            b[y][x][c] = 0.6f * a[y][x][c]
                         + 0.1f * (a[y][x - 1][c] + a[y][x + 1][c]
                                   + a[y - 1][x][c] + a[y + 1][x][c]);
#  endif
          }
    PRAGMA (mint single)
    { T (*q)[n][C] = a; a = b; b = q; })
# endif
# pragma mint copy(a, fromDevice, C, n, n)
#endif
  const T *f = (const T *) a;
  for (long i = 0; i < cells; i++)
    sum += f[i];
  double ms = (t1 - t0) * 1e3 / steps;
  printf ("ms/step %.4f bytes/step %.4e GB/s %.1f checksum %.10e\n", ms,
          bytes, bytes / ms / 1e6, sum);
  return 0;
}
