/* cuda-check.h -- what the hand-written probes (temporal/, launch/,
   schedule/) share: CHECK, which exits with the CUDA error and its place,
   heat7's update of one point in the bench's order of additions, and a
   thread's column of a heat7 step.  */

#ifndef PROBE_CUDA_CHECK_H
#define PROBE_CUDA_CHECK_H

#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x)                                                        \
  do {                                                                  \
    cudaError_t e_ = (x);                                               \
    if (e_ != cudaSuccess)                                              \
      {                                                                 \
        fprintf (stderr, "%s:%d: %s\n", __FILE__, __LINE__,             \
                 cudaGetErrorString (e_));                              \
        exit (1);                                                       \
      }                                                                 \
  } while (0)

/* u' = 0.4 u + 0.1 * (z-1 + z+1 + y-1 + y+1 + x-1 + x+1).  */
__device__ inline double
heat7_point (double c, double lo, double hi, double dn, double up, double w,
             double e)
{
  return 0.4 * c + 0.1 * (lo + hi + dn + up + w + e);
}

/* One heat7 step over the thread's column of W planes on an N^3
   interior with row and plane strides SY and SZ (launch/'s probes): x
   and y from the thread, the first plane from the block's z.  */
template <int W>
__device__ inline void
heat7_column (int n, long sy, long sz, const double *__restrict__ u,
              double *__restrict__ v)
{
  int x = blockIdx.x * blockDim.x + threadIdx.x + 1;
  int y = blockIdx.y * blockDim.y + threadIdx.y + 1;
  int z0 = blockIdx.z * W + 1;
  if (x > n || y > n)
    return;
  long i = z0 * sz + y * sy + x;
  double lo = __ldg (u + i - sz), mid = __ldg (u + i);
  for (int z = z0; z < z0 + W && z <= n; z++, i += sz)
    {
      double hi = __ldg (u + i + sz);
      v[i] = heat7_point (mid, lo, hi, __ldg (u + i - sy), __ldg (u + i + sy),
                          __ldg (u + i - 1), __ldg (u + i + 1));
      lo = mid;
      mid = hi;
    }
}

#endif
