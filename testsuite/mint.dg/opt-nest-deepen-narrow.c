/* A loop of the body of fewer iterations than a warp (a pixel's three
   colours) stays in each point where the nest runs in the default launch
   shape, whose 16 threads in x it would mostly leave idle: at level 2
   here.  Where mint chooses the shape, it becomes dimension x with one
   thread a point (opt-nest-deepen.c).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=2 -fplugin-arg-mint-verbose" } */

void
colours (int n, float (*rgb)[n][3], float (*rgb0)[n][3])
{
#pragma mint copy(rgb, toDevice, 3, n, n)
#pragma mint copy(rgb0, toDevice, 3, n, n)
#pragma mint parallel
  {
#pragma mint for nest(2) /* { dg-message "mint_colours_16.: 2-D, tile 16x16x1" } */
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        for (int c = 0; c < 3; c++)
          rgb[y][x][c] = 0.5f * (rgb0[y][x - 1][c] + rgb0[y][x + 1][c]);
  }
#pragma mint copy(rgb, fromDevice, 3, n, n)
}
/* { dg-message "mint_colours_16.: the loops below .nest.2.. run in each point: dimension x would be a loop of the body of fewer iterations than a warp has threads, in blocks of the default shape" "" { target *-*-* } 16 } */
