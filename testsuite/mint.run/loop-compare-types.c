/* Loops whose condition compares in another type than the variable's:
   an int variable against an unsigned bound compares as unsigned (from
   -2 it runs no iteration; from a variable start it runs as C does), an
   unsigned variable against a negative int bound too (10 > -1u is false),
   an int against a size_t (from -3: no iteration, though (size_t) -3
   does not fit a long long), a long against an unsigned (compared as
   long), and an int plus a constant converted to unsigned; unsigned
   variables that reach their `!=' bound through the wrap of their range
   (`i != -1u' down to 0, `c != 0' of an unsigned char up to 255).  The
   launch must run the points the plain loops run.  Args: N START M.  */
/* { dg-do run } */
/* { dg-additional-options "-Wno-sign-compare" } */
#include "mint-test.h"

#define LOOPS(PRAGMA, a, n, sn, start, m)                                 \
  PRAGMA (for)                                                            \
  for (unsigned i = 10; i > m; i--)                                       \
    a[i] += 10;                                                           \
  PRAGMA (for)                                                            \
  for (int i = -2; i < n; i++)                                            \
    a[i + 2] += 1;                                                        \
  PRAGMA (for)                                                            \
  for (int i = start; i < n; i++)                                         \
    a[i + 3] += 2;                                                        \
  PRAGMA (for)                                                            \
  for (int i = 0; i < sn; i++)                                            \
    a[i] += 100;                                                          \
  PRAGMA (for)                                                            \
  for (int i = -3; i < sn; i++)                                           \
    a[i + 3] += 20;                                                       \
  PRAGMA (for)                                                            \
  for (long i = -1; i < n; i++)                                           \
    a[i + 1] += 30;                                                       \
  PRAGMA (for)                                                            \
  for (int i = 1; i + 1 < n; i++)                                         \
    a[i] += 1000;                                                         \
  PRAGMA (for)                                                            \
  for (unsigned i = n - 1; i != -1u; i--)                                 \
    a[i] += 3000;                                                         \
  PRAGMA (for)                                                            \
  for (unsigned char c = 255 - n; c != 0; c++)                            \
    a[c - 255 + n + 1] += 5000;

static void
run (double *a, unsigned n, size_t sn, int start, int m)
{
#pragma mint copy(a, toDevice, 32)
#pragma mint parallel
  {
    LOOPS (MINT_PRAGMA, a, n, sn, start, m)
  }
#pragma mint copy(a, fromDevice, 32)
}

int
main (int argc, char **argv)
{
  unsigned n = argc > 1 ? (unsigned) atoi (argv[1]) : 10;
  int start = argc > 2 ? atoi (argv[2]) : -3;
  int m = argc > 3 ? atoi (argv[3]) : -1;
  double a[2][32];
  memset (a, 0, sizeof a);
  run (a[0], n, n + 2, start, m);
  LOOPS (NO_PRAGMA, a[1], n, n + 2, start, m)
  printf ("a[0] %g a[4] %g a[12] %g\n", a[0][0], a[0][4], a[0][12]);
  return test_report ("loops compared in another type",
                      max_error (a[0], a[1], 32), 0.0);
}
