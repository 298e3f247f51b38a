/* sweep-keep.cu -- hand-written line sweeps that keep part of each line's
   forward results on chip, so that the backward pass reads them there
   (or from L2) instead of from DRAM: the family's sweep-z and sweep-x
   (a tridiagonal solve with constant coefficients, forward and backward,
   along each line of an n^3 FP64 grid), against a copy kernel in the
   same run.  As written, the sweeps move each cell four times (d read,
   s written, s read, s written); the compulsory bytes are two moves, so
   four moves at the copy bandwidth are 50% of the bound.
     zkeep-T<t>-U<u> K L  a thread a column walking z, t threads a block,
                   the loads u planes ahead in registers, the first K
                   planes' forward results in shared memory, the others
                   stored to s (and read back, from L2 where they stay
                   there); L columns in flight a multiprocessor
     zhint-T<t>-P<p> K L  zkeep with the loads of d also prefetched p
                   planes ahead to L2, and the forward results that go
                   to s stored with L2's evict_last priority
     xkeep-W<w> KW L  a warp sweeps 32 rows, windows of 32 columns
                   loaded a window ahead and passed through shared
                   memory transposed; the first KW windows' forward
                   results stay in shared memory; w warps a block
   Each reports ms a sweep, % of the bound (d read and s written once, at
   the copy kernel's bandwidth) and its largest difference from a thread
   a line walking global memory (the base of its axis).
   nvcc -O3 -arch=sm_90 -std=c++17 sweep-keep.cu -o sweep-keep
   Usage: sweep-keep N REPS; with PROBE_ONLY=i in the environment only
   the i-th of the zkeep, zhint and xkeep configurations runs (one to
   profile), the bases always.  */
#include "sweep-common.cuh"

__device__ __forceinline__ void prefetch_l2 (const void* p) {
  asm volatile ("prefetch.global.L2 [%0];" :: "l"(p));
}
__device__ __forceinline__ unsigned long long keep_policy () {
  unsigned long long p;
  asm volatile ("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(p));
  return p;
}
__device__ __forceinline__ void store_kept (double* a, double v, unsigned long long pol) {
  asm volatile ("st.global.L2::cache_hint.f64 [%0], %1, %2;" :: "l"(a), "d"(v), "l"(pol) : "memory");
}

// A column's forward value at plane z (1-based) lives in keep[] while
// z <= K, in s otherwise.  PF > 0 (zhint): the loads of d also
// prefetched PF planes ahead to L2, and the forward values that go to s
// stored with L2's evict_last priority.
template <int U, int T, int PF>
__global__ void __launch_bounds__ (T) zkeep(const double* __restrict__ d, double* __restrict__ s,
                                           const double* __restrict__ m, const double* __restrict__ cp,
                                           int n, long plane, int P, int K) {
  extern __shared__ double keep[];
  const int t = threadIdx.x;
  const long lines = (long) n * n;
  const unsigned long long pol = PF ? keep_policy () : 0;
  for (long l0 = blockIdx.x * (long) T; l0 < lines; l0 += (long) gridDim.x * T) {
    long l = l0 + t;
    if (l >= lines) break;
    int x = l % n + 1, y = l / n + 1;
    const double* dp = d + (long) y * P + x; double* sp = s + (long) y * P + x;
    for (int z = 1; z <= PF && z <= n; z++) prefetch_l2 (dp + z * plane);
    double cur[U], nxt[U];
#pragma unroll
    for (int k = 0; k < U; k++) { int z = 1 + k; cur[k] = z <= n ? __ldcs (dp + z * plane) : 0.0; }
    double c = 0;
    for (int z0 = 1; z0 <= n; z0 += U) {
      if (PF) {
#pragma unroll
        for (int k = 0; k < U; k++) { int z = z0 + PF + k; if (z <= n) prefetch_l2 (dp + z * plane); }
      }
#pragma unroll
      for (int k = 0; k < U; k++) { int z = z0 + U + k; nxt[k] = z <= n ? __ldcs (dp + z * plane) : 0.0; }
#pragma unroll
      for (int k = 0; k < U; k++) {
        int z = z0 + k;
        if (z <= n) {
          c = (cur[k] - A * c) * m[z];
          if (z <= K) keep[(z - 1) * T + t] = c;
          else if (PF) store_kept (sp + z * plane, c, pol);
          else sp[z * plane] = c;
        }
      }
#pragma unroll
      for (int k = 0; k < U; k++) cur[k] = nxt[k];
    }
#pragma unroll
    for (int k = 0; k < U; k++) { int z = n - 1 - k; cur[k] = z < 1 ? 0.0 : z > K ? sp[z * plane] : keep[(z - 1) * T + t]; }
    for (int z0 = n - 1; z0 >= 1; z0 -= U) {
#pragma unroll
      for (int k = 0; k < U; k++) { int z = z0 - U - k; nxt[k] = z < 1 ? 0.0 : z > K ? sp[z * plane] : keep[(z - 1) * T + t]; }
#pragma unroll
      for (int k = 0; k < U; k++) { int z = z0 - k; if (z >= 1) { c = cur[k] - cp[z] * c; __stcs (sp + z * plane, c); } }
#pragma unroll
      for (int k = 0; k < U; k++) cur[k] = nxt[k];
    }
  }
}

// A warp's 32 rows: lane k's row is rows g + k.  Window j holds columns
// 32j .. 32j+31, stored column-major with a pad (tile[col * 33 + row]);
// windows j < KW keep their forward results, the others pass through
// one tile.
template <int W>
__global__ void __launch_bounds__ (32 * W) xkeep(const double* __restrict__ d, double* __restrict__ s,
                                                const double* __restrict__ m, const double* __restrict__ cp,
                                                int n, long plane, int P, int KW) {
  extern __shared__ double shm[];
  const unsigned full = 0xffffffffu;
  const int lane = threadIdx.x & 31, w = threadIdx.x >> 5, TILE = 32 * 33;
  double* mine = shm + (long) w * (KW + 1) * TILE;
  const long rows = (long) n * n;
  const int nw = n / 32 + 1;
  for (long g = (blockIdx.x * (long) W + w) * 32; g < rows; g += (long) gridDim.x * W * 32) {
    long bk[32];
    warp_rows (g, n, plane, P, bk);
    double v[32];
#pragma unroll
    for (int k = 0; k < 32; k++) v[k] = (bk[k] >= 0 && lane >= 1) ? __ldcs (d + bk[k] + lane) : 0.0;
    double c = 0;
    for (int j = 0; j < nw; j++) {
      int x0 = 32 * j, x = x0 + lane;
      double* tile = mine + (j < KW ? j : KW) * TILE;
#pragma unroll
      for (int k = 0; k < 32; k++) tile[lane * 33 + k] = v[k];
      double mv = x <= n ? m[x] : 0.0;
      int xn = x + 32;
#pragma unroll
      for (int k = 0; k < 32; k++) v[k] = (bk[k] >= 0 && xn <= n) ? __ldcs (d + bk[k] + xn) : 0.0;
      __syncwarp ();
      if (x0 >= 1 && x0 + 31 <= n) {
#pragma unroll
        for (int i = 0; i < 32; i++) { double mi = __shfl_sync (full, mv, i); c = (tile[i * 33 + lane] - A * c) * mi; tile[i * 33 + lane] = c; }
      } else {
        int lo = x0 < 1 ? 1 : x0, hi = x0 + 31 < n ? x0 + 31 : n;
        for (int xx = lo; xx <= hi; xx++) { c = (tile[(xx - x0) * 33 + lane] - A * c) * m[xx]; tile[(xx - x0) * 33 + lane] = c; }
      }
      __syncwarp ();
      if (j >= KW) {
#pragma unroll
        for (int k = 0; k < 32; k++) if (bk[k] >= 0 && x >= 1 && x <= n) s[bk[k] + x] = tile[lane * 33 + k];
        __syncwarp ();
      }
    }
    // backward, windows nw-1 .. 0; a window not kept is loaded into the
    // pass-through tile a window ahead.
    for (int j = nw - 1; j >= 0; j--) {
      int x0 = 32 * j, x = x0 + lane, lo = x0 < 1 ? 1 : x0, hi = x0 + 31 < n - 1 ? x0 + 31 : n - 1;
      double* tile = mine + (j < KW ? j : KW) * TILE;
      if (j >= KW) {
#pragma unroll
        for (int k = 0; k < 32; k++) v[k] = (bk[k] >= 0 && x >= lo && x <= hi) ? s[bk[k] + x] : 0.0;
#pragma unroll
        for (int k = 0; k < 32; k++) tile[lane * 33 + k] = v[k];
      }
      double cv = x <= n ? cp[x] : 0.0;
      __syncwarp ();
      if (lo == x0 && hi == x0 + 31) {
#pragma unroll
        for (int i = 31; i >= 0; i--) { double ci = __shfl_sync (full, cv, i); c = tile[i * 33 + lane] - ci * c; tile[i * 33 + lane] = c; }
      } else {
        for (int xx = hi; xx >= lo; xx--) { c = tile[(xx - x0) * 33 + lane] - cp[xx] * c; tile[(xx - x0) * 33 + lane] = c; }
      }
      __syncwarp ();
#pragma unroll
      for (int k = 0; k < 32; k++) if (bk[k] >= 0 && x >= lo && x <= hi) __stcs (s + bk[k] + x, tile[lane * 33 + k]);
      __syncwarp ();
    }
  }
}

int main(int argc, char** argv) {
  sweep_grid g(argc, argv);
  SWEEP_GRID_LOCALS (g);
  dim3 bb(32, 8), gb((n + 31) / 32, (n + 7) / 8);
  g.base("zbase", [&] { zbase<<<gb, bb>>>(d, s, m, cp, n, plane, P); });
  // z: (K planes kept, columns a multiprocessor)
  const char* only = getenv("PROBE_ONLY");
  int config = 0;
  auto zrun = [&](auto kern, const char* name, int T, int K, int per) {
    if (only && atoi(only) != config++) return;
    size_t shm = (size_t) K * T * 8;
    CHECK(cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize, (int) shm));
    int fit; CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&fit, kern, T, shm));
    int bps = per / T;
    if (fit < bps) { printf("%-14s %4d %5d does not fit (%d blocks)\n", name, K, per, fit); return; }
    g.report(name, K, per, g.time([&] { kern<<<sms * bps, T, shm>>>(d, s, m, cp, n, plane, P, K); }));
  };
  for (int per : {2048, 1024, 512, 256})
    zrun(zkeep<8, 64, 0>, "zkeep-T64-U8", 64, 0, per);
  for (int per : {256, 128, 64})
    zrun(zkeep<32, 64, 0>, "zkeep-T64-U32", 64, 0, per);
  zrun(zkeep<32, 64, 0>, "zkeep-T64-U32", 64, 64, 512);
  zrun(zkeep<32, 64, 0>, "zkeep-T64-U32", 64, 96, 256);
  zrun(zkeep<32, 64, 0>, "zkeep-T64-U32", 64, 192, 128);
  zrun(zkeep<32, 128, 0>, "zkeep-T128-U32", 128, 192, 128);
  zrun(zkeep<32, 128, 0>, "zkeep-T128-U32", 128, 96, 256);
  zrun(zkeep<32, 64, 0>, "zkeep-T64-U32", 64, 416, 64);
  zrun(zkeep<32, 32, 0>, "zkeep-T32-U32", 32, 416, 64);
  zrun(zkeep<16, 64, 0>, "zkeep-T64-U16", 64, 192, 128);
  zrun(zkeep<16, 64, 0>, "zkeep-T64-U16", 64, 96, 256);
  zrun(zkeep<16, 128, 0>, "zkeep-T128-U16", 128, 96, 256);
  zrun(zkeep<16, 64, 64>, "zhint-T64-P64", 64, 0, 256);
  zrun(zkeep<16, 64, 64>, "zhint-T64-P64", 64, 96, 256);
  zrun(zkeep<16, 128, 64>, "zhint-T128-P64", 128, 96, 256);
  zrun(zkeep<16, 64, 128>, "zhint-T64-P128", 64, 192, 128);
  zrun(zkeep<16, 128, 128>, "zhint-T128-P128", 128, 192, 128);
  zrun(zkeep<16, 64, 128>, "zhint-T64-P128", 64, 0, 512);
  zrun(zkeep<8, 64, 64>, "zhint-T64-U8P64", 64, 0, 1024);
  zrun(zkeep<8, 64, 128>, "zhint-T64-U8P128", 64, 0, 512);
  // x
  g.base("xbase", [&] { xbase<<<gb, bb>>>(d, s, m, cp, n, plane, P); });
  auto xrun = [&](auto kern, const char* name, int W, int KW, int per) {
    if (only && atoi(only) != config++) return;
    size_t shm = (size_t) W * (KW + 1) * 32 * 33 * 8;
    CHECK(cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize, (int) shm));
    int fit; CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&fit, kern, 32 * W, shm));
    int bps = per / (32 * W);
    if (fit < bps) { printf("%-14s %4d %5d does not fit (%d blocks)\n", name, KW, per, fit); return; }
    g.report(name, KW, per, g.time([&] { kern<<<sms * bps, 32 * W, shm>>>(d, s, m, cp, n, plane, P, KW); }));
  };
  for (int per : {512, 256, 128})
    xrun(xkeep<1>, "xkeep-W1", 1, 0, per);
  xrun(xkeep<1>, "xkeep-W1", 1, 2, 256);
  xrun(xkeep<1>, "xkeep-W1", 1, 5, 128);
  xrun(xkeep<1>, "xkeep-W1", 1, 12, 64);
  xrun(xkeep<2>, "xkeep-W2", 2, 12, 64);
  xrun(xkeep<1>, "xkeep-W1", 1, 8, 64);
  xrun(xkeep<1>, "xkeep-W1", 1, 3, 192);
  return 0;
}
