/* guard.h -- the accesses the device checks (mintrt.h, checked_arrays):
   their extents and fault words (guard.c).  */

#ifndef MINTRT_GUARD_H
#define MINTRT_GUARD_H

#include <stdbool.h>

#include "cuda-min.h"
#include "descriptor.h"
#include "mint/mintrt.h"

/* Whether a kernel launched with checks ran since the fault words of the
   images were last read.  */
extern bool mintrt_faults_unread;

/* Before a launch of K (state S): the extents of its checked arrays'
   copies into their parameters, and whether a check may fail.  */
void mintrt_prepare_checks (const struct mint_kernel *k,
                            struct mintrt_kernel_state *s);

/* Whether the launch of K (state S; mintrt_prepare_checks made) runs its
   functions without the checks: it has them, and none can fail.  */
bool mintrt_runs_unchecked (const struct mint_kernel *k,
                            const struct mintrt_kernel_state *s);

/* Whether every element of K's checked arrays that its launch (state
   S) reaches at any point, whatever the body's conditions, lies in the
   array's copy, and for the arrays of K's temporal variant (mintrt.h,
   temporal_read and temporal_write), which it swaps, in the other's copy
   too: the variant, which loads a box of its read array at every
   point, has no checks.  */
bool mintrt_checked_inside_anywhere (const struct mint_kernel *k,
                                     const struct mintrt_kernel_state *s);

/* Copies on STREAM the fault words of the image of each kernel launched
   with checks into its struct mintrt_image_state
   (mintrt_read_guard_faults), and waits for STREAM where it is not the
   kernels'.  False where a copy failed: the device did, which the wait
   for the kernels reports.  */
bool mintrt_copy_fault_words (CUstream stream);

/* Ends the program where the fault words mintrt_copy_fault_words copied
   name a checked access outside its array's copy.  */
void mintrt_read_guard_faults (void);

#endif /* MINTRT_GUARD_H */
