/* -fplugin-arg-mint-autotune=off: one kernel per nest.  tile(auto) gets
   the candidate the autotuner would try first (at level 3, a walk of 6
   planes in 32x8 blocks); no clause at level 3 keeps the defaults, with
   their walk of 32 planes.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=3 -fplugin-arg-mint-autotune=off" } */

void
heat (int nx, int ny, int nz, double (*u)[ny][nx], double (*v)[ny][nx])
{
#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint copy(v, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(auto)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          v[z][y][x] = u[z - 1][y][x] + u[z + 1][y][x] + u[z][y][x];
#pragma mint for nest(all)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          u[z][y][x] = v[z - 1][y][x] + v[z + 1][y][x] + v[z][y][x];
  }
#pragma mint copy(u, fromDevice, nx, ny, nz)
}

/* { dg-final { scan-mint-cu "each thread walks 6 points along z\[^\n\]*\n\[^\n\]*\nmint_heat_15 \\(" } } */
/* { dg-final { scan-mint-cu "each thread walks 32 points along z\[^\n\]*\n\[^\n\]*\nmint_heat_20 \\(" } } */
/* { dg-final { scan-mint-cu-not "_v0" } } */
