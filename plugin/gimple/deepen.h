/* deepen.h -- the loops a `#pragma mint for' leaves in the body made
   parallel where that gives the answer of the program as written
   (deepen.cc).

   Include after gcc-compat.h, directive.h, kir.h and nest.h.  */

#ifndef MINT_DEEPEN_H
#define MINT_DEEPEN_H

/* Where mint maps NEST's loops (mint_maps_loops) and its directive
   makes fewer loops parallel than are perfectly nested (nest(1), the
   default, over a 3-D nest): extracts NEST, as mint_extract_nest does,
   with the deepest nest that the extraction takes without a diagnostic,
   in which no two points use one element of an array that either writes
   and the loop of dimension x walks the rows of its stores, not a loop
   of the body shorter than a warp.  Returns false, with NEST as it was
   but for NEST->deepen_why (the deepest trial's problem), where there is
   none.  */
bool mint_extract_deeper (struct mint_nest *nest,
                          const vec<const struct mint_directive *> &copies);

#endif /* MINT_DEEPEN_H */
