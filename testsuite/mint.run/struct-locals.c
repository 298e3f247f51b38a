/* Structure variables of scalars in loop nests (scalarize.h): a complex
   value of the body set member by member; a state initialized by a list
   (its last member zero), copied whole, a structure of structures
   whose member is assigned a structure, and a compound literal; C89 scratch declared at the top
   of the function and set by each point; coefficients kept in a
   structure that the region's host code changes between two nests (each
   kernel reads the values of its launch); integer and float members
   together.  */
/* { dg-do run } */
#include "mint-test.h"

typedef struct
{
  double re, im;
} cplx;

struct state
{
  double rho, mu, e;
};

struct pair
{
  cplx a;
  int k;
};

struct coeffs
{
  double c0, c1;
};

struct mixed
{
  int i;
  float f;
};

/* One step of i du/dt = laplacian u on U = (UR, UI) into (VR, VI).  */
#define SCHRODINGER(PRAGMA)                                               \
  PRAGMA (for nest(all))                                                  \
  for (int y = 1; y < n - 1; y++)                                         \
    for (int x = 1; x < n - 1; x++)                                       \
      {                                                                   \
        cplx l;                                                           \
        l.re = ur[y][x - 1] + ur[y][x + 1] + ur[y - 1][x] + ur[y + 1][x]  \
               - 4 * ur[y][x];                                            \
        l.im = ui[y][x - 1] + ui[y][x + 1] + ui[y - 1][x] + ui[y + 1][x]  \
               - 4 * ui[y][x];                                            \
        vr[y][x] = ur[y][x] - 0.1 * l.im;                                 \
        vi[y][x] = ui[y][x] + 0.1 * l.re;                                 \
      }

/* A state by a list, copied whole, and a structure of structures.  */
#define STATES(PRAGMA)                                                    \
  PRAGMA (for nest(all))                                                  \
  for (int y = 1; y < n - 1; y++)                                         \
    for (int x = 1; x < n - 1; x++)                                       \
      {                                                                   \
        struct state s = { ur[y][x], ui[y][x - 1] };                      \
        struct state t = s;                                               \
        cplx m = { ur[y - 1][x] };                                        \
        struct pair q;                                                    \
        q.a = m;                                                          \
        q.k = x % 3;                                                      \
        t.e = s.rho * s.mu + q.a.re * q.k + q.a.im;                       \
        vr[y][x] = t.rho + t.mu + t.e + ((cplx) { t.e, 0.5 }).im;         \
      }

/* C89 scratch, the coefficients read in two nests with a host change
   between them, and integer and float members.  */
#define SCRATCH(PRAGMA)                                                   \
  PRAGMA (for nest(all))                                                  \
  for (y = 1; y < n - 1; y++)                                             \
    for (x = 1; x < n - 1; x++)                                           \
      {                                                                   \
        w.re = ur[y][x + 1] - ur[y][x - 1];                               \
        w.im = ur[y + 1][x] - ur[y - 1][x];                               \
        vi[y][x] = k.c0 * ur[y][x] + k.c1 * (w.re * w.re + w.im * w.im);  \
      }                                                                   \
  k.c0 = 0.75;                                                            \
  PRAGMA (for nest(all))                                                  \
  for (y = 1; y < n - 1; y++)                                             \
    for (x = 1; x < n - 1; x++)                                           \
      {                                                                   \
        struct mixed g = { (x + 2 * y) % 5, (float) ui[y][x] };           \
        vr[y][x] = k.c0 * vi[y][x] + g.i * g.f;                           \
      }

static void
steps_mint (int n, double (*ur)[n], double (*ui)[n], double (*vr)[n],
            double (*vi)[n])
{
  int x, y;
  cplx w;
  struct coeffs k = { 0.5, 0.125 };
#pragma mint copy(ur, toDevice, n, n)
#pragma mint copy(ui, toDevice, n, n)
#pragma mint copy(vr, toDevice, n, n)
#pragma mint copy(vi, toDevice, n, n)
#pragma mint parallel
  {
    SCHRODINGER (MINT_PRAGMA)
    MINT_PRAGMA (single)
    TEST_SWAP (ur, vr)
    MINT_PRAGMA (single)
    TEST_SWAP (ui, vi)
    STATES (MINT_PRAGMA)
    SCRATCH (MINT_PRAGMA)
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
  int x, y;
  cplx w;
  struct coeffs k = { 0.5, 0.125 };
  SCHRODINGER (NO_PRAGMA)
  TEST_SWAP (ur, vr)
  TEST_SWAP (ui, vi)
  STATES (NO_PRAGMA)
  SCRATCH (NO_PRAGMA)
}

int
main (int argc, char **argv)
{
  int n[1] = { 37 };
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
