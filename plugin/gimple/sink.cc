/* sink.cc -- statements that stand between the loops of a nest moved into
   the inner loop (sink.h).

   `for (j ...) { const double *row = u + j * nx; for (i ...) ... row[i]; }'
   is no perfect nest, and nest(all) over it would give each thread a
   whole row.  A statement before the inner loop that only sets a variable
   which nothing but the inner loop's body reads, from values that the
   inner loop does not change, sets it to the same value at the start of
   each of the inner loop's iterations: moved there, the two loops are
   perfectly nested and the program computes what it did.  Its loads
   count as unchanged where the inner loop stores to other arrays only,
   as the device code assumes of the arrays a region copies.

   A bound of the inner loop set between the loops (`int n1 = nx - 1;
   for (i = 1; i < n1; i++)') cannot move into its body: where nothing in
   the nest changes what it reads and only the nest reads it, it moves
   before the nest instead, where it sets the same value.  */

#include "gcc-compat.h"
#include "nest-recognition.h"
#include "reference.h"
#include "sink.h"

/* The statements of one pair of loops that move: the variables and
   temporaries they set, in order.  */
struct sinking
{
  class loop *nest, *outer, *inner;
  auto_vec<gimple *> moved;
  /* The statements that set the inner loop's bounds, and the
     temporaries they read, that move before the nest.  */
  auto_vec<gimple *> hoisted;
  tree control[6];              /* the two loops' compared variables */
};

/* Whether S sets one of the two loops' compared variables.  */
static bool
control_p (const struct sinking *sk, gimple *s)
{
  tree lhs = gimple_get_lhs (s);
  for (int v = 0; v < 6; v++)
    if (lhs && lhs == sk->control[v])
      return true;
  return false;
}

/* Whether S is among STMTS.  */
static bool
among_p (const vec<gimple *> &stmts, gimple *s)
{
  for (gimple *m : stmts)
    if (m == s)
      return true;
  return false;
}

/* Whether S is among the statements that move.  */
static bool
moved_p (const struct sinking *sk, gimple *s)
{
  return among_p (sk->moved, s) || among_p (sk->hoisted, s);
}

/* Whether a statement of loop L sets T.  */
static bool
assigned_in (class loop *l, tree t)
{
  basic_block *bbs = get_loop_body (l);
  bool found = false;
  for (unsigned b = 0; b < l->num_nodes && !found; b++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[b]);
         !gsi_end_p (gsi) && !found; gsi_next (&gsi))
      found = gimple_get_lhs (gsi_stmt (gsi)) == t;
  free (bbs);
  return found;
}

/* Whether S, between the loops, sets a bound of the inner loop: a
   variable that its exit test compares and that it does not assign.  */
static bool
inner_bound_p (const struct sinking *sk, gimple *s)
{
  tree lhs = gimple_get_lhs (s);
  return lhs && VAR_P (lhs) && (lhs == sk->control[3] || lhs == sk->control[4])
         && !assigned_in (sk->inner, lhs);
}

/* The pointer P is computed from through temporaries, and through
   pointer variables that the function assigns once, by additions,
   conversions, copies and loads of rows of arrays of pointers (u[j] of
   a T **u: the rows' elements are u's): a variable (also one set once
   from other memory or by a call) or an address; NULL_TREE where that
   goes through another load or computation.  */
static tree
pointer_source (tree p)
{
  for (int depth = 0; depth < 16; depth++)
    {
      gimple *def = NULL;
      if (TREE_CODE (p) == SSA_NAME)
        def = SSA_NAME_DEF_STMT (p);
      else if (VAR_P (p) && !TREE_ADDRESSABLE (p)
               && mint_assignments (cfun, p, &def) != 1)
        return p;
      else if (!VAR_P (p) || TREE_ADDRESSABLE (p))
        return p;
      gassign *a = dyn_cast<gassign *> (def);
      if (a && mint_row_table_load_p (a))
        {
          p = TREE_OPERAND (gimple_assign_rhs1 (a), 0);
          continue;
        }
      /* A local set once from memory (double **u = g->u;) or by a call
         (double *c = malloc (...);).  */
      if (VAR_P (p) && (!a || gimple_assign_load_p (a)))
        return p;
      if (!a || gimple_assign_load_p (a)
          || !(gimple_assign_rhs_code (a) == POINTER_PLUS_EXPR
               || gimple_assign_single_p (a)
               || CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (a))))
        return NULL_TREE;
      p = gimple_assign_rhs1 (a);
    }
  return NULL_TREE;
}

/* The array whose memory REF, in loop L, reads or writes where it is
   one that L cannot point elsewhere: an array variable, or a pointer
   parameter or local that L does not assign (one that the time loop
   swaps with another between the nests), from which REF's address is
   computed (pointer_source).  Two such pointers are taken to point to
   different arrays, as the device code takes the arrays a region copies.
   NULL_TREE for others.  */
static tree
memory_root (class loop *l, tree ref)
{
  tree base = get_base_address (ref);
  if (base && TREE_CODE (base) == MEM_REF)
    {
      tree p = pointer_source (TREE_OPERAND (base, 0));
      base = p && TREE_CODE (p) == ADDR_EXPR
             ? get_base_address (TREE_OPERAND (p, 0)) : p;
    }
  if (!base || !DECL_P (base))
    return NULL_TREE;
  if (TREE_CODE (TREE_TYPE (base)) == ARRAY_TYPE)
    return base;
  return (TREE_CODE (base) == PARM_DECL
          || (VAR_P (base) && !is_global_var (base)))
         && !TREE_ADDRESSABLE (base) && POINTER_TYPE_P (TREE_TYPE (base))
         && !assigned_in (l, base) ? base : NULL_TREE;
}

/* Whether statement S of the inner loop may change what a load of the
   array ROOT reads (of a row of its pointers where ROW_TABLE): a call
   that is not const, an asm, a store to ROOT (of a pointer where
   ROW_TABLE) or to memory whose array is not known.  */
static bool
may_change (class loop *l, gimple *s, tree root, bool row_table)
{
  if (gcall *call = dyn_cast<gcall *> (s))
    return !(gimple_call_flags (call) & ECF_CONST);
  if (is_a<gasm *> (s))
    return true;
  tree lhs = gimple_get_lhs (s);
  if (!lhs || TREE_CODE (lhs) == SSA_NAME || mint_var_or_parm_p (lhs)
      || (row_table && !POINTER_TYPE_P (TREE_TYPE (lhs))))
    return false;
  tree stored = memory_root (l, lhs);
  return !stored || stored == root;
}

/* Whether the value S computes is the same anywhere in the iterations
   of loop L: an assignment of a local or a temporary that calls no
   function that is not const, reads nothing that L assigns (but in
   WITH, the statements that move with it), and reads memory only of an
   array (memory_root) that L does not store to.  */
static bool
invariant_in (class loop *l, gimple *s, const vec<gimple *> &with)
{
  tree lhs = gimple_get_lhs (s);
  if (gimple_has_volatile_ops (s) || !lhs)
    return false;
  if (gcall *call = dyn_cast<gcall *> (s))
    {
      if (!(gimple_call_flags (call) & ECF_CONST))
        return false;
    }
  else if (!is_gimple_assign (s))
    return false;
  if (TREE_CODE (lhs) != SSA_NAME
      && (!VAR_P (lhs) || is_global_var (lhs) || TREE_ADDRESSABLE (lhs)))
    return false;
  tree root = NULL_TREE;
  if (gimple_assign_load_p (s)
      && !(root = memory_root (l, gimple_assign_rhs1 (s))))
    return false;
  basic_block *bbs = get_loop_body (l);
  bool ok = true;
  for (unsigned b = 0; b < l->num_nodes && ok; b++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[b]);
         !gsi_end_p (gsi) && ok; gsi_next (&gsi))
      {
        gimple *t = gsi_stmt (gsi);
        tree set = gimple_get_lhs (t);
        ok = (!set || set == lhs || among_p (with, t)
              || !mint_reads_p (s, set))
             && !(root
                  && may_change (l, t, root, mint_row_table_load_p (s)));
      }
  free (bbs);
  return ok;
}

/* Whether every statement of the function that reads or sets LHS, which
   S sets, is S, a statement that moves, or one that reads LHS where S
   moves to: one that START, the inner loop's body start, dominates, or
   where S moves before the nest (START NULL), one of the nest, for a
   variable.  */
static bool
used_only_inside (const struct sinking *sk, gimple *s, tree lhs,
                  basic_block start)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      {
        gimple *t = gsi_stmt (gsi);
        if (t == s || is_gimple_debug (t) || moved_p (sk, t))
          continue;
        bool inside = start ? dominated_by_p (CDI_DOMINATORS, bb, start)
                            : TREE_CODE (lhs) != SSA_NAME
                              && flow_bb_inside_loop_p (sk->nest, bb);
        if (gimple_get_lhs (t) == lhs || (mint_reads_p (t, lhs) && !inside))
          return false;
      }
  return true;
}

/* The first block of the inner loop's body: the one its exit test leads
   to inside the loop, entered only from there; NULL where there is no
   such block.  */
static basic_block
inner_body_start (class loop *inner)
{
  basic_block found = NULL;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, inner->header->succs)
    if (flow_bb_inside_loop_p (inner, e->dest) && e->dest != inner->header)
      {
        if (found)
          return NULL;
        found = e->dest;
      }
  return found && single_pred_p (found) ? found : NULL;
}

/* The statements of SK's outer loop outside the inner loop, other than
   loop control but for the inner loop's bounds, into OUT; false where one
   of them stands after the inner loop or under a condition.  */
static bool
statements_between (struct sinking *sk, vec<gimple *> *out)
{
  mint_compared_variables (sk->outer, sk->control);
  mint_compared_variables (sk->inner, sk->control + 3);
  basic_block *bbs = get_loop_body_in_dom_order (sk->outer);
  bool ok = true;
  for (unsigned b = 0; b < sk->outer->num_nodes && ok; b++)
    {
      basic_block bb = bbs[b];
      if (bb->loop_father != sk->outer)
        continue;
      bool before = bb != sk->outer->header
                    && dominated_by_p (CDI_DOMINATORS, sk->inner->header, bb);
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb);
           !gsi_end_p (gsi) && ok; gsi_next (&gsi))
        {
          gimple *s = gsi_stmt (gsi);
          tree lhs = gimple_get_lhs (s);
          if (is_gimple_debug (s) || gimple_code (s) == GIMPLE_LABEL
              || gimple_code (s) == GIMPLE_NOP
              || (control_p (sk, s) && !(before && inner_bound_p (sk, s)))
              || (gimple_code (s) == GIMPLE_COND && bb == sk->outer->header)
              || gimple_clobber_p (s)
              || (!before && lhs && TREE_CODE (lhs) == SSA_NAME))
            continue;
          if (before)
            out->safe_push (s);
          else
            ok = false;
        }
    }
  free (bbs);
  return ok;
}

/* Takes from BETWEEN, into TAKEN, the statements that set the inner
   loop's bounds (where HOIST), else the other assignments of variables,
   and the temporaries that those read (the others compute the inner
   loop's start); each must compute the same value anywhere in loop L.
   Whether they all can.  */
static bool
take (struct sinking *sk, const vec<gimple *> &between, bool hoist,
      class loop *l, vec<gimple *> *taken)
{
  for (int i = between.length () - 1; i >= 0; i--)
    {
      gimple *s = between[i];
      tree lhs = gimple_get_lhs (s);
      bool needed = (!lhs || TREE_CODE (lhs) != SSA_NAME)
                    && inner_bound_p (sk, s) == hoist;
      for (gimple *m : *taken)
        needed |= mint_reads_p (m, lhs);
      if (!needed)
        continue;
      if (moved_p (sk, s) || !invariant_in (l, s, *taken))
        return false;
      taken->safe_push (s);
    }
  taken->reverse ();
  return true;
}

/* Collects into SK the statements between its loops that move (take).
   Whether they all can move, the bounds before the nest and the others
   to START.  */
static bool
collect (struct sinking *sk, basic_block start)
{
  auto_vec<gimple *> between;
  if (!statements_between (sk, &between)
      || !take (sk, between, true, sk->nest, &sk->hoisted)
      || !take (sk, between, false, sk->inner, &sk->moved))
    return false;
  for (gimple *s : sk->hoisted)
    if (!used_only_inside (sk, s, gimple_get_lhs (s), NULL))
      return false;
  for (gimple *s : sk->moved)
    if (!used_only_inside (sk, s, gimple_get_lhs (s), start))
      return false;
  return !sk->moved.is_empty () || !sk->hoisted.is_empty ();
}

/* Moves the statements between OUTER and INNER, loops of the nest NEST
   of directive MARKER, into INNER and before MARKER where they all can
   move (the file's comment).  */
static void
sink_pair (gimple *marker, class loop *nest, class loop *outer,
           class loop *inner)
{
  struct sinking sk;
  sk.nest = nest;
  sk.outer = outer;
  sk.inner = inner;
  basic_block start = inner_body_start (inner);
  if (!start || !collect (&sk, start))
    return;
  gimple_stmt_iterator before = gsi_for_stmt (marker);
  for (gimple *s : sk.hoisted)
    {
      gimple_stmt_iterator from = gsi_for_stmt (s);
      gsi_move_before (&from, &before);
    }
  gimple_stmt_iterator to = gsi_after_labels (start);
  for (gimple *s : sk.moved)
    {
      gimple_stmt_iterator from = gsi_for_stmt (s);
      gsi_move_before (&from, &to);
    }
}

void
mint_sink_between_loops (gimple *marker, class loop *l0, int depth)
{
  if (!l0)
    return;
  calculate_dominance_info (CDI_DOMINATORS);
  class loop *l = l0;
  for (int d = 1; d < depth && l->inner && !l->inner->next; d++, l = l->inner)
    sink_pair (marker, l0, l, l->inner);
}
