/* The front end checks the sizes the clauses give; the pass checks them
   with the defaults of the dimensions the clauses leave out (found by the
   fuzz test: tile(16, 1) chunksize(1, 1, 8) on a 3-D nest was an internal
   error).  */
/* { dg-do compile } */

void
f (int n, double (*a)[n][n], double (*b)[n][n])
{
#pragma mint copy(a, toDevice, n, n, n)
#pragma mint copy(b, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(16, 1) chunksize(1, 1, 8) /* { dg-error "tile size 1 in z \\(the default\\) is not a multiple of chunksize 8" } */
    for (int z = 0; z < n; z++)
      for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
          b[z][y][x] = a[z][y][x];
#pragma mint for nest(all) tile(128) /* { dg-error "has 2048 threads .* the defaults" } */
    for (int z = 0; z < n; z++)
      for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
          b[z][y][x] = 3.0 * a[z][y][x];
  }
#pragma mint copy(b, fromDevice, n, n, n)
}
