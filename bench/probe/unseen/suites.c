/* suites.c -- stencils in the shapes of public stencil benchmark suites
   (AN5D's box2d3r, box2d4r, j3d27pt; SW4 and ExpCNS's derivative
   kernels; the gradient kernel) that the bench, the family and the other
   unseen probes do not have, each a Mint program of one nest repeated
   STEPS times (bench/probe/unseen/build.sh builds each with -D<NAME>, with
   and without the plugin):
     BOX2R3    double 2-D box of radius 3 (49 points), its weights computed
               in the body's loops over dy and dx
     BOX2R4F   float 2-D box of radius 4 (81 points), a weight table
     BOX2R4FW  the same, its weights computed in the body's loops
     BOX3TAB   double 3-D 27-point box, a 3x3x3 weight table
     BOX3R2L   double 3-D box of radius 2 (125 points), its weights
               computed in the body's loops over dz, dy and dx
     MIXED3F   float 3-D box of radius 2 whose weight is a double
               constant: each term goes to double and back
     DERIV3    double 3-D: three fields, each differenced to 8th order
               along its own axis (a flux divergence)
     GRAD2F    float 2-D gradient magnitude, sqrt and a division a point
   Usage: NAME N [STEPS]; prints ms a step (wall clock over the steps,
   after one untimed), the compulsory bytes a step and a checksum, which
   the build without the plugin must print too.  */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "../unroll/timing.h"

#if defined BOX2R3 || defined DERIV3 || defined BOX3TAB || defined BOX3R2L
typedef double T;
#else
typedef float T;
#endif
#if defined BOX2R4FW
# define BOX2R4F
#endif
#if defined BOX2R3 || defined BOX2R4F || defined GRAD2F
# define DIMS 2
#else
# define DIMS 3
#endif
#if defined BOX2R3
# define R 3
#elif defined BOX3R2L || defined MIXED3F
# define R 2
#elif defined BOX2R4F || defined DERIV3
# define R 4
#else
# define R 1
#endif

#define start(i, k) START_VALUE (T, i, k)

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 64, steps = argc > 2 ? atoi (argv[2]) : 10;
  int e = n + 2 * R;
  double t0 = 0, t1 = 0, sum = 0;
#if DIMS == 2
  long cells = (long) e * e;
  T (*a)[e] = malloc (sizeof (T) * cells), (*b)[e] = malloc (sizeof (T) * cells);
  for (long i = 0; i < cells; i++)
    (&a[0][0])[i] = (&b[0][0])[i] = start (i, 0);
# if defined BOX2R4F && !defined BOX2R4FW
  T (*w)[2 * R + 1] = malloc (sizeof (T) * (2 * R + 1) * (2 * R + 1));
  for (int i = 0; i < (2 * R + 1) * (2 * R + 1); i++)
    (&w[0][0])[i] = (T) (0.999 + 0.0001 * i) / ((2 * R + 1) * (2 * R + 1));
#  pragma mint copy(w, toDevice, 2 * R + 1, 2 * R + 1)
# endif
# pragma mint copy(a, toDevice, e, e)
# pragma mint copy(b, toDevice, e, e)
# pragma mint parallel
  {
    for (int t = -1; t < steps; t++)
      {
        if (t == 0)
          t0 = wall ();
# pragma mint for nest(all) nowait
        for (int y = R; y < n + R; y++)
          for (int x = R; x < n + R; x++)
            {
# if defined GRAD2F
              T c = a[y][x];
              T g = (c - a[y][x - 1]) * (c - a[y][x - 1])
                    + (c - a[y][x + 1]) * (c - a[y][x + 1])
                    + (c - a[y - 1][x]) * (c - a[y - 1][x])
                    + (c - a[y + 1][x]) * (c - a[y + 1][x]);
              b[y][x] = c + (T) 0.1 / sqrtf ((T) 0.0001 + g);
# else
              T s = 0;
              for (int dy = -R; dy <= R; dy++)
                for (int dx = -R; dx <= R; dx++)
#  if defined BOX2R3
                  s += (0.999 + 0.0001 * (7 * dy + dx)) / 49 * a[y + dy][x + dx];
#  elif defined BOX2R4FW
                  s += (T) (0.999f + 0.0001f * (9 * dy + dx)) / 81 * a[y + dy][x + dx];
#  else
                  s += w[dy + R][dx + R] * a[y + dy][x + dx];
#  endif
              b[y][x] = s;
# endif
            }
# pragma mint single
        { T (*q)[e] = a; a = b; b = q; }
      }
# pragma mint barrier
    t1 = wall ();
  }
# pragma mint copy(a, fromDevice, e, e)
  for (long i = 0; i < cells; i++)
    sum += (&a[0][0])[i];
  double bytes = 2.0 * sizeof (T) * n * (double) n;
#else
  long cells = (long) e * e * e;
  T (*a)[e][e] = malloc (sizeof (T) * cells), (*b)[e][e] = malloc (sizeof (T) * cells);
  for (long i = 0; i < cells; i++)
    (&a[0][0][0])[i] = (&b[0][0][0])[i] = start (i, 0);
# if defined BOX3R2L || defined MIXED3F
  double bytes = 2.0 * sizeof (T) * n * (double) n * n;
# elif defined BOX3TAB
  T (*w)[3][3] = malloc (sizeof (T) * 27);
  for (int i = 0; i < 27; i++)
    (&w[0][0][0])[i] = (T) (0.999 + 0.0001 * i) / 27;
  double bytes = 2.0 * sizeof (T) * n * (double) n * n;
#  pragma mint copy(w, toDevice, 3, 3, 3)
# else
  /* The fluxes' fields: a is the divergence's result too, so u, v and w
     stay; b takes the step's value and the two swap.  */
  T (*u)[e][e] = malloc (sizeof (T) * cells), (*v)[e][e] = malloc (sizeof (T) * cells);
  T (*q)[e][e] = malloc (sizeof (T) * cells);
  for (long i = 0; i < cells; i++)
    {
      (&u[0][0][0])[i] = start (i, 1);
      (&v[0][0][0])[i] = start (i, 2);
      (&q[0][0][0])[i] = start (i, 3);
    }
  const double c1 = 0.8, c2 = -0.2, c3 = 0.038, c4 = -0.0035;
  double bytes = 5.0 * sizeof (T) * n * (double) n * n;
#  pragma mint copy(u, toDevice, e, e, e)
#  pragma mint copy(v, toDevice, e, e, e)
#  pragma mint copy(q, toDevice, e, e, e)
# endif
# pragma mint copy(a, toDevice, e, e, e)
# pragma mint copy(b, toDevice, e, e, e)
# pragma mint parallel
  {
    for (int t = -1; t < steps; t++)
      {
        if (t == 0)
          t0 = wall ();
# pragma mint for nest(all) nowait
        for (int z = R; z < n + R; z++)
          for (int y = R; y < n + R; y++)
            for (int x = R; x < n + R; x++)
              {
# if defined MIXED3F
                T s = 0;
                for (int dz = -2; dz <= 2; dz++)
                  for (int dy = -2; dy <= 2; dy++)
                    for (int dx = -2; dx <= 2; dx++)
                      s += 0.0079 * a[z + dz][y + dy][x + dx];
                b[z][y][x] = s;
# elif defined BOX3R2L
                T s = 0;
                for (int dz = -2; dz <= 2; dz++)
                  for (int dy = -2; dy <= 2; dy++)
                    for (int dx = -2; dx <= 2; dx++)
                      s += (0.999 + 0.0001 * (25 * dz + 5 * dy + dx)) / 125
                           * a[z + dz][y + dy][x + dx];
                b[z][y][x] = s;
# elif defined BOX3TAB
                T s = 0;
                for (int dz = -1; dz <= 1; dz++)
                  for (int dy = -1; dy <= 1; dy++)
                    for (int dx = -1; dx <= 1; dx++)
                      s += w[dz + 1][dy + 1][dx + 1] * a[z + dz][y + dy][x + dx];
                b[z][y][x] = s;
# else
                T div = c1 * (u[z][y][x + 1] - u[z][y][x - 1])
                        + c2 * (u[z][y][x + 2] - u[z][y][x - 2])
                        + c3 * (u[z][y][x + 3] - u[z][y][x - 3])
                        + c4 * (u[z][y][x + 4] - u[z][y][x - 4])
                        + c1 * (v[z][y + 1][x] - v[z][y - 1][x])
                        + c2 * (v[z][y + 2][x] - v[z][y - 2][x])
                        + c3 * (v[z][y + 3][x] - v[z][y - 3][x])
                        + c4 * (v[z][y + 4][x] - v[z][y - 4][x])
                        + c1 * (q[z + 1][y][x] - q[z - 1][y][x])
                        + c2 * (q[z + 2][y][x] - q[z - 2][y][x])
                        + c3 * (q[z + 3][y][x] - q[z - 3][y][x])
                        + c4 * (q[z + 4][y][x] - q[z - 4][y][x]);
                b[z][y][x] = a[z][y][x] - 0.01 * div;
# endif
              }
# pragma mint single
        { T (*p)[e][e] = a; a = b; b = p; }
      }
# pragma mint barrier
    t1 = wall ();
  }
# pragma mint copy(a, fromDevice, e, e, e)
  for (long i = 0; i < cells; i++)
    sum += (&a[0][0][0])[i];
#endif
  double ms = (t1 - t0) * 1e3 / steps;
  printf ("ms/step %.4f bytes/step %.4e GB/s %.1f checksum %.10e\n", ms, bytes, bytes / ms / 1e6, sum);
  return 0;
}
