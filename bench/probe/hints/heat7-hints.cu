/* heat7-hints.cu -- do cache hints on the loads and stores make heat7 (and
   a copy) closer to cudaMemcpy's bandwidth?  heat7 at 512^3 with the bench's
   register-blocked walk (cuda-stencil.cu's stencil_blocked: 2 columns a
   thread, 16-byte own loads, a walk of W planes), its loads and stores
   issued with or without PTX cache hints:
     LD 0 ld.global.nc (__ldg)       1 ld.global.nc.L2::256B
        2 ld.global.nc.L1::no_allocate.L2::256B
     ST 0 st.global (write-back)     1 st.global.cs (__stcs, evict first)
        2 st.global.L1::no_allocate
   and copy kernels of 16-byte accesses with the same hints.  Times: the
   median of 7 runs of 20 launches (events), after 3 launches.
   nvcc -O3 -arch=sm_90 -std=c++17 heat7-hints.cu -o heat7-hints  */

#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#include "../cuda-check.h"

struct layout { long sy, sz, off; int n; };

template <int LD>
__device__ __forceinline__ double2 load2 (const double *p)
{
  double2 v;
  if (LD == 0)
    v = __ldg ((const double2 *) p);
  else if (LD == 1)
    asm volatile ("ld.global.nc.L2::256B.v2.f64 {%0, %1}, [%2];"
                  : "=d" (v.x), "=d" (v.y) : "l" (p));
  else
    asm volatile ("ld.global.nc.L1::no_allocate.L2::256B.v2.f64 {%0, %1}, [%2];"
                  : "=d" (v.x), "=d" (v.y) : "l" (p));
  return v;
}

template <int LD>
__device__ __forceinline__ double load1 (const double *p)
{
  double v;
  if (LD == 0)
    v = __ldg (p);
  else if (LD == 1)
    asm volatile ("ld.global.nc.L2::256B.f64 %0, [%1];" : "=d" (v) : "l" (p));
  else
    asm volatile ("ld.global.nc.L1::no_allocate.L2::256B.f64 %0, [%1];"
                  : "=d" (v) : "l" (p));
  return v;
}

template <int ST>
__device__ __forceinline__ void store2 (double *p, double a, double b)
{
  if (ST == 0)
    *(double2 *) p = make_double2 (a, b);
  else if (ST == 1)
    __stcs ((double2 *) p, make_double2 (a, b));
  else
    asm volatile ("st.global.L1::no_allocate.v2.f64 [%0], {%1, %2};"
                  :: "l" (p), "d" (a), "d" (b) : "memory");
}

/* Two columns x0, x0+1 of row y, planes m0 .. m0+W-1.  */
template <int W, int LD, int ST, int MINB>
__global__ void __launch_bounds__ (256, MINB)
heat7 (layout d, const double *__restrict__ u, double *__restrict__ v)
{
  const long x0 = 1 + 2 * (blockIdx.x * (long) blockDim.x + threadIdx.x);
  const long y = 1 + blockIdx.y * (long) blockDim.y + threadIdx.y;
  const long m0 = 1 + blockIdx.z * (long) W;
  if (x0 > d.n || y > d.n)
    return;
  const double *c = u + d.off + y * d.sy + x0;
  double2 lo = load2<LD> (c + (m0 - 1) * d.sz), mid = load2<LD> (c + m0 * d.sz);
#pragma unroll
  for (int s = 0; s < W; s++)
    {
      const long m = m0 + s;
      const double *p = c + m * d.sz;
      double2 hi = load2<LD> (p + d.sz);
      double2 n = load2<LD> (p - d.sy), so = load2<LD> (p + d.sy);
      double w = load1<LD> (p - 1), e = load1<LD> (p + 2);
      double r0 = 0.4 * mid.x + 0.1 * (w + mid.y + n.x + so.x + lo.x + hi.x);
      double r1 = 0.4 * mid.y + 0.1 * (mid.x + e + n.y + so.y + lo.y + hi.y);
      store2<ST> (v + d.off + y * d.sy + x0 + m * d.sz, r0, r1);
      lo = mid;
      mid = hi;
    }
}

template <int LD, int ST>
__global__ void
copy2 (const double *__restrict__ a, double *__restrict__ b, long n2)
{
  for (long i = blockIdx.x * (long) blockDim.x + threadIdx.x; i < n2;
       i += (long) gridDim.x * blockDim.x)
    {
      double2 t = load2<LD> (a + 2 * i);
      store2<ST> (b + 2 * i, t.x, t.y);
    }
}

/* U 16-byte loads in flight per thread before any store.  */
template <int U>
__global__ void
copy_unrolled (const double *__restrict__ a, double *__restrict__ b, long n2)
{
  const long stride = (long) gridDim.x * blockDim.x;
  for (long i = blockIdx.x * (long) blockDim.x + threadIdx.x; i < n2;
       i += U * stride)
    {
      double2 t[U];
#pragma unroll
      for (int k = 0; k < U; k++)
        if (i + k * stride < n2)
          t[k] = __ldg ((const double2 *) (a + 2 * (i + k * stride)));
#pragma unroll
      for (int k = 0; k < U; k++)
        if (i + k * stride < n2)
          *(double2 *) (b + 2 * (i + k * stride)) = t[k];
    }
}

static float
median_ms (const std::vector<float> &t)
{
  std::vector<float> s (t);
  std::sort (s.begin (), s.end ());
  return s[s.size () / 2];
}

template <typename F>
static float
time_it (F launch, int per = 20)
{
  cudaEvent_t a, b;
  CHECK (cudaEventCreate (&a));
  CHECK (cudaEventCreate (&b));
  for (int i = 0; i < 3; i++)
    launch ();
  std::vector<float> t;
  for (int r = 0; r < 7; r++)
    {
      CHECK (cudaEventRecord (a));
      for (int i = 0; i < per; i++)
        launch ();
      CHECK (cudaEventRecord (b));
      CHECK (cudaEventSynchronize (b));
      float ms;
      CHECK (cudaEventElapsedTime (&ms, a, b));
      t.push_back (ms / per);
    }
  CHECK (cudaGetLastError ());
  return median_ms (t);
}

int
main ()
{
  const int n = 512;
  layout d;
  d.sy = n + 8;                       /* row: ghost, n, ghost, padding */
  d.sz = d.sy * (n + 2);
  d.off = 1;                          /* x0 - 1 + off even: 16-byte rows */
  d.n = n;
  const size_t elems = d.off + d.sz * (n + 2) + 8;
  double *u, *v;
  CHECK (cudaMalloc (&u, elems * 8));
  CHECK (cudaMalloc (&v, elems * 8));
  std::vector<double> h (elems);
  for (size_t i = 0; i < elems; i++)
    h[i] = (double) (i % 1013) / 1013.0;
  CHECK (cudaMemcpy (u, h.data (), elems * 8, cudaMemcpyHostToDevice));
  CHECK (cudaMemcpy (v, h.data (), elems * 8, cudaMemcpyHostToDevice));
  const double bytes = 2.0 * 8 * (double) n * n * n;
  const double cbytes = 2.0 * 8 * (double) elems;

  float mc = time_it ([&] { cudaMemcpyAsync (v, u, elems * 8, cudaMemcpyDeviceToDevice); });
  printf ("COPY memcpy %.4f ms %.1f GB/s\n", mc, cbytes / mc / 1e6);
#define COPY(LD, ST) { \
    float t = time_it ([&] { copy2<LD, ST><<<132 * 16, 256>>> (u, v, (long) elems / 2); }); \
    printf ("COPY ld%d st%d %.4f ms %.1f GB/s\n", LD, ST, t, cbytes / t / 1e6); }
  COPY (0, 0) COPY (1, 0) COPY (0, 1) COPY (1, 1) COPY (2, 1) COPY (0, 2)
#define COPYU(U, G) { \
    float t = time_it ([&] { copy_unrolled<U><<<132 * G, 256>>> (u, v, (long) elems / 2); }); \
    printf ("COPY unrolled %d grid %dx132 %.4f ms %.1f GB/s\n", U, G, t, cbytes / t / 1e6); }
  COPYU (1, 8) COPYU (2, 8) COPYU (4, 8) COPYU (8, 8) COPYU (4, 4) COPYU (4, 16) COPYU (2, 32) COPYU (1, 64)

  /* The reference answer: LD 0, ST 0.  */
  std::vector<double> ref (elems), got (elems);
#define HEAT(BX, W, LD, ST, MINB) { \
    dim3 b (BX, 256 / BX), g (n / 2 / BX, n / (256 / BX), n / W); \
    CHECK (cudaMemcpy (v, h.data (), elems * 8, cudaMemcpyHostToDevice)); \
    heat7<W, LD, ST, MINB><<<g, b>>> (d, u, v); \
    CHECK (cudaMemcpy (got.data (), v, elems * 8, cudaMemcpyDeviceToHost)); \
    double err = 0; \
    for (size_t i = 0; i < elems; i++) err = std::max (err, std::abs (got[i] - ref[i])); \
    float t = time_it ([&] { heat7<W, LD, ST, MINB><<<g, b>>> (d, u, v); }); \
    printf ("HEAT7 %dx%dx%d ld%d st%d minb%d %.4f ms %.1f%% of memcpy err %.1e\n", BX, 256 / BX, W, LD, ST, MINB, t, \
            100.0 * bytes / t / 1e6 / (cbytes / mc / 1e6), err); }
  {
    dim3 b (32, 8), g (n / 2 / 32, n / 8, n / 4);
    CHECK (cudaMemcpy (v, h.data (), elems * 8, cudaMemcpyHostToDevice));
    heat7<4, 0, 0, 2><<<g, b>>> (d, u, v);
    CHECK (cudaMemcpy (ref.data (), v, elems * 8, cudaMemcpyDeviceToHost));
  }
  for (int rep = 0; rep < 2; rep++)
    {
      HEAT (32, 4, 0, 0, 2) HEAT (32, 4, 1, 0, 2) HEAT (32, 4, 0, 1, 2)
      HEAT (32, 4, 1, 1, 2) HEAT (32, 4, 2, 1, 2) HEAT (32, 4, 0, 2, 2)
      HEAT (64, 4, 0, 0, 3) HEAT (64, 4, 1, 1, 3) HEAT (64, 4, 0, 1, 3)
      HEAT (32, 8, 0, 0, 2) HEAT (32, 8, 1, 1, 2) HEAT (32, 8, 0, 1, 2)
    }
  return 0;
}
