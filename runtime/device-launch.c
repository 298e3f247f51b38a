/* device-launch.c -- one launch of a kernel on the device: its variant,
   grid and function, its reductions, timed where tuning or MINT_PROFILE
   asks, then queued or waited for.  */

#include <stdio.h>

#include "device-launch.h"
#include "descriptor.h"
#include "diag.h"
#include "driver.h"
#include "env.h"
#include "guard.h"
#include "image.h"
#include "layout.h"
#include "memory.h"
#include "profile.h"
#include "queue.h"
#include "tune-launch.h"

/* Whether the arrays of each shape class of K (mintrt.h) have equal
   strides, so that its MINT_SHARED_SUFFIX variant computes the same
   addresses: row strides, and plane strides but in a class of rank 2
   (whose arrays of as many elements a row but other counts of rows
   share).  */
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
      bool planes = classes[a] != '2' && !(classes[a] >= 'a'
                                           && classes[a] <= 'z');
      if (classes[a] != '-'
          && (s->array_strides[2 * a] != s->array_strides[2 * first]
              || (planes && s->array_strides[2 * a + 1]
                            != s->array_strides[2 * first + 1])))
        return false;
    }
  return true;
}

/* The first variant of K that loads nothing outside its arrays' copies
   (mintrt.h, MINT_VARIANT_MARGIN), in all forms (descriptor.c saw to
   it).  */
static unsigned
margin_fallback (const struct mint_kernel *k)
{
  for (unsigned v = 0; v < k->nvariants; v++)
    if (!(k->variants[v].flags
          & (MINT_VARIANT_MARGIN | MINT_VARIANT_SHARED_ONLY
             | MINT_VARIANT_UNCHECKED_ONLY)))
      return v;
  return 0;
}

/* The variant of K to launch now over COUNT, and where it is timed its
   SAMPLE (mintrt_choose_variant), timed never: the margin fallback where
   the launch may not load into the copies' margins (S->margins_hold);
   variant 0 where STRIDES_SHARED is false and other variants exist only
   as twins, or where the launch needs the checks and other variants
   exist only without them.  */
static unsigned
variant_to_launch (const struct mint_kernel *k, struct mintrt_kernel_state *s,
                   const long long *count, bool strides_shared,
                   struct mintrt_tune_sample **sample)
{
  *sample = NULL;
  if (!s->margins_hold)
    {
      unsigned v = margin_fallback (k);
      mintrt_verbose (k->file, k->line, "kernel %s reads beside elements "
                      "that lie beyond the margins of its arrays' copies: "
                      "variant %u, which loads only the elements the "
                      "program reads", k->name, v);
      return v;
    }
  if (!strides_shared && mintrt_some_variant_has (k, MINT_VARIANT_SHARED_ONLY))
    {
      if (!s->strides_said)
        mintrt_verbose (k->file, k->line, "kernel %s: arrays of a shape "
                        "class (%s) have unequal row or plane strides (copies "
                        "of other extents): variant 0, untuned; its other "
                        "variants exist only for equal strides", k->name,
                        k->shape_classes);
      s->strides_said = true;
      return 0;
    }
  if (!mintrt_runs_unchecked (k, s)
      && mintrt_some_variant_has (k, MINT_VARIANT_UNCHECKED_ONLY))
    {
      if (!s->checks_said)
        mintrt_verbose (k->file, k->line, "kernel %s: a check of this "
                        "launch may fail: variant 0, untuned; its other "
                        "variants exist only without the checks", k->name);
      s->checks_said = true;
      return 0;
    }
  return mintrt_choose_variant (k, s, count, sample);
}

/* The function of kernel K (state S) to launch now: VARIANT's (mintrt.h;
   ignored without variants), its MINT_SHARED_SUFFIX twin when the strides
   allow (SHARED), without its checks where none can fail
   (MINT_KERNEL_UNCHECKED; mintrt_prepare_checks).  */
static CUfunction
kernel_function (const struct mint_kernel *k, struct mintrt_kernel_state *s,
                 unsigned variant, bool shared)
{
  unsigned form = (shared ? MINTRT_FORM_SHARED : 0)
                  | (mintrt_runs_unchecked (k, s) ? MINTRT_FORM_UNCHECKED : 0);
  CUfunction function;
  CUresult r = mintrt_kernel_function (k, s, variant, form, &function);
  char name[MINTRT_KERNEL_NAME_SIZE];

  if (r == CUDA_SUCCESS)
    return function;
  mintrt_kernel_function_name (k, variant, form, name, sizeof name);
  mintrt_fatal (k->file, k->line, "kernel %s is not in its device image: %s",
                name, mintrt_cu_error (r));
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
  CUresult r = mintrt_record_on_stream (event, 0);

  if (r != CUDA_SUCCESS)
    mintrt_fatal (k->file, k->line, "cannot time kernel %s: %s", k->name,
                  mintrt_cu_error (r));
}

/* Queues the copies of K's reductions (state S) to the device, or from
   it, on the launches' stream: to the device before the launch, from it
   before the launch's wait, so that neither waits for the device on its
   own (the host values are pageable: the copy to the device takes them
   when queued, the one from it has them when the wait returns).  The
   first failure, else CUDA_SUCCESS; *FAILED, the reduction it copied.  */
static CUresult
queue_reduction_copies (const struct mint_kernel *k,
                        struct mintrt_kernel_state *s, bool to_device,
                        unsigned *failed)
{
  CUstream stream = mintrt_device.stream;
  for (unsigned r = 0; r < k->nreductions; r++)
    {
      size_t bytes = mintrt_scalar_size (k->reduction_sig[2 * r]);
      CUresult result
        = to_device ? CU (cuMemcpyHtoDAsync) (s->reduction_ptrs[r],
                                              s->reduction_hosts[r], bytes,
                                              stream)
                    : CU (cuMemcpyDtoHAsync) (s->reduction_hosts[r],
                                              s->reduction_ptrs[r], bytes,
                                              stream);
      if (result != CUDA_SUCCESS)
        {
          *failed = r;
          return result;
        }
    }
  return CUDA_SUCCESS;
}

/* Ends the program where copying reduction R of K (to the device where
   TO_DEVICE) failed with RESULT.  */
static void
check_reduction_copy (const struct mint_kernel *k, CUresult result,
                      unsigned r, bool to_device)
{
  if (result != CUDA_SUCCESS)
    mintrt_fatal (k->file, k->line, "kernel %s: cannot copy reduction %u %s "
                  "the device: %s", k->name, r, to_device ? "to" : "from",
                  mintrt_cu_error (result));
}

CUresult
mintrt_launch_function (const struct mint_kernel *k, CUfunction function,
                        const unsigned grid[3], const unsigned block[3],
                        unsigned shared_bytes, void **params)
{
  if (mintrt_last_pending_kernel () != k || !mintrt_kernel_image (k)->pdl)
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

/* FUNCTION over S's bounds by geometry G of TILE: one launch, or where
   G has slabs along y or z (mintrt_geometry_compute), one per slab, its
   loop variables' first values and counts set in S's bounds for it (the
   launch copies them), restored after.  Returns the first failure.  */
static CUresult
launch_slabs (const struct mint_kernel *k, struct mintrt_kernel_state *s,
              CUfunction function, const struct mintrt_geometry *g,
              const unsigned *tile, unsigned shared_bytes)
{
  if (!g->slab[1] && !g->slab[2])
    return mintrt_launch_function (k, function, g->grid, g->block,
                                   shared_bytes, s->params);
  long long lo[3], n[3], t[3] = { 0, 0, 0 };
  CUresult r = CUDA_SUCCESS;
  for (unsigned d = 1; d < 3; d++)
    {
      lo[d] = s->bounds[2 * d];
      n[d] = s->bounds[2 * d + 1];
      if (g->slab[d] && k->step[d] == 0)
        mintrt_fatal (k->file, k->line, "kernel %s: %lld points in %c need "
                      "more blocks of tile %u than this GPU's grid holds; "
                      "use a larger tile in %c", k->name, n[d], "xyz"[d],
                      tile[d], "xyz"[d]);
    }
  do
    {
      unsigned grid[3] = { g->grid[0], g->grid[1], g->grid[2] };
      for (unsigned d = 1; d < 3; d++)
        if (g->slab[d])
          {
            long long count = n[d] - t[d] < g->slab[d] ? n[d] - t[d]
                                                       : g->slab[d];
            s->bounds[2 * d] = lo[d] + t[d] * (long long) k->step[d];
            s->bounds[2 * d + 1] = count;
            grid[d] = (unsigned) ((count + tile[d] - 1) / tile[d]);
          }
      r = mintrt_launch_function (k, function, grid, g->block, shared_bytes,
                                  s->params);
      /* The next slab: y's, else z's with y's from the first.  */
      unsigned d = 1;
      while (d < 3 && (!g->slab[d] || (t[d] += g->slab[d]) >= n[d]))
        {
          t[d] = 0;
          d++;
        }
      if (d == 3)
        break;
    }
  while (r == CUDA_SUCCESS);
  for (unsigned d = 1; d < 3; d++)
    {
      s->bounds[2 * d] = lo[d];
      s->bounds[2 * d + 1] = n[d];
    }
  return r;
}

void
mintrt_launch_on_device (const struct mint_kernel *k,
                         struct mintrt_kernel_state *s,
                         const long long *count, double points)
{
  struct mintrt_geometry g;
  const struct mint_kernel *earlier;
  struct mintrt_tune_sample *sample;
  char error[512], suffix[32] = "";
  CUfunction function;
  CUresult r;
  bool strides = strides_shared (k, s), shared;
  bool wait = mintrt_config.profile || k->nreductions > 0
              || !(k->flags & MINT_KERNEL_NOWAIT);
  mintrt_prepare_checks (k, s);
  unsigned variant = variant_to_launch (k, s, count, strides, &sample);
  const unsigned *tile = k->nvariants ? k->variants[variant].tile : k->tile;
  const unsigned *chunk = k->nvariants ? k->variants[variant].chunk
                                       : k->chunk;

  if (!mintrt_geometry_compute (&g, k->ndims, tile, chunk, count,
                                &mintrt_device.limits, error, sizeof error))
    mintrt_fatal (k->file, k->line, "kernel %s: %s", k->name, error);
  shared = strides
           && (!k->nvariants
               || (k->variants[variant].flags & MINT_VARIANT_SHARED));
  function = kernel_function (k, s, variant, shared);
  if (k->nvariants)
    snprintf (suffix, sizeof suffix, "%s%u", MINT_VARIANT_SUFFIX, variant);
  if (k->nreductions > 0)
    {
      if (!s->accumulators)
        s->accumulators = mintrt_device_alloc (8 * (size_t) k->nreductions,
                                               "reduction accumulators",
                                               k->file, k->line);
      for (unsigned i = 0; i < k->nreductions; i++)
        s->reduction_ptrs[i] = s->accumulators + 8 * i;
      unsigned failed = 0;
      check_reduction_copy (k, queue_reduction_copies (k, s, true, &failed),
                            failed, true);
    }

  mintrt_verbose (k->file, k->line, "launch %s%s%s%s: grid %ux%ux%u, block "
                  "%ux%ux%u%s%s%s", k->name, suffix,
                  shared ? MINT_SHARED_SUFFIX : "",
                  mintrt_runs_unchecked (k, s) ? MINT_UNCHECKED_SUFFIX : "",
                  g.grid[0], g.grid[1],
                  g.grid[2], g.block[0], g.block[1], g.block[2],
                  g.slab[1] || g.slab[2] ? ", in slabs" : "",
                  wait ? "" : ", nowait", sample ? ", timed" : "");
  mintrt_mark_last_pending (k);
  if (mintrt_config.profile)
    record_event (k, &s->start);
  if (sample)
    record_event (k, &sample->start);
  r = launch_slabs (k, s, function, &g, tile,
                    k->nvariants ? k->variants[variant].shared_bytes : 0);
  if (r != CUDA_SUCCESS && (earlier = mintrt_last_pending_kernel ()))
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
      mintrt_pending_push (k, s, false);
      return;
    }
  /* A copy that fails for the kernel's failure: the wait says so.  */
  unsigned failed = 0;
  CUresult copied = queue_reduction_copies (k, s, false, &failed);
  mintrt_synchronize (k->file, k->line, k);
  check_reduction_copy (k, copied, failed, false);
  if (mintrt_config.profile)
    mintrt_profile_record (&s->profile, elapsed_ms (k, s), points);
}
