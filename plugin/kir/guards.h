/* guards.h -- what the body's conditions say of the parallel loop
   variables where each block of a Kernel IR kernel runs (plain C, no
   GCC).

   A block under `if (z > 1)' runs only at points with z >= 2; one in
   the else branch of `if (x == 0 || x == nx - 1)' only where x is
   neither 0 nor nx - 1.  The footprint (stencil.h) carries these
   bounds with the accesses they guard, so that a launch can tell where
   an access under a condition stays in its array's copy.  */

#ifndef MINT_GUARDS_H
#define MINT_GUARDS_H

#include <stdbool.h>
#include "kir-core.h"
#include "poly.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A bound on a parallel loop variable: it is at least (GUARD_AT_LEAST),
   at most (GUARD_AT_MOST) or not (GUARD_NOT) VALUE, plus integer scalar
   SCALAR's value where SCALAR >= 0, that sum taken modulo 2^WRAP where
   WRAP is not 0 (the program computes it in unsigned arithmetic of WRAP
   bits: `x < n - 1' with n unsigned).  */
enum guard_op { GUARD_AT_LEAST, GUARD_AT_MOST, GUARD_NOT };

struct guard_bound
{
  enum guard_op op;
  int scalar;
  int wrap;
  long long value;
};

/* The bounds that hold on one loop variable at every point that runs a
   block (a conjunction).  */
#define GUARD_MAX_BOUNDS 4
struct guard_set
{
  int n;
  struct guard_bound bound[GUARD_MAX_BOUNDS];
};

/* Per block of K: the bounds on each parallel dimension's variable
   (dim[0]: x) at every point that runs it.  */
struct block_guards
{
  bool reached;
  struct guard_set dim[KIR_MAX_DIMS];
};

/* The guards of the blocks of X's kernel (its nblocks entries,
   malloc'ed), its locals' definitions read from X.  */
struct block_guards *guards_analyze (const struct expander *x);

/* Whether A and B are the same bounds.  */
bool guard_set_equal (const struct guard_set *a, const struct guard_set *b);

#ifdef __cplusplus
}
#endif

#endif /* MINT_GUARDS_H */
