/* -fplugin-arg-mint-nvcc-group-size=1: each nest a group of its own, a
   CUDA source and an nvcc run each, two at once under
   -fplugin-arg-mint-nvcc-jobs=2; the kept foo.mint.cu is the first
   group's, with the first nest's kernel alone.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-mint-nvcc-group-size=1 -fplugin-arg-mint-nvcc-jobs=2 -fplugin-arg-mint-verbose" } */

void
three (double *a, double *b, int n)
{
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for /* { dg-message "compiled 3 kernels with (nvcc|NVRTC) in 3 groups, 2 at once .-fplugin-arg-mint-nvcc-jobs;" } */
    for (int i = 1; i < n - 1; i++)
      b[i] = (a[i - 1] + 2.0 * a[i] + a[i + 1]) * 0.25 + b[i] * b[i]
             - (a[i] < 0.0 ? a[i] : 0.5 * a[i]);
#pragma mint for
    for (int i = 1; i < n - 1; i++)
      a[i] = (b[i - 1] - 2.0 * b[i] + b[i + 1]) * 0.5 - a[i] * b[i]
             + (b[i] < 1.0 ? b[i] : 0.25 * b[i]);
#pragma mint for
    for (int i = 0; i < n; i++)
      b[i] = a[i] * a[i] + 3.0 * b[i] - (a[i] > b[i] ? a[i] : b[i]) * 0.125;
  }
#pragma mint copy(b, fromDevice, n)
#pragma mint copy(a, fromDevice, n)
}

/* { dg-final { scan-mint-cu "mint_three_15" } } */
/* { dg-final { scan-mint-cu-not "mint_three_2\[01\]" } } */
