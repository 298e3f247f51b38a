/* Level 3's 3-D candidates with a one-plane halo include a walk of 4
   planes at 64 registers and the same at 80 with its rows through a
   clamp, where the cells the walk holds from one step to the next (its
   register block of 2x1 columns chosen) take fewer than half of 64
   registers: a 7-point star holds 8 words and keeps both; a 19-point
   star holds 32, a 27-point box 48 in double and 36 in float, and go
   without (they spilled and ran 9% to 2 times slower than the tuner's
   choice).  The box walk of 2x2 columns (4x2 in float), which a body
   too long for the usual unroll has unrolled whole within a larger
   budget (the 27-point boxes), comes in rounds too, a variant of its
   own; the 19-point star's short body is unrolled whole either way.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=3 -fplugin-arg-mint-verbose" } */

#define AXES(u) (u[z][y][x - 1] + u[z][y][x + 1] + u[z][y - 1][x]       \
                 + u[z][y + 1][x] + u[z - 1][y][x] + u[z + 1][y][x])
#define EDGES(u) (u[z][y - 1][x - 1] + u[z][y - 1][x + 1]                \
                  + u[z][y + 1][x - 1] + u[z][y + 1][x + 1]              \
                  + u[z - 1][y][x - 1] + u[z - 1][y][x + 1]              \
                  + u[z + 1][y][x - 1] + u[z + 1][y][x + 1]              \
                  + u[z - 1][y - 1][x] + u[z - 1][y + 1][x]              \
                  + u[z + 1][y - 1][x] + u[z + 1][y + 1][x])
#define CORNERS(u) (u[z - 1][y - 1][x - 1] + u[z - 1][y - 1][x + 1]      \
                    + u[z - 1][y + 1][x - 1] + u[z - 1][y + 1][x + 1]    \
                    + u[z + 1][y - 1][x - 1] + u[z + 1][y - 1][x + 1]    \
                    + u[z + 1][y + 1][x - 1] + u[z + 1][y + 1][x + 1])
#define NEST for (int z = 1; z < n - 1; z++)                             \
               for (int y = 1; y < n - 1; y++)                           \
                 for (int x = 1; x < n - 1; x++)

void
walks (int n, double (*u)[n][n], double (*v)[n][n], float (*f)[n][n],
       float (*g)[n][n])
{
#pragma mint copy(u, toDevice, n, n, n)
#pragma mint copy(v, toDevice, n, n, n)
#pragma mint copy(f, toDevice, n, n, n)
#pragma mint copy(g, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "mint_walks_\[0-9\]*.: 8 variants for the runtime to time, those after v0 compiled for the newest GPU architecture only: v0 tile 64x8x6 chunksize 2x1x6, v1 tile 64x8x3 chunksize 2x1x3, v2 tile 64x8x4 chunksize 2x1x4 \\(at most 64 registers\\), v3 tile 64x8x4 chunksize 2x1x4 \\(at most 80 registers, rows through a clamp\\)," } */
    NEST
      v[z][y][x] = 0.4 * u[z][y][x] + 0.1 * AXES (u);
#pragma mint for nest(all) /* { dg-message "mint_walks_\[0-9\]*.: 3 variants for the runtime to time, those after v0 compiled for the newest GPU architecture only: v0 tile 64x8x6 chunksize 2x1x6, v1 tile 64x8x3 chunksize 2x1x3, v2 tile 64x8x12 chunksize 2x2x12" } */
    NEST
      u[z][y][x] = 0.4 * v[z][y][x] + 0.05 * AXES (v) + 0.025 * EDGES (v);
#pragma mint for nest(all) /* { dg-message "mint_walks_\[0-9\]*.: 4 variants for the runtime to time, those after v0 compiled for the newest GPU architecture only: v0 tile 64x8x6 chunksize 2x1x6, v1 tile 64x8x3 chunksize 2x1x3, v2 tile 64x8x12 chunksize 2x2x12 \\(walk unrolled whole\\), v3 tile 64x8x12 chunksize 2x2x12" } */
    NEST
      v[z][y][x] = 0.3 * u[z][y][x] + 0.05 * AXES (u) + 0.02 * EDGES (u)
                   + 0.01 * CORNERS (u);
#pragma mint for nest(all) /* { dg-message "mint_walks_\[0-9\]*.: 4 variants for the runtime to time, those after v0 compiled for the newest GPU architecture only: v0 tile 128x8x6 chunksize 4x1x6, v1 tile 128x8x3 chunksize 4x1x3, v2 tile 128x8x12 chunksize 4x2x12 \\(walk unrolled whole\\), v3 tile 128x8x12 chunksize 4x2x12" } */
    NEST
      g[z][y][x] = 0.3f * f[z][y][x] + 0.05f * AXES (f) + 0.02f * EDGES (f)
                   + 0.01f * CORNERS (f);
  }
#pragma mint copy(v, fromDevice, n, n, n)
#pragma mint copy(g, fromDevice, n, n, n)
}
