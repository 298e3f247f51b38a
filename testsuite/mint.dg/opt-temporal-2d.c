/* Level 4 in 2-D: the variant walks y in rows of 256 cells a block, two
   a thread, as many steps a launch as the registers of 4 blocks of 128
   threads hold: 7 for a 5-point star (float: at 6 blocks), the stages
   after the third only in launches of as many; 3 for a radius-2 star; 5
   with a coefficient array, in a ring (no closing variant); radius 4 (3
   blocks); a 25-point box (left out: 15 reads of other threads' cells a
   step, the cost model takes 7; -verbose says why); chunked only.  */
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
#define ROW(j) (u[y + j][x - 2] + u[y + j][x - 1] + u[y + j][x] \
                + u[y + j][x + 1] + u[y + j][x + 2])
#pragma mint for nest(all)
    for (int y = 2; y < ny - 2; y++)
      for (int x = 2; x < nx - 2; x++)
        v[y][x] = 0.04 * (ROW (-2) + ROW (-1) + ROW (0) + ROW (1) + ROW (2));
  }
#pragma mint copy(v, fromDevice, nx, ny)
}

/* In float a thread's values take half the registers: 6 blocks of 128
   threads for the 5-point star's 7 steps, 8 for the closing variant's 2.  */
void
heat2f (int nx, int ny, float (*u)[nx], float (*v)[nx])
{
#pragma mint copy(u, toDevice, nx, ny)
#pragma mint copy(v, toDevice, nx, ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        v[y][x] = 0.5f * u[y][x] + 0.125f * (u[y][x - 1] + u[y][x + 1]
                                             + u[y - 1][x] + u[y + 1][x]);
  }
#pragma mint copy(v, fromDevice, nx, ny)
}

/* { dg-final { scan-mint-cu "level 4 code:\n   temporal blocking: 7 steps per launch \\(or 3 or 5\\) where the program repeats the nest with u and v swapped.  \\*.\nextern \"C\" __global__ void __launch_bounds__ \\(128, 4\\)\nmint_heat2_19_temporal_chunked \\(" } } */
/* { dg-final { scan-mint-cu "unsigned long long mint_run, unsigned mint_steps\\)" } } */
/* Stages 4 to 7 compute only in a launch of as many; else pass on.  */
/* { dg-final { scan-mint-cu "            if \\(mint_steps >= 7\\)\n" } } */
/* { dg-final { scan-mint-cu "            else\n            .\n            mint_v0 = mint_q6_0_1;\n            mint_v1 = mint_q6_1_1;\n" } } */
/* { dg-final { scan-mint-cu "__launch_bounds__ \\(128, 4\\)\nmint_heat2_24_temporal_chunked \\(" } } */
/* { dg-final { scan-mint-cu "__launch_bounds__ \\(128, 3\\)\nmint_heat2_36_temporal_chunked \\(" } } */
/* { dg-final { scan-mint-cu "mint_heat2_19_closing_chunked \\(" } } */
/* { dg-final { scan-mint-cu "const long long mint_ny = 1LL, mint_nw = mint_n_y;" } } */
/* { dg-final { scan-mint-cu "const int mint_Z0 = \\(int\\) blockIdx.y \\* mint_chunk;" } } */
/* Two cells a thread: the second reads the first's value from registers.  */
/* { dg-final { scan-mint-cu "const long long mint_X = \\(long long\\) blockIdx.x \\* 242 \\+ mint_i \\* 2 - 7;" } } */
/* { dg-final { scan-mint-cu "__launch_bounds__ \\(128, 4\\)\nmint_heat2_31_temporal_chunked \\(" } } */
/* { dg-final { scan-mint-cu-not "mint_heat2_31_closing" } } */
/* { dg-final { scan-mint-cu-not "mint_heat2_50_temporal" } } */
/* { dg-message ".mint_heat2_19.: temporal blocking: 7 steps per launch \\(or 3 or 5\\)" "" { target *-*-* } 19 } */
/* { dg-message ".mint_heat2_24.: temporal blocking: 3 steps per launch" "" { target *-*-* } 24 } */
/* { dg-message ".mint_heat2_31.: temporal blocking: 5 steps per launch \\(or 3\\)" "" { target *-*-* } 31 } */
/* { dg-message ".mint_heat2_36.: temporal blocking: 3 steps per launch" "" { target *-*-* } 36 } */
/* { dg-message ".mint_heat2_50.: no temporal blocking: in 2-D the variant is measured faster than level 3 only where a cell reads u from other threads at most 7 times a step \\(15 here\\)" "" { target *-*-* } 50 } */
/* { dg-final { scan-mint-cu "__launch_bounds__ \\(128, 6\\)\nmint_heat2f_67_temporal_chunked \\(" } } */
/* { dg-final { scan-mint-cu "__launch_bounds__ \\(128, 8\\)\nmint_heat2f_67_closing_chunked \\(" } } */
/* { dg-message ".mint_heat2f_67.: temporal blocking: 7 steps per launch" "" { target *-*-* } 67 } */

/* On bytes the level-3 walk loads 16 cells at once, and the variant ran
   slower than level 3 (the game of life): none.  */
void
life (int nx, int ny, unsigned char (*a)[nx], unsigned char (*b)[nx])
{
#pragma mint copy(a, toDevice, nx, ny)
#pragma mint copy(b, toDevice, nx, ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        {
          int c = a[y - 1][x - 1] + a[y - 1][x] + a[y - 1][x + 1]
                  + a[y][x - 1] + a[y][x + 1] + a[y + 1][x - 1]
                  + a[y + 1][x] + a[y + 1][x + 1];
          b[y][x] = c == 3 || (c == 2 && a[y][x]);
        }
  }
#pragma mint copy(b, fromDevice, nx, ny)
}

/* { dg-final { scan-mint-cu-not "mint_life_109_temporal" } } */
/* { dg-message ".mint_life_109.: no temporal blocking: the variant is measured slower than level 3 for values of 1 byte" "" { target *-*-* } 109 } */
/* { dg-final { scan-mint-cu-not "mint_heat2_19_temporal \\(" } } */
/* mint_heat2_31 reads k from its ring in shared memory, stage 5 the row
   loaded 5 iterations before.  */
/* { dg-final { scan-mint-cu "_t\[0-9\]+ = mint_c0_ring\\\[\\(\\(mint_p0 \\+ -5\\) & 7\\) \\* 256 \\+ mint_cell \\+ 128\\\];" } } */
