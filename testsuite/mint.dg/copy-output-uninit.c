/* A kernel's output copied to the device before the first kernel sets
   it (malloc'd, never written on the host) gets no -Wmaybe-uninitialized
   from the copy, which the program does not make.  */
/* { dg-do compile } */
#include <stdlib.h>

double
output_only (int n)
{
  double *out = malloc (n * sizeof *out);
#pragma mint copy(out, toDevice, n) /* { dg-bogus "may be used uninitialized" } */
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      out[i] = 0.5 * i;
  }
#pragma mint copy(out, fromDevice, n)
  double r = out[n - 1];
  free (out);
  return r;
}
