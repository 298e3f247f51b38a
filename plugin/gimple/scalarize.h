/* scalarize.h -- structure variables of scalars that loop nests use,
   replaced by a variable a member (scalarize.cc).

   A loop body may keep a few values together in a local structure
   (`cplx l; l.re = ...; l.im = ...;', `struct state s = { rho, mu };').
   The kernel IR has variables of scalars only; so before the nests are
   offloaded, each such variable of the function whose members are
   scalars (or structures of them) and which the function uses only
   member by member, by zero-initialization, and in copies to and from
   other such variables of its type, becomes one variable per member
   ("l.re", "l.im"), declared where it was.  The program means the same;
   the nests then see scalars, private to a point where declared in the
   body.

   Include after gcc-compat.h and markers.h.  */

#ifndef MINT_SCALARIZE_H
#define MINT_SCALARIZE_H

/* Replaces such structure variables of FUN that a nest of a `for' marker
   among MARKERS uses.  */
void mint_scalarize_structures (function *fun,
                                const auto_vec<struct marker> &markers);

/* Whether VAR is the variable of a structure variable's member.  */
bool mint_member_variable_p (tree var);

#endif /* MINT_SCALARIZE_H */
