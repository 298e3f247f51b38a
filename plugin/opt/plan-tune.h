/* plan-tune.h -- the launch shapes of an autotuned kernel (plain C, no
   GCC, no CUDA text).

   A kernel whose shape is mint's to choose (tile(auto), chunksize(auto),
   or no tile and chunksize clause at level 3; kir-core.h: shape_choice) is
   planned once per candidate shape and printed as NAME
   MINT_VARIANT_SUFFIX I, and the runtime keeps the fastest (mintrt.h).
   Every variant is the same Kernel IR with another tile, chunk and
   register limit, and with or without loads into the copies' margins
   (mintrt.h, MINT_VARIANT_MARGIN), so all compute the same function.  */

#ifndef MINT_PLAN_TUNE_H
#define MINT_PLAN_TUNE_H

#include "kir-core.h"
#include "stencil.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TUNE_MAX_VARIANTS 8

/* One candidate: what distinguishes the variants.  */
struct tune_shape
{
  int tile[KIR_MAX_DIMS];       /* x, y, z; 1 beyond ndims */
  int chunk[KIR_MAX_DIMS];
  int max_registers;            /* kir_kernel.max_registers; 0: the cost
                                   model's limit */
  int clamp_rows;               /* kir_kernel.clamp_rows */
  int unroll_whole;             /* kir_kernel.unroll_whole */
  int stage_planes;             /* kir_kernel.stage_planes */
  int margin_reads;             /* kir_kernel.margin_reads */
};

/* The candidate shapes of K (finished by kir_finish; INFO its analysis)
   for its opt_level, the compile-time choice first; at most
   TUNE_MAX_VARIANTS, at least one.  Returns how many.  */
int tune_candidates (const struct kir_kernel *k,
                     const struct stencil_info *info, struct tune_shape *out);

/* Whether dimension D of K has a constant extent shorter than a warp
   (the components of a particle, the colours of a pixel), which every
   candidate gives one thread a point where D is below the outermost.  */
int tune_narrow_dim (const struct kir_kernel *k, int d);

/* Gives K the launch shape and register limit of S.  */
void tune_apply (struct kir_kernel *k, const struct tune_shape *s);
/* K's launch shape and register limit, into S: tune_apply's inverse.  */
void tune_shape_of (const struct kir_kernel *k, struct tune_shape *s);

#ifdef __cplusplus
}
#endif

#endif /* MINT_PLAN_TUNE_H */
