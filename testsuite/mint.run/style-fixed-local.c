/* Fixed-size local (automatic) arrays, int elements, exact results.  */
/* { dg-do run } */
#include "mint-test.h"

#define NX 20
#define NY 12
#define NZ 7

#define STENCIL(a, z, y, x)                                              \
  (a[z][y][x] * 3 - a[z][y][x - 1] + a[z][y][x + 1] / 2                  \
   + (a[z][y - 1][x] % 7) - a[z + 1][y][x])

int
main (void)
{
  int a[NZ][NY][NX], b[NZ][NY][NX], ref[NZ][NY][NX];
  fill (&a[0][0][0], NX, NY, NZ, 1);
  fill (&b[0][0][0], NX, NY, NZ, 2);
  fill (&ref[0][0][0], NX, NY, NZ, 2);

#pragma mint copy(a, toDevice, NX, NY, NZ)
#pragma mint copy(b, toDevice, NX, NY, NZ)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(8, 4, 2)
    for (int z = 0; z < NZ - 1; z++)
      for (int y = 1; y < NY; y++)
        for (int x = 1; x < NX - 1; x++)
          b[z][y][x] = STENCIL (a, z, y, x);
  }
#pragma mint copy(b, fromDevice, NX, NY, NZ)

  for (int z = 0; z < NZ - 1; z++)
    for (int y = 1; y < NY; y++)
      for (int x = 1; x < NX - 1; x++)
        ref[z][y][x] = STENCIL (a, z, y, x);

  return test_report ("local int[NZ][NY][NX]",
                      max_error (&b[0][0][0], &ref[0][0][0], NX * NY * NZ),
                      TOL_EXACT);
}
