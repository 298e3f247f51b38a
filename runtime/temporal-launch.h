/* temporal-launch.h -- level 4: the steps of a time loop held back and
   run several per launch (temporal-launch.c).  */

#ifndef MINTRT_TEMPORAL_LAUNCH_H
#define MINTRT_TEMPORAL_LAUNCH_H

#include "descriptor.h"
#include "mint/mintrt.h"
#include "present.h"

/* Brings ENTRY's points up to date where a closing variant left them a
   step behind (struct mintrt_present, stale_kernel): one launch of that
   kernel with its arguments then, reading the old copy of the array it
   read, now its scratch.  */
void mintrt_repair_stale (struct mintrt_present *entry);

/* Before K's launch with the arguments in S's slots, after the steps held
   back ran (mintrt_run_held): a closing variant may have given an array
   another device copy, and left one a step behind, which is brought up
   to date unless K's next step (the same bounds, the array only in the
   written place) overwrites its points, which that step never reads.  */
void mintrt_after_held (struct mint_kernel *k,
                        struct mintrt_kernel_state *s);

/* Runs the steps held back in order: the last 2 in the closing variant
   where it may run (closing_usable), the others one launch each.  */
void mintrt_run_held (void);

/* K's launch with the arguments in S's slots over COUNT points (POINTS
   of them): where it is the step after the ones held back, it is held
   back too, and whole batches of steps run in the temporal variant as
   they fill, always one step kept back (a batch leaves the read array's
   points stale: the next step overwrites them); else the steps held back
   run and it is held back alone.  */
void mintrt_defer_step (struct mint_kernel *k, struct mintrt_kernel_state *s,
                        const long long *count, double points);

#endif /* MINTRT_TEMPORAL_LAUNCH_H */
