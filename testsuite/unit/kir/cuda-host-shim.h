/* cuda-host-shim.h -- just enough of CUDA for g++ -fopenmp to compile
   emitted kernels as host functions, so the unit tests run them on the CPU.

   shim_launch runs the blocks one after another and the threads of a block
   as the OpenMP threads of one parallel region: __syncthreads is an
   (orphaned) OpenMP barrier, __shared__ arrays are function statics, which
   the threads of the region share, and threadIdx is thread-local.  Atomics
   are read-modify-writes in one critical section.  The emitted code uses
   warp shuffles only under __CUDA_ARCH__, which the host compilation does
   not define.  */
#ifndef MINT_CUDA_HOST_SHIM_H
#define MINT_CUDA_HOST_SHIM_H

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <omp.h>

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
#define __launch_bounds__(...)
#define __shared__ static
/* Level 4's dynamic shared memory: as much as a block of sm_90 may have.  */
#define MINT_DYNAMIC_SHARED(name) alignas (16) static unsigned char name[227 * 1024]

struct uint3 { unsigned x, y, z; };
struct dim3 { unsigned x, y, z; };

inline uint3 blockIdx;
inline thread_local uint3 threadIdx;
inline dim3 blockDim, gridDim;

inline void
__syncthreads ()
{
#pragma omp barrier
}

/* Whether PRED is nonzero in some thread of the block, as a barrier.  */
inline int shim_block_or;
inline int
__syncthreads_or (int pred)
{
  int any;
#pragma omp barrier
#pragma omp single
  shim_block_or = 0;
  if (pred)
    {
#pragma omp atomic write
      shim_block_or = 1;
    }
#pragma omp barrier
#pragma omp atomic read
  any = shim_block_or;
#pragma omp barrier
  return any;
}

/* Runs KERN () for every thread of a GRID of BLOCKs, blocks in reverse
   order (a kernel must not depend on the order).  */
template <typename F>
inline void
shim_launch (const unsigned grid[3], const unsigned block[3], F kern)
{
  gridDim = { grid[0], grid[1], grid[2] };
  blockDim = { block[0], block[1], block[2] };
  const int threads = (int) (block[0] * block[1] * block[2]);
  omp_set_dynamic (0);
  for (long long b = (long long) grid[0] * grid[1] * grid[2] - 1; b >= 0; b--)
    {
      blockIdx = { (unsigned) (b % grid[0]), (unsigned) (b / grid[0] % grid[1]),
                   (unsigned) (b / grid[0] / grid[1]) };
#pragma omp parallel num_threads (threads)
      {
        if (omp_get_num_threads () != threads)
          {
            std::fprintf (stderr, "FAIL: OpenMP gave %d threads for a block "
                          "of %d\n", omp_get_num_threads (), threads);
            std::exit (1);
          }
        unsigned t = (unsigned) omp_get_thread_num ();
        threadIdx = { t % block[0], t / block[0] % block[1],
                      t / block[0] / block[1] };
        kern ();
      }
    }
}

/* The vector types of the 16-byte accesses level 3 emits.  */
struct alignas (16) double2 { double x, y; };
struct alignas (16) float4 { float x, y, z, w; };
struct alignas (16) int4 { int x, y, z, w; };
struct alignas (16) uint4 { unsigned x, y, z, w; };
struct alignas (16) longlong2 { long long x, y; };
struct alignas (16) ulonglong2 { unsigned long long x, y; };
inline double2 make_double2 (double x, double y) { return { x, y }; }
inline float4 make_float4 (float x, float y, float z, float w) { return { x, y, z, w }; }
inline int4 make_int4 (int x, int y, int z, int w) { return { x, y, z, w }; }
inline uint4 make_uint4 (unsigned x, unsigned y, unsigned z, unsigned w) { return { x, y, z, w }; }
inline longlong2 make_longlong2 (long long x, long long y) { return { x, y }; }
inline ulonglong2 make_ulonglong2 (unsigned long long x, unsigned long long y) { return { x, y }; }

/* A test may check every load through the read-only path.  */
inline void (*shim_read_check) (const void *p, std::size_t size);
template <typename T> inline void __stwb (T *p, T v) { *p = v; }
template <typename T> inline T __ldg (const T *p)
{
  if (shim_read_check)
    shim_read_check (p, sizeof *p);
  return *p;
}

/* Atomics read and write through memcpy: like the device's, they may
   access an object through another type (a double as unsigned long long in
   a compare-and-swap loop), which plain host accesses may not.  */
template <typename T> inline T shim_read (const T *p) { T v; std::memcpy (&v, p, sizeof v); return v; }
template <typename T> inline void shim_write (T *p, T v) { std::memcpy (p, &v, sizeof v); }

template <typename T, typename OP> inline T shim_atomic (T *p, OP op)
{
  T old;
#pragma omp critical (shim_atomic)
  {
    old = shim_read (p);
    shim_write (p, op (old));
  }
  return old;
}
template <typename T> inline T atomicAdd (T *p, T v) { return shim_atomic (p, [=] (T old) { return (T) (old + v); }); }
template <typename T> inline T atomicMin (T *p, T v) { return shim_atomic (p, [=] (T old) { return v < old ? v : old; }); }
template <typename T> inline T atomicMax (T *p, T v) { return shim_atomic (p, [=] (T old) { return old < v ? v : old; }); }
template <typename T> inline T atomicCAS (T *p, T expected, T desired)
{
  return shim_atomic (p, [=] (T old) { return old == expected ? desired : old; });
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
