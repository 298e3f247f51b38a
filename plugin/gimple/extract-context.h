/* extract-context.h -- the state of the extraction of one loop nest
   (extract.cc), which the files of the extraction share, and what it
   tells of the nest's objects (extract-context.cc).

   The extraction works at the "cfg" position: not yet SSA, so the
   program's variables are VAR_DECLs and PARM_DECLs, while the
   gimplifier's temporaries are SSA names with exactly one definition
   each.

   Include after gcc-compat.h, directive.h and kir.h.  */

#ifndef MINT_EXTRACT_CONTEXT_H
#define MINT_EXTRACT_CONTEXT_H

/* A subscript: constant + sum coeff * leaf, each leaf a VAR_DECL,
   PARM_DECL or SSA name of integer type.  */
struct tree_affine
{
  HOST_WIDE_INT constant;
  int nterms;
  tree leaf[KIR_MAX_TERMS];
  HOST_WIDE_INT coeff[KIR_MAX_TERMS];
  /* Where above 1, the term is COEFF * (LEAF / DIVISOR): LEAF is a byte
     offset, a multiple of the element size DIVISOR (a conditional
     subscript of a pointer, whose branches the front end scales).  */
  HOST_WIDE_INT divisor[KIR_MAX_TERMS];
};

/* A first subscript of array ROOT (of RANK subscripts) in the nest: its
   value PLANE over the nest's invariants, NULL_TREE where it changes in
   the nest; FORM as the body computes it.  */
struct plane_use
{
  tree root;
  tree plane;
  struct tree_affine form;
  int rank;
};

struct extract_ctx
{
  struct mint_nest *nest;
  const vec<const struct mint_directive *> *copies;
  struct kir_kernel *k;
  class loop *body_loop;        /* the innermost parallel loop */
  sbitmap nest_bbs;             /* blocks of the outermost parallel loop */
  sbitmap body_bbs;             /* the kernel body's blocks */
  hash_set<tree> nest_written;  /* variables assigned in the nest */
  hash_set<tree> body_private;  /* variables the body assigns: locals */
  hash_set<tree> inner_ivs;     /* variables of loops inside the body */
  /* SSA names the nest reads outside the block that assigns them (or
     that nothing assigns in it).  */
  hash_set<tree> shared_temporaries;
  /* Scalars declared outside the nest that the body assigns without a
     clause naming them, at their first assignment: private to each
     point where each point sets them before it reads them and the
     program does not read their value after the nest (body-checks.h),
     else data races.  */
  hash_map<tree, location_t> outer_writes;
  /* Arrays declared outside the nest that are private to each point: of
     a private clause, or found so (privatize.h).  */
  hash_set<tree> private_arrays;
  /* Arrays declared outside the nest that each point sets before it
     reads them but whose values the program reads after the nest, at the
     location given (privatize.h).  */
  hash_map<tree, location_t> live_private_arrays;
  hash_set<tree> needed;        /* SSA names whose value the kernel uses */
  auto_vec<tree> reported;      /* objects already diagnosed */
  /* Locations of errors about the body's pointer values, accesses and
     calls: a later error there that names no array follows from the
     first (a memcpy of an element into a local reads the array and
     writes the local as another type, at one location), or repeats it
     (a call of a helper inlined several times).  */
  hash_set<location_hash> locations_reported;
  hash_map<tree, int> local_of;
  auto_vec<tree> private_decls; /* per kernel-IR private array */
  auto_vec<struct plane_use> planes;    /* the nest's, each once */
  auto_vec<tree> plane_arrays;  /* arrays of 3 subscripts or fewer that
                                   the kernel indexes plane by plane */
  int *block_of;                /* basic block index -> kernel IR block */
  int cur;                      /* kernel IR block being filled */
  int outer_ivs;                /* invariant_expr takes the variables of
                                   this many outer loops as leaves */
  bool ok;
};

/* Whether BB is a block of the kernel body.  */
bool mint_in_body (struct extract_ctx *cx, basic_block bb);

/* The body-local definition of SSA name T, or NULL.  */
gimple *mint_body_def (struct extract_ctx *cx, tree t);

/* Whether OBJECT (a variable or member reference) is reported for the
   first time; records it.  */
bool mint_first_report (struct extract_ctx *cx, tree object);

/* Whether no error about the body's pointer values, accesses or calls
   was reported at LOC yet (locations_reported); records it.  */
bool mint_first_report_at (struct extract_ctx *cx, location_t loc);

/* The array of fixed size whose start ADDR is, &a or &a[0] (also
   &a[0][0]), or NULL_TREE.  */
tree mint_array_at (tree addr);

/* The toDevice copy directive of the region that copies OBJECT, or of
   the first of the arrays a local pointer OBJECT is only set to
   (mint_chosen_copies), or NULL.  */
const struct mint_directive *mint_copy_of (struct extract_ctx *cx,
                                           tree object);

/* Where REF reads an element of a table of constants
   (mint_constant_table) that CX's region does not copy: a kernel reads
   it from its values.  The table, with the read into *R; else
   NULL_TREE.  */
tree mint_kernel_table (struct extract_ctx *cx, tree ref,
                        struct table_read *r);

/* Where OBJECT is a local pointer that FUN sets only to arrays of COPIES
   (a region's), all of one shape (`double *src = (t & 1) ? b : a;',
   through GCC's temporaries): those copies into OUT.  Else OUT is empty,
   and the result is the first assignment of it (or of a temporary it is
   set from) to another value, if there is one.  */
gimple *mint_chosen_copies (function *fun,
                         const vec<const struct mint_directive *> &copies,
                         tree object, vec<const struct mint_directive *> *out);

/* Where S, an assignment to a pointer, sets it to the address of an
   element inside an array of COPIES other than its first (&g[y0],
   g + off, through GCC's temporaries): that array's directive, else
   NULL.  */
const struct mint_directive *
mint_copy_pointed_into (const vec<const struct mint_directive *> &copies,
                        gimple *s);

/* Whether DECL is visible where the `for` directive stands (a global, a
   parameter or a local of an enclosing scope), as opposed to declared in
   the loop nest or made up by the gimplifier.  */
bool mint_declared_outside (struct extract_ctx *cx, tree decl);

/* Whether DECL, a variable of the function, is in scope at the nest's
   directive (declared before it, not in the nest).  */
bool mint_in_scope_at_nest (struct extract_ctx *cx, tree decl);

/* Whether DECL is an array the loop body declares, or one declared
   outside it that is private to each point: each point has its own (a
   kernel-IR private array).  */
bool mint_private_array_p (struct extract_ctx *cx, tree decl);

/* REF of the nest rebuilt (reference.h); NULL_TREE, with a variable the
   nest assigns in *CULPRIT if that is why, when the nest cannot be
   offloaded with it.  */
tree mint_nest_invariant_ref (struct extract_ctx *cx, tree ref,
                              tree *culprit);

/* Whether REF is a member of a structure variable declared in the loop
   nest.  */
bool mint_member_of_local_p (struct extract_ctx *cx, tree ref);

/* The structure variable declared in the loop nest whose member REF is,
   directly or through a temporary the gimplifier set to its address (a
   helper given &z, inlined), or NULL_TREE.  */
tree mint_local_structure_of (struct extract_ctx *cx, tree ref);

/* If the load REF reads a structure member (`p->dt', `s.c[2]') that no
   store of the nest can change, and that is no element of a copied
   array, the member rebuilt; else NULL_TREE.  */
tree mint_member_value (struct extract_ctx *cx, tree ref, tree *culprit);

/* The scalar variable whose address ROOT, a local pointer, gets at its
   every assignment in the function of CX's nest (`double *ps = &sum;'),
   or NULL.  */
tree mint_pointed_scalar (struct extract_ctx *cx, tree root);

/* T with each SSA name replaced by its definition, so it can be evaluated
   before the nest.  NULL_TREE if it reads memory other than a structure
   member (mint_member_value) or a variable the nest assigns (that
   variable in *CULPRIT).  */
tree mint_invariant_expr (struct extract_ctx *cx, tree t, tree *culprit);

/* The right-hand side of S as a mint_invariant_expr.  */
tree mint_invariant_rhs (struct extract_ctx *cx, gassign *s, tree *culprit);

#endif /* MINT_EXTRACT_CONTEXT_H */
