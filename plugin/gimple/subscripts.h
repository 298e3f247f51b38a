/* subscripts.h -- the array accesses of a loop nest's body
   (subscripts.cc).

   Include after gcc-compat.h, directive.h, kir.h and
   extract-context.h.  */

#ifndef MINT_SUBSCRIPTS_H
#define MINT_SUBSCRIPTS_H

/* An array element: the array and one subscript per dimension, first
   (slowest) subscript first.  */
struct tree_access
{
  tree root;                    /* the variable or member naming the array */
  bool private_array;           /* ROOT is declared in the body */
  enum mint_array_style style;
  int source_rank;              /* subscripts, as the body writes them */
  /* The first subscript's value, over the nest's invariants, where the
     access is to that plane of ROOT, whose other subscripts INDEX holds;
     else NULL_TREE.  */
  tree plane;
  int rank;
  struct tree_affine index[KIR_MAX_DIMS];
};

/* Resolves the load or store operand REF to an array element into ACC.
   Reports failures at LOC.  */
bool mint_resolve_access (struct extract_ctx *cx, tree ref, location_t loc,
                          struct tree_access *acc);

/* The pointer that the gimplifier's temporary PTR copies, or NULL_TREE:
   a compound assignment to an element of a pointer's first plane,
   w[0][y][x] -= v, saves the pointer in a variable (w.2 = w) that the
   body assigns; the accesses through it are the pointer's.  */
tree mint_saved_pointer (struct extract_ctx *cx, tree ptr);

/* Whether PTR is a pointer declared in the loop body, assigned once, whose
   accesses are those of the pointer it is computed from at each use
   (const double *up = u + (j - 1) * nx; ... up[i]).  */
bool mint_row_pointer_p (struct extract_ctx *cx, tree ptr);

/* Why the body's array DECL cannot be private to a point, or NULL; its
   element type into *ELEM and extents into EXTENT (room for
   KIR_MAX_DIMS), their number into *RANK.  */
const char *mint_private_problem (tree decl, tree *elem, int *extent,
                                  int *rank);

/* Whether the body's array DECL can be private to a point, used with
   NSUBS subscripts (-1: assigned whole); reports at LOC, once, why
   not.  */
bool mint_check_private (struct extract_ctx *cx, tree decl, int nsubs,
                         location_t loc);

/* Whether P and Q, planes or NULL_TREE, are the same.  */
bool mint_same_plane (tree p, tree q);

/* Chooses the arrays of 3 subscripts or fewer that the kernel indexes
   plane by plane, as arrays of their own; whether it chose one.  */
bool mint_choose_plane_arrays (struct extract_ctx *cx);

#endif /* MINT_SUBSCRIPTS_H */
