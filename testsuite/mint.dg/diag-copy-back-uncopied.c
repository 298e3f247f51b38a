/* A fromDevice copy after a region of an array that the region does not
   copy toDevice (an output array only the host code reads, or a name
   mistyped) has no device copy to bring back: an error at the copy,
   with a note at the region, where the runtime would stop the program
   after the region, with a GPU or without.  The copies of the region
   before an earlier one do not count.  */
/* { dg-do compile } */

void
f (double *u, double *v, double *w, int n)
{
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel /* { dg-message "add .#pragma mint copy\\(w, toDevice, ...\\). before the .parallel. region" } */
  {
#pragma mint for
    for (int i = 1; i < n - 1; i++)
      v[i] = 0.5 * (u[i - 1] + u[i + 1]);
  }
#pragma mint copy(v, fromDevice, n)
#pragma mint copy(w, fromDevice, n) /* { dg-error ".fromDevice. copy of .w., which the region before it does not copy to the device" } */
}

void
g (double *u, double *v, int n)
{
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < n - 1; i++)
      v[i] = 0.5 * (u[i - 1] + u[i + 1]);
  }
#pragma mint copy(v, fromDevice, n)
#pragma mint copy(u, toDevice, n)
#pragma mint parallel /* { dg-message "add .#pragma mint copy\\(v, toDevice, ...\\). before the .parallel. region" } */
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      u[i] = 2 * u[i];
  }
#pragma mint copy(u, fromDevice, n)
#pragma mint copy(v, fromDevice, n) /* { dg-error ".fromDevice. copy of .v., which the region before it does not copy to the device" } */
}
