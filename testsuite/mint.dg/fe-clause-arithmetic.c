/* Constant arithmetic in a directive that overflows or divides by zero:
   an error at the operator, since mint evaluates the expression where
   the program without mint never does (and would trap there).  */
/* { dg-do compile } */

#define N 100

void
f (double *a, double *b, int n)
{
#pragma mint copy(a, toDevice, 2147483647 * 2) /* { dg-error "the expression overflows: its value does not fit in .int." } */
#pragma mint copy(b, toDevice, -(-2147483647 - 1)) /* { dg-error "the expression overflows" } */
#pragma mint copy(a, toDevice, N / 0) /* { dg-error "the expression divides by zero" } */
#pragma mint copy(b, toDevice, n % (N - N)) /* { dg-error "the expression divides by zero" } */
#pragma mint copy(a, toDevice, n / (N - 99))
#pragma mint copy(b, toDevice, 2147483647u * 2u > 0 ? n : 1)
#pragma mint parallel
  {
#pragma mint for tile(65536 * 65536) /* { dg-error "the expression overflows" } */
    for (int i = 0; i < n; i++)
      b[i] = a[i];
#pragma mint for chunksize(16 / 0) /* { dg-error "the expression divides by zero" } */
    for (int i = 0; i < n; i++)
      b[i] = a[i];
  }
#pragma mint copy(b, fromDevice, n)
}
