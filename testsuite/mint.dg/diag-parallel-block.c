/* parallel must be followed by a compound statement, and regions do not
   nest.  */
/* { dg-do compile } */

void
f (double *a, int n)
{
#pragma mint copy(a, toDevice, n)
#pragma mint parallel /* { dg-error "compound" } */
  a[0] = 1.0;
}

void
g (double *a, int n)
{
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint parallel /* { dg-error "nest|inside" } */
    {
#pragma mint for
      for (int i = 0; i < n; i++)
        a[i] = 1.0;
    }
  }
#pragma mint copy(a, fromDevice, n)
}

/* A `for' directive right after parallel, without the braces: one
   error, at the `for', names the missing block (and the parallel gets
   no second one, printed after it).  */
void
h (double *a, int n)
{
#pragma mint copy(a, toDevice, n)
#pragma mint parallel /* { dg-bogus "must be followed by a compound statement" } */
#pragma mint for /* { dg-error ".#pragma mint for. directly after .#pragma mint parallel., which must be followed by a compound statement" } */
  for (int i = 0; i < n; i++)
    a[i] = 1.0;
#pragma mint copy(a, fromDevice, n)
}
