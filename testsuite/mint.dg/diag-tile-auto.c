/* auto stands alone in tile and chunksize, and lets mint choose both: the
   other clause cannot give sizes.  */
/* { dg-do compile } */

void
f (int n, double (*a)[n][n])
{
#pragma mint copy(a, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(auto, 4) /* { dg-error ".auto. stands alone: .tile\\(auto\\). lets mint choose every size" } */
    for (int z = 0; z < n; z++)
      for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
          a[z][y][x] = 1.0;
#pragma mint for nest(all) chunksize(1, auto) /* { dg-error ".auto. stands alone" } */
    for (int z = 0; z < n; z++)
      for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
          a[z][y][x] = 2.0;
#pragma mint for nest(all) tile(auto) chunksize(1, 1, 4) /* { dg-error ".tile\\(auto\\). lets mint choose the chunksize sizes too" } */
    for (int z = 0; z < n; z++)
      for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
          a[z][y][x] = 3.0;
#pragma mint for nest(all) tile(8, 8, 4) chunksize(auto) /* { dg-error ".chunksize\\(auto\\). lets mint choose the tile sizes too" } */
    for (int z = 0; z < n; z++)
      for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
          a[z][y][x] = 4.0;
  }
#pragma mint copy(a, fromDevice, n, n, n)
}
