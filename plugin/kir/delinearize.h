/* delinearize.h -- flat arrays read as grids (plain C, no GCC).

   A one-dimensional array that a 2-D or 3-D nest indexes with a
   linearized subscript, u[(z*ny + y)*nx + x] as index macros write it,
   becomes an array of the nest's rank with the strides of its subscripts
   (kir-core.h): u[z + c][y + b][x + a] with rows of nx and planes of nx*ny
   elements, where every access of the array expands (poly.h) to the same
   coefficients of the loop variables (1 for x, polynomials over the
   scalars for y and z) and a rest that is a small multiple of each
   (|a|, |b|, |c| <= DELINEARIZE_MAX_OFFSET) plus nothing else.  The
   element each access reaches is the same, since its address is the same
   sum; the optimizer then sees the stencil's offsets (stencil.h).  The
   index arithmetic that no other statement reads goes.

   In a nest of one or two dimensions, an array whose rows a loop of the
   body walks, u[(z*ny + y)*nx + x] with x that loop's variable (any
   local the body changes, added once), becomes u[z + c][y + b][x + a]
   in the same way, x its last subscript, where every access reads that
   variable's value at the access: each local the subscript is computed
   through from it is computed in the access's block after the
   variable's last assignment there (an index taken before the loop steps
   its variable and used after is left flat).  The carried values
   (carry.h) and the staged rows (staged-rows.h) then see the rows.  */

#ifndef MINT_DELINEARIZE_H
#define MINT_DELINEARIZE_H

#include "kir-core.h"

#ifdef __cplusplus
extern "C" {
#endif

#define DELINEARIZE_MAX_OFFSET 8

/* Rewrites the flat arrays of K (after kir_finish) that it can.  Returns
   how many.  */
int delinearize_kernel (struct kir_kernel *k);

#ifdef __cplusplus
}
#endif

#endif /* MINT_DELINEARIZE_H */
