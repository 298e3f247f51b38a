/* emit-edges.h -- the CUDA that chooses between a kernel's inside and
   its body as written (plan.h, edge-fold.h; plain C, no GCC).  */

#ifndef MINT_EMIT_EDGES_H
#define MINT_EMIT_EDGES_H

#include <stdio.h>
#include "kir-core.h"
#include "edge-fold.h"

#ifdef __cplusplus
extern "C" {
#endif

/* "const bool mint_folded = ...": every check of EDGES holds from
   mint_first_<axis> to mint_last_<axis>, the first and last values of
   each dimension's variable of K over the points that it chooses for.
   The checked values are linear in one variable, so those ends tell.  */
void cuda_put_edge_checks (FILE *out, const struct kir_kernel *k,
                           const struct edge_fold *edges);
/* mint_first_<axis> and mint_last_<axis> of the block's points.  */
void cuda_put_block_ends (FILE *out, const struct kir_kernel *k);
/* In a level-3 body whose threads walk on their own (no ring), after
   its setup (mint_t<axis> below the walk, mint_o<axis> and mint_end
   along it, dimension WALK): a thread whose points, COLUMNS[d] from
   mint_t<axis> in each dimension below the walk, do not all pass the
   checks of EDGES computes them one at a time by EDGE, the body as
   written, and returns; with a reduction, it skips the rest of the body
   instead (an else that the body closes), to meet the block's
   combination of the partial results.  */
void cuda_put_thread_edge (FILE *out, const struct kir_kernel *edge,
                           const struct edge_fold *edges, int walk,
                           const int *columns);

#ifdef __cplusplus
}
#endif

#endif /* MINT_EMIT_EDGES_H */
