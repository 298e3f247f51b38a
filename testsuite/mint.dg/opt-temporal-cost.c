/* Level 4 without -fplugin-arg-mint-exact-level: the cost model keeps the
   three-step variant where it was measured faster than level 3, for a
   nest that reads only the grid it swaps with (heat), also with a
   condition in its body (a point source) or a coefficient at the point
   (in a ring), and leaves it out where the nest reads a coefficient
   beyond the grid's halo (two cells away in x, read from memory), or
   the grid beside the point in another plane (a ring of four planes):
   those nests get level 3's kernel alone, and
   -fplugin-arg-mint-verbose says why.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=4 -fplugin-arg-mint-verbose" } */

void
heat (int nx, int ny, int nz, double (*u)[ny][nx], double (*v)[ny][nx],
      double (*k)[ny][nx])
{
#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint copy(v, toDevice, nx, ny, nz)
#pragma mint copy(k, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(32, 8, 4) chunksize(1, 1, 4)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          v[z][y][x] = 0.4 * u[z][y][x] + 0.1 * (u[z][y][x - 1] + u[z][y][x + 1]
                                                + u[z][y - 1][x] + u[z][y + 1][x]
                                                + u[z - 1][y][x] + u[z + 1][y][x]);
#pragma mint for nest(all) tile(32, 8, 4) chunksize(1, 1, 4)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          v[z][y][x] = u[z][y][x] + k[z][y][x] * (u[z][y][x - 1] + u[z][y][x + 1]
                                                  + u[z - 1][y][x] + u[z + 1][y][x]);
#pragma mint for nest(all) tile(32, 8, 4) chunksize(1, 1, 4)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          v[z][y][x] = u[z][y][x] + u[z - 1][y][x - 1] + u[z + 1][y][x + 1];
#pragma mint for nest(all) tile(32, 8, 4) chunksize(1, 1, 4)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 2; x < nx - 2; x++)
          v[z][y][x] = u[z][y][x] + k[z][y][x - 2] * (u[z][y][x - 1] + u[z][y][x + 1]
                                                      + u[z - 1][y][x] + u[z + 1][y][x]);
#pragma mint for nest(all) tile(32, 8, 4) chunksize(1, 1, 4)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          v[z][y][x] = 0.4 * u[z][y][x] + 0.1 * (u[z][y][x - 1] + u[z][y][x + 1]
                                                + u[z][y - 1][x] + u[z][y + 1][x]
                                                + u[z - 1][y][x] + u[z + 1][y][x])
                       + (x == nx / 2 && y == ny / 2 && z == nz / 2 ? 1.0 : 0.0);
  }
#pragma mint copy(v, fromDevice, nx, ny, nz)
}

/* { dg-final { scan-mint-cu "level 4 code:\n   temporal blocking: 3 steps per launch where the program repeats the nest with u and v swapped.  \\*.\nextern \"C\" __global__ void __launch_bounds__ \\(512, 1\\)\nmint_heat_22_temporal \\(" } } */
/* { dg-final { scan-mint-cu "mint_heat_29_temporal \\(" } } */
/* { dg-final { scan-mint-cu-not "mint_heat_35_temporal" } } */
/* { dg-final { scan-mint-cu-not "mint_heat_40_temporal" } } */
/* { dg-final { scan-mint-cu "mint_heat_46 \\(" } } */
/* { dg-final { scan-mint-cu "mint_heat_46_temporal \\(" } } */
/* { dg-message ".mint_heat_22.: temporal blocking: 3 steps per launch" "" { target *-*-* } 22 } */
/* { dg-message ".mint_heat_29.: temporal blocking: 3 steps per launch" "" { target *-*-* } 29 } */
/* { dg-message ".mint_heat_35.: no temporal blocking: the 3-step variant is measured faster than level 3 only where the nest reads no array but u and coefficients within its halo, and u one plane away in z and beside the point only in its own plane" "" { target *-*-* } 35 } */
/* { dg-message ".mint_heat_40.: no temporal blocking: the 3-step variant" "" { target *-*-* } 40 } */
