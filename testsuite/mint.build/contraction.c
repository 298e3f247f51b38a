/* contraction.c -- built with -ffp-contract=off (or an ISO -std=), GCC
   rounds a * b + c twice; so must the device code, which nvcc would
   otherwise fuse into one fma.  The kernels' results must equal the
   host loops' bit for bit.  Exit status 0 when they do.  */

#include <stdio.h>
#include <stdlib.h>

#define N 4096

static void
axpy_mint (double *v, const double *a, const double *b, const double *c,
           int n)
{
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint copy(c, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < n - 1; i++)
      v[i] = a[i] * b[i] + c[i] - 0.3 * (a[i - 1] * c[i + 1]);
  }
#pragma mint copy(v, fromDevice, n)
}

int
main (void)
{
  double *a = malloc (N * sizeof *a), *b = malloc (N * sizeof *b);
  double *c = malloc (N * sizeof *c), *v = malloc (N * sizeof *v);
  unsigned long long x = 88172645463325252ull;
  for (int i = 0; i < N; i++)
    {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      a[i] = (double) (x % 1000003) / 1000003.0 + 0.5;
      b[i] = (double) (x % 999983) / 999983.0 - 0.25;
      c[i] = -a[i] * b[i] * (1.0 + 1e-9 * (double) (x % 97));
      v[i] = 0;
    }
  axpy_mint (v, a, b, c, N);
  int differ = 0;
  for (int i = 1; i < N - 1; i++)
    differ += v[i] != a[i] * b[i] + c[i] - 0.3 * (a[i - 1] * c[i + 1]);
  printf ("contraction: %d of %d elements differ from the host's\n", differ,
          N - 2);
  return differ != 0;
}
