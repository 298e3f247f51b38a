/* Every array the loop body uses must have been copied to the device; the
   error names the array and the fix.  */
/* { dg-do compile } */

void
f (double *a, double *unmapped, int n)
{
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      a[i] = 2.0 * unmapped[i]; /* { dg-error "unmapped.*copy|copy.*unmapped" } */
  }
#pragma mint copy(a, fromDevice, n)
}
