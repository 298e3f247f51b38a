/* `for' must be followed by a for loop.  */
/* { dg-do compile } */

void
f (double *a, int n)
{
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for /* { dg-error "loop" } */
    a[0] = 1.0;
  }
#pragma mint copy(a, fromDevice, n)
}
