/* nest.h -- one `#pragma mint for` loop nest, as found in GIMPLE at the
   "cfg" position (extract.h), and what the host rewrite (rewrite.h) needs
   to launch its kernel.

   Include after gcc-compat.h, directive.h and kir.h.  */

#ifndef MINT_NEST_H
#define MINT_NEST_H

/* One parallel loop, normalized to the ascending set of points
   lo + t * step, t in [0, count).  */
struct mint_loop_dim
{
  class loop *loop;
  tree iv;                      /* the loop variable (VAR_DECL/PARM_DECL) */
  tree init;                    /* its first value, over nest invariants */
  tree bound;                   /* iv CMP bound keeps looping */
  enum tree_code cmp;           /* LT_EXPR, LE_EXPR, GT_EXPR or GE_EXPR */
  /* The integer type the condition compares in where the variable is
     compared itself (i < n of an int i and an unsigned n compares
     (unsigned) i), else NULL_TREE.  */
  tree cmp_type;
  /* The condition is iv != bound (CMP says which way it steps, by 1): a
     variable of an unsigned type wraps around its range to reach the
     bound (`i != -1u' counting down to 0, `c != 0' of an unsigned char
     counting up to 255), and runs as many times as the distance to the
     bound modulo that range.  */
  bool ne;
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
  const struct mint_directive *copy;    /* the copy that put it on the
                                           device */
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
  /* The depth a trial extraction asks for beyond the directive's nest
     clause (pass.cc), or 0.  */
  int trial_depth;
  /* Why the loops the directive leaves in the body stay there, where a
     trial tried them (deepen.h), or NULL.  */
  const char *deepen_why;
  struct mint_loop_dim dims[KIR_MAX_DIMS];      /* [0] = outermost */
  /* The loop (index into DIMS) that kernel dimension I runs: the
     innermost for x, unless dim-order.h chooses otherwise.  */
  int kir_order[KIR_MAX_DIMS];
  auto_vec<struct mint_nest_array> arrays;
  auto_vec<tree> scalars;               /* kernel-IR scalar order: variables
                                           and members (member.h) */
  auto_vec<tree> reductions;            /* kernel-IR reduction order */
  auto_vec<tree> accumulator_types;     /* per reduction
                                           (kir_reduction_type) */
  struct kir_kernel *kernel;            /* NULL once handed over */
  struct mint_plan *plan;               /* the kernel's (plan.h); NULL
                                           once handed over */
};

#endif /* MINT_NEST_H */
