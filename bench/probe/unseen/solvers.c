/* solvers.c -- loop nests in the shapes of published solvers that the
   bench, the family and stencils.c do not have, each a Mint program of
   its nests repeated STEPS times (bench/probe/unseen/build.sh builds each
   with -D<NAME>, with and without the plugin):
     ZINNER    double 3-D 7-point written as a 2-D nest over y and x whose
               body walks z in a loop of its own
     XINNER    the same with the 2-D nest over z and y, the body walking x
     RBGS      double 2-D red-black Gauss-Seidel, in place, a nest a
               colour, the colour a condition of the body
     ACOUSTIC  float 2-D staggered acoustics: one nest writes vx and vy
               from p, the next p from vx and vy
     SWE       double 2-D shallow water (Lax-Friedrichs): one nest reads
               h, hu, hv and writes their three new values
     FLAT3     double 3-D 7-point over flat arrays indexed by a macro,
               extents and weights in a struct
     COEF3     double 3-D 7-point whose coefficient is computed from the
               point's coordinates (exp, sin)
     SANDPILE  int 2-D sandpile toppling (division and remainder by 4)
     XDIFF     double 2-D centred difference along x (no read at the
               point), into another array
     XDIFF4F   float 2-D fourth-order difference along x, likewise
     COMPONENTS double 2-D 4-point average of three components,
               u[c][y][x], the body's loop over c under nest(2)
     FIELDS    ACOUSTIC's nests over the components of one array,
               f[0] (p), f[1] (vx), f[2] (vy)
     SYSTEM    double 2-D linear acoustic system over the components
               q[0], q[1], q[2] of one array into those of another
     BC3       the 7-point star over the whole array, its boundary
               copied under a condition of the body
     BC3S      BC3 with one store, of the centre or the star
     BC3B      BC3 with its condition joined by | (one branch)
     BC3T      BC3 with the Mint paper's clause tile(16, 16, 1)
     BC3R      BC3S with its condition written axis by axis, x > 0 &&
               x < e - 1 && y > 0 && ..., which GCC folds into range
               tests, (unsigned) x - 1 <= e - 3, where e is a constant
     BC2       BC3's form in 2-D: a 5-point star, its boundary copied
     BC3F      BC3 over flat arrays indexed by a macro, the extents and
               weights in a struct (FLAT3's form)
     BC3U      BC3F with size_t extents and loop variables (its
               conditions computed in unsigned arithmetic)
     BC2FR     BC2 over flat arrays through a macro, the extents in a
               struct, with the largest update of each step (a
               convergence test's max reduction)
     BC1       BC3's form in 1-D over n^3 points: a 3-point star, its two
               ends copied
     LOOPSTAR  double 2-D star of radius 4 whose body sums the arms in
               a loop over the distance k (coefficients c[k] in a table)
     ARMS      LOOPSTAR's sums written out, k = 1 to 4
     LIFELOOPS the game of life over bytes, its neighbours counted in
               loops over dy and dx with if (dy || dx), the centre read
               where the count is 2 (stencils.c's LIFE writes them out)
     SLABS     ZINNER's star as a 2-D nest over plane z of a loop over z,
               reading planes z - 1, z and z + 1
   Built with -DEXTENT=E, the extents are the constant E (a #define's,
   N + 2 otherwise) and N is not read.
   Usage: NAME N [STEPS]; prints ms a step (wall clock over the steps,
   after one untimed), the compulsory bytes a step and a checksum, which
   the build without the plugin must print too.  */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "../unroll/timing.h"

#define start(i, k) START_VALUE (double, i, k)


/* The 7-point star of ZINNER and XINNER at point (z, y, x) of A.  */
#define STAR7(a, z, y, x)                                               \
  (0.4 * a[z][y][x]                                                     \
   + 0.1 * (a[z][y][x - 1] + a[z][y][x + 1] + a[z][y - 1][x]            \
            + a[z][y + 1][x] + a[z - 1][y][x] + a[z + 1][y][x]))

struct grid
{
  int nx, ny, nz;
  double c0, c1;
};

int
main (int argc, char **argv)
{
  int steps = argc > 2 ? atoi (argv[2]) : 10;
#ifdef EXTENT
  enum { e = EXTENT, n = EXTENT - 2 };
#else
  int n = argc > 1 ? atoi (argv[1]) : 256;
  int e = n + 2;
#endif
  long c2 = (long) e * e;
  long c3 = c2 * e;
  (void) c3;
  double t0 = 0, t1 = 0, sum = 0, bytes;
#if defined ZINNER || defined XINNER || defined COEF3
  typedef double T;
  T (*a)[e][e] = malloc (sizeof (T) * c3), (*b)[e][e] = malloc (sizeof (T) * c3);
  for (long i = 0; i < c3; i++)
    (&a[0][0][0])[i] = (&b[0][0][0])[i] = start (i, 0);
# ifdef COEF3
  const double h = 1.0 / n;
# endif
# pragma mint copy(a, toDevice, e, e, e)
# pragma mint copy(b, toDevice, e, e, e)
# ifdef ZINNER
  TIMED (
    PRAGMA (mint for nest(2) nowait)
    for (int y = 1; y <= n; y++)
      for (int x = 1; x <= n; x++)
        for (int z = 1; z <= n; z++)
          b[z][y][x] = STAR7 (a, z, y, x);
    PRAGMA (mint single)
    { T (*q)[e][e] = a; a = b; b = q; })
# elif defined XINNER
  TIMED (
    PRAGMA (mint for nest(2) nowait)
    for (int z = 1; z <= n; z++)
      for (int y = 1; y <= n; y++)
        for (int x = 1; x <= n; x++)
          b[z][y][x] = STAR7 (a, z, y, x);
    PRAGMA (mint single)
    { T (*q)[e][e] = a; a = b; b = q; })
# else
  TIMED (
    PRAGMA (mint for nest(all) nowait)
    for (int z = 1; z <= n; z++)
      for (int y = 1; y <= n; y++)
        for (int x = 1; x <= n; x++)
          {
            double k = 0.1 * exp (-x * h) * (1.0 + 0.5 * sin (y * h * 6.25));
            b[z][y][x] = (1 - 6 * k) * a[z][y][x]
                         + k * (a[z][y][x - 1] + a[z][y][x + 1]
                                + a[z][y - 1][x] + a[z][y + 1][x]
                                + a[z - 1][y][x] + a[z + 1][y][x]);
          }
    PRAGMA (mint single)
    { T (*q)[e][e] = a; a = b; b = q; })
# endif
# pragma mint copy(a, fromDevice, e, e, e)
  for (long i = 0; i < c3; i++)
    sum += (&a[0][0][0])[i];
  bytes = 2.0 * sizeof (T) * n * (double) n * n;
#elif defined RBGS
  double (*u)[e] = malloc (sizeof (double) * c2), (*f)[e] = malloc (sizeof (double) * c2);
  for (long i = 0; i < c2; i++)
    {
      (&u[0][0])[i] = start (i, 0);
      (&f[0][0])[i] = start (i, 1) - 0.5;
    }
  const double omega = 1.5, h2 = 1.0 / ((double) n * n);
# pragma mint copy(u, toDevice, e, e)
# pragma mint copy(f, toDevice, e, e)
  TIMED (
    for (int color = 0; color < 2; color++)
      {
        PRAGMA (mint for nest(all) nowait)
        for (int y = 1; y <= n; y++)
          for (int x = 1; x <= n; x++)
            if (((x + y) & 1) == color)
              u[y][x] += omega * (0.25 * (u[y][x - 1] + u[y][x + 1]
                                          + u[y - 1][x] + u[y + 1][x]
                                          - h2 * f[y][x]) - u[y][x]);
      })
# pragma mint copy(u, fromDevice, e, e)
  for (long i = 0; i < c2; i++)
    sum += (&u[0][0])[i];
  /* Each colour reads u and f and writes half of u.  */
  bytes = 2.0 * sizeof (double) * n * (double) n * 2.5;
#elif defined ACOUSTIC
  typedef float T;
  T (*p)[e] = malloc (sizeof (T) * c2), (*vx)[e] = malloc (sizeof (T) * c2);
  T (*vy)[e] = malloc (sizeof (T) * c2);
  for (long i = 0; i < c2; i++)
    {
      (&p[0][0])[i] = (T) start (i, 0);
      (&vx[0][0])[i] = (T) start (i, 1) - 0.5f;
      (&vy[0][0])[i] = (T) start (i, 2) - 0.5f;
    }
  const T cv = 0.2f, cp = 0.15f;
# pragma mint copy(p, toDevice, e, e)
# pragma mint copy(vx, toDevice, e, e)
# pragma mint copy(vy, toDevice, e, e)
  TIMED (
    PRAGMA (mint for nest(all) nowait)
    for (int y = 1; y <= n; y++)
      for (int x = 1; x <= n; x++)
        {
          vx[y][x] -= cv * (p[y][x + 1] - p[y][x]);
          vy[y][x] -= cv * (p[y + 1][x] - p[y][x]);
        }
    PRAGMA (mint for nest(all) nowait)
    for (int y = 1; y <= n; y++)
      for (int x = 1; x <= n; x++)
        p[y][x] -= cp * (vx[y][x] - vx[y][x - 1] + vy[y][x] - vy[y - 1][x]);)
# pragma mint copy(p, fromDevice, e, e)
# pragma mint copy(vx, fromDevice, e, e)
  for (long i = 0; i < c2; i++)
    sum += (&p[0][0])[i] + (&vx[0][0])[i];
  /* vx, vy, p read and vx, vy written; vx, vy, p read and p written.  */
  bytes = (5.0 + 4.0) * sizeof (T) * n * (double) n;
#elif defined SWE
  typedef double T;
  T (*h)[e] = malloc (sizeof (T) * c2), (*hu)[e] = malloc (sizeof (T) * c2);
  T (*hv)[e] = malloc (sizeof (T) * c2), (*h1)[e] = malloc (sizeof (T) * c2);
  T (*hu1)[e] = malloc (sizeof (T) * c2), (*hv1)[e] = malloc (sizeof (T) * c2);
  for (long i = 0; i < c2; i++)
    {
      (&h[0][0])[i] = (&h1[0][0])[i] = 1.0 + 0.1 * start (i, 0);
      (&hu[0][0])[i] = (&hu1[0][0])[i] = 0.01 * (start (i, 1) - 0.5);
      (&hv[0][0])[i] = (&hv1[0][0])[i] = 0.01 * (start (i, 2) - 0.5);
    }
  const T g = 9.81, r = 0.1;
# pragma mint copy(h, toDevice, e, e)
# pragma mint copy(hu, toDevice, e, e)
# pragma mint copy(hv, toDevice, e, e)
# pragma mint copy(h1, toDevice, e, e)
# pragma mint copy(hu1, toDevice, e, e)
# pragma mint copy(hv1, toDevice, e, e)
  TIMED (
    PRAGMA (mint for nest(all) nowait)
    for (int y = 1; y <= n; y++)
      for (int x = 1; x <= n; x++)
        {
          T fxe = hu[y][x + 1], fxw = hu[y][x - 1];
          T fyn = hv[y + 1][x], fys = hv[y - 1][x];
          h1[y][x] = 0.25 * (h[y][x - 1] + h[y][x + 1] + h[y - 1][x] + h[y + 1][x])
                     - r * (fxe - fxw + fyn - fys);
          T ue = hu[y][x + 1] * hu[y][x + 1] / h[y][x + 1] + 0.5 * g * h[y][x + 1] * h[y][x + 1];
          T uw = hu[y][x - 1] * hu[y][x - 1] / h[y][x - 1] + 0.5 * g * h[y][x - 1] * h[y][x - 1];
          T un = hu[y + 1][x] * hv[y + 1][x] / h[y + 1][x];
          T us = hu[y - 1][x] * hv[y - 1][x] / h[y - 1][x];
          hu1[y][x] = 0.25 * (hu[y][x - 1] + hu[y][x + 1] + hu[y - 1][x] + hu[y + 1][x])
                      - r * (ue - uw + un - us);
          T ve = hu[y][x + 1] * hv[y][x + 1] / h[y][x + 1];
          T vw = hu[y][x - 1] * hv[y][x - 1] / h[y][x - 1];
          T vn = hv[y + 1][x] * hv[y + 1][x] / h[y + 1][x] + 0.5 * g * h[y + 1][x] * h[y + 1][x];
          T vs = hv[y - 1][x] * hv[y - 1][x] / h[y - 1][x] + 0.5 * g * h[y - 1][x] * h[y - 1][x];
          hv1[y][x] = 0.25 * (hv[y][x - 1] + hv[y][x + 1] + hv[y - 1][x] + hv[y + 1][x])
                      - r * (ve - vw + vn - vs);
        }
    PRAGMA (mint single)
    {
      T (*q)[e] = h; h = h1; h1 = q;
      q = hu; hu = hu1; hu1 = q;
      q = hv; hv = hv1; hv1 = q;
    })
# pragma mint copy(h, fromDevice, e, e)
# pragma mint copy(hu, fromDevice, e, e)
  for (long i = 0; i < c2; i++)
    sum += (&h[0][0])[i] + (&hu[0][0])[i];
  bytes = 6.0 * sizeof (T) * n * (double) n;
#elif defined FLAT3
  struct grid gr = { n + 2, n + 2, n + 2, 0.4, 0.1 };
  struct grid *g = &gr;
# define I3(x, y, z) (((long) (z) * g->ny + (y)) * g->nx + (x))
  double *a = malloc (sizeof (double) * c3), *b = malloc (sizeof (double) * c3);
  for (long i = 0; i < c3; i++)
    a[i] = b[i] = start (i, 0);
# pragma mint copy(a, toDevice, c3)
# pragma mint copy(b, toDevice, c3)
  TIMED (
    PRAGMA (mint for nest(all) nowait)
    for (int z = 1; z < g->nz - 1; z++)
      for (int y = 1; y < g->ny - 1; y++)
        for (int x = 1; x < g->nx - 1; x++)
          b[I3 (x, y, z)] = g->c0 * a[I3 (x, y, z)]
                            + g->c1 * (a[I3 (x - 1, y, z)] + a[I3 (x + 1, y, z)]
                                       + a[I3 (x, y - 1, z)] + a[I3 (x, y + 1, z)]
                                       + a[I3 (x, y, z - 1)] + a[I3 (x, y, z + 1)]);
    PRAGMA (mint single)
    { double *q = a; a = b; b = q; })
# pragma mint copy(a, fromDevice, c3)
  for (long i = 0; i < c3; i++)
    sum += a[i];
  bytes = 2.0 * sizeof (double) * n * (double) n * n;
#elif defined SANDPILE
  int (*a)[e] = malloc (sizeof (int) * c2), (*b)[e] = malloc (sizeof (int) * c2);
  for (long i = 0; i < c2; i++)
    (&a[0][0])[i] = (&b[0][0])[i] = (int) (11 * start (i, 3));
  for (int i = 0; i < e; i++)
    a[0][i] = a[e - 1][i] = a[i][0] = a[i][e - 1] = b[0][i] = b[e - 1][i]
      = b[i][0] = b[i][e - 1] = 0;
# pragma mint copy(a, toDevice, e, e)
# pragma mint copy(b, toDevice, e, e)
  TIMED (
    PRAGMA (mint for nest(all) nowait)
    for (int y = 1; y <= n; y++)
      for (int x = 1; x <= n; x++)
        b[y][x] = a[y][x] % 4 + a[y][x - 1] / 4 + a[y][x + 1] / 4
                  + a[y - 1][x] / 4 + a[y + 1][x] / 4;
    PRAGMA (mint single)
    { int (*q)[e] = a; a = b; b = q; })
# pragma mint copy(a, fromDevice, e, e)
  for (long i = 0; i < c2; i++)
    sum += (&a[0][0])[i];
  bytes = 2.0 * sizeof (int) * n * (double) n;
#elif defined XDIFF || defined XDIFF4F
# ifdef XDIFF
  typedef double T;
# else
  typedef float T;
# endif
  T (*a)[e + 2] = malloc (sizeof (T) * e * (e + 2)), (*b)[e + 2] = malloc (sizeof (T) * e * (e + 2));
  for (long i = 0; i < (long) e * (e + 2); i++)
    {
      (&a[0][0])[i] = (T) start (i, 0);
      (&b[0][0])[i] = 0;
    }
# pragma mint copy(a, toDevice, e + 2, e)
# pragma mint copy(b, toDevice, e + 2, e)
  TIMED (
    PRAGMA (mint for nest(all) nowait)
    for (int y = 1; y <= n; y++)
      for (int x = 2; x <= n + 1; x++)
# ifdef XDIFF
        b[y][x] = 0.5 * (a[y][x + 1] - a[y][x - 1]);)
# else
        b[y][x] = (T) (2.0 / 3) * (a[y][x + 1] - a[y][x - 1])
                  - (T) (1.0 / 12) * (a[y][x + 2] - a[y][x - 2]);)
# endif
# pragma mint copy(b, fromDevice, e + 2, e)
  for (long i = 0; i < (long) e * (e + 2); i++)
    sum += (&b[0][0])[i];
  bytes = 2.0 * sizeof (T) * n * (double) n;
#elif defined COMPONENTS
  typedef double T;
  T (*u)[e][e] = malloc (sizeof (T) * 3 * c2), (*v)[e][e] = malloc (sizeof (T) * 3 * c2);
  for (long i = 0; i < 3 * c2; i++)
    (&u[0][0][0])[i] = (&v[0][0][0])[i] = start (i, 0);
# pragma mint copy(u, toDevice, e, e, 3)
# pragma mint copy(v, toDevice, e, e, 3)
  TIMED (
    PRAGMA (mint for nest(2) nowait)
    for (int y = 1; y <= n; y++)
      for (int x = 1; x <= n; x++)
        for (int c = 0; c < 3; c++)
          v[c][y][x] = 0.25 * (u[c][y][x - 1] + u[c][y][x + 1]
                               + u[c][y - 1][x] + u[c][y + 1][x]);
    PRAGMA (mint single)
    { T (*q)[e][e] = u; u = v; v = q; })
# pragma mint copy(u, fromDevice, e, e, 3)
  for (long i = 0; i < 3 * c2; i++)
    sum += (&u[0][0][0])[i];
  bytes = 2.0 * sizeof (T) * 3 * n * (double) n;
#elif defined FIELDS
  typedef float T;
  T (*f)[e][e] = malloc (sizeof (T) * 3 * c2);
  for (long i = 0; i < c2; i++)
    {
      (&f[0][0][0])[i] = (T) start (i, 0);
      (&f[1][0][0])[i] = (T) start (i, 1) - 0.5f;
      (&f[2][0][0])[i] = (T) start (i, 2) - 0.5f;
    }
  const T cv = 0.2f, cp = 0.15f;
# pragma mint copy(f, toDevice, e, e, 3)
  TIMED (
    PRAGMA (mint for nest(all) nowait)
    for (int y = 1; y <= n; y++)
      for (int x = 1; x <= n; x++)
        {
          f[1][y][x] -= cv * (f[0][y][x + 1] - f[0][y][x]);
          f[2][y][x] -= cv * (f[0][y + 1][x] - f[0][y][x]);
        }
    PRAGMA (mint for nest(all) nowait)
    for (int y = 1; y <= n; y++)
      for (int x = 1; x <= n; x++)
        f[0][y][x] -= cp * (f[1][y][x] - f[1][y][x - 1]
                            + f[2][y][x] - f[2][y - 1][x]);)
# pragma mint copy(f, fromDevice, e, e, 3)
  for (long i = 0; i < c2; i++)
    sum += (&f[0][0][0])[i] + (&f[1][0][0])[i];
  /* As ACOUSTIC's.  */
  bytes = (5.0 + 4.0) * sizeof (T) * n * (double) n;
#elif defined SYSTEM
  typedef double T;
  T (*q)[e][e] = malloc (sizeof (T) * 3 * c2), (*r)[e][e] = malloc (sizeof (T) * 3 * c2);
  for (long i = 0; i < 3 * c2; i++)
    (&q[0][0][0])[i] = (&r[0][0][0])[i] = start (i, 0);
  const T c = 0.1;
# pragma mint copy(q, toDevice, e, e, 3)
# pragma mint copy(r, toDevice, e, e, 3)
  TIMED (
    PRAGMA (mint for nest(all) nowait)
    for (int y = 1; y <= n; y++)
      for (int x = 1; x <= n; x++)
        {
          r[0][y][x] = q[0][y][x] - c * (q[1][y][x + 1] - q[1][y][x - 1]
                                         + q[2][y + 1][x] - q[2][y - 1][x]);
          r[1][y][x] = q[1][y][x] - c * (q[0][y][x + 1] - q[0][y][x - 1]);
          r[2][y][x] = q[2][y][x] - c * (q[0][y + 1][x] - q[0][y - 1][x]);
        }
    PRAGMA (mint single)
    { T (*s)[e][e] = q; q = r; r = s; })
# pragma mint copy(q, fromDevice, e, e, 3)
  for (long i = 0; i < 3 * c2; i++)
    sum += (&q[0][0][0])[i];
  bytes = 2.0 * sizeof (T) * 3 * n * (double) n;
#elif defined BC3 || defined BC3S || defined BC3B || defined BC3T \
  || defined BC3R
  typedef double T;
  T (*a)[e][e] = malloc (sizeof (T) * c3), (*b)[e][e] = malloc (sizeof (T) * c3);
  for (long i = 0; i < c3; i++)
    (&a[0][0][0])[i] = (&b[0][0][0])[i] = start (i, 0);
# pragma mint copy(a, toDevice, e, e, e)
# pragma mint copy(b, toDevice, e, e, e)
  TIMED (
#ifdef BC3T
    PRAGMA (mint for nest(all) tile(16, 16, 1) nowait)
#else
    PRAGMA (mint for nest(all) nowait)
#endif
    for (int z = 0; z < e; z++)
      for (int y = 0; y < e; y++)
        for (int x = 0; x < e; x++)
          {
#if defined BC3 || defined BC3T
            if (z == 0 || y == 0 || x == 0 || z == e - 1 || y == e - 1
                || x == e - 1)
              b[z][y][x] = a[z][y][x];
            else
              b[z][y][x] = STAR7 (a, z, y, x);
#elif defined BC3B
            if ((z == 0) | (y == 0) | (x == 0) | (z == e - 1) | (y == e - 1)
                | (x == e - 1))
              b[z][y][x] = a[z][y][x];
            else
              b[z][y][x] = STAR7 (a, z, y, x);
#else
            T v = a[z][y][x];
# ifdef BC3R
            if (x > 0 && x < e - 1 && y > 0 && y < e - 1 && z > 0
                && z < e - 1)
# else
            if (z > 0 && y > 0 && x > 0 && z < e - 1 && y < e - 1
                && x < e - 1)
# endif
              v = STAR7 (a, z, y, x);
            b[z][y][x] = v;
#endif
          }
    PRAGMA (mint single)
    { T (*q)[e][e] = a; a = b; b = q; })
# pragma mint copy(a, fromDevice, e, e, e)
  for (long i = 0; i < c3; i++)
    sum += (&a[0][0][0])[i];
  bytes = 2.0 * sizeof (T) * e * (double) e * e;
#elif defined BC2
  typedef double T;
  T (*a)[e] = malloc (sizeof (T) * c2), (*b)[e] = malloc (sizeof (T) * c2);
  for (long i = 0; i < c2; i++)
    (&a[0][0])[i] = (&b[0][0])[i] = start (i, 0);
# pragma mint copy(a, toDevice, e, e)
# pragma mint copy(b, toDevice, e, e)
  TIMED (
    PRAGMA (mint for nest(all) nowait)
    for (int y = 0; y < e; y++)
      for (int x = 0; x < e; x++)
        {
          if (y == 0 || x == 0 || y == e - 1 || x == e - 1)
            b[y][x] = a[y][x];
          else
            b[y][x] = 0.6 * a[y][x] + 0.1 * (a[y][x - 1] + a[y][x + 1]
                                             + a[y - 1][x] + a[y + 1][x]);
        }
    PRAGMA (mint single)
    { T (*q)[e] = a; a = b; b = q; })
# pragma mint copy(a, fromDevice, e, e)
  for (long i = 0; i < c2; i++)
    sum += (&a[0][0])[i];
  bytes = 2.0 * sizeof (T) * e * (double) e;
#elif defined BC2FR
  struct { int nx, ny; double w; } gr = { e, e, 0.25 }, *g = &gr;
# define I2(x, y) ((long) (y) * g->nx + (x))
  double *a = malloc (sizeof (double) * c2), *b = malloc (sizeof (double) * c2);
  double res = 0;
  for (long i = 0; i < c2; i++)
    a[i] = b[i] = start (i, 0);
# pragma mint copy(a, toDevice, c2)
# pragma mint copy(b, toDevice, c2)
  TIMED (
    res = 0;
    PRAGMA (mint for nest(all) reduction(max:res))
    for (int y = 0; y < g->ny; y++)
      for (int x = 0; x < g->nx; x++)
        if (x == 0 || y == 0 || x == g->nx - 1 || y == g->ny - 1)
          b[I2 (x, y)] = a[I2 (x, y)];
        else
          {
            double v = g->w * (a[I2 (x - 1, y)] + a[I2 (x + 1, y)]
                               + a[I2 (x, y - 1)] + a[I2 (x, y + 1)]);
            res = fmax (res, fabs (v - a[I2 (x, y)]));
            b[I2 (x, y)] = v;
          }
    PRAGMA (mint single)
    { double *q = a; a = b; b = q; })
# pragma mint copy(a, fromDevice, c2)
  for (long i = 0; i < c2; i++)
    sum += a[i];
  sum += res;
  bytes = 2.0 * sizeof (double) * c2;
#elif defined BC3F || defined BC3U
# ifdef BC3U
  typedef size_t extent;
# else
  typedef int extent;
# endif
  struct { extent nx, ny, nz; double c0, c1; } gr = { e, e, e, 0.4, 0.1 },
                                                *g = &gr;
# define I3(x, y, z) (((long) (z) * g->ny + (y)) * g->nx + (x))
  double *a = malloc (sizeof (double) * c3), *b = malloc (sizeof (double) * c3);
  for (long i = 0; i < c3; i++)
    a[i] = b[i] = start (i, 0);
# pragma mint copy(a, toDevice, c3)
# pragma mint copy(b, toDevice, c3)
  TIMED (
    PRAGMA (mint for nest(all) nowait)
    for (extent z = 0; z < g->nz; z++)
      for (extent y = 0; y < g->ny; y++)
        for (extent x = 0; x < g->nx; x++)
          if (z == 0 || y == 0 || x == 0 || z == g->nz - 1 || y == g->ny - 1
              || x == g->nx - 1)
            b[I3 (x, y, z)] = a[I3 (x, y, z)];
          else
            b[I3 (x, y, z)] = g->c0 * a[I3 (x, y, z)]
                              + g->c1 * (a[I3 (x - 1, y, z)] + a[I3 (x + 1, y, z)]
                                         + a[I3 (x, y - 1, z)] + a[I3 (x, y + 1, z)]
                                         + a[I3 (x, y, z - 1)] + a[I3 (x, y, z + 1)]);
    PRAGMA (mint single)
    { double *q = a; a = b; b = q; })
# pragma mint copy(a, fromDevice, c3)
  for (long i = 0; i < c3; i++)
    sum += a[i];
  bytes = 2.0 * sizeof (double) * c3;
#elif defined BC1
  long m = (long) n * n * n;
  double *a = malloc (sizeof (double) * m), *b = malloc (sizeof (double) * m);
  for (long i = 0; i < m; i++)
    a[i] = b[i] = start (i, 0);
# pragma mint copy(a, toDevice, m)
# pragma mint copy(b, toDevice, m)
  TIMED (
    PRAGMA (mint for nest(all) nowait)
    for (long i = 0; i < m; i++)
      if (i == 0 || i == m - 1)
        b[i] = a[i];
      else
        b[i] = 0.5 * a[i] + 0.25 * (a[i - 1] + a[i + 1]);
    PRAGMA (mint single)
    { double *q = a; a = b; b = q; })
# pragma mint copy(a, fromDevice, m)
  for (long i = 0; i < m; i++)
    sum += a[i];
  bytes = 2.0 * sizeof (double) * m;
#elif defined LOOPSTAR || defined ARMS
  typedef double T;
  enum { R = 4 };
  int f = n + 2 * R;
  long c2r = (long) f * f;
  T (*a)[f] = malloc (sizeof (T) * c2r), (*b)[f] = malloc (sizeof (T) * c2r);
  T *c = malloc (sizeof (T) * (R + 1));
  for (long i = 0; i < c2r; i++)
    (&a[0][0])[i] = (&b[0][0])[i] = start (i, 0);
  for (int k = 0; k <= R; k++)
    c[k] = k ? 0.999 / (4 * R + 1) : 1.0 / (4 * R + 1);
# pragma mint copy(a, toDevice, f, f)
# pragma mint copy(b, toDevice, f, f)
# pragma mint copy(c, toDevice, R + 1)
  TIMED (
    PRAGMA (mint for nest(all) nowait)
    for (int y = R; y < n + R; y++)
      for (int x = R; x < n + R; x++)
        {
          T s = c[0] * a[y][x];
# ifdef ARMS
#  define ARM(k) (c[k] * (a[y][x - k] + a[y][x + k] + a[y - k][x] + a[y + k][x]))
          s += ARM (1);
          s += ARM (2);
          s += ARM (3);
          s += ARM (4);
# else
          for (int k = 1; k <= R; k++)
            s += c[k] * (a[y][x - k] + a[y][x + k] + a[y - k][x]
                         + a[y + k][x]);
# endif
          b[y][x] = s;
        }
    PRAGMA (mint single)
    { T (*q)[f] = a; a = b; b = q; })
# pragma mint copy(a, fromDevice, f, f)
  for (long i = 0; i < c2r; i++)
    sum += (&a[0][0])[i];
  bytes = 2.0 * sizeof (T) * n * (double) n;
#elif defined LIFELOOPS
  typedef unsigned char T;
  T (*a)[e] = malloc (sizeof (T) * c2), (*b)[e] = malloc (sizeof (T) * c2);
  for (long i = 0; i < c2; i++)
    {
      (&a[0][0])[i] = start (i, 0) < 0.33;
      (&b[0][0])[i] = 0;
    }
# pragma mint copy(a, toDevice, e, e)
# pragma mint copy(b, toDevice, e, e)
  TIMED (
    PRAGMA (mint for nest(all) nowait)
    for (int y = 1; y <= n; y++)
      for (int x = 1; x <= n; x++)
        {
          int count = 0;
          for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++)
              if (dy || dx)
                count += a[y + dy][x + dx];
          b[y][x] = count == 3 || (count == 2 && a[y][x]);
        }
    PRAGMA (mint single)
    { T (*q)[e] = a; a = b; b = q; })
# pragma mint copy(a, fromDevice, e, e)
  for (long i = 0; i < c2; i++)
    sum += (&a[0][0])[i] * (double) (i % 7);
  bytes = 2.0 * sizeof (T) * n * (double) n;
#elif defined SLABS
  typedef double T;
  T (*a)[e][e] = malloc (sizeof (T) * c3), (*b)[e][e] = malloc (sizeof (T) * c3);
  for (long i = 0; i < c3; i++)
    (&a[0][0][0])[i] = (&b[0][0][0])[i] = start (i, 0);
# pragma mint copy(a, toDevice, e, e, e)
# pragma mint copy(b, toDevice, e, e, e)
  TIMED (
    for (int z = 1; z <= n; z++)
      {
        PRAGMA (mint for nest(all) nowait)
        for (int y = 1; y <= n; y++)
          for (int x = 1; x <= n; x++)
            b[z][y][x] = STAR7 (a, z, y, x);
      }
    PRAGMA (mint single)
    { T (*q)[e][e] = a; a = b; b = q; })
# pragma mint copy(a, fromDevice, e, e, e)
  for (long i = 0; i < c3; i++)
    sum += (&a[0][0][0])[i];
  bytes = 2.0 * sizeof (T) * n * (double) n * n;
#else
# error "define one of the programs"
#endif
  printf ("ms/step %.4f bytes/step %.6e checksum %.15e\n",
          1e3 * (t1 - t0) / steps, bytes, sum);
  return 0;
}
