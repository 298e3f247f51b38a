/* extract.h -- a `#pragma mint for` loop nest in GIMPLE -> Kernel IR and
   its plan (extract.cc).

   Include after gcc-compat.h, directive.h, kir.h and nest.h.  */

#ifndef MINT_EXTRACT_H
#define MINT_EXTRACT_H

/* Finds the loop nest that follows NEST->marker, checks it and builds
   NEST->kernel and its plan NEST->plan.  COPIES are the toDevice copy
   directives of the enclosing parallel region.  Reports every problem
   with error_at and returns false then.  Needs loop_optimizer_init
   (LOOPS_NORMAL).  */
bool mint_extract_nest (struct mint_nest *nest,
                        const vec<const struct mint_directive *> &copies);

#endif /* MINT_EXTRACT_H */
