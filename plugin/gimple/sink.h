/* sink.h -- statements that stand between the loops of a nest, and only
   set values for the inner loop, moved into its body, or where they set
   its bounds, before the nest (sink.cc).

   Include after gcc-compat.h.  */

#ifndef MINT_SINK_H
#define MINT_SINK_H

/* For each of the first DEPTH loops from L0, the nest of the directive
   MARKER, down whose inner loop is its
   only one: where every statement between the two, but their control,
   sets a variable (or a temporary of one) that only the inner loop's body
   reads, from values that the inner loop does not change, moves those
   statements to the start of the inner loop's body, which then computes
   the same values in each of its iterations; and those that set a bound
   of the inner loop, from values that the nest does not change, before
   MARKER, where the nest's bounds are read.  */
void mint_sink_between_loops (gimple *marker, class loop *l0, int depth);

#endif /* MINT_SINK_H */
