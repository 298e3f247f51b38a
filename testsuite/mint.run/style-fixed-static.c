/* Fixed-size static arrays: one at file scope, one static in a function;
   float elements.  */
/* { dg-do run } */
#include "mint-test.h"

#define NX 33
#define NY 17
#define NZ 9

static float field[NZ][NY][NX];

#define STENCIL(a, z, y, x)                                              \
  (a[z][y][x] + 0.5f * (a[z][y][x + 1] - a[z][y][x - 1])                 \
   + 0.25f * (a[z + 1][y][x] - a[z - 1][y][x]))

/* Returns the function's own static result array.  */
static float (*compute_mint (void))[NY][NX]
{
  static float result[NZ][NY][NX];
  fill (&result[0][0][0], NX, NY, NZ, 5);
#pragma mint copy(field, toDevice, NX, NY, NZ)
#pragma mint copy(result, toDevice, NX, NY, NZ)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(32, 4, 1)
    for (int z = 1; z < NZ - 1; z++)
      for (int y = 0; y < NY; y++)
        for (int x = 1; x < NX - 1; x++)
          result[z][y][x] = STENCIL (field, z, y, x);
  }
#pragma mint copy(result, fromDevice, NX, NY, NZ)
  return result;
}

int
main (void)
{
  static float ref[NZ][NY][NX];
  fill (&field[0][0][0], NX, NY, NZ, 1);
  fill (&ref[0][0][0], NX, NY, NZ, 5);

  float (*result)[NY][NX] = compute_mint ();
  for (int z = 1; z < NZ - 1; z++)
    for (int y = 0; y < NY; y++)
      for (int x = 1; x < NX - 1; x++)
        ref[z][y][x] = STENCIL (field, z, y, x);

  return test_report ("static float[NZ][NY][NX]",
                      max_error (&result[0][0][0], &ref[0][0][0],
                                 NX * NY * NZ), TOL_FLOAT);
}
