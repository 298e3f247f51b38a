/* Level 3's register blocks.  A nest whose threads compute one column
   (chunksize 1 below the walk) gets the cost model's block, two columns of
   doubles in x, one 16-byte access: the thread block keeps its 32 x 8
   threads (its launch bounds) and the tile grows to 64 x 8.  A chunksize
   clause below the walk is the block itself, and one larger than a thread
   may compute falls back.  The kept .cu loads
   and stores 16 bytes at a time on the fast path (mint_fast: the rows are
   aligned and every point of the thread is inside in x).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=3" } */

void
heat (int nx, int ny, int nz, double (*u)[ny][nx], double (*v)[ny][nx])
{
#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint copy(v, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(32, 8, 4) chunksize(1, 1, 4)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          v[z][y][x] = 0.4 * u[z][y][x] + 0.1 * (u[z][y][x - 1] + u[z][y][x + 1]
                                                + u[z][y - 1][x] + u[z][y + 1][x]
                                                + u[z - 1][y][x] + u[z + 1][y][x]);
#pragma mint for nest(all) tile(64, 32, 3) chunksize(2, 4, 3)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          u[z][y][x] = v[z][y - 1][x] + v[z][y + 1][x] + v[z - 1][y][x]
                       + v[z][y][x];
#pragma mint for nest(all) tile(36, 4, 4) chunksize(9, 1, 4)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          v[z][y][x] = u[z][y][x - 1] + u[z][y][x];
  }
#pragma mint copy(v, fromDevice, nx, ny, nz)
}

/* { dg-final { scan-mint-cu "computes 2x1 columns, its own columns in registers; u in registers; 16-byte accesses to u, v where rows are aligned\\.  \\*.\nextern \"C\" __global__ void __launch_bounds__ \\(256, 2\\)" } } */
/* { dg-final { scan-mint-cu "computes 2x4 columns, its own columns in registers; v in registers" } } */
/* { dg-final { scan-mint-cu "level 0 code \\(level 3 asked for\\):\n   level 0; read-only path for u \\(not level 3: chunksize 9 in x: a thread computes at most 8 points per dimension below the walk\\)" } } */
/* { dg-final { scan-mint-cu "const bool mint_fast = mint_nvx == 2\n    && \\(unsigned long long\\) \\(u \\+ mint_lo_x\\) % 16 == 0 && mint_row_u % 2 == 0 && mint_plane_u % 2 == 0" } } */
/* { dg-final { scan-mint-cu "__ldg \\(\\(const double2 \\*\\)" } } */
/* { dg-final { scan-mint-cu "__stwb \\(\\(double2 \\*\\) \\(mint_p \\+ 0\\), make_double2 \\(mint_o1_0_0, mint_o1_0_1\\)\\);" } } */
/* { dg-final { scan-mint-cu "mint_r0_3 = mint_min \\(2LL, mint_n_y - 1 \\+ 1 - mint_ty\\)" } } */
