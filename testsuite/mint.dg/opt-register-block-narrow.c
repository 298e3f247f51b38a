/* Level 3's register blocks over narrow cells: a byte grid's thread
   computes four columns and loads and stores them four bytes at a time
   (uchar4), a grid of shorts four at a time (short4, 8 bytes), where one
   column a thread left a warp's row to single-byte loads.  Arrays of
   other widths in the same nest keep their 16-byte accesses.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=3 -fplugin-arg-mint-verbose" } */

#include <stdint.h>

void
life (int n, uint8_t (*a)[n], uint8_t (*b)[n], short (*s)[n], float (*f)[n],
      float (*g)[n])
{
#pragma mint copy(a, toDevice, n, n)
#pragma mint copy(b, toDevice, n, n)
#pragma mint copy(s, toDevice, n, n)
#pragma mint copy(f, toDevice, n, n)
#pragma mint copy(g, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "mint_life_22.: level 3: each thread walks 16 points along y and computes 4 columns, its own columns in registers; a in registers; 4-byte accesses to a, b where rows are aligned" } */
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        {
          int c = a[y - 1][x - 1] + a[y - 1][x] + a[y - 1][x + 1] + a[y][x - 1]
                  + a[y][x + 1] + a[y + 1][x - 1] + a[y + 1][x] + a[y + 1][x + 1];
          b[y][x] = (c == 3) | ((c == 2) & a[y][x]);
        }
#pragma mint for nest(all) /* { dg-message "mint_life_30.: level 3: each thread walks 16 points along y and computes 4 columns, its own columns in registers; s in registers, f in registers; 16-byte accesses to f, g; 8-byte accesses to s where rows are aligned" } */
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        g[y][x] = s[y - 1][x] + s[y + 1][x] + 0.5f * (f[y - 1][x] + f[y + 1][x]);
  }
#pragma mint copy(b, fromDevice, n, n)
#pragma mint copy(g, fromDevice, n, n)
}

/* { dg-final { scan-mint-cu "const uchar4 mint_w = __ldg \\(\\(const uchar4 \\*\\)" } } */
/* { dg-final { scan-mint-cu "__stwb \\(\\(uchar4 \\*\\) \\(mint_p \\+ 0\\), make_uchar4 \\(mint_o1_0_0, mint_o1_0_1, mint_o1_0_2, mint_o1_0_3\\)\\);" } } */
/* { dg-final { scan-mint-cu "const short4 mint_w = __ldg \\(\\(const short4 \\*\\)" } } */
