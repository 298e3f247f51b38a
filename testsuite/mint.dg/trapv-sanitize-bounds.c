/* The nests of trapv-unsigned-bounds.c at -O1 under
   -fsanitize=signed-integer-overflow, -ftrapv and -fwrapv together:
   the launch's own arithmetic wraps, so neither the sanitizer's checks
   nor -ftrapv's make branches in the middle of a block.  */
/* { dg-do compile } */
/* { dg-options "-O1 -ftrapv -fsanitize=signed-integer-overflow -fchecking" } */

#include <stddef.h>

double u[20][30][40], w[20][30][40];

void
unsigned_rows (unsigned n)
{
#pragma mint copy(u, toDevice, 40, 30, 20)
#pragma mint copy(w, toDevice, 40, 30, 20)
#pragma mint parallel
  {
#pragma mint for
    for (unsigned i = 1; i < n - 1; i++)
      w[0][0][i] = u[0][0][i - 1] + u[0][0][i + 1];
#pragma mint for nest(all)
    for (size_t i = 1; i < n - 1; i++)
      for (size_t j = 1; j < n - 1; j++)
        for (size_t l = 1; l < n - 1; l++)
          w[i][j][l] = u[i][j][l - 1] + u[i][j][l + 1];
  }
#pragma mint copy(w, fromDevice, 40, 30, 20)
}
