/* sink.h -- statements that stand between the loops of a nest, and only
   set values for the inner loop's body, moved into it (sink.cc).

   Include after gcc-compat.h.  */

#ifndef MINT_SINK_H
#define MINT_SINK_H

/* For each of the first DEPTH loops from L0 down whose inner loop is its
   only one: where every statement between the two, but their control,
   sets a variable (or a temporary of one) that only the inner loop's body
   reads, from values that the inner loop does not change and no memory,
   moves those statements to the start of the inner loop's body, which
   then computes the same values in each of its iterations.  */
void mint_sink_between_loops (class loop *l0, int depth);

#endif /* MINT_SINK_H */
