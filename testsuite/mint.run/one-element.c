/* Elements that all points share, in the forms that are not races: a
   convergence flag that every point may set to 1 (the host reads it to
   stop the sweeps), a sum that only the middle point adds to (`if (i ==
   NX / 2)'), and a row of sums that only the points of row 0 add to.  */
/* { dg-do run } */
#include "mint-test.h"

#define NX 13
#define NY 37

#define SWEEP(PRAGMA, u, v, changed, mid)                                 \
  PRAGMA (for)                                                            \
  for (int i = 1; i < NX - 1; i++)                                        \
    {                                                                     \
      double d = u[i - 1] + u[i + 1] - 2 * u[i];                          \
      v[i] = u[i] + 0.45 * d;                                             \
      if (d > 2e-3 || d < -2e-3)                                          \
        changed[0] = 1;                                                   \
      if (i == NX / 2)                                                    \
        mid[0] = mid[0] + d;                                              \
    }

#define ROW_SUMS(PRAGMA, g, col)                                          \
  PRAGMA (for nest(all))                                                  \
  for (int j = 0; j < NY; j++)                                            \
    for (int i = 0; i < NX; i++)                                          \
      if (j == 0)                                                         \
        col[i] += g[j * NX + i] + g[(j + 1) * NX + i];

/* Sweeps from U into V and back (their ends the same) until no point
   changes by more than the tolerance; returns the sweeps.  */
static int
relax (double *u, double *v, int *changed, double *mid)
{
  int sweeps = 0;
  do
    {
      changed[0] = 0;
#pragma mint copy(u, toDevice, NX)
#pragma mint copy(v, toDevice, NX)
#pragma mint copy(changed, toDevice, 1)
#pragma mint copy(mid, toDevice, 1)
#pragma mint parallel
      {
        SWEEP (MINT_PRAGMA, u, v, changed, mid)
        SWEEP (MINT_PRAGMA, v, u, changed, mid)
      }
#pragma mint copy(u, fromDevice, NX)
#pragma mint copy(changed, fromDevice, 1)
#pragma mint copy(mid, fromDevice, 1)
      sweeps++;
    }
  while (changed[0] && sweeps < 500);
  return sweeps;
}

static void
sums (const double *g, double *col)
{
#pragma mint copy(g, toDevice, (NX * NY))
#pragma mint copy(col, toDevice, NX)
#pragma mint parallel
  {
    ROW_SUMS (MINT_PRAGMA, g, col)
  }
#pragma mint copy(col, fromDevice, NX)
}

int
main (void)
{
  TWO_FILLED (double, u, NX, 1, 1, 1);
  TWO_FILLED (double, v, NX, 1, 1, 2);
  TWO_FILLED (double, g, NX, NY, 1, 3);
  TWO_FILLED (double, col, NX, 1, 1, 4);
  for (int c = 0; c < 2; c++)
    {
      v[c][0] = u[c][0];
      v[c][NX - 1] = u[c][NX - 1];
    }
  int changed[2][1];
  double mid[2][1] = { { 0 }, { 0 } };
  int sweeps = relax (u[0], v[0], changed[0], mid[0]), cpu_sweeps = 0;
  do
    {
      changed[1][0] = 0;
      SWEEP (NO_PRAGMA, u[1], v[1], changed[1], mid[1])
      SWEEP (NO_PRAGMA, v[1], u[1], changed[1], mid[1])
      cpu_sweeps++;
    }
  while (changed[1][0] && cpu_sweeps < 500);
  sums (g[0], col[0]);
  ROW_SUMS (NO_PRAGMA, g[1], col[1])
  printf ("sweeps %d (%d on the CPU), mid %.17g\n", sweeps, cpu_sweeps,
          mid[0][0]);
  return test_report ("flag", sweeps == cpu_sweeps ? 0.0 : 1.0, 0.0)
         | test_report ("relaxed", max_error (u[0], u[1], NX), TOL_DOUBLE)
         | test_report ("one point's sum", max_error (mid[0], mid[1], 1),
                        TOL_DOUBLE)
         | test_report ("row 0's sums", max_error (col[0], col[1], NX),
                        TOL_DOUBLE);
}
