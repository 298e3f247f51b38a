/* emit-kernel.c -- the CUDA of a planned kernel (emit-kernel.h).  */

#include "emit-kernel.h"
#include "emit-cuda.h"
#include "emit-stencil.h"
#include "emit-level3.h"
#include "emit-temporal.h"
#include "xalloc.h"

#include <stdlib.h>
#include <string.h>

/* The value of check C at the block's first or last point in its
   dimension (END "first" or "last"), in 64-bit signed arithmetic.  */
static void
put_check_value (FILE *out, const struct kir_kernel *k,
                 const struct edge_check *c, const char *end)
{
  fprintf (out, "(%lldLL * mint_%s_%c + ", c->coeff, end, "xyz"[c->dim]);
  cuda_put_affine (out, k, &c->rest);
  fputc (')', out);
}

static const char *const comparison[] = { "<", "<=", ">", ">=" };

/* Check C at END (put_check_value).  */
static void
put_check_at (FILE *out, const struct kir_kernel *k,
              const struct edge_check *c, const char *end)
{
  switch (c->kind)
    {
    case EDGE_NONZERO:
      put_check_value (out, k, c, end);
      fputs (" > 0", out);
      break;
    case EDGE_SAME:
      fputs (c->value ? "(" : "!(", out);
      put_check_value (out, k, c, end);
      fprintf (out, " %s 0)", comparison[c->op - KIR_LT]);
      break;
    case EDGE_QUOTIENT:
      put_check_value (out, k, c, end);
      fprintf (out, " >= %lldLL * ", c->quotient);
      cuda_put_affine (out, k, &c->divisor);
      fputs (" && ", out);
      put_check_value (out, k, c, end);
      fprintf (out, " < %lldLL * ", c->quotient + 1);
      cuda_put_affine (out, k, &c->divisor);
      break;
    }
}

/* "const bool mint_folded = ...": every check of EDGES holds at every
   point of the block of K.  The values are linear in the variable, so
   its first and last point tell.  */
static void
put_edge_checks (FILE *out, const struct kir_kernel *k,
                 const struct edge_fold *edges)
{
  for (int d = 0; d < k->ndims; d++)
    {
      char a = "xyz"[d];
      const char *block = cuda_block_index (k, d);
      fprintf (out, "  const long long mint_first_%c = mint_lo_%c + "
               "(long long) %s * %d * %lldLL;\n"
               "  const long long mint_last_%c = mint_lo_%c + (mint_min "
               "((long long) %s * %d + %d, mint_n_%c) - 1) * %lldLL;\n",
               a, a, block, k->tile[d], k->dims[d].step, a, a, block,
               k->tile[d], k->tile[d], a, k->dims[d].step);
    }
  fputs ("  const bool mint_folded = true", out);
  for (int i = 0; i < edges->nchecks; i++)
    {
      const struct edge_check *c = &edges->checks[i];
      fputs ("\n    && ", out);
      if (c->kind == EDGE_QUOTIENT)
        {
          fputs ("0 < ", out);
          cuda_put_affine (out, k, &c->divisor);
          fputs (" && ", out);
        }
      if (c->kind == EDGE_NONZERO)
        {
          fputs ("((", out);
          put_check_at (out, k, c, "first");
          fputs (" && ", out);
          put_check_at (out, k, c, "last");
          fputs (") || (", out);
          put_check_value (out, k, c, "first");
          fputs (" < 0 && ", out);
          put_check_value (out, k, c, "last");
          fputs (" < 0))", out);
          continue;
        }
      put_check_at (out, k, c, "first");
      fputs (" && ", out);
      put_check_at (out, k, c, "last");
    }
  fputs (";\n", out);
}

/* K by plan P, its arrays sharing strides by CLASSES (or not: NULL).
   Where EDGE (or NULL), K is the inside of EDGES (plan.h) and EDGE the
   body as written at K's shape, whose parameters the kernel has (the
   descriptor's): where P is level 3, the blocks that pass the checks run
   K by P, the others EDGE at level 0; where P is lower, every block runs
   EDGE at level 0.  */
static void
put_kernel (FILE *out, const struct kir_kernel *k, const struct level_plan *p,
            const char *classes, const struct kir_kernel *edge,
            const struct edge_fold *edges)
{
  cuda_put_kernel_head (out, edge ? edge : k, p->level, p->threads,
                        p->min_blocks,
                        k->opt_level > 0 ? p->description : NULL, classes,
                        NULL);
  cuda_put_block_rows (out, k);
  if (edge && p->level < 3)
    {
      cuda_put_level0_body (out, edge, NULL);
      fputs ("}\n\n", out);
      return;
    }
  if (edge)
    {
      put_edge_checks (out, k, edges);
      fputs ("  if (mint_folded)\n  {\n", out);
      cuda_put_flat_strides (out, k);
      cuda_put_locals (out, k);
    }
  if (p->level == 0)
    cuda_put_level0_body (out, k, p);
  else if (p->level < 3)
    cuda_put_shared_tiles_body (out, k, p);
  else
    cuda_put_level3_body (out, k, p);
  if (edge)
    {
      fputs ("  }\n  else\n  {\n", out);
      cuda_put_level0_body (out, edge, NULL);
      fputs ("  }\n", out);
    }
  fputs ("}\n\n", out);
}

/* K by plan P: its kernel with the arrays' strides apart where GENERAL,
   and its MINT_SHARED_SUFFIX twin where P has shape classes.  */
static int
emit_kernel (FILE *out, const struct kir_kernel *k, const struct level_plan *p,
             bool general, const struct kir_kernel *edge,
             const struct edge_fold *edges, char *err, size_t errlen)
{
  if (k->ndims < 1 || k->nblocks < 1)
    {
      snprintf (err, errlen, "kernel %s: not finished (kir_finish)", k->name);
      return -1;
    }
  if (general)
    put_kernel (out, k, p, NULL, edge, edges);
  if (p->classes)
    put_kernel (out, k, p, p->classes, edge, edges);
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
  return emit_kernel (out, k, p, true, NULL, NULL, err, errlen);
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
  if (p->edges.inside)
    {
      struct kir_kernel inside = *p->edges.inside;
      struct tune_shape shape;
      tune_shape_of (k, &shape);
      tune_apply (&inside, &shape);
      return emit_kernel (out, &inside, &p->kernel, true, k, &p->edges, err,
                          errlen);
    }
  return cuda_emit_kernel (out, k, &p->kernel, err, errlen);
}
