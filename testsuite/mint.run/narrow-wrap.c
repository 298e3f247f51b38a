/* Subscripts whose value wraps in a type narrower than an int, which C
   computes modulo 2^8 or 2^16: `a[(unsigned char) (base + k)]' for an
   array of more than 256 elements, an unsigned char loop through its
   wrap (`c != 4' from 250) indexing with `(unsigned char) (c + 6)', a
   periodic row of 256 cells through `(unsigned char) (i - 1)' and
   `(unsigned char) (i + 1)', and an unsigned short product.  The kernels
   must touch the elements the plain loops touch (they took the sums
   without the wrap).  Args: BASE.  */
/* { dg-do run } */
/* { dg-additional-options "-fplugin-arg-mint-Wno-dependence" } */
#include "mint-test.h"

#define N 300

#define LOOPS(PRAGMA, a, row, next, base)                                 \
  PRAGMA (for)                                                            \
  for (int k = 0; k < 10; k++)                                            \
    a[(unsigned char) (base + k)] += 1;                                   \
  PRAGMA (for)                                                            \
  for (unsigned char c = 250; c != 4; c++)                                \
    a[(unsigned char) (c + 6) + 20] += 10;                                \
  PRAGMA (for)                                                            \
  for (int i = 0; i < 256; i++)                                           \
    next[i] = row[(unsigned char) (i - 1)] + 2 * row[i]                   \
              + 3 * row[(unsigned char) (i + 1)];                         \
  PRAGMA (for)                                                            \
  for (int k = 0; k < 8; k++)                                             \
    a[(unsigned short) (k * 9000) % 256 + 40] += 100;

static void
run (double *a, double *row, double *next, unsigned char base)
{
#pragma mint copy(a, toDevice, N)
#pragma mint copy(row, toDevice, 256)
#pragma mint copy(next, toDevice, 256)
#pragma mint parallel
  {
    LOOPS (MINT_PRAGMA, a, row, next, base)
  }
#pragma mint copy(a, fromDevice, N)
#pragma mint copy(next, fromDevice, 256)
}

int
main (int argc, char **argv)
{
  unsigned char base = argc > 1 ? (unsigned char) atoi (argv[1]) : 250;
  double a[2][N], row[256], next[2][256];
  memset (a, 0, sizeof a);
  for (int i = 0; i < 256; i++)
    row[i] = i % 7;
  run (a[0], row, next[0], base);
  LOOPS (NO_PRAGMA, a[1], row, next[1], base)
  printf ("a[0] %g a[24] %g next[0] %g next[255] %g\n", a[0][0], a[0][24],
          next[0][0], next[0][255]);
  return test_report ("subscripts that wrap in narrow types",
                      max_error (a[0], a[1], N)
                      + max_error (next[0], next[1], 256), 0.0);
}
