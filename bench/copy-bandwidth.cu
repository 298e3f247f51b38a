/* copy-bandwidth.cu -- the memory-bandwidth ceiling the benchmarks are
   compared with: device-to-device copies of a large buffer, counting bytes
   read plus bytes written, median of repeated runs timed with CUDA events.

     COPYBW memcpy <GB/s>   cudaMemcpy device to device
     COPYBW kernel <GB/s>   a grid-stride copy kernel, 16-byte accesses
     COPYBW best <GB/s>     the larger: the reference for "% of copy"
     PEAK fp64 <GFLOP/s>    fused multiply-adds in registers, FP64
     PEAK fp32 <GFLOP/s>    the same in FP32 (the compute bound of the
                            stencil family, bench/family/)

   Exits 3 (after a NOGPU line) when there is no CUDA device.  */

#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(call)                                                         \
  do                                                                        \
    {                                                                       \
      cudaError_t err_ = (call);                                            \
      if (err_ != cudaSuccess)                                              \
        {                                                                   \
          fprintf (stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,    \
                   cudaGetErrorString (err_));                              \
          exit (1);                                                         \
        }                                                                   \
    }                                                                       \
  while (0)

enum { REPS = 21 };

__global__ void
copy_kernel (const double2 *__restrict__ src, double2 *__restrict__ dst,
             size_t n)
{
  for (size_t i = blockIdx.x * (size_t) blockDim.x + threadIdx.x; i < n;
       i += (size_t) gridDim.x * blockDim.x)
    dst[i] = src[i];
}

__global__ void
fill_kernel (double2 *dst, size_t n)
{
  for (size_t i = blockIdx.x * (size_t) blockDim.x + threadIdx.x; i < n;
       i += (size_t) gridDim.x * blockDim.x)
    dst[i] = make_double2 ((double) i, -(double) i);
}

/* CHAINS independent multiply-add chains a thread, ITERS steps each: the
   arithmetic peak, far from any memory.  */
enum { CHAINS = 8, ITERS = 4096 };

template <typename T>
__global__ void
fma_kernel (T *out, T a, T b)
{
  T acc[CHAINS];
  for (int c = 0; c < CHAINS; c++)
    acc[c] = (T) (threadIdx.x + c);
  for (int i = 0; i < ITERS; i++)
#pragma unroll
    for (int c = 0; c < CHAINS; c++)
      acc[c] = acc[c] * a + b;
  T sum = 0;
  for (int c = 0; c < CHAINS; c++)
    sum += acc[c];
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

static int
compare_floats (const void *a, const void *b)
{
  float x = *(const float *) a, y = *(const float *) b;
  return (x > y) - (x < y);
}

/* Median GB/s of REPS copies of BYTES (read + written = 2 * BYTES).  */
static double
median_gbs (float *ms, size_t bytes)
{
  qsort (ms, REPS, sizeof *ms, compare_floats);
  return 2.0 * (double) bytes / (1e-3 * ms[REPS / 2]) / 1e9;
}

/* Median GFLOP/s of REPS runs of fma_kernel in BLOCKS blocks of 256,
   writing to OUT.  */
template <typename T>
static double
peak_gflops (int blocks, T *out)
{
  cudaEvent_t start, stop;
  float ms[REPS];
  CHECK (cudaEventCreate (&start));
  CHECK (cudaEventCreate (&stop));
  fma_kernel<T><<<blocks, 256>>> (out, (T) 0.999, (T) 0.001);  /* warm-up */
  CHECK (cudaGetLastError ());
  for (int r = 0; r < REPS; r++)
    {
      CHECK (cudaEventRecord (start));
      fma_kernel<T><<<blocks, 256>>> (out, (T) 0.999, (T) 0.001);
      CHECK (cudaEventRecord (stop));
      CHECK (cudaEventSynchronize (stop));
      CHECK (cudaEventElapsedTime (&ms[r], start, stop));
    }
  CHECK (cudaEventDestroy (start));
  CHECK (cudaEventDestroy (stop));
  qsort (ms, REPS, sizeof *ms, compare_floats);
  double flops = 2.0 * CHAINS * ITERS * 256.0 * blocks;
  return flops / (1e-3 * ms[REPS / 2]) / 1e9;
}

int
main (void)
{
  int devices = 0;
  cudaError_t err = cudaGetDeviceCount (&devices);
  if (err != cudaSuccess || devices == 0)
    {
      printf ("NOGPU copy-bandwidth %s\n",
              err != cudaSuccess ? cudaGetErrorString (err) : "no CUDA device");
      return 3;
    }
  cudaDeviceProp prop;
  CHECK (cudaGetDeviceProperties (&prop, 0));

  /* Far larger than L2, so the copy streams from device memory.  */
  const size_t bytes = (size_t) 2 << 30;
  const size_t n2 = bytes / sizeof (double2);
  double2 *a, *b;
  CHECK (cudaMalloc (&a, bytes));
  CHECK (cudaMalloc (&b, bytes));
  int blocks = prop.multiProcessorCount * 8;
  fill_kernel<<<blocks, 256>>> (a, n2);
  CHECK (cudaGetLastError ());

  cudaEvent_t start, stop;
  CHECK (cudaEventCreate (&start));
  CHECK (cudaEventCreate (&stop));
  float ms[REPS];

  CHECK (cudaMemcpy (b, a, bytes, cudaMemcpyDeviceToDevice));   /* warm-up */
  for (int r = 0; r < REPS; r++)
    {
      CHECK (cudaEventRecord (start));
      CHECK (cudaMemcpy (b, a, bytes, cudaMemcpyDeviceToDevice));
      CHECK (cudaEventRecord (stop));
      CHECK (cudaEventSynchronize (stop));
      CHECK (cudaEventElapsedTime (&ms[r], start, stop));
    }
  double memcpy_gbs = median_gbs (ms, bytes);

  copy_kernel<<<blocks, 256>>> (a, b, n2);                       /* warm-up */
  CHECK (cudaGetLastError ());
  for (int r = 0; r < REPS; r++)
    {
      CHECK (cudaEventRecord (start));
      copy_kernel<<<blocks, 256>>> (a, b, n2);
      CHECK (cudaEventRecord (stop));
      CHECK (cudaGetLastError ());
      CHECK (cudaEventSynchronize (stop));
      CHECK (cudaEventElapsedTime (&ms[r], start, stop));
    }
  double kernel_gbs = median_gbs (ms, bytes);

  /* The kernel's copy must be right, or its rate means nothing.  */
  double2 probe[2];
  CHECK (cudaMemcpy (probe, b + n2 - 2, sizeof probe, cudaMemcpyDeviceToHost));
  double want = (double) (n2 - 1);
  if (probe[1].x != want)
    {
      fprintf (stderr, "copy-bandwidth: copy kernel result wrong (%g, want %g)\n",
               probe[1].x, want);
      return 1;
    }

  printf ("DEVICE %s\n", prop.name);
  printf ("PEAK fp64 %.1f\n",
          peak_gflops<double> (prop.multiProcessorCount * 32, (double *) a));
  printf ("PEAK fp32 %.1f\n",
          peak_gflops<float> (prop.multiProcessorCount * 32, (float *) a));
  printf ("COPYBW memcpy %.1f\n", memcpy_gbs);
  printf ("COPYBW kernel %.1f\n", kernel_gbs);
  printf ("COPYBW best %.1f\n", memcpy_gbs > kernel_gbs ? memcpy_gbs : kernel_gbs);
  CHECK (cudaFree (a));
  CHECK (cudaFree (b));
  return 0;
}
