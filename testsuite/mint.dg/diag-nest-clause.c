/* nest takes 1, 2, 3 or all; and a nest deeper than the loop nest is an
   error.  */
/* { dg-do compile } */

void
f (int n, double (*a)[n][n])
{
#pragma mint copy(a, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint for nest(4) /* { dg-error "nest" } */
    for (int z = 0; z < n; z++)
      for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
          a[z][y][x] = 1.0;
  }
#pragma mint copy(a, fromDevice, n, n, n)
}

void
g (int n, double (*a)[n])
{
#pragma mint copy(a, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(3) /* { dg-error "nest|loop" } */
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        a[y][x] = 1.0;
  }
#pragma mint copy(a, fromDevice, n, n)
}
