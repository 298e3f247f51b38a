/* float *** grids over contiguous storage (the Mint paper's style), a
   7-point stencil with a three-value tile on a size that no tile divides.  */
/* { dg-do run } */
#include "mint-test.h"

#define NX 37
#define NY 29
#define NZ 23

#define STENCIL(in, z, y, x)                                             \
  (0.25f * in[z][y][x]                                                   \
   + 0.125f * (in[z][y][x - 1] + in[z][y][x + 1] + in[z][y - 1][x]       \
               + in[z][y + 1][x] + in[z - 1][y][x] + in[z + 1][y][x]))

static void
smooth_mint (float ***in, float ***out, int nx, int ny, int nz)
{
#pragma mint copy(in, toDevice, nx, ny, nz)
#pragma mint copy(out, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(8, 8, 8)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          out[z][y][x] = STENCIL (in, z, y, x);
  }
#pragma mint copy(out, fromDevice, nx, ny, nz)
}

static void
smooth_cpu (float ***in, float ***out, int nx, int ny, int nz)
{
  for (int z = 1; z < nz - 1; z++)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        out[z][y][x] = STENCIL (in, z, y, x);
}

int
main (void)
{
  float ***in = alloc3d_float (NX, NY, NZ);
  float ***out = alloc3d_float (NX, NY, NZ);
  float ***ref = alloc3d_float (NX, NY, NZ);
  fill (in[0][0], NX, NY, NZ, 1);
  fill (out[0][0], NX, NY, NZ, 2);
  fill (ref[0][0], NX, NY, NZ, 2);

  smooth_mint (in, out, NX, NY, NZ);
  smooth_cpu (in, ref, NX, NY, NZ);

  int status = test_report ("float ***", max_error (out[0][0], ref[0][0],
                                                    NX * NY * NZ), TOL_FLOAT);
  free3d_float (in);
  free3d_float (out);
  free3d_float (ref);
  return status;
}
