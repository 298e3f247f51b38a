/* sweep-bulk.cu -- the family's line sweeps with each line's two passes
   on chip: a block copies its L whole lines of d into shared memory with
   bulk copies (cp.async.bulk, completing on one mbarrier a chunk of CH
   cells), and lane l < L runs line l's forward pass there in place and
   its backward pass into s.  d is read once and s written once (two
   moves, the bound's), against four for a sweep through global memory;
   the bytes in flight are the copy engine's, not the threads'.

     zbulk-L<l>-C<c>  lines along z: L adjacent columns of one row y,
                      each plane's L cells one copy; s stored by the
                      lanes, a plane's L cells together
     xbulk-L<l>-C<c>  lines along x: L rows, each row's chunk one copy;
                      the backward results back in shared memory, the
                      rows stored with bulk copies (their halo cells
                      first read from s)

   Each reports ms a sweep, % of the bound (d read and s written once, at
   the copy kernel's bandwidth) and its largest difference from a thread
   a line walking global memory (the base of its axis), which computes
   the same operations in the same order (but for the first cell's
   d - A * 0, which is d but for the sign of a zero).
   nvcc -O3 -arch=sm_90 -std=c++17 sweep-bulk.cu -o sweep-bulk
   Usage: sweep-bulk N REPS; with PROBE_ONLY=i in the environment only
   the i-th configuration runs (one to profile), the bases always.  */
#include "sweep-common.cuh"

__device__ __forceinline__ unsigned shared_address(const void* p) {
  return (unsigned) __cvta_generic_to_shared(p);
}
__device__ __forceinline__ void barrier_init(unsigned long long* b) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" :: "r"(shared_address(b)) : "memory");
}
__device__ __forceinline__ void barrier_expect(unsigned long long* b, unsigned bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(shared_address(b)), "r"(bytes) : "memory");
}
__device__ __forceinline__ void barrier_wait(unsigned long long* b) {
  asm volatile("{ .reg .pred done;\n"
               "WAIT_%=: mbarrier.try_wait.parity.shared::cta.b64 done, [%0], 0;\n"
               "@!done bra WAIT_%=; }" :: "r"(shared_address(b)) : "memory");
}
__device__ __forceinline__ void bulk_load(void* to, const void* from, unsigned bytes, unsigned long long* b) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
               :: "r"(shared_address(to)), "l"(from), "r"(bytes), "r"(shared_address(b)) : "memory");
}
__device__ __forceinline__ void bulk_store(void* to, const void* from, unsigned bytes) {
  asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;"
               :: "l"(to), "r"(shared_address(from)), "r"(bytes) : "memory");
}
__device__ __forceinline__ void bulk_stores_drain() {
  asm volatile("cp.async.bulk.commit_group;\ncp.async.bulk.wait_group.read 0;" ::: "memory");
}

constexpr int MAX_CHUNKS = 64;

/* Lane 0 makes the mbarriers of NCH chunks and expects BYTES(c) on
   chunk c; the warp then sees them.  */
template <typename F>
__device__ __forceinline__ void chunks_start(unsigned long long* bars, int nch, F bytes) {
  if (threadIdx.x == 0) {
    for (int c = 0; c < nch; c++) barrier_init(&bars[c]);
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    for (int c = 0; c < nch; c++) barrier_expect(&bars[c], bytes(c));
  }
  __syncwarp();
}

constexpr int U = 16;

/* One line's two passes, N a multiple of U: its cell i (1 <= i <= n) at
   v[(i - 1) * stride], in chunk (i - first) / CH of BARS (CH at least
   U); U cells at a time, loaded before the chain runs through them.  The
   forward results stay in v; the backward ones go to PUT(i, value).  */
template <int CH, typename F>
__device__ __forceinline__ void sweep_line(double* v, int stride, int first, unsigned long long* bars,
                                           const double* __restrict__ m, const double* __restrict__ cp,
                                           int n, F put) {
  double val[U], fac[U], c = 0;
  for (int j0 = 0; j0 < n; j0 += U) {
    barrier_wait(&bars[(j0 + 1 - first) / CH]);
    barrier_wait(&bars[(j0 + U - first) / CH]);
#pragma unroll
    for (int k = 0; k < U; k++) { val[k] = v[(j0 + k) * stride]; fac[k] = __ldg(m + j0 + k + 1); }
#pragma unroll
    for (int k = 0; k < U; k++) { c = (val[k] - A * c) * fac[k]; v[(j0 + k) * stride] = c; }
  }
  put(n, c);
  for (int j0 = n - U; j0 >= 0; j0 -= U) {
#pragma unroll
    for (int k = 0; k < U; k++) { val[k] = v[(j0 + k) * stride]; fac[k] = __ldg(cp + j0 + k + 1); }
#pragma unroll
    for (int k = U - 1; k >= 0; k--)
      if (j0 + k < n - 1) { c = val[k] - fac[k] * c; put(j0 + k + 1, c); }
  }
}

// Block b: row y = b / groups + 1, columns x0 .. x0 + L - 1 (x0 = L *
// (b % groups), 16-byte aligned); plane z's cells at S[(z - 1) * L].
template <int L, int CH>
__device__ __forceinline__ void zlines(unsigned long long* bars, double* S, const double* __restrict__ d,
                                       double* __restrict__ s, const double* __restrict__ m,
                                       const double* __restrict__ cp, int n, long plane, int P) {
  const int lane = threadIdx.x, groups = (n + 2 + L - 1) / L;
  const int y = blockIdx.x / groups + 1, x0 = L * (blockIdx.x % groups), nch = (n + CH - 1) / CH;
  chunks_start(bars, nch, [&](int c) { return (unsigned) (min(CH, n - c * CH) * L * 8); });
  const double* row = d + (long) y * P + x0;
  for (int z = 1 + lane; z <= n; z += 32) bulk_load(S + (z - 1) * L, row + z * plane, L * 8, &bars[(z - 1) / CH]);
  const int x = x0 + lane;
  if (lane >= L || x < 1 || x > n) return;
  double* sp = s + (long) y * P + x;
  sweep_line<CH>(S + lane, L, 1, bars, m, cp, n, [&](int z, double c) { sp[z * plane] = c; });
}

// Block b: rows r = L b + l (y = r % n + 1, z = r / n + 1); row l's cell
// x at S[l * RS + x], RS = E rounded up to even (16-byte rows).
template <int L, int CH>
__device__ __forceinline__ void xlines(unsigned long long* bars, double* S, const double* __restrict__ d,
                                       double* __restrict__ s, const double* __restrict__ m,
                                       const double* __restrict__ cp, int n, long plane, int P) {
  const int lane = threadIdx.x, RS = (n + 3) / 2 * 2, nch = (RS + CH - 1) / CH;
  const long rows = (long) n * n, r0 = (long) blockIdx.x * L;
  const int valid = (int) min((long) L, rows - r0);
  chunks_start(bars, nch, [&](int c) { return (unsigned) (min(CH, RS - c * CH) * valid * 8); });
  for (int i = lane; i < valid * nch; i += 32) {
    const int l = i / nch, c = i % nch;
    const long r = r0 + l, base = (r / n + 1) * plane + (r % n + 1) * (long) P;
    bulk_load(S + l * RS + c * CH, d + base + c * CH, min(CH, RS - c * CH) * 8, &bars[c]);
  }
  if (lane >= valid) return;
  const long r = r0 + lane, base = (r / n + 1) * plane + (r % n + 1) * (long) P;
  double* v = S + lane * RS;
  sweep_line<CH>(v + 1, 1, 0, bars, m, cp, n, [&](int x, double c) { v[x] = c; });
  v[0] = s[base];
  for (int x = n + 1; x < RS; x++) v[x] = s[base + x];
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  bulk_store(s + base, v, RS * 8);
  bulk_stores_drain();
}

// A block of one warp: lines along x where X, else along z; the
// chunks' mbarriers, then the lines, in dynamic shared memory.
template <int L, int CH, bool X>
__global__ void __launch_bounds__(32) bulk(const double* __restrict__ d, double* __restrict__ s,
                                           const double* __restrict__ m, const double* __restrict__ cp,
                                           int n, long plane, int P) {
  extern __shared__ __align__(128) unsigned long long shm[];
  double* S = (double*) (shm + MAX_CHUNKS);
  if constexpr (X) xlines<L, CH>(shm, S, d, s, m, cp, n, plane, P);
  else zlines<L, CH>(shm, S, d, s, m, cp, n, plane, P);
}

int main(int argc, char** argv) {
  sweep_grid g(argc, argv);
  SWEEP_GRID_LOCALS (g);
  if ((n + 2) / 2 * 2 > P || n % U) { printf("rows too short, or N not a multiple of %d\n", U); return 1; }
  dim3 bb(32, 8), gb((n + 31) / 32, (n + 7) / 8);
  const char* only = getenv("PROBE_ONLY");
  int config = 0;
  auto run = [&](auto kern, const char* name, int L, int CH, long blocks, size_t cells) {
    if (only && atoi(only) != config++) return;
    size_t shm = MAX_CHUNKS * 8 + cells * 8;
    CHECK(cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize, (int) shm));
    int fit; CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&fit, kern, 32, shm));
    printf("(%d blocks a multiprocessor) ", fit);
    g.report(name, L, CH, g.time([&] { kern<<<blocks, 32, shm>>>(d, s, m, cp, n, plane, P); }));
  };
  const long rows = (long) n * n;
  const int RS = (n + 3) / 2 * 2;
  auto zb = [&](int L) { return (long) n * ((n + 2 + L - 1) / L); };
  {
    g.base("zbase", [&] { zbase<<<gb, bb>>>(d, s, m, cp, n, plane, P); });
    run(bulk<8, 64, false>, "zbulk-L8-C64", 8, 64, zb(8), (size_t) n * 8);
    run(bulk<16, 64, false>, "zbulk-L16-C64", 16, 64, zb(16), (size_t) n * 16);
    run(bulk<16, 16, false>, "zbulk-L16-C16", 16, 16, zb(16), (size_t) n * 16);
    run(bulk<24, 32, false>, "zbulk-L24-C32", 24, 32, zb(24), (size_t) n * 24);
    run(bulk<32, 32, false>, "zbulk-L32-C32", 32, 32, zb(32), (size_t) n * 32);
    g.base("xbase", [&] { xbase<<<gb, bb>>>(d, s, m, cp, n, plane, P); });
    run(bulk<8, 64, true>, "xbulk-L8-C64", 8, 64, (rows + 7) / 8, (size_t) RS * 8);
    run(bulk<16, 64, true>, "xbulk-L16-C64", 16, 64, (rows + 15) / 16, (size_t) RS * 16);
    run(bulk<16, 16, true>, "xbulk-L16-C16", 16, 16, (rows + 15) / 16, (size_t) RS * 16);
    run(bulk<24, 32, true>, "xbulk-L24-C32", 24, 32, (rows + 23) / 24, (size_t) RS * 24);
    run(bulk<32, 32, true>, "xbulk-L32-C32", 32, 32, (rows + 31) / 32, (size_t) RS * 32);
  }
  return 0;
}
