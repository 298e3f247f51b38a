/* plan.h -- the plan of a kernel (plain C, no GCC, no CUDA text).

   The analyses of a Kernel IR kernel and the optimizer's decisions for
   it, computed once, from the IR: the stencil analysis, the launch shape
   where mint chooses it, the level and why with what it keeps on chip
   (plan-level.h, plan-level3.h) at the kernel's shape and at every
   variant's the autotuner times (plan-tune.h), and level 4's variants
   (plan-temporal.h).  The printers (emit-kernel.h) print a kernel from
   (IR, plan) and decide nothing; -fplugin-arg-mint-verbose prints the
   plan's sentences.  */

#ifndef MINT_PLAN_H
#define MINT_PLAN_H

#include <stdbool.h>
#include "kir-core.h"
#include "stencil.h"
#include "plan-level.h"
#include "plan-temporal.h"
#include "plan-tune.h"
#include "edge-fold.h"

#ifdef __cplusplus
extern "C" {
#endif

struct mint_plan
{
  struct stencil_info info;     /* the analysis of the kernel's accesses */
  /* The largest low-x halo over the kernel's arrays (stencil_halo_x):
     the alignment of the region's copies (mint_copy_to_device).  */
  int halo_x;
  char *classes;                /* plan_shape_classes */
  struct level_plan kernel;     /* at the kernel's launch shape */
  /* Where mint chooses the shape (KIR_SHAPE_CHOSEN, KIR_SHAPE_TUNED):
     the candidates, the first the kernel's; where the clauses give it,
     its two variants with and without loads into the copies' margins
     (choose_given_shape), or 0.  */
  int ncandidates;
  struct tune_shape shapes[TUNE_MAX_VARIANTS];
  /* Where the runtime chooses (KIR_SHAPE_TUNED, a given shape's two
     variants): each candidate's plan; else none.  */
  bool tuned;
  struct level_plan variants[TUNE_MAX_VARIANTS];
  struct level4_plan temporal;  /* at level 4; else no variant */
  /* Where the kernel reaches level 3 only in the blocks away from the
     domain's edges (edge-fold.h): its inside, which the plans above are
     of, and the checks that choose it in a block; else none.  */
  struct edge_fold edges;
};

/* The plugin's plan of an extracted kernel K (kir_finish'ed): first its
   launch shape where mint chooses it, given to K (the first candidate;
   or, for a shape the clauses give, CHUNK_GIVEN where they give a
   chunksize, the walk of levels 2 and 3 and level 3's register block:
   choose_march_shape, as two variants where the walk loads into the
   copies' margins: choose_given_shape), then the plan.  Where K asks for
   level 3 and gets a lower level, but its inside (edge-fold.h) gets
   level 3, the plan is the inside's, its shape given to K.  */
struct mint_plan *plan_kernel (struct kir_kernel *k, bool chunk_given);
/* The plan of K at the launch shape it has.  */
struct mint_plan *plan_kernel_shaped (const struct kir_kernel *k);
void plan_free (struct mint_plan *p);

/* How many variants the runtime times: P's candidates where it chooses
   among more than one, else 0.  */
int plan_variant_count (const struct mint_plan *p);
/* Whether variant I of P is printed as NAME_vI, its arrays' strides
   apart, beside its MINT_SHARED_SUFFIX twin: variant 0 and the margin
   fallback always, the others only where they have no twin (else
   MINT_VARIANT_SHARED_ONLY).  */
bool plan_variant_has_general (const struct mint_plan *p, int i);
/* Whether variant I of the plan P of K (the body as written) exists
   only without its checks (mintrt.h, MINT_VARIANT_UNCHECKED_ONLY): a
   candidate after the margin fallback where K has a form without them
   (stencil_checks_may_pass).  A launch that needs the checks runs
   variant 0: their branches took nvcc most of the time of such a
   kernel's compile (bench/results/optimizer-notes.md, round 82).  */
bool plan_variant_unchecked_only (const struct mint_plan *p, int i,
                                  const struct kir_kernel *k);
/* Where variant 0 of P loads into the copies' margins (mintrt.h,
   MINT_VARIANT_MARGIN), the variant that loads only what the program
   reads, which the image holds on every architecture as it does variant
   0 (plan-tune.h puts it second); else 0.  */
int plan_margin_fallback (const struct mint_plan *p);
/* The shape classes of the kernel's descriptor (mintrt.h): P->classes
   where a kernel printed by the plan has a MINT_SHARED_SUFFIX twin, else
   "".  */
const char *plan_descriptor_classes (const struct mint_plan *p);

#ifdef __cplusplus
}
#endif

#endif /* MINT_PLAN_H */
