/* An array whose every access in the nest selects a plane by its first
   subscript, a constant (the components q[0], q[1], q[2] of a
   multi-field grid) or a variable of a loop around the nest (t[z - 1],
   t[z], t[z + 1]), is indexed plane by plane, as arrays of their own,
   which level 3 walks and keeps in registers; the notes name them by
   their planes.  A compound assignment to an element of plane 0
   (w[0][y][x] -= ..., where the gimplifier copies the pointer w) is one
   of them too.  An array also indexed at a component that varies stays
   whole, at level 0.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=3 -fplugin-arg-mint-verbose" } */

void
components (int n, double (*q)[n][n], double (*r)[n][n], float (*w)[n][n])
{
#pragma mint copy(q, toDevice, n, n, 3)
#pragma mint copy(r, toDevice, n, n, 3)
#pragma mint copy(w, toDevice, n, n, 2)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "offloaded .mint_components_21.: 2-D, tile 256x16x1, chunk 2x16x1, arrays: q\\\[1\\\], r\\\[0\\\], q\\\[0\\\], r\\\[1\\\]; scalars: none" } */
    for (int y = 1; y < n - 1; y++) /* { dg-message "mint_components_21.: level 3: each thread walks 16 points along y and computes 2 columns, its own columns in registers; q\\\[1\\\] in registers, q\\\[0\\\] in registers; 16-byte accesses to q\\\[1\\\], r\\\[0\\\], q\\\[0\\\], r\\\[1\\\] where rows are aligned" "" { target *-*-* } 21 } */
      for (int x = 1; x < n - 1; x++)
        {
          r[0][y][x] = q[1][y][x + 1] - q[1][y][x - 1];
          r[1][y][x] = q[0][y + 1][x] - q[0][y - 1][x];
        }
#pragma mint for nest(all) /* { dg-message "mint_components_28.: level 3: each thread walks 16 points along y and computes 4 columns, its own columns in registers; w\\\[1\\\] in registers; w\\\[0\\\] updated in place in registers" } */
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n - 1; x++)
        w[0][y][x] -= 0.25f * (w[1][y][x + 1] - w[1][y][x]);
#pragma mint for nest(2) /* { dg-message "mint_components_32.: level 0; read-only path for q .not level 3: q is read at a subscript that is no loop variable plus a constant." } */
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        for (int c = 1; c < 3; c++)
          r[c][y][x] = q[c][y][x] + q[0][y][x + 1];
  }
#pragma mint copy(r, fromDevice, n, n, 3)
#pragma mint copy(w, fromDevice, n, n, 2)
}

void
planes (int n, double (*t)[n][n], double (*s)[n][n])
{
#pragma mint copy(t, toDevice, n, n, n)
#pragma mint copy(s, toDevice, n, n, n)
#pragma mint parallel
  {
    for (int z = 1; z < n - 1; z++)
      {
#pragma mint for nest(all) /* { dg-message "mint_planes_51.: level 3: each thread walks 16 points along y and computes 2 columns, its own columns in registers; t\\\[z\\\] in registers, t\\\[z - 1\\\] in registers, t\\\[z \\\+ 1\\\] in registers" } */
        for (int y = 1; y < n - 1; y++)
          for (int x = 1; x < n - 1; x++)
            s[z][y][x] = 0.4 * t[z][y][x] + 0.1 * (t[z - 1][y][x]
                                                   + t[z + 1][y][x]
                                                   + t[z][y][x - 1]
                                                   + t[z][y][x + 1]);
      }
  }
#pragma mint copy(s, fromDevice, n, n, n)
}
