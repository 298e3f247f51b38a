/* A smoother callable from Fortran: every argument a pointer, the
   extents `*nx', `*ny' in the loop bounds and the flat subscripts, the
   coefficient `*alpha' in the body (also through a macro of the plain
   code's form), read as scalars before each launch, like structure
   members; the step count `*steps' in host code.  */
/* { dg-do run } */
#include "mint-test.h"

#define STEP(out, in, nx, alpha, j, i)                                  \
  out[(j) * (nx) + (i)]                                                  \
    = in[(j) * (nx) + (i)]                                               \
      + (alpha) * (in[(j) * (nx) + (i) - 1] + in[(j) * (nx) + (i) + 1]   \
                   + in[((j) - 1) * (nx) + (i)]                          \
                   + in[((j) + 1) * (nx) + (i)] - 4 * in[(j) * (nx) + (i)])

static void
smooth_ (const int *nx, const int *ny, const double *alpha,
         const int *steps, double *u, double *v)
{
#pragma mint copy(u, toDevice, *nx, *ny)
#pragma mint copy(v, toDevice, *nx, *ny)
#pragma mint parallel
  {
    for (int t = 0; t < *steps; t++)
      {
#pragma mint for nest(2)
        for (int j = 1; j < *ny - 1; j++)
          for (int i = 1; i < *nx - 1; i++)
            v[j * *nx + i] = u[j * *nx + i]
                             + *alpha * (u[j * *nx + i - 1]
                                         + u[j * *nx + i + 1]
                                         + u[(j - 1) * *nx + i]
                                         + u[(j + 1) * *nx + i]
                                         - 4 * u[j * *nx + i]);
#pragma mint for nest(2)
        for (int j = 1; j < *ny - 1; j++)
          for (int i = 1; i < *nx - 1; i++)
            STEP (u, v, *nx, *alpha, j, i);
      }
  }
#pragma mint copy(u, fromDevice, *nx, *ny)
}

static void
smooth_plain (int nx, int ny, double alpha, int steps, double *u, double *v)
{
  for (int t = 0; t < steps; t++)
    {
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++)
          STEP (v, u, nx, alpha, j, i);
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++)
          STEP (u, v, nx, alpha, j, i);
    }
}

int
main (void)
{
  int nx = 67, ny = 45, steps = 5;
  double alpha = 0.2;
  size_t n = (size_t) nx * ny;
  double *u = test_xmalloc (sizeof (double) * n);
  double *v = test_xmalloc (sizeof (double) * n);
  double *ru = test_xmalloc (sizeof (double) * n);
  double *rv = test_xmalloc (sizeof (double) * n);
  fill (u, nx, ny, 1, 1);
  memcpy (v, u, sizeof (double) * n);
  memcpy (ru, u, sizeof (double) * n);
  memcpy (rv, u, sizeof (double) * n);
  smooth_ (&nx, &ny, &alpha, &steps, u, v);
  smooth_plain (nx, ny, alpha, steps, ru, rv);
  return test_report ("pointer arguments", max_error (u, ru, n), TOL_DOUBLE);
}
