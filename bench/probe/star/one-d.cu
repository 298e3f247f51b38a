// one-d.cu -- the family's 1-D 3-point star (star1-r1: double, 16M
// points and a cell of halo each side) hand-written: one point a thread
// (the form of mint's level-0 kernel), two and four consecutive points a
// thread from 16-byte loads (the neighbours outside them as single
// loads), and a copy of 16-byte loads.  Each in blocks of 128 to 1024
// threads, 100 launches back to back, in three turns; prints ms a launch
// and the share of cudaMemcpy's rate moving the same bytes (the star
// reads and writes each point once).  Usage: one-d (no arguments).
#include <cstdio>
#include <cuda_runtime.h>
#define C0 0.333
#define C1 0.333
__global__ void one(const double* __restrict__ u, double* __restrict__ v, long n) {
  long x = blockIdx.x * (long) blockDim.x + threadIdx.x + 1;
  if (x > n) return;
  v[x] = C0 * __ldg(u + x) + C1 * (__ldg(u + x - 1) + __ldg(u + x + 1));
}
// Points x0 and x0 + 1 (x0 even; cell 0 is the halo, so the thread of x0
// = 0 stores only point 1).
__global__ void two(const double* __restrict__ u, double* __restrict__ v, long n) {
  long x0 = 2 * (blockIdx.x * (long) blockDim.x + threadIdx.x);
  if (x0 > n + 1) return;
  double2 c = __ldg((const double2*) (u + x0));
  double l = __ldg(u + (x0 - 1 < 0 ? 0 : x0 - 1)), r = __ldg(u + x0 + 2);
  double2 o;
  o.x = C0 * c.x + C1 * (l + c.y);
  o.y = C0 * c.y + C1 * (c.x + r);
  // points 1..n only: x0 = 0 holds the halo cell 0
  if (x0 >= 2 && x0 + 1 <= n) *(double2*) (v + x0) = o;
  else { if (x0 >= 1 && x0 <= n) v[x0] = o.x; if (x0 + 1 >= 1 && x0 + 1 <= n) v[x0 + 1] = o.y; }
}
__global__ void four(const double* __restrict__ u, double* __restrict__ v, long n) {
  long x0 = 4 * (blockIdx.x * (long) blockDim.x + threadIdx.x);
  if (x0 > n + 1) return;
  double2 a = __ldg((const double2*) (u + x0)), b = __ldg((const double2*) (u + x0 + 2));
  double l = __ldg(u + (x0 - 1 < 0 ? 0 : x0 - 1)), r = __ldg(u + x0 + 4);
  double o0 = C0 * a.x + C1 * (l + a.y), o1 = C0 * a.y + C1 * (a.x + b.x);
  double o2 = C0 * b.x + C1 * (a.y + b.y), o3 = C0 * b.y + C1 * (b.x + r);
  if (x0 >= 4 && x0 + 3 <= n) { *(double2*) (v + x0) = make_double2(o0, o1); *(double2*) (v + x0 + 2) = make_double2(o2, o3); }
  else { double o[4] = {o0, o1, o2, o3}; for (int i = 0; i < 4; i++) if (x0 + i >= 1 && x0 + i <= n) v[x0 + i] = o[i]; }
}
__global__ void copy2(const double* __restrict__ u, double* __restrict__ v, long n) {
  long x0 = 2 * (blockIdx.x * (long) blockDim.x + threadIdx.x);
  if (x0 + 1 > n + 1) return;
  *(double2*) (v + x0) = __ldg((const double2*) (u + x0));
}
int main() {
  long n = 16777216; size_t bytes = (n + 8) * sizeof(double);
  double *u, *v; cudaMalloc(&u, bytes); cudaMalloc(&v, bytes);
  cudaMemset(u, 0, bytes); cudaMemset(v, 0, bytes);
  cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
  float ms; double comp = 2.0 * n * sizeof(double);
  cudaMemcpy(v, u, bytes, cudaMemcpyDeviceToDevice);
  cudaEventRecord(e0); for (int i = 0; i < 100; i++) cudaMemcpy(v, u, n * 8, cudaMemcpyDeviceToDevice); cudaEventRecord(e1);
  cudaEventSynchronize(e1); cudaEventElapsedTime(&ms, e0, e1); double memcpy_ms = ms / 100;
  printf("memcpy %.4f ms (%.1f GB/s)\n", memcpy_ms, comp / memcpy_ms / 1e6);
  for (int turn = 0; turn < 3; turn++) {
    for (int k = 0; k < 4; k++) for (int tb = 128; tb <= 1024; tb *= 2) {
      long per = k == 0 ? 1 : k == 1 ? 2 : k == 2 ? 4 : 2;
      long threads = (n + 2 + per - 1) / per; int blocks = (threads + tb - 1) / tb;
      for (int w = 0; w < 3; w++) { if (k==0) one<<<blocks,tb>>>(u,v,n); else if (k==1) two<<<blocks,tb>>>(u,v,n); else if (k==2) four<<<blocks,tb>>>(u,v,n); else copy2<<<blocks,tb>>>(u,v,n); }
      cudaEventRecord(e0);
      for (int i = 0; i < 100; i++) { double *a = i % 2 ? v : u, *b = i % 2 ? u : v;
        if (k==0) one<<<blocks,tb>>>(a,b,n); else if (k==1) two<<<blocks,tb>>>(a,b,n); else if (k==2) four<<<blocks,tb>>>(a,b,n); else copy2<<<blocks,tb>>>(a,b,n); }
      cudaEventRecord(e1); cudaEventSynchronize(e1); cudaEventElapsedTime(&ms, e0, e1);
      printf("turn %d %-5s tb %4d  %.4f ms  %.1f%% of memcpy\n", turn, k==0?"one":k==1?"two":k==2?"four":"copy", tb, ms/100, 100*memcpy_ms/(ms/100));
    }
  }
  printf("%s\n", cudaGetErrorString(cudaGetLastError()));
}
