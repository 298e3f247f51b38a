/* sweep-xseg.cu -- the family's sweep along x (a tridiagonal solve with
   constant coefficients along each row of an n^3 FP64 grid), its forward
   pass computed again by the backward pass, the checkpoints on chip:

     xseg WIN NW BPS   a warp sweeps 32 rows of one plane, windows of WIN
                       cells copied into shared memory with cp.async (the
                       next window in flight while the chain runs through
                       the current one); the forward pass keeps each
                       row's value at each window's end in shared memory
                       and stores nothing; the backward pass, window by
                       window from the last, computes the window's forward
                       values again from the checkpoint before it, runs
                       the backward chain, and stores the window whole
                       (a warp instruction a row's 256 bytes).  NW warps
                       a block, BPS blocks a multiprocessor.

   d is read twice and s written once: three moves for the bound's two.
   Each reports ms a sweep, % of the bound and its largest difference
   from xbase (sweep-common.cuh), which computes the same operations in
   the same order.
   nvcc -O3 -arch=sm_90 -std=c++17 sweep-xseg.cu -o sweep-xseg
   Usage: sweep-xseg N REPS (N a multiple of 32).  */
#include "sweep-common.cuh"

__device__ __forceinline__ void
copy8 (void *dst, const void *src)
{
  asm volatile ("cp.async.ca.shared.global [%0], [%1], 8;"
                :: "r" ((unsigned) __cvta_generic_to_shared (dst)),
                   "l" (__cvta_generic_to_global (src)) : "memory");
}

__device__ __forceinline__ void
commit () { asm volatile ("cp.async.commit_group;" ::: "memory"); }

__device__ __forceinline__ void
wait_all_but_one () { asm volatile ("cp.async.wait_group 1;" ::: "memory"); }

/* A warp's 32 rows, ROW0 the first, rows P cells apart; its two window
   buffers of 32 rows of WIN + 1 cells, its checkpoints.  */
template <int WIN>
struct rows32 {
  const double* d0;
  double* s0;
  long P;
  double* buf;
  double* ck;
  int lane;
  __device__ double* tile(int j) const { return buf + (j & 1) * 32 * (WIN + 1); }
  /* Window J's cells of every row into its buffer, a lane a cell.  */
  __device__ void load(int j) const {
    double* t = tile(j);
#pragma unroll 4
    for (int k = 0; k < 32; k++)
#pragma unroll
      for (int c = lane; c < WIN; c += 32) copy8(t + k * (WIN + 1) + c, d0 + k * P + (long) WIN * j + c);
  }
  /* Window J's cells X in [1, N] out to s, a lane a cell.  */
  __device__ void store(int j, int n) const {
    const double* t = tile(j);
#pragma unroll 4
    for (int k = 0; k < 32; k++)
#pragma unroll
      for (int c = lane; c < WIN; c += 32) {
        const int x = WIN * j + c;
        if (x >= 1 && x <= n) __stcs(s0 + k * P + x, t[k * (WIN + 1) + c]);
      }
  }
};

/* Forward values of window J of the lane's row (its cells T) from C, the
   value before it; into T where KEEP.  Returns the value at its end.  */
template <int WIN, bool KEEP>
__device__ __forceinline__ double forward(double* t, int j, double c, const double* __restrict__ m, int n) {
  const int x0 = WIN * j;
  if (x0 >= 1 && x0 + WIN - 1 <= n) {
#pragma unroll
    for (int i = 0; i < WIN; i++) { c = (t[i] - A * c) * __ldg(m + x0 + i); if (KEEP) t[i] = c; }
  } else {
    for (int i = 0; i < WIN; i++) {
      const int x = x0 + i;
      if (x < 1 || x > n) continue;
      c = x == 1 ? t[i] * __ldg(m + 1) : (t[i] - A * c) * __ldg(m + x);
      if (KEEP) t[i] = c;
    }
  }
  return c;
}

/* The backward chain through window J's forward values T from B, the
   value after it; the results into T.  */
template <int WIN>
__device__ __forceinline__ double backward(double* t, int j, double b, const double* __restrict__ cp, int n) {
  const int x0 = WIN * j;
  if (x0 >= 1 && x0 + WIN - 1 <= n - 1) {
#pragma unroll
    for (int i = WIN - 1; i >= 0; i--) { b = t[i] - __ldg(cp + x0 + i) * b; t[i] = b; }
  } else {
    for (int i = WIN - 1; i >= 0; i--) {
      const int x = x0 + i;
      if (x < 1 || x > n) continue;
      b = x == n ? t[i] : t[i] - __ldg(cp + x) * b;
      t[i] = b;
    }
  }
  return b;
}

template <int WIN, int NW, int BPS>
__global__ void __launch_bounds__(32 * NW, BPS) xseg(const double* __restrict__ d, double* __restrict__ s,
                                                     const double* __restrict__ m, const double* __restrict__ cp,
                                                     int n, long plane, int P) {
  extern __shared__ double smem[];
  const int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
  const int nw = n / WIN + 1;
  rows32<WIN> r;
  r.P = P;
  r.lane = lane;
  r.buf = smem + w * (2 * 32 * (WIN + 1) + 32 * nw);
  r.ck = r.buf + 2 * 32 * (WIN + 1);
  const long rows = (long) n * n;
  for (long g = (blockIdx.x * (long) NW + w) * 32; g < rows; g += (long) gridDim.x * NW * 32) {
    const long base = (g / n + 1) * plane + (g % n + 1) * (long) P;
    r.d0 = d + base;
    r.s0 = s + base;
    double* mine = nullptr;
    // Forward: window j's chain while window j + 1 is copied.
    double c = 0;
    r.load(0);
    commit();
    for (int j = 0; j < nw; j++) {
      if (j + 1 < nw) r.load(j + 1);
      commit();
      wait_all_but_one();
      __syncwarp();
      mine = r.tile(j) + lane * (WIN + 1);
      c = forward<WIN, false>(mine, j, c, m, n);
      r.ck[j * 32 + lane] = c;
      __syncwarp();
    }
    // Backward: windows nw - 1 and nw - 2 are still in their buffers.
    double b = 0;
    for (int j = nw - 1; j >= 0; j--) {
      if (j - 1 >= 0 && j - 1 < nw - 2) r.load(j - 1);
      commit();
      wait_all_but_one();
      __syncwarp();
      mine = r.tile(j) + lane * (WIN + 1);
      forward<WIN, true>(mine, j, j > 0 ? r.ck[(j - 1) * 32 + lane] : 0.0, m, n);
      b = backward<WIN>(mine, j, b, cp, n);
      __syncwarp();
      r.store(j, n);
      __syncwarp();
    }
  }
}

/* xseg with one buffer a warp: the next window's cells loaded into
   registers (a lane a cell of each row) while the chain runs through the
   buffer, then moved into it; half of xseg's shared memory a warp.  */
template <int NW, int BPS>
__global__ void __launch_bounds__(32 * NW, BPS) xsegr(const double* __restrict__ d, double* __restrict__ s,
                                                      const double* __restrict__ m, const double* __restrict__ cp,
                                                      int n, long plane, int P) {
  constexpr int WIN = 32;
  extern __shared__ double smem[];
  const int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
  const int nw = n / WIN + 1;
  double* tile = smem + w * (32 * (WIN + 1) + 32 * nw);
  double* ck = tile + 32 * (WIN + 1);
  double* mine = tile + lane * (WIN + 1);
  const long rows = (long) n * n;
  for (long g = (blockIdx.x * (long) NW + w) * 32; g < rows; g += (long) gridDim.x * NW * 32) {
    const long base = (g / n + 1) * plane + (g % n + 1) * (long) P;
    const double* d0 = d + base;
    double* s0 = s + base;
    double v[32];
    auto load = [&](int j) {
#pragma unroll
      for (int k = 0; k < 32; k++) v[k] = __ldcs(d0 + k * (long) P + WIN * j + lane);
    };
    auto to_tile = [&]() {
#pragma unroll
      for (int k = 0; k < 32; k++) tile[k * (WIN + 1) + lane] = v[k];
      __syncwarp();
    };
    double c = 0;
    load(0);
    for (int j = 0; j < nw; j++) {
      to_tile();
      if (j + 1 < nw) load(j + 1);
      c = forward<WIN, false>(mine, j, c, m, n);
      ck[j * 32 + lane] = c;
      __syncwarp();
    }
    // Backward: window nw - 1 is still in the buffer.
    double b = 0;
    if (nw > 1) load(nw - 2);
    for (int j = nw - 1; j >= 0; j--) {
      if (j < nw - 1) {
        to_tile();
        if (j > 0) load(j - 1);
      }
      forward<WIN, true>(mine, j, j > 0 ? ck[(j - 1) * 32 + lane] : 0.0, m, n);
      b = backward<WIN>(mine, j, b, cp, n);
      __syncwarp();
      const int x = WIN * j + lane;
      if (x >= 1 && x <= n) {
#pragma unroll
        for (int k = 0; k < 32; k++) __stcs(s0 + k * (long) P + x, tile[k * (WIN + 1) + lane]);
      }
      __syncwarp();
    }
  }
}

int main(int argc, char** argv) {
  sweep_grid g(argc, argv);
  SWEEP_GRID_LOCALS (g);
  dim3 bb(32, 8), gb((n + 31) / 32, (n + 7) / 8);
  g.base("xbase", [&] { xbase<<<gb, bb>>>(d, s, m, cp, n, plane, P); });
  auto run = [&](auto kern, int win, int nwarps, int bps) {
    const int nw = n / win + 1;
    const size_t bytes = (size_t) nwarps * (2 * 32 * (win + 1) + 32 * nw) * 8;
    CHECK(cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize, (int) bytes));
    int fit; CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&fit, kern, 32 * nwarps, bytes));
    if (fit < bps) { printf("xseg %d %d %d does not fit (%d blocks)\n", win, nwarps, bps, fit); return; }
    char name[32]; snprintf(name, sizeof name, "xseg-W%d", win);
    g.report(name, nwarps, bps, g.time([&] { kern<<<sms * bps, 32 * nwarps, bytes>>>(d, s, m, cp, n, plane, P); }));
  };
  auto runr = [&](auto kern, int nwarps, int bps) {
    const int nw = n / 32 + 1;
    const size_t bytes = (size_t) nwarps * (32 * 33 + 32 * nw) * 8;
    CHECK(cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize, (int) bytes));
    int fit; CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&fit, kern, 32 * nwarps, bytes));
    if (fit < bps) { printf("xsegr %d %d does not fit (%d blocks)\n", nwarps, bps, fit); return; }
    g.report("xsegr", nwarps, bps, g.time([&] { kern<<<sms * bps, 32 * nwarps, bytes>>>(d, s, m, cp, n, plane, P); }));
  };
  runr(xsegr<1, 16>, 1, 16);
  runr(xsegr<1, 12>, 1, 12);
  runr(xsegr<2, 8>, 2, 8);
  runr(xsegr<4, 4>, 4, 4);
  runr(xsegr<2, 6>, 2, 6);
  run(xseg<32, 1, 8>, 32, 1, 8);
  run(xseg<32, 1, 10>, 32, 1, 10);
  run(xseg<32, 2, 4>, 32, 2, 4);
  run(xseg<32, 2, 5>, 32, 2, 5);
  run(xseg<16, 1, 12>, 16, 1, 12);
  run(xseg<16, 2, 6>, 16, 2, 6);
  run(xseg<64, 1, 6>, 64, 1, 6);
  run(xseg<64, 1, 4>, 64, 1, 4);
  return 0;
}
