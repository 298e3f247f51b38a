/* gotos-into.h -- the gotos that enter a statement past its start, at
   PLUGIN_PRE_GENERICIZE (gotos-into.cc).

   Include after gcc-compat.h.  */

#ifndef MINT_GOTOS_INTO_H
#define MINT_GOTOS_INTO_H

/* Adds to LABELS the labels that STMT defines.  */
void mint_collect_labels (tree stmt, hash_set<tree> *labels);

/* Appends to GOTOS the locations of the gotos of function FN, outside
   STMT, to labels inside it.  */
void mint_gotos_into (tree fn, tree stmt, vec<location_t> *gotos);

#endif /* MINT_GOTOS_INTO_H */
