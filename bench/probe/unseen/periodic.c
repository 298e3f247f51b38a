/* periodic.c -- a 3-D 7-point star over a periodic domain, its
   neighbours' indices wrapped in the body, as solvers of periodic boxes
   write them (bench/probe/unseen/build.sh builds each with -D<NAME>,
   with and without the plugin):
     PER3      the wrap by conditions (x == 0 ? n - 1 : x - 1)
     PER3MOD   the wrap by remainders ((x + n - 1) % n)
     PER2      a 2-D 5-point star over N x N points, the wrap by ifs
               (xm = x - 1; if (xm < 0) xm += n)
   Level 3 runs in the blocks between the wraps (plugin/opt/edge-fold.h,
   optimizer-notes.md, round 52).  With -DOPEN_X (and -DOPEN_Y), PER3 and
   PER3MOD wrap only along the other axes: the star reads x - 1 and x + 1
   and the nest leaves out x = 0 and x = N - 1.  With -DWALLS, PER3's
   neighbours do not wrap but clamp to the walls (i > 0 ? i - 1 : 0, a
   zero-gradient boundary; GCC writes it as max (i, 1) - 1), and so do
   PER2's; with -DHELPER too, PER3's clamp through a helper's int
   parameters (with -DLOOP_T=long, through conversions).
   Usage: NAME N [STEPS]; prints ms a step (wall clock over the steps,
   after one untimed), the compulsory bytes a step (each array read once
   and written once) and a checksum, which the build without the plugin
   must print too.  */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include "../unroll/timing.h"

typedef double T;

/* PER3's and PER3MOD's loop variables: -DUNSIGNED makes them unsigned,
   whose wraps fold with range checks (edge-fold.c, EDGE_RANGE);
   -DLOOP_T=TYPE any other type.  */
#ifdef UNSIGNED
# define LOOP_T unsigned
#elif !defined LOOP_T
# define LOOP_T int
#endif

/* -DHELPER: PER3's walls clamp through a helper of int parameters, which
   GCC reaches over wider or unsigned loop variables by conversions.  */
static inline int
clamp_index (int v, int lo, int hi)
{
  return v < lo ? lo : v > hi ? hi : v;
}

#if defined WALLS && defined HELPER
# define BELOW(i) clamp_index ((i) - 1, 0, n - 1)
# define ABOVE(i) clamp_index ((i) + 1, 0, n - 1)
#elif defined WALLS
# define BELOW(i) ((i) > 0 ? (i) - 1 : 0)
# define ABOVE(i) ((i) < n - 1 ? (i) + 1 : n - 1)
#elif defined PER3MOD
# define BELOW(i) (((i) + n - 1) % n)
# define ABOVE(i) (((i) + 1) % n)
#else
# define BELOW(i) ((i) == 0 ? n - 1 : (i) - 1)
# define ABOVE(i) ((i) == n - 1 ? 0 : (i) + 1)
#endif

/* The neighbours along x and y and the nest's first and last x and y.  */
#ifdef OPEN_X
# define WEST(i) ((i) - 1)
# define EAST(i) ((i) + 1)
# define X0 1
#else
# define WEST(i) BELOW (i)
# define EAST(i) ABOVE (i)
# define X0 0
#endif
#ifdef OPEN_Y
# define SOUTH(i) ((i) - 1)
# define NORTH(i) ((i) + 1)
# define Y0 1
#else
# define SOUTH(i) BELOW (i)
# define NORTH(i) ABOVE (i)
# define Y0 0
#endif

#ifdef PER2
static int
wrap_below (int i, int n)
{
  int m = i - 1;
  if (m < 0)
#ifdef WALLS
    m = 0;
#else
    m += n;
#endif
  return m;
}

static int
wrap_above (int i, int n)
{
  int m = i + 1;
  if (m >= n)
#ifdef WALLS
    m = n - 1;
#else
    m -= n;
#endif
  return m;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 64, steps = argc > 2 ? atoi (argv[2]) : 10;
  double t0 = 0, t1 = 0, sum = 0;
  long cells = (long) n * n;
  double bytes = 2.0 * sizeof (T) * cells;
  T (*a)[n] = malloc (sizeof (T) * cells), (*b)[n] = malloc (sizeof (T) * cells);
  for (long i = 0; i < cells; i++)
    (&a[0][0])[i] = (&b[0][0])[i] = START_VALUE (T, i, 0);
#pragma mint copy(a, toDevice, n, n)
#pragma mint copy(b, toDevice, n, n)
  TIMED (
    PRAGMA (mint for nest(all) nowait)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        b[y][x] = 0.6 * a[y][x]
                  + 0.1 * (a[y][wrap_below (x, n)] + a[y][wrap_above (x, n)]
                           + a[wrap_below (y, n)][x]
                           + a[wrap_above (y, n)][x]);
    PRAGMA (mint single)
    { T (*q)[n] = a; a = b; b = q; })
#pragma mint copy(a, fromDevice, n, n)
  for (long i = 0; i < cells; i++)
    sum += (&a[0][0])[i];
  double ms = (t1 - t0) * 1e3 / steps;
  printf ("ms/step %.4f bytes/step %.4e GB/s %.1f checksum %.10e\n", ms,
          bytes, bytes / ms / 1e6, sum);
  return 0;
}
#else
int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 64, steps = argc > 2 ? atoi (argv[2]) : 10;
  double t0 = 0, t1 = 0, sum = 0;
  long cells = (long) n * n * n;
  double bytes = 2.0 * sizeof (T) * cells;
  T (*a)[n][n] = malloc (sizeof (T) * cells), (*b)[n][n] = malloc (sizeof (T) * cells);
  for (long i = 0; i < cells; i++)
    (&a[0][0][0])[i] = (&b[0][0][0])[i] = START_VALUE (T, i, 0);
#pragma mint copy(a, toDevice, n, n, n)
#pragma mint copy(b, toDevice, n, n, n)
  TIMED (
    PRAGMA (mint for nest(all) nowait)
    for (LOOP_T z = 0; z < n; z++)
      for (LOOP_T y = Y0; y < n - Y0; y++)
        for (LOOP_T x = X0; x < n - X0; x++)
          b[z][y][x] = 0.4 * a[z][y][x]
                       + 0.1 * (a[z][y][WEST (x)] + a[z][y][EAST (x)]
                                + a[z][SOUTH (y)][x] + a[z][NORTH (y)][x]
                                + a[BELOW (z)][y][x] + a[ABOVE (z)][y][x]);
    PRAGMA (mint single)
    { T (*q)[n][n] = a; a = b; b = q; })
#pragma mint copy(a, fromDevice, n, n, n)
  for (long i = 0; i < cells; i++)
    sum += (&a[0][0][0])[i];
  double ms = (t1 - t0) * 1e3 / steps;
  printf ("ms/step %.4f bytes/step %.4e GB/s %.1f checksum %.10e\n", ms,
          bytes, bytes / ms / 1e6, sum);
  return 0;
}
#endif
