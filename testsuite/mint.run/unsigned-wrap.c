/* Subscripts that C computes in 32-bit unsigned arithmetic, which wraps
   modulo 2^32, where a term that the loops do not bound takes the sum
   past 2^32 back into the array: `a[base + i + 6]' with base = 2^32 - 6
   (a negative offset held in an unsigned) is a[i], of a fixed array, a
   pointer and a row of a 2-D array, `a[base + 10]' one element, and a
   loop of the body `a[base + 4 * i + k]'.  The kernels must touch the
   elements the plain loops touch (they took the sums without the wrap,
   and the launch stopped where it checked them).  Beside them, sums of
   the loop variables (`b[i + 6]', `u[y][x - 1]') wrap nowhere.  Args:
   BASE (2^32 - 6, or 0 for no wrap).  */
/* { dg-do run } */
#include "mint-test.h"

#define N 1000
#define ROWS 5

static double fixed_a[N], fixed_b[N];

#define LOOPS(PRAGMA, fa, fb, a, b, u, v, base)                         \
  PRAGMA (for)                                                          \
  for (unsigned i = 0; i < N - 6; i++)                                  \
    fb[i] = fa[base + i + 6] + fa[i + 6];                               \
  PRAGMA (for)                                                          \
  for (unsigned i = 0; i < N - 6; i++)                                  \
    b[i] = a[base + i + 6] - 0.5 * a[i + 6];                            \
  PRAGMA (for)                                                          \
  for (unsigned i = 0; i < N; i++)                                      \
    b[i] += a[base + 10];                                               \
  PRAGMA (for)                                                          \
  for (unsigned i = 0; i < N / 4 - 2; i++)                              \
    for (unsigned k = 0; k < 4; k++)                                    \
      b[4 * i + k] += a[base + 4 * i + k + 6];                          \
  PRAGMA (for nest(all))                                                \
  for (unsigned y = 1; y < ROWS; y++)                                   \
    for (unsigned x = 1; x < N - 6; x++)                                \
      v[y][x] = u[y][base + x + 6] + u[y - 1][x - 1];

static void
run (double *a, double *b, double (*u)[N], double (*v)[N], unsigned base)
{
#pragma mint copy(fixed_a, toDevice, N)
#pragma mint copy(fixed_b, toDevice, N)
#pragma mint copy(a, toDevice, N)
#pragma mint copy(b, toDevice, N)
#pragma mint copy(u, toDevice, N, ROWS)
#pragma mint copy(v, toDevice, N, ROWS)
#pragma mint parallel
  {
    LOOPS (MINT_PRAGMA, fixed_a, fixed_b, a, b, u, v, base)
  }
#pragma mint copy(fixed_b, fromDevice, N)
#pragma mint copy(b, fromDevice, N)
#pragma mint copy(v, fromDevice, N, ROWS)
}

int
main (int argc, char **argv)
{
  unsigned base = argc > 1 ? (unsigned) strtoul (argv[1], NULL, 0)
                           : 4294967290u;
  double a[N], b[2][N], u[ROWS][N], v[2][ROWS][N], ref_b[N];
  fill (fixed_a, N, 1, 1, 1);
  fill (a, N, 1, 1, 2);
  fill (&u[0][0], N, ROWS, 1, 3);
  for (int k = 0; k < 2; k++)
    {
      fill (b[k], N, 1, 1, 4);
      fill (&v[k][0][0], N, ROWS, 1, 5);
    }
  run (a, b[0], u, v[0], base);
  memcpy (ref_b, fixed_b, sizeof ref_b);
  memset (fixed_b, 0, sizeof fixed_b);
  LOOPS (NO_PRAGMA, fixed_a, fixed_b, a, b[1], u, v[1], base)
  printf ("fixed_b[0] %g b[0] %g v[4][993] %g\n", ref_b[0], b[0][0],
          v[0][ROWS - 1][N - 7]);
  return test_report ("subscripts that wrap in 32-bit unsigned arithmetic",
                      max_error (ref_b, fixed_b, N)
                      + max_error (b[0], b[1], N)
                      + max_error (&v[0][0][0], &v[1][0][0], ROWS * N),
                      0.0);
}
