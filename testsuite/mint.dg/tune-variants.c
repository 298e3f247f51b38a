/* At level 3 a `for' with neither tile nor chunksize is autotuned: the
   image holds one kernel per candidate shape as the _shared twin for
   equal strides, NAME_v0 (the compile-time choice, a walk of 6 planes) to
   NAME_v7 (those after v0 for MINT_CANDIDATE_ARCH on), and NAME_v0 for
   other strides too; no kernel NAME.  Clauses giving the shape keep one
   kernel; a nest with a reduction is tuned too (4096 points a block).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=3" } */

double
heat (int nx, int ny, int nz, double (*u)[ny][nx], double (*v)[ny][nx])
{
  double s = 0;
#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint copy(v, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all) nowait
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          v[z][y][x] = 0.1 * (u[z][y][x - 1] + u[z][y][x + 1]
                              + u[z][y - 1][x] + u[z][y + 1][x]
                              + u[z - 1][y][x] + u[z + 1][y][x]);
#pragma mint for nest(all) tile(32, 8, 4) chunksize(1, 1, 4)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          u[z][y][x] = v[z - 1][y][x] + v[z + 1][y][x];
#pragma mint for nest(all) chunksize(auto) reduction(+:s)
    for (int z = 0; z < nz; z++)
      for (int y = 0; y < ny; y++)
        for (int x = 0; x < nx; x++)
          s += u[z][y][x];
  }
#pragma mint copy(u, fromDevice, nx, ny, nz)
  return s;
}

/* { dg-final { scan-mint-cu "mint.dg/tune-variants.c:18, 3 parallel dimensions; level 3 code:\n   level 3: each thread walks 6 points along z" } } */
/* { dg-final { scan-mint-cu "void __launch_bounds__ \\(256, 2\\)\nmint_heat_18_v0 \\(" } } */
/* { dg-final { scan-mint-cu "mint_heat_18_v0_shared \\(" } } */
/* { dg-final { scan-mint-cu "each thread walks 3 points along z\[^\n\]*\n\[^\n\]*\n\[^\n\]*\nmint_heat_18_v1_shared \\(" } } */
/* { dg-final { scan-mint-cu "mint_heat_18_v6_shared \\(" } } */
/* { dg-final { scan-mint-cu "level 0 code \\(level 3 asked for\\):\n   level 0; read-only path for u \\(not level 3: tile 1 in z leaves nothing to aggregate\\)\\.  \\*.\nextern \"C\" __global__ void __launch_bounds__ \\(256\\)\nmint_heat_18_v7 \\(" } } */
/* { dg-final { scan-mint-cu-not "mint_heat_18_v8" } } */
/* { dg-final { scan-mint-cu-not "mint_heat_18 \\(" } } */
/* { dg-final { scan-mint-cu "\nmint_heat_18_v0 \\(" } } */
/* { dg-final { scan-mint-cu-not "\nmint_heat_18_v\[1-6\] \\(" } } */
/* { dg-final { scan-mint-cu "\nmint_heat_25 \\(" } } */
/* { dg-final { scan-mint-cu-not "mint_heat_25_v" } } */
/* { dg-final { scan-mint-cu "\nmint_heat_30_v0 \\(" } } */
/* { dg-final { scan-mint-cu "tune-variants.c:30, 3 parallel dimensions; level 3 code:\n   level 3: each thread walks 12 points along z" } } */
/* { dg-final { scan-mint-cu-not "\nmint_heat_30 \\(" } } */
/* Register limits: NAME_v2 is a walk of 4 planes at 64 registers a
   thread (4 resident blocks of 256 threads), NAME_v3 the same
   at 80 (3 blocks) with the rows above and below through a clamp that
   never bites, NAME_v4 a walk of 8 planes at 32 (8 blocks: full
   occupancy), one column per thread, whose walk stays rolled and moves
   one pointer per array a plane a step, and stores v after the point at
   the address of the walk's plane (not the body's subscripts, which nvcc
   recomputes every step), and for this star stencil NAME_v5
   and NAME_v6 the same rolled walk of 3 and of 4 planes, and NAME_v7 one
   point a thread in blocks of 32x8 (level 0).  The nest with
   clauses keeps the cost model's limit of 128 registers and its unrolled
   walk.  */
/* { dg-final { scan-mint-cu "level 3: each thread walks 4 points along z and computes 2x1 columns, its own columns in registers; u in registers; 16-byte accesses to u, v where rows are aligned; at most 64 registers a thread;\n   arrays of a shape class \\(33\\) share strides\\.  \\*.\nextern \"C\" __global__ void __launch_bounds__ \\(256, 4\\)\nmint_heat_18_v2_shared \\(" } } */
/* { dg-final { scan-mint-cu "mint_heat_18_v2_shared \\(.*#pragma unroll 4\n.*\nmint_heat_18_v3_shared \\(" } } */
/* { dg-final { scan-mint-cu "at most 80 registers a thread; rows through a clamp;\n   arrays of a shape class \\(33\\) share strides\\.  \\*.\nextern \"C\" __global__ void __launch_bounds__ \\(256, 3\\)\nmint_heat_18_v3_shared \\(" } } */
/* { dg-final { scan-mint-cu "mint_heat_18_v3_shared \\(.*const long long mint_r0_0 = \\(mint_ty \\+ -1 - mint_max \\(mint_ty \\+ -1, -1LL\\)\\) \\* mint_row_u \\+ -1 \\* mint_row_u;\n  const long long mint_r0_2 = \\(mint_min \\(mint_ty \\+ 1, mint_n_y - 1 \\+ 1\\) - mint_ty\\) \\* mint_row_u;.*mint_g0 \\+ \\(mint_tz - mint_oz \\+ 0\\) \\* mint_dm0 \\+ mint_r0_2.*\nmint_heat_18_v4_shared \\(" } } */
/* { dg-final { scan-mint-cu-not "mint_heat_18_v2_shared \\(.*mint_r0_.*\nmint_heat_18_v3_shared \\(" } } */
/* { dg-final { scan-mint-cu "level 3: each thread walks 8 points along z in a rolled loop, its own column in registers; u in registers; at most 32 registers a thread;\n   arrays of a shape class \\(33\\) share strides\\.  \\*.\nextern \"C\" __global__ void __launch_bounds__ \\(256, 8\\)\nmint_heat_18_v4_shared \\(" } } */
/* { dg-final { scan-mint-cu "mint_heat_18_v4_shared \\(.*const long long mint_tx = mint_ox \\+ \\(long long\\) mint_kx \\* 1;.*const double \\*mint_p0 = mint_g0;.*mint_p0 \\+= mint_dm0;.*#pragma unroll 1\n *for \\(int mint_s = 0; mint_s < 8; \\+\\+mint_s\\).*#pragma unroll 1\n *for \\(long long mint_tz.*\nmint_heat_18_v5_shared \\(" } } */
/* { dg-final { scan-mint-cu "__launch_bounds__ \\(256, 8\\)\nmint_heat_18_v4_shared \\(" } } */
/* { dg-final { scan-mint-cu "mint_heat_18_v4_shared \\(.*mint_o1_0_0 = _t\[0-9\]+;.*double \\*const mint_p = v \\+ \\(mint_lo_x \\+ mint_tx\\) \\* 1LL \\+ \\(mint_lo_y \\+ mint_ty \\+ 0\\) \\* mint_row_v \\+ \\(mint_lo_z \\+ mint_tz\\) \\* mint_plane_v;\n *mint_p\\\[0 \\* 1LL\\\] = mint_o1_0_0;.*\nmint_heat_18_v5_shared \\(" } } */
/* { dg-final { scan-mint-cu-not "mint_heat_18_v4_shared \\(.*v\\\[\\(\\(long long\\) z\\).*\nmint_heat_18_v5_shared \\(" } } */
/* { dg-final { scan-mint-cu "level 3: each thread walks 3 points along z in a rolled loop, its own column in registers; u in registers; at most 32 registers a thread;\n   arrays of a shape class \\(33\\) share strides\\.  \\*.\nextern \"C\" __global__ void __launch_bounds__ \\(256, 8\\)\nmint_heat_18_v5_shared \\(" } } */
/* { dg-final { scan-mint-cu "level 3: each thread walks 4 points along z in a rolled loop, its own column in registers; u in registers; at most 32 registers a thread;\n   arrays of a shape class \\(33\\) share strides\\.  \\*.\nextern \"C\" __global__ void __launch_bounds__ \\(256, 8\\)\nmint_heat_18_v6_shared \\(" } } */
/* { dg-final { scan-mint-cu-not "mint_heat_18_v4_shared \\(.*mint_fast.*\nmint_heat_18_v5_shared \\(" } } */
/* { dg-final { scan-mint-cu "16-byte accesses to v, u where rows are aligned\\.  \\*.\nextern \"C\" __global__ void __launch_bounds__ \\(256, 2\\)\nmint_heat_25 \\(" } } */
/* { dg-final { scan-mint-cu "\nmint_heat_25 \\(.*#pragma unroll 4\n.*\nmint_heat_25_shared \\(" } } */
/* { dg-final { scan-mint-cu-not "\nmint_heat_25 \\(.*(mint_p0|#pragma unroll 1\n).*\nmint_heat_25_shared \\(" } } */
/* { dg-final { scan-mint-cu "\n#if !defined __CUDA_ARCH__ \\|\\| __CUDA_ARCH__ >= MINT_CANDIDATE_ARCH\n\[^\n\]*\n   level 3: each thread walks 3 points" } } */
