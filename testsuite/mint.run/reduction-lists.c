/* Several reductions on one loop: a list in one clause and several
   clauses, over double, float and int (mass and total energy in one
   pass, a sum and a maximum, three sums).  */
/* { dg-do run } */
#include "mint-test.h"

int
main (void)
{
  int nx = 37, ny = 29, nz = 23;
  double ***a = alloc3d_double (nx, ny, nz);
  float ***f = alloc3d_float (nx, ny, nz);
  int ***k = alloc3d_int (nx, ny, nz);
  fill (a[0][0], nx, ny, nz, 1);
  fill (f[0][0], nx, ny, nz, 2);
  fill (k[0][0], nx, ny, nz, 3);

  double mass = 0.25, te = -1.5, dmax = -1e300;
  float fsum = 0.0f;
  int isum = 5, imax = -1000000;
#pragma mint copy(a, toDevice, nx, ny, nz)
#pragma mint copy(f, toDevice, nx, ny, nz)
#pragma mint copy(k, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all) reduction(+:mass, te)
    for (int z = 0; z < nz; z++)
      for (int y = 0; y < ny; y++)
        for (int x = 0; x < nx; x++)
          {
            mass += a[z][y][x];
            te += 0.5 * a[z][y][x] * a[z][y][x] + f[z][y][x];
          }
#pragma mint for nest(all) reduction(+:fsum) reduction(max:dmax, imax)
    for (int z = 1; z < nz; z++)
      for (int y = 0; y < ny; y++)
        for (int x = 0; x < nx; x++)
          {
            fsum += f[z][y][x];
            dmax = fmax (dmax, a[z][y][x] - a[z - 1][y][x]);
            if (k[z][y][x] > imax)
              imax = k[z][y][x];
          }
#pragma mint for nest(2), reduction(+:isum), reduction(+:te)
    for (int z = 0; z < nz; z++)
      for (int y = 0; y < ny; y++)
        for (int x = 0; x < nx; x++)
          {
            isum += k[z][y][x] % 100;
            te += a[z][y][x];
          }
  }

  double mass_ref = 0.25, te_ref = -1.5, dmax_ref = -1e300;
  float fsum_ref = 0.0f;
  int isum_ref = 5, imax_ref = -1000000;
  for (int z = 0; z < nz; z++)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++)
        {
          mass_ref += a[z][y][x];
          te_ref += 0.5 * a[z][y][x] * a[z][y][x] + f[z][y][x];
        }
  for (int z = 1; z < nz; z++)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++)
        {
          fsum_ref += f[z][y][x];
          dmax_ref = fmax (dmax_ref, a[z][y][x] - a[z - 1][y][x]);
          if (k[z][y][x] > imax_ref)
            imax_ref = k[z][y][x];
        }
  for (int z = 0; z < nz; z++)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++)
        {
          isum_ref += k[z][y][x] % 100;
          te_ref += a[z][y][x];
        }

  printf ("mass %.17g (cpu %.17g), te %.17g (cpu %.17g)\n", mass, mass_ref,
          te, te_ref);
  printf ("fsum %.9g (cpu %.9g), dmax %.17g (cpu %.17g), imax %d (cpu %d), "
          "isum %d (cpu %d)\n", fsum, fsum_ref, dmax, dmax_ref, imax, imax_ref,
          isum, isum_ref);
  /* The device adds in another order: allow for rounding.  */
  int status = test_report ("reduction(+:mass, te) mass",
                            max_error (&mass, &mass_ref, 1), TOL_DOUBLE);
  status |= test_report ("reduction(+:mass, te) and reduction(+:te) te",
                         max_error (&te, &te_ref, 1), TOL_DOUBLE);
  status |= test_report ("reduction(+:fsum) float",
                         max_error (&fsum, &fsum_ref, 1), 1e-3);
  status |= test_report ("reduction(max:dmax, imax) double",
                         max_error (&dmax, &dmax_ref, 1), TOL_EXACT);
  status |= test_report ("reduction(max:dmax, imax) int",
                         max_error (&imax, &imax_ref, 1), TOL_EXACT);
  status |= test_report ("reduction(+:isum) int",
                         max_error (&isum, &isum_ref, 1), TOL_EXACT);
  free3d_double (a);
  free3d_float (f);
  free3d_int (k);
  return status;
}
