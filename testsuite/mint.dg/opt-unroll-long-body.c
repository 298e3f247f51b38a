/* Level 3 unrolls a walk's steps for the whole tile (at most 32), fewer
   where the body is long, so that nvcc's time stays bounded: about 1024
   machine instructions of the body in the unrolled steps, a libm call
   such as pow or sin counted as 100 (kir_code_size), but at least 4 steps
   where one step fits, none where it does not (the second nest's seven
   calls a point in 2 columns); where it can, a number of steps that
   divides the walk.  The first two nests and the fourth walk 32 rows of 2
   columns, the third, a 21-point stencil of radius 3, 18 rows: 9 steps
   unrolled, not 8.  */
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
#pragma mint for nest(all) tile(64, 18) chunksize(2, 18)
    for (int y = 3; y < ny - 3; y++)
      for (int x = 3; x < nx - 3; x++)
        v[y][x] = 0.4 * u[y][x]
                  + 0.1 * (u[y][x - 1] + u[y][x + 1] + u[y - 1][x] + u[y + 1][x])
                  + 0.05 * (u[y][x - 2] + u[y][x + 2] + u[y - 2][x] + u[y + 2][x])
                  + 0.02 * (u[y][x - 3] + u[y][x + 3] + u[y - 3][x] + u[y + 3][x])
                  + 0.01 * (u[y - 1][x - 1] + u[y + 1][x + 1] + u[y - 1][x + 1]
                            + u[y + 1][x - 1])
                  + 0.005 * (u[y - 2][x - 2] + u[y + 2][x + 2] + u[y - 2][x + 2]
                             + u[y + 2][x - 2]);
#pragma mint for nest(all) tile(64, 32) chunksize(2, 32)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        w[y][x] = pow (u[y][x], 1.5) + exp (-u[y][x - 1]) + log (u[y][x + 1]);
  }
#pragma mint copy(v, fromDevice, nx, ny)
#pragma mint copy(w, fromDevice, nx, ny)
}

/* { dg-final { scan-mint-cu "#pragma unroll 32\n +for \\(int mint_s = 0; mint_s < 32; \\+\\+mint_s\\)" } } */
/* { dg-final { scan-mint-cu "#pragma unroll 4\n +for \\(int mint_s = 0; mint_s < 32; \\+\\+mint_s\\)" } } */
/* { dg-final { scan-mint-cu "#pragma unroll 1\n +for \\(int mint_s = 0; mint_s < 32; \\+\\+mint_s\\)" } } */
/* { dg-final { scan-mint-cu "#pragma unroll 9\n +for \\(int mint_s = 0; mint_s < 18; \\+\\+mint_s\\)" } } */
