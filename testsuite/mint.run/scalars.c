/* Scalars of every supported type passed by value to a kernel: int,
   unsigned, long, unsigned long, float, double; one of them changes
   between launches.  */
/* { dg-do run } */
#include "mint-test.h"

#define BODY(a, z, y, x)                                              \
  (a[z][y][x] * dscale + fscale * (double) (x % ioff)                    \
   + (double) ((unsigned) y * umul % 97u) + (double) (lbig / (z + 1))    \
   - (double) (ulmask & (unsigned long) (x + y)))

static void
compute_mint (int nx, int ny, int nz, double (*a)[ny][nx],
              double (*b)[ny][nx], int ioff, unsigned umul, long lbig,
              unsigned long ulmask, float fscale, double dscale)
{
#pragma mint copy(a, toDevice, nx, ny, nz)
#pragma mint copy(b, toDevice, nx, ny, nz)
#pragma mint parallel
  {
    for (int pass = 0; pass < 2; pass++)
      {
#pragma mint for nest(all)
        for (int z = 0; z < nz; z++)
          for (int y = 0; y < ny; y++)
            for (int x = 0; x < nx; x++)
              b[z][y][x] = BODY (a, z, y, x);
#pragma mint single
        {
          dscale = -0.5 * dscale;
        }
      }
  }
#pragma mint copy(b, fromDevice, nx, ny, nz)
}

int
main (void)
{
  int nx = 37, ny = 29, nz = 23;
  int ioff = 5;
  unsigned umul = 4000000000u;
  long lbig = 12345678901L;
  unsigned long ulmask = 0xf0ful;
  float fscale = 0.75f;
  double dscale = 1.25;
  double (*a)[ny][nx] = test_xmalloc (sizeof (double[nz][ny][nx]));
  double (*b)[ny][nx] = test_xmalloc (sizeof (double[nz][ny][nx]));
  double (*ref)[ny][nx] = test_xmalloc (sizeof (double[nz][ny][nx]));
  fill (&a[0][0][0], nx, ny, nz, 1);
  fill (&b[0][0][0], nx, ny, nz, 2);
  fill (&ref[0][0][0], nx, ny, nz, 2);

  compute_mint (nx, ny, nz, a, b, ioff, umul, lbig, ulmask, fscale, dscale);
  for (int pass = 0; pass < 2; pass++)
    {
      for (int z = 0; z < nz; z++)
        for (int y = 0; y < ny; y++)
          for (int x = 0; x < nx; x++)
            ref[z][y][x] = BODY (a, z, y, x);
      dscale = -0.5 * dscale;
    }

  int status = test_report ("scalars by value",
                            max_error (&b[0][0][0], &ref[0][0][0],
                                       nx * ny * nz), TOL_DOUBLE);
  free (a);
  free (b);
  free (ref);
  return status;
}
