/* emit-stencil.h -- the body of a kernel at levels 1 and 2, which keep
   arrays in shared memory (plain C, no GCC).  */
#ifndef MINT_EMIT_STENCIL_H
#define MINT_EMIT_STENCIL_H

#include <stdio.h>
#include "kir-core.h"
#include "plan-level.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The body of K after its head, at level P->level (1 or 2) of plan P.  */
void cuda_put_shared_tiles_body (FILE *out, const struct kir_kernel *k,
                                 const struct level_plan *p);

#ifdef __cplusplus
}
#endif

#endif /* MINT_EMIT_STENCIL_H */
