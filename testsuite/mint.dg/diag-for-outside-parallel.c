/* `for' must be inside a parallel region.  */
/* { dg-do compile } */

void
f (double *a, int n)
{
#pragma mint for /* { dg-error "parallel" } */
  for (int i = 0; i < n; i++)
    a[i] = 1.0;
}
