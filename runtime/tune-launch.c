/* tune-launch.c -- the launches of an autotuned kernel (mintrt.h): the
   tuning of each kernel and extents, settled from MINT_TUNE or the tuning
   cache or else measured, its timed launches read back, and its choice
   said and remembered.  The choice itself and the cache are tune.c's.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tune-launch.h"
#include "descriptor.h"
#include "diag.h"
#include "driver.h"
#include "env.h"
#include "guard.h"
#include "image.h"
#include "layout.h"
#include "tune.h"

/* Every tuning, oldest first (linked by next_all).  */
static struct mintrt_tuning *all_tunings, **all_tunings_end = &all_tunings;

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

/* Settles T where one variant alone can run, or from MINT_TUNE=off or
   the tuning cache, where they decide.  */
static void
settle_early (struct mintrt_tuning *t)
{
  const struct mint_kernel *k = t->kernel;
  char dir[4096], path[4096], why[512], how[4200];
  unsigned choice = 0;
  bool only = t->nusable == 1;

  if (only || mintrt_config.tune == MINTRT_TUNE_OFF)
    {
      while (!t->usable[choice])
        choice++;
      mintrt_tune_settle (t, choice, only ? MINTRT_TUNED_ONLY
                                          : MINTRT_TUNED_OFF);
      note_choice (t, only ? "the only variant that can run here"
                           : "MINT_TUNE=off");
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

/* Whether the image the driver loaded for this GPU holds candidate V of
   kernel K (state S): the candidates after variant 0 are compiled only
   for the build's newest GPU architecture and those after it
   (MINT_CANDIDATE_ARCH).  A variant's twins are compiled together; the
   one looked for is the one it has for certain.  */
static bool
candidate_in_image (const struct mint_kernel *k,
                    struct mintrt_kernel_state *s, unsigned v)
{
  unsigned flags = k->variants[v].flags;
  unsigned form = (flags & MINT_VARIANT_SHARED ? MINTRT_FORM_SHARED : 0)
                  | (flags & MINT_VARIANT_UNCHECKED_ONLY
                     ? MINTRT_FORM_UNCHECKED : 0);
  CUfunction function;
  CUresult r = mintrt_kernel_function (k, s, v, form, &function);

  if (r != CUDA_SUCCESS && r != CUDA_ERROR_NOT_FOUND)
    mintrt_fatal (k->file, k->line, "kernel %s: cannot look up its "
                  "variant %u: %s", k->name, v, mintrt_cu_error (r));
  return r == CUDA_SUCCESS;
}

/* Whether the device gives variant V of K its shared memory; if not, says
   so under MINT_VERBOSE.  */
static bool
shared_fits (const struct mint_kernel *k, unsigned v)
{
  unsigned bytes = k->variants[v].shared_bytes;
  if (mintrt_shared_allowed (bytes))
    return true;
  mintrt_verbose (k->file, k->line, "kernel %s: variant %u needs %u bytes "
                  "of shared memory per block, %s allows %d: not timed",
                  k->name, v, bytes, mintrt_device.name,
                  mintrt_device.limits.max_shared_optin);
  return false;
}

/* The hash of the code the launch of K (state S) runs: the kernel's, or
   where it runs its twins without the checks (mintrt_runs_unchecked),
   which time otherwise, another, so that each is tuned and cached
   apart.  */
static unsigned long long
launch_code_hash (const struct mint_kernel *k,
                  const struct mintrt_kernel_state *s)
{
  return mintrt_runs_unchecked (k, s) ? k->code_hash ^ MINTRT_UNCHECKED_HASH
                                      : k->code_hash;
}

struct mintrt_tuning *
mintrt_tuning_for (const struct mint_kernel *k,
                   struct mintrt_kernel_state *s, const long long *count)
{
  struct mintrt_tune_key key = {
    launch_code_hash (k, s), mintrt_device.name, k->ndims, { 1, 1, 1 },
    k->nvariants
  };
  struct mintrt_tuning *t;
  struct mintrt_geometry g;
  char error[512], first_error[512] = "";
  bool *usable;
  unsigned nusable = 0, absent = 0;

  for (unsigned d = 0; d < k->ndims; d++)
    key.extents[d] = count[d];
  for (t = s->tunings; t; t = t->next)
    if (t->key.code_hash == key.code_hash
        && memcmp (t->key.extents, key.extents, sizeof key.extents) == 0)
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
      if (v == 0 && !usable[v])
        memcpy (first_error, error, sizeof error);
      else if (v > 0 && !shared_fits (k, v))
        usable[v] = false;
      else if (v > 0 && !candidate_in_image (k, s, v))
        {
          usable[v] = false;
          absent++;
        }
      nusable += usable[v];
    }
  if (absent)
    mintrt_verbose (k->file, k->line, "kernel %s: the device code for %s "
                    "holds only its compile-time choice; its other "
                    "candidates were compiled for newer GPUs (build for "
                    "this one alone with -fplugin-arg-mint-arch= to tune "
                    "here)", k->name, mintrt_device.name);
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
  char dir[4096], path[4096], why[512], how[4200];
  char *text = NULL;
  bool stored;

  snprintf (why, sizeof why, "%s", mintrt_secure_execution ()
            ? "a setuid, setgid or file-capability program keeps none"
            : "no HOME or XDG_CACHE_HOME");
  stored = cache_entry (t, dir, path, sizeof dir)
           && (text = mintrt_tune_cache_format (t)) != NULL
           && mintrt_tune_cache_store (dir, path, text, why, sizeof why);

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

void
mintrt_read_all_samples (void)
{
  for (struct mintrt_tuning *t = all_tunings; t; t = t->next_all)
    read_samples (t, false);
}

unsigned
mintrt_choose_variant (const struct mint_kernel *k,
                       struct mintrt_kernel_state *s, const long long *count,
                       struct mintrt_tune_sample **sample)
{
  struct mintrt_tuning *t = k->nvariants ? mintrt_tuning_for (k, s, count)
                                         : NULL;
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

void
mintrt_tunings_report (FILE *out)
{
  mintrt_tune_report (out, all_tunings);
}
