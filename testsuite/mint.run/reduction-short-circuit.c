/* A min or max update after the arms of a short-circuit condition: the
   HLL flux of a shallow-water solver with dry cells (`if (hl <= DRY &&
   hr <= DRY) ... else if ...'), then the fastest wave speed for the CFL
   step, `if (s > smax) smax = s;', from values computed before the
   branches; and a min after `if (a || b)' arms that store.  Against the
   same loops on the CPU.  */
/* { dg-do run } */
#include "mint-test.h"

#define DRY 1e-3
#define G 9.81

#define HLL(i, smax, slow)                                               \
  do                                                                     \
    {                                                                    \
      double hl = h[i], hr = h[i + 1];                                   \
      double sl = fmin (hl - sqrt (G * hl), hr - sqrt (G * hr));         \
      double sr = fmax (hl + sqrt (G * hl), hr + sqrt (G * hr));         \
      if (hl <= DRY && hr <= DRY)                                        \
        flux[i] = 0;                                                     \
      else if (sl >= 0)                                                  \
        flux[i] = hl;                                                    \
      else if (sr <= 0)                                                  \
        flux[i] = hr;                                                    \
      else                                                               \
        flux[i] = (sr * hl - sl * hr) / (sr - sl);                       \
      double s = fmax (fabs (sl), fabs (sr));                            \
      if (s > smax)                                                      \
        smax = s;                                                        \
      if (hl < DRY || hr < DRY)                                          \
        wet[i] = 0;                                                      \
      else                                                               \
        wet[i] = 1;                                                      \
      if (sl < slow)                                                     \
        slow = sl;                                                       \
    }                                                                    \
  while (0)

static void
fluxes_mint (int n, const double *h, double *flux, int *wet, double *smax,
             double *slow)
{
  double fast = 0, low = 1e30;
#pragma mint copy(h, toDevice, n + 1)
#pragma mint copy(flux, toDevice, n)
#pragma mint copy(wet, toDevice, n)
#pragma mint parallel
  {
#pragma mint for reduction(max:fast) reduction(min:low)
    for (int i = 0; i < n; i++)
      HLL (i, fast, low);
  }
#pragma mint copy(flux, fromDevice, n)
#pragma mint copy(wet, fromDevice, n)
  *smax = fast;
  *slow = low;
}

static void
fluxes_cpu (int n, const double *h, double *flux, int *wet, double *smax,
            double *slow)
{
  double fast = 0, low = 1e30;
  for (int i = 0; i < n; i++)
    HLL (i, fast, low);
  *smax = fast;
  *slow = low;
}

int
main (int argc, char **argv)
{
  int n[1] = { 997 };
  test_size_args (argc, argv, 1, n);
  int cells = n[0], status = 0;
  double *h = test_xmalloc (sizeof (double) * (cells + 1));
  double *got = test_xmalloc (sizeof (double) * cells);
  double *want = test_xmalloc (sizeof (double) * cells);
  int *wet_got = test_xmalloc (sizeof (int) * cells);
  int *wet_want = test_xmalloc (sizeof (int) * cells);
  for (int i = 0; i <= cells; i++)
    h[i] = i < cells / 3 ? 2.0 - 0.001 * i : (i % 7 == 0 ? 0.5 : 0.0);
  double smax[2], slow[2];
  fluxes_mint (cells, h, got, wet_got, &smax[0], &slow[0]);
  fluxes_cpu (cells, h, want, wet_want, &smax[1], &slow[1]);
  status |= test_report ("HLL fluxes", max_error (got, want, cells),
                         TOL_DOUBLE);
  status |= test_report ("wet cells", max_error (wet_got, wet_want, cells),
                         TOL_EXACT);
  status |= test_report ("fastest wave", max_error (&smax[0], &smax[1], 1),
                         TOL_DOUBLE);
  status |= test_report ("slowest wave", max_error (&slow[0], &slow[1], 1),
                         TOL_DOUBLE);
  free (h);
  free (got);
  free (want);
  free (wet_got);
  free (wet_want);
  return status;
}
