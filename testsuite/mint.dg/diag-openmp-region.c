/* A parallel region inside an OpenMP construct that GCC moves into a
   function of its own (its variables become fields of the construct's
   data there) is one error at the region, not errors about its loops;
   the region in a function of its own, called from the construct,
   compiles.  A directive of a region inside such a construct in the
   region (each of its threads would launch the nest, and libmintrt's
   calls wait for one another) is an error at the directive.  */
/* { dg-do compile } */
/* { dg-options "-fopenmp" } */

void
inside (double **a, double **b, int np, int n)
{
#pragma omp parallel for /* { dg-message "the construct begins here" } */
  for (int p = 0; p < np; p++)
    {
      double *u = a[p], *v = b[p];
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel /* { dg-error "a .#pragma mint parallel. region inside an OpenMP or OpenACC construct cannot be offloaded; put the region in a function of its own and call that from the construct" } */
      {
#pragma mint for
        for (int i = 1; i < n - 1; i++)
          v[i] = u[i - 1] + u[i + 1];
      }
#pragma mint copy(v, fromDevice, n)
    }
}

static void
one (double *u, double *v, int n)
{
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < n - 1; i++)
      v[i] = u[i - 1] + u[i + 1];
  }
#pragma mint copy(v, fromDevice, n)
}

void
called (double **a, double **b, int np, int n)
{
#pragma omp parallel for
  for (int p = 0; p < np; p++)
    one (a[p], b[p], n);
}

void
construct_in_region (double *u, double *v, int n)
{
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
#pragma omp parallel /* { dg-message "the construct begins here" } */
#pragma mint for /* { dg-error "a .#pragma mint for. directive inside an OpenMP or OpenACC construct cannot run: each thread of the construct would run it on the region.s device copies at once; leave the construct out" } */
    for (int i = 1; i < n - 1; i++)
      v[i] = u[i - 1] + u[i + 1];
#pragma omp parallel /* { dg-message "the construct begins here" } */
    {
#pragma mint barrier /* { dg-error "a .#pragma mint barrier. directive inside an OpenMP" } */
    }
  }
#pragma mint copy(v, fromDevice, n)
}
