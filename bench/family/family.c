/* family.c -- the general stencil family of the benchmark: one Mint
   program, its member chosen at compile time, its size at run time.

     -DSTAR or -DBOX, -DDIMS=1|2|3, -DR=radius   a star (2*DIMS*R+1 points,
                                 a coefficient per axis and distance) or a
                                 box ((2R+1)^DIMS points, a coefficient per
                                 point), one array read, double buffers
     -DFDTD                      2-D FDTD: fields ex, ey, hz, four nests a
                                 step (a source row, the three updates)
     -DWAVE                      8th-order variable-velocity wave in 3-D:
                                 p0 p1 vel read, p2 written, buffers rotated
     -DWAVE -DBUFFERS=2          the same in two buffers: p0 updated in
                                 place from p1 and itself, then swapped
     -DSWEEP=1 | 2 | 3           a tridiagonal solve (Thomas, constant
                                 coefficients) along each line in x (1, the
                                 rows, each thread a row), y (2) or z (3,
                                 each thread a column), in 3-D
     -DSWEEP=... -DSOURCE        the same with a right-hand side of two
                                 fields (d + f), both read by the forward
                                 pass
     -DCOEF=1                    a star or box that also reads a
                                 coefficient k at the point:
                                 v = u + k (update - u)
     -DCOEF=2                    a radius-1 star in flux form with k at
                                 the point and its neighbours:
                                 v = u + 0.1 sum (k + k') (u' - u)
     -DCOEF=3                    a star or box computed only where a
                                 mask k (0 or 1, of the element type; 1 in
                                 4 cells in 5) is set, the others keeping
                                 u: v = k != 0 ? update : u
     -DREAL=float                the element type (default double)
     -DCLAUSES='tile(...) ...'   clauses of the stars', boxes', wave's and
                                 sweeps' nest (a probe of launch shapes;
                                 default none)

   Usage: family N [STEPS [REPS]]: N points a side inside the halo.  It
   prints one line: the member, ms a step (median of REPS blocks of STEPS
   steps, after a warm-up block), the compulsory bytes a step (each array
   read once and written once), the floating-point operations a step as
   written, and a checksum.  Without the plugin the same program runs on
   the CPU, which the checks compare with at small N.  */

#include <stdio.h>
#include <stdlib.h>
#include "../probe/unroll/timing.h"

#ifndef REAL
# define REAL double
#endif
typedef REAL T;

#if defined SWEEP || defined WAVE
# undef DIMS
# define DIMS 3
#endif
#ifdef FDTD
# undef DIMS
# define DIMS 2
#endif
#ifdef WAVE
# undef R
# define R 4
#endif
#if defined FDTD || defined SWEEP
# undef R
# define R 1
#endif
#ifndef R
# define R 1
#endif
#ifndef DIMS
# define DIMS 3
#endif
#ifndef CLAUSES
# define CLAUSES
#endif

/* A distinct coefficient for each offset, folded at compile time; they
   sum to about 0.999 (the offsets are symmetric), so that the values
   neither grow nor vanish over many steps.  */
#define W(dz, dy, dx) \
  ((T) ((0.999 + 0.0001 * ((dz) * 81 + (dy) * 9 + (dx))) / POINTS))

/* The point at offset (dz, dy, dx) of array A, in the member's rank.  */
#if DIMS == 3
# define AT(a, dz, dy, dx) a[z + (dz)][y + (dy)][x + (dx)]
#elif DIMS == 2
# define AT(a, dz, dy, dx) a[y + (dy)][x + (dx)]
#else
# define AT(a, dz, dy, dx) a[x + (dx)]
#endif
#define TERM(dz, dy, dx) (W (dz, dy, dx) * AT (u, dz, dy, dx))

/* Stars: the two points at distance Q along each axis.  */
#define PAIR_X(q) (W (0, 0, q) * (AT (u, 0, 0, -(q)) + AT (u, 0, 0, q)))
#define PAIR_Y(q) (W (0, q, 0) * (AT (u, 0, -(q), 0) + AT (u, 0, q, 0)))
#define PAIR_Z(q) (W (q, 0, 0) * (AT (u, -(q), 0, 0) + AT (u, q, 0, 0)))
#if DIMS == 3
# define ARM(q) (PAIR_X (q) + PAIR_Y (q) + PAIR_Z (q))
#elif DIMS == 2
# define ARM(q) (PAIR_X (q) + PAIR_Y (q))
#else
# define ARM(q) PAIR_X (q)
#endif
#if R == 1
# define ARMS ARM (1)
#elif R == 2
# define ARMS (ARM (1) + ARM (2))
#elif R == 3
# define ARMS (ARM (1) + ARM (2) + ARM (3))
#else
# define ARMS (ARM (1) + ARM (2) + ARM (3) + ARM (4))
#endif

/* Boxes: rows in x, planes in y, the box in z.  */
#if R == 1
# define ROW(dz, dy) (TERM (dz, dy, -1) + TERM (dz, dy, 0) + TERM (dz, dy, 1))
# define PLANE(dz) (ROW (dz, -1) + ROW (dz, 0) + ROW (dz, 1))
# define CUBE (PLANE (-1) + PLANE (0) + PLANE (1))
#else
# define ROW(dz, dy) (TERM (dz, dy, -2) + TERM (dz, dy, -1) + TERM (dz, dy, 0) \
                      + TERM (dz, dy, 1) + TERM (dz, dy, 2))
# define PLANE(dz) (ROW (dz, -2) + ROW (dz, -1) + ROW (dz, 0) + ROW (dz, 1) \
                    + ROW (dz, 2))
# define CUBE (PLANE (-2) + PLANE (-1) + PLANE (0) + PLANE (1) + PLANE (2))
#endif
#define SIDE (2 * R + 1)
#if DIMS == 3
# define BOX_SUM CUBE
# define BOX_POINTS (SIDE * SIDE * SIDE)
#elif DIMS == 2
# define BOX_SUM PLANE (0)
# define BOX_POINTS (SIDE * SIDE)
#else
# define BOX_SUM ROW (0, 0)
# define BOX_POINTS SIDE
#endif

#ifdef BOX
# define POINTS BOX_POINTS
# define UPDATE BOX_SUM
# define POINT_FLOPS (2 * BOX_POINTS - 1)
#else
# define POINTS (2 * DIMS * R + 1)
# define UPDATE (W (0, 0, 0) * AT (u, 0, 0, 0) + ARMS)
# define POINT_FLOPS (1 + 3 * DIMS * R)
#endif

/* Flux form: the flux through the face towards offset (dz, dy, dx).  */
#define FLUX(dz, dy, dx) ((AT (k, 0, 0, 0) + AT (k, dz, dy, dx)) \
                          * (AT (u, dz, dy, dx) - AT (u, 0, 0, 0)))
#define FLUX_X (FLUX (0, 0, -1) + FLUX (0, 0, 1))
#define FLUX_Y (FLUX (0, -1, 0) + FLUX (0, 1, 0))
#define FLUX_Z (FLUX (-1, 0, 0) + FLUX (1, 0, 0))
#if DIMS == 3
# define FLUXES (FLUX_X + FLUX_Y + FLUX_Z)
#elif DIMS == 2
# define FLUXES (FLUX_X + FLUX_Y)
#else
# define FLUXES FLUX_X
#endif
#ifndef COEF
# define COEF 0
#endif
#if COEF == 3
# define UPDATE_K (AT (k, 0, 0, 0) != 0 ? UPDATE : AT (u, 0, 0, 0))
#elif COEF == 2
# undef UPDATE
# undef POINT_FLOPS
# define UPDATE (AT (u, 0, 0, 0) + (T) 0.1 * FLUXES)
# define POINT_FLOPS (2 + 7 * DIMS)
#elif COEF == 1
# define UPDATE_K (AT (u, 0, 0, 0) + AT (k, 0, 0, 0) \
                   * (UPDATE - AT (u, 0, 0, 0)))
# undef POINT_FLOPS
# ifdef BOX
#  define POINT_FLOPS (2 * BOX_POINTS + 2)
# else
#  define POINT_FLOPS (4 + 3 * DIMS * R)
# endif
#endif
#define ARRAYS (COEF ? 3 : 2)

#if defined FDTD
# define NAME "fdtd2d"
#elif defined WAVE
# define NAME "wave8"
#elif defined SWEEP
# ifdef SOURCE
#  define NAME (SWEEP == 1 ? "sweep-x-src" : SWEEP == 2 ? "sweep-y-src" \
                : "sweep-z-src")
# else
#  define NAME (SWEEP == 1 ? "sweep-x" : SWEEP == 2 ? "sweep-y" : "sweep-z")
# endif
#elif defined BOX
# define NAME (COEF == 3 ? "box-km" : COEF ? "box-k" : "box")
#else
# define NAME (COEF == 3 ? "star-km" : COEF == 2 ? "star-kf" \
               : COEF ? "star-k" : "star")
#endif

#define start(i, k) START_VALUE (T, i, k)

int
main (int argc, char **argv)
{
  const int n = argc > 1 ? atoi (argv[1]) : 64;
  const int steps = argc > 2 ? atoi (argv[2]) : 20;
  const int reps = argc > 3 ? atoi (argv[3]) : 5;
  const int e = n + 2 * R;      /* points a side with the halo */
  double *blk = calloc ((size_t) reps, sizeof *blk);
  long points = 1, cells = 1;
  for (int d = 0; d < DIMS; d++)
    {
      points *= n;
      cells *= e;
    }
  double bytes, flops;

#if defined FDTD
  T (*ex)[e] = malloc (sizeof (T) * cells), (*ey)[e] = malloc (sizeof (T) * cells);
  T (*hz)[e] = malloc (sizeof (T) * cells);
  for (long i = 0; i < cells; i++)
    {
      (&ex[0][0])[i] = start (i, 0);
      (&ey[0][0])[i] = start (i, 1);
      (&hz[0][0])[i] = start (i, 2);
    }
  /* ey: hz, ey read, ey written; ex alike; hz: ex, ey, hz read, hz written;
     the source row is negligible.  */
  bytes = (double) sizeof (T) * points * 10;
  flops = (double) points * (3 + 3 + 5);
# pragma mint copy(ex, toDevice, e, e)
# pragma mint copy(ey, toDevice, e, e)
# pragma mint copy(hz, toDevice, e, e)
# pragma mint parallel
  {
    for (int r = -1; r < reps; r++)
      {
        double t0 = wall ();
        for (int t = 0; t < steps; t++)
          {
# pragma mint for nest(all) nowait
            for (int x = 1; x < n + 1; x++)
              ey[1][x] = (T) (0.001 * t);
# pragma mint for nest(all) nowait
            for (int y = 2; y < n + 1; y++)
              for (int x = 1; x < n + 1; x++)
                ey[y][x] = ey[y][x] - (T) 0.5 * (hz[y][x] - hz[y - 1][x]);
# pragma mint for nest(all) nowait
            for (int y = 1; y < n + 1; y++)
              for (int x = 2; x < n + 1; x++)
                ex[y][x] = ex[y][x] - (T) 0.5 * (hz[y][x] - hz[y][x - 1]);
# pragma mint for nest(all) nowait
            for (int y = 1; y < n; y++)
              for (int x = 1; x < n; x++)
                hz[y][x] = hz[y][x] - (T) 0.7 * (ex[y][x + 1] - ex[y][x]
                                                 + ey[y + 1][x] - ey[y][x]);
          }
# pragma mint barrier
        if (r >= 0)
          blk[r] = wall () - t0;
      }
  }
# pragma mint copy(hz, fromDevice, e, e)
  T *result = &hz[0][0];

#elif defined WAVE
# if BUFFERS == 2
#  define NEXT p0
# else
#  define NEXT p2
# endif
  T (*p0)[e][e] = malloc (sizeof (T) * cells), (*p1)[e][e] = malloc (sizeof (T) * cells);
  T (*p2)[e][e] = malloc (sizeof (T) * cells), (*vel)[e][e] = malloc (sizeof (T) * cells);
  for (long i = 0; i < cells; i++)
    {
      (&p0[0][0][0])[i] = start (i, 0) / 8;
      (&p1[0][0][0])[i] = (&p0[0][0][0])[i];
      (&p2[0][0][0])[i] = 0;
      (&vel[0][0][0])[i] = (T) 0.01 + (T) (i % 7) / 700;
    }
  bytes = (double) sizeof (T) * points * 4;
  flops = (double) points * (1 + 4 * 7 + 4);
# pragma mint copy(p0, toDevice, e, e, e)
# pragma mint copy(p1, toDevice, e, e, e)
# pragma mint copy(p2, toDevice, e, e, e)
# pragma mint copy(vel, toDevice, e, e, e)
# pragma mint parallel
  {
    for (int r = -1; r < reps; r++)
      {
        double t0 = wall ();
        for (int t = 0; t < steps; t++)
          {
# define WARM(p, q) (p[z][y][x - q] + p[z][y][x + q] + p[z][y - q][x] \
                     + p[z][y + q][x] + p[z - q][y][x] + p[z + q][y][x])
# pragma mint for nest(all) nowait CLAUSES
            for (int z = R; z < n + R; z++)
              for (int y = R; y < n + R; y++)
                for (int x = R; x < n + R; x++)
                  {
                    T lap = (T) -8.541667 * p1[z][y][x]
                            + (T) 1.6 * WARM (p1, 1) - (T) 0.2 * WARM (p1, 2)
                            + (T) 0.0253968 * WARM (p1, 3)
                            - (T) 0.0017857 * WARM (p1, 4);
                    NEXT[z][y][x] = 2 * p1[z][y][x] - p0[z][y][x]
                                    + vel[z][y][x] * lap;
                  }
# pragma mint single
            {
              T (*tmp)[e][e] = p0;
              p0 = p1;
# if BUFFERS == 2
              p1 = tmp;
# else
              p1 = p2;
              p2 = tmp;
# endif
            }
          }
# pragma mint barrier
        if (r >= 0)
          blk[r] = wall () - t0;
      }
  }
# pragma mint copy(p1, fromDevice, e, e, e)
  T *result = &p1[0][0][0];

#elif defined SWEEP
  /* The system along each line: a x[i-1] + b x[i] + c x[i+1] = d[i];
     cp and m are the Thomas algorithm's factors, the same on every
     line.  */
  const T a = (T) -1, b = (T) 4, c = (T) -1;
  T *cp = malloc (sizeof (T) * e), *m = malloc (sizeof (T) * e);
  m[0] = 1 / b;
  cp[0] = c * m[0];
  for (int i = 1; i < e; i++)
    {
      m[i] = 1 / (b - a * cp[i - 1]);
      cp[i] = c * m[i];
    }
  T (*d)[e][e] = malloc (sizeof (T) * cells), (*s)[e][e] = malloc (sizeof (T) * cells);
# ifdef SOURCE
  T (*f)[e][e] = malloc (sizeof (T) * cells);
#  define RHS(z, y, x) (d[z][y][x] + f[z][y][x])
# else
#  define RHS(z, y, x) d[z][y][x]
# endif
  for (long i = 0; i < cells; i++)
    {
      (&d[0][0][0])[i] = start (i, 0);
      (&s[0][0][0])[i] = 0;
# ifdef SOURCE
      (&f[0][0][0])[i] = start (i, 1);
# endif
    }
# ifdef SOURCE
  bytes = (double) sizeof (T) * points * 3;
  flops = (double) points * (4 + 2);
#  pragma mint copy(f, toDevice, e, e, e)
# else
  bytes = (double) sizeof (T) * points * 2;
  flops = (double) points * (3 + 2);
# endif
# pragma mint copy(d, toDevice, e, e, e)
# pragma mint copy(s, toDevice, e, e, e)
# pragma mint copy(cp, toDevice, e)
# pragma mint copy(m, toDevice, e)
# pragma mint parallel
  {
    for (int r = -1; r < reps; r++)
      {
        double t0 = wall ();
        for (int t = 0; t < steps; t++)
          {
# if SWEEP == 1
#  pragma mint for nest(all) nowait CLAUSES
            for (int z = 1; z < n + 1; z++)
              for (int y = 1; y < n + 1; y++)
                {
                  s[z][y][1] = RHS (z, y, 1) * m[1];
                  for (int x = 2; x < n + 1; x++)
                    s[z][y][x] = (RHS (z, y, x) - a * s[z][y][x - 1]) * m[x];
                  for (int x = n - 1; x >= 1; x--)
                    s[z][y][x] = s[z][y][x] - cp[x] * s[z][y][x + 1];
                }
# elif SWEEP == 2
#  pragma mint for nest(all) nowait CLAUSES
            for (int z = 1; z < n + 1; z++)
              for (int x = 1; x < n + 1; x++)
                {
                  s[z][1][x] = RHS (z, 1, x) * m[1];
                  for (int y = 2; y < n + 1; y++)
                    s[z][y][x] = (RHS (z, y, x) - a * s[z][y - 1][x]) * m[y];
                  for (int y = n - 1; y >= 1; y--)
                    s[z][y][x] = s[z][y][x] - cp[y] * s[z][y + 1][x];
                }
# else
#  pragma mint for nest(all) nowait CLAUSES
            for (int y = 1; y < n + 1; y++)
              for (int x = 1; x < n + 1; x++)
                {
                  s[1][y][x] = RHS (1, y, x) * m[1];
                  for (int z = 2; z < n + 1; z++)
                    s[z][y][x] = (RHS (z, y, x) - a * s[z - 1][y][x]) * m[z];
                  for (int z = n - 1; z >= 1; z--)
                    s[z][y][x] = s[z][y][x] - cp[z] * s[z + 1][y][x];
                }
# endif
          }
# pragma mint barrier
        if (r >= 0)
          blk[r] = wall () - t0;
      }
  }
# pragma mint copy(s, fromDevice, e, e, e)
  T *result = &s[0][0][0];

#else /* stars and boxes */
# if DIMS == 3
#  define ARR(p) T (*p)[e][e]
#  define SHAPE e, e, e
#  define SUB [0][0][0]
# elif DIMS == 2
#  define ARR(p) T (*p)[e]
#  define SHAPE e, e
#  define SUB [0][0]
# else
#  define ARR(p) T *p
#  define SHAPE e
#  define SUB [0]
# endif
  ARR (u) = malloc (sizeof (T) * cells);
  ARR (v) = malloc (sizeof (T) * cells);
  for (long i = 0; i < cells; i++)
    (&u SUB)[i] = (&v SUB)[i] = start (i, 0);
  bytes = (double) sizeof (T) * points * ARRAYS;
  flops = (double) points * POINT_FLOPS;
# if COEF
  ARR (k) = malloc (sizeof (T) * cells);
  for (long i = 0; i < cells; i++)
    (&k SUB)[i] = COEF == 3 ? (T) (i % 5 != 2)
                            : (T) 0.1 + (T) 0.075 * (T) (i % 5);
#  pragma mint copy(k, toDevice, SHAPE)
# endif
# if COEF == 1 || COEF == 3
#  define NEW_VALUE UPDATE_K
# else
#  define NEW_VALUE UPDATE
# endif
# pragma mint copy(u, toDevice, SHAPE)
# pragma mint copy(v, toDevice, SHAPE)
# pragma mint parallel
  {
    for (int r = -1; r < reps; r++)
      {
        double t0 = wall ();
        for (int t = 0; t < steps; t++)
          {
# if DIMS == 3
#  pragma mint for nest(all) nowait CLAUSES
            for (int z = R; z < n + R; z++)
              for (int y = R; y < n + R; y++)
                for (int x = R; x < n + R; x++)
                  v[z][y][x] = NEW_VALUE;
# elif DIMS == 2
#  pragma mint for nest(all) nowait CLAUSES
            for (int y = R; y < n + R; y++)
              for (int x = R; x < n + R; x++)
                v[y][x] = NEW_VALUE;
# else
#  pragma mint for nest(all) nowait CLAUSES
            for (int x = R; x < n + R; x++)
              v[x] = NEW_VALUE;
# endif
# pragma mint single
            {
              ARR (tmp) = u;
              u = v;
              v = tmp;
            }
          }
# pragma mint barrier
        if (r >= 0)
          blk[r] = wall () - t0;
      }
  }
# pragma mint copy(u, fromDevice, SHAPE)
  T *result = &u SUB;
#endif

  double sum = 0;
  for (long i = 0; i < cells; i++)
    sum += (double) result[i] * (double) (1 + i % 3);
  double median = median_of (blk, reps);
  printf ("%s dims %d r %d %s n %d ms/step %.4f bytes/step %.6e "
          "flops/step %.6e checksum %.15e\n",
          NAME, DIMS, R, sizeof (T) == 4 ? "float" : "double", n,
          1e3 * median / steps, bytes, flops, sum);
  return 0;
}
