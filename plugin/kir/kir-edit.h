/* kir-edit.h -- changes to a built kernel: its locals renamed or
   dropped, its private arrays turned into locals (plain C, no GCC).  */

#ifndef MINT_KIR_EDIT_H
#define MINT_KIR_EDIT_H

#include "kir-core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Calls FN on every place K names a local: a statement's destination
   (WRITE 1), operands, subscripts' variables, branch conditions, the
   dimensions' loop variables and the reductions (WRITE 0); FN may change
   the local named.  */
void kir_for_each_local (struct kir_kernel *k,
                         void (*fn) (int *local, int write, void *data),
                         void *data);
/* Sets NAMED[L] (K->nlocals entries, zeroed by the caller) for every
   local L that K names.  */
void kir_mark_named_locals (const struct kir_kernel *k, int *named);
/* Removes the locals K does not name, renumbering the others.  */
void kir_drop_unused_locals (struct kir_kernel *k);

/* Turns each private array whose every access has constant subscripts
   within its extents into locals, one per element used (the optimizer's
   levels take such a kernel).  */
void kir_scalarize_privates (struct kir_kernel *k);

#ifdef __cplusplus
}
#endif

#endif /* MINT_KIR_EDIT_H */
