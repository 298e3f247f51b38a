/* Writing an outer scalar through a local pointer to it in the body is
   an error naming both, with a note suggesting the variable itself and a
   reduction (it said the pointer was an array never copied).  */
/* { dg-do compile } */

double
through_pointer (double *a, int n)
{
  double sum = 0.0, *ps = &sum;
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for /* { dg-message "use .sum. itself: a kernel reads it as a value, and points that add to it need .reduction..:sum.. on the .for. directive" } */
    for (int i = 0; i < n; i++)
      *ps += a[i]; /* { dg-error ".ps. points to the variable .sum., which a kernel cannot read or write through a pointer" } */
  }
  return sum;
}
