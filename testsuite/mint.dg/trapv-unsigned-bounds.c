/* Under -ftrapv, nests over unsigned and size_t variables bounded by
   n - 1 of an unsigned n compile, at 1, 2 and 3 dimensions and going
   down: the launch computes each loop's number of points, for an
   unsigned comparison `first test holds ? max (0, distance) : 0', in
   wrapping arithmetic.  Signed arithmetic there traps under -ftrapv, so
   the gimplifier branched around the conditional's arm, and those
   branches in the middle of a block crashed cddce
   (mark_stmt_if_obviously_necessary); -fchecking reports them at any
   -O level.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftrapv -fchecking -fdump-tree-all" } */

#include <stddef.h>

double u1[100], w1[100];
double u2[50][60], w2[50][60];
double u3[20][30][40], w3[20][30][40];

void
one (unsigned n)
{
  unsigned i;
#pragma mint copy(u1, toDevice, n)
#pragma mint copy(w1, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (i = 1; i < n - 1; i++)
      w1[i] = 0.5 * u1[i] + 0.25 * (u1[i - 1] + u1[i + 1]);
#pragma mint for
    for (i = n - 2; i > 0; i--)
      w1[i] = 2.0 * u1[i];
  }
#pragma mint copy(w1, fromDevice, n)
}

void
two (unsigned n, unsigned m)
{
  unsigned i, j;
#pragma mint copy(u2, toDevice, m, n)
#pragma mint copy(w2, toDevice, m, n)
#pragma mint parallel
  {
#pragma mint for nest(2)
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < m - 1; j++)
        w2[i][j] = u2[i - 1][j] + u2[i + 1][j] + u2[i][j - 1] + u2[i][j + 1];
  }
#pragma mint copy(w2, fromDevice, m, n)
}

void
three (size_t n, size_t m, size_t k)
{
  size_t i, j, l;
#pragma mint copy(u3, toDevice, k, m, n)
#pragma mint copy(w3, toDevice, k, m, n)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < m - 1; j++)
        for (l = 1; l <= k - 2; l++)
          w3[i][j][l] = u3[i - 1][j][l] + u3[i + 1][j][l] + u3[i][j][l - 1];
  }
#pragma mint copy(w3, fromDevice, k, m, n)
}

/* { dg-final { scan-mint-dump "mint_launch(.|\n)*mint_launch(.|\n)*mint_launch(.|\n)*mint_launch" } } */
/* { dg-final { scan-mint-dump-not "<L\[0-9\]+>:" } } */
