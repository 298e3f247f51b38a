/* A source file whose name holds the two characters that end a comment
   (a generator's output under a directory "gen*", given by #line): the
   CUDA source names it in a comment, which must not end there and make
   the rest of the name code (it did not compile, and a name such as
   q"*-slash int bogus; could put a declaration into the device code).  */
/* { dg-do run } */
#include "mint-test.h"

#line 12 "gen*/x\"*/ int bogus; /*.c"
#define N 257

static void
sums (double *u, double *v)
{
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < N - 1; i++)
      v[i] = u[i - 1] + u[i + 1];
  }
#pragma mint copy(v, fromDevice, N)
}

int
main (void)
{
  TWO_FILLED (double, u, N, 1, 1, 1);
  TWO_FILLED (double, v, N, 1, 1, 2);
  sums (u[0], v[0]);
  for (int i = 1; i < N - 1; i++)
    v[1][i] = u[1][i - 1] + u[1][i + 1];
  return test_report ("a file name that ends a comment",
                      max_error (v[0], v[1], N), TOL_DOUBLE);
}
