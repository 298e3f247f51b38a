/* descriptor.c -- the descriptors the plugin emits (mintrt.h), checked at
   their first use, and the state libmintrt keeps per kernel in its
   descriptor (kernel->rt): the parsed footprint and the parameter slots
   a launch fills.  */

#include <string.h>

#include "descriptor.h"
#include "diag.h"
#include "image.h"
#include "tune.h"

size_t
mintrt_scalar_size (char sig)
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
    if (mintrt_scalar_size (sig[i]) == 0)
      return false;
  return true;
}

static bool
valid_reduction_signature (const char *sig, unsigned count)
{
  if (!sig || strlen (sig) != 2 * (size_t) count)
    return false;
  for (unsigned i = 0; i < count; i++)
    if (mintrt_scalar_size (sig[2 * i]) == 0
        || !strchr ("+*mM", sig[2 * i + 1]) || sig[2 * i + 1] == '\0')
      return false;
  return true;
}

/* No temporal variant, or one of an odd number of steps, or fewer down
   to an odd number above 1, over two arrays of the kernel, with a grid,
   and a closing variant or none.  */
static bool
valid_temporal (const struct mint_kernel *k)
{
  if (k->temporal_steps == 0)
    return true;
  if (k->temporal_steps % 2 == 0 || k->temporal_fewest % 2 == 0
      || k->temporal_fewest < 3 || k->temporal_fewest > k->temporal_steps
      || k->temporal_read >= k->narrays
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
   flags, shape classes for the variants said to share strides, forms
   without the checks for the variants said to have only those, variant
   0 in all forms, a variant in all forms without MINT_VARIANT_MARGIN
   where some has it.  */
static bool
valid_variants (const struct mint_kernel *k)
{
  bool margin = false, fallback = false;
  if (k->nvariants == 0)
    return true;
  if (k->nvariants > MINTRT_MAX_VARIANTS || !k->variants)
    return false;
  for (unsigned v = 0; v < k->nvariants; v++)
    {
      unsigned flags = k->variants[v].flags;
      if ((flags & ~(MINT_VARIANT_SHARED | MINT_VARIANT_SHARED_ONLY
                     | MINT_VARIANT_MARGIN | MINT_VARIANT_UNCHECKED_ONLY))
          || ((flags & MINT_VARIANT_SHARED) && !*k->shape_classes)
          || ((flags & MINT_VARIANT_SHARED_ONLY)
              && (v == 0 || !(flags & MINT_VARIANT_SHARED)))
          || ((flags & MINT_VARIANT_UNCHECKED_ONLY)
              && (v == 0 || !(k->flags & MINT_KERNEL_UNCHECKED))))
        return false;
      margin |= flags & MINT_VARIANT_MARGIN;
      fallback |= !(flags & (MINT_VARIANT_MARGIN | MINT_VARIANT_SHARED_ONLY
                             | MINT_VARIANT_UNCHECKED_ONLY));
    }
  return !margin || fallback;
}

bool
mintrt_some_variant_has (const struct mint_kernel *k, unsigned flag)
{
  for (unsigned v = 0; v < k->nvariants; v++)
    if (k->variants[v].flags & flag)
      return true;
  return false;
}

const char mintrt_rebuild_hint[]
  = "rebuild the program with the mint plugin that matches this libmintrt";

void
mintrt_check_site (const struct mint_site *site)
{
  if (site->abi_version != MINT_ABI_VERSION)
    mintrt_fatal (site->file, site->line,
                  "this directive was compiled for mint runtime ABI "
                  "version %u, but libmintrt implements version %u; %s",
                  site->abi_version, MINT_ABI_VERSION, mintrt_rebuild_hint);
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
                  footprint ? footprint : "(null)", mintrt_rebuild_hint);
  return uses;
}

/* Whether MARKS (checked_arrays, planes: mintrt.h) is NULL, "" or one
   of LETTERS per array.  */
static bool
valid_array_marks (const char *marks, const char *letters, unsigned narrays)
{
  return !marks || !*marks || (strlen (marks) == narrays
                               && strspn (marks, letters) == narrays);
}

/* Whether ALIASES, a kernel's alias_classes, is none or a character per
   array.  */
static bool
valid_alias_classes (const char *aliases, unsigned narrays)
{
  return !aliases || !*aliases || strlen (aliases) == narrays;
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
                  k->name, k->abi_version, MINT_ABI_VERSION,
                  mintrt_rebuild_hint);
  if (!k->image || !k->image->data || k->image->size == 0)
    mintrt_fatal (k->file, k->line, "kernel %s has no device image",
                  k->name);
  if (k->image->abi_version != MINT_ABI_VERSION)
    mintrt_fatal (k->file, k->line,
                  "the device image of kernel %s was built for mint runtime "
                  "ABI version %u, but libmintrt implements version %u; %s",
                  k->name, k->image->abi_version, MINT_ABI_VERSION,
                  mintrt_rebuild_hint);
  if (k->ndims < 1 || k->ndims > 3
      || !valid_temporal (k)
      || !valid_signature (k->scalar_sig, k->nscalars)
      || !valid_reduction_signature (k->reduction_sig, k->nreductions)
      || !k->shape_classes
      || (*k->shape_classes && strlen (k->shape_classes) != k->narrays)
      || !valid_array_marks (k->checked_arrays, "c-", k->narrays)
      || !valid_alias_classes (k->alias_classes, k->narrays)
      || !valid_array_marks (k->planes, "pr-", k->narrays)
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

struct mintrt_kernel_state *
mintrt_kernel_state_of (struct mint_kernel *k)
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
  s->functions = mintrt_xcalloc (MINTRT_FORMS
                                 * (k->nvariants + !k->nvariants),
                                 sizeof *s->functions);
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
                              + (k->temporal_steps ? 4 : 0),
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
      s->params[p++] = &s->launch_steps;
      s->params[p++] = &s->closing_scratch;
    }
  s->profile.kernel = k;
  k->rt = s;
  return s;
}
