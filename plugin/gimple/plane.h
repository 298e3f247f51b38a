/* plane.h -- the plane that a subscript which does not change in a loop
   nest selects: the 3-D array A[t % 2] of a 4-D array, the plane
   A[t % 2] of a 3-D one (the double buffer of many stencil codes).  A
   kernel indexes each such plane as an array of its own
   (subscripts.cc); where it writes one, the analysis must know that the
   planes it reads differ from it.  The expressions are the host's, over
   the nest's invariants (extract-context.h, mint_invariant_expr).

   Include after gcc-compat.h.  */

#ifndef MINT_PLANE_H
#define MINT_PLANE_H

/* Whether integer expressions A and B, evaluated before MARKER (a `for'
   marker), differ for every value of their variables: constants that
   differ, forms whose difference no integer makes 0 (cur and 1 - cur),
   residues of values a constant apart that the modulus does not divide
   (t % 2 and (t + 1) % 2, t & 1 and (t + 1) & 1), and X ^ C against
   X ^ D for constants C != D.  A local scalar variable counts as the
   value that straight-line code before MARKER assigned it (`int nxt =
   1 - cur;' makes nxt 1 - cur) where the variables that value reads keep
   theirs up to MARKER.  Signed arithmetic is taken not to overflow, as C
   has it.  */
bool mint_planes_differ (tree a, tree b, gimple *marker);

/* EXPR with each local scalar variable it reads replaced by the value
   that straight-line code before MARKER assigned it, where what that
   value reads keeps its value up to MARKER: local variables, and
   integer members read through a pointer that no store, call or asm
   between may change (int nx = w->nx; makes nx w->nx).  */
tree mint_value_before (tree expr, gimple *marker);

/* Whether statement S may change T, a variable or a load of an
   expression that code after S evaluates.  */
bool mint_may_change (gimple *s, tree t);

#endif /* MINT_PLANE_H */
