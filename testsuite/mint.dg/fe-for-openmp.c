/* Under -fopenmp, a `for' directive followed by an OpenMP construct is
   an error with a note that says a nest runs through mint or OpenMP, not
   both; an omp pragma elsewhere in the region's host code stays
   OpenMP's.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopenmp" } */

void
f (int n, double (*u)[n], double (*v)[n], double *w)
{
#pragma mint copy(u, toDevice, n, n)
#pragma mint copy(v, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(2) /* { dg-error ".#pragma mint for. must be followed by a .for. loop" } */
#pragma omp parallel for /* { dg-message "this is an OpenMP or OpenACC construct: a loop nest runs on the GPU through mint or through OpenMP, not both" } */
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        v[y][x] = 0.25 * (u[y][x - 1] + u[y][x + 1] + u[y - 1][x] + u[y + 1][x]);
#pragma mint for nest(2)
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        u[y][x] = v[y][x];
  }
#pragma mint copy(u, fromDevice, n, n)
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    w[i] = 2 * w[i];
}
