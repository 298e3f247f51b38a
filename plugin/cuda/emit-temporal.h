/* emit-temporal.h -- level 4: the variants of a kernel that run several
   time steps per launch (plain C, no GCC).  */
#ifndef MINT_EMIT_TEMPORAL_H
#define MINT_EMIT_TEMPORAL_H

#include <stdbool.h>
#include <stdio.h>
#include <stddef.h>
#include "kir-core.h"
#include "plan-temporal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Whether the variants of level-4 plan P come also in the form of a
   constant chunk, not only chunked (MINT_CHUNKED_SUFFIX): in 3-D.  */
bool cuda_level4_constant_chunk (const struct level4_plan *p);

/* K's variants by level-4 plan P (mintrt.h: MINT_TEMPORAL_SUFFIX, and
   MINT_CLOSING_SUFFIX where P closes), each chunked
   (MINT_CHUNKED_SUFFIX) and, where cuda_level4_constant_chunk, not,
   with its second kernel; nothing where P has no variant.  */
void cuda_put_level4 (FILE *out, const struct kir_kernel *k,
                      const struct level4_plan *p);

#ifdef __cplusplus
}
#endif

#endif /* MINT_EMIT_TEMPORAL_H */
