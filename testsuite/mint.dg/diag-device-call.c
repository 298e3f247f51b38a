/* A call to a function that cannot run on the device (not one of the C
   math functions) is an error naming it, for a function of another file
   and one of this one (with a note at its declaration that says what to
   do instead; the suite prunes notes).  */
/* { dg-do compile } */

extern double helper (double);

static inline double
average (double a, double b)
{
  return 0.5 * (a + b);
}

void
f (double *a, int n)
{
#pragma mint copy(a, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      a[i] = helper (a[i]); /* { dg-error "call to .helper. cannot run on the device" } */
#pragma mint for
    for (int i = 1; i < n - 1; i++)
      a[i] = average (a[i - 1], a[i + 1]); /* { dg-error "call to .average. cannot run on the device" } */
  }
#pragma mint copy(a, fromDevice, n)
}
