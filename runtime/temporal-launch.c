/* temporal-launch.c -- level 4: the steps of a time loop, held back and
   run several per launch in the kernel's temporal variant (mintrt.h,
   temporal_steps; those left after the last whole batch in a launch of
   fewer), the last two of a run in its closing variant, and the
   repair of what a closing launch leaves a step behind.  Which launches
   are steps is temporal.c's.  */

#include <stdlib.h>
#include <string.h>

#include "temporal-launch.h"
#include "descriptor.h"
#include "device-launch.h"
#include "diag.h"
#include "driver.h"
#include "env.h"
#include "guard.h"
#include "image.h"
#include "memory.h"
#include "queue.h"
#include "temporal.h"
#include "tune-launch.h"

/* Launches of one kernel with a temporal variant, each the step after the
   one before (mintrt_temporal_follows), held back: COUNT steps, the first
   with the arguments in the kernel state's FIRST, the last LAST.  Every
   other runtime call runs them first (mintrt_run_held).  */
static struct
{
  struct mint_kernel *kernel;   /* NULL: none */
  unsigned count;
  long long extent[3];
  double points;
  unsigned long long runs;      /* runs of steps held back so far */
} held;

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
   gives it its shared memory; false where the device has too little, or
   where its image has no such kernel: the variants are compiled for the
   newest architecture of the build only (emit-temporal.c).  */
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
  CUresult r = CU (cuModuleGetFunction) (function,
                                         mintrt_kernel_image (k)->module,
                                         name);
  if (r == CUDA_ERROR_NOT_FOUND)
    {
      mintrt_verbose (k->file, k->line, "kernel %s is compiled for newer "
                      "GPUs only: its steps run one launch each", name);
      return false;
    }
  if (r != CUDA_SUCCESS)
    mintrt_fatal (k->file, k->line, "kernel %s is not in its device "
                  "image: %s", name, mintrt_cu_error (r));
  if (!mintrt_function_shared (*function, shared))
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
  bool only = MINT_LEVEL4_CHUNKED_ONLY (k->ndims);
  for (unsigned i = only ? 2 : 0; i < 4; i++)
    if (!level4_load (k, s, v, i / 2, i % 2))
      return false;
  l->state = 1;
  const unsigned *block = k->temporal_block;
  if (CU (cuOccupancyMaxActiveBlocksPerMultiprocessor)
        (&l->resident, l->functions[only][0],
         (int) (block[0] * block[1] * block[2]), level4_shared (k, v))
      != CUDA_SUCCESS || l->resident < 1)
    l->resident = 1;
  return true;
}

/* The dimension the variants of K walk: the last (mintrt.h,
   MINT_CHUNKED_SUFFIX).  */
static unsigned
level4_walk (const struct mint_kernel *k)
{
  return k->ndims - 1;
}

/* The fewest blocks along the walk of K's variant V over N planes: one
   per tile.  */
static unsigned long long
level4_fewest (const struct mint_kernel *k, enum level4 v, long long n)
{
  unsigned walk = level4_tile (k, v)[level4_walk (k)];
  return ((unsigned long long) n + walk - 1) / walk;
}

/* The number of blocks along the walk of K's variant V (L) over N
   planes, XY blocks in each (mintrt_level4_chunks).  */
static unsigned long long
level4_chunks (const struct mint_kernel *k, const struct mintrt_level4 *l,
               enum level4 v, long long n, unsigned long long xy)
{
  return mintrt_level4_chunks (n, level4_fewest (k, v, n), xy,
                               (unsigned long long) l->resident
                               * (unsigned long long) mintrt_device.limits
                                                       .multiprocessors,
                               (unsigned long long) mintrt_device.limits
                                          .max_grid[level4_walk (k)]);
}

/* The blocks of K's variant V (in S) for COUNT points in GRID, one per
   tile of the variant in the dimensions before the walk, level4_chunks
   along it; returns the first
   dimension in which they are more than this GPU allows, else 3.  The
   variant's tile is smaller than the ordinary kernel's (it leaves room
   for the halo of its steps), so its grid may not fit where the ordinary
   kernel's does.  */
static unsigned
level4_grid (const struct mint_kernel *k, const struct mintrt_kernel_state *s,
             enum level4 v, const long long *count, unsigned long long *grid)
{
  const unsigned *tile = level4_tile (k, v);
  unsigned over = 3, walk = level4_walk (k);
  unsigned long long plane = 1;

  for (unsigned d = 0; d < 3; d++)
    {
      grid[d] = d > walk ? 1
                : d < walk ? ((unsigned long long) count[d] + tile[d] - 1)
                             / tile[d]
                : level4_chunks (k, &s->level4[v], v, count[d], plane);
      plane *= grid[d];
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
      mintrt_synchronize (k->file, k->line, NULL);
      r = CU (cuMemFree) (l->tiles);
    }
  if (r != CUDA_SUCCESS)
    mintrt_fatal (k->file, k->line, "cannot free the words of kernel %s%s's "
                  "blocks: %s", k->name, level4_suffixes[v][0],
                  mintrt_cu_error (r));
  l->tiles = mintrt_device_alloc (8 * blocks, "the words of the level-4 "
                                  "variant's blocks", k->file, k->line);
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
  s->launch_steps = steps;
  const unsigned launch_grid[3] = { (unsigned) grid[0], (unsigned) grid[1],
                                    (unsigned) grid[2] };
  s->launch_tiles = s->level4[v].tiles;
  unsigned walk = level4_walk (k);
  unsigned chunked = MINT_LEVEL4_CHUNKED_ONLY (k->ndims)
                     || grid[walk] != level4_fewest (k, v, count[walk]);
  const char *form = chunked ? MINT_CHUNKED_SUFFIX : "";
  bool wait = mintrt_config.profile || !(k->flags & MINT_KERNEL_NOWAIT);
  mintrt_verbose (k->file, k->line, "launch %s%s%s: %u steps, grid "
                  "%llux%llux%llu, block %ux%ux%u%s", k->name,
                  level4_suffixes[v][0], form, steps, grid[0], grid[1],
                  grid[2], k->temporal_block[0], k->temporal_block[1],
                  k->temporal_block[2], wait ? "" : ", nowait");
  mintrt_mark_last_pending (k);
  for (unsigned i = 0; i < 2; i++)
    {
      r = mintrt_launch_function (k, s->level4[v].functions[chunked][i],
                                  launch_grid, k->temporal_block,
                                  level4_shared (k, v), s->params);
      if (r != CUDA_SUCCESS)
        mintrt_fatal (k->file, k->line, "cannot launch kernel %s%s%s: %s",
                      k->name, level4_suffixes[v][i], form,
                      mintrt_cu_error (r));
    }
  if (wait)
    mintrt_synchronize (k->file, k->line, k);
  else
    mintrt_pending_push (k, s, true);
}

/* STEPS steps from the first held back (S->first) in one launch of K's
   temporal variant, at extents EXTENT; S->first moves on past them.  */
static void
launch_batch (struct mint_kernel *k, struct mintrt_kernel_state *s,
              unsigned steps, const long long *extent)
{
  mintrt_args_copy (k, &s->slots, &s->first);
  launch_level4 (k, s, LEVEL4_TEMPORAL, steps, extent);
  for (unsigned i = 0; i < steps; i++)
    mintrt_args_swap (k, &s->first);
}

/* Frees the scratch buffers of the closing variants (scratch_ready),
   which only save time, once the copies a step behind that need them are
   up to date and the kernels that may read them are done; false where
   there were none.  Once a scratch was made, a device allocation that
   finds the device full calls it (memory.c, mintrt_free_spare).  */
static bool
free_scratches (const char *file, unsigned line)
{
  bool any = false;
  for (size_t i = 0; i < mintrt_copies.count; i++)
    mintrt_repair_stale (mintrt_copies.entries[i]);
  for (size_t i = 0; i < mintrt_copies.count; i++)
    {
      struct mintrt_present *e = mintrt_copies.entries[i];
      if (!e->scratch)
        continue;
      if (!any)
        mintrt_synchronize (file, line, NULL);
      any = true;
      CUresult r = CU (cuMemFree) (e->scratch);
      if (r != CUDA_SUCCESS)
        mintrt_fatal (file, line, "cannot free the scratch of the array at "
                      "%p: %s", e->host, mintrt_cu_error (r));
      e->scratch = 0;
    }
  return any;
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
      mintrt_free_spare = free_scratches;
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
  for (size_t i = 0; i < mintrt_copies.count; i++)
    if (mintrt_copies.entries[i]->stale_kernel == k
        || mintrt_copies.entries[i]->stale_source == read)
      mintrt_repair_stale (mintrt_copies.entries[i]);
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
   stay a step behind (mintrt_repair_stale).  */
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

void
mintrt_repair_stale (struct mintrt_present *entry)
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
  mintrt_launch_on_device (k, s, count, points);
  mintrt_args_copy (k, &s->slots, &s->spare);
}

void
mintrt_after_held (struct mint_kernel *k, struct mintrt_kernel_state *s)
{
  for (unsigned a = 0; a < k->narrays; a++)
    s->array_ptrs[a] = mintrt_present_view_address (s->entries[a],
                                                    s->origins[a]);
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
        mintrt_repair_stale (e);
    }
}

/* The steps of K's temporal variant that LEFT steps held back may begin
   with, 0 for none: the most, odd, that leave a step after them, which
   writes the array the variant leaves behind (mintrt.h).  */
static unsigned
rest_batch (const struct mint_kernel *k, unsigned left)
{
  if (left <= k->temporal_fewest)
    return 0;
  unsigned most = left - 1 < k->temporal_steps ? left - 1 : k->temporal_steps;
  return most % 2 ? most : most - 1;
}

void
mintrt_run_held (void)
{
  struct mint_kernel *k = held.kernel;
  if (!k)
    return;
  struct mintrt_kernel_state *s = k->rt;
  held.kernel = NULL;
  for (unsigned left = held.count; left > 0;)
    {
      unsigned steps = rest_batch (k, left);
      if (steps)
        {
          launch_batch (k, s, steps, held.extent);
          left -= steps;
          continue;
        }
      mintrt_args_copy (k, &s->slots, &s->first);
      if (left == 2 && closing_usable (k, s, held.extent))
        {
          launch_closing (k, s, held.extent);
          return;
        }
      mintrt_launch_on_device (k, s, held.extent, held.points);
      mintrt_args_swap (k, &s->first);
      left--;
    }
}

/* Whether K's variants over COUNT have launches left to time (tune.c):
   its steps then run one launch each, so that the timing ends on the
   first launches, not at the end of each run of steps.  */
static bool
timing (const struct mint_kernel *k, struct mintrt_kernel_state *s,
        const long long *count)
{
  const struct mintrt_tuning *t
    = k->nvariants ? mintrt_tuning_for (k, s, count) : NULL;
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
         && s->temporal_run_writes == mintrt_device_writes.count
         && !s->slots.entries[rd]->handed_out
         && !s->slots.entries[wr]->handed_out
         && mintrt_temporal_same_space (k, &s->run, &s->slots);
}

/* mintrt_checked_inside_anywhere, told where not.  */
static bool
checked_inside (const struct mint_kernel *k,
                const struct mintrt_kernel_state *s)
{
  if (mintrt_checked_inside_anywhere (k, s))
    return true;
  mintrt_verbose (k->file, k->line, "kernel %s: a read under a condition "
                  "may leave its array's copy: its steps run one launch "
                  "each", k->name);
  return false;
}

void
mintrt_defer_step (struct mint_kernel *k, struct mintrt_kernel_state *s,
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
      mintrt_run_held ();
      mintrt_args_copy (k, &s->slots, &s->kept);
      mintrt_after_held (k, s);
      if (!mintrt_temporal_usable (k, &s->slots)
          || !checked_inside (k, s) || timing (k, s, count)
          || !level4_ready (k, s, LEVEL4_TEMPORAL)
          || !level4_fits (k, s, LEVEL4_TEMPORAL, count))
        {
          mintrt_launch_on_device (k, s, count, points);
          return;
        }
      if (!same_run (k, s))
        {
          s->temporal_run = ++held.runs;
          s->temporal_run_writes = mintrt_device_writes.count;
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
      launch_batch (k, s, k->temporal_steps, held.extent);
      held.count -= k->temporal_steps;
    }
}
