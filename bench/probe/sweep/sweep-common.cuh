/* sweep-common.cuh -- what the line-sweep probes (sweep-rows.cu,
   sweep-keep.cu) share: the family's tridiagonal solve along z and
   along x in its plainest mapping (a thread a line walking global
   memory: each axis's reference result), a copy kernel for the
   bandwidth, and the grid, its timing and its report.  FP64, n^3
   points inside a halo of one, rows padded to 16 cells.  */
#ifndef PROBE_SWEEP_COMMON_CUH
#define PROBE_SWEEP_COMMON_CUH

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include "../cuda-check.h"

constexpr double A = -1.0;

__global__ void zbase(const double* __restrict__ d, double* __restrict__ s, const double* __restrict__ m,
                      const double* __restrict__ cp, int n, long plane, int P) {
  int x = blockIdx.x * 32 + threadIdx.x + 1, y = blockIdx.y * 8 + threadIdx.y + 1;
  if (x > n || y > n) return;
  const double* dp = d + (long) y * P + x; double* sp = s + (long) y * P + x;
  double c = dp[plane] * m[1]; sp[plane] = c;
  for (int z = 2; z <= n; z++) { c = (dp[z * plane] - A * c) * m[z]; sp[z * plane] = c; }
  for (int z = n - 1; z >= 1; z--) { c = sp[z * plane] - cp[z] * c; sp[z * plane] = c; }
}

__global__ void xbase(const double* __restrict__ d, double* __restrict__ s, const double* __restrict__ m,
                      const double* __restrict__ cp, int n, long plane, int P) {
  int y = blockIdx.x * 32 + threadIdx.x + 1, z = blockIdx.y * 8 + threadIdx.y + 1;
  if (y > n || z > n) return;
  const double* dp = d + z * plane + (long) y * P; double* sp = s + z * plane + (long) y * P;
  double c = dp[1] * m[1]; sp[1] = c;
  for (int x = 2; x <= n; x++) { c = (dp[x] - A * c) * m[x]; sp[x] = c; }
  for (int x = n - 1; x >= 1; x--) { c = sp[x] - cp[x] * c; sp[x] = c; }
}

__global__ void copyk(const double* __restrict__ a, double* __restrict__ b, long N) {
  for (long i = blockIdx.x * (long) blockDim.x + threadIdx.x; i < N; i += (long) gridDim.x * blockDim.x) b[i] = a[i];
}

/* The first cells of the 32 rows along x of a warp from row G (lane k's
   row G + k, numbered y fastest; -1 past the grid's n * n rows), into BK
   in every lane.  */
__device__ __forceinline__ void warp_rows(long g, int n, long plane, int P, long* bk) {
  const long rows = (long) n * n, r = g + (threadIdx.x & 31);
  const long rb = r < rows ? (r / n + 1) * plane + (r % n + 1) * (long) P : -1;
#pragma unroll
  for (int k = 0; k < 32; k++) bk[k] = __shfl_sync (0xffffffffu, rb, k);
}

/* The grid d (the right-hand sides), s (the solution), the factors m and
   cp, a copy target t; times in ms (median of REPS launches after one),
   reported against the bound (d read and s written once at the copy
   kernel's bandwidth) and against the reference result REF.  */
struct sweep_grid {
  int n, reps, E, P, sms;
  long plane, cells;
  double *d, *s, *m, *cp, *t;
  double bw, bound_bytes;
  std::vector<double> ref, out;
  cudaEvent_t e0, e1;

  /* Usage: PROBE N REPS (512 and 10 where absent).  */
  sweep_grid(int argc, char** argv)
      : n(argc > 1 ? atoi(argv[1]) : 512), reps(argc > 2 ? atoi(argv[2]) : 10) {
    E = n + 2; P = (E + 15) / 16 * 16; plane = (long) E * P; cells = plane * E;
    CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    std::vector<double> h(cells), hm(E), hcp(E);
    for (long i = 0; i < cells; i++) h[i] = (double) ((i * 7 + 13) % 101) / 101;
    hm[0] = 1 / 4.0; hcp[0] = -hm[0];
    for (int i = 1; i < E; i++) { hm[i] = 1 / (4.0 - A * hcp[i - 1]); hcp[i] = -1 * hm[i]; }
    CHECK(cudaMalloc(&d, cells * 8)); CHECK(cudaMalloc(&s, cells * 8)); CHECK(cudaMalloc(&t, cells * 8));
    CHECK(cudaMalloc(&m, E * 8)); CHECK(cudaMalloc(&cp, E * 8));
    CHECK(cudaMemcpy(d, h.data(), cells * 8, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(m, hm.data(), E * 8, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(cp, hcp.data(), E * 8, cudaMemcpyHostToDevice));
    ref.resize(cells); out.resize(cells);
    cudaEventCreate(&e0); cudaEventCreate(&e1);
    bound_bytes = 2.0 * 8 * (double) n * n * n;
    double cms = time([&] { copyk<<<sms * 8, 256>>>(d, t, cells); });
    bw = 2.0 * 8 * cells / cms / 1e6;
    int l2; CHECK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, 0));
    printf("copy %.4f ms %.1f GB/s; bound %.4f ms; L2 %d bytes, %d SMs\n", cms, bw, bound_bytes / bw / 1e6, l2, sms);
  }
  template <typename F> double time(F launch) {
    CHECK(cudaMemset(s, 0, cells * 8)); launch(); CHECK(cudaGetLastError()); CHECK(cudaDeviceSynchronize());
    std::vector<float> ts;
    for (int r = 0; r < reps; r++) { cudaEventRecord(e0); launch(); cudaEventRecord(e1); cudaEventSynchronize(e1); float ms; cudaEventElapsedTime(&ms, e0, e1); ts.push_back(ms); }
    std::sort(ts.begin(), ts.end()); return (double) ts[ts.size() / 2];
  }
  /* Times LAUNCH, a base kernel, and keeps its result as the reference.  */
  template <typename F> void base(const char* name, F launch) {
    double ms = time(launch);
    CHECK(cudaMemcpy(ref.data(), s, cells * 8, cudaMemcpyDeviceToHost));
    report(name, 0, 0, ms);
  }
  void report(const char* name, int a1, int a2, double ms) {
    CHECK(cudaMemcpy(out.data(), s, cells * 8, cudaMemcpyDeviceToHost));
    double md = 0; for (long i = 0; i < cells; i++) md = std::max(md, std::abs(out[i] - ref[i]));
    printf("%-14s %4d %5d %.4f ms %5.1f%% of bound maxdiff %.2e\n", name, a1, a2, ms, 100 * bound_bytes / bw / 1e6 / ms, md);
  }
};

/* The grid G's names, as locals of a probe's main.  */
#define SWEEP_GRID_LOCALS(g)                                  \
  const int n = (g).n, P = (g).P, sms = (g).sms;              \
  const long plane = (g).plane;                               \
  double *d = (g).d, *s = (g).s;                              \
  const double *m = (g).m, *cp = (g).cp

#endif
