/* An autotuned 3-D walk reloads its halo along z at both ends of its
   tile.  With a halo of 2 planes or more that is wider than the plane's,
   its second walk is 64 planes long (the reloaded planes' share falls
   with the length), not three times the halo.  A star of radius 2 in
   every direction keeps walks of 12 and 6 planes, one of radius 1 walks
   of 6 and 3.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=3 -fplugin-arg-mint-verbose" } */

#define PLANE(u) (u[z][y][x - 1] + u[z][y][x + 1] + u[z][y - 1][x]      \
                  + u[z][y + 1][x])
#define ZPAIR(u, q) (u[z - q][y][x] + u[z + q][y][x])

void
stars (int n, double (*u)[n][n], double (*v)[n][n])
{
#pragma mint copy(u, toDevice, n, n, n)
#pragma mint copy(v, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "mint_stars_\[0-9\]*.: 3 variants for the runtime to time, those after v0 compiled for the newest GPU architecture only: v0 tile 64x8x24 chunksize 2x1x24, v1 tile 64x8x64 chunksize 2x1x64, v2 tile 32x8x1 chunksize 1x1x1" } */
    for (int z = 4; z < n - 4; z++)
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          v[z][y][x] = 0.3 * u[z][y][x] + 0.04 * PLANE (u)
                       + 0.12 * ZPAIR (u, 1) + 0.07 * ZPAIR (u, 2)
                       + 0.04 * ZPAIR (u, 3) + 0.02 * ZPAIR (u, 4);
#pragma mint for nest(all) /* { dg-message "mint_stars_\[0-9\]*.: \[0-9\]* variants for the runtime to time, those after v0 compiled for the newest GPU architecture only: v0 tile 64x8x12 chunksize 2x1x12, v1 tile 64x8x64 chunksize 2x1x64," } */
    for (int z = 2; z < n - 2; z++)
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          u[z][y][x] = 0.4 * v[z][y][x] + 0.1 * PLANE (v)
                       + 0.08 * ZPAIR (v, 1) + 0.02 * ZPAIR (v, 2);
#pragma mint for nest(all) /* { dg-message "mint_stars_\[0-9\]*.: \[0-9\]* variants for the runtime to time, those after v0 compiled for the newest GPU architecture only: v0 tile 64x8x6 chunksize 2x1x6, v1 tile 64x8x3 chunksize 2x1x3," } */
    for (int z = 1; z < n - 1; z++)
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          v[z][y][x] = 0.4 * u[z][y][x] + 0.1 * PLANE (u) + 0.1 * ZPAIR (u, 1);
#pragma mint for nest(all) /* { dg-message "mint_stars_\[0-9\]*.: \[0-9\]* variants for the runtime to time, those after v0 compiled for the newest GPU architecture only: v0 tile 64x8x12 chunksize 2x1x12, v1 tile 64x8x6 chunksize 2x1x6," } */
    for (int z = 2; z < n - 2; z++)
      for (int y = 2; y < n - 2; y++)
        for (int x = 2; x < n - 2; x++)
          u[z][y][x] = 0.4 * v[z][y][x] + 0.1 * PLANE (v) + 0.02 * ZPAIR (v, 2)
                       + 0.02 * (v[z][y][x - 2] + v[z][y][x + 2] + v[z][y - 2][x]
                                 + v[z][y + 2][x]);
  }
#pragma mint copy(v, fromDevice, n, n, n)
}
