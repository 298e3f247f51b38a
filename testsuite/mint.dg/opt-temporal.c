/* Level 4 with -fplugin-arg-mint-exact-level (without it the cost model
   keeps level 3, mint.dg/opt-temporal-cost.c): a nest that reads one grid
   at stencil offsets and writes another at the point gets a variant that
   runs three steps per launch (MINT_TEMPORAL_SUFFIX), whose blocks of 32 x
   16 threads keep the intermediate steps' last two planes in a ring in
   dynamic shared memory and their own four rows (floats: three) in
   registers, the walk unrolled twice (one barrier per plane).  Nests
   that write two arrays, read the array they write, or read the grid two
   points away in x get none.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=4 -fplugin-arg-mint-exact-level" } */

void
heat (int nx, int ny, int nz, double (*u)[ny][nx], double (*v)[ny][nx],
      double (*w)[ny][nx])
{
#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint copy(v, toDevice, nx, ny, nz)
#pragma mint copy(w, toDevice, nx, ny, nz)
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
          {
            v[z][y][x] = u[z][y][x - 1] + u[z][y][x + 1];
            w[z][y][x] = u[z][y][x];
          }
#pragma mint for nest(all) tile(32, 8, 4) chunksize(1, 1, 4)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 2; x < nx - 2; x++)
          v[z][y][x] = u[z][y][x - 2] + u[z][y][x + 2];
  }
#pragma mint copy(v, fromDevice, nx, ny, nz)
}

/* { dg-final { scan-mint-cu "level 4 code:\n   temporal blocking: 3 steps per launch where the program repeats the nest with u and v swapped.  \\*.\nextern \"C\" __global__ void __launch_bounds__ \\(512, 1\\)\nmint_heat_22_temporal \\(" } } */
/* { dg-final { scan-mint-cu "MINT_DYNAMIC_SHARED \\(mint_dynamic_shared\\);\n  double \\*const mint_ring = \\(double \\*\\) mint_dynamic_shared;" } } */
/* Stage 2 at the first phase reads stage 1's plane from the iteration
   before (ring slot 1 of 2 planes of 32 x 64) and its own row from
   registers; stage 1 at the second phase keeps its value in slot 1.  */
/* { dg-final { scan-mint-cu "_t\[0-9\]+ = mint_q1_0_1;\n\[^\n\]*\n *_t\[0-9\]+ = mint_ring\\\[6144 \\+ mint_cell \\+ 0 \\+ mint_left1\\\]" } } */
/* { dg-final { scan-mint-cu "mint_f1_1 = mint_v1;\n            mint_ring\\\[6144 \\+ mint_cell \\+ 32\\\] = mint_v1;" } } */
/* Each kernel in two forms: chunks of a constant 64 planes, and chunks
   from the grid (MINT_CHUNKED_SUFFIX).  */
/* { dg-final { scan-mint-cu "mint_heat_22_temporal \\(\[^\n\]*\n(\[^\n\]*\n)*  const int mint_chunk = 64;\n  const int mint_Z0 = \\(int\\) blockIdx.z \\* mint_chunk;" } } */
/* { dg-final { scan-mint-cu "mint_heat_22_temporal_reload_chunked \\(\[^\n\]*\n(\[^\n\]*\n)*  const int mint_chunk = \\(mint_nz \\+ \\(int\\) gridDim.z - 1\\) / \\(int\\) gridDim.z;" } } */
/* { dg-final { scan-mint-cu "mint_heat_22_temporal_chunked \\(" } } */
/* In 3-D a launch runs all 3 steps: no stage tests the launch's.  */
/* { dg-final { scan-mint-cu-not "mint_steps >=" } } */
/* { dg-final { scan-mint-cu-not "mint_heat_29_temporal" } } */
/* { dg-final { scan-mint-cu-not "mint_heat_37_temporal" } } */

/* In float a thread's values take half the registers: 2 blocks of 512
   threads a multiprocessor, each thread 3 rows (tiles of 32 x 48 cells,
   26 x 42 points stored).  */
void
heatf (int nx, int ny, int nz, float (*u)[ny][nx], float (*v)[ny][nx])
{
#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint copy(v, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          v[z][y][x] = 0.4f * u[z][y][x]
                       + 0.1f * (u[z][y][x - 1] + u[z][y][x + 1]
                                 + u[z][y - 1][x] + u[z][y + 1][x]
                                 + u[z - 1][y][x] + u[z + 1][y][x]);
  }
#pragma mint copy(v, fromDevice, nx, ny, nz)
}

/* { dg-final { scan-mint-cu "__launch_bounds__ \\(512, 2\\)\nmint_heatf_73_temporal \\(" } } */
/* { dg-final { scan-mint-cu "__launch_bounds__ \\(512, 1\\)\nmint_heat_22_temporal \\(" } } */
/* { dg-final { scan-mint-cu "mint_heatf_73_temporal \\(\[^\n\]*\n(\[^\n\]*\n)*  const long long mint_Y0 = \\(long long\\) blockIdx.y \\* 42 \\+ mint_j \\* 3 - 3;" } } */
