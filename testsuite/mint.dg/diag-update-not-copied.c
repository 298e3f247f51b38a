/* An update acts on an array the region copied toDevice, with one range
   per extent of that copy (a flat array's copy may give several).  */
/* { dg-do compile } */

void
f (double *a, double *unmapped, double *flat, int n)
{
#pragma mint copy(a, toDevice, n)
#pragma mint copy(flat, toDevice, n, n, 2)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      a[i] = 2.0 * a[i] + flat[i];
#pragma mint update(unmapped, toHost, 0:n) /* { dg-error ".update. of .unmapped., which is not copied to the device" } */
#pragma mint update(flat, toHost, 0:n) /* { dg-error ".update. of .flat. gives 1 range, but its copy gives 3 extents" } */
#pragma mint update(flat, toHost, 0:n, 0:n, 1:1)
#pragma mint update(a, toDevice, 1:n-2)
  }
#pragma mint copy(a, fromDevice, n)
}
