/* gotos-into.h -- the jumps that enter a statement past its start, at
   PLUGIN_PRE_GENERICIZE (gotos-into.cc).

   Include after gcc-compat.h and directive.h.  */

#ifndef MINT_GOTOS_INTO_H
#define MINT_GOTOS_INTO_H

/* Adds to LABELS the labels that STMT defines.  */
void mint_collect_labels (tree stmt, hash_set<tree> *labels);

/* Appends to GOTOS the locations of the gotos of function FN, outside
   STMT, to labels inside it.  */
void mint_gotos_into (tree fn, tree stmt, vec<location_t> *gotos);

/* Appends to GOTOS those gotos, and to CASES the case labels inside
   STMT of a switch around it, which jump into it too.  */
void mint_jumps_into (tree fn, tree stmt, vec<location_t> *gotos,
                      vec<location_t> *cases);

/* Errors for the jumps of FN into STMT (mint_jumps_into), the
   statement of directive D (a region, a loop nest or a `single' block),
   which would enter it past its start; whether there are any.  */
bool mint_report_jumps_into (tree fn, tree stmt,
                             const struct mint_directive *d);

#endif /* MINT_GOTOS_INTO_H */
