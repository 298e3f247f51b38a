/* No jumps out of a parallel region: the region's end (copies back, frees)
   would be skipped.  */
/* { dg-do compile } */

int
f (double *a, int n)
{
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      a[i] = 1.0;
    if (n > 10)
      return 1; /* { dg-error "return|jump|leave" } */
  }
#pragma mint copy(a, fromDevice, n)
  return 0;
}
