/* A Peaceman-Rachford ADI solver for the heat equation, as such codes
   are written: flat row-major grids indexed through a macro, the grid's
   sizes and coefficients in a structure, a general Thomas solve (its
   modified coefficients and right-hand side in two scratch grids) along
   each row, then along each column, and steps until the largest change
   of a step falls below a tolerance (a max reduction).  No nest says
   `independent': the dependence analysis must find that each line's
   loops keep to the line (the rows' x within 0..nx - 1, the columns' y
   within 0..ny - 1).  The step counts must equal the plain C loops' and
   the fields agree to the rounding.  */
/* { dg-do run } */
#include "mint-test.h"

struct adi
{
  int nx, ny;
  double rx, ry;                /* dt / (2 h^2) along x and y */
  double tolerance;
  int max_steps;
};

#define IX(y, x) ((y) * P->nx + (x))

/* Half step along x: each interior row solves (1 + 2 rx) v - rx (v[x-1] +
   v[x+1]) = u + ry (u[y-1] - 2 u + u[y+1]), with v = 0 at x = 0 and nx -
   1 (the backward loop reads v's 0 at nx - 1 where a solver may store
   the last value apart: v[IX (y, nx - 2)] = dp[IX (y, nx - 2)] meets
   another row's dp[IX (y', 1)] where nx is 1, which the analysis cannot
   rule out).  Then along y from v into u, the change's peak into PEAK.  */
#define STEP(PRAGMA)                                                      \
  PRAGMA (for nest(1))                                                    \
  for (int y = 1; y < P->ny - 1; y++)                                     \
    {                                                                     \
      double b = 1 + 2 * P->rx;                                           \
      cp[IX (y, 1)] = -P->rx / b;                                         \
      dp[IX (y, 1)] = (u[IX (y, 1)] + P->ry * (u[IX (y - 1, 1)]           \
                                               - 2 * u[IX (y, 1)]         \
                                               + u[IX (y + 1, 1)])) / b;  \
      for (int x = 2; x < P->nx - 1; x++)                                 \
        {                                                                 \
          double rhs = u[IX (y, x)] + P->ry * (u[IX (y - 1, x)]           \
                                               - 2 * u[IX (y, x)]         \
                                               + u[IX (y + 1, x)]);       \
          double den = b + P->rx * cp[IX (y, x - 1)];                     \
          cp[IX (y, x)] = -P->rx / den;                                   \
          dp[IX (y, x)] = (rhs + P->rx * dp[IX (y, x - 1)]) / den;        \
        }                                                                 \
      for (int x = P->nx - 2; x >= 1; x--)                                \
        v[IX (y, x)] = dp[IX (y, x)] - cp[IX (y, x)] * v[IX (y, x + 1)];  \
    }                                                                     \
  PRAGMA (for nest(1) reduction(max:peak))                                \
  for (int x = 1; x < P->nx - 1; x++)                                     \
    {                                                                     \
      double b = 1 + 2 * P->ry;                                           \
      cp[IX (1, x)] = -P->ry / b;                                         \
      dp[IX (1, x)] = (v[IX (1, x)] + P->rx * (v[IX (1, x - 1)]           \
                                               - 2 * v[IX (1, x)]         \
                                               + v[IX (1, x + 1)])) / b;  \
      for (int y = 2; y < P->ny - 1; y++)                                 \
        {                                                                 \
          double rhs = v[IX (y, x)] + P->rx * (v[IX (y, x - 1)]           \
                                               - 2 * v[IX (y, x)]         \
                                               + v[IX (y, x + 1)]);       \
          double den = b + P->ry * cp[IX (y - 1, x)];                     \
          cp[IX (y, x)] = -P->ry / den;                                   \
          dp[IX (y, x)] = (rhs + P->ry * dp[IX (y - 1, x)]) / den;        \
        }                                                                 \
      double last = dp[IX (P->ny - 2, x)];                                \
      peak = fmax (peak, fabs (last - u[IX (P->ny - 2, x)]));             \
      u[IX (P->ny - 2, x)] = last;                                        \
      for (int y = P->ny - 3; y >= 1; y--)                                \
        {                                                                 \
          double next = dp[IX (y, x)] - cp[IX (y, x)] * u[IX (y + 1, x)]; \
          peak = fmax (peak, fabs (next - u[IX (y, x)]));                 \
          u[IX (y, x)] = next;                                            \
        }                                                                 \
    }

#define SOLVE(PRAGMA)                                                     \
  do                                                                      \
    {                                                                     \
      peak = 0;                                                           \
      STEP (PRAGMA)                                                       \
      steps++;                                                            \
    }                                                                     \
  while (peak > P->tolerance && steps < P->max_steps);

static int
solve (const struct adi *P, double *u, double *v, double *cp, double *dp,
       double *last_peak)
{
  int cells = P->nx * P->ny, steps = 0;
  double peak = 0;
  (void) cells;                 /* the copies' only */
#pragma mint copy(u, toDevice, cells)
#pragma mint copy(v, toDevice, cells)
#pragma mint copy(cp, toDevice, cells)
#pragma mint copy(dp, toDevice, cells)
#pragma mint parallel
  {
    SOLVE (MINT_PRAGMA)
  }
#pragma mint copy(u, fromDevice, cells)
  *last_peak = peak;
  return steps;
}

static int
solve_c (const struct adi *P, double *u, double *v, double *cp, double *dp,
         double *last_peak)
{
  int steps = 0;
  double peak = 0;
  SOLVE (NO_PRAGMA)
  *last_peak = peak;
  return steps;
}

int
main (int argc, char **argv)
{
  int n[2] = { 77, 131 };
  test_size_args (argc, argv, 2, n);
  struct adi P = { n[0], n[1], 0.8, 0.6, 1e-2, 400 };
  size_t cells = (size_t) P.nx * P.ny;
  double *u[2], *v[2], *cp[2], *dp[2], peak[2];
  int steps[2], status = 0;
  for (int i = 0; i < 2; i++)
    {
      u[i] = test_xmalloc (sizeof (double) * cells);
      v[i] = test_xmalloc (sizeof (double) * cells);
      cp[i] = test_xmalloc (sizeof (double) * cells);
      dp[i] = test_xmalloc (sizeof (double) * cells);
      fill_double (u[i], P.nx, P.ny, 1, 3);
      for (int y = 0; y < P.ny; y++)
        for (int x = 0; x < P.nx; x++)
          if (y == 0 || x == 0 || y == P.ny - 1 || x == P.nx - 1)
            u[i][(size_t) y * P.nx + x] = 0;
      memset (v[i], 0, sizeof (double) * cells);
      memset (cp[i], 0, sizeof (double) * cells);
      memset (dp[i], 0, sizeof (double) * cells);
    }
  steps[0] = solve (&P, u[0], v[0], cp[0], dp[0], &peak[0]);
  steps[1] = solve_c (&P, u[1], v[1], cp[1], dp[1], &peak[1]);
  status |= test_report_sweeps ("ADI field", steps[0], steps[1],
                                max_error_double (u[0], u[1], cells), 1e-12);
  status |= test_report ("ADI last step's largest change",
                         test_relative_error (peak[0], peak[1]), 1e-9);
  return status;
}
