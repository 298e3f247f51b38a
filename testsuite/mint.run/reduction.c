/* reduction(+:sum) over double and int, reduction(max:m) over double and
   int, each over a 3-D nest of 37x29x23 points.  */
/* { dg-do run } */
#include "mint-test.h"

#define ENERGY(a, z, y, x)                                               \
  (a[z][y][x] * a[z][y][x] - a[z][y][x - 1] * a[z][y][x + 1])
#define SPREAD(a, z, y, x) (a[z][y][x] - a[z - 1][y][x])

int
main (void)
{
  int nx = 37, ny = 29, nz = 23;
  double ***a = alloc3d_double (nx, ny, nz);
  int ***k = alloc3d_int (nx, ny, nz);
  fill (a[0][0], nx, ny, nz, 1);
  fill (k[0][0], nx, ny, nz, 2);

  double sum = 0.5, dmax = -1e300;
  int isum = 7, imax = -1000000;
#pragma mint copy(a, toDevice, nx, ny, nz)
#pragma mint copy(k, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all) reduction(+:sum)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          sum += ENERGY (a, z, y, x);
#pragma mint for nest(all) tile(8, 8, 4) reduction(max:dmax)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          dmax = fmax (dmax, SPREAD (a, z, y, x));
#pragma mint for nest(2) reduction(+:isum)
    for (int z = 0; z < nz; z++)
      for (int y = 0; y < ny; y++)
        for (int x = 0; x < nx; x++)
          isum += k[z][y][x] % 100;
#pragma mint for nest(all) reduction(max:imax)
    for (int z = 1; z < nz; z++)
      for (int y = 0; y < ny; y++)
        for (int x = 0; x < nx; x++)
          imax = imax > SPREAD (k, z, y, x) ? imax : SPREAD (k, z, y, x);
  }

  double sum_ref = 0.5, dmax_ref = -1e300;
  int isum_ref = 7, imax_ref = -1000000;
  for (int z = 1; z < nz - 1; z++)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        {
          sum_ref += ENERGY (a, z, y, x);
          dmax_ref = fmax (dmax_ref, SPREAD (a, z, y, x));
        }
  for (int z = 0; z < nz; z++)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++)
        {
          isum_ref += k[z][y][x] % 100;
          if (z > 0 && SPREAD (k, z, y, x) > imax_ref)
            imax_ref = SPREAD (k, z, y, x);
        }

  printf ("sum %.17g (cpu %.17g), max %.17g (cpu %.17g)\n", sum, sum_ref,
          dmax, dmax_ref);
  printf ("int sum %d (cpu %d), int max %d (cpu %d)\n", isum, isum_ref, imax,
          imax_ref);
  /* The device adds in another order: allow for rounding.  */
  int status = test_report ("reduction(+) double", max_error (&sum, &sum_ref, 1),
                            TOL_DOUBLE);
  status |= test_report ("reduction(max) double",
                         max_error (&dmax, &dmax_ref, 1), TOL_EXACT);
  status |= test_report ("reduction(+) int", max_error (&isum, &isum_ref, 1),
                         TOL_EXACT);
  status |= test_report ("reduction(max) int", max_error (&imax, &imax_ref, 1),
                         TOL_EXACT);
  free3d_double (a);
  free3d_int (k);
  return status;
}
