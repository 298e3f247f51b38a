/* gotos-into.h -- the jumps that enter a statement past its start, at
   PLUGIN_PRE_GENERICIZE (gotos-into.cc).

   Include after gcc-compat.h and directive.h.  */

#ifndef MINT_GOTOS_INTO_H
#define MINT_GOTOS_INTO_H

/* Adds to LABELS the labels that STMT defines.  */
void mint_collect_labels (tree stmt, hash_set<tree> *labels);

/* Errors for the jumps of FN into STMT: gotos from outside it to labels
   inside, and case labels inside it of a switch around it; STMT is the
   statement of directive D (a region, a loop nest or a `single' block),
   which would enter it past its start; whether there are any.  */
bool mint_report_jumps_into (tree fn, tree stmt,
                             const struct mint_directive *d);

#endif /* MINT_GOTOS_INTO_H */
