/* Nests over unsigned and size_t variables bounded by n - 1 of an
   unsigned n, built with -ftrapv: at 1, 2 and 3 dimensions, and going
   down, the results equal the plain C loops'.  The launch computes each
   loop's number of points in wrapping arithmetic: a size_t loop from
   (size_t) -3 below LLONG_MAX has no point, and the distance between
   the two as long longs, which overflows, must not trap.  */
/* { dg-do run } */
/* { dg-options "-ftrapv" } */
#include "mint-test.h"
#include <limits.h>

#define NX 40
#define NY 30
#define NZ 20

static double u3[NZ][NY][NX], w3[NZ][NY][NX], r3[NZ][NY][NX];

#define NESTS(PRAGMA, w1, w2, w3)                                        \
  {                                                                      \
    PRAGMA (for)                                                         \
    for (unsigned i = 1; i < nx - 1; i++)                                \
      w1[i] = 0.5 * u1[i] + 0.25 * (u1[i - 1] + u1[i + 1]);              \
    PRAGMA (for)                                                         \
    for (unsigned i = nx - 2; i > 0; i--)                                \
      w1[i] += 2.0 * u1[i];                                              \
    PRAGMA (for nest(2))                                                 \
    for (unsigned j = 1; j < ny - 1; j++)                                \
      for (unsigned i = 1; i < nx - 1; i++)                              \
        w2[j * nx + i] = u2[j * nx + i - 1] + u2[j * nx + i + 1]         \
                         + 0.5 * u2[(j - 1) * nx + i];                   \
    PRAGMA (for nest(all))                                               \
    for (size_t k = 1; k < nz - 1; k++)                                  \
      for (size_t j = 1; j < ny - 1; j++)                                \
        for (size_t i = 1; i <= nx - 2; i++)                             \
          w3[k][j][i] = u3[k - 1][j][i] + u3[k + 1][j][i]                \
                        + 0.25 * u3[k][j][i - 1];                        \
    PRAGMA (for)                                                         \
    for (size_t i = from; i < big; i++)                                  \
      w1[i + 3] = -1.0;                                                  \
  }

static void __attribute__ ((noinline))
run (unsigned nx, unsigned ny, size_t nz, size_t from, size_t big,
     const double *u1, double *w1, const double *u2, double *w2)
{
#pragma mint copy(u1, toDevice, nx)
#pragma mint copy(w1, toDevice, nx)
#pragma mint copy(u2, toDevice, nx, ny)
#pragma mint copy(w2, toDevice, nx, ny)
#pragma mint copy(u3, toDevice, NX, NY, NZ)
#pragma mint copy(w3, toDevice, NX, NY, NZ)
#pragma mint parallel
  NESTS (MINT_PRAGMA, w1, w2, w3)
#pragma mint copy(w1, fromDevice, nx)
#pragma mint copy(w2, fromDevice, nx, ny)
#pragma mint copy(w3, fromDevice, NX, NY, NZ)
}

static void
reference (unsigned nx, unsigned ny, size_t nz, size_t from, size_t big,
           const double *u1, double *w1, const double *u2, double *w2)
{
  NESTS (NO_PRAGMA, w1, w2, r3)
}

int
main (void)
{
  static double u1[NX], w1[NX], r1[NX], u2[NY * NX], w2[NY * NX], r2[NY * NX];
  for (int i = 0; i < NX; i++)
    {
      u1[i] = 1.0 + (i * 37 % 101) / 16.0;
      w1[i] = r1[i] = 0.5 * i;
    }
  for (int i = 0; i < NY * NX; i++)
    {
      u2[i] = (i * 13 % 29) / 8.0;
      w2[i] = r2[i] = 0.25 * i;
    }
  for (int k = 0; k < NZ; k++)
    for (int j = 0; j < NY; j++)
      for (int i = 0; i < NX; i++)
        {
          u3[k][j][i] = ((k * 7 + j * 3 + i) % 17) / 4.0;
          w3[k][j][i] = r3[k][j][i] = k - j + 0.5 * i;
        }
  size_t from = (size_t) -3, big = LLONG_MAX;
  run (NX, NY, NZ, from, big, u1, w1, u2, w2);
  reference (NX, NY, NZ, from, big, u1, r1, u2, r2);
  double e = max_error (w1, r1, NX);
  double e2 = max_error (w2, r2, NY * NX);
  double e3 = max_error (&w3[0][0][0], &r3[0][0][0], NZ * NY * NX);
  if (e2 > e)
    e = e2;
  if (e3 > e)
    e = e3;
  printf ("w1[1] %g w2[%d] %g w3[1][1][1] %g\n", w1[1], NX + 1, w2[NX + 1],
          w3[1][1][1]);
  return test_report ("unsigned bounds under -ftrapv", e, TOL_EXACT);
}
