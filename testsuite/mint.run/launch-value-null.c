/* Numbers a nest reads through a pointer are read once, at the launch:
   here only under a flag that is 0 where the pointer is null (*gain,
   p->gain), as C allows.  The launch must not read through the null
   pointer (it died of SIGSEGV before the kernel, on the host too), and
   the results are the plain loops' (without contraction: a[i] * g + 1.0
   is one fused operation on the device).  */
/* { dg-do run } */
/* { dg-options "-ffp-contract=off" } */
#include "mint-test.h"

#define N 1000

struct params
{
  int steps;
  double gain;
};

static void
scale_mint (double *a, double *b, const double *gain, const struct params *p,
            int use)
{
#pragma mint copy(a, toDevice, N)
#pragma mint copy(b, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < N; i++)
      {
        double g = 1.0;
        if (use)
          g = *gain * p->gain;
        b[i] = a[i] * g + 1.0;
      }
  }
#pragma mint copy(b, fromDevice, N)
}

static void
scale_cpu (double *a, double *b, const double *gain, const struct params *p,
           int use)
{
  for (int i = 0; i < N; i++)
    {
      double g = 1.0;
      if (use)
        g = *gain * p->gain;
      b[i] = a[i] * g + 1.0;
    }
}

int
main (void)
{
  double *a = test_xmalloc (N * sizeof (double));
  double *b[2];
  for (int i = 0; i < 2; i++)
    b[i] = test_xmalloc (N * sizeof (double));
  fill (a, N, 1, 1, 1);
  double gain = 0.5;
  struct params p = { 3, 2.5 };
  int status = 0;
  scale_mint (a, b[0], NULL, NULL, 0);
  scale_cpu (a, b[1], NULL, NULL, 0);
  status |= test_report ("null, unused", max_error (b[0], b[1], N),
                         TOL_EXACT);
  scale_mint (a, b[0], &gain, &p, 1);
  scale_cpu (a, b[1], &gain, &p, 1);
  status |= test_report ("used", max_error (b[0], b[1], N), TOL_EXACT);
  for (int i = 0; i < 2; i++)
    free (b[i]);
  free (a);
  return status;
}
