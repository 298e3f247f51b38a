/* helper.h -- functions of the program that a loop body may call: those
   whose body computes one value without loops: declarations of scalar
   locals, assignments to them and to the parameters, if/else and return
   (static inline double sq (double x) { return x * x; }, an index
   function idx (x, y, z), a flux limiter of if and return).  The value of
   each, an expression of selects (COND_EXPR) over its parameters, is kept
   (PLUGIN_PRE_GENERICIZE); before a nest is offloaded, its calls are
   replaced by that expression over the arguments, so the kernel, the
   analyses (subscripts, stencils) and the host loops all see the
   arithmetic itself.  A select evaluates both of its arms, so neither may
   divide integers, load through a pointer or call a function, but for
   the loads its condition makes.  An array parameter may be variably
   modified (T (*u)[ny][nx], ny and nx parameters): its types are remade
   over each call's arguments.  Locals, parameters and the value may be
   structures of scalars or of such structures (cplx cmul (cplx a, cplx
   b)): a structure's value is a CONSTRUCTOR of its members' values, and
   a call that returns one becomes an assignment a scalar member.

   Include after gcc-compat.h.  */

#ifndef MINT_HELPER_H
#define MINT_HELPER_H

void mint_helpers_register (const char *plugin_name);

/* Replaces the calls in the blocks of loop L of the current function to
   functions kept as helpers by their expressions; calls in those
   expressions too.  */
void mint_inline_helpers (class loop *l);

/* Whether VAR holds the largest index of an array type that the
   replacement of a call made: a helper's variably modified parameter
   (T (*u)[ny][nx]) over the call's arguments.  The nest assigns it
   once, before the helper's value.  */
bool mint_helper_extent_p (tree var);

/* Why a call to FN in a loop body remains, for a note, and in *WHERE the
   part of FN it concerns where known (else UNKNOWN_LOCATION); NULL where
   FN is not defined in this file.  */
const char *mint_helper_problem (tree fn, location_t *where);

#endif /* MINT_HELPER_H */
