/* unroll.h -- loops of a kernel's body with a constant trip count,
   unrolled (plain C, no GCC).

   A loop of the body such as for (int k = 1; k <= 4; k++) s += c[k] *
   (u[y][x - k] + u[y][x + k]), or the two loops over dy and dx of a
   neighbourhood, whose variable starts at a constant, steps by a
   constant and is compared with a constant in the loop's header, becomes
   one copy of its blocks per iteration with the variable replaced by its
   value: the subscripts become the loop variables plus constants that
   the optimizer tiles (stencil.h); an integer a block computes from
   constants alone replaces its local in the block's subscripts (int off
   = k - 2), and a condition on such values becomes a jump (if (dy ||
   dx)).  Only loops whose variable the body does not read after them
   (another loop may set it again), entered only from before the header,
   of at most UNROLL_MAX_TRIPS iterations and UNROLL_MAX_STATEMENTS
   statements unrolled, inner loops first.  The blocks are then renumbered in
   reverse postorder, the loops' originals dropped.  Then the copies that
   follow one another become one straight block, the values computed
   from constants alone in it (a weight of the iteration, (0.999 + 0.0001
   * (5 * dy + dx)) / 25) replace their locals, computed as the host
   computes them in the value's type, and the assignments whose value
   nothing reads (the loops' variables) are dropped: the body is then
   what it is when written out term by term.  */

#ifndef MINT_UNROLL_H
#define MINT_UNROLL_H

#include "kir-core.h"

#ifdef __cplusplus
extern "C" {
#endif

#define UNROLL_MAX_TRIPS 16
#define UNROLL_MAX_STATEMENTS 2048

/* Unrolls K's loops that it can (after kir_finish).  Returns how many.  */
int kir_unroll_constant_loops (struct kir_kernel *k);

#ifdef __cplusplus
}
#endif

#endif /* MINT_UNROLL_H */
