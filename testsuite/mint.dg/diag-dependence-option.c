/* -fplugin-arg-mint-Wno-dependence silences -Wmint-dependence.  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-mint-Wno-dependence" } */

void
f (double *a, int n)
{
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < n; i++)
      a[i] = a[i - 1] + 1.0;
  }
#pragma mint copy(a, fromDevice, n)
}
