/* An OpenMP construct inside the loop nest of a `for' directive (`omp
   simd' on its inner loop, under -fopenmp or -fopenmp-simd) is an error
   at the construct, once, with no GIMPLE names and no errors without a
   location; OpenMP in the host code around the region stays OpenMP's.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopenmp" } */

void
simd_inside (int n, double (*u)[n], double (*v)[n], double *w)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    w[i] = 2 * w[i];
#pragma mint copy(u, toDevice, n, n)
#pragma mint copy(v, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for /* { dg-message "the loop nest of this .#pragma mint for." } */
    for (int y = 1; y < n - 1; y++)
      {
#pragma omp simd /* { dg-error "an OpenMP construct inside the loop nest of a .#pragma mint for. cannot be offloaded" } */
        for (int x = 1; x < n - 1; x++)
          v[y][x] = 0.25 * (u[y][x - 1] + u[y][x + 1] + u[y - 1][x] + u[y + 1][x]);
      }
  }
#pragma mint copy(v, fromDevice, n, n)
}
