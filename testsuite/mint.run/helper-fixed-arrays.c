/* Arrays of fixed size passed to helpers: a 1-D array to a `const
   double *' parameter, a 2-D one to `const double a[][N]'; the helper's
   subscripts are the array's.  */
/* { dg-do run } */
#include "mint-test.h"

#define N 36

static double line[N], out[N], ref_out[N];
static double u[N][N], v[N][N], ref_v[N][N];

static inline double
get (const double *p, int i)
{
  return p[i];
}

static inline double
lap (const double a[][N], int j, int i)
{
  return a[j][i - 1] + a[j][i + 1] + a[j - 1][i] + a[j + 1][i] - 4 * a[j][i];
}

int
main (void)
{
  fill (line, N, 1, 1, 3);
  fill (u[0], N, N, 1, 4);
#pragma mint copy(line, toDevice, N)
#pragma mint copy(out, toDevice, N)
#pragma mint copy(u, toDevice, N, N)
#pragma mint copy(v, toDevice, N, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < N - 1; i++)
      out[i] = 0.5 * (get (line, i - 1) + get (line, i + 1));
#pragma mint for nest(all)
    for (int j = 1; j < N - 1; j++)
      for (int i = 1; i < N - 1; i++)
        v[j][i] = u[j][i] + 0.1 * lap (u, j, i);
  }
#pragma mint copy(out, fromDevice, N)
#pragma mint copy(v, fromDevice, N, N)
  for (int i = 1; i < N - 1; i++)
    ref_out[i] = 0.5 * (get (line, i - 1) + get (line, i + 1));
  for (int j = 1; j < N - 1; j++)
    for (int i = 1; i < N - 1; i++)
      ref_v[j][i] = u[j][i] + 0.1 * lap (u, j, i);
  printf ("v[5][7] %.17g (cpu %.17g)\n", v[5][7], ref_v[5][7]);
  return test_report ("1-D", max_error (out, ref_out, N), TOL_DOUBLE)
         | test_report ("2-D", max_error (v[0], ref_v[0], N * N), TOL_DOUBLE);
}
