/* emit-kernel.h -- the CUDA of a planned kernel (plain C, no GCC): each
   kernel by the printer of its plan's level (emit-cuda.h for level 0,
   emit-stencil.h for levels 1 and 2, emit-level3.h, emit-temporal.h for
   level 4's variants).  */
#ifndef MINT_EMIT_KERNEL_H
#define MINT_EMIT_KERNEL_H

#include <stdio.h>
#include <stddef.h>
#include "kir-core.h"
#include "plan.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One extern "C" __global__ function named K->name, by plan P of K at
   its launch shape, with the parameter list mintrt.h describes; where P
   has arrays share strides (P->classes), also the variant K->name
   MINT_SHARED_SUFFIX.  Returns 0, or -1 with a message in ERR when the
   kernel cannot be expressed.  */
int cuda_emit_kernel (FILE *out, const struct kir_kernel *k,
                      const struct level_plan *p, char *err, size_t errlen);

/* Every candidate I of plan P (P->ncandidates of them, planned where the
   runtime chooses the shape) as K->name MINT_VARIANT_SUFFIX I, by
   cuda_emit_kernel.  Returns 0, or -1 with ERR.  */
int cuda_emit_variants (FILE *out, const struct kir_kernel *k,
                        const struct mint_plan *p, char *err, size_t errlen);

/* All the device code of K by its plan P, as its descriptor describes
   it: level 4's variants, then the variants the runtime times
   (plan_variant_count), or else K.  Returns 0, or -1 with ERR.  */
int cuda_emit_kernel_code (FILE *out, const struct kir_kernel *k,
                           const struct mint_plan *p, char *err,
                           size_t errlen);

#ifdef __cplusplus
}
#endif

#endif /* MINT_EMIT_KERNEL_H */
