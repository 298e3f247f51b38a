/* reduction.h -- whether a kernel's body updates its reduction variable
   as the clause's operator does.

   On the GPU each point starts the reduction variable at the operator's
   identity and the points' results are combined; the plain program runs
   the points in order on one variable.  The two agree (up to rounding)
   only where every point's effect is VAR = VAR OP EXPR, with EXPR
   independent of VAR: an update (`s += e', `s = s * e',
   `m = fmax (m, e)', `if (e > m) m = e;', `m = e > m ? e : m').  A body
   that reads the partial value otherwise (stores it, branches on it,
   updates with another operator, rounds an integer sum in floating point)
   gets another answer on the GPU.  A min or max may also be set to a
   constant: kir_check_reduction.  */

#ifndef MINT_REDUCTION_H
#define MINT_REDUCTION_H

#include "kir-core.h"

#ifdef __cplusplus
extern "C" {
#endif

enum kir_reduction_fault_kind
{
  KIR_REDUCTION_READ,           /* the partial value used other than to
                                   update the variable */
  KIR_REDUCTION_OPERATOR,       /* updated with another operator */
  KIR_REDUCTION_ROUNDED,        /* an integer variable updated in
                                   floating point */
  KIR_REDUCTION_VALUE,          /* assigned a value that is not an update */
  KIR_REDUCTION_WRAPPED,        /* the partial value, or the value of a
                                   min or max, converted to an integer type
                                   that does not hold all its values */
  KIR_REDUCTION_CONSTANTS,      /* a min or max set to two constants */
  KIR_REDUCTION_RESET,          /* set to a constant, and updated */
  KIR_REDUCTION_IDENTITY        /* set to the operator's identity, or NaN */
};

struct kir_reduction_fault
{
  enum kir_reduction_fault_kind kind;
  int block;
  int stmt;                     /* -1: the block's branch condition */
  /* CONSTANTS: the statement that sets the other constant; RESET: the
     update (-1 for the others).  */
  int other_block, other_stmt;
};

/* Whether reduction R of K (after kir_finish) is updated only as its
   operator allows: 0, or -1 with the first statement that does not in
   FAULT.  *STORES_FLAG: whether the variable is a flag, a min or max
   that the body only sets to one constant K other than the type's
   greatest (least) value; the program then ends with K where a point
   set it, whatever the variable held before, so the GPU stores K rather
   than combining it (kir_reduction).  */
int kir_check_reduction (const struct kir_kernel *k, int r,
                         struct kir_reduction_fault *fault,
                         bool *stores_flag);

#ifdef __cplusplus
}
#endif

#endif /* MINT_REDUCTION_H */
