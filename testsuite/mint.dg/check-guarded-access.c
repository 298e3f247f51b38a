/* Accesses under a condition that no access every point makes bounds:
   the launch check cannot look at them (the condition may keep them in
   the array), so the kernel checks each against its array's copy on the
   device, taking the copies' extents after its other parameters.  An
   access under a condition that the accesses every point makes bound, or
   one every point reaches after the condition, goes unchecked.  Level 4
   keeps nests whose condition guards no access, or only reads of A,
   whose box libmintrt checks before its variant's runs (checks off).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=4" } */

#define AT(x, y) ((y) * nx + (x))

void
rows (int nx, int ny, double (*u)[nx], double (*v)[nx], double *f,
      double *g)
{
#pragma mint copy(u, toDevice, nx, ny)
#pragma mint copy(v, toDevice, nx, ny)
#pragma mint copy(f, toDevice, nx * ny)
#pragma mint copy(g, toDevice, nx * ny)
#pragma mint parallel
  {
#pragma mint for nest(2)
    for (int y = 0; y < ny; y++)
      for (int x = 1; x < nx; x++)
        {
          double r = 0.0;
          if (u[y][x] > 0.5)
            r = u[y][x + 1];
          v[y][x] = 0.5 * (u[y][x - 1] + r);
        }
#pragma mint for nest(2)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        {
          double r = u[y][x - 1] + u[y][x + 1];
          if (x == 3)
            r += u[y][x];
          v[y][x] = r;
        }
#pragma mint for nest(2)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++)
        if (f[AT (x, y)] > 0.0)
          g[AT (x + 1, y)] = 1.0;
  }
#pragma mint copy(v, fromDevice, nx, ny)
#pragma mint copy(g, fromDevice, nx * ny)
}

void
heat (int n, double (*u)[n][n], double (*v)[n][n], int sx)
{
#pragma mint copy(u, toDevice, n, n, n)
#pragma mint copy(v, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 1; z < n - 1; z++)
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          {
            double s = 0.4 * u[z][y][x]
                       + 0.1 * (u[z][y][x - 1] + u[z][y][x + 1]
                                + u[z][y - 1][x] + u[z][y + 1][x]
                                + u[z - 1][y][x] + u[z + 1][y][x]);
            if (x == sx)
              s += 1.0;
            v[z][y][x] = s;
          }
#pragma mint for nest(all)
    for (int z = 1; z < n - 1; z++)
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          {
            double s = 0.4 * u[z][y][x];
            if (x > sx)
              s += 0.1 * (u[z][y][x - 1] + u[z][y][x + 1]
                          + u[z][y - 1][x] + u[z][y + 1][x]
                          + u[z - 1][y][x] + u[z + 1][y][x]);
            v[z][y][x] = s;
          }
  }
#pragma mint copy(v, fromDevice, n, n, n)
}

/* rows_24: the guarded read of u[y][x + 1] at the last column leaves
   u's copy (line 24 is 0x18, a block's test 0x20000000); u[y][x - 1] and
   the store follow the condition at every point.  */
/* { dg-final { scan-mint-cu "mint_rows_24_v0 \\(\[^)\]*double \\*__restrict__ v, long long mint_row_v, long long mint_plane_v,\n    long long mint_nx_u,\n    long long mint_ny_u,\n    long long mint_nz_u\\)" } } */
/* { dg-final { scan-mint-cu "if \\(mint_checked::value\n *&& \\(mint_outside \\(\\(\\(long long\\) x \\+ 1LL\\), mint_nx_u\\)\n *\\| mint_outside \\(\\(\\(long long\\) y\\), mint_ny_u\\)\\)\\)\n *mint_guard_fault\\\[0\\\] = 0x182d3e0001ULL;\n *r = __ldg" } } */
/* Each kernel with checks whose footprint bounds its checked arrays has
   a twin without them (mint_checked false), which libmintrt runs where
   that footprint lies in the copies.  */
/* { dg-final { scan-mint-cu "mint_rows_24_v0_unchecked \\(\[^)\]*long long mint_nz_u\\)\n\{\n  mint_wait_for_grids \\(\\);\n  using mint_checked = mint_bool<false>;" } } */
/* { dg-final { scan-mint-cu "mint_rows_24_v0 \\(\[^)\]*long long mint_nz_u\\)\n\{\n  mint_wait_for_grids \\(\\);\n  using mint_checked = mint_bool<true>;" } } */
/* { dg-final { scan-mint-cu-not "x - 1LL\\), mint_nx_u" } } */
/* rows_33: u[y][x] under the condition lies between u[y][x - 1] and
   u[y][x + 1], which every point reads.  */
/* { dg-final { scan-mint-cu-not "= 0x21\[0-9a-f\]{8}ULL" } } */
/* rows_42: a flat array's store under a condition is tested against its
   copy's count (a store, of a flat array, the second: 0xe0000002).  */
/* { dg-final { scan-mint-cu "mint_outside \\(\[^\n\]*, mint_nx_g \\* mint_ny_g \\* mint_nz_g\\)\\)\\)\n *mint_guard_fault\\\[0\\\] = 0x2afde20002ULL;" } } */
/* heat_59 keeps level 4; heat_72's neighbours are read only where
   x > sx, so it is refused.  */
/* { dg-final { scan-mint-cu "mint_heat_59_temporal" } } */
/* { dg-final { scan-mint-cu "mint_heat_72_temporal \\(\[^)\]*\\)\n\\x7b\n  mint_wait_for_grids \\(\\);\n  using mint_checked = mint_bool<false>;" } } */
/* One comparison per axis: the least offset against the extent less the
   span to the greatest.  */
/* { dg-final { scan-mint-cu "if \\(mint_checked::value\n *&& \\(mint_outside \\(\\(\\(long long\\) x - 1LL\\), mint_less_span \\(mint_nx_u, 2LL\\)\\)\n *\\| mint_outside \\(\\(\\(long long\\) y - 1LL\\), mint_less_span \\(mint_ny_u, 2LL\\)\\)\n *\\| mint_outside \\(\\(\\(long long\\) z - 1LL\\), mint_less_span \\(mint_nz_u, 2LL\\)\\)\\)\\)\n *mint_guard_fault\\\[0\\\] = 0x4829780001ULL;" } } */
