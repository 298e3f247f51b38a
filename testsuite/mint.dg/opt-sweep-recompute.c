/* At level 3 a line sweep along z written in place, whose backward pass
   overwrites every value of the forward pass but its last, stores the
   forward pass's values every 8 cells only and computes the others again
   in the backward pass (kir/recompute.h), along z or y, its right-hand
   side of up to three arrays; along the rows, whose windows the warps
   stage, the value before each window kept in a private array, its
   right-hand side of one array.  Not where the backward pass starts at
   the forward one's last cell, nor where the forward pass carries a local
   of its own to its next iteration; a right-hand side of four arrays
   (two along the rows) would be read twice for too little (the note says
   so).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=3 -fplugin-arg-mint-verbose" } */

void
sweeps (int n, double (*d)[n][n], double (*s)[n][n], double (*r)[n][n],
        double (*a)[n][n], double (*e)[n][n], double (*f)[n][n],
        double (*g)[n][n], double (*h)[n][n], double (*u)[n][n],
        double (*v)[n][n], const double *m, const double *cp)
{
#pragma mint copy(d, toDevice, n, n, n)
#pragma mint copy(s, toDevice, n, n, n)
#pragma mint copy(r, toDevice, n, n, n)
#pragma mint copy(a, toDevice, n, n, n)
#pragma mint copy(e, toDevice, n, n, n)
#pragma mint copy(f, toDevice, n, n, n)
#pragma mint copy(g, toDevice, n, n, n)
#pragma mint copy(h, toDevice, n, n, n)
#pragma mint copy(u, toDevice, n, n, n)
#pragma mint copy(v, toDevice, n, n, n)
#pragma mint copy(m, toDevice, n)
#pragma mint copy(cp, toDevice, n)
#pragma mint parallel
  {
#pragma mint for nest(2) /* { dg-message "values stored to s carried to the next iteration of their loop in registers; forward sweeps of s stored every 8 cells and computed again by the backward sweep" } */
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        {
          s[1][y][x] = d[1][y][x] * m[1];
          for (int z = 2; z < n - 1; z++)
            s[z][y][x] = (d[z][y][x] + s[z - 1][y][x]) * m[z];
          for (int z = n - 3; z >= 1; z--)
            s[z][y][x] = s[z][y][x] - cp[z] * s[z + 1][y][x];
        }
#pragma mint for nest(2) /* { dg-message "values stored to r carried to the next iteration of their loop in registers; forward sweeps of r along the rows computed again by the backward sweep from a value kept every 8 cells; rows of" } */
    for (int z = 1; z < n - 1; z++)
      for (int y = 1; y < n - 1; y++)
        {
          r[z][y][1] = d[z][y][1] * m[1];
          for (int x = 2; x < n - 1; x++)
            r[z][y][x] = (d[z][y][x] + r[z][y][x - 1]) * m[x];
          for (int x = n - 3; x >= 1; x--)
            r[z][y][x] = r[z][y][x] - cp[x] * r[z][y][x + 1];
        }
#pragma mint for nest(2) /* { dg-message "values stored to a carried to the next iteration of their loop in registers \\(not level 3" } */
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        {
          a[1][y][x] = d[1][y][x];
          for (int z = 2; z < n - 1; z++)
            a[z][y][x] = d[z][y][x] + 0.5 * a[z - 1][y][x];
          for (int z = n - 2; z >= 1; z--)
            a[z][y][x] = a[z][y][x] - 0.25 * a[z + 1][y][x];
        }
#pragma mint for nest(2) /* { dg-message "values stored to e carried to the next iteration of their loop in registers \\(not level 3" } */
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        {
          double prev = 0;
          e[1][y][x] = d[1][y][x];
          for (int z = 2; z < n - 1; z++)
            {
              double t = d[z][y][x] + 0.5 * prev;
              e[z][y][x] = t + 0.25 * e[z - 1][y][x];
              prev = t;
            }
          for (int z = n - 3; z >= 1; z--)
            e[z][y][x] = e[z][y][x] - 0.25 * e[z + 1][y][x];
        }
#pragma mint for nest(2) /* { dg-message "forward sweeps of u stored every 8 cells" } */
    for (int z = 1; z < n - 1; z++)
      for (int x = 1; x < n - 1; x++)
        {
          u[z][1][x] = (d[z][1][x] + f[z][1][x] + g[z][1][x]) * m[1];
          for (int y = 2; y < n - 1; y++)
            u[z][y][x] = (d[z][y][x] + f[z][y][x] + g[z][y][x]
                          + u[z][y - 1][x]) * m[y];
          for (int y = n - 3; y >= 1; y--)
            u[z][y][x] = u[z][y][x] - cp[y] * u[z][y + 1][x];
        }
#pragma mint for nest(2) /* { dg-message "values stored to u carried to the next iteration of their loop in registers; forward sweeps of u along the rows computed again by the backward sweep from a value kept every 8 cells; rows of" } */
    for (int z = 1; z < n - 1; z++)
      for (int y = 1; y < n - 1; y++)
        {
          u[z][y][1] = d[z][y][1] * m[1];
          for (int x = 2; x < n - 1; x++)
            u[z][y][x] = (d[z][y][x] + f[z][y][x] + u[z][y][x - 1]) * m[x];
          for (int x = n - 3; x >= 1; x--)
            u[z][y][x] = u[z][y][x] - cp[x] * u[z][y][x + 1];
        }
#pragma mint for nest(2) /* { dg-message "values stored to u carried to the next iteration of their loop in registers; forward sweeps of u stored whole: computed again, they would read more than they save; rows of" } */
    for (int z = 1; z < n - 1; z++)
      for (int y = 1; y < n - 1; y++)
        {
          u[z][y][1] = d[z][y][1] * m[1];
          for (int x = 2; x < n - 1; x++)
            u[z][y][x] = (d[z][y][x] + f[z][y][x] + g[z][y][x]
                          + u[z][y][x - 1]) * m[x];
          for (int x = n - 3; x >= 1; x--)
            u[z][y][x] = u[z][y][x] - cp[x] * u[z][y][x + 1];
        }
#pragma mint for nest(2) /* { dg-message "values stored to v carried to the next iteration of their loop in registers; forward sweeps of v stored whole: computed again, they would read more than they save" } */
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        {
          v[1][y][x] = d[1][y][x] * m[1];
          for (int z = 2; z < n - 1; z++)
            v[z][y][x] = (d[z][y][x] + f[z][y][x] + g[z][y][x] + h[z][y][x]
                          + v[z - 1][y][x]) * m[z];
          for (int z = n - 3; z >= 1; z--)
            v[z][y][x] = v[z][y][x] - cp[z] * v[z + 1][y][x];
        }
  }
}

/* The line's length a scalar of a structure, which the body reads into
   a temporary before it takes one from it.  */
struct line { int len; float w; };

void
rows (const struct line *L, float (*g)[64], float (*h)[64])
{
#pragma mint copy(g, toDevice, 64, 64)
#pragma mint copy(h, toDevice, 64, 64)
#pragma mint parallel
  {
#pragma mint for nest(1) /* { dg-message "forward sweeps of g along the rows computed again by the backward sweep from a value kept every 8 cells" } */
    for (int y = 0; y < 64; y++)
      {
        g[y][1] = h[y][1] * L->w;
        for (int x = 2; x <= L->len; x++)
          g[y][x] = (h[y][x] + 0.5f * g[y][x - 1]) * L->w;
        for (int x = L->len - 1; x >= 1; x--)
          g[y][x] = g[y][x] - 0.25f * g[y][x + 1];
      }
  }
#pragma mint copy(g, fromDevice, 64, 64)
}

/* The same over flat arrays indexed by a row length through a macro: a
   nest of one dimension reads them as grids too, and its windows reach
   the rows around the thread's (the copy's count of elements).  */
#define IX(y, x) ((y) * nx + (x))

void
flat_rows (int nx, float *g, const float *h)
{
  int cells = 64 * nx;
#pragma mint copy(g, toDevice, cells)
#pragma mint copy(h, toDevice, cells)
#pragma mint parallel
  {
#pragma mint for nest(1) independent /* { dg-message "forward sweeps of g along the rows computed again by the backward sweep from a value kept every 8 cells; rows of h, g staged by warps" } */
    for (int y = 0; y < 64; y++)
      {
        g[IX (y, 1)] = h[IX (y, 1)];
        for (int x = 2; x < nx; x++)
          g[IX (y, x)] = h[IX (y, x)] + 0.5f * g[IX (y, x - 1)];
        for (int x = nx - 2; x >= 1; x--)
          g[IX (y, x)] = g[IX (y, x)] - 0.25f * g[IX (y, x + 1)];
      }
  }
#pragma mint copy(g, fromDevice, cells)
}
/* { dg-final { scan-mint-cu "mint_rows_flat \\(&mint_rows0, h, mint_nx_h \\* mint_ny_h \\* mint_nz_h\\);" } } */
/* The segments along the rows move each staged window once, not at each
   access: the forward values read d's window, the backward sweep stores
   its eight cells of r's.  */
/* { dg-final { scan-mint-cu "mint_rows_hold_read \\(&mint_rows0, \\(\\(long long\\) mint_u_mint_segment0\\)\\);\n *\[_a-z0-9\]* = mint_rows_at \\(&mint_rows0, \\(\\(long long\\) mint_u_mint_segment0\\)\\);" } } */
/* { dg-final { scan-mint-cu "mint_rows_hold \\(&mint_rows1, \\(\\(long long\\) mint_u_mint_segment0\\), 0x0u, 0xffu\\);\n *mint_rows_at \\(&mint_rows1, \\(\\(long long\\) mint_u_mint_segment0 \\+ 7LL\\)\\) = " } } */
