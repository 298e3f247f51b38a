/* body-checks.cc -- the checks of a loop nest's body before it becomes a
   kernel (body-checks.h): the variables it assigns (the loop variables,
   private locals, the reduction variable, data races), the values carried
   from point to point, what the kernel computes (the statements and
   calls a kernel can hold, the accesses it makes) and, on the finished
   Kernel IR, the updates of the reduction variable.  */

#include "gcc-compat.h"
#include "kir.h"
#include "directive.h"
#include "options.h"
#include "device-type.h"
#include "member.h"
#include "helper.h"
#include "reduction.h"
#include "nest.h"
#include "reference.h"
#include "extract-context.h"
#include "nest-recognition.h"
#include "subscripts.h"
#include "body-checks.h"
#include "trial.h"
#include "markers.h"
#include "scalarize.h"

static bool
marker_call_p (gimple *s)
{
  if (!is_gimple_call (s))
    return false;
  tree fn = gimple_call_fndecl (s);
  return fn && DECL_NAME (fn)
         && startswith (IDENTIFIER_POINTER (DECL_NAME (fn)), "__mint_");
}

/* Whether the kernel leaves call S out: a check -fsanitize added
   (mint_sanitizer_call_p), or a prefetch, which changes nothing the
   program computes.  */
bool
mint_call_left_out_p (gimple *s)
{
  if (!is_gimple_call (s) || gimple_call_lhs (s))
    return false;
  if (gimple_call_builtin_p (s, BUILT_IN_PREFETCH))
    return true;
  tree fn = gimple_call_fndecl (s);
  if (!fn && !gimple_call_internal_p (s))
    return false;
  return mint_sanitizer_call_p (fn, fn ? IFN_LAST
                                       : gimple_call_internal_fn (s));
}

/* What note_shared_temporary_cb looks in: a statement of block BB.  */
struct shared_temporaries_walk
{
  struct extract_ctx *cx;
  basic_block bb;
};

/* walk_tree callback: notes an SSA name that DATA's block does not
   assign.  */
static tree
note_shared_temporary_cb (tree *tp, int *walk_subtrees, void *data)
{
  struct shared_temporaries_walk *w = (struct shared_temporaries_walk *) data;
  if (TREE_CODE (*tp) == SSA_NAME)
    {
      gimple *def = SSA_NAME_DEF_STMT (*tp);
      if (!def || gimple_bb (def) != w->bb)
        w->cx->shared_temporaries.add (*tp);
    }
  *walk_subtrees = !TYPE_P (*tp);
  return NULL_TREE;
}

/* Collects the variables the nest assigns, and the SSA names it reads
   outside the block that assigns them.  */
void
mint_collect_nest_writes (struct extract_ctx *cx)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, cx->nest->fun)
    {
      if (!bitmap_bit_p (cx->nest_bbs, bb->index))
        continue;
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
           gsi_next (&gsi))
        {
          tree lhs = gimple_get_lhs (gsi_stmt (gsi));
          if (lhs && mint_var_or_parm_p (lhs))
            cx->nest_written.add (lhs);
          struct shared_temporaries_walk w = { cx, bb };
          for (unsigned i = 0; i < gimple_num_ops (gsi_stmt (gsi)); i++)
            if (gimple_op (gsi_stmt (gsi), i))
              walk_tree (gimple_op_ptr (gsi_stmt (gsi), i),
                         note_shared_temporary_cb, &w, NULL);
        }
    }
}

/* Adds the loop variables of L and the loops inside it to INNER_IVS.  */
static void
collect_inner_ivs (struct extract_ctx *cx, class loop *l)
{
  for (; l; l = l->next)
    {
      tree vars[2];
      mint_compared_variables (l, vars);
      for (tree v : vars)
        if (v)
          cx->inner_ivs.add (v);
      collect_inner_ivs (cx, l->inner);
    }
}

/* Whether each point can have its own copy of VAR, a variable declared
   outside the nest, when it sets VAR before it reads it: a scalar the
   device holds, whose uses are all uses of its name, and of automatic
   storage (a static or global variable outlives the function: whatever
   reads it later would see the value from before the nest).  */
static bool
privatizable_scalar_p (tree var)
{
  return is_gimple_reg_type (TREE_TYPE (var)) && !TREE_ADDRESSABLE (var)
         && !TREE_THIS_VOLATILE (var) && !is_global_var (var)
         && mint_device_type_p (TREE_TYPE (var));
}

/* The write at LOC to VAR, declared outside the nest or static, is a
   data race.  */
static void
report_race (tree var, location_t loc)
{
  if (POINTER_TYPE_P (TREE_TYPE (var)))
    error_at (loc, "mint: write to the pointer %qD, which is declared "
              "outside the loop nest, is a data race: the points of the "
              "nest run at once; a swap between time steps belongs to the "
              "host code around the %<for%> loop nest (put the directive "
              "on the loops over the points)", var);
  else if (mint_member_variable_p (var))
    error_at (loc, "mint: write to the structure member %qD, which is "
              "declared outside the loop nest, is a data race; reduce "
              "into a variable (%<reduction(OP:s)%> of a %qT %<s%> set to "
              "%qD before the nest) and store it into the member after the "
              "nest", var, TREE_TYPE (var), var);
  else if (TREE_STATIC (var) || DECL_EXTERNAL (var))
    error_at (loc, "mint: write to %qD, which has static storage that all "
              "points share, is a data race; use a local of the loop body "
              "that is not %<static%>, or %<reduction(OP:%D)%>", var, var);
  else
    error_at (loc, "mint: write to %qD, which is declared outside the loop "
              "nest, is a data race; declare it inside the loop body or use "
              "%<reduction(OP:%D)%>", var, var);
}

/* Checks the parallel loop variables are assigned only by their loop
   control and classifies what the body assigns: private locals, the
   reduction variables, variables declared outside the nest that each
   point may have its own copy of (outer_writes), or data races.  */
bool
mint_check_assignments (struct extract_ctx *cx)
{
  struct mint_nest *n = cx->nest;
  basic_block bb;
  collect_inner_ivs (cx, cx->body_loop->inner);
  bool ok = true;
  FOR_EACH_BB_FN (bb, n->fun)
    {
      if (!bitmap_bit_p (cx->nest_bbs, bb->index))
        continue;
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
           gsi_next (&gsi))
        {
          gimple *s = gsi_stmt (gsi);
          tree lhs = gimple_get_lhs (s);
          if (!lhs || !mint_var_or_parm_p (lhs)
              || mint_private_array_p (cx, lhs))
            continue;
          bool control = false, iv = false;
          for (int i = 0; i < n->depth; i++)
            if (n->dims[i].iv == lhs)
              {
                iv = true;
                control |= s == n->dims[i].increment
                            || (i > 0 && !mint_in_body (cx, bb)
                                && mint_loop_initialization (n->dims[i].loop,
                                                             lhs) == s);
              }
          if (iv && !control)
            {
              error_at (n->dir->loc, "mint: loop variable %qD is modified in "
                        "the body of the loop nest", lhs);
              inform (gimple_location (s), "modified here");
              ok = false;
              continue;
            }
          if (iv || !mint_in_body (cx, bb))
            continue;
          if (mint_reduction_of (n->dir, lhs) || cx->inner_ivs.contains (lhs)
              || !mint_declared_outside (cx, lhs)
              || mint_private_clause_p (n->dir, lhs))
            cx->body_private.add (lhs);
          else if (privatizable_scalar_p (lhs))
            {
              cx->body_private.add (lhs);
              if (!cx->outer_writes.get (lhs))
                cx->outer_writes.put (lhs, gimple_location (s));
            }
          else if (mint_first_report (cx, lhs))
            {
              report_race (lhs, gimple_location (s));
              ok = false;
            }
        }
    }
  return ok;
}

/* ---- values carried between points ---------------------------------- */

/* The first block of a point: where the innermost parallel loop's
   condition goes on looping.  */
basic_block
mint_body_entry (struct extract_ctx *cx)
{
  edge te, fe;
  extract_true_false_edges_from_block (cx->body_loop->header, &te, &fe);
  return flow_bb_inside_loop_p (cx->body_loop, te->dest) ? te->dest
                                                          : fe->dest;
}

/* Whether S reads VAR; assigning all of VAR is no read.  */
static bool
reads_variable_p (gimple *s, tree var)
{
  tree lhs = gimple_get_lhs (s);
  for (unsigned i = 0; i < gimple_num_ops (s); i++)
    {
      tree op = gimple_op (s, i);
      if (op && !(i == 0 && op == lhs && lhs == var)
          && walk_tree_without_duplicates (&op, mint_mentions_cb, var))
        return true;
    }
  return false;
}

/* Where a walk of first_read_from is: a block, and the loop whose first
   iteration it is in there (NULL: any iteration), whose variable IV
   holds VALUE until the loop's increment.  */
struct read_walk_step
{
  basic_block bb;
  class loop *first;
  tree iv, value;
};

/* Whether loop L runs its first iteration whenever it is entered, with
   its variable *IV at *VALUE until its increment: it counts from a
   constant to a constant at least once, and no call or store through a
   pointer can change its variable.  */
static bool
first_iteration_runs_p (class loop *l, tree *iv, tree *value)
{
  struct mint_loop_dim d;
  if (!mint_constant_loop (l, &d) || mint_constant_trip_count (&d) <= 0
      || TREE_ADDRESSABLE (d.iv) || is_global_var (d.iv))
    return false;
  *iv = d.iv;
  *value = d.init;
  return true;
}

/* The step of the walk after edge E from FROM: in the first iteration of
   the loop E enters, if that runs; in FROM's where E stays in its loop,
   but for a latch edge, which ends an iteration of its loop; else in any
   iteration.  (So a block has one such loop, where it has one: the
   innermost loop around it whose first iteration runs; first_read_from
   keeps two states.)  */
static struct read_walk_step
step_after (edge e, const struct read_walk_step *from)
{
  class loop *l = e->dest->loop_father;
  bool header = e->dest == l->header;
  bool latch = header && flow_bb_inside_loop_p (l, e->src);
  struct read_walk_step to = { e->dest, l, NULL_TREE, NULL_TREE };
  if (header && !latch && first_iteration_runs_p (l, &to.iv, &to.value))
    return to;
  if (latch || !from->first || !flow_bb_inside_loop_p (from->first, e->dest))
    return { e->dest, NULL, NULL_TREE, NULL_TREE };
  to = *from;
  to.bb = e->dest;
  return to;
}

/* Whether the walk at AT, in the first iteration of its loop, may take
   edge E: E does not leave the loop from its header (the first iteration
   runs), and where AT's block ends in a comparison of the loop's
   variable with a constant, that goes E's way.  */
static bool
first_iteration_edge_p (const struct read_walk_step *at, edge e)
{
  if (at->bb == at->first->header)
    return flow_bb_inside_loop_p (at->first, e->dest);
  gcond *c = safe_dyn_cast<gcond *> (mint_last_stmt (at->bb));
  if (!c || gimple_cond_lhs (c) != at->iv
      || TREE_CODE (gimple_cond_rhs (c)) != INTEGER_CST)
    return true;
  tree taken = fold_binary (gimple_cond_code (c), boolean_type_node,
                            fold_convert (TREE_TYPE (at->iv), at->value),
                            gimple_cond_rhs (c));
  if (!taken || TREE_CODE (taken) != INTEGER_CST)
    return true;
  return (e->flags & (integer_zerop (taken) ? EDGE_FALSE_VALUE
                                            : EDGE_TRUE_VALUE)) != 0;
}

/* The first statement on a path from START that may read VAR before the
   path assigns it, or NULL.  WITHIN, if given, bounds the paths to its
   blocks.  Elsewhere code may read a global, static or address-taken
   VAR: a call or the function's return counts as a read of it then.
   A path that enters a loop counting from a constant to a constant runs
   its first iteration (first_iteration_runs_p), up to the loop's
   increment with its variable at its first value: `for (it = 0; it < 30;
   it++) { dx = f / fp; if (fabs (dx) < tol) break; }' sets dx, and
   `if (k == -1) m = a[k];' in a loop from -1 sets m.  */
static gimple *
first_read_from (basic_block start, tree var, sbitmap within)
{
  bool escapes = !within && (TREE_ADDRESSABLE (var) || is_global_var (var));
  auto_vec<struct read_walk_step> work;
  /* Blocks reached in any iteration, and in the first of their loop.  */
  auto_sbitmap seen (last_basic_block_for_fn (cfun));
  auto_sbitmap seen_first (last_basic_block_for_fn (cfun));
  bitmap_clear (seen);
  bitmap_clear (seen_first);
  bitmap_set_bit (seen, start->index);
  work.safe_push ({ start, NULL, NULL_TREE, NULL_TREE });
  while (!work.is_empty ())
    {
      struct read_walk_step at = work.pop ();
      bool killed = false;
      gimple *last = NULL;
      for (gimple_stmt_iterator gsi = gsi_start_bb (at.bb);
           !gsi_end_p (gsi) && !killed; gsi_next (&gsi))
        {
          gimple *s = gsi_stmt (gsi);
          if (is_gimple_debug (s))
            continue;
          if (reads_variable_p (s, var) || (escapes && is_gimple_call (s)))
            return s;
          killed = gimple_get_lhs (s) == var;
          if (at.first && gimple_get_lhs (s) == at.iv)
            at.first = NULL;
          last = s;
        }
      if (killed)
        continue;
      for (edge e : at.bb->succs)
        if (e->dest == EXIT_BLOCK_PTR_FOR_FN (cfun))
          {
            if (escapes && last)
              return last;
          }
        else if ((!within || bitmap_bit_p (within, e->dest->index))
                 && (!at.first || first_iteration_edge_p (&at, e)))
          {
            struct read_walk_step next = step_after (e, &at);
            sbitmap reached = next.first ? seen_first : seen;
            if (bitmap_bit_p (reached, e->dest->index))
              continue;
            bitmap_set_bit (reached, e->dest->index);
            work.safe_push (next);
          }
    }
  return NULL;
}

static int
compare_decl_uids (const void *a, const void *b)
{
  return DECL_UID (*(const tree *) a) - DECL_UID (*(const tree *) b);
}

/* Whether E reads well in a message: a constant or a variable of the
   program.  */
static bool
printable_p (tree e)
{
  return TREE_CODE (e) == INTEGER_CST
         || (DECL_P (e) && DECL_NAME (e) && !DECL_ARTIFICIAL (e));
}

/* The value, printable_p, that the blocks entering loop L last assign to
   VAR (the 0 of for (i = 1, k = 0; ...)), or NULL_TREE.  */
static tree
value_before_loop (class loop *l, tree var)
{
  for (basic_block bb = loop_preheader_edge (l)->src;;
       bb = single_pred (bb))
    {
      for (gimple_stmt_iterator gsi = gsi_last_bb (bb); !gsi_end_p (gsi);
           gsi_prev (&gsi))
        if (gimple_get_lhs (gsi_stmt (gsi)) == var)
          {
            gimple *s = gsi_stmt (gsi);
            tree value = gimple_assign_single_p (s)
                         ? gimple_assign_rhs1 (s) : NULL_TREE;
            return value && printable_p (value) ? value : NULL_TREE;
          }
      if (!single_pred_p (bb))
        return NULL_TREE;
    }
}

/* Reports the read READ (IN_BODY: by a point before it sets VAR, else
   after the nest) of VAR, declared outside the nest, that a point
   assigns or that is private to each point.  */
void
mint_report_carried_read (struct extract_ctx *cx, tree var, gimple *read,
                          bool in_body)
{
  struct mint_nest *n = cx->nest;
  location_t loc = mint_stmt_location (read, n->dir->loc);
  for (int i = 0; i < n->depth; i++)
    if (HOST_WIDE_INT step = mint_increment_step (n->dims[i].loop, var))
      {
        const struct mint_loop_dim *d = &n->dims[i];
        error_at (n->dir->loc, "mint: the parallel loop over %qD counts %qD "
                  "beside its own variable in its increment; its points run "
                  "at once, each with its own %qD", d->iv, var, d->iv);
        tree first = value_before_loop (d->loop, var);
        if (first && printable_p (d->init) && d->step == 1)
          inform (loc, "compute %qD from %qD in the loop body: %<%D = %E + "
                  "%wd * (%D - %E)%>", var, d->iv, var, first, step, d->iv,
                  d->init);
        else if (first && printable_p (d->init))
          inform (loc, "compute %qD from %qD in the loop body: %<%D = %E + "
                  "%wd * ((%D - %E) / %wd)%>", var, d->iv, var, first, step,
                  d->iv, d->init, d->step);
        else
          inform (loc, "compute %qD from %qD in the loop body: its value "
                  "before the loop plus %wd for each step of %qD", var,
                  d->iv, step, d->iv);
        return;
      }
  if (location_t *write = cx->outer_writes.get (var))
    {
      report_race (var, *write);
      if (in_body)
        inform (loc, "%qD cannot be private to each point: a point may read "
                "it here before it sets it, which reads the value that the "
                "previous point left", var);
      else
        inform (loc, "%qD cannot be private to each point: its value after "
                "the loop nest is read here", var);
      return;
    }
  if (mint_private_clause_p (n->dir, var))
    {
      if (in_body && TREE_CODE (TREE_TYPE (var)) == ARRAY_TYPE)
        error_at (loc, "mint: cannot prove that this point of the loop nest "
                  "sets the elements of private %qD that it reads here "
                  "before it reads them; each point has its own copy, which "
                  "starts undefined", var);
      else if (in_body)
        error_at (loc, "mint: private %qD is read here before this point of "
                  "the loop nest sets it; each point has its own copy, which "
                  "starts undefined", var);
      else
        error_at (loc, "mint: the value of private %qD after the loop nest "
                  "is read here; it is undefined (the host loops leave the "
                  "last point%'s value, a kernel the value from before the "
                  "nest)", var);
      if (in_body && TREE_CODE (TREE_TYPE (var)) == ARRAY_TYPE)
        inform (n->dir->loc, "the loop nest; set the elements of %qD before "
                "they are read, in straight-line code or a loop of the body "
                "from a constant to a constant (not to a variable such as "
                "the row%'s length), or drop it from %<private%>", var);
      else
        inform (n->dir->loc, "the loop nest; set %qD before it is read, or "
                "drop it from %<private%>", var);
      return;
    }
  if (in_body)
    error_at (loc, "mint: %qD is read here before this point of the "
              "loop nest sets it, so it would read the value that the "
              "previous point left; that cannot be offloaded", var);
  else
    error_at (loc, "mint: %qD is read here while it may hold the value "
              "that a loop inside the offloaded loop nest left in it; "
              "when the nest runs on the GPU, %qD keeps its value from "
              "before the nest", var, var);
  inform (n->dir->loc, "the loop nest; declare %qD inside it, or set "
          "it before it is read", var);
}

/* The scalars declared outside the nest that the body assigns, other
   than the reduction variables (those of loops inside the body, those
   without a clause, the private ones), and the private ones it does not
   assign.  The host loops carry their values from point to point and
   out of the nest; a kernel has a copy per point, which a launch does
   not copy back.  So a point must set them before it reads them, and
   after the nest the program must set them before it reads them (the
   ones the body assigns).  */
bool
mint_check_carried_variables (struct extract_ctx *cx)
{
  struct mint_nest *n = cx->nest;
  auto_vec<edge> exits = get_loop_exit_edges (n->dims[0].loop);
  auto_vec<tree> vars;
  for (tree var : cx->body_private)
    if (!mint_reduction_of (n->dir, var) && mint_declared_outside (cx, var))
      vars.safe_push (var);
  for (int i = 0; i < n->dir->nprivates; i++)
    {
      tree var = n->dir->privates[i].var;
      if (TREE_CODE (TREE_TYPE (var)) != ARRAY_TYPE
          && !cx->body_private.contains (var))
        vars.safe_push (var);
    }
  vars.qsort (compare_decl_uids);
  bool ok = true;
  for (tree var : vars)
    {
      gimple *read = first_read_from (mint_body_entry (cx), var, cx->body_bbs);
      bool in_body = read != NULL;
      if (!read && cx->body_private.contains (var))
        read = first_read_from (exits[0]->dest, var, NULL);
      if (read)
        {
          mint_report_carried_read (cx, var, read, in_body);
          ok = false;
        }
      else if (cx->outer_writes.get (var) && mint_options.verbose)
        inform (*cx->outer_writes.get (var), "mint: %qD is private to each "
                "point", var);
    }
  return ok;
}

/* ---- what the kernel computes ---------------------------------------- */

static void
need_value (struct extract_ctx *cx, tree t, location_t loc,
            auto_vec<tree> *work)
{
  bool row_pointer = VAR_P (t) && POINTER_TYPE_P (TREE_TYPE (t))
                     && mint_row_pointer_p (cx, t);
  if (TREE_CODE (t) != SSA_NAME && !row_pointer)
    return;
  if (POINTER_TYPE_P (TREE_TYPE (t)))
    {
      /* A computed goto's target (the CFG's `gotovar = p', of no
         location) has the goto's error.  */
      if ((LOCATION_LOCUS (loc) != UNKNOWN_LOCATION
           || cx->nest->dir->computed_goto_loc == UNKNOWN_LOCATION)
          && (!row_pointer || mint_first_report (cx, t))
          && mint_first_report_at (cx, loc))
        error_at (loc, "mint: the loop body computes with a pointer value; "
                  "only array subscripts can be offloaded");
      cx->ok = false;
      return;
    }
  if (!cx->needed.add (t))
    work->safe_push (t);
}

static void
need_access (struct extract_ctx *cx, tree ref, location_t loc,
             auto_vec<tree> *work)
{
  struct table_read table;
  if (mint_kernel_table (cx, ref, &table))
    {
      for (int i = 0; i < table.nindex; i++)
        need_value (cx, table.index[i], loc, work);
      return;
    }
  struct tree_access acc;
  if (!mint_resolve_access (cx, ref, loc, &acc))
    {
      cx->ok = false;
      return;
    }
  for (int i = 0; i < acc.rank; i++)
    for (int j = 0; j < acc.index[i].nterms; j++)
      {
        tree leaf = acc.index[i].leaf[j];
        if (INTEGRAL_TYPE_P (TREE_TYPE (leaf)))
          {
            need_value (cx, leaf, loc, work);
            continue;
          }
        char *name = mint_object_text (acc.root);
        error_at (loc, "mint: a subscript of %qs is not an integer "
                  "expression", name);
        free (name);
        cx->ok = false;
      }
}

/* Whether VALUE, stored to the member REF, combines REF's own value
   with another by +, -, *, min or max (`st.mass += u[i]').  */
static bool
accumulates (tree value, tree ref)
{
  gimple *def = value && TREE_CODE (value) == SSA_NAME
                ? SSA_NAME_DEF_STMT (value) : NULL;
  if (!def || !is_gimple_assign (def))
    return false;
  enum tree_code code = gimple_assign_rhs_code (def);
  if (code != PLUS_EXPR && code != MINUS_EXPR && code != MULT_EXPR
      && code != MIN_EXPR && code != MAX_EXPR)
    return false;
  for (int i = 1; i <= 2; i++)
    {
      tree op = gimple_op (def, i);
      gimple *load = TREE_CODE (op) == SSA_NAME ? SSA_NAME_DEF_STMT (op)
                                                : NULL;
      if (load && gimple_assign_load_p (load)
          && operand_equal_p (gimple_assign_rhs1 (load), ref, 0))
        return true;
    }
  return false;
}

/* If the store operand REF writes a structure member (not an element of
   a member array, which is an array store), reports it and returns
   true; VALUE: what is stored, or NULL.  */
static bool
store_to_member (struct extract_ctx *cx, tree ref, tree value,
                 location_t loc)
{
  tree t = ref;
  while (TREE_CODE (t) == ARRAY_REF)
    t = TREE_OPERAND (t, 0);
  if (TREE_CODE (t) != COMPONENT_REF
      || (t != ref && TREE_CODE (TREE_TYPE (t)) == ARRAY_TYPE))
    return false;
  if (mint_member_of_local_p (cx, t))
    {
      if (mint_first_report (cx, get_base_address (t)))
        error_at (loc, "mint: the loop body uses the %s variable %qD "
                  "declared in it; only variables, arrays of scalars, and "
                  "structures of scalars used member by member or copied "
                  "whole can be private to a point",
                  TREE_CODE (TREE_TYPE (get_base_address (t))) == UNION_TYPE
                  ? "union" : "structure", get_base_address (t));
      cx->ok = false;
      return true;
    }
  struct rebuild rb = { NULL, NULL_TREE };
  tree member = mint_rebuild_ref (&rb, ref);
  static const char fix[] = "a kernel writes only elements of the arrays "
    "copied to the device; use a variable declared in the loop body";
  if (member)
    {
      auto_diagnostic_group group;
      char *name = mint_object_text (member);
      error_at (loc, "mint: the loop body writes the structure member %qs; "
                "%s", name, fix);
      if (accumulates (value, ref))
        inform (loc, "to combine a value over the points, accumulate it in "
                "a scalar variable with a %<reduction%> clause and assign "
                "%qs after the loop nest", name);
      free (name);
    }
  else
    error_at (loc, "mint: the loop body writes a member of a structure "
              "that it selects by a subscript that varies (an element of an "
              "array of structures) or through a pointer it computes; a "
              "kernel writes only elements of arrays of scalars copied to "
              "the device: keep each member in an array of its own");
  cx->ok = false;
  return true;
}

/* The operands of S's right-hand side are needed.  */
static void
need_rhs (struct extract_ctx *cx, gimple *s, auto_vec<tree> *work)
{
  location_t loc = gimple_location (s);
  tree rhs1 = gimple_assign_rhs1 (s);
  tree culprit = NULL_TREE;
  if (gimple_assign_single_p (s) && mint_memory_ref_p (rhs1))
    {
      /* A member's value is a scalar of the kernel: nothing to compute.  */
      if (!mint_member_value (cx, rhs1, &culprit))
        need_access (cx, rhs1, loc, work);
      return;
    }
  for (unsigned i = 1; i < gimple_num_ops (s); i++)
    {
      tree op = gimple_op (s, i);
      if (op && COMPARISON_CLASS_P (op))
        {
          need_value (cx, TREE_OPERAND (op, 0), loc, work);
          need_value (cx, TREE_OPERAND (op, 1), loc, work);
        }
      else if (op)
        need_value (cx, op, loc, work);
    }
}

/* Whether call S of M, a math function the device has, returns M's
   type: not where the program declares it otherwise, as C's implicit
   declaration `int j0 ()' of a function <math.h> leaves out.  */
static bool
math_return_type_ok (gimple *s, const struct kir_math *m)
{
  const gcall *call = as_a<const gcall *> (s);
  enum kir_type ret = mint_kir_type (gimple_call_return_type (call));
  if (ret == m->ret)
    return true;
  error_at (gimple_location (s), "mint: call to %qD, declared to return "
            "%qT, cannot run on the device, whose %qs returns %qs (is it "
            "declared implicitly?)", gimple_call_fndecl (s),
            gimple_call_return_type (call), m->name, kir_type_name (m->ret));
  return false;
}

/* The name kir_math_function knows call S's function by: its own, but a
   float's type-generic __builtin_signbit (C's signbit) is signbitf.  */
const char *
mint_callee_name (gimple *s)
{
  if (gimple_call_builtin_p (s, BUILT_IN_SIGNBIT)
      && TYPE_MODE (TREE_TYPE (gimple_call_arg (s, 0))) == SFmode)
    return "__builtin_signbitf";
  return IDENTIFIER_POINTER (DECL_NAME (gimple_call_fndecl (s)));
}

/* The error for the internal call S (GCC's own operation, of no
   declared function).  */
static void
report_internal_call (const gimple *s)
{
  enum internal_fn f = gimple_call_internal_fn (s);
  const char *overflow = f == IFN_ADD_OVERFLOW ? "add"
                         : f == IFN_SUB_OVERFLOW ? "sub"
                         : f == IFN_MUL_OVERFLOW ? "mul" : NULL;
  if (overflow)
    error_at (gimple_location (s), "mint: %<__builtin_%s_overflow%> cannot "
              "run on the device; compute the value in a wider type and "
              "compare it with the limits", overflow);
  else
    error_at (gimple_location (s), "mint: GCC%'s internal operation %qs "
              "cannot run on the device", internal_fn_name (f));
}

/* Whether FN is one of GCC's __atomic or __sync functions (the loads
   and stores of an `_Atomic' variable).  */
static bool
atomic_builtin_p (tree fn)
{
  if (!fndecl_built_in_p (fn, BUILT_IN_NORMAL))
    return false;
  enum built_in_function code = DECL_FUNCTION_CODE (fn);
  return (code >= BUILT_IN_ATOMIC_TEST_AND_SET
          && code <= BUILT_IN_ATOMIC_SIGNAL_FENCE)
         || (code >= BUILT_IN_SYNC_FETCH_AND_ADD_N
             && code <= BUILT_IN_SYNC_SYNCHRONIZE);
}

/* The C name of FN where GCC made its call of another function's: puts
   and putchar for a printf of a plain string or character, fwrite,
   fputs and fputc for an fprintf; else NULL.  */
static const char *
print_builtin_name (tree fn)
{
  if (!fndecl_built_in_p (fn, BUILT_IN_NORMAL))
    return NULL;
  switch (DECL_FUNCTION_CODE (fn))
    {
    case BUILT_IN_PUTS: return "puts";
    case BUILT_IN_PUTCHAR: return "putchar";
    case BUILT_IN_FWRITE: return "fwrite";
    case BUILT_IN_FPUTS: return "fputs";
    case BUILT_IN_FPUTC: return "fputc";
    default: return NULL;
    }
}

static bool
device_callee_p (struct extract_ctx *cx, gimple *s)
{
  tree fn = gimple_call_fndecl (s);
  if (fn && marker_call_p (s))
    {
      /* The end of a single block is reported at its start.  */
      if (strcmp (IDENTIFIER_POINTER (DECL_NAME (fn)),
                  MINT_MARKER_SINGLE_END) != 0)
        error_at (gimple_location (s), "mint: %<#pragma mint%> directives "
                  "cannot stand inside a %<#pragma mint for%> loop nest");
      return false;
    }
  if (fn && (gimple_call_builtin_p (s, BUILT_IN_STACK_SAVE)
             || gimple_call_builtin_p (s, BUILT_IN_STACK_RESTORE)))
    return false;       /* of a variable-length array: reported at it */
  if (fn && gimple_call_builtin_p (s, BUILT_IN_ALLOCA_WITH_ALIGN))
    {
      tree ptr = gimple_call_lhs (s);
      tree vla = ptr ? mint_vla_of_pointer (ptr) : NULL_TREE;
      if (vla)
        error_at (gimple_location (s), "mint: the loop body declares %qD, "
                  "an array of a variable length; it cannot be private to a "
                  "point (give it a constant length)", vla);
      else
        error_at (gimple_location (s), "mint: the loop body declares an "
                  "array of a variable length; it cannot be private to a "
                  "point");
      return false;
    }
  const struct kir_math *math = fn && !gimple_call_internal_p (s)
                                ? kir_math_lookup (mint_callee_name (s))
                                : NULL;
  if (!math)
    {
      /* Copies of one call, from a helper inlined more than once, get
         one error.  */
      if (fn && !mint_first_report_at (cx, gimple_location (s)))
        return false;
      auto_diagnostic_group group;
      if (fn && atomic_builtin_p (fn))
        error_at (gimple_location (s), "mint: the loop body uses an "
                  "%<_Atomic%> variable or an atomic operation (%qD), which "
                  "the device code does not have; a variable of the body is "
                  "private to each point and needs no %<_Atomic%>", fn);
      else if (const char *printing = fn ? print_builtin_name (fn) : NULL)
        error_at (gimple_location (s), "mint: a call to %qs (GCC%'s form "
                  "of a %<printf%> or %<fprintf%> here) cannot run on the "
                  "device: a loop nest cannot print; keep what to print in "
                  "an array and print it after the nest", printing);
      else if (fn)
        {
          error_at (gimple_location (s), "mint: call to %qD cannot run on "
                    "the device", fn);
          location_t where;
          const char *problem = mint_helper_problem (fn, &where);
          if (problem && where != UNKNOWN_LOCATION)
            inform (where, "here in %qD: a loop body can call it when it "
                    "computes one value from its parameters (declarations, "
                    "assignments to its locals, %<if%> and %<return%>), but "
                    "%s", fn, problem);
          else if (decl_function_context (fn))
            inform (DECL_SOURCE_LOCATION (fn), "%qD is a function nested in "
                    "another (a GNU extension), which a loop nest cannot "
                    "call; define it at file scope", fn);
          else if (problem)
            inform (DECL_SOURCE_LOCATION (fn), "%qD is defined here; a "
                    "loop body can call it when it computes one value from "
                    "its parameters (declarations, assignments to its "
                    "locals, %<if%> and %<return%>), but %s", fn, problem);
          else
            inform (DECL_SOURCE_LOCATION (fn), "%qD is declared here; a "
                    "%<#pragma mint for%> loop nest can call the C math "
                    "functions, and functions defined in this file that "
                    "compute one value from their parameters", fn);
        }
      else if (gimple_call_internal_p (s))
        report_internal_call (s);
      else
        error_at (gimple_location (s), "mint: an indirect call cannot run "
                  "on the device");
      return false;
    }
  return math_return_type_ok (s, math);
}

/* The C name of statement S's kind, for a diagnostic; GCC's own name of
   its GIMPLE code for kinds C does not name.  */
static const char *
statement_name (const gimple *s)
{
  switch (gimple_code (s))
    {
    case GIMPLE_SWITCH:
      return "switch";
    case GIMPLE_ASM:
      return "asm";
    case GIMPLE_GOTO:
      return "computed goto";
    default:
      return gimple_code_name[gimple_code (s)];
    }
}

/* Where S, a statement of CX's body, stands in the source: a computed
   goto's location is lost in the CFG (`goto gotovar.2'), the front end
   noted it.  */
static location_t
statement_location (struct extract_ctx *cx, gimple *s)
{
  location_t loc = gimple_location (s);
  if (gimple_code (s) == GIMPLE_GOTO && LOCATION_LOCUS (loc) == UNKNOWN_LOCATION
      && cx->nest->dir->computed_goto_loc != UNKNOWN_LOCATION)
    return cx->nest->dir->computed_goto_loc;
  return loc;
}

/* Whether S, an assignment to a whole private array, is its end of life,
   or its zeroing (`double w[8] = { 0 };') or a string's characters (`char
   s[8] = "abc";') where it can be private; reports any other.  */
static bool
check_whole_private (struct extract_ctx *cx, gimple *s)
{
  tree lhs = gimple_assign_lhs (s), rhs = gimple_assign_rhs1 (s);
  tree elem = TREE_TYPE (TREE_TYPE (lhs));
  if (gimple_clobber_p (s))
    return true;
  if ((TREE_CODE (rhs) == CONSTRUCTOR && CONSTRUCTOR_NELTS (rhs) == 0)
      || (TREE_CODE (rhs) == STRING_CST
          && TREE_CODE (elem) == INTEGER_TYPE
          && integer_onep (TYPE_SIZE_UNIT (elem))))
    {
      if (mint_check_private (cx, lhs, -1, gimple_location (s)))
        return true;
    }
  else
    error_at (gimple_location (s), "mint: the loop body assigns the whole "
              "array %qD; only its elements can be assigned in a kernel",
              lhs);
  cx->ok = false;
  return false;
}

bool
mint_unread_unholdable_p (struct extract_ctx *cx, tree v)
{
  if (!VAR_P (v) || TREE_ADDRESSABLE (v) || AGGREGATE_TYPE_P (TREE_TYPE (v))
      || mint_kir_type (TREE_TYPE (v)) != KIR_VOID
      || mint_declared_outside (cx, v))
    return false;
  basic_block *bbs = get_loop_body (cx->body_loop);
  bool read = false;
  for (unsigned i = 0; i < cx->body_loop->num_nodes && !read; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[i]);
         !gsi_end_p (gsi) && !read; gsi_next (&gsi))
      read = mint_reads_p (gsi_stmt (gsi), v);
  free (bbs);
  return !read;
}

/* Marks what the body needs, from its effects (stores, assignments to
   variables, branches, calls) back through the temporaries.  Address
   arithmetic that mint_resolve_access folds into subscripts is not needed.  */
void
mint_mark_needed (struct extract_ctx *cx, basic_block *bbs, unsigned nbbs)
{
  auto_vec<tree> work;
  gimple *incr = cx->nest->dims[cx->nest->depth - 1].increment;
  for (unsigned i = 0; i < nbbs; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[i]); !gsi_end_p (gsi);
         gsi_next (&gsi))
      {
        gimple *s = gsi_stmt (gsi);
        location_t loc = gimple_location (s);
        if (s == incr)
          continue;
        switch (gimple_code (s))
          {
          case GIMPLE_ASSIGN:
            {
              tree lhs = gimple_assign_lhs (s);
              if (TREE_CODE (lhs) == SSA_NAME
                  || mint_unread_unholdable_p (cx, lhs))
                break;
              if (mint_private_array_p (cx, lhs))
                {
                  check_whole_private (cx, s);
                  break;
                }
              /* Its accesses are its array's; a row of an array of
                 pointers that is not, its uses' errors say why.  */
              if (POINTER_TYPE_P (TREE_TYPE (lhs))
                  && (mint_row_pointer_p (cx, lhs)
                      || (VAR_P (lhs) && mint_row_table_load_p (s))))
                break;
              if (!mint_var_or_parm_p (lhs)
                  && !store_to_member (cx, lhs, gimple_assign_rhs1 (s), loc))
                need_access (cx, lhs, loc, &work);
              need_rhs (cx, s, &work);
              break;
            }
          case GIMPLE_COND:
            need_value (cx, gimple_cond_lhs (s), loc, &work);
            need_value (cx, gimple_cond_rhs (s), loc, &work);
            break;
          case GIMPLE_SWITCH:
            need_value (cx, gimple_switch_index (as_a<gswitch *> (s)), loc,
                        &work);
            break;
          case GIMPLE_CALL:
            {
              if (mint_call_left_out_p (s))
                break;
              /* Reported here, not again at each use.  */
              if (gimple_call_builtin_p (s, BUILT_IN_ALLOCA_WITH_ALIGN)
                  && gimple_call_lhs (s)
                  && mint_vla_of_pointer (gimple_call_lhs (s)))
                mint_first_report (cx,
                                   mint_vla_of_pointer (gimple_call_lhs (s)));
              if (!device_callee_p (cx, s))
                {
                  /* The results of an internal call (the value and the
                     flag of __builtin_mul_overflow): reported here.  */
                  if (gimple_call_internal_p (s) && gimple_call_lhs (s)
                      && DECL_P (gimple_call_lhs (s)))
                    mint_first_report (cx, gimple_call_lhs (s));
                  cx->ok = false;
                  break;
                }
              tree lhs = gimple_call_lhs (s);
              if (lhs && mint_memory_ref_p (lhs)
                  && !store_to_member (cx, lhs, NULL_TREE, loc))
                need_access (cx, lhs, loc, &work);
              for (unsigned a = 0; a < gimple_call_num_args (s); a++)
                need_value (cx, gimple_call_arg (s, a), loc, &work);
              break;
            }
          case GIMPLE_LABEL:
          case GIMPLE_DEBUG:
          case GIMPLE_NOP:
          case GIMPLE_PREDICT:
            break;
          default:
            {
              const char *name = statement_name (s);
              error_at (statement_location (cx, s), "mint: %s %qs statement "
                        "cannot be offloaded",
                        strchr ("aeiou", name[0]) ? "an" : "a", name);
            }
            cx->ok = false;
            break;
          }
      }

  while (!work.is_empty ())
    {
      tree t = work.pop ();
      gimple *def = mint_body_def (cx, t);
      if (!def)
        {
          error_at (cx->nest->dir->loc, "mint: the loop body uses a value "
                    "computed outside the loop nest that cannot be passed "
                    "to the device");
          cx->ok = false;
        }
      else if (is_gimple_assign (def))
        need_rhs (cx, def, &work);
    }
}

/* Whether S computes |, & or ^ (`changed |= v != a[i]' on an int).  */
static bool
bitwise_update_p (const struct kir_stmt *s)
{
  return s->kind == KIR_ASSIGN
         && (s->op == KIR_OR || s->op == KIR_AND || s->op == KIR_XOR);
}

/* Where statement STMT of BLOCK of NEST's kernel is (-1: the block's
   branch), else the directive.  */
static location_t
fault_location (const struct mint_nest *nest, int block, int stmt)
{
  const struct kir_block *b = &nest->kernel->blocks[block];
  int s = stmt >= 0 ? stmt : b->nstmts - 1;
  return s >= 0 && b->stmts[s].loc ? (location_t) b->stmts[s].loc
                                   : nest->dir->loc;
}

/* Reports fault F at LOC, of a flag: reduction variable VAR set to a
   constant (reduction.h), under operator MAX (else min).  */
static void
report_flag_fault (const struct mint_nest *nest, tree var, bool max,
                   const struct kir_reduction_fault *f, location_t loc)
{
  location_t dir = nest->dir->loc;
  switch (f->kind)
    {
    case KIR_REDUCTION_CONSTANTS:
      error_at (loc, "mint: reduction variable %qD is set to two different "
                "constants; the program ends with the one that the last "
                "point setting it sets, which the GPU cannot know", var);
      inform (fault_location (nest, f->other_block, f->other_stmt),
              "%qD is set to the other constant here", var);
      inform (dir, "to keep the %s, write each as an update, %<%D = %D %s "
              "K ? %D : K;%>", max ? "greatest" : "least", var, var,
              max ? ">" : "<", var);
      break;
    case KIR_REDUCTION_RESET:
      error_at (loc, "mint: reduction variable %qD is set to a constant and "
                "also updated; a point that sets it drops what the points "
                "before it found, which the GPU, where each point starts "
                "from the operator%'s identity, cannot do", var);
      inform (fault_location (nest, f->other_block, f->other_stmt),
              "%qD is updated here", var);
      inform (dir, "a variable set to a constant (a flag) may not be "
              "updated otherwise; use one variable for each");
      break;
    case KIR_REDUCTION_IDENTITY:
      error_at (loc, "mint: reduction variable %qD is set to a value that "
                "the GPU cannot tell from its start at the operator%'s "
                "identity (the identity itself, or a NaN)", var);
      inform (dir, "a flag is set to a constant other than the identity: "
              "%<if (...) %D = 1;%> under %<max%>, %<if (...) %D = 0;%> "
              "under %<min%>", var, var);
      break;
    default:
      gcc_unreachable ();
    }
}

/* Reports where the body uses its reduction variable other than to
   update it by the clause's operator (reduction.h); whether none does.  */
bool
mint_check_reductions (struct mint_nest *nest)
{
  struct kir_kernel *k = nest->kernel;
  for (int r = 0; r < k->nreductions; r++)
    {
      struct kir_reduction_fault f;
      if (kir_check_reduction (k, r, &f, &k->reductions[r].stores_flag) == 0)
        continue;
      tree var = nest->reductions[r];
      const struct kir_block *b = &k->blocks[f.block];
      location_t loc = fault_location (nest, f.block, f.stmt);
      switch (f.kind)
        {
        case KIR_REDUCTION_READ:
          if (f.stmt >= 0 && bitwise_update_p (&b->stmts[f.stmt])
              && TREE_CODE (TREE_TYPE (var)) != BOOLEAN_TYPE)
            {
              error_at (loc, "mint: reduction variable %qD is updated with "
                        "a bitwise operator, which no reduction clause "
                        "combines for an integer", var);
              inform (loc, "declare %qD %<_Bool%> (%<|%> then updates "
                      "it as %<max%> does), or write %<if (...) %D = 1;%> "
                      "with %<reduction(max:%D)%>", var, var, var);
              break;
            }
          error_at (loc, "mint: the loop body uses the value of reduction "
                    "variable %qD other than to update it; on the GPU each "
                    "point sees only its own part of it", var);
          break;
        case KIR_REDUCTION_OPERATOR:
          error_at (loc, "mint: reduction variable %qD is updated with an "
                    "operator other than its clause%'s", var);
          break;
        case KIR_REDUCTION_ROUNDED:
          error_at (loc, "mint: reduction variable %qD has an integer type "
                    "but is updated in floating-point arithmetic, which "
                    "rounds at each point on the CPU and once on the GPU",
                    var);
          break;
        case KIR_REDUCTION_VALUE:
          error_at (loc, "mint: reduction variable %qD is assigned a value "
                    "that is not its update by the clause%'s operator", var);
          break;
        case KIR_REDUCTION_CONSTANTS:
        case KIR_REDUCTION_RESET:
        case KIR_REDUCTION_IDENTITY:
          report_flag_fault (nest, var, k->reductions[r].op == KIR_RED_MAX,
                             &f, loc);
          return false;
        case KIR_REDUCTION_WRAPPED:
          error_at (loc, "mint: the update of reduction variable %qD "
                    "converts a value to an integer type that does not "
                    "hold all its values (a narrower one, or signed and "
                    "unsigned mixed), which wraps them; on the GPU each "
                    "point starts from the operator%'s identity, so the "
                    "result would differ", var);
          break;
        }
      inform (nest->dir->loc, "a point may only update it as %<%D = %D OP "
              "expr%>, %<%D = fmin (%D, expr)%> or %<if (expr < %D) %D = "
              "expr;%> (max alike), with an expr that does not use it",
              var, var, var, var, var, var);
      return false;
    }
  return true;
}
