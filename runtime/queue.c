/* queue.c -- the kernels launched without waiting that may still run,
   and the waits for them: for the stream, or for the last queued kernel
   that touches a box of a device copy.  */

#include <limits.h>
#include <stdlib.h>

#include "queue.h"
#include "descriptor.h"
#include "diag.h"
#include "driver.h"
#include "guard.h"
#include "tune-launch.h"

/* A kernel launched without waiting that may still run, with the boxes of
   the device arrays it may touch: an update waits for the last queued
   kernel that touches its box (and so for those before it), not for the
   others.  A fault of such a kernel surfaces only at a later wait.  */
struct pending_use
{
  const struct mintrt_present *entry;
  bool written;
  struct mintrt_box box;
};

struct pending_launch
{
  const struct mint_kernel *kernel;
  bool marked;                  /* DONE recorded on the stream after it */
  CUevent done;
  unsigned nuses;
  struct pending_use *uses;     /* capacity: the largest narrays seen */
  unsigned uses_capacity;
};

/* A ring, oldest first; a launch that finds it full waits for the oldest.
   An event costs the stream a little time between two kernels, so a
   launch gets one only when another kernel follows it, or after every
   PENDING_RUN launches of one kernel (the steps of a time loop); a wait
   for one without waits for the next one with, or for the stream.  */
#define MAX_PENDING 64
#define PENDING_RUN 16
static struct pending_launch pending[MAX_PENDING];
static unsigned pending_first, pending_count;
static unsigned unmarked_run;   /* launches at the ring's end without */

static struct pending_launch *
pending_at (unsigned i)
{
  return &pending[(pending_first + i) % MAX_PENDING];
}

const struct mint_kernel *
mintrt_last_pending_kernel (void)
{
  return pending_count ? pending_at (pending_count - 1)->kernel : NULL;
}

/* The device failed with R, found at FILE:LINE while waiting for LAUNCHED
   (the kernel just launched, or NULL) or for EARLIER, a kernel launched
   with nowait (or NULL).  */
static noreturn void
device_failed (const char *file, unsigned line,
               const struct mint_kernel *launched,
               const struct mint_kernel *earlier, CUresult r)
{
  if (launched && earlier && earlier != launched)
    mintrt_fatal (launched->file, launched->line,
                  "kernel %s, or kernel %s launched with nowait at %s:%u, "
                  "failed: %s", launched->name, earlier->name, earlier->file,
                  earlier->line, mintrt_cu_error (r));
  if (launched)
    mintrt_fatal (launched->file, launched->line, "kernel %s failed: %s",
                  launched->name, mintrt_cu_error (r));
  if (earlier)
    mintrt_fatal (earlier->file, earlier->line, "kernel %s, launched with "
                  "nowait, failed: %s (found at %s:%u)", earlier->name,
                  mintrt_cu_error (r), file, line);
  mintrt_fatal (file, line, "the device failed: %s", mintrt_cu_error (r));
}

void
mintrt_synchronize (const char *file, unsigned line,
                    const struct mint_kernel *launched)
{
  bool faults = mintrt_faults_unread
                && mintrt_copy_fault_words (mintrt_device.stream);
  CUresult r = CU (cuStreamSynchronize) (mintrt_device.stream);
  const struct mint_kernel *earlier = mintrt_last_pending_kernel ();

  pending_count = 0;
  unmarked_run = 0;
  if (r != CUDA_SUCCESS)
    device_failed (file, line, launched, earlier, r);
  mintrt_read_all_samples ();
  mintrt_faults_unread = false;
  if (faults)
    mintrt_read_guard_faults ();
}

/* Wait for the queued kernels up to the Ith (oldest first), found
   necessary at FILE:LINE, and forget them: for the first event at or
   after it, or else for the stream.  */
static void
wait_pending (unsigned i, const char *file, unsigned line)
{
  while (i < pending_count && !pending_at (i)->marked)
    i++;
  if (i == pending_count)
    {
      mintrt_synchronize (file, line, NULL);
      return;
    }
  const struct pending_launch *p = pending_at (i);
  CUresult r = CU (cuEventSynchronize) (p->done);

  if (r != CUDA_SUCCESS)
    device_failed (file, line, NULL, p->kernel, r);
  pending_first = (pending_first + i + 1) % MAX_PENDING;
  pending_count -= i + 1;
  /* The kernels after I may still note faults: they stay unread.  */
  if (mintrt_faults_unread
      && mintrt_copy_fault_words (mintrt_device.update_stream))
    mintrt_read_guard_faults ();
}

CUresult
mintrt_record_on_stream (CUevent *event, unsigned flags)
{
  CUresult r = CUDA_SUCCESS;

  if (!*event)
    r = CU (cuEventCreate) (event, flags);
  if (r == CUDA_SUCCESS)
    r = CU (cuEventRecord) (*event, mintrt_device.stream);
  return r;
}

void
mintrt_mark_last_pending (const struct mint_kernel *k)
{
  struct pending_launch *p;
  CUresult r;

  if (pending_count == 0)
    return;
  p = pending_at (pending_count - 1);
  if (p->marked || (p->kernel == k && unmarked_run < PENDING_RUN))
    return;
  r = mintrt_record_on_stream (&p->done, CU_EVENT_DISABLE_TIMING);
  if (r != CUDA_SUCCESS)
    mintrt_fatal (k->file, k->line, "cannot queue kernel %s: %s", k->name,
                  mintrt_cu_error (r));
  p->marked = true;
  unmarked_run = 0;
}

void
mintrt_pending_push (const struct mint_kernel *k,
                     const struct mintrt_kernel_state *s, bool whole)
{
  struct pending_launch *p;

  if (pending_count == MAX_PENDING)
    wait_pending (0, k->file, k->line);
  p = pending_at (pending_count);
  if (p->uses_capacity < k->narrays)
    {
      free (p->uses);
      p->uses = mintrt_xcalloc (k->narrays, sizeof *p->uses);
      p->uses_capacity = k->narrays;
    }
  p->kernel = k;
  p->marked = false;
  p->nuses = k->narrays;
  for (unsigned a = 0; a < k->narrays; a++)
    {
      p->uses[a].entry = s->entries[a];
      p->uses[a].written = whole || s->uses[a].written;
      if (whole)
        for (unsigned d = 0; d < 3; d++)
          {
            p->uses[a].box.lo[d] = LLONG_MIN;
            p->uses[a].box.hi[d] = LLONG_MAX;
          }
      else
        {
          mintrt_footprint_box (k, &s->uses[a], s->bounds, s->scalars, false,
                                &p->uses[a].box);
          p->uses[a].box = mintrt_present_view_box (s->entries[a],
                                                    s->origins[a],
                                                    &p->uses[a].box);
        }
    }
  pending_count++;
  unmarked_run++;
}

void
mintrt_wait_for_kernels (const struct mintrt_present *entry,
                         const struct mintrt_box *box, bool writes,
                         const char *file, unsigned line)
{
  for (unsigned i = pending_count; i-- > 0;)
    {
      const struct pending_launch *p = pending_at (i);
      for (unsigned a = 0; a < p->nuses; a++)
        if (p->uses[a].entry == entry && (writes || p->uses[a].written)
            && mintrt_box_overlap (&p->uses[a].box, box))
          {
            wait_pending (i, file, line);
            return;
          }
    }
}
