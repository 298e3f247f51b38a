/* mintrt.c -- the runtime ABI of mint/mintrt.h.

   The first call decides, once per process, whether kernels run on the
   device (MODE_DEVICE) or the caller's host loops run (MODE_HOST).  The
   present table is kept in both modes, so a program that launches with an
   array it never copied fails the same way with or without a GPU.  */

#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mintrt-internal.h"

enum mode
{
  MODE_UNDECIDED,
  MODE_HOST,
  MODE_DEVICE
};

static enum mode mode;
static struct mintrt_present_table present;

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

static void read_all_samples (void);
static void run_held (void);

/* ---- planes of arrays (mintrt_present_find_view) ------------------------ */

/* The device address of element [0][0][0] of the view ORIGIN rows into
   ENTRY's device copy: its rows are the copy's, one pitch apart also
   from a plane to the next.  */
static CUdeviceptr
view_address (const struct mintrt_present *entry, long long origin)
{
  return entry->alloc + entry->layout.offset
         + (CUdeviceptr) (origin * entry->layout.row_stride)
           * entry->elem_size;
}

/* The extents x, y, z of the view ORIGIN rows into ENTRY: the planes
   from the one it starts, or where it starts inside a plane, the rest of
   that plane's rows.  */
static void
view_extents (const struct mintrt_present *entry, long long origin,
              long long extent[3])
{
  long long ny = entry->ny > 0 ? entry->ny : 1;
  extent[0] = entry->nx;
  extent[1] = origin % ny == 0 ? entry->ny : ny - origin % ny;
  extent[2] = origin % ny == 0 ? entry->nz - origin / ny : 1;
}

/* The plane of row ORIGIN + Z * NY + Y, or LIMIT where Z or Y is not
   finite (LLONG_MIN, LLONG_MAX) or the row overflows.  */
static long long
row_plane (long long origin, long long z, long long y, long long ny,
           long long limit)
{
  long long r;
  if (z == LLONG_MIN || z == LLONG_MAX || y == LLONG_MIN || y == LLONG_MAX
      || __builtin_mul_overflow (z, ny, &r) || __builtin_add_overflow (r, y, &r)
      || __builtin_add_overflow (r, origin, &r))
    return limit;
  return r >= 0 ? r / ny : -((ny - 1 - r) / ny);
}

/* BOX of the view ORIGIN rows into ENTRY as elements of ENTRY: the same
   box, planes or rows further, where the view starts a plane or the box
   stays in the plane the view starts in; else every row of the planes
   its rows reach.  */
static struct mintrt_box
entry_box (const struct mintrt_present *entry, long long origin,
           const struct mintrt_box *box)
{
  struct mintrt_box b = *box;
  long long ny = entry->ny > 0 ? entry->ny : 1, y0 = origin % ny;
  bool exact = y0 == 0 || (box->lo[2] == 0 && box->hi[2] == 0
                           && box->lo[1] >= 0 && box->hi[1] < ny - y0);
  if (origin == 0 || mintrt_box_empty (box))
    return b;
  if (!exact)
    {
      b.lo[1] = LLONG_MIN;
      b.hi[1] = LLONG_MAX;
    }
  else if (box->lo[1] != LLONG_MIN && box->hi[1] != LLONG_MAX)
    {
      b.lo[1] += y0;
      b.hi[1] += y0;
    }
  b.lo[2] = row_plane (origin, box->lo[2], exact ? 0 : box->lo[1], ny,
                       LLONG_MIN);
  b.hi[2] = row_plane (origin, box->hi[2], exact ? 0 : box->hi[1], ny,
                       LLONG_MAX);
  return b;
}

/* ---- descriptors -------------------------------------------------------- */

/* Bytes of a value of scalar signature letter SIG; 0 if SIG is none.  */
static size_t
scalar_size (char sig)
{
  switch (sig)
    {
    case MINT_SIG_I32:
    case MINT_SIG_U32:
    case MINT_SIG_F32:
      return 4;
    case MINT_SIG_I64:
    case MINT_SIG_U64:
    case MINT_SIG_F64:
      return 8;
    default:
      return 0;
    }
}

static bool
valid_signature (const char *sig, unsigned count)
{
  if (!sig || strlen (sig) != count)
    return false;
  for (unsigned i = 0; i < count; i++)
    if (scalar_size (sig[i]) == 0)
      return false;
  return true;
}

static bool
valid_reduction_signature (const char *sig, unsigned count)
{
  if (!sig || strlen (sig) != 2 * (size_t) count)
    return false;
  for (unsigned i = 0; i < count; i++)
    if (scalar_size (sig[2 * i]) == 0 || !strchr ("+*mM", sig[2 * i + 1])
        || sig[2 * i + 1] == '\0')
      return false;
  return true;
}

/* No temporal variant, or one of an odd number of steps over two arrays
   of the kernel, with a grid, and a closing variant or none.  */
static bool
valid_temporal (const struct mint_kernel *k)
{
  if (k->temporal_steps == 0)
    return true;
  if (k->temporal_steps % 2 == 0 || k->temporal_read >= k->narrays
      || k->temporal_write >= k->narrays
      || k->temporal_read == k->temporal_write || k->nreductions > 0)
    return false;
  for (unsigned d = 0; d < 3; d++)
    if (k->temporal_tile[d] == 0 || k->temporal_block[d] == 0
        || (k->closing_tile[d] == 0) != (k->closing_tile[0] == 0))
      return false;
  return true;
}

/* Whether K's variant table (mintrt.h) is sound: a bounded count, known
   flags, shape classes for the variants said to share strides.  */
static bool
valid_variants (const struct mint_kernel *k)
{
  if (k->nvariants == 0)
    return true;
  if (k->nvariants > MINTRT_MAX_VARIANTS || !k->variants)
    return false;
  for (unsigned v = 0; v < k->nvariants; v++)
    if ((k->variants[v].flags & ~MINT_VARIANT_SHARED)
        || ((k->variants[v].flags & MINT_VARIANT_SHARED)
            && !*k->shape_classes))
      return false;
  return true;
}

static const char rebuild_hint[]
  = "rebuild the program with the mint plugin that matches this libmintrt";

/* A directive site built for another ABI cannot be trusted further; its
   first three fields are the same in every version.  */
static void
check_site (const struct mint_site *site)
{
  if (site->abi_version != MINT_ABI_VERSION)
    mintrt_fatal (site->file, site->line,
                  "this directive was compiled for mint runtime ABI "
                  "version %u, but libmintrt implements version %u; %s",
                  site->abi_version, MINT_ABI_VERSION, rebuild_hint);
}

/* FOOTPRINT, K's descriptor field FIELD, parsed (one use per array); a
   corrupt one ends the program.  */
static struct mintrt_array_use *
parsed_footprint (const struct mint_kernel *k, const char *field,
                  const char *footprint)
{
  struct mintrt_array_use *uses = mintrt_xcalloc (k->narrays, sizeof *uses);
  if (!mintrt_footprint_parse (k, footprint, uses))
    mintrt_fatal (k->file, k->line, "kernel %s has a corrupt descriptor "
                  "(%s \"%s\"); %s", k->name, field,
                  footprint ? footprint : "(null)", rebuild_hint);
  return uses;
}

/* CHECKED is NULL, "" or a 'c' or '-' per array (mintrt.h).  */
static bool
valid_checked_arrays (const char *checked, unsigned narrays)
{
  return !checked || !*checked || (strlen (checked) == narrays
                                   && strspn (checked, "c-") == narrays);
}

/* The descriptor checks made at a kernel's first launch.  abi_version,
   name, file and line keep their meaning across ABI versions.  */
static void
check_kernel (const struct mint_kernel *k)
{
  if (k->abi_version != MINT_ABI_VERSION)
    mintrt_fatal (k->file, k->line,
                  "kernel %s was compiled for mint runtime ABI version %u, "
                  "but libmintrt implements version %u; %s",
                  k->name, k->abi_version, MINT_ABI_VERSION, rebuild_hint);
  if (!k->image || !k->image->data || k->image->size == 0)
    mintrt_fatal (k->file, k->line, "kernel %s has no device image",
                  k->name);
  if (k->image->abi_version != MINT_ABI_VERSION)
    mintrt_fatal (k->file, k->line,
                  "the device image of kernel %s was built for mint runtime "
                  "ABI version %u, but libmintrt implements version %u; %s",
                  k->name, k->image->abi_version, MINT_ABI_VERSION,
                  rebuild_hint);
  if (k->ndims < 1 || k->ndims > 3
      || !valid_temporal (k)
      || !valid_signature (k->scalar_sig, k->nscalars)
      || !valid_reduction_signature (k->reduction_sig, k->nreductions)
      || !k->shape_classes
      || (*k->shape_classes && strlen (k->shape_classes) != k->narrays)
      || !valid_checked_arrays (k->checked_arrays, k->narrays)
      || !valid_variants (k))
    mintrt_fatal (k->file, k->line,
                  "kernel %s has a corrupt descriptor (%u dimensions, "
                  "scalars \"%s\", reductions \"%s\", shape classes "
                  "\"%s\", nvariants %u)", k->name, k->ndims,
                  k->scalar_sig ? k->scalar_sig : "(null)",
                  k->reduction_sig ? k->reduction_sig : "(null)",
                  k->shape_classes ? k->shape_classes : "(null)",
                  k->nvariants);
}

static struct mintrt_kernel_state *
kernel_state (struct mint_kernel *k)
{
  struct mintrt_kernel_state *s = k->rt;
  unsigned p = 0;

  if (s)
    return s;
  check_kernel (k);
  s = mintrt_xcalloc (1, sizeof *s);
  s->uses = parsed_footprint (k, "footprint", k->footprint);
  if (k->every_point_footprint)
    s->every_point_uses = parsed_footprint (k, "every_point_footprint",
                                            k->every_point_footprint);
  s->entries = mintrt_xcalloc (k->narrays, sizeof *s->entries);
  s->origins = mintrt_xcalloc (k->narrays, sizeof *s->origins);
  s->functions = mintrt_xcalloc (k->nvariants + !k->nvariants,
                                 sizeof *s->functions);
  s->shared_functions = mintrt_xcalloc (k->nvariants + !k->nvariants,
                                        sizeof *s->shared_functions);
  s->array_ptrs = mintrt_xcalloc (k->narrays, sizeof *s->array_ptrs);
  s->array_strides = mintrt_xcalloc (2 * (size_t) k->narrays,
                              sizeof *s->array_strides);
  s->scalars = mintrt_xcalloc (k->nscalars, sizeof *s->scalars);
  s->reduction_ptrs = mintrt_xcalloc (k->nreductions,
                                      sizeof *s->reduction_ptrs);
  s->reduction_hosts = mintrt_xcalloc (k->nreductions,
                                sizeof *s->reduction_hosts);
  for (const char *c = k->checked_arrays; c && *c; c++)
    s->nchecked += *c == 'c';
  s->checked_extents = mintrt_xcalloc (3 * (size_t) s->nchecked + 1,
                                       sizeof *s->checked_extents);
  s->params = mintrt_xcalloc (2 * (size_t) k->ndims + 3 * (size_t) k->narrays
                              + k->nscalars + k->nreductions
                              + 3 * (size_t) s->nchecked
                              + (k->temporal_steps ? 3 : 0),
                              sizeof *s->params);
  s->slots = (struct mintrt_args) { s->bounds, s->array_ptrs,
                                    s->array_strides, s->scalars,
                                    s->entries, s->origins };
  if (k->temporal_steps)
    {
      struct mintrt_args *copies[] = { &s->first, &s->last, &s->kept,
                                       &s->run, &s->stale, &s->spare };
      for (unsigned i = 0; i < sizeof copies / sizeof *copies; i++)
        {
          copies[i]->bounds = mintrt_xcalloc (6, sizeof (long long));
          copies[i]->arrays = mintrt_xcalloc (k->narrays,
                                              sizeof (CUdeviceptr));
          copies[i]->strides = mintrt_xcalloc (2 * (size_t) k->narrays,
                                               sizeof (long long));
          copies[i]->scalars = mintrt_xcalloc (k->nscalars,
                                               sizeof (union mintrt_scalar));
          copies[i]->entries = mintrt_xcalloc (k->narrays,
                                               sizeof *s->entries);
          copies[i]->origins = mintrt_xcalloc (k->narrays,
                                               sizeof *s->origins);
        }
    }
  for (unsigned d = 0; d < 2 * k->ndims; d++)
    s->params[p++] = &s->bounds[d];
  for (unsigned a = 0; a < k->narrays; a++)
    {
      s->params[p++] = &s->array_ptrs[a];
      s->params[p++] = &s->array_strides[2 * a];
      s->params[p++] = &s->array_strides[2 * a + 1];
    }
  for (unsigned i = 0; i < k->nscalars; i++)
    s->params[p++] = &s->scalars[i];
  for (unsigned r = 0; r < k->nreductions; r++)
    s->params[p++] = &s->reduction_ptrs[r];
  for (unsigned i = 0; i < 3 * s->nchecked; i++)
    s->params[p++] = &s->checked_extents[i];
  /* The other kernels ignore these, past their own.  */
  if (k->temporal_steps)
    {
      s->params[p++] = &s->launch_tiles;
      s->params[p++] = &s->temporal_run;
      s->params[p++] = &s->closing_scratch;
    }
  s->profile.kernel = k;
  k->rt = s;
  return s;
}

/* ---- offload decision --------------------------------------------------- */

static struct mintrt_tuning *all_tunings, **all_tunings_end = &all_tunings;

static void
report_profile (void)
{
  mintrt_profile_report (stderr);
  mintrt_tune_report (stderr, all_tunings);
}

/* In MODE_HOST, why the host runs the loops (for mint_offload_status).  */
static char host_reason[512];

/* Decide, at the first call (made at FILE:LINE), where kernels run.  */
static void
decide (const char *file, unsigned line)
{
  const struct mintrt_config *c = &mintrt_config;
  char why[sizeof host_reason - 16], chosen[160] = "";

  if (mode != MODE_UNDECIDED)
    return;
  if (!mintrt_config_read (&mintrt_config, why, sizeof why))
    mintrt_fatal (file, line, "%s", why);
  if (c->profile)
    atexit (report_profile);

  if (c->offload == MINTRT_OFFLOAD_DISABLED)
    {
      mode = MODE_HOST;
      snprintf (host_reason, sizeof host_reason, "MINT_OFFLOAD=disabled");
      mintrt_verbose (file, line, "MINT_OFFLOAD=disabled: kernels run on "
                      "the host");
      return;
    }
  if (!mintrt_driver_open (c, file, line, why, sizeof why))
    {
      if (c->offload == MINTRT_OFFLOAD_MANDATORY)
        mintrt_fatal (file, line, "MINT_OFFLOAD=mandatory, but kernels "
                      "cannot run on a GPU: %s", why);
      mode = MODE_HOST;
      snprintf (host_reason, sizeof host_reason, "no GPU (%s)", why);
      mintrt_verbose (file, line, "no GPU, kernels run on the host: %s", why);
      return;
    }
  mode = MODE_DEVICE;
  if (c->device < 0 && c->local_rank >= 0)
    snprintf (chosen, sizeof chosen, " (MINT_DEVICE unset: %s=%d modulo "
              "%d device%s)", c->local_rank_variable, c->local_rank,
              mintrt_device.count, mintrt_device.count == 1 ? "" : "s");
  mintrt_verbose (file, line, "kernels run on device %d%s: %s (compute "
                  "capability %d.%d, driver API %d)%s", mintrt_device.ordinal,
                  chosen, mintrt_device.name, mintrt_device.cc_major,
                  mintrt_device.cc_minor, mintrt_device.driver_version,
                  mintrt_device.pdl ? ", programmatic dependent launch"
                                    : "");
}

/* ---- host threads ------------------------------------------------------- */

/* The runtime's state (the present table, the steps held back, the
   queued launches) belongs to one host thread from its call until the
   end of its outermost parallel region leaves no array on the device.
   Another thread's call waits until then: regions that several threads
   run (an OpenMP loop over problems) run one after another, each with
   its own arrays.  */
static pthread_mutex_t owner_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t owner_free = PTHREAD_COND_INITIALIZER;
static bool owned;
static _Thread_local bool owner;

/* Makes the calling thread the owner, waiting for another's scope to
   end; the device's context becomes current in it.  */
static int
enter_runtime (void)
{
  if (owner)
    return 0;
  pthread_mutex_lock (&owner_lock);
  while (owned)
    pthread_cond_wait (&owner_free, &owner_lock);
  owned = owner = true;
  pthread_mutex_unlock (&owner_lock);
  if (mode == MODE_DEVICE)
    mintrt_driver_make_current ();
  return 0;
}

/* At the end of a call: gives the state up where no array is left on
   the device and no region is open.  */
static void
leave_runtime (int *unused)
{
  (void) unused;
  if (!owner || present.depth || present.count)
    return;
  pthread_mutex_lock (&owner_lock);
  owned = owner = false;
  pthread_cond_broadcast (&owner_free);
  pthread_mutex_unlock (&owner_lock);
}

/* The first statement of every call of the ABI: the caller owns the
   state for the call, and gives it up at its end if it is idle.  */
#define RUNTIME_CALL() \
  int runtime_call_ __attribute__ ((cleanup (leave_runtime))) \
    = enter_runtime ()

/* ---- queued kernels and synchronization --------------------------------- */

static struct pending_launch *
pending_at (unsigned i)
{
  return &pending[(pending_first + i) % MAX_PENDING];
}

/* The last kernel launched without waiting, or NULL.  */
static const struct mint_kernel *
last_pending_kernel (void)
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

static bool faults_unread;
static bool copy_fault_words (CUstream stream);
static void read_guard_faults (void);

/* Wait for the stream; a failure is blamed on LAUNCHED (the kernel just
   launched) or else on the last kernel that ran without waiting.  The
   fault words of the kernels that check accesses come back in the same
   wait.  */
static void
synchronize (const char *file, unsigned line,
             const struct mint_kernel *launched)
{
  bool faults = faults_unread && copy_fault_words (mintrt_device.stream);
  CUresult r = CU (cuStreamSynchronize) (mintrt_device.stream);
  const struct mint_kernel *earlier = last_pending_kernel ();

  pending_count = 0;
  unmarked_run = 0;
  if (r != CUDA_SUCCESS)
    device_failed (file, line, launched, earlier, r);
  read_all_samples ();
  faults_unread = false;
  if (faults)
    read_guard_faults ();
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
      synchronize (file, line, NULL);
      return;
    }
  const struct pending_launch *p = pending_at (i);
  CUresult r = CU (cuEventSynchronize) (p->done);

  if (r != CUDA_SUCCESS)
    device_failed (file, line, NULL, p->kernel, r);
  pending_first = (pending_first + i + 1) % MAX_PENDING;
  pending_count -= i + 1;
  /* The kernels after I may still note faults: they stay unread.  */
  if (faults_unread && copy_fault_words (mintrt_device.update_stream))
    read_guard_faults ();
}

/* Records *EVENT on the stream, creating it with FLAGS at first use.  */
static CUresult
record_on_stream (CUevent *event, unsigned flags)
{
  CUresult r = CUDA_SUCCESS;

  if (!*event)
    r = CU (cuEventCreate) (event, flags);
  if (r == CUDA_SUCCESS)
    r = CU (cuEventRecord) (*event, mintrt_device.stream);
  return r;
}

/* Before K is launched: an event behind the last queued launch where K is
   another kernel or ends a run of PENDING_RUN launches of one.  */
static void
mark_last_pending (const struct mint_kernel *k)
{
  struct pending_launch *p;
  CUresult r;

  if (pending_count == 0)
    return;
  p = pending_at (pending_count - 1);
  if (p->marked || (p->kernel == k && unmarked_run < PENDING_RUN))
    return;
  r = record_on_stream (&p->done, CU_EVENT_DISABLE_TIMING);
  if (r != CUDA_SUCCESS)
    mintrt_fatal (k->file, k->line, "cannot queue kernel %s: %s", k->name,
                  mintrt_cu_error (r));
  p->marked = true;
  unmarked_run = 0;
}

/* Queue K, just launched without waiting, with the boxes of its arrays
   (state S), or each whole and written where WHOLE.  */
static void
pending_push (const struct mint_kernel *k,
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
          mintrt_footprint_box (k, &s->uses[a], s->bounds, s->scalars,
                                &p->uses[a].box);
          p->uses[a].box = entry_box (s->entries[a], s->origins[a],
                                      &p->uses[a].box);
        }
    }
  pending_count++;
  unmarked_run++;
}

/* Before host code (at FILE:LINE) reads (WRITES false) or writes the
   elements BOX of ENTRY's device copy: wait for the queued kernels that
   write them, or that touch them at all when WRITES.  */
static void
wait_for_kernels (const struct mintrt_present *entry,
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

/* ---- device memory ------------------------------------------------------ */

static void repair_stale (struct mintrt_present *entry);

/* Frees the scratch buffers of the closing variants (scratch_ready),
   which only save time, once the copies a step behind that need them are
   up to date and the kernels that may read them are done; false where
   there were none.  */
static bool
free_scratches (const char *file, unsigned line)
{
  bool any = false;
  for (size_t i = 0; i < present.count; i++)
    repair_stale (present.entries[i]);
  for (size_t i = 0; i < present.count; i++)
    {
      struct mintrt_present *e = present.entries[i];
      if (!e->scratch)
        continue;
      if (!any)
        synchronize (file, line, NULL);
      any = true;
      CUresult r = CU (cuMemFree) (e->scratch);
      if (r != CUDA_SUCCESS)
        mintrt_fatal (file, line, "cannot free the scratch of the array at "
                      "%p: %s", e->host, mintrt_cu_error (r));
      e->scratch = 0;
    }
  return any;
}

static CUdeviceptr
device_alloc (size_t bytes, const char *what, const char *file,
              unsigned line)
{
  CUdeviceptr ptr;
  CUresult r = CU (cuMemAlloc) (&ptr, bytes);

  if (r == CUDA_ERROR_OUT_OF_MEMORY && free_scratches (file, line))
    r = CU (cuMemAlloc) (&ptr, bytes);
  if (r == CUDA_ERROR_OUT_OF_MEMORY)
    {
      size_t free_bytes = 0, total_bytes = 0;
      CU (cuMemGetInfo) (&free_bytes, &total_bytes);
      mintrt_fatal (file, line, "out of device memory: %s needs %zu bytes, "
                    "%zu of the device's %zu bytes are free", what, bytes,
                    free_bytes, total_bytes);
    }
  if (r != CUDA_SUCCESS)
    mintrt_fatal (file, line, "cannot allocate %zu bytes of device memory "
                  "for %s: %s", bytes, what, mintrt_cu_error (r));
  return ptr;
}

/* Bytes of ENTRY's host array: contiguous rows of nx, planes of ny rows.  */
static size_t
host_bytes (const struct mintrt_present *entry)
{
  return entry->layout.row_bytes * (size_t) entry->ny * (size_t) entry->nz;
}

static void
release_entry (struct mintrt_present *entry, void *site_arg)
{
  const struct mint_site *site = site_arg;
  CUresult r = CUDA_SUCCESS;

  if (entry->pinned == MINTRT_PIN_DONE)
    r = CU (cuMemHostUnregister) ((void *) entry->host);
  if (r == CUDA_SUCCESS && entry->alloc)
    r = CU (cuMemFree) (entry->alloc);
  if (r == CUDA_SUCCESS && entry->scratch)
    r = CU (cuMemFree) (entry->scratch);
  if (r != CUDA_SUCCESS)
    mintrt_fatal (site->file, site->line, "cannot free the device copy of "
                  "the array at %p: %s", entry->host, mintrt_cu_error (r));
}

/* Page-lock ENTRY's host array at its first update (at FILE:LINE), so
   that updates move at the bus's speed and without a staging copy in the
   driver.  Where the driver refuses (memory it cannot lock, pages shared
   with an array locked already), updates copy from pageable memory.  */
static void
pin_host (struct mintrt_present *entry, const char *file, unsigned line)
{
  CUresult r;

  if (entry->pinned != MINTRT_PIN_UNTRIED)
    return;
  r = CU (cuMemHostRegister) ((void *) entry->host, host_bytes (entry), 0);
  entry->pinned = r == CUDA_SUCCESS ? MINTRT_PIN_DONE : MINTRT_PIN_FAILED;
  if (r == CUDA_SUCCESS)
    mintrt_verbose (file, line, "page-locked the %zu bytes of the array at "
                    "%p for updates", host_bytes (entry), entry->host);
  else
    mintrt_verbose (file, line, "updates of the array at %p copy from "
                    "pageable memory: %s", entry->host, mintrt_cu_error (r));
}

/* Element offset of (x, y, z) in an array of rows ROW and planes PLANE
   elements apart.  */
static long long
element_offset (const struct mintrt_box *box, long long row, long long plane)
{
  return box->lo[2] * plane + box->lo[1] * row + box->lo[0];
}

/* Writes to the device copies by anything but the kernel launched last
   over the same bounds: a copy or update to the device (a new device
   copy's first among them), another kernel's launch, or the kernel's over
   other bounds; code libmintrt does not see writes through a device
   pointer, which same_run asks the arrays about.  A temporal variant's
   blocks keep what they found outside the space in a run of steps
   (put_shell_check in emit-temporal.c); the next run keeps that number,
   so that they need not look again, while this count stays (same_run):
   the kernel writes only its points.  Each device copy counts its own
   too (struct mintrt_present, writes).  */
static struct mintrt_writes device_writes;

/* A write to what W counts by kernel K over BOUNDS, or by something else
   (K NULL).  */
static void
note_write (struct mintrt_writes *w, const struct mint_kernel *k,
            const long long *bounds)
{
  size_t size = k ? 2 * k->ndims * sizeof *bounds : 0;
  if (!k || k != w->kernel || memcmp (bounds, w->bounds, size) != 0)
    w->count++;
  w->kernel = k;
  if (k)
    memcpy (w->bounds, bounds, size);
}

/* Copy the elements BOX of ENTRY between HOST (contiguous: rows of nx
   elements, planes of ny rows) and the device copy, on the update stream,
   and wait for it.  WHAT says which directive, for a failure at SITE.  */
static void
transfer (struct mintrt_present *entry, void *host,
          const struct mintrt_box *box, bool to_device, const char *what,
          const struct mint_site *site)
{
  const struct mintrt_layout *l = &entry->layout;
  size_t e = entry->elem_size;
  size_t count[3];
  CUstream stream = mintrt_device.update_stream;
  CUdeviceptr device = entry->alloc + l->offset;
  char *h = host;
  CUresult r;

  if (to_device)
    {
      note_write (&device_writes, NULL, NULL);
      note_write (&entry->writes, NULL, NULL);
    }

  for (int i = 0; i < 3; i++)
    count[i] = (size_t) (box->hi[i] - box->lo[i] + 1);
  /* One run of bytes on both sides: a part of a row, or whole rows
     (planes) where the device rows are not padded.  */
  if ((count[1] == 1 && count[2] == 1)
      || (l->pitch == l->row_bytes && count[0] == (size_t) entry->nx
          && (count[2] == 1 || count[1] == (size_t) entry->ny)))
    {
      size_t bytes = count[0] * count[1] * count[2] * e;
      size_t h_off = (size_t) element_offset (box, entry->nx,
                                              entry->nx * entry->ny) * e;
      CUdeviceptr d = device + (size_t) element_offset (box, l->row_stride,
                                                        l->plane_stride) * e;
      r = to_device ? CU (cuMemcpyHtoDAsync) (d, h + h_off, bytes, stream)
                    : CU (cuMemcpyDtoHAsync) (h + h_off, d, bytes, stream);
    }
  else
    {
      CUDA_MEMCPY3D copy;

      memset (&copy, 0, sizeof copy);
      copy.srcXInBytes = copy.dstXInBytes = (size_t) box->lo[0] * e;
      copy.srcY = copy.dstY = (size_t) box->lo[1];
      copy.srcZ = copy.dstZ = (size_t) box->lo[2];
      copy.srcHeight = copy.dstHeight = (size_t) entry->ny;
      if (to_device)
        {
          copy.srcMemoryType = CU_MEMORYTYPE_HOST;
          copy.srcHost = host;
          copy.srcPitch = l->row_bytes;
          copy.dstMemoryType = CU_MEMORYTYPE_DEVICE;
          copy.dstDevice = device;
          copy.dstPitch = l->pitch;
        }
      else
        {
          copy.srcMemoryType = CU_MEMORYTYPE_DEVICE;
          copy.srcDevice = device;
          copy.srcPitch = l->pitch;
          copy.dstMemoryType = CU_MEMORYTYPE_HOST;
          copy.dstHost = host;
          copy.dstPitch = l->row_bytes;
        }
      copy.WidthInBytes = count[0] * e;
      copy.Height = count[1];
      copy.Depth = count[2];
      r = CU (cuMemcpy3DAsync) (&copy, stream);
    }
  if (r == CUDA_SUCCESS)
    r = CU (cuStreamSynchronize) (stream);
  if (r != CUDA_SUCCESS)
    mintrt_fatal (site->file, site->line, "%s failed: %s", what,
                  mintrt_cu_error (r));
}

/* The box of all of ENTRY.  */
static struct mintrt_box
whole_box (const struct mintrt_present *entry)
{
  struct mintrt_box box = {
    { 0, 0, 0 }, { entry->nx - 1, entry->ny - 1, entry->nz - 1 }
  };
  return box;
}

/* Copy all of ENTRY between HOST and the device copy.  */
static void
transfer_whole (struct mintrt_present *entry, void *host,
                bool to_device, const struct mint_site *site)
{
  struct mintrt_box box = whole_box (entry);
  char what[256];

  snprintf (what, sizeof what, "copy %s of the array at %p (%lldx%lldx%lld "
            "elements of %zu bytes)", to_device ? "toDevice" : "fromDevice",
            entry->host, entry->nx, entry->ny, entry->nz, entry->elem_size);
  transfer (entry, host, &box, to_device, what, site);
}

/* ---- copies and regions ------------------------------------------------- */

static void
check_shape (const struct mintrt_present *entry, const char *direction,
             size_t elem_size, long long nx, long long ny, long long nz,
             const struct mint_site *site)
{
  if (entry->elem_size == elem_size && entry->nx == nx && entry->ny == ny
      && entry->nz == nz)
    return;
  mintrt_fatal (site->file, site->line,
                "copy %s of the array at %p as %lldx%lldx%lld elements of "
                "%zu bytes, but it is on the device as %lldx%lldx%lld "
                "elements of %zu bytes (copied at %s:%u)", direction,
                entry->host, nx, ny, nz, elem_size, entry->nx, entry->ny,
                entry->nz, entry->elem_size, entry->file, entry->line);
}

MINTRT_EXPORT void
mint_check_copy_shape (const struct mint_site *site, long long nx,
                       long long ny, long long nz, long long row,
                       long long plane, long long whole)
{
  RUNTIME_CALL ();
  check_site (site);
  if (nx <= 0 || ny <= 0 || nz <= 0)
    return;                     /* the copy itself reports them */
  if (row && nx != row)
    mintrt_fatal (site->file, site->line, "copy of %lldx%lldx%lld elements: "
                  "the array's rows hold %lld elements, not %lld", nx, ny,
                  nz, row, nx);
  if (plane && nx * ny != plane)
    mintrt_fatal (site->file, site->line, "copy of %lldx%lldx%lld elements: "
                  "the array's planes hold %lld rows, not %lld", nx, ny, nz,
                  plane / row, ny);
  if (whole && (nx > whole || ny > whole / nx || nz > whole / (nx * ny)))
    mintrt_fatal (site->file, site->line, "copy of %lldx%lldx%lld elements: "
                  "the array holds %lld elements", nx, ny, nz, whole);
}

MINTRT_EXPORT void
mint_check_copy_rows (const struct mint_site *site, const char *name,
                      const void *table, long long rank,
                      unsigned long elem_size, long long nx, long long ny,
                      long long nz)
{
  RUNTIME_CALL ();
  check_site (site);
  if (!table || nx <= 0 || ny <= 0 || nz <= 0)
    return;                     /* the copy itself reports them */
  const char *const *rows = table;                      /* T ** */
  const char *const *const *planes = table;             /* T *** */
  if (rank != 3)
    nz = 1;
  const char *first = rank == 3 ? planes[0][0] : rows[0];
  for (long long z = 0; z < nz; z++)
    for (long long y = 0; y < ny; y++)
      {
        const char *row = rank == 3 ? planes[z][y] : rows[y];
        const char *want = first + (size_t) (z * ny + y) * nx * elem_size;
        if (row == want)
          continue;
        char at[64];
        if (rank == 3)
          snprintf (at, sizeof at, "[%lld][%lld]", z, y);
        else
          snprintf (at, sizeof at, "[%lld]", y);
        mintrt_fatal (site->file, site->line, "copy of %s: its row %s%s is "
                      "at %p, not at %p, where the one block of %lld-element "
                      "rows from its first element has it; the rows must "
                      "lie one after another in one allocation", name, name,
                      at, (const void *) row, (const void *) want, nx);
      }
}

/* Stops the program where the BYTES at HOST, a new array on the device,
   share memory with an array there: each has its own device copy, so a
   write through one would not reach the other.  */
static void
check_overlap (const void *host, size_t bytes, const struct mint_site *site)
{
  for (size_t i = 0; i < present.count; i++)
    {
      const struct mintrt_present *e = present.entries[i];
      if (mintrt_present_overlaps (e, host, bytes))
        mintrt_fatal (site->file, site->line, "copy toDevice of %p: its "
                      "elements overlap those of array %p (copied at %s:%u); "
                      "each copied array has its own device memory, so the "
                      "writes to one would not be seen in the other",
                      host, e->host, e->file, e->line);
    }
}

MINTRT_EXPORT void
mint_copy_to_device (const struct mint_site *site, const void *host,
                     unsigned long elem_size, long long nx, long long ny,
                     long long nz, unsigned flags, long long align_x)
{
  RUNTIME_CALL ();
  struct mintrt_layout layout;
  struct mintrt_present *entry;
  const char *problem;

  check_site (site);
  decide (site->file, site->line);
  problem = mintrt_layout_compute (&layout, elem_size, nx, ny, nz, flags,
                                   align_x);
  if (problem)
    mintrt_fatal (site->file, site->line, "cannot copy toDevice %lldx%lldx"
                  "%lld elements of %lu bytes: %s", nx, ny, nz, elem_size,
                  problem);
  if (!host && layout.alloc_bytes)
    mintrt_fatal (site->file, site->line, "copy toDevice of a null pointer");

  /* A fault of a kernel still running is reported as such, not as a
     failure of this copy.  */
  if (mode == MODE_DEVICE)
    {
      run_held ();
      synchronize (site->file, site->line, NULL);
    }

  entry = mintrt_present_find (&present, host);
  if (entry)
    {
      check_shape (entry, "toDevice", elem_size, nx, ny, nz, site);
      repair_stale (entry);
      /* A region begun inside another (through a call), where the
         enclosing one's kernels wrote the device copy: the newer one.  */
      if (entry->device_newer)
        {
          mintrt_verbose (site->file, site->line, "copy %p toDevice: the "
                          "device copy (since %s:%u) is newer, written by "
                          "a kernel: no transfer", host, entry->file,
                          entry->line);
          return;
        }
    }
  else
    {
      check_overlap (host, layout.row_bytes * (size_t) ny * (size_t) nz,
                     site);
      struct mintrt_present init = {
        .host = host, .elem_size = elem_size, .nx = nx, .ny = ny, .nz = nz,
        .flags = flags & MINT_COPY_FLAT, .layout = layout,
        .file = site->file, .line = site->line
      };

      if (mode == MODE_DEVICE && layout.alloc_bytes)
        init.alloc = device_alloc (layout.alloc_bytes, "copy toDevice",
                                   site->file, site->line);
      entry = mintrt_present_add (&present, &init);
      if (!entry)
        mintrt_fatal (site->file, site->line, "out of host memory");
    }

  mintrt_verbose (site->file, site->line, "copy %p toDevice: %lldx%lldx%lld "
                  "elements of %lu bytes, pitch %zu, offset %zu%s", host, nx,
                  ny, nz, elem_size, entry->layout.pitch,
                  entry->layout.offset,
                  mode == MODE_HOST ? " (host mode: no transfer)" : "");
  if (mode == MODE_DEVICE && entry->alloc)
    transfer_whole (entry, (void *) host, true, site);
}

MINTRT_EXPORT void
mint_copy_from_device (const struct mint_site *site, void *host,
                       unsigned long elem_size, long long nx, long long ny,
                       long long nz, unsigned flags)
{
  RUNTIME_CALL ();
  struct mintrt_present *entry;

  (void) flags;                 /* the layout is the one of toDevice */
  check_site (site);
  decide (site->file, site->line);
  entry = mintrt_present_find (&present, host);
  if (!entry)
    mintrt_fatal (site->file, site->line,
                  "copy fromDevice of the array at %p, which is not on the "
                  "device: the copy after a parallel region needs a toDevice "
                  "copy of the same array before that region", host);
  check_shape (entry, "fromDevice", elem_size, nx, ny, nz, site);
  mintrt_verbose (site->file, site->line, "copy %p fromDevice: %lldx%lldx"
                  "%lld elements of %lu bytes%s", host, nx, ny, nz,
                  elem_size,
                  mode == MODE_HOST ? " (host mode: no transfer)" : "");
  if (mode == MODE_DEVICE && entry->alloc)
    {
      run_held ();
      repair_stale (entry);
      synchronize (site->file, site->line, NULL);
      transfer_whole (entry, host, false, site);
      entry->device_newer = false;
    }
}

MINTRT_EXPORT void
mint_region_begin (const struct mint_site *site)
{
  RUNTIME_CALL ();
  size_t adopted;

  check_site (site);
  decide (site->file, site->line);
  run_held ();
  adopted = mintrt_present_region_begin (&present);
  mintrt_verbose (site->file, site->line, "region begins with %zu array%s "
                  "copied toDevice", adopted, adopted == 1 ? "" : "s");
}

MINTRT_EXPORT void
mint_region_end (const struct mint_site *site)
{
  RUNTIME_CALL ();
  size_t released;

  check_site (site);
  decide (site->file, site->line);
  if (present.depth == 0)
    mintrt_fatal (site->file, site->line,
                  "end of a parallel region that was never begun");
  if (mode == MODE_DEVICE)
    {
      run_held ();
      /* A copy freed here needs no repair; one that outlives the region
         may need a scratch freed here.  */
      for (size_t i = 0; i < present.count; i++)
        if (present.entries[i]->region != present.depth)
          repair_stale (present.entries[i]);
      synchronize (site->file, site->line, NULL);
    }
  released = mintrt_present_region_end (&present, release_entry,
                                        (void *) site);
  mintrt_verbose (site->file, site->line, "region ends: %zu device "
                  "array%s freed", released, released == 1 ? "" : "s");
}

MINTRT_EXPORT void
mint_barrier (const struct mint_site *site)
{
  RUNTIME_CALL ();
  check_site (site);
  decide (site->file, site->line);
  if (mode == MODE_DEVICE)
    {
      run_held ();
      synchronize (site->file, site->line, NULL);
    }
  mintrt_verbose (site->file, site->line, "barrier");
}

/* ---- updates and device pointers ---------------------------------------- */

/* The present entry of HOST and the box RANGES (x0, nx, y0, ny, z0, nz)
   names in it, for WHAT ("update toHost of U"), at FILE:LINE; errors
   exit.  */
static struct mintrt_present *
find_box (const void *host, const long long *ranges, const char *what,
          const char *file, unsigned line, struct mintrt_box *box)
{
  struct mintrt_present *entry = mintrt_present_find (&present, host);
  char error[256];

  if (!entry)
    mintrt_fatal (file, line, "%s (host address %p): it is not on the "
                  "device; copy it toDevice before the parallel region",
                  what, host);
  long long extent[3] = { entry->nx, entry->ny, entry->nz };
  if (!mintrt_box_from_ranges (box, ranges, extent, error, sizeof error))
    mintrt_fatal (file, line, "%s: %s (it is on the device as "
                  "%lldx%lldx%lld elements, copied at %s:%u)", what, error,
                  entry->nx, entry->ny, entry->nz, entry->file, entry->line);
  return entry;
}

/* An update (mint_update) of the box RANGES of the device copy HOST maps
   to: checks and moves it.  */
static void
update_box (const struct mint_site *site, const char *array, void *host,
            unsigned long elem_size, unsigned flags, const long long *ranges)
{
  bool to_device = flags == MINT_UPDATE_TO_DEVICE;
  char what[160];
  struct mintrt_present *entry;
  struct mintrt_box box;

  if (flags != MINT_UPDATE_TO_HOST && flags != MINT_UPDATE_TO_DEVICE)
    mintrt_fatal (site->file, site->line, "update of %s with the invalid "
                  "flags %#x; %s", array, flags, rebuild_hint);
  snprintf (what, sizeof what, "update %s of %s",
            to_device ? "toDevice" : "toHost", array);
  entry = find_box (host, ranges, what, site->file, site->line, &box);
  if (entry->elem_size != elem_size)
    mintrt_fatal (site->file, site->line, "%s as elements of %lu bytes, but "
                  "it is on the device as elements of %zu bytes (copied at "
                  "%s:%u)", what, elem_size, entry->elem_size, entry->file,
                  entry->line);
  mintrt_verbose (site->file, site->line, "%s (%p): %lld:%lld, %lld:%lld, "
                  "%lld:%lld%s", what, host, ranges[0], ranges[1], ranges[2],
                  ranges[3], ranges[4], ranges[5],
                  mode == MODE_HOST ? " (host mode: no transfer)" : "");
  if (mode != MODE_DEVICE || !entry->alloc || mintrt_box_empty (&box))
    return;
  run_held ();
  repair_stale (entry);
  wait_for_kernels (entry, &box, to_device, site->file, site->line);
  pin_host (entry, site->file, site->line);
  transfer (entry, host, &box, to_device, what, site);
}

MINTRT_EXPORT void
mint_update (const struct mint_site *site, const char *array, void *host,
             unsigned long elem_size, unsigned flags, long long x0,
             long long nx, long long y0, long long ny, long long z0,
             long long nz)
{
  RUNTIME_CALL ();
  const long long ranges[6] = { x0, nx, y0, ny, z0, nz };

  check_site (site);
  decide (site->file, site->line);
  update_box (site, array, host, elem_size, flags, ranges);
}

MINTRT_EXPORT void
mint_update_volumes (const struct mint_site *site, const char *array,
                     void *host, unsigned long elem_size, unsigned flags,
                     long long x0, long long nx, long long y0, long long ny,
                     long long z0, long long nz, long long w0, long long nw,
                     long long volume_planes)
{
  RUNTIME_CALL ();

  check_site (site);
  decide (site->file, site->line);
  if (volume_planes <= 0 || z0 < 0 || nz < 0 || z0 > volume_planes - nz
      || w0 < 0 || nw < 0)
    mintrt_fatal (site->file, site->line, "update of %s: the range %lld:%lld "
                  "in z of a 3-D array of %lld planes, %lld:%lld of those "
                  "arrays", array, z0, nz, volume_planes, w0, nw);
  /* The 3-D arrays lie one after another: planes of one copy.  */
  for (long long w = w0; w < w0 + nw; w++)
    {
      long long z;
      if (__builtin_mul_overflow (w, volume_planes, &z)
          || __builtin_add_overflow (z, z0, &z))
        mintrt_fatal (site->file, site->line, "update of %s: 3-D array "
                      "%lld is out of range", array, w);
      const long long ranges[6] = { x0, nx, y0, ny, z, nz };
      update_box (site, array, host, elem_size, flags, ranges);
    }
}

MINTRT_EXPORT void *
mint_device_pointer_at (const char *file, unsigned line, const void *host,
                        long long x0, long long nx, long long y0,
                        long long ny, long long z0, long long nz,
                        struct mint_layout *layout)
{
  RUNTIME_CALL ();
  const long long ranges[6] = { x0, nx, y0, ny, z0, nz };
  struct mintrt_present *entry;
  struct mintrt_box box;
  long long row, plane, offset;

  decide (file, line);
  run_held ();
  entry = find_box (host, ranges, "mint_device_pointer of the array", file,
                    line, &box);
  repair_stale (entry);
  row = mode == MODE_DEVICE ? entry->layout.row_stride : entry->nx;
  plane = mode == MODE_DEVICE ? entry->layout.plane_stride
                              : entry->nx * entry->ny;
  offset = element_offset (&box, row, plane) * (long long) entry->elem_size;
  if (layout)
    {
      layout->elem_size = entry->elem_size;
      layout->nx = entry->nx;
      layout->ny = entry->ny;
      layout->nz = entry->nz;
      layout->row_stride = row;
      layout->plane_stride = plane;
      layout->on_device = mode == MODE_DEVICE;
    }
  mintrt_verbose (file, line, "device pointer of the array at %p: element "
                  "(%lld, %lld, %lld), row stride %lld, plane stride %lld%s",
                  host, x0, y0, z0, row, plane,
                  mode == MODE_HOST ? " (host mode: the host array)" : "");
  if (mode != MODE_DEVICE)
    return (char *) host + offset;
  if (!entry->alloc)
    return NULL;
  wait_for_kernels (entry, &box, true, file, line);
  entry->handed_out = true;
  return (void *) (uintptr_t) (entry->alloc + entry->layout.offset
                               + (CUdeviceptr) offset);
}

/* ---- launch ------------------------------------------------------------- */

/* Whether the arrays of each shape class of K (mintrt.h) have equal
   strides, so that its MINT_SHARED_SUFFIX variant computes the same
   addresses.  */
static bool
strides_shared (const struct mint_kernel *k,
                const struct mintrt_kernel_state *s)
{
  const char *classes = k->shape_classes;
  if (!*classes)
    return false;
  for (unsigned a = 0; a < k->narrays; a++)
    {
      unsigned first = 0;
      while (classes[first] != classes[a])
        first++;
      if (classes[a] != '-'
          && (s->array_strides[2 * a] != s->array_strides[2 * first]
              || s->array_strides[2 * a + 1]
                 != s->array_strides[2 * first + 1]))
        return false;
    }
  return true;
}

/* An image's module, and whether its kernels may be launched with
   programmatic stream serialization (launch_function): where the device
   allows it (mintrt_device.pdl) and the code the driver loaded for this
   GPU waits for the grids before its kernels (MINT_WAITS_FOR_GRIDS_SYMBOL:
   0 in code for GPUs before sm_90, absent from images of older
   plugins).  */
/* MINT_GUARD_FAULT_SYMBOL's words, and the host page they come back to.  */
#define FAULT_WORDS 4
#define FAULT_PAGE 4096

struct image_state
{
  CUmodule module;
  bool pdl;
  /* Its MINT_GUARD_FAULT_SYMBOL, as last copied (copy_fault_words): a
     page of its own, pinned where the driver lets it.  */
  unsigned long long *fault;
};

/* Whether MODULE's MINT_WAITS_FOR_GRIDS_SYMBOL is 1.  It is read on the
   update stream, which does not wait for queued kernels.  */
static bool
code_waits_for_grids (CUmodule module)
{
  const struct mintrt_device *d = &mintrt_device;
  CUdeviceptr symbol;
  size_t bytes;
  int waits = 0;

  return CU (cuModuleGetGlobal) (&symbol, &bytes, module,
                                 MINT_WAITS_FOR_GRIDS_SYMBOL) == CUDA_SUCCESS
         && bytes == sizeof waits
         && CU (cuMemcpyDtoHAsync) (&waits, symbol, sizeof waits,
                                    d->update_stream) == CUDA_SUCCESS
         && CU (cuStreamSynchronize) (d->update_stream) == CUDA_SUCCESS
         && waits == 1;
}

/* K's image's state (mint_image's rt), its module loaded at first use.  */
static const struct image_state *
kernel_image (const struct mint_kernel *k)
{
  const struct mintrt_device *d = &mintrt_device;
  struct image_state *state;
  CUmodule module;
  CUresult r;

  if (k->image->rt)
    return k->image->rt;
  r = CU (cuModuleLoadData) (&module, k->image->data);
  if (r == CUDA_ERROR_NO_BINARY_FOR_GPU || r == CUDA_ERROR_INVALID_PTX
      || r == CUDA_ERROR_INVALID_IMAGE)
    mintrt_fatal (k->file, k->line, "cannot load the device code of "
                  "kernel %s: %s; it has no code that %s (compute "
                  "capability %d.%d) can run: rebuild it for sm_%d%d",
                  k->name, mintrt_cu_error (r), d->name, d->cc_major,
                  d->cc_minor, d->cc_major, d->cc_minor);
  if (r == CUDA_ERROR_UNSUPPORTED_PTX_VERSION)
    mintrt_fatal (k->file, k->line, "cannot load the device code of "
                  "kernel %s: %s; its PTX is newer than this driver "
                  "(driver API %d) and there is no sm_%d%d code for "
                  "%s: rebuild it for sm_%d%d", k->name,
                  mintrt_cu_error (r), d->driver_version, d->cc_major,
                  d->cc_minor, d->name, d->cc_major, d->cc_minor);
  if (r != CUDA_SUCCESS)
    mintrt_fatal (k->file, k->line, "cannot load the device code of "
                  "kernel %s: %s", k->name, mintrt_cu_error (r));
  state = mintrt_xcalloc (1, sizeof *state);
  state->module = module;
  /* Pinned, the fault words come back within the wait for the kernels,
     where a pageable copy waits for the stream on its own.  */
  state->fault = aligned_alloc (FAULT_PAGE, FAULT_PAGE);
  if (!state->fault)
    mintrt_fatal (NULL, 0, "out of host memory");
  memset (state->fault, 0, FAULT_PAGE);
  CU (cuMemHostRegister) (state->fault, FAULT_PAGE, 0);
  state->pdl = d->pdl && code_waits_for_grids (module);
  if (d->pdl && !state->pdl)
    mintrt_verbose (k->file, k->line, "the device code of kernel %s does "
                    "not wait for the kernels before it (an older mint "
                    "built it, or for a GPU before sm_90): the kernels of "
                    "its file are launched plainly", k->name);
  k->image->rt = state;
  return state;
}

/* ---- accesses the device checks (mintrt.h, checked_arrays) ------------ */

/* The kernels launched with checks, each once; faults_unread (above):
   whether one ran since their images' fault words were last read.  */
static const struct mint_kernel **checked_kernels;
static unsigned nchecked_kernels, checked_kernels_capacity;

/* Before a launch of K (state S): the extents of its checked arrays'
   copies into their parameters.  */
static void
prepare_checks (const struct mint_kernel *k, struct mintrt_kernel_state *s)
{
  unsigned i = 0;

  if (s->nchecked == 0)
    return;
  for (unsigned a = 0; a < k->narrays; a++)
    if (k->checked_arrays[a] == 'c')
      {
        view_extents (s->entries[a], s->origins[a], &s->checked_extents[i]);
        i += 3;
      }
  faults_unread = true;
  for (unsigned j = 0; j < nchecked_kernels; j++)
    if (checked_kernels[j] == k)
      return;
  if (nchecked_kernels == checked_kernels_capacity)
    {
      const struct mint_kernel **grown;
      checked_kernels_capacity = 2 * checked_kernels_capacity + 4;
      grown = mintrt_xcalloc (checked_kernels_capacity, sizeof *grown);
      if (nchecked_kernels)
        memcpy (grown, checked_kernels,
                nchecked_kernels * sizeof *checked_kernels);
      free (checked_kernels);
      checked_kernels = grown;
    }
  checked_kernels[nchecked_kernels++] = k;
}

/* Copies on STREAM the fault words of the image of each kernel launched
   with checks into its image_state (read_guard_faults), and waits for
   STREAM where it is not the kernels'.  False where a copy failed: the
   device did, which the wait for the kernels reports.  */
static bool
copy_fault_words (CUstream stream)
{
  bool ok = true;

  for (unsigned j = 0; j < nchecked_kernels; j++)
    {
      const struct mint_image *image = checked_kernels[j]->image;
      struct image_state *state = image->rt;
      bool copied_before = false;
      CUdeviceptr symbol;
      size_t bytes;

      for (unsigned i = 0; i < j; i++)
        copied_before |= checked_kernels[i]->image == image;
      if (copied_before)
        continue;
      CUresult r = CU (cuModuleGetGlobal) (&symbol, &bytes, state->module,
                                           MINT_GUARD_FAULT_SYMBOL);
      if (r == CUDA_SUCCESS && bytes != FAULT_WORDS * sizeof *state->fault)
        r = CUDA_ERROR_INVALID_IMAGE;
      if (r == CUDA_SUCCESS)
        r = CU (cuMemcpyDtoHAsync) (state->fault, symbol, bytes, stream);
      ok &= r == CUDA_SUCCESS;
    }
  return ok && (stream == mintrt_device.stream
                || CU (cuStreamSynchronize) (stream) == CUDA_SUCCESS);
}

/* Ends the program with the access FAULT (MINT_GUARD_FAULT_SYMBOL) of a
   kernel of IMAGE: its element, where the kernel noted it.  */
static void
report_guard_fault (const struct mint_image *image,
                    const unsigned long long fault[4])
{
  const struct mint_kernel *k = NULL;
  unsigned array = (unsigned) (fault[0] & MINT_FAULT_ARRAY_MASK) - 1;
  bool stores = fault[0] & MINT_FAULT_STORE, flat = fault[0] & MINT_FAULT_FLAT;
  char name[128], element[128];

  for (unsigned j = 0; j < nchecked_kernels && !k; j++)
    if (checked_kernels[j]->image == image
        && checked_kernels[j]->line == fault[0] >> 32)
      k = checked_kernels[j];
  if (!k || array >= k->narrays)
    mintrt_fatal (NULL, 0, "a kernel's fault word reads %#llx, which names "
                  "no kernel that was launched", fault[0]);
  const struct mintrt_present *e
    = ((const struct mintrt_kernel_state *) k->rt)->entries[array];
  if (fault[0] & MINT_FAULT_NO_ELEMENT)
    element[0] = '\0';
  else if (flat)
    snprintf (element, sizeof element, "element %lld of ",
              (long long) fault[1]);
  else
    snprintf (element, sizeof element, "element x = %lld, y = %lld, "
              "z = %lld of ", (long long) fault[1], (long long) fault[2],
              (long long) fault[3]);
  mintrt_fatal (k->file, k->line, "kernel %s %s %sarray %s outside its "
                "copy (%lldx%lldx%lld elements, copied at %s:%u), in an "
                "access under a condition: the program's loops %s the "
                "host's memory next to the array there, the device has "
                "nothing; copy every element the loops use", k->name,
                stores ? "writes" : "reads", element,
                mintrt_list_item (k->array_names, array, name, sizeof name),
                e->nx, e->ny, e->nz, e->file, e->line,
                stores ? "write" : "read");
}

/* Ends the program where the fault words copy_fault_words copied name
   a checked access outside its array's copy.  */
static void
read_guard_faults (void)
{
  for (unsigned j = 0; j < nchecked_kernels; j++)
    {
      const struct mint_image *image = checked_kernels[j]->image;
      const struct image_state *state = image->rt;
      if (state->fault[0])
        report_guard_fault (image, state->fault);
    }
}

/* The function of kernel K to launch now: VARIANT's (mintrt.h; ignored
   without variants), its MINT_SHARED_SUFFIX twin when the strides allow
   (SHARED).  */
static CUfunction
kernel_function (const struct mint_kernel *k, struct mintrt_kernel_state *s,
                 unsigned variant, bool shared)
{
  CUfunction *function = shared ? &s->shared_functions[variant]
                                : &s->functions[variant];
  char name[256], suffix[32] = "";
  CUresult r;

  if (*function)
    return *function;
  if (k->nvariants)
    snprintf (suffix, sizeof suffix, "%s%u", MINT_VARIANT_SUFFIX, variant);
  if (snprintf (name, sizeof name, "%s%s%s", k->name, suffix,
                shared ? MINT_SHARED_SUFFIX : "")
      >= (int) sizeof name)
    mintrt_fatal (k->file, k->line, "kernel name %s is too long", k->name);
  r = CU (cuModuleGetFunction) (function, kernel_image (k)->module, name);
  if (r != CUDA_SUCCESS)
    mintrt_fatal (k->file, k->line, "kernel %s is not in its device image: "
                  "%s", name, mintrt_cu_error (r));
  return *function;
}

static double
elapsed_ms (const struct mint_kernel *k, const struct mintrt_kernel_state *s)
{
  float ms = 0;
  CUresult r = CU (cuEventElapsedTime) (&ms, s->start, s->stop);

  if (r != CUDA_SUCCESS)
    mintrt_fatal (k->file, k->line, "cannot time kernel %s: %s", k->name,
                  mintrt_cu_error (r));
  return ms;
}

static void
record_event (const struct mint_kernel *k, CUevent *event)
{
  CUresult r = record_on_stream (event, 0);

  if (r != CUDA_SUCCESS)
    mintrt_fatal (k->file, k->line, "cannot time kernel %s: %s", k->name,
                  mintrt_cu_error (r));
}

static void
copy_reductions (const struct mint_kernel *k, struct mintrt_kernel_state *s,
                 bool to_device)
{
  for (unsigned r = 0; r < k->nreductions; r++)
    {
      size_t bytes = scalar_size (k->reduction_sig[2 * r]);
      CUresult result
        = to_device ? CU (cuMemcpyHtoD) (s->reduction_ptrs[r],
                                         s->reduction_hosts[r], bytes)
                    : CU (cuMemcpyDtoH) (s->reduction_hosts[r],
                                         s->reduction_ptrs[r], bytes);
      if (result != CUDA_SUCCESS)
        mintrt_fatal (k->file, k->line, "kernel %s: cannot copy reduction "
                      "%u %s the device: %s", k->name, r,
                      to_device ? "to" : "from", mintrt_cu_error (result));
    }
}

/* ---- autotuning (tune.c) ------------------------------------------------ */

/* Extents over which one kernel keeps separate choices; further extents
   run variant 0.  */
#define MAX_TUNINGS_PER_KERNEL 16

/* "512x512x512" of T's extents into BUF.  */
static const char *
extents_text (char *buf, size_t size, const struct mintrt_tuning *t)
{
  size_t n = 0;
  buf[0] = '\0';
  for (unsigned d = 0; d < t->key.ndims && n < size; d++)
    n += (size_t) snprintf (buf + n, size - n, d ? "x%lld" : "%lld",
                            t->key.extents[d]);
  return buf;
}

/* "variant 3 (tile 32x8x6, chunksize 1x1x6)", or with a register limit
   "variant 5 (tile 64x8x6, chunksize 2x1x6, at most 64 registers)", into
   BUF.  */
static const char *
variant_text (char *buf, size_t size, const struct mint_kernel *k,
              unsigned v)
{
  const struct mint_variant *var = &k->variants[v];
  const char *format = k->ndims == 1 ? "variant %u (tile %u, chunksize %u"
                       : k->ndims == 2
                         ? "variant %u (tile %ux%u, chunksize %ux%u"
                         : "variant %u (tile %ux%ux%u, chunksize %ux%ux%u";
  int n;
  if (k->ndims == 1)
    n = snprintf (buf, size, format, v, var->tile[0], var->chunk[0]);
  else if (k->ndims == 2)
    n = snprintf (buf, size, format, v, var->tile[0], var->tile[1],
                  var->chunk[0], var->chunk[1]);
  else
    n = snprintf (buf, size, format, v, var->tile[0], var->tile[1],
                  var->tile[2], var->chunk[0], var->chunk[1], var->chunk[2]);
  if (n < 0 || (size_t) n >= size)
    return buf;
  if (var->max_registers)
    snprintf (buf + n, size - (size_t) n, ", at most %u registers)",
              var->max_registers);
  else
    snprintf (buf + n, size - (size_t) n, ")");
  return buf;
}

/* MINT_VERBOSE: T's choice and HOW it was made.  */
static void
note_choice (const struct mintrt_tuning *t, const char *how)
{
  const struct mint_kernel *k = t->kernel;
  char extents[96], variant[128];
  mintrt_verbose (k->file, k->line, "kernel %s over %s on %s runs %s: %s",
                  k->name, extents_text (extents, sizeof extents, t),
                  t->key.gpu, variant_text (variant, sizeof variant, k,
                                            t->choice), how);
}

/* T's entry in the tuning cache, into PATH (and its directory, DIR).  */
static bool
cache_entry (const struct mintrt_tuning *t, char *dir, char *path,
             size_t size)
{
  return mintrt_tune_cache_dir (dir, size)
         && mintrt_tune_cache_path (path, size, dir, &t->key);
}

/* Settles T from MINT_TUNE=off or the tuning cache, where they decide.  */
static void
settle_early (struct mintrt_tuning *t)
{
  const struct mint_kernel *k = t->kernel;
  char dir[4096], path[4096], why[512], how[4200];
  unsigned choice = 0;

  if (mintrt_config.tune == MINTRT_TUNE_OFF)
    {
      while (!t->usable[choice])
        choice++;
      mintrt_tune_settle (t, choice, MINTRT_TUNED_OFF);
      note_choice (t, "MINT_TUNE=off");
      return;
    }
  if (mintrt_config.tune == MINTRT_TUNE_RETUNE
      || !cache_entry (t, dir, path, sizeof dir))
    return;
  switch (mintrt_tune_cache_load (path, &t->key, &choice, why, sizeof why))
    {
    case MINTRT_CACHE_MISSING:
      return;
    case MINTRT_CACHE_FOUND:
      if (t->usable[choice])
        {
          mintrt_tune_settle (t, choice, MINTRT_TUNED_CACHE);
          snprintf (how, sizeof how, "from the tuning cache %s", path);
          note_choice (t, how);
          return;
        }
      snprintf (why, sizeof why, "chooses variant %u, which cannot run "
                "here", choice);
      break;
    case MINTRT_CACHE_INVALID:
      break;
    }
  mintrt_note (k->file, k->line, "ignoring the tuning cache entry %s of "
               "kernel %s: it %s; timing the variants again", path,
               k->name, why);
}

/* The tuning of K over COUNT, made at the first launch over it; NULL past
   MAX_TUNINGS_PER_KERNEL extents.  */
static struct mintrt_tuning *
tuning_for (const struct mint_kernel *k, struct mintrt_kernel_state *s,
            const long long *count)
{
  struct mintrt_tune_key key = {
    k->code_hash, mintrt_device.name, k->ndims, { 1, 1, 1 }, k->nvariants
  };
  struct mintrt_tuning *t;
  struct mintrt_geometry g;
  char error[512], first_error[512] = "";
  bool *usable;
  unsigned nusable = 0;

  for (unsigned d = 0; d < k->ndims; d++)
    key.extents[d] = count[d];
  for (t = s->tunings; t; t = t->next)
    if (memcmp (t->key.extents, key.extents, sizeof key.extents) == 0)
      return t;
  if (s->ntunings == MAX_TUNINGS_PER_KERNEL)
    return NULL;

  usable = mintrt_xcalloc (k->nvariants, sizeof *usable);
  for (unsigned v = 0; v < k->nvariants; v++)
    {
      usable[v] = mintrt_geometry_compute (&g, k->ndims, k->variants[v].tile,
                                           k->variants[v].chunk, count,
                                           &mintrt_device.limits, error,
                                           sizeof error);
      nusable += usable[v];
      if (v == 0 && !usable[v])
        memcpy (first_error, error, sizeof error);
    }
  if (nusable == 0)
    mintrt_fatal (k->file, k->line, "kernel %s: %s", k->name, first_error);
  t = mintrt_tuning_new (k, &key, usable);
  free (usable);
  t->next = s->tunings;
  s->tunings = t;
  s->ntunings++;
  *all_tunings_end = t;
  all_tunings_end = &t->next_all;
  settle_early (t);
  if (!t->decided)
    {
      char extents[96];
      mintrt_verbose (k->file, k->line, "kernel %s over %s on %s: timing "
                      "%u variants on its next %u launches", k->name,
                      extents_text (extents, sizeof extents, t), t->key.gpu,
                      t->nusable, t->planned);
    }
  return t;
}

/* T has measured every variant: say so and remember the choice.  */
static void
finish_tuning (const struct mintrt_tuning *t)
{
  static bool store_failed;
  const struct mint_kernel *k = t->kernel;
  char dir[4096], path[4096], why[512] = "no HOME or XDG_CACHE_HOME";
  char how[4200];
  char *text = NULL;
  bool stored = cache_entry (t, dir, path, sizeof dir)
                && (text = mintrt_tune_cache_format (t)) != NULL
                && mintrt_tune_cache_store (dir, path, text, why,
                                            sizeof why);

  free (text);
  snprintf (how, sizeof how, "%.4f ms, the fastest of %u variants%s%s",
            t->best_ms[t->choice], t->nusable,
            stored ? "; saved in " : "", stored ? path : "");
  note_choice (t, how);
  if (!stored && !store_failed)
    {
      store_failed = true;
      mintrt_note (k->file, k->line, "cannot save the choice among the "
                   "variants of kernel %s in the tuning cache (%s): they "
                   "are timed again in the next run", k->name, why);
    }
}

/* Reads back T's timed launches that have finished, oldest first (every
   one, after the stream was synchronized; with WAIT, after waiting for
   the last).  The last one read decides.  */
static void
read_samples (struct mintrt_tuning *t, bool wait)
{
  const struct mint_kernel *k = t->kernel;
  if (wait && t->read < t->issued)
    CU (cuEventSynchronize) (t->samples[t->issued - 1].stop);
  while (t->read < t->issued)
    {
      struct mintrt_tune_sample *sample = &t->samples[t->read];
      float ms = 0;
      CUresult r = CU (cuEventQuery) (sample->stop);

      if (r == CUDA_ERROR_NOT_READY)
        return;
      if (r == CUDA_SUCCESS)
        r = CU (cuEventElapsedTime) (&ms, sample->start, sample->stop);
      /* The stream's sticky error, where a kernel failed.  */
      if (r != CUDA_SUCCESS)
        mintrt_fatal (k->file, k->line, "kernel %s, or a kernel queued "
                      "before it, failed: %s", k->name, mintrt_cu_error (r));
      CU (cuEventDestroy) (sample->start);
      CU (cuEventDestroy) (sample->stop);
      sample->start = sample->stop = NULL;
      if (mintrt_tune_record (t, ms))
        finish_tuning (t);
    }
}

/* After the stream was synchronized: every tuning's times are there.  */
static void
read_all_samples (void)
{
  for (struct mintrt_tuning *t = all_tunings; t; t = t->next_all)
    read_samples (t, false);
}

/* The variant of K to launch over COUNT (0 without variants), and the
   sample to time it into, if any.  */
static unsigned
choose_variant (const struct mint_kernel *k, struct mintrt_kernel_state *s,
                const long long *count, struct mintrt_tune_sample **sample)
{
  struct mintrt_tuning *t = k->nvariants ? tuning_for (k, s, count) : NULL;
  bool timed;
  unsigned variant;

  *sample = NULL;
  if (!t)
    return 0;
  /* Once every timed launch is queued, wait for their times (once): a
     program that queues its launches with nowait would otherwise run
     the compile-time choice until it next waits for the device.  */
  read_samples (t, !t->decided && t->issued == t->planned);
  variant = mintrt_tune_next (t, &timed);
  if (timed)
    *sample = &t->samples[t->issued - 1];
  return variant;
}

/* Launches FUNCTION, K's kernel or one of its variants, on the stream.
   Right after a nowait launch of K (a time loop's steps), where K's image
   allows it (image_state), it goes with programmatic stream
   serialization: it is launched while the step before it drains, and its
   blocks wait in griddepcontrol.wait until that step's stores are
   visible, so the launch latency between two steps is hidden.  After
   another kernel it is launched plainly: the MPI example's boundary and
   interior kernels, whose halo exchange overlaps the interior, ran 0.653
   ms a step with PDL and 0.596 without on two H200s.  */
static CUresult
launch_function (const struct mint_kernel *k, CUfunction function,
                 const unsigned grid[3], const unsigned block[3],
                 unsigned shared_bytes, void **params)
{
  if (last_pending_kernel () != k || !kernel_image (k)->pdl)
    return CU (cuLaunchKernel) (function, grid[0], grid[1], grid[2],
                                block[0], block[1], block[2], shared_bytes,
                                mintrt_device.stream, params, NULL);
  CUlaunchAttribute serialize = {
    .id = CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION
  };
  serialize.value.programmaticStreamSerializationAllowed = 1;
  CUlaunchConfig config = {
    .gridDimX = grid[0], .gridDimY = grid[1], .gridDimZ = grid[2],
    .blockDimX = block[0], .blockDimY = block[1], .blockDimZ = block[2],
    .sharedMemBytes = shared_bytes, .hStream = mintrt_device.stream,
    .attrs = &serialize, .numAttrs = 1
  };
  return CU (cuLaunchKernelEx) (&config, function, params, NULL);
}

static void
launch_on_device (const struct mint_kernel *k, struct mintrt_kernel_state *s,
                  const long long *count, double points)
{
  struct mintrt_geometry g;
  const struct mint_kernel *earlier;
  struct mintrt_tune_sample *sample;
  char error[512], suffix[32] = "";
  CUfunction function;
  CUresult r;
  bool shared;
  bool wait = mintrt_config.profile || k->nreductions > 0
              || !(k->flags & MINT_KERNEL_NOWAIT);
  unsigned variant = choose_variant (k, s, count, &sample);
  const unsigned *tile = k->nvariants ? k->variants[variant].tile : k->tile;
  const unsigned *chunk = k->nvariants ? k->variants[variant].chunk
                                       : k->chunk;

  if (!mintrt_geometry_compute (&g, k->ndims, tile, chunk, count,
                                &mintrt_device.limits, error, sizeof error))
    mintrt_fatal (k->file, k->line, "kernel %s: %s", k->name, error);
  shared = strides_shared (k, s)
           && (!k->nvariants
               || (k->variants[variant].flags & MINT_VARIANT_SHARED));
  function = kernel_function (k, s, variant, shared);
  if (k->nvariants)
    snprintf (suffix, sizeof suffix, "%s%u", MINT_VARIANT_SUFFIX, variant);
  if (k->nreductions > 0)
    {
      if (!s->accumulators)
        s->accumulators = device_alloc (8 * (size_t) k->nreductions,
                                        "reduction accumulators", k->file,
                                        k->line);
      for (unsigned i = 0; i < k->nreductions; i++)
        s->reduction_ptrs[i] = s->accumulators + 8 * i;
      copy_reductions (k, s, true);
    }

  mintrt_verbose (k->file, k->line, "launch %s%s%s: grid %ux%ux%u, block "
                  "%ux%ux%u%s%s", k->name, suffix,
                  shared ? MINT_SHARED_SUFFIX : "", g.grid[0], g.grid[1],
                  g.grid[2], g.block[0], g.block[1], g.block[2],
                  wait ? "" : ", nowait", sample ? ", timed" : "");
  mark_last_pending (k);
  prepare_checks (k, s);
  if (mintrt_config.profile)
    record_event (k, &s->start);
  if (sample)
    record_event (k, &sample->start);
  r = launch_function (k, function, g.grid, g.block, 0, s->params);
  if (r != CUDA_SUCCESS && (earlier = last_pending_kernel ()))
    mintrt_fatal (k->file, k->line, "cannot launch kernel %s: %s (kernel "
                  "%s, launched with nowait at %s:%u, may have failed)",
                  k->name, mintrt_cu_error (r), earlier->name, earlier->file,
                  earlier->line);
  if (r != CUDA_SUCCESS)
    mintrt_fatal (k->file, k->line, "cannot launch kernel %s with grid "
                  "%ux%ux%u and block %ux%ux%u: %s", k->name, g.grid[0],
                  g.grid[1], g.grid[2], g.block[0], g.block[1], g.block[2],
                  mintrt_cu_error (r));
  if (sample)
    record_event (k, &sample->stop);
  if (mintrt_config.profile)
    record_event (k, &s->stop);

  if (!wait)
    {
      pending_push (k, s, false);
      return;
    }
  synchronize (k->file, k->line, k);
  if (k->nreductions > 0)
    copy_reductions (k, s, false);
  if (mintrt_config.profile)
    mintrt_profile_record (&s->profile, elapsed_ms (k, s), points);
}

/* ---- level 4: steps of a time loop, several per launch ------------------ */

/* Launches of one kernel with a temporal variant, each the step after the
   one before (mintrt_temporal_follows), held back: COUNT steps, the first
   with the arguments in the kernel state's FIRST, the last LAST.  Every
   other runtime call runs them first (run_held).  */
static struct
{
  struct mint_kernel *kernel;   /* NULL: none */
  unsigned count;
  long long extent[3];
  double points;
  unsigned long long runs;      /* runs of steps held back so far */
} held;

/* Shared memory every block may have without opting in.  */
#define MINTRT_SHARED_DEFAULT (48 * 1024)

/* A kernel's level-4 variants (mintrt.h), each with a second kernel: the
   temporal variant runs K->temporal_steps steps, the closing variant the
   last 2 steps of a run.  */
enum level4
{
  LEVEL4_TEMPORAL,
  LEVEL4_CLOSING
};

static const char *const level4_suffixes[2][2] = {
  { MINT_TEMPORAL_SUFFIX, MINT_TEMPORAL_RELOAD_SUFFIX },
  { MINT_CLOSING_SUFFIX, MINT_CLOSING_RELOAD_SUFFIX }
};

static const unsigned *
level4_tile (const struct mint_kernel *k, enum level4 v)
{
  return v == LEVEL4_CLOSING ? k->closing_tile : k->temporal_tile;
}

static unsigned
level4_shared (const struct mint_kernel *k, enum level4 v)
{
  return v == LEVEL4_CLOSING ? k->closing_shared : k->temporal_shared;
}

/* Loads kernel I of K's variant V, chunked where CHUNKED, into S and
   gives it its shared memory; false where the device has too little.  */
static bool
level4_load (struct mint_kernel *k, struct mintrt_kernel_state *s,
             enum level4 v, unsigned chunked, unsigned i)
{
  char name[256];
  unsigned shared = level4_shared (k, v);
  CUfunction *function = &s->level4[v].functions[chunked][i];
  if (snprintf (name, sizeof name, "%s%s%s", k->name, level4_suffixes[v][i],
                chunked ? MINT_CHUNKED_SUFFIX : "") >= (int) sizeof name)
    mintrt_fatal (k->file, k->line, "kernel name %s is too long", k->name);
  CUresult r = CU (cuModuleGetFunction) (function, kernel_image (k)->module,
                                         name);
  if (r != CUDA_SUCCESS)
    mintrt_fatal (k->file, k->line, "kernel %s is not in its device "
                  "image: %s", name, mintrt_cu_error (r));
  if (shared > MINTRT_SHARED_DEFAULT
      && (shared > (unsigned) mintrt_device.limits.max_shared_optin
          || CU (cuFuncSetAttribute)
               (*function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                (int) shared) != CUDA_SUCCESS))
    {
      mintrt_verbose (k->file, k->line, "kernel %s needs %u bytes of shared "
                      "memory per block, this GPU allows %d: its steps run "
                      "one launch each", name, shared,
                      mintrt_device.limits.max_shared_optin);
      return false;
    }
  return true;
}

/* Whether K's variant V can run here: loads its kernels at first use and
   gives them their shared memory, for which blocks need the device's
   opt-in above MINTRT_SHARED_DEFAULT; where the device has less, the
   steps run one launch each.  */
static bool
level4_ready (struct mint_kernel *k, struct mintrt_kernel_state *s,
              enum level4 v)
{
  struct mintrt_level4 *l = &s->level4[v];
  if (l->state != 0)
    return l->state > 0;
  l->state = -1;
  for (unsigned i = 0; i < 4; i++)
    if (!level4_load (k, s, v, i / 2, i % 2))
      return false;
  l->state = 1;
  const unsigned *block = k->temporal_block;
  if (CU (cuOccupancyMaxActiveBlocksPerMultiprocessor)
        (&l->resident, l->functions[0][0],
         (int) (block[0] * block[1] * block[2]), level4_shared (k, v))
      != CUDA_SUCCESS || l->resident < 1)
    l->resident = 1;
  return true;
}

/* The fewest blocks in z of K's variant V over N planes: one per tile.  */
static unsigned long long
level4_fewest (const struct mint_kernel *k, enum level4 v, long long n)
{
  unsigned walk = level4_tile (k, v)[2];
  return ((unsigned long long) n + walk - 1) / walk;
}

/* The number of blocks in z of K's variant V (L) over N planes, XY
   blocks in each (mintrt_level4_chunks).  */
static unsigned long long
level4_chunks (const struct mint_kernel *k, const struct mintrt_level4 *l,
               enum level4 v, long long n, unsigned long long xy)
{
  return mintrt_level4_chunks (n, level4_fewest (k, v, n), xy,
                               (unsigned long long) l->resident
                               * (unsigned long long) mintrt_device.limits
                                                       .multiprocessors,
                               (unsigned long long) mintrt_device.limits
                                                      .max_grid[2]);
}

/* The blocks of K's variant V (in S) for COUNT points in GRID, one per
   tile of the variant in x and y, level4_chunks in z; returns the first
   dimension in which they are more than this GPU allows, else 3.  The
   variant's tile is smaller than the ordinary kernel's (it leaves room
   for the halo of its steps), so its grid may not fit where the ordinary
   kernel's does.  */
static unsigned
level4_grid (const struct mint_kernel *k, const struct mintrt_kernel_state *s,
             enum level4 v, const long long *count, unsigned long long *grid)
{
  const unsigned *tile = level4_tile (k, v);
  unsigned over = 3;

  for (unsigned d = 0; d < 3; d++)
    {
      grid[d] = d >= k->ndims ? 1
                : d < 2 ? ((unsigned long long) count[d] + tile[d] - 1)
                          / tile[d]
                : level4_chunks (k, &s->level4[v], v, count[2],
                                 grid[0] * grid[1]);
      if (over == 3
          && grid[d] > (unsigned long long) mintrt_device.limits.max_grid[d])
        over = d;
    }
  return over;
}

/* Whether the grid of K's variant V for COUNT points fits this GPU; where
   it does not, the steps at these extents run one launch each, and the
   first time the user is told why.  */
static bool
level4_fits (const struct mint_kernel *k, struct mintrt_kernel_state *s,
             enum level4 v, const long long *count)
{
  unsigned long long grid[3];
  unsigned d = level4_grid (k, s, v, count, grid);

  if (d == 3)
    return true;
  if (!s->level4[v].grid_said)
    mintrt_verbose (k->file, k->line, "kernel %s%s needs %llu blocks in %c "
                    "for %lld points, this GPU allows %d: its steps run one "
                    "launch each", k->name, level4_suffixes[v][0], grid[d],
                    "xyz"[d], count[d], mintrt_device.limits.max_grid[d]);
  s->level4[v].grid_said = true;
  return false;
}

/* The grid of K's variant V for COUNT points into GRID (level4_grid),
   and at least a word for each of its blocks (mintrt.h), zero where new:
   blocks keep there what they found in a run of steps.  A queued launch
   may still use the old ones.  */
static void
level4_tiles (struct mint_kernel *k, struct mintrt_kernel_state *s,
              enum level4 v, const long long *count,
              unsigned long long *grid)
{
  level4_grid (k, s, v, count, grid);
  unsigned long long blocks = grid[0] * grid[1] * grid[2];
  struct mintrt_level4 *l = &s->level4[v];
  if (blocks <= l->blocks)
    return;
  CUresult r = CUDA_SUCCESS;
  if (l->tiles)
    {
      synchronize (k->file, k->line, NULL);
      r = CU (cuMemFree) (l->tiles);
    }
  if (r != CUDA_SUCCESS)
    mintrt_fatal (k->file, k->line, "cannot free the words of kernel %s%s's "
                  "blocks: %s", k->name, level4_suffixes[v][0],
                  mintrt_cu_error (r));
  l->tiles = device_alloc (8 * blocks, "the words of the level-4 variant's "
                           "blocks", k->file, k->line);
  void *zero = mintrt_xcalloc (blocks, 8);
  r = CU (cuMemcpyHtoD) (l->tiles, zero, 8 * blocks);
  free (zero);
  if (r != CUDA_SUCCESS)
    mintrt_fatal (k->file, k->line, "cannot clear the words of kernel %s%s's "
                  "blocks: %s", k->name, level4_suffixes[v][0],
                  mintrt_cu_error (r));
  l->blocks = blocks;
}

/* One launch of K's variant V (level4_ready) with the arguments in S's
   slots, its two kernels one after the other: STEPS steps, at extents
   whose grid fits (level4_fits).  It reads the written array outside its
   points too, which the footprint of K does not say: where K may run
   without waiting, it is queued as touching every element of its
   arrays.  */
static void
launch_level4 (struct mint_kernel *k, struct mintrt_kernel_state *s,
               enum level4 v, unsigned steps, const long long *count)
{
  unsigned long long grid[3];
  CUresult r;

  level4_tiles (k, s, v, count, grid);
  const unsigned launch_grid[3] = { (unsigned) grid[0], (unsigned) grid[1],
                                    (unsigned) grid[2] };
  s->launch_tiles = s->level4[v].tiles;
  unsigned chunked = k->ndims == 3 && grid[2] != level4_fewest (k, v,
                                                                count[2]);
  const char *form = chunked ? MINT_CHUNKED_SUFFIX : "";
  bool wait = mintrt_config.profile || !(k->flags & MINT_KERNEL_NOWAIT);
  mintrt_verbose (k->file, k->line, "launch %s%s%s: %u steps, grid "
                  "%llux%llux%llu, block %ux%ux%u%s", k->name,
                  level4_suffixes[v][0], form, steps, grid[0], grid[1],
                  grid[2], k->temporal_block[0], k->temporal_block[1],
                  k->temporal_block[2], wait ? "" : ", nowait");
  mark_last_pending (k);
  for (unsigned i = 0; i < 2; i++)
    {
      r = launch_function (k, s->level4[v].functions[chunked][i],
                           launch_grid, k->temporal_block,
                           level4_shared (k, v), s->params);
      if (r != CUDA_SUCCESS)
        mintrt_fatal (k->file, k->line, "cannot launch kernel %s%s%s: %s",
                      k->name, level4_suffixes[v][i], form,
                      mintrt_cu_error (r));
    }
  if (wait)
    synchronize (k->file, k->line, k);
  else
    pending_push (k, s, true);
}

/* ENTRY's scratch for a closing variant, made to hold the copy's cells
   outside the points (a copy of the whole device copy, on the kernels'
   stream) unless it does since the last write that may have changed
   them; false where it cannot be allocated.  */
static bool
scratch_ready (struct mintrt_present *entry, const struct mint_kernel *k)
{
  bool fresh = !entry->scratch;
  if (fresh)
    {
      CUresult r = CU (cuMemAlloc) (&entry->scratch,
                                    entry->layout.alloc_bytes);
      if (r != CUDA_SUCCESS)
        {
          entry->scratch = 0;
          mintrt_verbose (k->file, k->line, "no room for a second copy of "
                          "the array at %p (%zu bytes): kernel %s's last two "
                          "steps run one launch each", entry->host,
                          entry->layout.alloc_bytes, k->name);
          return false;
        }
    }
  else if (entry->scratch_writes == entry->writes.count)
    return true;
  ((struct mintrt_kernel_state *) k->rt)->closing_extras += !fresh;
  mintrt_verbose (k->file, k->line, "copy the array at %p into its scratch "
                  "for kernel %s%s", entry->host, k->name,
                  MINT_CLOSING_SUFFIX);
  CUresult r = CU (cuMemcpyDtoDAsync) (entry->scratch, entry->alloc,
                                       entry->layout.alloc_bytes,
                                       mintrt_device.stream);
  if (r != CUDA_SUCCESS)
    mintrt_fatal (k->file, k->line, "cannot copy the array at %p on the "
                  "device: %s", entry->host, mintrt_cu_error (r));
  entry->scratch_writes = entry->writes.count;
  return true;
}

/* Whether ARGS of K give an array as a plane of a copy (a view,
   mintrt_present_find_view), or both the array read and the one written
   as parts of one copy: a closing variant gives the copy read another
   device copy, the scratch, as a whole.  */
static bool
views_of_copies (const struct mint_kernel *k, const struct mintrt_args *args)
{
  for (unsigned a = 0; a < k->narrays; a++)
    if (args->origins[a] != 0)
      return true;
  return args->entries[k->temporal_read] == args->entries[k->temporal_write];
}

/* Whether the 2 steps in S's slots may run in K's closing variant: it
   has one that runs here, neither array has handed a device pointer out
   (the read one gets another copy, the written one's points stay a step
   behind), neither is a plane of a copy (views_of_copies), and the array
   read has a scratch.  A write after the scratch
   was made (scratch_ready) that changes the cells outside the points
   moves the array's count: a closing run follows a launch of K that
   writes the array, which is one.  The copies that K's last closing left
   a step behind, or that need the scratch, are brought up to date
   first.  Where the closing launches of K needed an extra launch or copy
   more than every other time (closing_extras: the program uses the array
   written before K's next step, or changes the cells outside the points
   between runs), they cost more than they save: K's steps run one launch
   each from then on.  */
static bool
closing_usable (struct mint_kernel *k, struct mintrt_kernel_state *s,
                const long long *count)
{
  struct mintrt_present *read = s->slots.entries[k->temporal_read];
  if (!s->closings_off && 2 * s->closing_extras > s->closings)
    {
      mintrt_verbose (k->file, k->line, "kernel %s: %llu of %llu closing "
                      "launches needed a step or a copy more: the last 2 "
                      "steps of its runs run one launch each from now on",
                      k->name, s->closing_extras, s->closings);
      s->closings_off = true;
    }
  if (s->closings_off || k->closing_tile[0] == 0 || read->handed_out
      || s->slots.entries[k->temporal_write]->handed_out
      || views_of_copies (k, &s->slots)
      || !level4_ready (k, s, LEVEL4_CLOSING)
      || !level4_fits (k, s, LEVEL4_CLOSING, count))
    return false;
  for (size_t i = 0; i < present.count; i++)
    if (present.entries[i]->stale_kernel == k
        || present.entries[i]->stale_source == read)
      repair_stale (present.entries[i]);
  /* The block words first: short of memory, their allocation frees the
     scratches (free_scratches).  */
  unsigned long long grid[3];
  level4_tiles (k, s, LEVEL4_CLOSING, count, grid);
  return scratch_ready (read, k);
}

/* The last 2 steps of a run in K's closing variant with the arguments in
   S's slots: the array read gets the scratch, which then holds the
   second step, as its device copy, and the scratch its old copy, whose
   cells outside the points are the same; the written array's points
   stay a step behind (repair_stale).  */
static void
launch_closing (struct mint_kernel *k, struct mintrt_kernel_state *s,
                const long long *count)
{
  struct mintrt_present *read = s->slots.entries[k->temporal_read];
  struct mintrt_present *written = s->slots.entries[k->temporal_write];
  s->closing_scratch = read->scratch + read->layout.offset;
  launch_level4 (k, s, LEVEL4_CLOSING, 2, count);
  s->closings++;
  CUdeviceptr old = read->alloc;
  read->alloc = read->scratch;
  read->scratch = old;
  written->stale_kernel = k;
  written->stale_source = read;
  mintrt_args_copy (k, &s->stale, &s->slots);
}

/* Brings ENTRY's points up to date where a closing variant left them a
   step behind (struct mintrt_present, stale_kernel): one launch of that
   kernel with its arguments then, reading the old copy of the array it
   read, now its scratch.  */
static void
repair_stale (struct mintrt_present *entry)
{
  struct mint_kernel *k = entry->stale_kernel;
  if (!k)
    return;
  struct mintrt_kernel_state *s = k->rt;
  const struct mintrt_present *source = entry->stale_source;
  long long count[3] = { 0, 0, 0 };
  double points = 1;
  entry->stale_kernel = NULL;
  entry->stale_source = NULL;
  s->closing_extras++;
  mintrt_verbose (k->file, k->line, "kernel %s: the array at %p is a step "
                  "behind its closing launch: one step brings it up to "
                  "date", k->name, entry->host);
  mintrt_args_copy (k, &s->spare, &s->slots);
  mintrt_args_copy (k, &s->slots, &s->stale);
  s->slots.arrays[k->temporal_read] = source->scratch + source->layout.offset;
  for (unsigned d = 0; d < k->ndims; d++)
    {
      count[d] = s->slots.bounds[2 * d + 1];
      points *= (double) count[d];
    }
  launch_on_device (k, s, count, points);
  mintrt_args_copy (k, &s->slots, &s->spare);
}

/* Before K's launch with the arguments in S's slots, after the steps held
   back ran (run_held): a closing variant may have given an array another
   device copy, and left one a step behind, which is brought up to date
   unless K's next step (the same bounds, the array only in the written
   place) overwrites its points, which that step never reads.  */
static void
after_held (struct mint_kernel *k, struct mintrt_kernel_state *s)
{
  for (unsigned a = 0; a < k->narrays; a++)
    s->array_ptrs[a] = view_address (s->entries[a], s->origins[a]);
  for (unsigned a = 0; a < k->narrays; a++)
    {
      struct mintrt_present *e = s->entries[a];
      if (!e->stale_kernel)
        continue;
      bool overwritten = e->stale_kernel == k && a == k->temporal_write
                         && memcmp (s->bounds, s->stale.bounds,
                                    2 * k->ndims * sizeof *s->bounds) == 0;
      for (unsigned b = 0; b < k->narrays; b++)
        overwritten &= b == a || s->entries[b] != e;
      if (overwritten)
        {
          e->stale_kernel = NULL;
          e->stale_source = NULL;
        }
      else
        repair_stale (e);
    }
}

/* Runs the steps held back in order: the last 2 in the closing variant
   where it may run (closing_usable), the others one launch each.  */
static void
run_held (void)
{
  struct mint_kernel *k = held.kernel;
  if (!k)
    return;
  struct mintrt_kernel_state *s = k->rt;
  held.kernel = NULL;
  for (unsigned i = 0; i < held.count; i++)
    {
      mintrt_args_copy (k, &s->slots, &s->first);
      if (i + 2 == held.count && closing_usable (k, s, held.extent))
        {
          launch_closing (k, s, held.extent);
          return;
        }
      launch_on_device (k, s, held.extent, held.points);
      mintrt_args_swap (k, &s->first);
    }
}


/* Whether K's variants over COUNT have launches left to time (tune.c):
   its steps then run one launch each, so that the timing ends on the
   first launches, not at the end of each run of steps.  */
static bool
timing (const struct mint_kernel *k, struct mintrt_kernel_state *s,
        const long long *count)
{
  const struct mintrt_tuning *t = k->nvariants ? tuning_for (k, s, count)
                                                : NULL;
  return t && !t->decided && t->issued < t->planned;
}

/* Whether the run of steps that K's launch in S's slots begins may keep
   the number of K's last run (K->rt->temporal_run): the same cells, and
   nothing but K wrote to the device since, nor can, through a device
   pointer.  */
static bool
same_run (const struct mint_kernel *k, const struct mintrt_kernel_state *s)
{
  unsigned rd = k->temporal_read, wr = k->temporal_write;
  return s->temporal_run != 0
         && s->temporal_run_writes == device_writes.count
         && !s->slots.entries[rd]->handed_out
         && !s->slots.entries[wr]->handed_out
         && mintrt_temporal_same_space (k, &s->run, &s->slots);
}

/* K's launch with the arguments in S's slots: where it is the step after
   the ones held back, it is held back too, and whole batches of steps run
   in the temporal variant as they fill, always one step kept back (a
   batch leaves the read array's points stale: the next step overwrites
   them); else the steps held back run and it is held back alone.  */
static void
defer_step (struct mint_kernel *k, struct mintrt_kernel_state *s,
            const long long *count, double points)
{
  if (held.kernel == k && mintrt_temporal_follows (k, &s->last, &s->slots))
    {
      held.count++;
      mintrt_args_copy (k, &s->last, &s->slots);
    }
  else
    {
      mintrt_args_copy (k, &s->kept, &s->slots);
      run_held ();
      mintrt_args_copy (k, &s->slots, &s->kept);
      after_held (k, s);
      if (!mintrt_temporal_usable (k, &s->slots) || timing (k, s, count)
          || !level4_ready (k, s, LEVEL4_TEMPORAL)
          || !level4_fits (k, s, LEVEL4_TEMPORAL, count))
        {
          launch_on_device (k, s, count, points);
          return;
        }
      if (!same_run (k, s))
        {
          s->temporal_run = ++held.runs;
          s->temporal_run_writes = device_writes.count;
          mintrt_args_copy (k, &s->run, &s->slots);
        }
      held.kernel = k;
      held.count = 1;
      memcpy (held.extent, count, sizeof held.extent);
      held.points = points;
      mintrt_args_copy (k, &s->first, &s->slots);
      mintrt_args_copy (k, &s->last, &s->slots);
    }
  while (held.count > k->temporal_steps)
    {
      mintrt_args_copy (k, &s->slots, &s->first);
      launch_level4 (k, s, LEVEL4_TEMPORAL, k->temporal_steps, held.extent);
      for (unsigned i = 0; i < k->temporal_steps; i++)
        mintrt_args_swap (k, &s->first);
      held.count -= k->temporal_steps;
    }
}

/* Read the varargs of mint_launch into S's parameter slots, translating
   host keys through the present table.  Sets COUNT and POINTS; returns
   false when some dimension is empty.  */
static bool
read_arguments (const struct mint_kernel *k, struct mintrt_kernel_state *s,
                va_list ap, long long *count, double *points)
{
  bool empty = false;

  *points = 1;
  for (unsigned d = 0; d < k->ndims; d++)
    {
      s->bounds[2 * d] = va_arg (ap, long long);
      count[d] = s->bounds[2 * d + 1] = va_arg (ap, long long);
      empty |= count[d] <= 0;
      *points *= (double) count[d];
    }

  for (unsigned a = 0; a < k->narrays; a++)
    {
      const void *host = va_arg (ap, const void *);
      struct mintrt_present *entry
        = mintrt_present_find_view (&present, host, &s->origins[a]);

      s->entries[a] = entry;
      if (!entry)
        {
          char name[128];
          const char *array = mintrt_list_item (k->array_names, a, name,
                                                sizeof name);
          mintrt_fatal (k->file, k->line, "kernel %s uses array %s (host "
                        "address %p), which is not on the device; add "
                        "`#pragma mint copy(%s, toDevice, ...)` before the "
                        "parallel region", k->name, array, host, array);
        }
      s->array_ptrs[a] = view_address (entry, s->origins[a]);
      s->array_strides[2 * a] = entry->layout.row_stride;
      s->array_strides[2 * a + 1] = entry->layout.plane_stride;
    }

  for (unsigned i = 0; i < k->nscalars; i++)
    switch (k->scalar_sig[i])
      {
      case MINT_SIG_I32:
        s->scalars[i].i = (int) va_arg (ap, long long);
        break;
      case MINT_SIG_U32:
        s->scalars[i].u = (unsigned) va_arg (ap, long long);
        break;
      case MINT_SIG_I64:
        s->scalars[i].l = va_arg (ap, long long);
        break;
      case MINT_SIG_U64:
        s->scalars[i].ul = (unsigned long long) va_arg (ap, long long);
        break;
      case MINT_SIG_F32:
        s->scalars[i].f = (float) va_arg (ap, double);
        break;
      default:                  /* MINT_SIG_F64: check_kernel saw to it */
        s->scalars[i].d = va_arg (ap, double);
        break;
      }

  for (unsigned r = 0; r < k->nreductions; r++)
    s->reduction_hosts[r] = va_arg (ap, void *);
  return !empty;
}

MINTRT_EXPORT void
mint_check_scalar (struct mint_kernel *kernel, const char *scalar,
                   const void *address, unsigned long bytes, unsigned array,
                   const void *host)
{
  RUNTIME_CALL ();
  const struct mintrt_present *entry;
  char name[128];

  kernel_state (kernel);        /* the descriptor's checks */
  decide (kernel->file, kernel->line);
  long long origin;
  entry = mintrt_present_find_view (&present, host, &origin);
  if (!entry || !mintrt_present_overlaps (entry, address, bytes))
    return;                     /* mint_launch reports an array not there */
  mintrt_fatal (kernel->file, kernel->line,
                "kernel %s reads %s once, at its launch, but %s lies in "
                "array %s (copied at %s:%u), which the kernel writes: the "
                "program's loops would read it at each use, after the "
                "kernel's stores", kernel->name, scalar, scalar,
                mintrt_list_item (kernel->array_names, array, name,
                                  sizeof name),
                entry->file, entry->line);
}

/* Stops the program where K's launch passes one array as two of its
   arrays and writes either of them at elements the other may touch: the
   program's loops read and write those elements in their order, the GPU
   in none (and the kernel's pointers are restrict).  */
static void
check_aliases (const struct mint_kernel *k,
               const struct mintrt_kernel_state *s)
{
  for (unsigned w = 0; w < k->narrays; w++)
    for (unsigned a = 0; a < k->narrays && s->uses[w].written; a++)
      {
        struct mintrt_box written, other;
        char wname[128], aname[128];

        if (a == w || s->entries[a] != s->entries[w])
          continue;
        mintrt_footprint_box (k, &s->uses[w], s->bounds, s->scalars,
                              &written);
        mintrt_footprint_box (k, &s->uses[a], s->bounds, s->scalars, &other);
        written = entry_box (s->entries[w], s->origins[w], &written);
        other = entry_box (s->entries[a], s->origins[a], &other);
        if (!mintrt_box_overlap (&written, &other))
          continue;
        mintrt_fatal (k->file, k->line, "kernel %s gets one array (host "
                      "address %p, copied at %s:%u) as both %s and %s, and "
                      "writes %s: the program's loops touch its elements in "
                      "their order, the GPU's threads in none; pass two "
                      "different arrays", k->name, s->entries[w]->host,
                      s->entries[w]->file, s->entries[w]->line,
                      mintrt_list_item (k->array_names, w, wname,
                                        sizeof wname),
                      mintrt_list_item (k->array_names, a, aname,
                                        sizeof aname), wname);
      }
}

/* Stops the program where the points of K's launch (state S) touch
   elements of flat array A outside its copy (every_point_footprint).  */
static void
check_linear_bounds (const struct mint_kernel *k,
                     const struct mintrt_kernel_state *s, unsigned a)
{
  const struct mintrt_present *e = s->entries[a];
  long long lo, hi, count;
  char name[128];

  if (!mintrt_linear_range (k, &s->every_point_uses[a], s->bounds,
                            s->scalars, &lo, &hi)
      || __builtin_mul_overflow (e->nx, e->ny, &count)
      || __builtin_mul_overflow (count, e->nz, &count)
      || (lo >= 0 && hi < count))
    return;
  mintrt_fatal (k->file, k->line, "kernel %s uses elements %lld to %lld of "
                "array %s, outside the %lld element%s of its copy "
                "(%lldx%lldx%lld elements, copied at %s:%u); copy every "
                "element the loops use", k->name, lo, hi,
                mintrt_list_item (k->array_names, a, name, sizeof name),
                count, count == 1 ? "" : "s", e->nx, e->ny, e->nz, e->file,
                e->line);
}

/* Stops the program where the points of K's launch would all touch
   elements outside an array's copy, which on the device lie outside the
   array (its every_point_footprint: accesses under a branch may be
   guarded).  */
static void
check_bounds (const struct mint_kernel *k,
              const struct mintrt_kernel_state *s)
{
  for (unsigned a = 0; a < k->narrays && s->every_point_uses; a++)
    {
      const struct mintrt_present *e = s->entries[a];
      long long extent[3];
      struct mintrt_box box;
      char name[128];

      view_extents (e, s->origins[a], extent);
      check_linear_bounds (k, s, a);
      mintrt_footprint_box (k, &s->every_point_uses[a], s->bounds,
                            s->scalars, &box);
      for (int i = 0; i < 3; i++)
        if (s->every_point_uses[a].axis[i].kind != MINTRT_AXIS_ANY
            && (box.lo[i] < 0 || box.hi[i] >= extent[i]))
          mintrt_fatal (k->file, k->line, "kernel %s uses elements %lld to "
                        "%lld of array %s in %c, outside the %lld "
                        "element%s in %c of its copy (%lldx%lldx%lld "
                        "elements, copied at %s:%u); copy every element "
                        "the loops use", k->name, box.lo[i], box.hi[i],
                        mintrt_list_item (k->array_names, a, name,
                                          sizeof name),
                        "xyz"[i], extent[i], extent[i] == 1 ? "" : "s",
                        "xyz"[i], e->nx, e->ny, e->nz, e->file, e->line);
    }
}

/* The device copies K's launch writes are newer than the host's, and
   count the write.  */
static void
mark_written (const struct mint_kernel *k,
              const struct mintrt_kernel_state *s)
{
  for (unsigned a = 0; a < k->narrays; a++)
    if (s->uses[a].written)
      {
        s->entries[a]->device_newer = true;
        note_write (&s->entries[a]->writes, k, s->bounds);
      }
}

MINTRT_EXPORT int
mint_launch (struct mint_kernel *kernel, ...)
{
  RUNTIME_CALL ();
  struct mintrt_kernel_state *s = kernel_state (kernel);
  long long count[3] = { 0, 0, 0 };
  double points;
  bool any_points;
  va_list ap;

  decide (kernel->file, kernel->line);
  va_start (ap, kernel);
  any_points = read_arguments (kernel, s, ap, count, &points);
  va_end (ap);
  if (any_points)
    {
      check_aliases (kernel, s);
      check_bounds (kernel, s);
    }
  if (any_points && mode == MODE_DEVICE)
    {
      mark_written (kernel, s);
      note_write (&device_writes, kernel, s->bounds);
    }

  if (mode != MODE_DEVICE)
    {
      mintrt_verbose (kernel->file, kernel->line, "kernel %s runs on the "
                      "host", kernel->name);
      return 0;
    }
  if (!any_points)
    {
      run_held ();
      mintrt_verbose (kernel->file, kernel->line, "kernel %s has no points: "
                      "nothing to launch", kernel->name);
      return 1;
    }
  if (kernel->temporal_steps && !mintrt_config.profile)
    {
      defer_step (kernel, s, count, points);
      return 1;
    }
  run_held ();
  after_held (kernel, s);
  launch_on_device (kernel, s, count, points);
  return 1;
}

/* ---- for the program itself --------------------------------------------- */

MINTRT_EXPORT int
mint_offload_status (char *buf, size_t size)
{
  RUNTIME_CALL ();
  decide (NULL, 0);
  if (mode == MODE_DEVICE)
    {
      snprintf (buf, size, "%s (device %d, compute capability %d.%d)",
                mintrt_device.name, mintrt_device.ordinal,
                mintrt_device.cc_major, mintrt_device.cc_minor);
      return 1;
    }
  snprintf (buf, size, "host fallback: %s", host_reason);
  return 0;
}
