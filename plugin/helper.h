/* helper.h -- functions of the program that a loop body may call: those
   whose body is one `return EXPRESSION;', after declarations of locals
   with initializers (static inline double sq (double x) { return x * x; },
   an index function idx (x, y, z)).  The front end's expression of each
   is kept (PLUGIN_PRE_GENERICIZE); before a nest is offloaded, its calls
   are replaced by that expression over the arguments, so the kernel, the
   analyses (subscripts, stencils) and the host loops all see the
   arithmetic itself.

   Include after gcc-compat.h.  */

#ifndef MINT_HELPER_H
#define MINT_HELPER_H

void mint_helpers_register (const char *plugin_name);

/* Replaces the calls in the blocks of loop L of the current function to
   functions kept as helpers by their expressions; calls in those
   expressions too.  */
void mint_inline_helpers (class loop *l);

/* Why a call to FN in a loop body remains, for a note; NULL where FN is
   not defined in this file.  */
const char *mint_helper_problem (tree fn);

#endif /* MINT_HELPER_H */
