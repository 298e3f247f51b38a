/* Compiled WITHOUT the plugin (dg.exp): every directive is an ordinary
   unknown pragma, warned about by -Wunknown-pragmas (-Wall) and nothing
   else, and the program runs on the CPU.  */
/* { dg-do run } */

#include <stdio.h>

#define N 64

static double a[N][N], b[N][N];

int
main (void)
{
  double sum = 0.0;
  for (int y = 0; y < N; y++)
    for (int x = 0; x < N; x++)
      a[y][x] = x + 0.5 * y;

#pragma mint copy(a, toDevice, N, N) /* { dg-warning "ignoring .#pragma mint copy" } */
#pragma mint copy(b, toDevice, N, N) /* { dg-warning "ignoring .#pragma mint copy" } */
#pragma mint parallel default(shared) /* { dg-warning "ignoring .#pragma mint parallel" } */
  {
#pragma mint for nest(all) tile(16, 16) chunksize(1, 2) /* { dg-warning "ignoring .#pragma mint for" } */
    for (int y = 1; y < N - 1; y++)
      for (int x = 1; x < N - 1; x++)
        b[y][x] = a[y][x - 1] + a[y][x + 1] - a[y - 1][x];
#pragma mint barrier /* { dg-warning "ignoring .#pragma mint barrier" } */
#pragma mint for nest(all) reduction(+:sum) nowait /* { dg-warning "ignoring .#pragma mint for" } */
    for (int y = 1; y < N - 1; y++)
      for (int x = 1; x < N - 1; x++)
        sum += b[y][x];
#pragma mint single /* { dg-warning "ignoring .#pragma mint single" } */
    {
      sum = sum / ((N - 2) * (N - 2));
    }
  }
#pragma mint copy(b, fromDevice, N, N) /* { dg-warning "ignoring .#pragma mint copy" } */

  /* The mean of x + 0.5 y over the interior points, as the loops above
     compute it: b = a[y][x-1] + a[y][x+1] - a[y-1][x] = x + 0.5 y + 0.5.  */
  double expected = (N - 1) / 2.0 + 0.5 * (N - 1) / 2.0 + 0.5;
  printf ("mean %.17g, expected %.17g\n", sum, expected);
  return sum == expected ? 0 : 1;
}
