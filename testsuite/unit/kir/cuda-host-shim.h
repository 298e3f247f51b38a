/* cuda-host-shim.h -- just enough of CUDA for g++ to compile emitted
   kernels as host functions, so the unit tests run them on the CPU.

   A launch runs the threads one after another (see launch in
   test-kernels.cc), so an atomic is a plain read-modify-write.  Only for
   code without block-level synchronization or warp intrinsics: the emitted
   code uses warp shuffles only under __CUDA_ARCH__, which the host
   compilation does not define.  */
#ifndef MINT_CUDA_HOST_SHIM_H
#define MINT_CUDA_HOST_SHIM_H

#include <cmath>
#include <cstdlib>
#include <cstring>

using std::abs;
using std::fabs;
using std::fmin;
using std::fmax;
using std::sqrt;
using std::pow;
using std::fma;

#define __global__
#define __device__
#define __forceinline__ inline
#define __launch_bounds__(threads)

struct uint3 { unsigned x, y, z; };
struct dim3 { unsigned x, y, z; };

inline uint3 blockIdx, threadIdx;
inline dim3 blockDim, gridDim;

template <typename T> inline T __ldg (const T *p) { return *p; }

/* Atomics read and write through memcpy: like the device's, they may
   access an object through another type (a double as unsigned long long in
   a compare-and-swap loop), which plain host accesses may not.  */
template <typename T> inline T shim_read (const T *p) { T v; std::memcpy (&v, p, sizeof v); return v; }
template <typename T> inline void shim_write (T *p, T v) { std::memcpy (p, &v, sizeof v); }

template <typename T> inline T atomicAdd (T *p, T v) { T old = shim_read (p); shim_write (p, (T) (old + v)); return old; }
template <typename T> inline T atomicMin (T *p, T v) { T old = shim_read (p); shim_write (p, v < old ? v : old); return old; }
template <typename T> inline T atomicMax (T *p, T v) { T old = shim_read (p); shim_write (p, old < v ? v : old); return old; }
template <typename T> inline T atomicCAS (T *p, T expected, T desired)
{
  T old = shim_read (p);
  if (old == expected)
    shim_write (p, desired);
  return old;
}

template <typename TO, typename FROM> inline TO shim_bit_cast (FROM v)
{
  static_assert (sizeof (TO) == sizeof (FROM), "same size");
  TO to;
  std::memcpy (&to, &v, sizeof to);
  return to;
}
inline double __longlong_as_double (long long v) { return shim_bit_cast<double> (v); }
inline long long __double_as_longlong (double v) { return shim_bit_cast<long long> (v); }
inline float __uint_as_float (unsigned v) { return shim_bit_cast<float> (v); }
inline unsigned __float_as_uint (float v) { return shim_bit_cast<unsigned> (v); }

#endif /* MINT_CUDA_HOST_SHIM_H */
