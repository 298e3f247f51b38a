/* Remainders by a variable in a kernel's body, as C computes them: a
   7-point star over a periodic domain whose neighbours' indices wrap by
   remainders, and values from remainders of dividends of two divisors
   and more, negative dividends and a negative divisor, in int and long
   long.  The nests are written once, for mint and for the plain C
   loops.  */
/* { dg-do run } */
#include "mint-test.h"

#define N 37
#define STEPS 5

#define BELOW(i) (((i) + n - 1) % n)
#define ABOVE(i) (((i) + 1) % n)

#define NESTS(PRAGMA)                                                    \
  for (int t = 0; t < STEPS; t++)                                        \
    {                                                                    \
      PRAGMA (for nest(all) nowait)                                      \
      for (int z = 0; z < n; z++)                                        \
        for (int y = 0; y < n; y++)                                      \
          for (int x = 0; x < n; x++)                                    \
            b[z][y][x] = 0.4 * a[z][y][x]                                \
                         + 0.1 * (a[z][y][BELOW (x)] + a[z][y][ABOVE (x)] \
                                  + a[z][BELOW (y)][x] + a[z][ABOVE (y)][x] \
                                  + a[BELOW (z)][y][x] + a[ABOVE (z)][y][x]); \
      PRAGMA (single)                                                    \
      {                                                                  \
        double (*s)[N][N] = a;                                           \
        a = b;                                                           \
        b = s;                                                           \
      }                                                                  \
    }                                                                    \
  PRAGMA (for nest(all))                                                 \
  for (int y = 0; y < n; y++)                                            \
    for (int x = 0; x < n; x++)                                          \
      {                                                                  \
        long long big = 1000000007LL * x + y;                            \
        r[y][x] = (x * 7 + y * 13) % n + (x - 3 * y) % n * 100           \
                  + x % m * 10000 + (long) (big % (n + 2LL)) * 1000000L   \
                  + (long) ((x + y) % (n + 5)) * 100000000L;             \
      }

static void
run_mint (int n, int m, double (*a)[N][N], double (*b)[N][N], long (*r)[N])
{
#pragma mint copy(a, toDevice, n, n, n)
#pragma mint copy(b, toDevice, n, n, n)
#pragma mint copy(r, toDevice, n, n)
#pragma mint parallel
  {
    NESTS (MINT_PRAGMA)
  }
#pragma mint copy(a, fromDevice, n, n, n)
#pragma mint copy(b, fromDevice, n, n, n)
#pragma mint copy(r, fromDevice, n, n)
}

static void
run_c (int n, int m, double (*a)[N][N], double (*b)[N][N], long (*r)[N])
{
  NESTS (NO_PRAGMA)
}

static double a[2][N][N][N], b[2][N][N][N];
static long r[2][N][N];

int
main (void)
{
  int bad = 0;
  for (int i = 0; i < 2; i++)
    {
      fill (&a[i][0][0][0], N, N, N, 1);
      fill (&b[i][0][0][0], N, N, N, 1);
    }
  run_mint (N, -5, a[0], b[0], r[0]);
  run_c (N, -5, a[1], b[1], r[1]);
  bad |= test_report ("periodic star, indices by remainders",
                      max_error (&a[0][0][0][0], &a[1][0][0][0],
                                 (size_t) N * N * N), TOL_DOUBLE);
  bad |= test_report ("remainders of every sign and size",
                      max_error (&r[0][0][0], &r[1][0][0], (size_t) N * N),
                      TOL_EXACT);
  return bad;
}
