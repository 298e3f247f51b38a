/* privatize.h -- the arrays declared outside a loop nest that are
   private to each point (privatize.cc).

   Include after gcc-compat.h, directive.h, kir.h, nest.h and
   extract-context.h.  */

#ifndef MINT_PRIVATIZE_H
#define MINT_PRIVATIZE_H

/* Finds the arrays declared outside CX's nest, used in its body and
   copied by no directive, that are private to each point
   (CX->private_arrays): those of the directive's private clauses, and
   the others for which mint proves that each point sets every element
   before it reads it and that the program reads no value they hold after
   the nest before it sets it again (said under -verbose).  Reports a
   private clause's array that is not so; notes in
   CX->live_private_arrays the others that are not so only after the
   nest.  */
bool mint_find_private_arrays (struct extract_ctx *cx);

#endif /* MINT_PRIVATIZE_H */
