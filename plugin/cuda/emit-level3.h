/* emit-level3.h -- the body of a level-3 kernel, which keeps arrays in
   registers (plain C, no GCC).  */
#ifndef MINT_EMIT_LEVEL3_H
#define MINT_EMIT_LEVEL3_H

#include <stdio.h>
#include "kir-core.h"
#include "plan-level.h"
#include "edge-fold.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The body of K after its head, from level-3 plan P and its cells.
   Where EDGE (or NULL), K is the inside of EDGES (plan.h): a thread
   whose points do not all pass its checks computes them by EDGE, the
   body as written (emit-edges.h); P walks no ring.  */
void cuda_put_level3_body (FILE *out, const struct kir_kernel *k,
                           const struct level_plan *p,
                           const struct kir_kernel *edge,
                           const struct edge_fold *edges);

/* K for the unchecked kernel of level-3 plan P: its short branches
   turned into selects (if-convert.h), whose loads the walk makes from
   registers or shared memory; NULL where none turns or P's walk has
   plane sums.  The checked kernel keeps the branches: its checks must
   not test what a point does not read.  */
struct kir_kernel *cuda_level3_if_converted (const struct kir_kernel *k,
                                             const struct level_plan *p);

#ifdef __cplusplus
}
#endif

#endif /* MINT_EMIT_LEVEL3_H */
