/* A nest that stores two or more cells apart in x (a prolongation to a
   grid twice as fine, each coarse point writing a 2 x 2 block) keeps one
   column a thread at level 3: with two, each store of a row would cover
   half of the warp's sectors.  The same coarse reads stored one cell a
   point in x take two columns and their 16-byte accesses.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=3 -fplugin-arg-mint-verbose" } */

void
prolong (int n, double (*c)[n + 1], double (*e)[2 * n + 1],
         double (*s)[n + 1])
{
#pragma mint copy(c, toDevice, n + 1, n + 1)
#pragma mint copy(e, toDevice, 2 * n + 1, 2 * n + 1)
#pragma mint copy(s, toDevice, n + 1, n + 1)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "mint_prolong_18.: level 3: each thread walks 16 points along y, its own column in registers; c in registers\n" } */
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        {
          e[2 * y][2 * x] = c[y][x];
          e[2 * y][2 * x + 1] = 0.5 * (c[y][x] + c[y][x + 1]);
          e[2 * y + 1][2 * x] = 0.5 * (c[y][x] + c[y + 1][x]);
          e[2 * y + 1][2 * x + 1] = 0.25 * (c[y][x] + c[y][x + 1]
                                            + c[y + 1][x] + c[y + 1][x + 1]);
        }
#pragma mint for nest(all) /* { dg-message "mint_prolong_28.: level 3: each thread walks 16 points along y and computes 2 columns" } */
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        s[y][x] = 0.25 * (c[y][x] + c[y][x + 1] + c[y + 1][x]
                          + c[y + 1][x + 1]);
  }
#pragma mint copy(e, fromDevice, 2 * n + 1, 2 * n + 1)
#pragma mint copy(s, fromDevice, n + 1, n + 1)
}
