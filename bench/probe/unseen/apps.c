/* apps.c -- loop nests in the forms of small published applications
   that the other unseen probes do not have, each a Mint program of its
   nests repeated STEPS times (bench/probe/unseen/build.sh builds each
   with -D<NAME>, with and without the plugin):
     GRAYSCOTT double 2-D Gray-Scott reaction-diffusion: one nest reads
               u and v (a 5-point Laplacian of each and u v^2) and
               writes both new fields
     WAVE3L    double 2-D wave equation over three time levels, the
               levels' pointers rotated in a single block
     HELPER3   double 3-D 7-point whose Laplacian is a static inline
               function given the array and the point (-DINLINE: the
               same written in the body)
     DOWN2     double 2-D 5-point whose parallel loops count down
     COEF3NH   double 3-D 7-point scaled by a coefficient array of the
               points alone (-DCMARGIN=M: with M cells around them)
     PARAM3    double 3-D 7-point in a function whose loops start at its
               parameter ng, the margin (MARGIN); -DMEMBER at m->ng, m
               a parameter
     MIXACC3F  float 3-D 13-point star (radius 2) summed in a double
   -DMARGIN=M gives the 3-D grids M cells around the points (2; HELPER3
   reads 1 of them).
   Usage: NAME N [STEPS]; prints ms a step (wall clock over the steps,
   after one untimed), the compulsory bytes a step (each array read once
   and written once a nest) and a checksum, which the build without the
   plugin must print too.  */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "../unroll/timing.h"
#ifndef MARGIN
# define MARGIN 2             /* cells around the 3-D grids */
#endif
#ifndef CMARGIN
# define CMARGIN 0            /* COEF3NH: cells around its coefficients */
#endif
#if defined MIXACC3F
typedef float T;
#else
typedef double T;
#endif
#define start(i, k) START_VALUE (T, i, k)
#define FIELD3(f, k)                                                    \
  T (*f)[ey][ex] = malloc (sizeof (T) * cells);                         \
  for (long i = 0; i < cells; i++)                                      \
    (&f[0][0][0])[i] = start (i, k)
#define FIELD2(f, k)                                                    \
  T (*f)[ex] = malloc (sizeof (T) * cells);                             \
  for (long i = 0; i < cells; i++)                                      \
    (&f[0][0])[i] = start (i, k)

#define LAPLACIAN7(u, z, y, x)                                            \
  (u[z - 1][y][x] + u[z + 1][y][x] + u[z][y - 1][x] + u[z][y + 1][x]      \
   + u[z][y][x - 1] + u[z][y][x + 1] - 6 * u[z][y][x])

#if defined HELPER3
static inline T
laplacian (int ey, int ex, T (*u)[ey][ex], int z, int y, int x)
{
  return LAPLACIAN7 (u, z, y, x);
}
#endif

#if defined PARAM3
# ifdef MEMBER
struct margin
{
  int ng;
};
#  define NG (m->ng)
#  define NG_PARAM const struct margin *m
# else
#  define NG ng
#  define NG_PARAM int ng
# endif
/* STEPS steps of the 7-point star over the N^3 points after NG cells of
   margin: the loops start at a parameter (-DMEMBER: at a member of the
   structure a parameter points to).  */
static void
param_steps (int n, NG_PARAM, int steps, double (*a)[n + 2 * NG][n + 2 * NG],
             double (*b)[n + 2 * NG][n + 2 * NG], double *seconds)
{
  int e = n + 2 * NG;
  double t0 = 0, t1 = 0;
# pragma mint copy(a, toDevice, e, e, e)
# pragma mint copy(b, toDevice, e, e, e)
  TIMED (
    PRAGMA (mint for nest(all) nowait)
    for (int z = NG; z < n + NG; z++)
      for (int y = NG; y < n + NG; y++)
        for (int x = NG; x < n + NG; x++)
          b[z][y][x] = a[z][y][x] + 0.1 * LAPLACIAN7 (a, z, y, x);
    PRAGMA (mint single) { double (*q)[e][e] = a; a = b; b = q; })
# pragma mint copy(a, fromDevice, e, e, e)
# pragma mint copy(b, fromDevice, e, e, e)
  *seconds = t1 - t0;
}
#endif

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 64, steps = argc > 2 ? atoi (argv[2]) : 10;
  double t0 = 0, t1 = 0, sum = 0, bytes;
#if defined GRAYSCOTT || defined WAVE3L || defined DOWN2
  int ex = n + 2, ey = n + 2;
  long cells = (long) ex * ey;
  double points = (double) n * n;
#else
  int r = MARGIN, ex = n + 2 * r, ey = n + 2 * r, ez = n + 2 * r;
  long cells = (long) ex * ey * ez;
  double points = (double) n * n * n;
#endif
#if defined GRAYSCOTT
  FIELD2 (u, 0); FIELD2 (v, 1); FIELD2 (un, 0); FIELD2 (vn, 1);
  const T du = 0.16, dv = 0.08, feed = 0.035, kill = 0.065;
  bytes = 4.0 * sizeof (T) * points;
# pragma mint copy(u, toDevice, ex, ey)
# pragma mint copy(v, toDevice, ex, ey)
# pragma mint copy(un, toDevice, ex, ey)
# pragma mint copy(vn, toDevice, ex, ey)
  TIMED (
    PRAGMA (mint for nest(all) nowait)
    for (int y = 1; y <= n; y++)
      for (int x = 1; x <= n; x++)
        {
          T lu = u[y - 1][x] + u[y + 1][x] + u[y][x - 1] + u[y][x + 1]
                 - 4 * u[y][x];
          T lv = v[y - 1][x] + v[y + 1][x] + v[y][x - 1] + v[y][x + 1]
                 - 4 * v[y][x];
          T uvv = u[y][x] * v[y][x] * v[y][x];
          un[y][x] = u[y][x] + du * lu - uvv + feed * (1 - u[y][x]);
          vn[y][x] = v[y][x] + dv * lv + uvv - (feed + kill) * v[y][x];
        }
    PRAGMA (mint single)
    {
      T (*q)[ex] = u; u = un; un = q;
      q = v; v = vn; vn = q;
    })
# pragma mint copy(u, fromDevice, ex, ey)
# pragma mint copy(v, fromDevice, ex, ey)
  for (long i = 0; i < cells; i++)
    sum += (&u[0][0])[i] + 3 * (&v[0][0])[i];
#elif defined WAVE3L
  FIELD2 (um, 0); FIELD2 (uc, 0); FIELD2 (up, 1);
  const T c2 = 0.2;
  bytes = 3.0 * sizeof (T) * points;
# pragma mint copy(um, toDevice, ex, ey)
# pragma mint copy(uc, toDevice, ex, ey)
# pragma mint copy(up, toDevice, ex, ey)
  TIMED (
    PRAGMA (mint for nest(all) nowait)
    for (int y = 1; y <= n; y++)
      for (int x = 1; x <= n; x++)
        up[y][x] = 2 * uc[y][x] - um[y][x]
                   + c2 * (uc[y - 1][x] + uc[y + 1][x] + uc[y][x - 1]
                           + uc[y][x + 1] - 4 * uc[y][x]);
    PRAGMA (mint single)
    {
      T (*q)[ex] = um; um = uc; uc = up; up = q;
    })
# pragma mint copy(uc, fromDevice, ex, ey)
  for (long i = 0; i < cells; i++)
    sum += (&uc[0][0])[i];
#elif defined DOWN2
  FIELD2 (a, 0); FIELD2 (b, 0);
  bytes = 2.0 * sizeof (T) * points;
# pragma mint copy(a, toDevice, ex, ey)
# pragma mint copy(b, toDevice, ex, ey)
  TIMED (
    PRAGMA (mint for nest(all) nowait)
    for (int y = n; y >= 1; y--)
      for (int x = n; x > 0; --x)
        b[y][x] = 0.2 * (a[y][x] + a[y - 1][x] + a[y + 1][x] + a[y][x - 1]
                         + a[y][x + 1]);
    PRAGMA (mint single) { T (*q)[ex] = a; a = b; b = q; })
# pragma mint copy(a, fromDevice, ex, ey)
  for (long i = 0; i < cells; i++)
    sum += (&a[0][0])[i];
#elif defined HELPER3
  FIELD3 (a, 0); FIELD3 (b, 0);
  bytes = 2.0 * sizeof (T) * points;
# pragma mint copy(a, toDevice, ex, ey, ez)
# pragma mint copy(b, toDevice, ex, ey, ez)
  TIMED (
    PRAGMA (mint for nest(all) nowait)
    for (int z = r; z < n + r; z++)
      for (int y = r; y < n + r; y++)
        for (int x = r; x < n + r; x++)
#  ifdef INLINE
          b[z][y][x] = a[z][y][x] + 0.1 * LAPLACIAN7 (a, z, y, x);
#  else
          b[z][y][x] = a[z][y][x] + 0.1 * laplacian (ey, ex, a, z, y, x);
#  endif
    PRAGMA (mint single) { T (*q)[ey][ex] = a; a = b; b = q; })
# pragma mint copy(a, fromDevice, ex, ey, ez)
  for (long i = 0; i < cells; i++)
    sum += (&a[0][0][0])[i];
#elif defined PARAM3
  FIELD3 (a, 0); FIELD3 (b, 0);
  bytes = 2.0 * sizeof (T) * points;
  t0 = 0;
# ifdef MEMBER
  struct margin m = { r };
  param_steps (n, &m, steps, a, b, &t1);
# else
  param_steps (n, r, steps, a, b, &t1);
# endif
  if (steps % 2 == 0)
    a = b;                      /* steps + 1 swaps */
  for (long i = 0; i < cells; i++)
    sum += (&a[0][0][0])[i];
#elif defined COEF3NH
  FIELD3 (a, 0); FIELD3 (b, 0);
  int nc = n + 2 * CMARGIN;     /* the coefficients' own margin */
  T (*c)[nc][nc] = malloc (sizeof (T) * nc * nc * nc);
  for (long i = 0; i < (long) nc * nc * nc; i++)
    (&c[0][0][0])[i] = (T) 0.05 + start (i, 2) / 10;
  bytes = 3.0 * sizeof (T) * points;
# pragma mint copy(a, toDevice, ex, ey, ez)
# pragma mint copy(b, toDevice, ex, ey, ez)
# pragma mint copy(c, toDevice, nc, nc, nc)
  TIMED (
    PRAGMA (mint for nest(all) nowait)
    for (int z = r; z < n + r; z++)
      for (int y = r; y < n + r; y++)
        for (int x = r; x < n + r; x++)
          b[z][y][x] = a[z][y][x]
                       + c[z - r + CMARGIN][y - r + CMARGIN][x - r + CMARGIN]
                         * LAPLACIAN7 (a, z, y, x);
    PRAGMA (mint single) { T (*q)[ey][ex] = a; a = b; b = q; })
# pragma mint copy(a, fromDevice, ex, ey, ez)
  for (long i = 0; i < cells; i++)
    sum += (&a[0][0][0])[i];
#elif defined MIXACC3F
  FIELD3 (a, 0); FIELD3 (b, 0);
  bytes = 2.0 * sizeof (T) * points;
# pragma mint copy(a, toDevice, ex, ey, ez)
# pragma mint copy(b, toDevice, ex, ey, ez)
  TIMED (
    PRAGMA (mint for nest(all) nowait)
    for (int z = r; z < n + r; z++)
      for (int y = r; y < n + r; y++)
        for (int x = r; x < n + r; x++)
          {
            double s = -12.5 * a[z][y][x];
            s += 4.0 / 3 * ((double) a[z - 1][y][x] + a[z + 1][y][x]
                            + a[z][y - 1][x] + a[z][y + 1][x]
                            + a[z][y][x - 1] + a[z][y][x + 1]);
            s -= 1.0 / 12 * ((double) a[z - 2][y][x] + a[z + 2][y][x]
                             + a[z][y - 2][x] + a[z][y + 2][x]
                             + a[z][y][x - 2] + a[z][y][x + 2]);
            b[z][y][x] = a[z][y][x] + (float) (0.05 * s);
          }
    PRAGMA (mint single) { T (*q)[ey][ex] = a; a = b; b = q; })
# pragma mint copy(a, fromDevice, ex, ey, ez)
  for (long i = 0; i < cells; i++)
    sum += (&a[0][0][0])[i];
#endif
  printf ("ms/step %.4f bytes/step %.6e checksum %.12e\n",
          1e3 * (t1 - t0) / steps, bytes, sum);
  return 0;
}
