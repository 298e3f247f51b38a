/* cp-async.cuh -- what the hand-written probes that stage planes in
   shared memory (star/star-tile.cu, box/box-ring.cu) share: a 16-byte
   copy from global to shared memory without waiting (cp.async), a
   plane's tile copied so by a block, the groups' commit and the wait for
   all but N of them.  */

#ifndef PROBE_CP_ASYNC_CUH
#define PROBE_CP_ASYNC_CUH

__device__ __forceinline__ void
copy16 (void *dst, const void *src)
{
  asm volatile ("cp.async.cg.shared.global [%0], [%1], 16;"
                :: "r" ((unsigned) __cvta_generic_to_shared (dst)),
                   "l" (__cvta_generic_to_global (src)) : "memory");
}

/* H rows of W cells of type T (W a multiple of the cells in 16 bytes)
   from SRC, rows ROW cells apart, into SLOT, rows W cells apart; by
   THREADS threads, this one TID.  */
template <int W, int H, int THREADS, typename T>
__device__ __forceinline__ void
copy_tile (T *slot, const T *src, long row, int tid)
{
  constexpr int vec = 16 / sizeof (T), per_row = W / vec;
  for (int i = tid; i < per_row * H; i += THREADS)
    {
      int r = i / per_row, c = (i % per_row) * vec;
      copy16 (slot + r * W + c, src + r * row + c);
    }
}

__device__ __forceinline__ void
commit () { asm volatile ("cp.async.commit_group;" ::: "memory"); }

template <int N>
__device__ __forceinline__ void
wait_groups () { asm volatile ("cp.async.wait_group %0;" :: "n" (N) : "memory"); }

#endif /* PROBE_CP_ASYNC_CUH */
