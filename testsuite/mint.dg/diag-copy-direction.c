/* copy's second argument must be toDevice or fromDevice.  */
/* { dg-do compile } */

void
f (double *a, int n)
{
#pragma mint copy(a, sideways, n) /* { dg-error "toDevice|fromDevice" } */
#pragma mint parallel
  {
  }
}
