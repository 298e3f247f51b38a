/* emit-temporal.h -- level 4: the variants of a kernel that run several
   time steps per launch (plain C, no GCC).  */
#ifndef MINT_EMIT_TEMPORAL_H
#define MINT_EMIT_TEMPORAL_H

#include <stdio.h>
#include <stddef.h>
#include "kir.h"
#include "plan-temporal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* K's variants by level-4 plan P (mintrt.h: MINT_TEMPORAL_SUFFIX, and
   MINT_CLOSING_SUFFIX where P closes), each in both forms
   (MINT_CHUNKED_SUFFIX) with its second kernel; nothing where P has no
   variant.  */
void cuda_put_level4 (FILE *out, const struct kir_kernel *k,
                      const struct level4_plan *p);

/* Until the callers hold a plan: K's level-4 plan, its variants emitted
   into OUT (if not NULL), INFO filled and 1 returned; or 0 with
   INFO->steps 0.  WHY receives the plan's sentence either way.  */
int cuda_emit_temporal (const struct kir_kernel *k, FILE *out,
                        struct temporal_launch *info, char *why,
                        size_t whylen);

#ifdef __cplusplus
}
#endif

#endif /* MINT_EMIT_TEMPORAL_H */
