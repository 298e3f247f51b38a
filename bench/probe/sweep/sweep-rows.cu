/* sweep-rows.cu -- hand-written line sweeps (the family's sweep-x and
   sweep-z: a tridiagonal solve with constant coefficients, forward and
   backward, along each line of an n^3 FP64 grid), against a copy kernel
   in the same run:
     zbase         a thread a column walking z (mint's mapping of sweep-z)
     zlines-U<u>   the same, a thread taking columns in turn, u loads
                   issued ahead along z (h: streaming hints)
     zprefetch-D<d>  zbase, each load's cell d planes ahead prefetched
                   to L2
     zpipe-U<u>-<f><b>  the same, the next u loads issued while the
                   current u are solved (f, b: streaming hints on the
                   forward loads, the backward stores)
     zqueue-U<u>   zbase, each loop's streamed loads U iterations ahead
                   in a queue of registers that shifts every iteration,
                   the loops written with gotos (what a level-0 kernel
                   of mint's would be); zqueue-U<u>u: the loops
                   unrolled by u
     xbase         a thread a row walking x (mint's mapping of sweep-x
                   before its rows were staged)
     xstaged-W<w>  a warp sweeps 32 rows, 32 columns at a time through
                   shared memory, transposed (what mint's staged rows do),
                   w warps a block, so many warps a multiprocessor
   Each reports ms a sweep, % of the bound (the compulsory bytes, d read
   and s written once, at the copy kernel's bandwidth) and its largest
   difference from the base kernel of its axis.
   nvcc -O3 -arch=sm_90 -std=c++17 sweep-rows.cu -o sweep-rows
   Usage: sweep-rows N REPS  */
#include "sweep-common.cuh"

template <int U, int HINT>
__global__ void zlines(const double* __restrict__ d, double* __restrict__ s, const double* __restrict__ m,
                       const double* __restrict__ cp, int n, long plane, int P) {
  for (long l = blockIdx.x * (long) blockDim.x + threadIdx.x; l < (long) n * n; l += (long) gridDim.x * blockDim.x) {
    int x = l % n + 1, y = l / n + 1;
    const double* dp = d + (long) y * P + x; double* sp = s + (long) y * P + x;
    double c = (HINT ? __ldcs (dp + plane) : dp[plane]) * m[1]; sp[plane] = c;
    int z = 2;
    for (; z + U - 1 <= n; z += U) {
      double v[U];
#pragma unroll
      for (int k = 0; k < U; k++) v[k] = HINT ? __ldcs (dp + (z + k) * plane) : dp[(z + k) * plane];
#pragma unroll
      for (int k = 0; k < U; k++) { c = (v[k] - A * c) * m[z + k]; sp[(z + k) * plane] = c; }
    }
    for (; z <= n; z++) { c = (dp[z * plane] - A * c) * m[z]; sp[z * plane] = c; }
    z = n - 1;
    for (; z - U + 1 >= 1; z -= U) {
      double v[U];
#pragma unroll
      for (int k = 0; k < U; k++) v[k] = sp[(z - k) * plane];
#pragma unroll
      for (int k = 0; k < U; k++) { c = v[k] - cp[z - k] * c; if (HINT) __stcs (sp + (z - k) * plane, c); else sp[(z - k) * plane] = c; }
    }
    for (; z >= 1; z--) { c = sp[z * plane] - cp[z] * c; sp[z * plane] = c; }
  }
}

// Few lines in flight (a grid-stride loop over them), so that a line's
// forward results could stay in L2 for its backward pass; a thread loads
// its next U planes into registers while it solves the current U.  HF:
// streaming hints on the forward loads, HB: on the backward stores.
template <int U, int HF, int HB>
__global__ void zpipe(const double* __restrict__ d, double* __restrict__ s, const double* __restrict__ m,
                      const double* __restrict__ cp, int n, long plane, int P) {
  for (long l = blockIdx.x * (long) blockDim.x + threadIdx.x; l < (long) n * n; l += (long) gridDim.x * blockDim.x) {
    int x = l % n + 1, y = l / n + 1;
    const double* dp = d + (long) y * P + x; double* sp = s + (long) y * P + x;
    double cur[U], nxt[U];
#pragma unroll
    for (int k = 0; k < U; k++) { int z = 1 + k; cur[k] = z <= n ? (HF ? __ldcs (dp + z * plane) : dp[z * plane]) : 0.0; }
    double c = 0;
    for (int z0 = 1; z0 <= n; z0 += U) {
#pragma unroll
      for (int k = 0; k < U; k++) { int z = z0 + U + k; nxt[k] = z <= n ? (HF ? __ldcs (dp + z * plane) : dp[z * plane]) : 0.0; }
#pragma unroll
      for (int k = 0; k < U; k++) { int z = z0 + k; if (z <= n) { c = (cur[k] - A * c) * m[z]; sp[z * plane] = c; } }
#pragma unroll
      for (int k = 0; k < U; k++) cur[k] = nxt[k];
    }
    // backward: z = n-1 .. 1
#pragma unroll
    for (int k = 0; k < U; k++) { int z = n - 1 - k; cur[k] = z >= 1 ? sp[z * plane] : 0.0; }
    for (int z0 = n - 1; z0 >= 1; z0 -= U) {
#pragma unroll
      for (int k = 0; k < U; k++) { int z = z0 - U - k; nxt[k] = z >= 1 ? sp[z * plane] : 0.0; }
#pragma unroll
      for (int k = 0; k < U; k++) { int z = z0 - k; if (z >= 1) { c = cur[k] - cp[z] * c; if (HB) __stcs (sp + z * plane, c); else sp[z * plane] = c; } }
#pragma unroll
      for (int k = 0; k < U; k++) cur[k] = nxt[k];
    }
  }
}

// zbase with each load's cell D planes ahead prefetched to L2 (no
// register, no fault), so that D of a thread's loads are in flight.
__device__ __forceinline__ void prefetch_l2 (const void* p) {
  asm volatile ("prefetch.global.L2 [%0];" :: "l"(p));
}
template <int D>
__global__ void zprefetch(const double* __restrict__ d, double* __restrict__ s, const double* __restrict__ m,
                          const double* __restrict__ cp, int n, long plane, int P) {
  int x = blockIdx.x * 32 + threadIdx.x + 1, y = blockIdx.y * 8 + threadIdx.y + 1;
  if (x > n || y > n) return;
  const double* dp = d + (long) y * P + x; double* sp = s + (long) y * P + x;
  for (int k = 1; k <= D && k <= n; k++) prefetch_l2 (dp + k * plane);
  double c = dp[plane] * m[1]; sp[plane] = c;
  for (int z = 2; z <= n; z++) { if (z + D <= n) prefetch_l2 (dp + (z + D) * plane); c = (dp[z * plane] - A * c) * m[z]; sp[z * plane] = c; }
  for (int z = n - 1; z >= 1; z--) { if (z - D >= 1) prefetch_l2 (sp + (z - D) * plane); c = sp[z * plane] - cp[z] * c; sp[z * plane] = c; }
}

// zbase as mint's level 0 emits it (loops of gotos), each loop's load of
// the thread's own line issued U iterations ahead into a queue of
// registers that shifts every iteration; a load outside the arrays'
// cells yields 0 (no fault).  UNROLL: the loops written as for loops
// unrolled by U instead.
template <int U, bool UNROLL>
__global__ void zqueue(const double* __restrict__ d, double* __restrict__ s, const double* __restrict__ m,
                       const double* __restrict__ cp, int n, long plane, int P) {
  int x = blockIdx.x * 32 + threadIdx.x + 1, y = blockIdx.y * 8 + threadIdx.y + 1;
  if (x > n || y > n) return;
  const int e = n + 2;
  const double* dp = d + (long) y * P + x; double* sp = s + (long) y * P + x;
  double q[U];
  double c = dp[plane] * m[1]; sp[plane] = c;
  int z = 2;
#pragma unroll
  for (int k = 0; k < U; k++) q[k] = z + k < e ? dp[(z + k) * plane] : 0.0;
  if (UNROLL) {
#pragma unroll U
    for (; z <= n; z++) {
      double v = q[0];
#pragma unroll
      for (int k = 0; k < U - 1; k++) q[k] = q[k + 1];
      q[U - 1] = z + U < e ? dp[(z + U) * plane] : 0.0;
      c = (v - A * c) * m[z]; sp[z * plane] = c;
    }
  } else {
  fhead:
    if (!(n >= z)) goto fdone;
    {
      double v = q[0];
#pragma unroll
      for (int k = 0; k < U - 1; k++) q[k] = q[k + 1];
      q[U - 1] = z + U < e ? dp[(z + U) * plane] : 0.0;
      c = (v - A * c) * m[z]; sp[z * plane] = c;
      z = z + 1;
      goto fhead;
    }
  fdone:;
  }
  z = n - 1;
#pragma unroll
  for (int k = 0; k < U; k++) q[k] = z - k >= 0 ? sp[(z - k) * plane] : 0.0;
  if (UNROLL) {
#pragma unroll U
    for (; z >= 1; z--) {
      double v = q[0];
#pragma unroll
      for (int k = 0; k < U - 1; k++) q[k] = q[k + 1];
      q[U - 1] = z - U >= 0 ? sp[(z - U) * plane] : 0.0;
      c = v - cp[z] * c; sp[z * plane] = c;
    }
  } else {
  bhead:
    if (!(z > 0)) goto bdone;
    {
      double v = q[0];
#pragma unroll
      for (int k = 0; k < U - 1; k++) q[k] = q[k + 1];
      q[U - 1] = z - U >= 0 ? sp[(z - U) * plane] : 0.0;
      c = v - cp[z] * c; sp[z * plane] = c;
      z = z - 1;
      goto bhead;
    }
  bdone:;
  }
}

// A warp sweeps 32 rows along x; chunks of 32 columns pass through shared
// memory transposed, loaded into registers first (32 in flight), the
// compute unrolled over a whole chunk.
template <int W, bool HINT>
__global__ void __launch_bounds__ (32 * W) xstaged(const double* __restrict__ d, double* __restrict__ s, const double* __restrict__ m,
                        const double* __restrict__ cp, int n, long plane, int P) {
  __shared__ double tile[W][32][33];
  const unsigned full = 0xffffffffu;
  int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
  double (*t)[33] = tile[w];
  long rows = (long) n * n;
  for (long g = (blockIdx.x * (long) W + w) * 32; g < rows; g += (long) gridDim.x * W * 32) {
    long bk[32];
    warp_rows (g, n, plane, P, bk);
    double c = 0;
    for (int x0 = 0; x0 <= n; x0 += 32) {
      int x = x0 + lane;
      double v[32];
#pragma unroll
      for (int k = 0; k < 32; k++) v[k] = (bk[k] >= 0 && x <= n) ? (HINT ? __ldcs (d + bk[k] + x) : d[bk[k] + x]) : 0.0;
      double mv = x <= n ? m[x] : 0.0;
#pragma unroll
      for (int k = 0; k < 32; k++) t[k][lane] = v[k];
      __syncwarp ();
      if (x0 >= 1 && x0 + 31 <= n) {
#pragma unroll
        for (int j = 0; j < 32; j++) { double mj = __shfl_sync (full, mv, j); c = (t[lane][j] - A * c) * mj; t[lane][j] = c; }
      } else {
        int lo = x0 < 1 ? 1 : x0, hi = x0 + 31 < n ? x0 + 31 : n;
        for (int xx = lo; xx <= hi; xx++) { double v1 = t[lane][xx - x0]; c = xx == 1 ? v1 * m[1] : (v1 - A * c) * m[xx]; t[lane][xx - x0] = c; }
      }
      __syncwarp ();
#pragma unroll
      for (int k = 0; k < 32; k++) v[k] = t[k][lane];
#pragma unroll
      for (int k = 0; k < 32; k++) if (bk[k] >= 0 && x >= 1 && x <= n) s[bk[k] + x] = v[k];
      __syncwarp ();
    }
    for (int x0 = ((n - 1) / 32) * 32; x0 >= 0; x0 -= 32) {
      int x = x0 + lane, lo = x0 < 1 ? 1 : x0, hi = x0 + 31 < n - 1 ? x0 + 31 : n - 1;
      double v[32];
#pragma unroll
      for (int k = 0; k < 32; k++) v[k] = (bk[k] >= 0 && x >= lo && x <= hi) ? s[bk[k] + x] : 0.0;
      double cv = x <= n ? cp[x] : 0.0;
#pragma unroll
      for (int k = 0; k < 32; k++) t[k][lane] = v[k];
      __syncwarp ();
      if (lo == x0 && hi == x0 + 31) {
#pragma unroll
        for (int j = 31; j >= 0; j--) { double cj = __shfl_sync (full, cv, j); c = t[lane][j] - cj * c; t[lane][j] = c; }
      } else {
        for (int xx = hi; xx >= lo; xx--) { double v1 = t[lane][xx - x0]; c = v1 - cp[xx] * c; t[lane][xx - x0] = c; }
      }
      __syncwarp ();
#pragma unroll
      for (int k = 0; k < 32; k++) v[k] = t[k][lane];
#pragma unroll
      for (int k = 0; k < 32; k++) if (bk[k] >= 0 && x >= lo && x <= hi) { if (HINT) __stcs (s + bk[k] + x, v[k]); else s[bk[k] + x] = v[k]; }
      __syncwarp ();
    }
  }
}

int main(int argc, char** argv) {
  sweep_grid g(argc, argv);
  SWEEP_GRID_LOCALS (g);
  auto timeit = [&](const char*, auto launch) { return g.time(launch); };
  auto report = [&](const char* name, int extra, double ms, bool) { g.report(name, extra, 0, ms); };
  dim3 bb(32, 8), gb((n + 31) / 32, (n + 7) / 8);
  // z
  g.base("zbase", [&] { zbase<<<gb, bb>>>(d, s, m, cp, n, plane, P); });
  for (int per : {1024, 2048}) {
    int blocks = sms * per / 64;
    report("zlines-U8", per, timeit("", [&] { zlines<8, 0><<<blocks, 64>>>(d, s, m, cp, n, plane, P); }), false);
    report("zlines-U16h", per, timeit("", [&] { zlines<16, 1><<<blocks, 64>>>(d, s, m, cp, n, plane, P); }), false);
  }
  report("zqueue-U4", 0, timeit("", [&] { zqueue<4, false><<<gb, bb>>>(d, s, m, cp, n, plane, P); }), false);
  report("zqueue-U8", 0, timeit("", [&] { zqueue<8, false><<<gb, bb>>>(d, s, m, cp, n, plane, P); }), false);
  report("zqueue-U16", 0, timeit("", [&] { zqueue<16, false><<<gb, bb>>>(d, s, m, cp, n, plane, P); }), false);
  report("zqueue-U32", 0, timeit("", [&] { zqueue<32, false><<<gb, bb>>>(d, s, m, cp, n, plane, P); }), false);
  report("zqueue-U8u", 0, timeit("", [&] { zqueue<8, true><<<gb, bb>>>(d, s, m, cp, n, plane, P); }), false);
  report("zqueue-U16u", 0, timeit("", [&] { zqueue<16, true><<<gb, bb>>>(d, s, m, cp, n, plane, P); }), false);
  report("zprefetch-D8", 0, timeit("", [&] { zprefetch<8><<<gb, bb>>>(d, s, m, cp, n, plane, P); }), false);
  report("zprefetch-D16", 0, timeit("", [&] { zprefetch<16><<<gb, bb>>>(d, s, m, cp, n, plane, P); }), false);
  report("zprefetch-D32", 0, timeit("", [&] { zprefetch<32><<<gb, bb>>>(d, s, m, cp, n, plane, P); }), false);
  report("zprefetch-D64", 0, timeit("", [&] { zprefetch<64><<<gb, bb>>>(d, s, m, cp, n, plane, P); }), false);
  for (int per : {64, 96, 256, 1024}) {
    int blocks = sms * per / 32;
    report("zpipe-U32-11", per, timeit("", [&] { zpipe<32, 1, 1><<<blocks, 32>>>(d, s, m, cp, n, plane, P); }), false);
    report("zpipe-U32-00", per, timeit("", [&] { zpipe<32, 0, 0><<<blocks, 32>>>(d, s, m, cp, n, plane, P); }), false);
  }
  // x
  g.base("xbase", [&] { xbase<<<gb, bb>>>(d, s, m, cp, n, plane, P); });
  for (int wps : {8, 16}) {
    report("xstaged-W4", wps, timeit("", [&] { xstaged<4, false><<<sms * wps / 4, 128>>>(d, s, m, cp, n, plane, P); }), true);
    report("xstaged-W4h", wps, timeit("", [&] { xstaged<4, true><<<sms * wps / 4, 128>>>(d, s, m, cp, n, plane, P); }), true);
    report("xstaged-W2", wps, timeit("", [&] { xstaged<2, false><<<sms * wps / 2, 64>>>(d, s, m, cp, n, plane, P); }), true);
  }
  return 0;
}
