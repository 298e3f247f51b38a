/* -fplugin-arg-mint-opt=1 with -fplugin-arg-mint-exact-level stages the
   most reused array in shared memory (without it, the cost model keeps
   level 0: opt-cost-model.c).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=1 -fplugin-arg-mint-exact-level" } */

void
heat (int nx, int ny, int nz, double (*u)[ny][nx], double (*v)[ny][nx])
{
#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint copy(v, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(16, 16, 1)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          v[z][y][x] = u[z][y][x - 1] + u[z][y][x + 1] + u[z][y - 1][x]
                       + u[z][y + 1][x] + u[z - 1][y][x] + u[z + 1][y][x];
  }
#pragma mint copy(v, fromDevice, nx, ny, nz)
}

/* { dg-final { scan-mint-cu "__shared__" } } */
