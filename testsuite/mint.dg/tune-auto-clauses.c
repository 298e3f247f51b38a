/* tile(auto) and chunksize(auto) autotune at any level: at level 0, block
   shapes (32x8 first) and points per thread; in 1-D, block sizes.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=0" } */

void
smooth (int n, int m, double (*a)[n], double (*b)[n], double *c)
{
#pragma mint copy(a, toDevice, n, m)
#pragma mint copy(b, toDevice, n, m)
#pragma mint copy(c, toDevice, n)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(auto)
    for (int y = 1; y < m - 1; y++)
      for (int x = 1; x < n - 1; x++)
        b[y][x] = a[y - 1][x] + a[y + 1][x] + a[y][x - 1] + a[y][x + 1];
#pragma mint for chunksize(auto)
    for (int i = 0; i < n; i++)
      c[i] = 2 * c[i];
  }
#pragma mint copy(b, fromDevice, n, m)
#pragma mint copy(c, fromDevice, n)
}

/* { dg-final { scan-mint-cu "level 0 code.  \[*\]\[/\]\nextern \"C\" __global__ void __launch_bounds__ \\(256\\)\nmint_smooth_14_v0 \\(" } } */
/* { dg-final { scan-mint-cu "__launch_bounds__ \\(512\\)\nmint_smooth_14_v3 \\(" } } */
/* { dg-final { scan-mint-cu "for \\(int mint_cy = 0; mint_cy < 4; \\+\\+mint_cy\\)" } } */
/* { dg-final { scan-mint-cu "mint_smooth_14_v5 \\(" } } */
/* { dg-final { scan-mint-cu-not "mint_smooth_14_v6" } } */
/* { dg-final { scan-mint-cu "__launch_bounds__ \\(1024\\)\nmint_smooth_18_v3 \\(" } } */
/* { dg-final { scan-mint-cu "mint_smooth_18_v4 \\(" } } */
/* { dg-final { scan-mint-cu-not "mint_smooth_18_v5" } } */
