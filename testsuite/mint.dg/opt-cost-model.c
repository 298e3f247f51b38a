/* Without -fplugin-arg-mint-exact-level, levels 1 and 2 generate level-0
   code: their shared-memory tiles measured slower than level 0 on sm_90
   (bench/results/optimizer-notes.md), and no level may be slower than
   level 0.  The kept .cu says why.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=2" } */

void
heat (int nx, int ny, int nz, double (*u)[ny][nx], double (*v)[ny][nx])
{
#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint copy(v, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(16, 16, 8) chunksize(1, 1, 8)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          v[z][y][x] = u[z][y][x - 1] + u[z][y][x + 1] + u[z][y - 1][x]
                       + u[z][y + 1][x] + u[z - 1][y][x] + u[z + 1][y][x];
  }
#pragma mint copy(v, fromDevice, nx, ny, nz)
}

/* { dg-final { scan-mint-cu "level 0 code \\(level 2 asked for\\)" } } */
/* { dg-final { scan-mint-cu "shared-memory tiles measured slower" } } */
