/* emit-kernel.c -- the CUDA of a planned kernel (emit-kernel.h).  */

#include "emit-kernel.h"
#include "emit-cuda.h"
#include "emit-stencil.h"
#include "emit-level3.h"
#include "emit-temporal.h"
#include "xalloc.h"

#include <stdlib.h>
#include <string.h>

/* K by plan P, its arrays sharing strides by CLASSES (or not: NULL).  */
static void
put_kernel (FILE *out, const struct kir_kernel *k, const struct level_plan *p,
            const char *classes)
{
  cuda_put_kernel_head (out, k, p->level, p->threads, p->min_blocks,
                        k->opt_level > 0 ? p->description : NULL, classes,
                        NULL);
  cuda_put_block_rows (out, k);
  if (p->level == 0)
    cuda_put_level0_body (out, k, p);
  else if (p->level < 3)
    cuda_put_shared_tiles_body (out, k, p);
  else
    cuda_put_level3_body (out, k, p);
  fputs ("}\n\n", out);
}

/* K by plan P: its kernel with the arrays' strides apart where GENERAL,
   and its MINT_SHARED_SUFFIX twin where P has shape classes.  */
static int
emit_kernel (FILE *out, const struct kir_kernel *k, const struct level_plan *p,
             bool general, char *err, size_t errlen)
{
  if (k->ndims < 1 || k->nblocks < 1)
    {
      snprintf (err, errlen, "kernel %s: not finished (kir_finish)", k->name);
      return -1;
    }
  if (general)
    put_kernel (out, k, p, NULL);
  if (p->classes)
    put_kernel (out, k, p, p->classes);
  if (ferror (out))
    {
      snprintf (err, errlen, "kernel %s: cannot write the CUDA source",
                k->name);
      return -1;
    }
  return 0;
}

int
cuda_emit_kernel (FILE *out, const struct kir_kernel *k,
                  const struct level_plan *p, char *err, size_t errlen)
{
  return emit_kernel (out, k, p, true, err, errlen);
}

/* Variant 0 is the program's code on every architecture, and so is the
   margin fallback (plan_margin_fallback); the other candidates are
   compiled only for MINT_CANDIDATE_ARCH and newer (nvcc.c defines it as
   the newest architecture of the build; undefined, it is 0 and they are
   compiled for all), and the tuner times those that the device's image
   holds.  */
int
cuda_emit_variants (FILE *out, const struct kir_kernel *k,
                    const struct mint_plan *p, char *err, size_t errlen)
{
  size_t len = strlen (k->name) + sizeof MINT_VARIANT_SUFFIX + 12;
  char *name = mint_xmalloc (len);
  int status = 0, first_candidate = plan_margin_fallback (p) + 1;
  for (int i = 0; i < p->ncandidates && status == 0; i++)
    {
      struct kir_kernel variant = *k;
      snprintf (name, len, "%s%s%d", k->name, MINT_VARIANT_SUFFIX, i);
      variant.name = name;
      tune_apply (&variant, &p->shapes[i]);
      if (i == first_candidate)
        fputs ("#if !defined __CUDA_ARCH__ "
               "|| __CUDA_ARCH__ >= MINT_CANDIDATE_ARCH\n", out);
      status = emit_kernel (out, &variant, &p->variants[i],
                            plan_variant_has_general (p, i), err, errlen);
    }
  if (p->ncandidates > first_candidate)
    fputs ("#endif\n", out);
  free (name);
  return status;
}

int
cuda_emit_kernel_code (FILE *out, const struct kir_kernel *k,
                       const struct mint_plan *p, char *err, size_t errlen)
{
  cuda_put_level4 (out, k, &p->temporal);
  if (plan_variant_count (p) > 0)
    return cuda_emit_variants (out, k, p, err, errlen);
  return cuda_emit_kernel (out, k, &p->kernel, err, errlen);
}
