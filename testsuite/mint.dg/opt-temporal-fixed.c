/* Level 4 runs several steps of a nest in one launch where the program
   launches it again with the arrays it reads and writes swapped.  A
   nest one of whose two arrays is the same array at every launch (an
   array variable, or a local pointer set once, outside loops, to new
   memory) can never be launched swapped, even where another nest
   computes the other way, or the program swaps the other array with a
   third: it gets no temporal variant, and -fplugin-arg-mint-verbose
   says why.  Pointers the program swaps get one, and so do local
   pointers set from parameters, which a caller may pass swapped.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=4 -fplugin-arg-mint-exact-level -fplugin-arg-mint-verbose" } */

#include <stdlib.h>

#define N 64
static double A[N][N], B[N][N];

void
fixed_globals (int steps)
{
#pragma mint copy(A, toDevice, N, N)
#pragma mint copy(B, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all) /* { dg-message "no temporal blocking: the program cannot swap A and B: A is the same array at every launch" } */
        for (int y = 1; y < N - 1; y++)
          for (int x = 1; x < N - 1; x++)
            B[y][x] = 0.25 * (A[y][x - 1] + A[y][x + 1] + A[y - 1][x]
                              + A[y + 1][x]);
#pragma mint for nest(all) /* { dg-message "no temporal blocking: the program cannot swap B and A" } */
        for (int y = 1; y < N - 1; y++)
          for (int x = 1; x < N - 1; x++)
            A[y][x] = 0.25 * (B[y][x - 1] + B[y][x + 1] + B[y - 1][x]
                              + B[y + 1][x]);
      }
  }
#pragma mint copy(A, fromDevice, N, N)
}

void
swapped_pointers (int n, int steps)
{
  double (*u)[n] = malloc (sizeof (double) * n * n);
  double (*v)[n] = malloc (sizeof (double) * n * n);
#pragma mint copy(u, toDevice, n, n)
#pragma mint copy(v, toDevice, n, n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all) /* { dg-message "temporal blocking: \[0-9\]+ steps per launch" } */
        for (int y = 1; y < n - 1; y++)
          for (int x = 1; x < n - 1; x++)
            v[y][x] = 0.25 * (u[y][x - 1] + u[y][x + 1] + u[y - 1][x]
                              + u[y + 1][x]);
        double (*w)[n] = u;
        u = v;
        v = w;
      }
  }
#pragma mint copy(u, fromDevice, n, n)
  free (u);
  free (v);
}

void
from_parameters (int n, double *in, double *out)
{
  double (*u)[n] = (double (*)[n]) in, (*v)[n] = (double (*)[n]) out;
#pragma mint copy(u, toDevice, n, n)
#pragma mint copy(v, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "temporal blocking: \[0-9\]+ steps per launch" } */
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        v[y][x] = 0.25 * (u[y][x - 1] + u[y][x + 1] + u[y - 1][x]
                          + u[y + 1][x]);
  }
#pragma mint copy(v, fromDevice, n, n)
}

/* B from A, then C from A and B; the time loop swaps A and C: the first
   nest's B is the same array at every launch, the second nest's C and A
   swap.  */
void
one_fixed (int nx, int ny, int steps)
{
  double (*a)[nx] = malloc (sizeof (double) * nx * ny);
  double (*b)[nx] = malloc (sizeof (double) * nx * ny);
  double (*c)[nx] = malloc (sizeof (double) * nx * ny);
#pragma mint copy(a, toDevice, nx, ny)
#pragma mint copy(b, toDevice, nx, ny)
#pragma mint copy(c, toDevice, nx, ny)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all) /* { dg-message "no temporal blocking: the program cannot swap a and b: b is the same array at every launch" } */
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            b[y][x] = 0.25 * (a[y][x - 1] + a[y][x + 1] + a[y - 1][x]
                              + a[y + 1][x]);
#pragma mint for nest(all) /* { dg-message "temporal blocking: 5 steps per launch \\(or 3\\) where the program repeats the nest with a and c swapped" } */
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            c[y][x] = 0.5 * (a[y][x] + b[y][x]);
        double (*tmp)[nx] = a;
        a = c;
        c = tmp;
      }
  }
#pragma mint copy(a, fromDevice, nx, ny)
  free (a);
  free (b);
  free (c);
}

