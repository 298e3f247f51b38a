/* edge-fold.h -- a kernel's conditions on its loop variables folded for
   the blocks away from the domain's edges (plain C, no GCC).

   A periodic domain wraps its neighbours' subscripts in the body
   (x == 0 ? n - 1 : x - 1, or (x + n - 1) % n), so they are no loop
   variable plus a constant and the kernel runs at level 0.  In a block
   whose points all lie between the wraps, every such condition has one
   value and every such remainder one quotient: there the body is the
   stencil x - 1, x + 1.  edge_fold_kernel makes that body (the kernel
   inside), and the checks that tell, at a block's first and last point
   in each dimension, whether the block is one of those; the printed
   kernel runs the inside at level 3 in those blocks and the body as
   written in the others (plan.h, emit-kernel.c).  Walls whose
   neighbours clamp to them or reflect (max (x - 1, 0), min (x + 1, n -
   1), abs (x - 1)) fold alike: in the interior each such minimum,
   maximum or absolute value is one of its operands.  Values followed
   modulo 2^32 (32-bit unsigned arithmetic) and the conversions that
   could change a value (to int, or of a 32-bit unsigned value) fold with
   range checks (EDGE_RANGE) that they are their exact values.  */

#ifndef MINT_EDGE_FOLD_H
#define MINT_EDGE_FOLD_H

#include <stdbool.h>
#include "kir-core.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EDGE_MAX_CHECKS 64

enum edge_check_kind
{
  EDGE_NONZERO,                 /* v != 0 at every point of the block */
  EDGE_SAME,                    /* (v OP 0) == VALUE at every point */
  EDGE_QUOTIENT,                /* 0 < divisor, quotient * divisor <= v
                                   < (quotient + 1) * divisor */
  EDGE_RANGE                    /* lo <= v <= hi at every point: a value
                                   followed modulo 2^32 or 2^64 that the
                                   body reads or converts is its exact
                                   value (coeff 0 where v has no loop
                                   variable) */
};

/* A value v = coeff * (dimension DIM's variable) + rest that a condition
   or a remainder of the body reads, and what the inside assumes of it.
   REST and DIVISOR are sums of the kernel's scalars and a constant.  */
struct edge_check
{
  enum edge_check_kind kind;
  int dim;
  long long coeff;
  struct kir_affine rest;
  enum kir_opcode op;           /* EDGE_SAME: KIR_LT, KIR_LE, KIR_GT or
                                   KIR_GE */
  int value;                    /* EDGE_SAME */
  struct kir_affine divisor;    /* EDGE_QUOTIENT */
  long long quotient;
  long long lo, hi;             /* EDGE_RANGE */
  int line;
};

struct edge_fold
{
  int nchecks;
  struct edge_check checks[EDGE_MAX_CHECKS];
  /* K with the conditions and remainders of the checks folded, its dead
     code and unreachable blocks gone, the locals that became a loop
     variable plus a constant substituted in its subscripts, its flat
     arrays delinearized (delinearize.h) where that now applies; the
     same scalars and arrays as K, its own locals.  */
  struct kir_kernel *inside;
};

/* Folds K's conditions, remainders, minimums, maximums and absolute
   values on its parallel loop variables into F.  Returns false, F empty,
   where there are none to fold or K has private arrays.  */
bool edge_fold_kernel (const struct kir_kernel *k, struct edge_fold *f);
void edge_fold_free (struct edge_fold *f);

#ifdef __cplusplus
}
#endif

#endif /* MINT_EDGE_FOLD_H */
