/* axpy-kernel.c -- half of a two-file Mint program (build.exp): a kernel in
   a function of its own translation unit.  */
#include "two-files.h"

void
smooth (double *restrict out, double *restrict in, int n, double w)
{
#pragma mint copy(in, toDevice, n)
#pragma mint copy(out, toDevice, n)
#pragma mint parallel
  {
#pragma mint for tile(64)
    for (int i = 1; i < n - 1; i++)
      out[i] = w * in[i] + 0.5 * (1.0 - w) * (in[i - 1] + in[i + 1]);
  }
#pragma mint copy(out, fromDevice, n)
}
