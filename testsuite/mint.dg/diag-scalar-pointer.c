/* Writing an outer scalar through a local pointer to it in the body is
   an error naming both, with a note suggesting the variable itself and a
   reduction (it said the pointer was an array never copied); through a
   pointer parameter, the note says to add up in a reduction variable and
   store it after the nest (it said to copy the pointer, whose element
   the points would then share).  */
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

/* Through a pointer parameter (the caller's scalar): the element every
   point uses is no array to copy, and the note says how to add up.  */
void
through_parameter (double *acc, const double *a, int n)
{
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for /* { dg-message "every point uses the same element of .acc., which a copy would share among them: to combine values over the points, accumulate them in a variable declared before the loop nest, with .reduction..:VAR.. \\(or another operator\\) on the .for. directive, and store it through .acc. after the nest" } */
    for (int i = 0; i < n; i++)
      *acc += a[i]; /* { dg-error "array .acc. is used in a kernel but never copied to the device" } */
  }
}

/* Reading through a local pointer to a scalar the nest assigns (a
   reduction variable) reads the running value in C, not the value before
   the nest: an error (it read the value before the nest).  Through a
   pointer to a scalar the nest does not assign, it is that value.  */
double
read_through_pointer (const double *a, double *b, int n)
{
  double s = 0.0, *ps = &s, scale = 2.0, *pk = &scale;
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for reduction(+:s)
    for (int i = 0; i < n; i++)
      {
        s += a[i];
        b[i] = *ps; /* { dg-error ".ps. points to the variable .s., which a kernel cannot read or write through a pointer" } */
      }
#pragma mint for
    for (int i = 0; i < n; i++)
      b[i] = *pk * a[i]; /* { dg-bogus "points to" } */
  }
#pragma mint copy(b, fromDevice, n)
  return s;
}
