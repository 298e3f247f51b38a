/* Level 4 in 2-D: the three-step variant walks y in rows of 256 cells a
   block, for a 5-point star (registers for 4 blocks a multiprocessor),
   a radius-2 star (3: it keeps more rows), the same with a coefficient
   array (left out: another array), and a radius-4 star (left out: it
   reads the grid beside the point's column 8 times a step, where the
   cost model takes at most 6); -fplugin-arg-mint-verbose says why.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=4 -fplugin-arg-mint-verbose" } */

void
heat2 (int nx, int ny, double (*u)[nx], double (*v)[nx], double (*k)[nx])
{
#pragma mint copy(u, toDevice, nx, ny)
#pragma mint copy(v, toDevice, nx, ny)
#pragma mint copy(k, toDevice, nx, ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        v[y][x] = 0.5 * u[y][x] + 0.125 * (u[y][x - 1] + u[y][x + 1]
                                           + u[y - 1][x] + u[y + 1][x]);
#pragma mint for nest(all)
    for (int y = 2; y < ny - 2; y++)
      for (int x = 2; x < nx - 2; x++)
        v[y][x] = 0.4 * u[y][x] + 0.1 * (u[y][x - 1] + u[y][x + 1]
                                         + u[y - 1][x] + u[y + 1][x])
                  + 0.05 * (u[y][x - 2] + u[y][x + 2] + u[y - 2][x]
                            + u[y + 2][x]);
#pragma mint for nest(all)
    for (int y = 2; y < ny - 2; y++)
      for (int x = 2; x < nx - 2; x++)
        v[y][x] = k[y][x] * u[y][x] + 0.1 * (u[y][x - 1] + u[y][x + 1]
                                             + u[y - 1][x] + u[y + 1][x]);
#pragma mint for nest(all)
    for (int y = 4; y < ny - 4; y++)
      for (int x = 4; x < nx - 4; x++)
        v[y][x] = 0.2 * u[y][x]
                  + 0.1 * (u[y][x - 1] + u[y][x + 1] + u[y - 1][x]
                           + u[y + 1][x])
                  + 0.05 * (u[y][x - 2] + u[y][x + 2] + u[y - 2][x]
                            + u[y + 2][x])
                  + 0.025 * (u[y][x - 3] + u[y][x + 3] + u[y - 3][x]
                             + u[y + 3][x])
                  + 0.0125 * (u[y][x - 4] + u[y][x + 4] + u[y - 4][x]
                              + u[y + 4][x]);
  }
#pragma mint copy(v, fromDevice, nx, ny)
}

/* { dg-final { scan-mint-cu "level 4 code:\n   temporal blocking: 3 steps per launch where the program repeats the nest with u and v swapped.  \\*.\nextern \"C\" __global__ void __launch_bounds__ \\(256, 4\\)\nmint_heat2_18_temporal \\(" } } */
/* { dg-final { scan-mint-cu "__launch_bounds__ \\(256, 3\\)\nmint_heat2_23_temporal \\(" } } */
/* { dg-final { scan-mint-cu "mint_heat2_18_closing \\(" } } */
/* { dg-final { scan-mint-cu "const long long mint_ny = 1LL, mint_nw = mint_n_y;" } } */
/* { dg-final { scan-mint-cu "const int mint_Z0 = \\(int\\) blockIdx.y \\* mint_chunk;" } } */
/* { dg-final { scan-mint-cu-not "mint_heat2_30_temporal" } } */
/* { dg-final { scan-mint-cu-not "mint_heat2_35_temporal" } } */
/* { dg-message ".mint_heat2_18.: temporal blocking: 3 steps per launch" "" { target *-*-* } 18 } */
/* { dg-message ".mint_heat2_23.: temporal blocking: 3 steps per launch" "" { target *-*-* } 23 } */
/* { dg-message ".mint_heat2_30.: no temporal blocking: the 3-step variant is measured faster than level 3 only where the nest reads no array but u, and reads u beside the point's column at most 6 times \\(2 here\\)" "" { target *-*-* } 30 } */
/* { dg-message ".mint_heat2_35.: no temporal blocking: the 3-step variant is measured faster than level 3 only where the nest reads no array but u, and reads u beside the point's column at most 6 times \\(8 here\\)" "" { target *-*-* } 35 } */
