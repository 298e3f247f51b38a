/* A sequential loop in the body that reads back what its previous
   iteration stored keeps the value in a register from level 1 on
   (kir/carry.h): the forward and backward sweeps of a tridiagonal solve
   each carry s; the first iteration loads it in a block of its own.  A
   loop that stores its element twice carries nothing, nor does level 0.
   mint.run/sweep-carried.c runs such loops.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=1 -fplugin-arg-mint-verbose" } */

void
solve (int n, double (*d)[n][n], double (*s)[n][n], double (*e)[n][n],
       const double *m, const double *cp)
{
#pragma mint copy(d, toDevice, n, n, n)
#pragma mint copy(s, toDevice, n, n, n)
#pragma mint copy(e, toDevice, n, n, n)
#pragma mint copy(m, toDevice, n)
#pragma mint copy(cp, toDevice, n)
#pragma mint parallel
  {
#pragma mint for nest(2) /* { dg-message "values stored to s carried to the next iteration of their loop in registers" } */
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        {
          s[1][y][x] = d[1][y][x] * m[1];
          for (int z = 2; z < n - 1; z++)
            s[z][y][x] = (d[z][y][x] + s[z - 1][y][x]) * m[z];
          for (int z = n - 3; z >= 1; z--)
            s[z][y][x] = s[z][y][x] - cp[z] * s[z + 1][y][x];
        }
#pragma mint for nest(2) /* { dg-message "level 0; read-only path for d .not level 1" } */
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        for (int z = 1; z < n; z++)
          {
            e[z][y][x] = e[z - 1][y][x] + d[z][y][x];
            e[z][y][x] = 0.5 * e[z][y][x];
          }
  }
#pragma mint copy(s, fromDevice, n, n, n)
#pragma mint copy(e, fromDevice, n, n, n)
}

/* Two loops, two carried values, each loaded before its loop's first
   iteration and copied after the store; nothing for e.  */
/* { dg-final { scan-mint-cu "mint_u_mint_carry0 = s\\\[\\(\\(long long\\) z - 1LL\\)" } } */
/* { dg-final { scan-mint-cu "mint_u_mint_carry1 = s\\\[\\(\\(long long\\) z_1 \\+ 1LL\\)" } } */
/* { dg-final { scan-mint-cu "_t\[0-9\]+ = mint_u_mint_carry0;" } } */
/* { dg-final { scan-mint-cu "mint_u_mint_carried1 = 1;" } } */
/* { dg-final { scan-mint-cu-not "mint_carry2" } } */
