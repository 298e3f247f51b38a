/* An array read only beside the point in the plane of the walk, not on
   the thread's own column (a centred difference along x, an average of
   the four in-plane neighbours in 3-D), is kept in registers at level 3
   like one read on the column: the cells a thread's columns share are
   loaded once a step, 16 bytes at a time on the fast path.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=3 -fplugin-arg-mint-verbose" } */

void
differences (int n, double (*a)[n], double (*d)[n], double (*q)[n][n],
             double (*p)[n][n])
{
#pragma mint copy(a, toDevice, n, n)
#pragma mint copy(d, toDevice, n, n)
#pragma mint copy(q, toDevice, n, n, n)
#pragma mint copy(p, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "mint_differences_19.: level 3: each thread walks 16 points along y and computes 2 columns, its own columns in registers; a in registers; 16-byte accesses to a, d where rows are aligned" } */
    for (int y = 0; y < n; y++)
      for (int x = 1; x < n - 1; x++)
        d[y][x] = 0.5 * (a[y][x + 1] - a[y][x - 1]);
#pragma mint for nest(all) /* { dg-message "mint_differences_23.: level 3: each thread walks 6 points along z and computes 2x1 columns, its own columns in registers; q in registers; 16-byte accesses to q, p where rows are aligned" } */
    for (int z = 0; z < n; z++)
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          p[z][y][x] = 0.25 * (q[z][y][x - 1] + q[z][y][x + 1]
                               + q[z][y - 1][x] + q[z][y + 1][x]);
  }
#pragma mint copy(d, fromDevice, n, n)
#pragma mint copy(p, fromDevice, n, n, n)
}
