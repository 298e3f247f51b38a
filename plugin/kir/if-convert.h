/* if-convert.h -- a body's short branches turned into selects (plain C,
   no GCC).

   `if (inside) v = star;' or `if (edge) u = centre; else u = star;'
   becomes both arms run at every point and `v = inside ? star' : v':
   where the arms' loads come from registers (a walk's cells), nvcc then
   has no branch to move them into, after the test, where they wait
   alone (bench/results/optimizer-notes.md, round 68).  */

#ifndef MINT_IF_CONVERT_H
#define MINT_IF_CONVERT_H

#include <stdbool.h>
#include "kir-core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Whether the load S may run at every point, whatever its conditions.  */
typedef bool (*kir_speculable_fn) (const struct kir_kernel *k,
                                   const struct kir_stmt *s, void *data);

/* Turns into selects each branch of K whose arms, of MAX_STMTS
   statements in all or fewer, store nothing, call nothing without a
   value, read no private array and load only what SPECULABLE accepts;
   an arm of a few statements that other blocks go to too is first
   copied for the branch.  Block 0's statements stay as they are (the
   walk's plans index them).  Returns how many branches it turned.  */
int kir_if_convert (struct kir_kernel *k, kir_speculable_fn speculable,
                    void *data, int max_stmts);

#ifdef __cplusplus
}
#endif

#endif /* MINT_IF_CONVERT_H */
