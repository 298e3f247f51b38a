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
   gets another answer on the GPU.  */

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
  KIR_REDUCTION_WRAPPED         /* the partial value, or the value of a
                                   min or max, converted to an integer type
                                   that does not hold all its values */
};

struct kir_reduction_fault
{
  enum kir_reduction_fault_kind kind;
  int block;
  int stmt;                     /* -1: the block's branch condition */
};

/* Whether reduction R of K (after kir_finish) is updated only as its
   operator allows: 0, or -1 with the first statement that does not in
   FAULT.  */
int kir_check_reduction (const struct kir_kernel *k, int r,
                         struct kir_reduction_fault *fault);

#ifdef __cplusplus
}
#endif

#endif /* MINT_REDUCTION_H */
