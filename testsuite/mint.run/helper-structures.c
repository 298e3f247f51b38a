/* Helpers that take and return structures of scalars (helper.h): complex
   arithmetic on a structure (a product built by a list, a square
   magnitude of a parameter, a sum written member by member, a compound
   literal returned, a conjugate and a real part given a pointer to the
   structure), a helper calling another on structure values, an
   upwind flux of a state of two conserved variables that an if/else
   selects, as finite-volume codes write them, a structure of structures
   and a parameter changed member by member.  The nests run a
   Schrodinger-like step, a flux difference and a product of pairs.  */
/* { dg-do run } */
#include "mint-test.h"

typedef struct
{
  double re, im;
} cplx;

typedef struct
{
  double h, q;
} state;

static inline cplx
cmul (cplx a, cplx b)
{
  cplx r = { a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re };
  return r;
}

static inline cplx
cadd (cplx a, cplx b)
{
  cplx r;
  r.re = a.re + b.re;
  r.im = a.im + b.im;
  return r;
}

static inline cplx
cscale (double s, cplx a)
{
  return (cplx) { s * a.re, s * a.im };
}

static inline double
cabs2 (cplx a)
{
  return a.re * a.re + a.im * a.im;
}

/* Through a pointer, as C codes pass structures to avoid copies.  */
static inline cplx
conj_of (const cplx *a)
{
  cplx r = { a->re, -a->im };
  return r;
}

static inline double
real_of (const cplx *a)
{
  return a->re;
}

/* |a b|^2 through the other helpers.  */
static inline double
product_size (cplx a, cplx b)
{
  return cabs2 (cmul (a, b));
}

/* A structure of structures, and a parameter changed member by
   member.  */
typedef struct
{
  cplx a, b;
} pair;

static inline pair
make_pair (cplx a, cplx b)
{
  pair p;
  p.a = a;
  p.b = b;
  p.b.im = -b.im;
  return p;
}

static inline cplx
doubled (cplx a)
{
  a.re *= 2;
  return a;
}

/* The upwind flux of the state between L and R for a speed C.  */
static inline state
upwind (state l, state r, double c)
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

#define AT(u, v, y, x) ((cplx) { u[y][x], v[y][x] })

#define STEPS(PRAGMA)                                                     \
  PRAGMA (for nest(all))                                                  \
  for (int y = 1; y < n - 1; y++)                                         \
    for (int x = 1; x < n - 1; x++)                                       \
      {                                                                   \
        cplx z = AT (ur, ui, y, x);                                       \
        cplx l = cadd (cadd (AT (ur, ui, y, x - 1), AT (ur, ui, y, x + 1)), \
                       cadd (AT (ur, ui, y - 1, x), AT (ur, ui, y + 1, x))); \
        cplx rot = { 0, 0.05 };                                           \
        cplx w = cadd (z, cmul (rot, cadd (l, cscale (-4, z))));          \
        vr[y][x] = w.re;                                                  \
        cplx c = conj_of (&w);                                            \
        vi[y][x] = c.im + 0.001 * product_size (z, w) + real_of (&c);     \
      }                                                                   \
  PRAGMA (for nest(all))                                                  \
  for (int y = 1; y < n - 1; y++)                                         \
    for (int x = 1; x < n - 1; x++)                                       \
      {                                                                   \
        state west = { vr[y][x - 1], vi[y][x - 1] };                      \
        state here = { vr[y][x], vi[y][x] };                              \
        state east = { vr[y][x + 1], vi[y][x + 1] };                      \
        double c = vi[y][x] - 0.5;                                        \
        state fw = upwind (west, here, c), fe = upwind (here, east, c);   \
        ur[y][x] = here.h - 0.1 * (fe.h - fw.h);                          \
        ui[y][x] = here.q - 0.1 * (fe.q - fw.q);                          \
      }                                                                   \
  PRAGMA (for nest(all))                                                  \
  for (int y = 1; y < n - 1; y++)                                         \
    for (int x = 1; x < n - 1; x++)                                       \
      {                                                                   \
        pair p = make_pair (AT (ur, ui, y, x), AT (ur, ui, y - 1, x));    \
        vr[y][x] = p.a.re * p.b.im + doubled (p.b).re;                    \
      }

static void
steps_mint (int n, double (*ur)[n], double (*ui)[n], double (*vr)[n],
            double (*vi)[n])
{
#pragma mint copy(ur, toDevice, n, n)
#pragma mint copy(ui, toDevice, n, n)
#pragma mint copy(vr, toDevice, n, n)
#pragma mint copy(vi, toDevice, n, n)
#pragma mint parallel
  {
    STEPS (MINT_PRAGMA)
  }
#pragma mint copy(ur, fromDevice, n, n)
#pragma mint copy(ui, fromDevice, n, n)
#pragma mint copy(vr, fromDevice, n, n)
#pragma mint copy(vi, fromDevice, n, n)
}

static void
steps_plain (int n, double (*ur)[n], double (*ui)[n], double (*vr)[n],
             double (*vi)[n])
{
  STEPS (NO_PRAGMA)
}

int
main (int argc, char **argv)
{
  int n[1] = { 41 };
  test_size_args (argc, argv, 1, n);
  int e = n[0];
  TWO_FILLED (double, ur, e, e, 1, 1);
  TWO_FILLED (double, ui, e, e, 1, 2);
  TWO_FILLED (double, vr, e, e, 1, 3);
  TWO_FILLED (double, vi, e, e, 1, 4);
  steps_mint (e, (double (*)[e]) ur[0], (double (*)[e]) ui[0],
              (double (*)[e]) vr[0], (double (*)[e]) vi[0]);
  steps_plain (e, (double (*)[e]) ur[1], (double (*)[e]) ui[1],
               (double (*)[e]) vr[1], (double (*)[e]) vi[1]);
  size_t cells = (size_t) e * e;
  int status = test_report ("ur", max_error (ur[0], ur[1], cells), TOL_DOUBLE);
  status |= test_report ("ui", max_error (ui[0], ui[1], cells), TOL_DOUBLE);
  status |= test_report ("vr", max_error (vr[0], vr[1], cells), TOL_DOUBLE);
  status |= test_report ("vi", max_error (vi[0], vi[1], cells), TOL_DOUBLE);
  return status;
}
