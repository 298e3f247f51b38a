/* Rank-2 arrays of as many elements a row but other counts of rows (a
   staggered grid: v has one row more than u) share a shape class whose
   kernels use only row strides: at level 3 autotuned, every variant's
   twin for shared strides runs.  A third array whose rows are longer
   (c) keeps the second nest at variant 0.  Each nest runs 8 times, so
   that the tuner goes through its variants; the results must equal the
   plain C loops' (the same nests, written once).  */
/* { dg-do run } */
#include "mint-test.h"

#define NX 203
#define NY 117
#define WIDE 20                 /* extra elements per row of c */

#define NESTS(PRAGMA)                                                    \
  for (int step = 0; step < 8; step++)                                   \
    {                                                                    \
      PRAGMA (for nest(all))                                             \
      for (int y = 1; y < NY - 1; y++)                                   \
        for (int x = 1; x < NX - 1; x++)                                 \
          u[y][x] = 0.5 * u[y][x] + 0.25 * (v[y][x] + v[y + 1][x])       \
                    + 0.125 * (v[y][x - 1] - v[y + 1][x + 1]);           \
      PRAGMA (for nest(all))                                             \
      for (int y = 1; y < NY - 1; y++)                                   \
        for (int x = 1; x < NX - 1; x++)                                 \
          v[y][x] = c[y][x + 3] * (u[y][x - 1] + u[y][x + 1]             \
                                   + u[y - 1][x] + u[y + 1][x]);         \
    }

static void
run_mint (double (*u)[NX], double (*v)[NX], const double (*c)[NX + WIDE])
{
#pragma mint copy(u, toDevice, NX, NY)
#pragma mint copy(v, toDevice, NX, NY + 1)
#pragma mint copy(c, toDevice, NX + WIDE, NY)
#pragma mint parallel
  {
    NESTS (MINT_PRAGMA)
  }
#pragma mint copy(u, fromDevice, NX, NY)
#pragma mint copy(v, fromDevice, NX, NY + 1)
}

static void
run_c (double (*u)[NX], double (*v)[NX], const double (*c)[NX + WIDE])
{
  NESTS (NO_PRAGMA)
}

int
main (void)
{
  TWO_FILLED (double, u, NX, NY, 1, 1);
  TWO_FILLED (double, v, NX, NY + 1, 1, 2);
  TWO_FILLED (double, c, NX + WIDE, NY, 1, 3);
  run_mint ((double (*)[NX]) u[0], (double (*)[NX]) v[0],
            (const double (*)[NX + WIDE]) c[0]);
  run_c ((double (*)[NX]) u[1], (double (*)[NX]) v[1],
         (const double (*)[NX + WIDE]) c[1]);
  int bad = 0;
  bad |= test_report ("rows of one length, other counts (u)",
                      max_error (u[0], u[1], (size_t) NX * NY), TOL_DOUBLE);
  bad |= test_report ("rows of one length, other counts (v)",
                      max_error (v[0], v[1], (size_t) NX * (NY + 1)),
                      TOL_DOUBLE);
  return bad;
}
