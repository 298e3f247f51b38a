/* cuda-host-shim.h -- just enough of CUDA for g++ to compile emitted
   kernels as host functions, so the unit tests run them on the CPU.

   shim_launch runs the blocks one after another and the threads of a block
   as coroutines (ucontext) of the calling thread, each on a stack of its
   own: __syncthreads switches back to the launch, which resumes every
   thread of the block in turn until each has arrived or returned, so the
   barrier is real and a thread's view of the others' writes is exact.
   Thousands of OS threads on a machine of two cores took minutes in the
   kernel's scheduler.  __shared__ arrays are function statics, which the
   coroutines share; threadIdx is set before each resumes.  Nothing runs
   concurrently, so atomics are plain read-modify-writes.  The emitted code
   uses warp shuffles only under __CUDA_ARCH__, which the host compilation
   does not define.  */
#ifndef MINT_CUDA_HOST_SHIM_H
#define MINT_CUDA_HOST_SHIM_H

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

using std::abs;
using std::fabs;
using std::fmin;
using std::fmax;
using std::sqrt;
using std::pow;
using std::fma;

#define __global__
#define __device__
#define __constant__
#define __forceinline__ inline
#define __noinline__
#define __align__(n) __attribute__ ((aligned (n)))
#define __launch_bounds__(...)
#define __shared__ static
/* Level 4's dynamic shared memory: as much as a block of sm_90 may have.  */
#define MINT_DYNAMIC_SHARED(name) alignas (16) static unsigned char name[227 * 1024]

struct uint3 { unsigned x, y, z; };
struct dim3 { unsigned x, y, z; };

inline uint3 blockIdx, threadIdx;
inline dim3 blockDim, gridDim;

/* A block's threads: their contexts, whether each has returned, and the
   predicate each passed to the barrier it waits at.  */
enum { SHIM_MAX_THREADS = 1024, SHIM_STACK = 256 * 1024 };
struct shim_thread { ucontext_t context; int done, pred; };
inline shim_thread shim_threads[SHIM_MAX_THREADS];
inline ucontext_t shim_launcher;
inline int shim_current;
inline int shim_block_or;
inline void (*shim_kernel) (void *);
inline void *shim_kernel_closure;

inline void
__syncthreads ()
{
  swapcontext (&shim_threads[shim_current].context, &shim_launcher);
}

/* Whether PRED is nonzero in some thread of the block, as a barrier.  */
inline int
__syncthreads_or (int pred)
{
  shim_threads[shim_current].pred = pred != 0;
  __syncthreads ();
  return shim_block_or;
}

/* Warp operations, for the rows that level 0's warps stage
   (MINT_EMULATED_WARPS, emit-rows.c): each is a barrier of the block,
   exact where the warps of a block make the same warp operations, as in
   the tests' kernels.  A lane is a thread's place in its warp, threads
   numbered x fastest (blocks whose width is whole warps).  */
#define MINT_EMULATED_WARPS 1
inline unsigned long long shim_exchange[SHIM_MAX_THREADS];

inline void
__syncwarp (unsigned mask = 0xffffffffu)
{
  (void) mask;
  __syncthreads ();
}

/* V of lane LANE of the caller's warp, as each lane passed its own.  */
inline unsigned long long
shim_from_lane (unsigned long long v, int lane)
{
  shim_exchange[shim_current] = v;
  __syncthreads ();
  unsigned long long got = shim_exchange[(shim_current & ~31) + lane];
  __syncthreads ();
  return got;
}

inline unsigned long long
__shfl_sync (unsigned mask, unsigned long long v, int lane)
{
  (void) mask;
  return shim_from_lane (v, lane);
}

inline unsigned
__ballot_sync (unsigned mask, int pred)
{
  unsigned bits = 0;
  for (int lane = 0; lane < 32; lane++)
    if ((mask >> lane & 1) && shim_from_lane (pred != 0, lane))
      bits |= 1u << lane;
  return bits;
}

inline void
shim_thread_start ()
{
  shim_kernel (shim_kernel_closure);
  shim_threads[shim_current].done = 1;
}

/* The threads' stacks, each above a page that faults on overflow.  */
inline char *
shim_stacks ()
{
  static char *stacks;
  if (!stacks)
    {
      long page = sysconf (_SC_PAGESIZE);
      std::size_t size = (std::size_t) SHIM_MAX_THREADS * SHIM_STACK;
      void *m = mmap (NULL, size, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
      if (m == MAP_FAILED)
        {
          std::perror ("cuda-host-shim: mmap");
          std::exit (1);
        }
      stacks = (char *) m;
      for (int t = 0; t < SHIM_MAX_THREADS; t++)
        mprotect (stacks + (std::size_t) t * SHIM_STACK, page, PROT_NONE);
    }
  return stacks;
}

/* TH to start the kernel on STACK.  Apart, since getcontext returns twice
   and its caller's variables would be at risk.  */
__attribute__ ((noinline)) inline void
shim_prepare (shim_thread *th, char *stack)
{
  getcontext (&th->context);
  th->context.uc_stack.ss_sp = stack;
  th->context.uc_stack.ss_size = SHIM_STACK;
  th->context.uc_link = &shim_launcher;
  makecontext (&th->context, shim_thread_start, 0);
  th->done = 0;
}

/* Runs the current block's THREADS from their start to their end, a
   barrier at a time; a thread that has returned counts as arrived, as on
   the device.  */
inline void
shim_run_block (int threads, const unsigned block[3])
{
  char *stacks = shim_stacks ();
  for (int t = 0; t < threads; t++)
    shim_prepare (&shim_threads[t], stacks + (std::size_t) t * SHIM_STACK);
  for (int running = threads; running > 0;)
    {
      int any = 0;
      for (int t = 0; t < threads; t++)
        {
          shim_thread *th = &shim_threads[t];
          if (th->done)
            continue;
          th->pred = 0;
          shim_current = t;
          threadIdx = { t % block[0], t / block[0] % block[1],
                        t / block[0] / block[1] };
          swapcontext (&shim_launcher, &th->context);
          running -= th->done;
          any |= th->pred;
        }
      shim_block_or = any;
    }
}

template <typename F>
inline void
shim_call (void *kern)
{
  (*(F *) kern) ();
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
  if (threads > SHIM_MAX_THREADS)
    {
      std::fprintf (stderr, "FAIL: a block of %d threads\n", threads);
      std::exit (1);
    }
  shim_kernel = shim_call<F>;
  shim_kernel_closure = &kern;
  for (long long b = (long long) grid[0] * grid[1] * grid[2] - 1; b >= 0; b--)
    {
      blockIdx = { (unsigned) (b % grid[0]), (unsigned) (b / grid[0] % grid[1]),
                   (unsigned) (b / grid[0] / grid[1]) };
      shim_run_block (threads, block);
    }
}

/* The vector types of the 16-byte accesses level 3 emits, and of
   paired stores.  */
struct alignas (16) double2 { double x, y; };
struct alignas (8) float2 { float x, y; };
struct alignas (8) int2 { int x, y; };
struct alignas (8) uint2 { unsigned x, y; };
struct alignas (16) float4 { float x, y, z, w; };
struct alignas (16) int4 { int x, y, z, w; };
struct alignas (16) uint4 { unsigned x, y, z, w; };
struct alignas (16) longlong2 { long long x, y; };
struct alignas (16) ulonglong2 { unsigned long long x, y; };
struct alignas (8) short4 { short x, y, z, w; };
struct alignas (8) ushort4 { unsigned short x, y, z, w; };
struct alignas (4) char4 { signed char x, y, z, w; };
struct alignas (4) uchar4 { unsigned char x, y, z, w; };
inline double2 make_double2 (double x, double y) { return { x, y }; }
inline float2 make_float2 (float x, float y) { return { x, y }; }
inline int2 make_int2 (int x, int y) { return { x, y }; }
inline uint2 make_uint2 (unsigned x, unsigned y) { return { x, y }; }
inline float4 make_float4 (float x, float y, float z, float w) { return { x, y, z, w }; }
inline int4 make_int4 (int x, int y, int z, int w) { return { x, y, z, w }; }
inline uint4 make_uint4 (unsigned x, unsigned y, unsigned z, unsigned w) { return { x, y, z, w }; }
inline longlong2 make_longlong2 (long long x, long long y) { return { x, y }; }
inline ulonglong2 make_ulonglong2 (unsigned long long x, unsigned long long y) { return { x, y }; }
inline short4 make_short4 (short x, short y, short z, short w) { return { x, y, z, w }; }
inline ushort4 make_ushort4 (unsigned short x, unsigned short y, unsigned short z, unsigned short w) { return { x, y, z, w }; }
inline char4 make_char4 (signed char x, signed char y, signed char z, signed char w) { return { x, y, z, w }; }
inline uchar4 make_uchar4 (unsigned char x, unsigned char y, unsigned char z, unsigned char w) { return { x, y, z, w }; }

/* A test may check every load through the read-only path.  */
inline void (*shim_read_check) (const void *p, std::size_t size);
/* A vector store to an address not a multiple of its size faults on
   the GPU.  */
template <typename T> inline void __stwb (T *p, T v)
{
  if ((reinterpret_cast<unsigned long long> (p) & (alignof (T) - 1)) != 0)
    abort ();
  *p = v;
}
template <typename T> inline T __ldg (const T *p)
{
  if (shim_read_check)
    shim_read_check (p, sizeof *p);
  return *p;
}
template <typename T> inline T __ldcg (const T *p)
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
  T old = shim_read (p);
  shim_write (p, op (old));
  return old;
}
template <typename T> inline T atomicAdd (T *p, T v) { return shim_atomic (p, [=] (T old) { return (T) (old + v); }); }
template <typename T> inline T atomicMin (T *p, T v) { return shim_atomic (p, [=] (T old) { return v < old ? v : old; }); }
template <typename T> inline T atomicMax (T *p, T v) { return shim_atomic (p, [=] (T old) { return old < v ? v : old; }); }
template <typename T> inline T atomicCAS (T *p, T expected, T desired)
{
  return shim_atomic (p, [=] (T old) { return old == expected ? desired : old; });
}

/* The bit counts the prelude's functions use.  */
inline int __ffs (int x) { return __builtin_ffs (x); }
inline int __ffsll (long long x) { return __builtin_ffsll (x); }
inline int __popc (unsigned x) { return __builtin_popcount (x); }
inline int __popcll (unsigned long long x) { return __builtin_popcountll (x); }

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
