/* emit-kernel.h -- the CUDA of a planned kernel (plain C, no GCC): each
   kernel by the printer of its plan's level.  */
#ifndef MINT_EMIT_KERNEL_H
#define MINT_EMIT_KERNEL_H

#include <stdio.h>
#include <stddef.h>
#include "kir.h"
#include "plan-level.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One extern "C" __global__ function named K->name, by plan P of K at
   its launch shape, with the parameter list mintrt.h describes; where P
   has arrays share strides (P->classes), also the variant K->name
   MINT_SHARED_SUFFIX.  Returns 0, or -1 with a message in ERR when the
   kernel cannot be expressed.  */
int cuda_emit_planned_kernel (FILE *out, const struct kir_kernel *k,
                              const struct level_plan *p, char *err,
                              size_t errlen);

/* Until the callers hold a plan: the plan of K at its launch shape,
   emitted (CLASSES, K->narrays + 1 chars, receives its shape classes, ""
   where there is no twin), described (WHY, returning the level), or its
   register block (cuda_level3_block, 0 when K is not at level 3).  */
int cuda_emit_kernel (const struct kir_kernel *k, FILE *out, char *classes,
                      char *err, size_t errlen);
int cuda_emit_strategy (const struct kir_kernel *k, char *buf, size_t len);
int cuda_level3_block (const struct kir_kernel *k, int *rb);

#ifdef __cplusplus
}
#endif

#endif /* MINT_EMIT_KERNEL_H */
