/* An unknown clause of `for' is an error at the directive's line.  */
/* { dg-do compile } */

void
f (double *a, int n)
{
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for collapse(2) /* { dg-error "collapse" } */
    for (int i = 0; i < n; i++)
      a[i] = 1.0;
  }
#pragma mint copy(a, fromDevice, n)
}
