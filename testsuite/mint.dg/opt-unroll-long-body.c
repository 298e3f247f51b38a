/* Level 3 unrolls a walk's steps for the whole tile (at most 32), fewer
   where the body is long, so that nvcc's time stays bounded: about 4096
   machine instructions of the body in the unrolled steps, a libm call
   such as pow or sin counted as 100 (kir_code_size), but at least 4 steps.
   Both nests walk 32 rows of 2 columns.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=3" } */

#include <math.h>

void
step (int nx, int ny, double (*u)[nx], double (*v)[nx], double (*w)[nx])
{
#pragma mint copy(u, toDevice, nx, ny)
#pragma mint copy(v, toDevice, nx, ny)
#pragma mint copy(w, toDevice, nx, ny)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(64, 32) chunksize(2, 32)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        v[y][x] = 0.2 * (u[y][x] + u[y][x - 1] + u[y][x + 1] + u[y - 1][x]
                         + u[y + 1][x]);
#pragma mint for nest(all) tile(64, 32) chunksize(2, 32)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        w[y][x] = pow (u[y][x], 1.5) + exp (-u[y][x - 1]) + log (u[y][x + 1])
                  + sin (u[y - 1][x]) * cos (u[y + 1][x]) + tanh (u[y][x]);
  }
#pragma mint copy(v, fromDevice, nx, ny)
#pragma mint copy(w, fromDevice, nx, ny)
}

/* { dg-final { scan-mint-cu "#pragma unroll 32\n +for \\(int mint_s = 0; mint_s < 32; \\+\\+mint_s\\)" } } */
/* { dg-final { scan-mint-cu "#pragma unroll 4\n +for \\(int mint_s = 0; mint_s < 32; \\+\\+mint_s\\)" } } */
