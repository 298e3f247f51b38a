/* plane-sums.h -- a body whose value is a sum over planes, in the order
   a walk meets the planes (plain C, no GCC, no CUDA text).

   A box stencil of radius 2 reads 125 cells a point, too many for the
   window of level 3's walk to stay in registers.  Its value is often
   written plane by plane: ((P(-2) + P(-1)) + P(0)) + ..., each P(dz) a
   sum over one plane of the walk.  Then each plane the walk loads once
   can add its terms to the partial sums of every point it touches (the
   points 2R+1 planes apart), and a point's partial sum receives the
   planes in the program's order: the same operations on the same values
   as the program's expression, with no reassociation.

   The body qualifies where it is one block that stores one value, at the
   point, and that value is a chain (the spine) of operations, each
   taking the chain so far and one term: a value of one plane, or of no
   plane (a constant, a scalar, a table of coefficients); the chain
   starts from a value of one plane (the leaf), and the planes of its
   terms never decrease.  Each plane's statements (the group) then run
   when the walk's front reaches that plane, in the body's order; a term
   of no plane runs with the plane before it.  Locals may be assigned
   more than once (s += P(dz), a temporary per term): the analysis
   follows definitions.  A statement of no plane runs before the groups,
   or in the one group that reads it (an accumulator's "s = 0").  */

#ifndef MINT_PLANE_SUMS_H
#define MINT_PLANE_SUMS_H

#include <stdbool.h>
#include "kir-core.h"
#include "stencil.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What a statement of the body is in the sums.  */
enum plane_role
{
  PLANE_INVARIANT,              /* reads no plane: every group may use it */
  PLANE_GROUP,                  /* computes a value of one plane */
  PLANE_SPINE,                  /* takes the chain and a term */
  PLANE_STORE                   /* stores the chain's value */
};

struct plane_sums
{
  int lo, hi;                   /* offsets along the walk of the leaf's
                                   plane and of the last term's */
  int leaf;                     /* the local the chain starts from */
  /* The type of the partial sums: the chain's, or where it goes between
     float and double (float s; s += 0.008 * u[...]), double, which holds
     each of its values exactly.  */
  enum kir_type sum_type;
  int leaf_stmt;                /* the statement that gives it its value */
  int nstmts;                   /* of the body's one block */
  signed char *role;            /* per statement, an enum plane_role */
  signed char *plane;           /* per statement: the offset of its group
                                   (PLANE_GROUP, PLANE_SPINE) */
  signed char *chain_arg;       /* per spine statement: which argument is
                                   the chain */
};

/* The plane sums of K walked along parallel dimension MARCH (INFO its
   analysis), or NULL where its body does not qualify.  */
struct plane_sums *plane_sums_find (const struct kir_kernel *k,
                                    const struct stencil_info *info,
                                    int march);
/* Whether the groups of different planes share no local that they
   compute (but the chain's, which each operation of the chain takes from
   and puts back into its partial sum), so that they may run interleaved:
   statement by statement, in any order that keeps each group's own.  */
bool plane_sums_groups_apart (const struct kir_kernel *k,
                              const struct plane_sums *s);
void plane_sums_free (struct plane_sums *s);

#ifdef __cplusplus
}
#endif

#endif /* MINT_PLANE_SUMS_H */
