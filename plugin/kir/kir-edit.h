/* kir-edit.h -- changes to a built kernel: its locals added, renamed or
   dropped, statements inserted, the stores of the arms of a branch
   joined, its private arrays turned into locals (plain C, no GCC).  */

#ifndef MINT_KIR_EDIT_H
#define MINT_KIR_EDIT_H

#include <stdbool.h>
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
/* Renames each local L that statement S reads (an operand or a
   subscript's variable) to MAP[L], where L < NMAP and MAP[L] >= 0.  */
void kir_stmt_rename_reads (struct kir_stmt *s, const int *map, int nmap);
/* Sets NAMED[L] (K->nlocals entries, zeroed by the caller) for every
   local L that K names.  */
void kir_mark_named_locals (const struct kir_kernel *k, int *named);
/* Removes the locals K does not name, renumbering the others.  */
void kir_drop_unused_locals (struct kir_kernel *k);
/* Removes the assignments whose values nothing reads, until there are
   none, and then their locals (kir_drop_unused_locals): nvcc would warn
   of them.  */
void kir_drop_dead_assignments (struct kir_kernel *k);

/* F with each term of local FROM made a term of local TO (none where TO
   is negative) and that term's coefficient times OFFSET added to its
   constant: FROM replaced by TO + OFFSET.  */
void kir_affine_replace_local (struct kir_affine *f, int from, int to,
                               long long offset);
/* Whether A and B name one element: the same array and subscripts.  */
bool kir_same_element (const struct kir_access *a, const struct kir_access *b);
/* A new local of TYPE named PREFIX and a number, unique in K.  */
int kir_new_local (struct kir_kernel *k, const char *prefix,
                   enum kir_type type);
/* A new private array of ELEM, RANK and EXTENT named PREFIX and a
   number, unique in K.  */
int kir_new_private (struct kir_kernel *k, const char *prefix,
                     enum kir_type elem, int rank, const int *extent);
/* Makes S `dst = (type of dst) value', keeping its place in the source.  */
void kir_set_copy (const struct kir_kernel *k, struct kir_stmt *s, int dst,
                   struct kir_operand value);
/* A statement of KIND, otherwise zero, inserted at position POS of
   BLOCK.  */
struct kir_stmt *kir_insert (struct kir_kernel *k, int block, int pos,
                             enum kir_stmt_kind kind);

/* Where every block that goes to block J, two or more, goes there by its
   goto after a store of one element of an array (the same subscripts in
   each): that store at the start of J instead, of a local that each of
   those blocks sets (`if (edge) b[y][x] = a[y][x]; else b[y][x] = star'
   stores b once a point; level 3 then stores it after the thread's
   points, 16 bytes at a time).  Returns the stores moved into a block.  */
int kir_sink_stores (struct kir_kernel *k);

/* Removes the blocks that block 0 does not reach, keeping the others'
   order; whether there were any.  */
bool kir_drop_unreachable_blocks (struct kir_kernel *k);

/* Turns each private array whose every access has constant subscripts
   within its extents into locals, one per element used (the optimizer's
   levels take such a kernel).  */
void kir_scalarize_privates (struct kir_kernel *k);

#ifdef __cplusplus
}
#endif

#endif /* MINT_KIR_EDIT_H */
