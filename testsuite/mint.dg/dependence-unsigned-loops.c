/* Loops over size_t and unsigned variables whose bounds GCC writes with
   unsigned wrap-around (n - 1 as n + 0xff..ff) bound the points as
   signed loops do: a flat array's rows n elements long, written by
   loops to n - 1, give no -Wmint-dependence warning; a loop one element
   longer than the row still does, and so does a store that every row
   writes.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

#include <stddef.h>

void
rows (size_t n, unsigned m, const double *a, double *b, float *c)
{
#pragma mint copy(a, toDevice, n * n)
#pragma mint copy(b, toDevice, n * n)
#pragma mint copy(c, toDevice, m * m)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (size_t j = 1; j < n - 1; j++)
      for (size_t i = 1; i < n - 1; i++)
        b[j * n + i] = 0.25 * (a[j * n + i - 1] + a[j * n + i + 1]); /* { dg-bogus "cannot prove" } */
#pragma mint for nest(all)
    for (unsigned j = 0; j < m; j++)
      for (unsigned i = 0; i < m; i++)
        c[j * m + i] = 2.0f * c[j * m + i]; /* { dg-bogus "cannot prove" } */
#pragma mint for nest(all)
    for (size_t j = 1; j < n - 1; j++)
      for (size_t i = 0; i < n + 1; i++)
        b[j * n + i] = a[j * n + i]; /* { dg-warning "cannot prove that the points of the parallel loop nest write different elements" } */
#pragma mint for nest(all)
    for (size_t j = 1; j < n - 1; j++)
      for (size_t i = 1; i < n - 1; i++)
        b[i] = a[j * n + i]; /* { dg-warning "writes the same element at different points" } */
  }
#pragma mint copy(b, fromDevice, n * n)
#pragma mint copy(c, fromDevice, m * m)
}
