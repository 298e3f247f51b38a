/* A call to a function that cannot run on the device (not one of the C
   math functions) is an error naming it.  */
/* { dg-do compile } */

extern double helper (double);

void
f (double *a, int n)
{
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      a[i] = helper (a[i]); /* { dg-error "helper" } */
  }
#pragma mint copy(a, fromDevice, n)
}
