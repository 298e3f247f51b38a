/* An element reached from the address of another, *(&a[i] + 1) and
   *(&g[y][x] - 1), is a[i + 1] and g[y][x - 1]; a long double local
   that the body never reads is left out of the kernel.  */
/* { dg-do run } */
#include "mint-test.h"

#define N 61
#define NY 13

static double a[N], b[N], g[NY][N], h[NY][N], ref_b[N], ref_h[NY][N];

#define BODY_1D(b, i)                                                    \
  do                                                                     \
    {                                                                    \
      long double unused __attribute__ ((unused)) = 1;                   \
      b[i] = *(&a[i] + 1) - 2 * a[i] + *(&a[i] - 1);                     \
    }                                                                    \
  while (0)

#define BODY_2D(h, y, x)                                                 \
  h[y][x] = *(&g[y][x] - 1) + *(&g[y][x] + 1) + g[y - 1][x]

int
main (void)
{
  fill (a, N, 1, 1, 1);
  fill (b, N, 1, 1, 2);
  fill (g[0], N, NY, 1, 3);
  fill (h[0], N, NY, 1, 4);
  memcpy (ref_b, b, sizeof b);
  memcpy (ref_h, h, sizeof h);
#pragma mint copy(a, toDevice, N)
#pragma mint copy(b, toDevice, N)
#pragma mint copy(g, toDevice, N, NY)
#pragma mint copy(h, toDevice, N, NY)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < N - 1; i++)
      BODY_1D (b, i);
#pragma mint for nest(2)
    for (int y = 1; y < NY; y++)
      for (int x = 1; x < N - 1; x++)
        BODY_2D (h, y, x);
  }
#pragma mint copy(b, fromDevice, N)
#pragma mint copy(h, fromDevice, N, NY)
  for (int i = 1; i < N - 1; i++)
    BODY_1D (ref_b, i);
  for (int y = 1; y < NY; y++)
    for (int x = 1; x < N - 1; x++)
      BODY_2D (ref_h, y, x);
  int status = test_report ("element address 1-D",
                            max_error (b, ref_b, N), TOL_DOUBLE);
  return status | test_report ("element address 2-D",
                               max_error (h[0], ref_h[0], N * NY),
                               TOL_DOUBLE);
}
