/* gimple-seq.h -- what the plugin asks of the GIMPLE sequences it
   gimplifies into a basic block (gimple-seq.cc).

   Include after gcc-compat.h.  */

#ifndef MINT_GIMPLE_SEQ_H
#define MINT_GIMPLE_SEQ_H

/* Whether SEQ fits in a basic block: assignments and calls only.  */
bool mint_seq_without_branches (gimple_seq seq);

#endif /* MINT_GIMPLE_SEQ_H */
