/* Fixed-size global arrays double a[NZ][NY][NX], extents given by macros
   and macro expressions.  */
/* { dg-do run } */
#include "mint-test.h"

#define NX 40
#define NY 24
#define NZ (2 * 9)

double src[NZ][NY][NX];
double dst[NZ][NY][NX];
double ref[NZ][NY][NX];

#define STENCIL(a, z, y, x)                                              \
  (3.0 * a[z][y][x] - a[z][y][x - 1] - a[z - 1][y][x] - a[z][y + 1][x])

static void
compute_mint (void)
{
#pragma mint copy(src, toDevice, NX, NY, NZ)
#pragma mint copy(dst, toDevice, NX, NY, NZ)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(16, 8, 2)
    for (int z = 1; z < NZ - 1; z++)
      for (int y = 1; y < NY - 1; y++)
        for (int x = 1; x < NX - 1; x++)
          dst[z][y][x] = STENCIL (src, z, y, x);
  }
#pragma mint copy(dst, fromDevice, NX, NY, NZ)
}

int
main (void)
{
  fill (&src[0][0][0], NX, NY, NZ, 1);
  fill (&dst[0][0][0], NX, NY, NZ, 2);
  fill (&ref[0][0][0], NX, NY, NZ, 2);

  compute_mint ();
  for (int z = 1; z < NZ - 1; z++)
    for (int y = 1; y < NY - 1; y++)
      for (int x = 1; x < NX - 1; x++)
        ref[z][y][x] = STENCIL (src, z, y, x);

  return test_report ("global double[NZ][NY][NX]",
                      max_error (&dst[0][0][0], &ref[0][0][0], NX * NY * NZ),
                      TOL_DOUBLE);
}
