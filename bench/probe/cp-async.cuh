/* cp-async.cuh -- what the hand-written probes that stage planes in
   shared memory (star/star-tile.cu, box/box-ring.cu) share: a 16-byte
   copy from global to shared memory without waiting (cp.async), its
   groups' commit and the wait for all but N of them.  */

#ifndef PROBE_CP_ASYNC_CUH
#define PROBE_CP_ASYNC_CUH

__device__ __forceinline__ void
copy16 (void *dst, const void *src)
{
  asm volatile ("cp.async.cg.shared.global [%0], [%1], 16;"
                :: "r" ((unsigned) __cvta_generic_to_shared (dst)),
                   "l" (__cvta_generic_to_global (src)) : "memory");
}

__device__ __forceinline__ void
commit () { asm volatile ("cp.async.commit_group;" ::: "memory"); }

template <int N>
__device__ __forceinline__ void
wait_groups () { asm volatile ("cp.async.wait_group %0;" :: "n" (N) : "memory"); }

#endif /* PROBE_CP_ASYNC_CUH */
