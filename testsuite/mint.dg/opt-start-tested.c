/* Why a red-black sweep stays at level 0: its points test their loop's
   start, so its arrays are read only where that test passes, not under
   a condition of the body, which it has none of.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=3 -fplugin-arg-mint-verbose" } */

void
sweep (int n, int color, double (*u)[n], double (*f)[n])
{
#pragma mint copy(u, toDevice, n, n)
#pragma mint copy(f, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "mint_sweep_14.: level 0; read-only path for f \\(not level 3: f is read only at the points that pass the test of their loop's start \\(a loop that starts where an outer loop's variable says, as a red-black sweep's rows do\\)\\)" } */
    for (int y = 1; y < n - 1; y++)
      for (int x = 1 + (y + color) % 2; x < n - 1; x += 2)
        u[y][x] = 0.25 * (u[y - 1][x] + u[y + 1][x] + u[y][x - 1]
                          + u[y][x + 1] - f[y][x]);
  }
#pragma mint copy(u, fromDevice, n, n)
}
