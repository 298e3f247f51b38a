/* An array read and written at the point only, and stored there by a
   statement every point runs (an update in place, in one statement or
   several), is loaded before a level-3 thread's points and stored after
   them, 16 bytes at a time on the fast path, as an array only written is
   (there too where a second store runs under a condition); the body
   reads and writes its registers.  An array stored only under a
   condition keeps its loads and stores.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=3 -fplugin-arg-mint-verbose" } */

void
acoustics (int n, float (*p)[n], float (*vx)[n], float (*vy)[n])
{
#pragma mint copy(p, toDevice, n, n)
#pragma mint copy(vx, toDevice, n, n)
#pragma mint copy(vy, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "mint_acoustics_19.: level 3: each thread walks 16 points along y and computes 4 columns, its own columns in registers; p in registers; vx, vy updated in place in registers; 16-byte accesses to p, vx, vy where rows are aligned" } */
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        {
          vx[y][x] -= 0.2f * (p[y][x + 1] - p[y][x]);
          vy[y][x] -= 0.2f * (p[y + 1][x] - p[y][x]);
        }
  }
#pragma mint copy(vx, fromDevice, n, n)
#pragma mint copy(vy, fromDevice, n, n)
}

void
several (int n, double (*a)[n][n], double (*u)[n][n], double (*e)[n][n],
         double (*f)[n][n], double (*g)[n][n])
{
#pragma mint copy(a, toDevice, n, n, n)
#pragma mint copy(u, toDevice, n, n, n)
#pragma mint copy(e, toDevice, n, n, n)
#pragma mint copy(f, toDevice, n, n, n)
#pragma mint copy(g, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "mint_several_42.: level 3: each thread walks 6 points along z and computes 2x1 columns, its own columns in registers; a in registers; u, e updated in place in registers; 16-byte accesses to u, a, e, g where rows are aligned" } */
    for (int z = 1; z < n - 1; z++)
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          {
            u[z][y][x] = 0.5 * u[z][y][x] + 0.1 * (a[z][y][x - 1]
                                                   + a[z][y][x + 1]);
            e[z][y][x] *= u[z][y][x];
            e[z][y][x] += a[z][y][x];
            g[z][y][x] = a[z][y][x];
            if (a[z][y][x] > 0.5)
              {
                g[z][y][x] = u[z][y][x];
                f[z][y][x] = f[z][y][x] + 1;
              }
          }
  }
#pragma mint copy(u, fromDevice, n, n, n)
#pragma mint copy(e, fromDevice, n, n, n)
#pragma mint copy(f, fromDevice, n, n, n)
#pragma mint copy(g, fromDevice, n, n, n)
}
/* The load before the points and the store after them, 16 bytes wide.  */
/* { dg-final { scan-mint-cu "const float4 mint_w = __ldcg \\(\\(const float4 \\*\\) \\(mint_p \\+ 0\\)\\);" } } */
/* { dg-final { scan-mint-cu "__stwb \\(\\(float4 \\*\\) \\(mint_p \\+ 0\\), make_float4 \\(mint_o1_0_0, mint_o1_0_1, mint_o1_0_2, mint_o1_0_3\\)\\);" } } */
/* { dg-final { scan-mint-cu "const double2 mint_w = __ldcg \\(\\(const double2 \\*\\) \\(mint_p \\+ 0\\)\\);" } } */
/* The body reads the register, the value stored into it before; f keeps
   its load and store.  */
/* { dg-final { scan-mint-cu "mint_o0_0_1 = _t\[0-9\]+;\n *_ttmp = mint_o0_0_1;" } } */
/* { dg-final { scan-mint-cu "_t\[0-9\]+ = f\\\[" } } */
