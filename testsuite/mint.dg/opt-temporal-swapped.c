/* Level 4's temporal variant runs the steps of a nest whose read array
   and written array the program swaps between launches.  Of the arrays
   the nest reads, it is the one the program swaps with the written
   array, not a coefficient read at more offsets (which the runtime never
   sees swapped, so that the variant was never used).  Where the function
   swaps none, the array read at the most offsets.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=4 -fplugin-arg-mint-exact-level -fplugin-arg-mint-verbose" } */

/* K at nine offsets, U at five.  */
#define FLUX(k, u, y, x)                                                 \
  (u[y][x]                                                               \
   + 0.1 * ((k[y][x + 1] + k[y + 1][x + 1]) * (u[y][x + 1] - u[y][x])    \
            - (k[y][x - 1] + k[y - 1][x - 1]) * (u[y][x] - u[y][x - 1])  \
            + (k[y + 1][x] + k[y + 1][x - 1]) * (u[y + 1][x] - u[y][x])  \
            - (k[y - 1][x] + k[y - 1][x + 1]) * (u[y][x] - u[y - 1][x])))

void
swapped (int n, int steps, double *ku, double *uu, double *vv)
{
  double (*k)[n] = (double (*)[n]) ku;
  double (*u)[n] = (double (*)[n]) uu, (*v)[n] = (double (*)[n]) vv;
#pragma mint copy(k, toDevice, n, n)
#pragma mint copy(u, toDevice, n, n)
#pragma mint copy(v, toDevice, n, n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all) /* { dg-message "temporal blocking: \[0-9\]+ steps per launch \[^\n\]* with u and v swapped" } */
        for (int y = 1; y < n - 1; y++)
          for (int x = 1; x < n - 1; x++)
            v[y][x] = FLUX (k, u, y, x);
        double (*w)[n] = u;
        u = v;
        v = w;
      }
  }
#pragma mint copy(u, fromDevice, n, n)
}

void
one_step (int n, double *ku, double *uu, double *vv)
{
  double (*k)[n] = (double (*)[n]) ku;
  double (*u)[n] = (double (*)[n]) uu, (*v)[n] = (double (*)[n]) vv;
#pragma mint copy(k, toDevice, n, n)
#pragma mint copy(u, toDevice, n, n)
#pragma mint copy(v, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "temporal blocking: \[0-9\]+ steps per launch \[^\n\]* with k and v swapped" } */
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        v[y][x] = FLUX (k, u, y, x);
  }
#pragma mint copy(v, fromDevice, n, n)
}
