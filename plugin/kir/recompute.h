/* recompute.h -- line sweeps whose forward pass the backward pass
   computes again in segments rather than reading it back (plain C, no
   GCC).

   A tridiagonal solve along a line, written in place as solvers write it,
       s[1] = d[1] * m[1];
       for (z = 2; z <= n; z++)
         s[z] = (d[z] - a * s[z - 1]) * m[z];
       for (z = n - 1; z >= 1; z--)
         s[z] = s[z] - c[z] * s[z + 1];
   moves each element of s four times: the forward pass stores it, the
   backward pass loads it and stores it again.  Where the backward pass
   overwrites every value the forward pass stores but its last, the
   forward pass need store only every RECOMPUTE_SEGMENT-th value (a
   checkpoint) and those of the cells above its last whole segment; the
   backward pass, at each whole segment below those, computes the
   segment's forward values again from the checkpoint before it, by the
   forward loop's own statements on the same operands (the same bits),
   and keeps them in registers.  d is then read twice and s stored once:
   3 + 2 / RECOMPUTE_SEGMENT moves for 4
   (bench/results/optimizer-notes.md, round 59).  Along the rows, which
   the warps stage in windows, a checkpoint a window below would move the
   windows back and forth: there the segments start at the array's cells
   RECOMPUTE_ROW_SEGMENT, 2 RECOMPUTE_ROW_SEGMENT, ..., each within one
   window, and each thread keeps the value before each segment in a
   private array instead (round 60).  A segment's accesses name its
   first cell plus constants, and that cell's residue modulo the segment
   is known (kir_local): the warps then see that a segment's cells of a
   row lie in one window and move it once a segment (emit-rows.c, round
   61).  */

#ifndef MINT_RECOMPUTE_H
#define MINT_RECOMPUTE_H

#include "kir-core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Cells of a segment: a power of two.  */
#define RECOMPUTE_SEGMENT 8
/* Along the rows: each segment within one staged window (STAGED_WINDOW,
   staged-rows.h; segments of a whole window took 231 registers a thread
   where the loops as written take 112), and the segments whose values
   before them a thread keeps.  */
#define RECOMPUTE_ROW_SEGMENT 8
#define RECOMPUTE_ROW_KEPT 128

/* Rewrites each such pair of loops of K's body, after
   kir_carry_stored_values has carried both loops' stored values: the
   forward loop steps by 1 from A while its signed variable is at most B,
   the backward loop steps by -1 from B - 1 while its variable is at least
   a bound no larger than A (A and B constants or a scalar plus a
   constant, or a copy of such a scalar), the backward loop starts where
   the forward one ends, each stores one array S once (the same element
   at the same value of its variable), the backward loop reads the
   element it stores before it, neither loads any array the kernel writes
   but S there, and the forward loop carries nothing else to its next
   iteration nor leaves a local that anything but the backward body,
   assigning it first, names.  Computed again, the forward pass reads
   each array whose element differs from line to line once more: a pair
   whose forward pass reads more such arrays than the stores it saves
   make up for is left as it is and marked in K->stored_whole.  Marks S
   in K->recomputed, and where the loops walk S's rows (its last
   subscript) in K->recomputed_rows too.  Returns the pairs rewritten.  */
int kir_recompute_sweeps (struct kir_kernel *k);

#ifdef __cplusplus
}
#endif

#endif /* MINT_RECOMPUTE_H */
