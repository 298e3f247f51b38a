/* Writing an outer scalar in the body without a reduction clause is a
   data race, reported as an error naming the scalar.  */
/* { dg-do compile } */

double
f (double *a, int n)
{
  double total = 0.0;
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      total += a[i]; /* { dg-error "total.*(reduction|race)|(reduction|race).*total" } */
  }
  return total;
}
