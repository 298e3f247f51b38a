/* ports.c -- loop nests in forms that published C codes use and that
   needed rewrites before mint took them, each a Mint program of its nests
   repeated STEPS times (bench/probe/unseen/build.sh builds each with
   -D<NAME>, with and without the plugin):
     SCHROD2   double 2-D Schrodinger step, i du/dt = laplacian u, the
               real and imaginary parts in two arrays and the Laplacian
               in a local structure `cplx l' (-DSCALARS: two doubles;
               -DHELPERS: complex arithmetic by helpers on `cplx')
     FLUX2     double 2-D upwind finite volumes of a state of two
               conserved variables in two arrays: a helper returns the
               flux between two states, chosen by an if/else
     COEFARR3  double 3-D 7-point in a function given the extents as
               `const int n[3]' and the weights as `const double c[3]'
               (-DSCALARS: as three scalars)
     CPLXFLAT2 double 2-D, the same Schrodinger step over one flat array
               of interleaved real and imaginary parts (u[2 * i] and
               u[2 * i + 1])
   Usage: NAME N [STEPS]; prints ms a step (wall clock over the steps,
   after one untimed), the compulsory bytes a step (each array read once
   and written once a nest) and a checksum, which the build without the
   plugin must print too.  */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include "../unroll/timing.h"

typedef double T;
#define start(i, k) START_VALUE (T, i, k)
#define FIELD2(f, k)                                                    \
  T (*f)[ex] = malloc (sizeof (T) * cells);                             \
  for (long i = 0; i < cells; i++)                                      \
    (&f[0][0])[i] = start (i, k)

typedef struct
{
  T re, im;
} cplx;

static inline cplx
cadd (cplx a, cplx b)
{
  return (cplx) { a.re + b.re, a.im + b.im };
}

static inline cplx
cmul (cplx a, cplx b)
{
  cplx r = { a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re };
  return r;
}

typedef struct
{
  T h, q;
} state;

/* The upwind flux between states L and R for the speed C.  */
static inline state
upwind (state l, state r, T c)
{
  state f;
  if (c > 0)
    {
      f.h = c * l.h;
      f.q = c * l.q;
    }
  else
    {
      f.h = c * r.h;
      f.q = c * r.q;
    }
  return f;
}

#define STAR5(u, y, x)                                                  \
  (u[y][x - 1] + u[y][x + 1] + u[y - 1][x] + u[y + 1][x] - 4 * u[y][x])

#if defined COEFARR3
/* STEPS steps of a weighted 7-point star over the n[0] x n[1] x n[2]
   grid A (B the other buffer); *SECONDS: their time.  */
# ifdef SCALARS
#  define W0 c0
#  define W1 c1
#  define W2 c2
#  define NX nx
#  define NY ny
#  define NZ nz
static void
coef_steps (int nx, int ny, int nz, double c0, double c1, double c2,
            int steps, T (*a)[ny][nx], T (*b)[ny][nx], double *seconds)
# else
#  define W0 c[0]
#  define W1 c[1]
#  define W2 c[2]
#  define NX n[0]
#  define NY n[1]
#  define NZ n[2]
static void
coef_steps (const int n[3], const double c[3], int steps,
            T (*a)[n[1]][n[0]], T (*b)[n[1]][n[0]], double *seconds)
# endif
{
  double t0 = 0, t1 = 0;
# pragma mint copy(a, toDevice, NX, NY, NZ)
# pragma mint copy(b, toDevice, NX, NY, NZ)
  TIMED (
    PRAGMA (mint for nest(all) nowait)
    for (int z = 1; z < NZ - 1; z++)
      for (int y = 1; y < NY - 1; y++)
        for (int x = 1; x < NX - 1; x++)
          b[z][y][x] = W0 * a[z][y][x]
                       + W1 * (a[z][y][x - 1] + a[z][y][x + 1])
                       + W2 * (a[z][y - 1][x] + a[z][y + 1][x]
                               + a[z - 1][y][x] + a[z + 1][y][x]);
    PRAGMA (mint single) { T (*q)[NY][NX] = a; a = b; b = q; })
# pragma mint copy(a, fromDevice, NX, NY, NZ)
# pragma mint copy(b, fromDevice, NX, NY, NZ)
  *seconds = t1 - t0;
}
#endif

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 64, steps = argc > 2 ? atoi (argv[2]) : 10;
  double t0 = 0, t1 = 0, sum = 0, bytes;
#if defined COEFARR3
  int ex = n + 2;
  long cells = (long) ex * ex * ex;
  double points = (double) n * n * n;
#else
  int ex = n + 2, ey = n + 2;
  long cells = (long) ex * ey;
  double points = (double) n * n;
#endif
#if defined SCHROD2
  FIELD2 (ur, 0); FIELD2 (ui, 1); FIELD2 (vr, 0); FIELD2 (vi, 1);
  const T h = 0.05;
  bytes = 4.0 * sizeof (T) * points;
# pragma mint copy(ur, toDevice, ex, ey)
# pragma mint copy(ui, toDevice, ex, ey)
# pragma mint copy(vr, toDevice, ex, ey)
# pragma mint copy(vi, toDevice, ex, ey)
  TIMED (
    PRAGMA (mint for nest(all) nowait)
    for (int y = 1; y <= n; y++)
      for (int x = 1; x <= n; x++)
        {
# if defined SCALARS
          T lre = STAR5 (ur, y, x), lim = STAR5 (ui, y, x);
          vr[y][x] = ur[y][x] - h * lim;
          vi[y][x] = ui[y][x] + h * lre;
# elif defined HELPERS
          cplx z = { ur[y][x], ui[y][x] }, rot = { 0, h };
          cplx l = { STAR5 (ur, y, x), STAR5 (ui, y, x) };
          cplx w = cadd (z, cmul (rot, l));
          vr[y][x] = w.re;
          vi[y][x] = w.im;
# else
          cplx l;
          l.re = STAR5 (ur, y, x);
          l.im = STAR5 (ui, y, x);
          vr[y][x] = ur[y][x] - h * l.im;
          vi[y][x] = ui[y][x] + h * l.re;
# endif
        }
    PRAGMA (mint single)
    {
      T (*q)[ex] = ur; ur = vr; vr = q;
      q = ui; ui = vi; vi = q;
    })
# pragma mint copy(ur, fromDevice, ex, ey)
# pragma mint copy(ui, fromDevice, ex, ey)
  for (long i = 0; i < cells; i++)
    sum += (&ur[0][0])[i] + 3 * (&ui[0][0])[i];
#elif defined FLUX2
  FIELD2 (h, 0); FIELD2 (q, 1); FIELD2 (hn, 0); FIELD2 (qn, 1);
  const T dt = 0.1;
  bytes = 4.0 * sizeof (T) * points;
# pragma mint copy(h, toDevice, ex, ey)
# pragma mint copy(q, toDevice, ex, ey)
# pragma mint copy(hn, toDevice, ex, ey)
# pragma mint copy(qn, toDevice, ex, ey)
  TIMED (
    PRAGMA (mint for nest(all) nowait)
    for (int y = 1; y <= n; y++)
      for (int x = 1; x <= n; x++)
        {
          state west = { h[y][x - 1], q[y][x - 1] };
          state here = { h[y][x], q[y][x] };
          state east = { h[y][x + 1], q[y][x + 1] };
          T c = q[y][x] - (T) 0.5;
          state fw = upwind (west, here, c), fe = upwind (here, east, c);
          hn[y][x] = here.h - dt * (fe.h - fw.h);
          qn[y][x] = here.q - dt * (fe.q - fw.q);
        }
    PRAGMA (mint single)
    {
      T (*t)[ex] = h; h = hn; hn = t;
      t = q; q = qn; qn = t;
    })
# pragma mint copy(h, fromDevice, ex, ey)
# pragma mint copy(q, fromDevice, ex, ey)
  for (long i = 0; i < cells; i++)
    sum += (&h[0][0])[i] + 3 * (&q[0][0])[i];
#elif defined CPLXFLAT2
  long len = 2 * cells;
  T *u = malloc (sizeof (T) * len), *v = malloc (sizeof (T) * len);
  for (long i = 0; i < len; i++)
    u[i] = v[i] = start (i / 2, i % 2);
  const T h = 0.05;
  bytes = 4.0 * sizeof (T) * points;
# define RE(y, x) u[2 * ((y) * ex + (x))]
# define IM(y, x) u[2 * ((y) * ex + (x)) + 1]
# define STAR5F(P, y, x)                                                \
  (P (y, x - 1) + P (y, x + 1) + P (y - 1, x) + P (y + 1, x) - 4 * P (y, x))
# pragma mint copy(u, toDevice, len)
# pragma mint copy(v, toDevice, len)
  TIMED (
    PRAGMA (mint for nest(all) nowait)
    for (int y = 1; y <= n; y++)
      for (int x = 1; x <= n; x++)
        {
          v[2 * (y * ex + x)] = RE (y, x) - h * STAR5F (IM, y, x);
          v[2 * (y * ex + x) + 1] = IM (y, x) + h * STAR5F (RE, y, x);
        }
    PRAGMA (mint single) { T *q = u; u = v; v = q; })
# pragma mint copy(u, fromDevice, len)
  for (long i = 0; i < cells; i++)
    sum += u[2 * i] + 3 * u[2 * i + 1];
#elif defined COEFARR3
  T (*a)[ex][ex] = malloc (sizeof (T) * cells);
  T (*b)[ex][ex] = malloc (sizeof (T) * cells);
  for (long i = 0; i < cells; i++)
    (&a[0][0][0])[i] = (&b[0][0][0])[i] = start (i, 0);
  bytes = 2.0 * sizeof (T) * points;
  const double c[3] = { 0.4, 0.15, 0.075 };
# ifdef SCALARS
  coef_steps (ex, ex, ex, c[0], c[1], c[2], steps, a, b, &t1);
# else
  const int dims[3] = { ex, ex, ex };
  coef_steps (dims, c, steps, a, b, &t1);
# endif
  if (steps % 2 == 0)
    a = b;                      /* steps + 1 swaps */
  for (long i = 0; i < cells; i++)
    sum += (&a[0][0][0])[i];
#endif
  printf ("ms/step %.4f bytes/step %.6e checksum %.12e\n",
          1e3 * (t1 - t0) / steps, bytes, sum);
  return 0;
}
