/* At level 0 a nest keeps the parallel loops its directive asks for:
   the loops below stay in the body (opt-nest-deepen.c for levels 1 and
   up).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=0 -fplugin-arg-mint-verbose" } */

void
planes (int n, double (*a)[n][n], double (*b)[n][n])
{
#pragma mint copy(a, toDevice, n, n, n)
#pragma mint copy(b, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint for nest(2) /* { dg-message "mint_planes_14.: 2-D, tile" } */
    for (int z = 1; z < n - 1; z++)
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          b[z][y][x] = a[z][y][x] + a[z - 1][y][x];
  }
#pragma mint copy(b, fromDevice, n, n, n)
}
