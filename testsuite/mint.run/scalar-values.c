/* Flat 3-D arrays indexed through strides held in variables set before
   the nest (int nxy = nx * ny; ptrdiff_t sy = nx, sz = nx * ny), which
   the kernel reads as a grid: the variables the strides come from travel
   to it too.  */
/* { dg-do run } */
#include <stddef.h>
#include "mint-test.h"

#define NX 29
#define NY 17
#define NZ 13

#define STEP(a, b, k, j, i)                                              \
  b[k * nxy + j * nx + i]                                                \
    = 0.4 * a[k * sz + j * sy + i]                                       \
      + 0.1 * (a[(k - 1) * nxy + j * nx + i] + a[(k + 1) * sz + j * sy + i] \
               + a[k * nxy + (j - 1) * nx + i] + a[k * nxy + (j + 1) * nx + i] \
               + a[k * nxy + j * nx + i - 1] + a[k * sz + j * sy + i + 1])

static void
step (int nx, int ny, int nz, const double *a, double *b)
{
  int nxy = nx * ny;
  const ptrdiff_t sy = nx, sz = (ptrdiff_t) nx * ny;
#pragma mint copy(a, toDevice, nx, ny, nz)
#pragma mint copy(b, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int k = 1; k < nz - 1; k++)
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++)
          STEP (a, b, k, j, i);
  }
#pragma mint copy(b, fromDevice, nx, ny, nz)
}

int
main (void)
{
  const int nx = NX, ny = NY, nz = NZ, nxy = NX * NY;
  const ptrdiff_t sy = NX, sz = NX * NY;
  const int n = NX * NY * NZ;
  double *a = test_xmalloc (n * sizeof *a), *b = test_xmalloc (n * sizeof *b);
  double *r = test_xmalloc (n * sizeof *r);
  fill (a, NX, NY, NZ, 4);
  memset (b, 0, n * sizeof *b);
  memset (r, 0, n * sizeof *r);
  step (NX, NY, NZ, a, b);
  for (int k = 1; k < nz - 1; k++)
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        STEP (a, r, k, j, i);
  printf ("b[%d] %.17g\n", 2 * nxy + 3 * nx + 4, b[2 * nxy + 3 * nx + 4]);
  return test_report ("strides in variables", max_error (b, r, n),
                      TOL_DOUBLE);
}
