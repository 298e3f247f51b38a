/* emit-kernel.c -- the CUDA of a planned kernel (emit-kernel.h).  */

#include "emit-kernel.h"
#include "emit-cuda.h"
#include "emit-stencil.h"
#include "emit-level3.h"
#include "emit-temporal.h"
#include "emit-edges.h"
#include "plan-level3.h"
#include "stencil.h"
#include "xalloc.h"

#include <stdlib.h>
#include <string.h>

/* K by plan P, its arrays sharing strides by CLASSES (or not: NULL), its
   checks of accesses tested or, where UNCHECKED, not (its
   MINT_UNCHECKED_SUFFIX twin).
   Where EDGE (or NULL), K is the inside of EDGES (plan.h) and EDGE the
   body as written at K's shape, whose parameters the kernel has (the
   descriptor's).  Where P is level 3, the points that pass the checks
   run K by P, the others EDGE at level 0: a thread's where its walk is
   its own, else the block's (a ring of planes shared by the block);
   where P is lower, every point runs EDGE at level 0.
   Where CONVERTED (or NULL), the body is K's copy with its short branches
   as selects (cuda_level3_if_converted), the parameters K's, which the
   twins share (the descriptor's).  */
static void
put_kernel (FILE *out, const struct kir_kernel *k, const struct level_plan *p,
            const char *classes, bool unchecked, const struct kir_kernel *edge,
            const struct edge_fold *edges,
            const struct kir_kernel *converted)
{
  struct kir_kernel params = *(edge ? edge : k);
  if (!edge && converted)
    {
      params.nlocals = converted->nlocals;
      params.locals = converted->locals;
    }
  cuda_put_kernel_head (out, &params, p->level, p->threads, p->min_blocks,
                        k->opt_level > 0 ? p->description : NULL, classes,
                        unchecked, NULL);
  /* Each body of an edge fold declares its own locals.  */
  if (!edge)
    cuda_put_head_locals (out, &params, p->level);
  cuda_put_block_rows (out, k);
  if (converted)
    k = converted;
  if (edge && p->level < 3)
    {
      cuda_put_locals (out, edge);
      cuda_put_level0_body (out, edge, NULL);
      fputs ("}\n\n", out);
      return;
    }
  bool by_block = edge && p->cells->ring.ti >= 0;
  if (by_block)
    {
      cuda_put_block_ends (out, k);
      cuda_put_edge_checks (out, k, edges);
      fputs ("  if (mint_folded)\n", out);
    }
  if (edge)
    {
      fputs ("  {\n", out);
      cuda_put_flat_strides (out, k);
      cuda_put_walk_locals (out, k);
    }
  if (p->level == 0)
    cuda_put_level0_body (out, k, p);
  else if (p->level < 3)
    cuda_put_shared_tiles_body (out, k, p);
  else
    cuda_put_level3_body (out, k, p, by_block ? NULL : edge, edges);
  if (edge)
    fputs ("  }\n", out);
  if (by_block)
    {
      fputs ("  else\n  {\n", out);
      cuda_put_locals (out, edge);
      cuda_put_level0_body (out, edge, NULL);
      fputs ("  }\n", out);
    }
  fputs ("}\n\n", out);
}

/* K by plan P: its kernel with the arrays' strides apart where GENERAL,
   and its MINT_SHARED_SUFFIX twin where P has shape classes; each also
   without its checks where a launch may find that none can fail (EDGE's,
   or K's: the body as written; stencil_checks_may_pass), and then with
   them only where CHECKED_TOO.  */
static int
emit_kernel (FILE *out, const struct kir_kernel *k, const struct level_plan *p,
             bool general, bool checked_too, const struct kir_kernel *edge,
             const struct edge_fold *edges, char *err, size_t errlen)
{
  if (k->ndims < 1 || k->nblocks < 1)
    {
      snprintf (err, errlen, "kernel %s: not finished (kir_finish)", k->name);
      return -1;
    }
  bool twin = stencil_checks_may_pass (edge ? edge : k);
  bool checked = stencil_has_checks (k);
  /* The forms without checks (the twins, or K's only form where it has
     none) run their short branches as selects.  */
  struct kir_kernel *converted = (twin || !checked) && p->level == 3
                                 ? cuda_level3_if_converted (k, p) : NULL;
  for (int unchecked = twin && !checked_too; unchecked <= twin; unchecked++)
    {
      const struct kir_kernel *body = unchecked || !checked ? converted
                                                            : NULL;
      if (general)
        put_kernel (out, k, p, NULL, unchecked, edge, edges, body);
      if (p->classes)
        put_kernel (out, k, p, p->classes, unchecked, edge, edges, body);
    }
  if (converted)
    kir_kernel_free (converted);
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
  return emit_kernel (out, k, p, true, true, NULL, NULL, err, errlen);
}

/* Variant 0 is the program's code on every architecture, and so is the
   margin fallback (plan_margin_fallback); the other candidates are
   compiled only for MINT_CANDIDATE_ARCH and newer (nvcc.c defines it as
   the newest architecture of the build; undefined, it is 0 and they are
   compiled for all), and the tuner times those that the device's image
   holds; where the kernel has forms without its checks, they have only
   those (plan_variant_unchecked_only).  */
int
cuda_emit_variants (FILE *out, const struct kir_kernel *k,
                    const struct mint_plan *p, char *err, size_t errlen)
{
  size_t len = strlen (k->name) + sizeof MINT_VARIANT_SUFFIX + 12;
  char *name = mint_xmalloc (len);
  int status = 0, first_candidate = plan_margin_fallback (p) + 1;
  const struct kir_kernel *inside = p->edges.inside ? p->edges.inside : k;
  for (int i = 0; i < p->ncandidates && status == 0; i++)
    {
      struct kir_kernel variant = *inside, edge = *k;
      snprintf (name, len, "%s%s%d", k->name, MINT_VARIANT_SUFFIX, i);
      variant.name = edge.name = name;
      tune_apply (&variant, &p->shapes[i]);
      tune_apply (&edge, &p->shapes[i]);
      if (i == first_candidate)
        fputs ("#if !defined __CUDA_ARCH__ "
               "|| __CUDA_ARCH__ >= MINT_CANDIDATE_ARCH\n", out);
      status = emit_kernel (out, &variant, &p->variants[i],
                            plan_variant_has_general (p, i),
                            !plan_variant_unchecked_only (p, i, k),
                            p->edges.inside ? &edge : NULL, &p->edges, err,
                            errlen);
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
  /* plan_kernel gave K the inside's shape.  */
  if (p->edges.inside)
    return emit_kernel (out, p->edges.inside, &p->kernel, true, true, k,
                        &p->edges, err, errlen);
  return cuda_emit_kernel (out, k, &p->kernel, err, errlen);
}
