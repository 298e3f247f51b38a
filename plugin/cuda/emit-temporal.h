/* emit-temporal.h -- level 4: the variants of a kernel that run several
   time steps per launch (plain C, no GCC).  */
#ifndef MINT_EMIT_TEMPORAL_H
#define MINT_EMIT_TEMPORAL_H

#include <stdio.h>
#include <stddef.h>
#include "kir-core.h"
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

#ifdef __cplusplus
}
#endif

#endif /* MINT_EMIT_TEMPORAL_H */
