/* queue.h -- the kernels launched without waiting, and the waits for them
   (queue.c).  */

#ifndef MINTRT_QUEUE_H
#define MINTRT_QUEUE_H

#include <stdbool.h>

#include "cuda-min.h"
#include "descriptor.h"
#include "footprint.h"
#include "mint/mintrt.h"
#include "present.h"

/* The last kernel launched without waiting, or NULL.  */
const struct mint_kernel *mintrt_last_pending_kernel (void);

/* Wait for the stream; a failure is blamed on LAUNCHED (the kernel just
   launched) or else on the last kernel that ran without waiting.  The
   fault words of the kernels that check accesses come back in the same
   wait.  */
void mintrt_synchronize (const char *file, unsigned line,
                         const struct mint_kernel *launched);

/* Records *EVENT on the stream, creating it with FLAGS at first use.  */
CUresult mintrt_record_on_stream (CUevent *event, unsigned flags);

/* Before K is launched: an event behind the last queued launch where K is
   another kernel or ends a run of PENDING_RUN launches of one.  */
void mintrt_mark_last_pending (const struct mint_kernel *k);

/* Queue K, just launched without waiting, with the boxes of its arrays
   (state S), or each whole and written where WHOLE.  */
void mintrt_pending_push (const struct mint_kernel *k,
                          const struct mintrt_kernel_state *s, bool whole);

/* Before host code (at FILE:LINE) reads (WRITES false) or writes the
   elements BOX of ENTRY's device copy: wait for the queued kernels that
   write them, or that touch them at all when WRITES.  */
void mintrt_wait_for_kernels (const struct mintrt_present *entry,
                              const struct mintrt_box *box, bool writes,
                              const char *file, unsigned line);

#endif /* MINTRT_QUEUE_H */
