/* copy-bandwidth.cu -- the memory-bandwidth ceiling the benchmarks are
   compared with: device-to-device copies of a large buffer, counting bytes
   read plus bytes written, median of repeated runs timed with CUDA events.

     COPYBW memcpy <GB/s>   cudaMemcpy device to device
     COPYBW kernel <GB/s>   a grid-stride copy kernel, 16-byte accesses
     COPYBW best <GB/s>     the larger: the reference for "% of copy"

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
  printf ("COPYBW memcpy %.1f\n", memcpy_gbs);
  printf ("COPYBW kernel %.1f\n", kernel_gbs);
  printf ("COPYBW best %.1f\n", memcpy_gbs > kernel_gbs ? memcpy_gbs : kernel_gbs);
  CHECK (cudaFree (a));
  CHECK (cudaFree (b));
  return 0;
}
