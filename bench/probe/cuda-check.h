/* cuda-check.h -- what the hand-written probes (temporal/, launch/,
   schedule/) share: CHECK, which exits with the CUDA error and its place,
   and heat7's update of one point in the bench's order of additions.  */

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

#endif
