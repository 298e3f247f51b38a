/* Inner loops that walk rows, each thread its own, have their rows
   staged by warps through shared memory (opt/staged-rows.h): the arrays
   read and written on the thread's row with the same cell in every lane,
   in blocks of one or two warps, the first block shape beside them.  Not
   where a block is too wide for the windows (a tile given), where a
   condition differs between lanes, or where the loop walks z (the
   lanes' cells are adjacent already).  Flat arrays too, below.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=3 -fplugin-arg-mint-verbose" } */

#define SOLVE(s)                                                          \
  for (int z = 1; z < n - 1; z++)                                         \
    for (int y = 1; y < n - 1; y++)                                       \
      {                                                                   \
        s[z][y][1] = d[z][y][1] * m[1];                                   \
        for (int x = 2; x < n - 1; x++)                                   \
          s[z][y][x] = (d[z][y][x] + s[z][y][x - 1]) * m[x];              \
        for (int x = n - 3; x >= 1; x--)                                  \
          s[z][y][x] = s[z][y][x] - m[x] * s[z][y][x + 1];                \
      }

void
sweeps (int n, double (*d)[n][n], double (*s)[n][n], const double *m)
{
#pragma mint copy(d, toDevice, n, n, n)
#pragma mint copy(s, toDevice, n, n, n)
#pragma mint copy(m, toDevice, n)
#pragma mint parallel
  {
#pragma mint for nest(2) /* { dg-message "mint_sweeps_30.: level 0; read-only path for d, m; values stored to s carried to the next iteration of their loop in registers; forward sweeps of s along the rows computed again by the backward sweep from a value kept every 8 cells; rows of d, s staged by warps through shared memory, 16 cells at a time" } */
    SOLVE (s)
#pragma mint for nest(2) /* { dg-message "mint_sweeps_32.: 4 variants for the runtime to time, those after v0 compiled for the newest GPU architecture only: v0 tile 32x1 chunksize 1x1, v1 tile 64x1 chunksize 1x1, v2 tile 32x2 chunksize 1x1, v3 tile 32x8 chunksize 1x1" } */
    SOLVE (s)
#pragma mint for nest(2) tile(32, 8) /* { dg-message "mint_sweeps_34.: level 0; read-only path for d, m; values stored to s carried to the next iteration of their loop in registers; forward sweeps of s along the rows computed again by the backward sweep from a value kept every 8 cells; rows not staged: a block of 256 threads would need 69632 bytes of shared memory .at most 49152." } */
    SOLVE (s)
#pragma mint for nest(2) /* { dg-message "mint_sweeps_36.: level 0 .not level 3: the body has inner loops." } */
    for (int z = 1; z < n - 1; z++)
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1 && s[z][y][x - 1] < 1; x++)
          s[z][y][x] += 0.5 * s[z][y][x - 1];
#pragma mint for nest(2) /* { dg-message "mint_sweeps_41.: level 0; read-only path for d, m; values stored to s carried" } */
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        for (int z = 2; z < n - 1; z++)
          s[z][y][x] = (d[z][y][x] + s[z - 1][y][x]) * m[z];
  }
#pragma mint copy(s, fromDevice, n, n, n)
}

#define IDX(z, y, x) (((z) * n + (y)) * n + (x))

/* Flat arrays whose rows the inner loop walks through an index macro are
   read as grids (delinearize.h), carried and staged; not where the index
   is taken before the loop steps its variable and used after.  */
void
flat (int n, double *f, double *g, const double *m)
{
#pragma mint copy(f, toDevice, n * n * n)
#pragma mint copy(g, toDevice, n * n * n)
#pragma mint copy(m, toDevice, n)
#pragma mint parallel
  {
#pragma mint for nest(2) independent /* { dg-message "mint_flat_63.: level 0; read-only path for m; values stored to f carried to the next iteration of their loop in registers; rows of f staged by warps" } */
    for (int z = 0; z < n; z++)
      for (int y = 0; y < n; y++)
        for (int x = 1; x < n; x++)
          f[IDX (z, y, x)] = (f[IDX (z, y, x)] + f[IDX (z, y, x - 1)]) * m[x];
#pragma mint for nest(2) independent /* { dg-message "mint_flat_68.: level 0 .not level 3: the body has inner loops." } */
    for (int z = 0; z < n; z++)
      for (int y = 0; y < n; y++)
        for (int x = 1; x < n;)
          {
            int i = IDX (z, y, x);
            x++;
            g[i] = 0.5 * g[i - 1] + g[i];
          }
  }
#pragma mint copy(f, fromDevice, n * n * n)
#pragma mint copy(g, fromDevice, n * n * n)
}

/* { dg-final { scan-mint-cu "__shared__ double mint_window1\\\[1\\\]\\\[32\\\]\\\[17\\\];\n *mint_rows<double, 16> mint_rows1;" } } */
/* { dg-final { scan-mint-cu "__shared__ double mint_window1\\\[2\\\]\\\[32\\\]\\\[17\\\];" } } */
/* { dg-final { scan-mint-cu "mint_rows_put \\(&mint_rows1, \\(\\(long long\\) x\\), _t\[0-9\]+\\);" } } */
/* { dg-final { scan-mint-cu "mint_rows_flush \\(&mint_rows1\\);\n *continue;" } } */
/* { dg-final { scan-mint-cu "if \\(mint_tx >= mint_n_x\\)\n *continue;" } } */
