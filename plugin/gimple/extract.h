/* extract.h -- private to the pass (pass.cc, extract.cc, rewrite.cc):
   one `#pragma mint for` loop nest, as found in GIMPLE at the "cfg"
   position, and what the host rewrite needs to launch its kernel.

   Include after gcc-compat.h, directive.h and kir.h.  */

#ifndef MINT_EXTRACT_H
#define MINT_EXTRACT_H

/* One parallel loop, normalized to the ascending set of points
   lo + t * step, t in [0, count).  */
struct mint_loop_dim
{
  class loop *loop;
  tree iv;                      /* the loop variable (VAR_DECL/PARM_DECL) */
  tree init;                    /* its first value, over nest invariants */
  tree bound;                   /* iv CMP bound keeps looping */
  enum tree_code cmp;           /* LT_EXPR, LE_EXPR, GT_EXPR or GE_EXPR */
  HOST_WIDE_INT step;           /* signed, as written; never 0 */
  gimple *increment;            /* iv = iv + step */
  bool declared_outside;        /* iv is visible after the nest */
  /* A start that uses the outer parallel loops' variables (a colour of a
     red-black sweep, 1 + (y + c) % 2), or NULL_TREE.  The loop then runs
     over the box from INIT, a lower bound of START, by STEP 1, and the
     kernel skips the points that are not START + k * START_STEP.
     START_CONGRUENT is a form of the loop variables and invariants equal
     to START modulo START_STEP (1 + y + c), or NULL_TREE.  */
  tree start;
  tree start_congruent;
  HOST_WIDE_INT start_step;
  gimple *start_stmt;           /* the initialization, for locations */
};

/* An array the kernel uses, in kernel-IR order: an array the program
   copies, or one of its planes (plane.h).  */
struct mint_nest_array
{
  tree root;            /* the variable, or the member (member.h) naming it */
  /* NULL_TREE, or the value of the first subscript, over the nest's
     invariants, that selects the plane of ROOT the kernel indexes.  */
  tree plane;
  const struct mint_directive *copy;    /* the copy that put it on the device */
  int rank;                             /* subscripts in the kernel */
  bool read, written;                   /* the kernel loads, stores it */
  location_t loc;                       /* its first access */
};

struct mint_nest
{
  function *fun;
  const struct mint_directive *dir;
  gimple *marker;
  int depth;                            /* parallel loops, 1..3 */
  struct mint_loop_dim dims[KIR_MAX_DIMS];      /* [0] = outermost */
  auto_vec<struct mint_nest_array> arrays;
  auto_vec<tree> scalars;               /* kernel-IR scalar order: variables
                                           and members (member.h) */
  auto_vec<tree> reductions;            /* kernel-IR reduction order */
  auto_vec<tree> accumulator_types;     /* per reduction (kir_reduction_type) */
  struct kir_kernel *kernel;            /* NULL once handed over */
  struct mint_plan *plan;               /* the kernel's (plan.h); NULL
                                           once handed over */
};

/* extract.cc.  Finds the loop nest that follows NEST->marker, checks it
   and builds NEST->kernel and its plan NEST->plan.  COPIES are the
   toDevice copy directives of the enclosing parallel region.  Reports
   every problem with error_at and returns false then.  Needs
   loop_optimizer_init (LOOPS_NORMAL).  */
bool mint_extract_nest (struct mint_nest *nest,
                        const vec<const struct mint_directive *> &copies);

/* The array that the reference REF (a load or store operand) reaches
   through array subscripts and pointer loads: a VAR_DECL, a PARM_DECL or
   a structure member (member.h); or NULL_TREE.  */
tree mint_reference_root (tree ref);

/* The local variable-length array (`double u[n][n]') whose storage the
   gimplifier's pointer PTR points at, or NULL_TREE.  */
tree mint_vla_of_pointer (tree ptr);

/* The loop the code after MARKER (a `for' marker) runs into without a
   branch or a call on the way, or NULL.  */
class loop *mint_loop_after_marker (gimple *marker);

/* rewrite.cc.  Guards the nest with mint_launch (&DESC, ...) == 0.  */
void mint_rewrite_nest (struct mint_nest *nest, tree desc);

/* Replaces the copy/parallel/barrier/update marker at GSI by its libmintrt call
   and removes any other marker; GSI then points after it.  */
void mint_rewrite_marker (gimple_stmt_iterator *gsi,
                          const struct mint_directive *dir,
                          const char *marker_name);

/* Raises the align_x argument (mintrt.h) that the mint_copy_to_device
   call of COPY, a toDevice copy directive, will pass to ALIGN_X.  */
void mint_rewrite_note_align_x (const struct mint_directive *copy,
                                long long align_x);

/* The host key of ARRAY, a variable or a member reference (mintrt.h):
   the address of its first element.  */
tree mint_host_key (tree array, enum mint_array_style style, int rank);

/* GC roots of the runtime function decls rewrite.cc builds.  */
void mint_rewrite_register_roots (const char *plugin_name);

#endif /* MINT_EXTRACT_H */
