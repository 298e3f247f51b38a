/* Host code of a parallel region that sets a copied array's pointer to
   the result of a call given the array (a = realloc (a, n)): the pointer
   then holds memory that is not on the device, which the warning (an
   error where kernels write the array) says, not the advice for a
   function that writes the elements (const, update).  */
/* { dg-do compile } */

#include <stdlib.h>

#define N 100

double *grow (double *a, int n);

void
read_after (double *a, double *b)
{
#pragma mint copy(a, toDevice, N)
#pragma mint copy(b, toDevice, N)
#pragma mint parallel /* { dg-message "in the region, set .a. only to arrays the region copies \\(a pointer swap\\); call .realloc. before the region or after it" } */
  {
    a = realloc (a, 2 * N * sizeof (double)); /* { dg-warning "the call to .realloc. sets .a. in the .parallel. region to memory that is not on the device: kernels and copies after it find no device copy of .a." } */
#pragma mint for
    for (int i = 0; i < N; i++)
      b[i] = a[i] + 1;
  }
#pragma mint copy(b, fromDevice, N)
}

void
written (double *a, double *b)
{
#pragma mint copy(a, toDevice, N)
#pragma mint copy(b, toDevice, N)
#pragma mint parallel /* { dg-message "call .grow. before the region or after it" } */
  {
#pragma mint for
    for (int i = 0; i < N; i++)
      a[i] = b[i] + 1;
    a = grow (a, N); /* { dg-error "the call to .grow. sets .a. in the .parallel. region to memory that is not on the device" } */
  }
#pragma mint copy(a, fromDevice, N)
}
