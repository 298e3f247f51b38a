/* sweep-l2.cu -- the family's sweep-z (a tridiagonal solve along z, FP64,
   n^3) with few lines in flight, so that a line's forward results could
   stay in L2 for its backward pass, each thread loading the next chunk of
   U planes into registers while it solves the current one (zpipe), against
   mint's mapping (zbase: every line in flight, a thread a column) and a
   copy kernel in the same run.  HF: streaming hints on the forward loads,
   HB: on the backward stores.
     nvcc -O3 -arch=sm_90 -std=c++17 sweep-l2.cu -o sweep-l2
   Usage: sweep-l2 N REPS  */
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#include <cmath>
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

// HF: hint on the forward loads (evict first), HB: on the backward stores.
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

__global__ void copyk(const double* __restrict__ a, double* __restrict__ b, long N) {
  for (long i = blockIdx.x * (long) blockDim.x + threadIdx.x; i < N; i += (long) gridDim.x * blockDim.x) b[i] = a[i];
}

int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 512, reps = argc > 2 ? atoi(argv[2]) : 10;
  int E = n + 2, P = (E + 15) / 16 * 16; long plane = (long) E * P, cells = plane * E;
  int sms; CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  int l2; CHECK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, 0));
  std::vector<double> h(cells), hm(E), hcp(E);
  for (long i = 0; i < cells; i++) h[i] = (double) ((i * 7 + 13) % 101) / 101;
  hm[0] = 1 / 4.0; hcp[0] = -hm[0];
  for (int i = 1; i < E; i++) { hm[i] = 1 / (4.0 - A * hcp[i - 1]); hcp[i] = -1 * hm[i]; }
  double *d, *s, *m, *cp, *t;
  CHECK(cudaMalloc(&d, cells * 8)); CHECK(cudaMalloc(&s, cells * 8)); CHECK(cudaMalloc(&t, cells * 8));
  CHECK(cudaMalloc(&m, E * 8)); CHECK(cudaMalloc(&cp, E * 8));
  CHECK(cudaMemcpy(d, h.data(), cells * 8, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(m, hm.data(), E * 8, cudaMemcpyHostToDevice)); CHECK(cudaMemcpy(cp, hcp.data(), E * 8, cudaMemcpyHostToDevice));
  std::vector<double> ref(cells), out(cells);
  cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
  double bound_bytes = 2.0 * 8 * (double) n * n * n;
  auto timeit = [&](auto launch) {
    CHECK(cudaMemset(s, 0, cells * 8)); launch(); CHECK(cudaGetLastError()); CHECK(cudaDeviceSynchronize());
    std::vector<float> ts;
    for (int r = 0; r < reps; r++) { cudaEventRecord(e0); launch(); cudaEventRecord(e1); cudaEventSynchronize(e1); float ms; cudaEventElapsedTime(&ms, e0, e1); ts.push_back(ms); }
    std::sort(ts.begin(), ts.end()); return (double) ts[ts.size() / 2];
  };
  double cms = timeit([&] { copyk<<<sms * 8, 256>>>(d, t, cells); });
  double bw = 2.0 * 8 * cells / cms / 1e6;
  printf("copy %.4f ms %.1f GB/s; bound %.4f ms; L2 %d MB, %d SMs\n", cms, bw, bound_bytes / bw / 1e6, l2 >> 20, sms);
  auto report = [&](const char* name, int extra, int threads, double ms) {
    CHECK(cudaMemcpy(out.data(), s, cells * 8, cudaMemcpyDeviceToHost));
    double md = 0; for (long i = 0; i < cells; i++) md = std::max(md, std::abs(out[i] - ref[i]));
    printf("%-14s lines/SM %4d block %3d %.4f ms %.1f%% of bound maxdiff %.2e\n", name, extra, threads, ms, 100 * bound_bytes / bw / 1e6 / ms, md);
  };
  dim3 bb(32, 8), gb((n + 31) / 32, (n + 7) / 8);
  double ms = timeit([&] { zbase<<<gb, bb>>>(d, s, m, cp, n, plane, P); });
  CHECK(cudaMemcpy(ref.data(), s, cells * 8, cudaMemcpyDeviceToHost));
  report("zbase", 2048, 256, ms);
#define RUN(U, HF, HB, PER, T) report("zpipe-U" #U "-" #HF #HB, PER, T, timeit([&] { zpipe<U, HF, HB><<<sms * (PER) / (T), T>>>(d, s, m, cp, n, plane, P); }))
  for (int per : {32, 64, 96, 128, 192, 256}) {
    RUN(16, 1, 1, per, 32);
    RUN(32, 1, 1, per, 32);
    RUN(32, 0, 0, per, 32);
    if (per % 64 == 0) RUN(32, 1, 1, per, 64);
  }
  for (int per : {512, 1024}) { RUN(16, 1, 1, per, 64); RUN(32, 1, 1, per, 64); }
  return 0;
}
