/* Tables indexed by a host loop's variable, as multigrid codes keep
   their levels: the offset of each level in one array (off[l]), its
   size (n[l], a loop bound) and its mesh factor (h2[l], through a
   pointer), read in the nest at subscripts that are the same at every
   point.  The host evaluates them at each launch, as it does structure
   members; the results must be those of the plain C loops.  */
/* { dg-do run } */
#include "mint-test.h"

#define LEVELS 4

static void
smooth_mint (double *u, double *t, const long *off, const int *n,
             const double *h2, long total)
{
#pragma mint copy(u, toDevice, total)
#pragma mint copy(t, toDevice, total)
#pragma mint parallel
  {
    for (int sweep = 0; sweep < 3; sweep++)
      for (int l = 0; l < LEVELS; l++)
        {
#pragma mint for
          for (int i = 1; i < n[l] - 1; i++)
            t[off[l] + i] = 0.5 * (u[off[l] + i - 1] + u[off[l] + i + 1])
                            * h2[l] + u[off[l + 1] - 1 - i];
#pragma mint for
          for (int i = 1; i < n[l] - 1; i++)
            u[off[l] + i] = t[off[l] + i] - h2[LEVELS - 1 - l] * 1e-3;
        }
  }
#pragma mint copy(u, fromDevice, total)
#pragma mint copy(t, fromDevice, total)
}

static void
smooth_cpu (double *u, double *t, const long *off, const int *n,
            const double *h2)
{
  for (int sweep = 0; sweep < 3; sweep++)
    for (int l = 0; l < LEVELS; l++)
      {
        for (int i = 1; i < n[l] - 1; i++)
          t[off[l] + i] = 0.5 * (u[off[l] + i - 1] + u[off[l] + i + 1])
                          * h2[l] + u[off[l + 1] - 1 - i];
        for (int i = 1; i < n[l] - 1; i++)
          u[off[l] + i] = t[off[l] + i] - h2[LEVELS - 1 - l] * 1e-3;
      }
}

int
main (void)
{
  long off[LEVELS + 1];
  int n[LEVELS];
  double h2[LEVELS];
  off[0] = 0;
  for (int l = 0; l < LEVELS; l++)
    {
      n[l] = (4096 >> l) + 1;
      h2[l] = 1.0 / (1 << (2 * l));
      off[l + 1] = off[l] + n[l];
    }
  long total = off[LEVELS];
  TWO_FILLED (double, u, total, 1, 1, 1);
  TWO_FILLED (double, t, total, 1, 1, 2);
  smooth_mint (u[0], t[0], off, n, h2, total);
  smooth_cpu (u[1], t[1], off, n, h2);
  int status = test_report ("u", max_error (u[0], u[1], total), TOL_DOUBLE);
  status |= test_report ("t", max_error (t[0], t[1], total), TOL_DOUBLE);
  return status;
}
