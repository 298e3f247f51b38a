/* walk-invariants.h -- the body's costly statements that a level-3
   walk computes alike at every step, computed once before the walk
   instead (walk-invariants.c; plain C, no GCC).  */

#ifndef MINT_WALK_INVARIANTS_H
#define MINT_WALK_INVARIANTS_H

#include <stdbool.h>
#include "kir-core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What a statement of block 0 is to the walk (walk_invariants).  */
enum walk_role
{
  WALK_EACH_STEP,               /* computed at every step */
  WALK_HOISTED,                 /* computed before the walk, copied at
                                   each step */
  WALK_PROLOGUE                 /* also computed before the walk: a
                                   hoisted statement needs its value */
};

/* The role of each statement of K's block 0 for a walk along dimension
   M, into ROLE (block 0's length), and how many are WALK_HOISTED: a call
   of a math function or a floating-point division whose operands are
   constants, scalars, the variables of the other dimensions and locals
   that such statements set, every local among them set once in the
   body (exp (-x * h) in a walk along z).  */
int walk_invariants (const struct kir_kernel *k, int m,
                     unsigned char *role);

/* The most 4-byte words of tables a walk reads once before it.  */
#define WALK_TABLE_WORDS 96
/* A cell that the kernel checks is a table's only among the first this
   many (the bits of its reads, emit-level3.c).  */
#define WALK_TABLE_CHECKED 64

/* A table's cell: an element of an array K does not write, read at
   constant subscripts (a weight w[dy + 1][dx + 1] once the loops over dy
   and dx are unrolled), the same at every point, so that a thread reads
   it once before its walk, not at each step.  Where the kernel checks
   the access (stencil_access_checked: it is under a condition), the cell
   may lie outside the array's copy where no point reads it, and the read
   before the walk must not fault.  */
struct walk_table
{
  struct kir_access access;
  bool checked;
};

/* The cells of tables the body reads, each once, at most
   WALK_TABLE_WORDS words, into TABLES (room for WALK_TABLE_WORDS), in
   the order of the body's blocks; returns how many.  */
int walk_table_loads (const struct kir_kernel *k, struct walk_table *tables);
/* Which of the N TABLES (walk_table_loads) ACC reads, or -1.  */
int walk_table_of (const struct walk_table *tables, int n,
                   const struct kir_access *acc);

#ifdef __cplusplus
}
#endif

#endif /* MINT_WALK_INVARIANTS_H */
