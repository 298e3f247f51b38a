/* A min reduction of an unsigned variable over int elements, some
   negative (`if (k[i] < m) m = k[i];' compares and assigns the elements
   converted to unsigned, so a negative one is a large value): the GPU
   gives the program's answer, the least of the converted values.  */
/* { dg-do run } */
#include "mint-test.h"

static unsigned
least (int n, const int *k, unsigned m)
{
#pragma mint copy(k, toDevice, n)
#pragma mint parallel
  {
#pragma mint for reduction(min:m)
    for (int i = 0; i < n; i++)
      if (k[i] < m)
        m = k[i];
  }
  return m;
}

int
main (void)
{
  int n = 1000;
  int *k = test_xmalloc (sizeof (int) * n);
  for (int i = 0; i < n; i++)
    k[i] = (i * 37) % 201 - 100 + (i == 500) * 1000;  /* -100 .. 100, 1100 */
  unsigned m = least (n, k, 4000000000u), ref = 4000000000u;
  for (int i = 0; i < n; i++)
    if (k[i] < ref)
      ref = k[i];
  printf ("min %u (cpu %u)\n", m, ref);
  return test_report ("unsigned min", max_error (&m, &ref, 1), TOL_EXACT)
         | (ref != 0);
}
