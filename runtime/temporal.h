/* temporal.h -- which launches of a level-4 kernel are consecutive steps
   of a time loop (mintrt.h, temporal_steps), and how many blocks in z a
   launch of its temporal variant gets (temporal.c).  */

#ifndef MINTRT_TEMPORAL_H
#define MINTRT_TEMPORAL_H

#include <stdbool.h>

#include "args.h"
#include "mint/mintrt.h"

/* K's temporal variant may run with ARGS: its read and written arrays
   differ, and no other array is either.  */
bool mintrt_temporal_usable (const struct mint_kernel *k,
                             const struct mintrt_args *args);
/* NOW are the arguments of the step after BEFORE: the read and written
   arrays swapped (pointers and strides), everything else equal, and
   usable.  */
bool mintrt_temporal_follows (const struct mint_kernel *k,
                              const struct mintrt_args *before,
                              const struct mintrt_args *now);
void mintrt_args_copy (const struct mint_kernel *k, struct mintrt_args *to,
                       const struct mintrt_args *from);
/* A run of steps with NOW looks at the cells of BEFORE's: the same
   bounds, and the same two arrays read and written, in either order.  */
bool mintrt_temporal_same_space (const struct mint_kernel *k,
                                 const struct mintrt_args *before,
                                 const struct mintrt_args *now);
/* Swaps the read and written arrays of ARGS.  */
void mintrt_args_swap (const struct mint_kernel *k, struct mintrt_args *args);
/* The number of blocks in z of a level-4 variant over N planes, XY
   blocks in each, on a GPU that runs SLOTS of its blocks at once and
   launches at most MAX_GRID in z: FEWEST (chunks of the variant's tile,
   the kernel whose chunk is a constant) unless smaller chunks, down to
   a quarter of those and MINTRT_MIN_CHUNK planes, fill the waves of
   blocks enough better to cost 5% less by a model of the waves, where
   FEWEST make less than 8 waves; those are counted so that no chunk is
   empty (mintrt.h, MINT_CHUNKED_SUFFIX).  The model picks the fastest
   of the chunks measured (bench/results/HISTORY.md, Runtime).  */
#define MINTRT_MIN_CHUNK 16
unsigned long long mintrt_level4_chunks (long long n,
                                         unsigned long long fewest,
                                         unsigned long long xy,
                                         unsigned long long slots,
                                         unsigned long long max_grid);

#endif /* MINTRT_TEMPORAL_H */
