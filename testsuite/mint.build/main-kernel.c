/* main-kernel.c -- the other half of build.exp's two-file Mint program: its
   own kernel, a call to the other unit's kernel, and a check of both
   against plain loops.  */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "two-files.h"

#define N 1000

int
main (void)
{
  static double a[N], b[N], c[N], ref_b[N], ref_c[N];
  int n = N;
  for (int i = 0; i < N; i++)
    {
      a[i] = sin (0.01 * i) + 2.0;
      b[i] = c[i] = ref_b[i] = ref_c[i] = -1.0;
    }

#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      b[i] = a[i] * a[i] - 3.0 * a[i];
  }
#pragma mint copy(b, fromDevice, n)

  smooth (c, b, n, 0.25);

  for (int i = 0; i < N; i++)
    ref_b[i] = a[i] * a[i] - 3.0 * a[i];
  for (int i = 1; i < N - 1; i++)
    ref_c[i] = 0.25 * ref_b[i] + 0.5 * 0.75 * (ref_b[i - 1] + ref_b[i + 1]);

  double err = 0.0;
  for (int i = 0; i < N; i++)
    err = fmax (err, fmax (fabs (b[i] - ref_b[i]), fabs (c[i] - ref_c[i])));
  printf ("two translation units: max error %g\n", err);
  return err > 1e-12;
}
