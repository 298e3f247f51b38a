/* A dimension below the outermost whose extent is a constant under a
   warp (a pixel's colours, a particle's coordinates) gets one thread a
   point in every autotuned candidate, and the threads that a candidate's
   wider tile would have left idle go to the dimension above, or to x
   where that is the outermost, which level 3 walks with one thread a
   column.  Extents of a warp or more keep the candidates' tiles.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=3 -fplugin-arg-mint-verbose" } */

void
narrow (int n, unsigned char (*img)[n][3], unsigned char (*out)[n][3],
        double (*p)[3], double (*q)[3], double (*u)[n][40],
        double (*v)[n][40], double (*f)[3][n], double (*g)[3][n])
{
#pragma mint copy(img, toDevice, 3, n, n)
#pragma mint copy(out, toDevice, 3, n, n)
#pragma mint copy(p, toDevice, 3, n)
#pragma mint copy(q, toDevice, 3, n)
#pragma mint copy(u, toDevice, 40, n, n)
#pragma mint copy(v, toDevice, 40, n, n)
#pragma mint copy(f, toDevice, n, 3, n)
#pragma mint copy(g, toDevice, n, 3, n)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "mint_narrow_\[0-9\]*.: \[0-9\]* variants for the runtime to time, those after v0 compiled for the newest GPU architecture only: v0 tile 3x80x6 chunksize 1x1x6, v1 tile 3x80x3 chunksize 1x1x3," } */
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        for (int c = 0; c < 3; c++)
          out[y][x][c] = (img[y - 1][x][c] + img[y + 1][x][c]
                          + img[y][x - 1][c] + img[y][x + 1][c]) / 4;
#pragma mint for nest(all) /* { dg-message "mint_narrow_\[0-9_\]*.: 3 variants for the runtime to time, those after v0 compiled for the newest GPU architecture only: v0 tile 3x672 chunksize 1x16, v1 tile 3x1344 chunksize 1x32, v2 tile 3x1360 chunksize 1x16" } */
    for (int i = 1; i < n - 1; i++)
      for (int c = 0; c < 3; c++)
        q[i][c] = 0.5 * p[i][c] + 0.25 * (p[i - 1][c] + p[i + 1][c]);
#pragma mint for nest(all) /* { dg-message "mint_narrow_\[0-9_\]*.: \[0-9\]* variants for the runtime to time, those after v0 compiled for the newest GPU architecture only: v0 tile 64x8x6 chunksize 2x1x6," } */
    for (int z = 1; z < n - 1; z++)
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < 39; x++)
          v[z][y][x] = 0.4 * u[z][y][x]
                       + 0.1 * (u[z][y][x - 1] + u[z][y][x + 1]
                                + u[z][y - 1][x] + u[z][y + 1][x]
                                + u[z - 1][y][x] + u[z + 1][y][x]);
#pragma mint for nest(all) /* { dg-message "mint_narrow_\[0-9_\]*.: \[0-9\]* variants for the runtime to time, those after v0 compiled for the newest GPU architecture only: v0 tile 128x3x6 chunksize 2x1x6," } */
    for (int z = 1; z < n - 1; z++)
      for (int c = 0; c < 3; c++)
        for (int x = 1; x < n - 1; x++)
          g[z][c][x] = 0.4 * f[z][c][x]
                       + 0.1 * (f[z][c][x - 1] + f[z][c][x + 1]
                                + f[z - 1][c][x] + f[z + 1][c][x]);
  }
#pragma mint copy(out, fromDevice, 3, n, n)
#pragma mint copy(g, fromDevice, n, 3, n)
#pragma mint copy(q, fromDevice, 3, n)
#pragma mint copy(v, fromDevice, 40, n, n)
}
