/* copy takes one to three extents.  */
/* { dg-do compile } */

void
f (double *a, double *b, int n)
{
#pragma mint copy(a, toDevice) /* { dg-error "extent|expected" } */
#pragma mint copy(b, toDevice, n, n, n, n) /* { dg-error "extent|too many" } */
#pragma mint parallel
  {
  }
}
