/* C90 gives a for statement no scope of its own: there the directive
   also takes `for (i = 0; ...)', and still rejects a while loop.  */
/* { dg-do compile } */
/* { dg-options "-std=gnu90 -O2 -Wall" } */

void
f (double *a, int n)
{
  int i;
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (i = 0; i < n; i++)
      a[i] = 1.0;
    i = 0;
#pragma mint for /* { dg-error "must be followed by a .for. loop" } */
    while (i < n)
      {
        a[i] = 2.0;
        i++;
      }
  }
#pragma mint copy(a, fromDevice, n)
}
