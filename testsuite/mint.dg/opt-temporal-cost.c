/* Level 4 without -fplugin-arg-mint-exact-level: the cost model keeps the
   three-step variant where it was measured faster than level 3, for a
   nest that reads only the grid it swaps with (heat), also with a
   condition in its body (a point source), and leaves it out where the
   nest reads another array too (a coefficient), or the grid beside the
   point in another plane (a ring of four planes): those nests get level
   3's kernel alone, and -fplugin-arg-mint-verbose says why.  */
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
        for (int x = 1; x < nx - 1; x++)
          v[z][y][x] = 0.4 * u[z][y][x] + 0.1 * (u[z][y][x - 1] + u[z][y][x + 1]
                                                + u[z][y - 1][x] + u[z][y + 1][x]
                                                + u[z - 1][y][x] + u[z + 1][y][x])
                       + (x == nx / 2 && y == ny / 2 && z == nz / 2 ? 1.0 : 0.0);
  }
#pragma mint copy(v, fromDevice, nx, ny, nz)
}

/* { dg-final { scan-mint-cu "level 4 code:\n   temporal blocking: 3 steps per launch where the program repeats the nest with u and v swapped.  \\*.\nextern \"C\" __global__ void __launch_bounds__ \\(512, 1\\)\nmint_heat_20_temporal \\(" } } */
/* { dg-final { scan-mint-cu-not "mint_heat_27_temporal" } } */
/* { dg-final { scan-mint-cu-not "mint_heat_33_temporal" } } */
/* { dg-final { scan-mint-cu "mint_heat_38 \\(" } } */
/* { dg-final { scan-mint-cu "mint_heat_38_temporal \\(" } } */
/* { dg-message ".mint_heat_27.: no temporal blocking: the 3-step variant is measured faster than level 3 only where the nest reads no array but u, and u one plane away in z and beside the point only in its own plane" "" { target *-*-* } 27 } */
/* { dg-message ".mint_heat_33.: no temporal blocking: the 3-step variant" "" { target *-*-* } 33 } */
/* { dg-message ".mint_heat_20.: temporal blocking: 3 steps per launch" "" { target *-*-* } 20 } */
