/* sweep-ckpt.cu -- the family's line sweep along z with the forward
   pass recomputed rather than stored: the forward pass writes only every
   K-th value of each line (into s, where the backward pass overwrites
   it last), and the backward pass, segment by segment from the last,
   recomputes the segment's K forward values from the value before it
   (the same operations on the same operands, so the same bits) into
   registers, then runs the segment backward and stores s.  Bytes moved:
   d read twice, s written once, and the checkpoints written and read
   once: 3 + 2 / K moves, against 4 for the sweep as written (d read, s
   written, read back and written).

     zckpt K T      a thread a column (x across the warp), K a segment,
                    T threads a block
     xckpt W L      a warp 32 rows, windows of 32 cells through shared
                    memory (as sweep-keep.cu's xkeep), each window a
                    segment; W warps a block, L rows a multiprocessor

   Each reports ms a sweep, % of the bound (d read and s written once,
   at the copy kernel's bandwidth) and its largest difference from zbase
   (sweep-common.cuh), which computes the same operations in the same
   order.
   nvcc -O3 -arch=sm_90 -std=c++17 sweep-ckpt.cu -o sweep-ckpt
   Usage: sweep-ckpt N REPS.  */
#include "sweep-common.cuh"

template <int K, int T>
__global__ void __launch_bounds__ (T) zckpt(const double* __restrict__ d, double* __restrict__ s,
                                           const double* __restrict__ m, const double* __restrict__ cp,
                                           int n, long plane, int P) {
  const long t = blockIdx.x * (long) T + threadIdx.x;
  const int x = (int) (t % n) + 1, y = (int) (t / n) + 1;
  if (y > n) return;
  const double* dp = d + (long) y * P + x;
  double* sp = s + (long) y * P + x;
  // Forward: every value, only the segments' last ones stored.
  double c = 0;
  for (int z0 = 1; z0 <= n; z0 += K) {
    double v[K];
#pragma unroll
    for (int k = 0; k < K; k++) v[k] = z0 + k <= n ? dp[(long) (z0 + k) * plane] : 0.0;
#pragma unroll
    for (int k = 0; k < K; k++) {
      const int z = z0 + k;
      if (z <= n) c = z == 1 ? v[k] * m[1] : (v[k] - A * c) * m[z];
    }
    const int zl = min (z0 + K - 1, n);
    sp[(long) zl * plane] = c;
  }
  // Backward, the last segment first: its forward values again, then the
  // segment run backward.
  double b = 0;
  const int last = (n - 1) / K * K + 1;
  for (int z0 = last; z0 >= 1; z0 -= K) {
    double f[K], v[K];
    double prev = z0 > 1 ? sp[(long) (z0 - 1) * plane] : 0.0;
#pragma unroll
    for (int k = 0; k < K; k++) v[k] = z0 + k <= n ? dp[(long) (z0 + k) * plane] : 0.0;
#pragma unroll
    for (int k = 0; k < K; k++) {
      const int z = z0 + k;
      if (z <= n) prev = z == 1 ? v[k] * m[1] : (v[k] - A * prev) * m[z];
      f[k] = prev;
    }
#pragma unroll
    for (int k = K - 1; k >= 0; k--) {
      const int z = z0 + k;
      if (z == n) b = f[k];
      else if (z < n) b = f[k] - cp[z] * b;
      if (z <= n) sp[(long) z * plane] = b;
    }
  }
}


// Along x: a warp sweeps 32 rows (lane k's row from warp_rows), windows
// of 32 cells moved through shared memory transposed (lane = cell on the
// way in and out, lane = row in the chains), the next window's d loaded
// while the chain runs through the current one.  The forward pass stores
// each row's value at the window's last cell only; the backward pass
// loads the value before the window, recomputes the window's forward
// values in the tile from d, runs it backward and stores the window.
template <int W, int MINB = 1>
__global__ void __launch_bounds__ (32 * W, MINB) xckpt(const double* __restrict__ d, double* __restrict__ s,
                                                const double* __restrict__ m, const double* __restrict__ cp,
                                                int n, long plane, int P) {
  __shared__ double tiles[W][32 * 33];
  const unsigned full = 0xffffffffu;
  const int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
  double* tile = tiles[w];
  const long rows = (long) n * n;
  const int nw = n / 32 + 1;
  for (long g = (blockIdx.x * (long) W + w) * 32; g < rows; g += (long) gridDim.x * W * 32) {
    long bk[32];
    warp_rows (g, n, plane, P, bk);
    const long mine = bk[lane];
    double v[32];
    auto load_window = [&] (int j) {
      const int x = 32 * j + lane;
#pragma unroll
      for (int k = 0; k < 32; k++) v[k] = (bk[k] >= 0 && x >= 1 && x <= n) ? __ldcs (d + bk[k] + x) : 0.0;
    };
    auto to_tile = [&] () {
#pragma unroll
      for (int k = 0; k < 32; k++) tile[lane * 33 + k] = v[k];
      __syncwarp ();
    };
    // forward from d in the tile, from C (the value before cell X0)
    auto forward = [&] (int x0, double c) {
      double mv = x0 + lane <= n ? m[x0 + lane] : 0.0;
      if (x0 >= 1 && x0 + 31 <= n) {
#pragma unroll
        for (int i = 0; i < 32; i++) { double mi = __shfl_sync (full, mv, i); c = (tile[i * 33 + lane] - A * c) * mi; tile[i * 33 + lane] = c; }
      } else {
        for (int x = max (x0, 1); x <= min (x0 + 31, n); x++)
          { c = x == 1 ? tile[(x - x0) * 33 + lane] * m[1] : (tile[(x - x0) * 33 + lane] - A * c) * m[x]; tile[(x - x0) * 33 + lane] = c; }
      }
      return c;
    };
    double c = 0;
    load_window (0);
    for (int j = 0; j < nw; j++) {
      to_tile ();
      if (j + 1 < nw) load_window (j + 1);
      c = forward (32 * j, c);
      if (mine >= 0) s[mine + min (32 * j + 31, n)] = c;
      __syncwarp ();
    }
    double b = 0;
    load_window (nw - 1);
    for (int j = nw - 1; j >= 0; j--) {
      const int x0 = 32 * j, lo = max (x0, 1), hi = min (x0 + 31, n);
      to_tile ();
      if (j > 0) load_window (j - 1);
      const double before = (x0 >= 2 && mine >= 0) ? s[mine + x0 - 1] : 0.0;
      forward (x0, before);
      __syncwarp ();
      double cv = x0 + lane <= n ? cp[x0 + lane] : 0.0;
      if (x0 >= 1 && x0 + 31 <= n - 1) {
#pragma unroll
        for (int i = 31; i >= 0; i--) { double ci = __shfl_sync (full, cv, i); b = tile[i * 33 + lane] - ci * b; tile[i * 33 + lane] = b; }
      } else {
        for (int x = hi; x >= lo; x--) { b = x == n ? tile[(x - x0) * 33 + lane] : tile[(x - x0) * 33 + lane] - cp[x] * b; tile[(x - x0) * 33 + lane] = b; }
      }
      __syncwarp ();
      const int x = x0 + lane;
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
  const long lines = (long) n * n;
  g.base("zbase", [&] { zbase<<<gb, bb>>>(d, s, m, cp, n, plane, P); });
  auto run = [&](auto kern, const char* name, int K, int T) {
    g.report(name, K, T, g.time([&] { kern<<<(lines + T - 1) / T, T>>>(d, s, m, cp, n, plane, P); }));
  };
  run(zckpt<8, 128>, "zckpt", 8, 128);
  run(zckpt<8, 256>, "zckpt", 8, 256);
  run(zckpt<8, 512>, "zckpt", 8, 512);
  run(zckpt<9, 256>, "zckpt", 9, 256);
  run(zckpt<10, 256>, "zckpt", 10, 256);
  run(zckpt<10, 512>, "zckpt", 10, 512);
  run(zckpt<11, 256>, "zckpt", 11, 256);
  run(zckpt<12, 256>, "zckpt", 12, 256);
  run(zckpt<16, 256>, "zckpt", 16, 256);
  g.base("xbase", [&] { xbase<<<gb, bb>>>(d, s, m, cp, n, plane, P); });
  auto xrun = [&](auto kern, int W, int per) {
    int fit; CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&fit, kern, 32 * W, 0));
    const int bps = per / (32 * W);
    if (fit < bps) { printf("xckpt %d %d does not fit (%d blocks)\n", W, per, fit); return; }
    g.report("xckpt", W, per, g.time([&] { kern<<<sms * bps, 32 * W>>>(d, s, m, cp, n, plane, P); }));
  };
  xrun(xckpt<1>, 1, 256);
  xrun(xckpt<1>, 1, 192);
  xrun(xckpt<1, 16>, 1, 512);
  xrun(xckpt<1, 12>, 1, 384);
  xrun(xckpt<2, 6>, 2, 384);
  return 0;
}
