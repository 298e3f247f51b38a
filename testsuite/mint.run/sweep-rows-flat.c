/* An ADI-like solver over flat arrays, as such codes write it: row-major
   grids indexed through a macro by a row length that a structure holds
   with the coefficients, and a time loop of an explicit step along y
   and a tridiagonal solve (Thomas) along each row x, in place.  The
   solve's forward pass is computed again by its backward pass from a
   value kept every 8 cells, the rows staged by warps (kir/recompute.h);
   rows of 17 to 90 cells.  Then a recurrence along each row that reads,
   as a flat subscript may, the last element of the row before and the
   first of the row after, in a nest over y and in one over z and y: the
   warps' windows must hold them.  The dependence analysis finds that
   each loop keeps x within its row (dependence.h); the last nest says
   `independent', since its rows of a plane are apart only where nx is
   not 0.  Compared with the same loops on the CPU.  */
/* { dg-do run } */
#include "mint-test.h"

#define NY 64
#define NX_MAX 90
#define STEPS 3

struct adi { int nx; double a, c, nu; };

#define IX(y, x) ((y) * P->nx + (x))
#define NZ 3
#define IX3(z, y, x) (((z) * NY + (y)) * P->nx + (x))

#define STEP(PRAGMA)                                                      \
  PRAGMA (for nest(2))                                                    \
  for (int y = 1; y < NY - 1; y++)                                        \
    for (int x = 0; x < P->nx; x++)                                       \
      r[IX (y, x)] = u[IX (y, x)] + P->nu * (u[IX (y - 1, x)]              \
                                             + u[IX (y + 1, x)]           \
                                             - 2 * u[IX (y, x)]);         \
  PRAGMA (for nest(1))                                                    \
  for (int y = 0; y < NY; y++)                                            \
    {                                                                     \
      u[IX (y, 0)] = r[IX (y, 0)] * w[0];                                 \
      for (int x = 1; x < P->nx; x++)                                     \
        u[IX (y, x)] = (r[IX (y, x)] - P->a * u[IX (y, x - 1)]) * w[x];   \
      for (int x = P->nx - 2; x >= 0; x--)                                \
        u[IX (y, x)] = u[IX (y, x)] - P->c * w[x] * u[IX (y, x + 1)];     \
    }

#define ACROSS(PRAGMA)                                                    \
  PRAGMA (for nest(1))                                                    \
  for (int y = 1; y < NY - 1; y++)                                        \
    {                                                                     \
      v[IX (y, 0)] = u[IX (y, -1)];                                       \
      for (int x = 1; x < P->nx; x++)                                     \
        v[IX (y, x)] = u[IX (y, x + 1)] + 0.5 * v[IX (y, x - 1)];         \
    }                                                                     \
  PRAGMA (for nest(2) independent)                                        \
  for (int z = 0; z < NZ; z++)                                            \
    for (int y = 1; y < NY - 1; y++)                                      \
      {                                                                   \
        b[IX3 (z, y, 0)] = a[IX3 (z, y, 0)];                              \
        for (int x = 1; x < P->nx; x++)                                   \
          b[IX3 (z, y, x)] = a[IX3 (z, y, x + 1)] - 0.25 * a[IX3 (z, y, x - 2)] \
                             + 0.5 * b[IX3 (z, y, x - 1)];                \
      }

static void
adi_mint (const struct adi *P, double *u, double *r, const double *w,
          double *v, double *a, double *b)
{
  int cells = NY * P->nx, cells3 = NZ * NY * P->nx;
  (void) cells, (void) cells3;  /* the copies' only */
#pragma mint copy(u, toDevice, cells)
#pragma mint copy(r, toDevice, cells)
#pragma mint copy(w, toDevice, NX_MAX)
#pragma mint copy(v, toDevice, cells)
#pragma mint copy(a, toDevice, cells3)
#pragma mint copy(b, toDevice, cells3)
#pragma mint parallel
  {
    for (int t = 0; t < STEPS; t++)
      {
        STEP (MINT_PRAGMA)
      }
    ACROSS (MINT_PRAGMA)
  }
#pragma mint copy(u, fromDevice, cells)
#pragma mint copy(v, fromDevice, cells)
#pragma mint copy(b, fromDevice, cells3)
}

static void
adi_cpu (const struct adi *P, double *u, double *r, const double *w,
         double *v, double *a, double *b)
{
  for (int t = 0; t < STEPS; t++)
    {
      STEP (NO_PRAGMA)
    }
  ACROSS (NO_PRAGMA)
}

#define CELLS (NY * NX_MAX)
static double u[CELLS], r[CELLS], ru[CELLS], rr[CELLS], w[NX_MAX];
static double v[CELLS], rv[CELLS], a[NZ * CELLS], b[NZ * CELLS],
  rb[NZ * CELLS];

int
main (void)
{
  double worst = 0, across = 0;
  for (int x = 0; x < NX_MAX; x++)
    w[x] = 1 / (4 - 0.01 * x);
  for (int nx = 17; nx <= NX_MAX; nx += 7)
    {
      struct adi P = { nx, -1, 0.25, 0.1 };
      fill (u, nx, NY, 1, nx);
      fill (r, nx, NY, 1, nx + 1);
      fill (v, nx, NY, 1, nx + 2);
      fill (a, nx, NY, NZ, nx + 3);
      fill (b, nx, NY, NZ, nx + 4);
      memcpy (ru, u, sizeof u);
      memcpy (rr, r, sizeof r);
      memcpy (rv, v, sizeof v);
      memcpy (rb, b, sizeof b);
      adi_mint (&P, u, r, w, v, a, b);
      adi_cpu (&P, ru, rr, w, rv, a, rb);
      worst = fmax (worst, max_error (u, ru, NY * nx));
      across = fmax (across, max_error (v, rv, NY * nx));
      across = fmax (across, max_error (b, rb, NZ * NY * nx));
    }
  int bad = test_report ("ADI along the rows of flat arrays", worst,
                         TOL_DOUBLE);
  bad |= test_report ("flat rows reaching the rows around them", across,
                      TOL_DOUBLE);
  return bad;
}
