/* Threads per block = tile / chunksize per dimension: each division must
   be exact and the product at most 1024.  */
/* { dg-do compile } */

void
f (int n, double (*a)[n][n])
{
#pragma mint copy(a, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(16, 16, 1) chunksize(3, 1, 1) /* { dg-error "chunksize|divid" } */
    for (int z = 0; z < n; z++)
      for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
          a[z][y][x] = 1.0;
  }
#pragma mint copy(a, fromDevice, n, n, n)
}

void
g (int n, double (*a)[n][n])
{
#pragma mint copy(a, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(64, 32, 1) /* { dg-error "1024" } */
    for (int z = 0; z < n; z++)
      for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
          a[z][y][x] = 2.0;
  }
#pragma mint copy(a, fromDevice, n, n, n)
}
