/* C89 style: the scalars and the scratch array of a 2-D and a 3-D nest
   are declared at the top of the function and set by each point before
   it reads them; mint makes them private to each point without a clause
   (mint.dg/diag-private-auto.c checks what -verbose says).  The same
   scratch array serves two nests, and the last nest reads a structure
   parameter's member, which stays shared.  */
/* { dg-do run } */
#include "mint-test.h"

#define NS 3

struct coeffs
{
  double c0, c1;
};

static void
compute (double ***a, double ***b, double **p, double **q, int nx, int ny,
         int nz, const struct coeffs *k, int use_mint)
{
  int x, y, z, s;
  double lap, centre, w[NS], t;
  if (use_mint)
    {
#pragma mint copy(a, toDevice, nx, ny, nz)
#pragma mint copy(b, toDevice, nx, ny, nz)
#pragma mint copy(p, toDevice, nx, ny)
#pragma mint copy(q, toDevice, nx, ny)
#pragma mint parallel
      {
#pragma mint for nest(all)
        for (z = 1; z < nz - 1; z++)
          for (y = 1; y < ny - 1; y++)
            for (x = 1; x < nx - 1; x++)
              {
                centre = a[z][y][x];
                for (s = 0; s < NS; s++)
                  w[s] = a[z][y][x + s - 1] + a[z + s - 1][y][x];
                lap = w[0] + w[2] - 2.0 * w[1];
                if (lap > centre)
                  t = lap;
                else
                  t = centre;
                b[z][y][x] = k->c0 * centre + k->c1 * lap + 0.01 * t;
              }
#pragma mint for nest(2)
        for (y = 1; y < ny - 1; y++)
          for (x = 1; x < nx - 1; x++)
            {
              w[0] = p[y][x - 1];
              w[1] = p[y][x];
              w[2] = p[y][x + 1];
              centre = w[1];
              q[y][x] = k->c0 * centre + k->c1 * (w[0] + w[2]);
            }
      }
#pragma mint copy(b, fromDevice, nx, ny, nz)
#pragma mint copy(q, fromDevice, nx, ny)
      return;
    }
  for (z = 1; z < nz - 1; z++)
    for (y = 1; y < ny - 1; y++)
      for (x = 1; x < nx - 1; x++)
        {
          double wr[NS], c = a[z][y][x], l;
          for (s = 0; s < NS; s++)
            wr[s] = a[z][y][x + s - 1] + a[z + s - 1][y][x];
          l = wr[0] + wr[2] - 2.0 * wr[1];
          b[z][y][x] = k->c0 * c + k->c1 * l + 0.01 * (l > c ? l : c);
        }
  for (y = 1; y < ny - 1; y++)
    for (x = 1; x < nx - 1; x++)
      q[y][x] = k->c0 * p[y][x] + k->c1 * (p[y][x - 1] + p[y][x + 1]);
}

int
main (void)
{
  int nx = 37, ny = 29, nz = 23;
  struct coeffs k = { 0.75, 0.125 };
  double ***a = alloc3d_double (nx, ny, nz);
  double ***b = alloc3d_double (nx, ny, nz);
  double ***bref = alloc3d_double (nx, ny, nz);
  double ***p3 = alloc3d_double (nx, ny, 1);
  double ***q3 = alloc3d_double (nx, ny, 1);
  double ***qref3 = alloc3d_double (nx, ny, 1);
  fill (a[0][0], nx, ny, nz, 1);
  fill (b[0][0], nx, ny, nz, 2);
  fill (bref[0][0], nx, ny, nz, 2);
  fill (p3[0][0], nx, ny, 1, 3);
  fill (q3[0][0], nx, ny, 1, 4);
  fill (qref3[0][0], nx, ny, 1, 4);

  compute (a, b, p3[0], q3[0], nx, ny, nz, &k, 1);
  compute (a, bref, p3[0], qref3[0], nx, ny, nz, &k, 0);
  int status = test_report ("3-D nest, top-declared scalars and w[3]",
                            max_error (b[0][0], bref[0][0],
                                       (size_t) nx * ny * nz), TOL_DOUBLE);
  status |= test_report ("2-D nest, the same w[3]",
                         max_error (q3[0][0], qref3[0][0], (size_t) nx * ny),
                         TOL_DOUBLE);
  free3d_double (a);
  free3d_double (b);
  free3d_double (bref);
  free3d_double (p3);
  free3d_double (q3);
  free3d_double (qref3);
  return status;
}
