/* A private 3x3 array that one loop of the body fills in row-major
   order (m[k / 3][k % 3] for k from 0 to 8, C89 style, the array and k
   declared before the region), then read at constant subscripts: every
   element is set before it is read, so each point has its own copy.
   The GPU gives the program's values.  */
/* { dg-do run } */
#include "mint-test.h"

#define N 96

#define LOOPS(PRAGMA, u, v)                                              \
  {                                                                      \
    PRAGMA (for nest(2) private(m, k))                                   \
    for (int j = 1; j < N - 1; j++)                                      \
      for (int i = 1; i < N - 1; i++)                                    \
        {                                                                \
          for (k = 0; k < 9; k++)                                        \
            m[k / 3][k % 3] = u[j + k / 3 - 1][i + k % 3 - 1];           \
          v[j][i] = m[0][1] + m[2][1] + m[1][0] + m[1][2]                \
                    - 4 * m[1][1] + 0.5 * (m[0][0] - m[2][2]);           \
        }                                                                \
  }

static void
run (double (*u)[N], double (*v)[N])
{
  double m[3][3];
  int k;
#pragma mint copy(u, toDevice, N, N)
#pragma mint copy(v, toDevice, N, N)
#pragma mint parallel
  LOOPS (MINT_PRAGMA, u, v)
#pragma mint copy(v, fromDevice, N, N)
}

int
main (void)
{
  static double u[N][N], v[N][N], ref[N][N];
  double m[3][3];
  int k;
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++)
      {
        u[j][i] = 1.0 + ((i * 37 + j * 11) % 101) / 16.0;
        v[j][i] = ref[j][i] = -1.0;
      }
  run (u, v);
  LOOPS (NO_PRAGMA, u, ref)
  printf ("v[40][50] %g\n", v[40][50]);
  return test_report ("a private array filled by one loop",
                      max_error (&v[0][0], &ref[0][0], N * N), TOL_DOUBLE);
}
