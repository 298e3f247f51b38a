/* for-statement.cc -- the statement that follows a `for' directive, at
   PLUGIN_PRE_GENERICIZE (for-statement.h): how many `for' statements are
   perfectly nested there, the loop that ends the chain, the jumps that
   leave its loops; or what stands there instead of a `for' statement.

   GCC 12's C front end keeps FOR_STMT, WHILE_STMT and DO_STMT until
   c_genericize, after this point: the C source's own loop statements,
   however macros and _Pragma spell them.  The GIMPLE pass sees every
   kind of loop alike.  */

#include "gcc-compat.h"
#include "directive.h"
#include "for-statement.h"
#include "gotos-into.h"

static bool
debug_marker_p (tree stmt)
{
  return TREE_CODE (stmt) == DEBUG_BEGIN_STMT;
}

/* The next two statements after I in its list, debug markers skipped;
   NULL_TREE past the end.  */
static void
statements_after (tree_stmt_iterator i, tree next[2])
{
  int n = 0;
  next[0] = next[1] = NULL_TREE;
  for (tsi_next (&i); !tsi_end_p (i) && n < 2; tsi_next (&i))
    if (!debug_marker_p (tsi_stmt (i)))
      next[n++] = tsi_stmt (i);
}

/* The last statement of LIST (a statement or a STATEMENT_LIST), debug
   markers skipped, or NULL_TREE.  */
static tree
last_statement (tree list)
{
  if (!list || TREE_CODE (list) != STATEMENT_LIST)
    return list;
  tree last = NULL_TREE;
  for (tree_stmt_iterator i = tsi_start (list); !tsi_end_p (i); tsi_next (&i))
    if (!debug_marker_p (tsi_stmt (i)))
      last = tsi_stmt (i);
  return last;
}

static bool
for_stmt_p (tree stmt)
{
  tree body;
  const char *kind = stmt ? mint_loop_statement (stmt, &body) : NULL;
  return kind && strcmp (kind, "for") == 0;
}

/* The FOR_STMT that NEXT[0], the statement after a `for' directive,
   begins, or NULL_TREE.  Since C99 the for statement is the BIND_EXPR
   that the directive made its scope keep (pragma.cc): it has the
   FOR_STMT's location and ends with it, after the declarations or the
   expression of its initialization; a braced block has the location of
   its brace.  C90 gives the for statement no scope: its initialization
   expression, if any, stands before the FOR_STMT (NEXT[1]) in the same
   list, where a separate expression statement would too.  */
static tree
for_statement_after (tree next[2])
{
  tree stmt = next[0], body;
  if (!stmt)
    return NULL_TREE;
  if (for_stmt_p (stmt))
    return stmt;
  if (TREE_CODE (stmt) == BIND_EXPR)
    {
      tree last = last_statement (BIND_EXPR_BODY (stmt));
      if (for_stmt_p (last) && EXPR_LOCATION (last) == EXPR_LOCATION (stmt))
        return last;
      return NULL_TREE;
    }
  if (!flag_isoc99 && EXPR_P (stmt) && TREE_CODE (stmt) != LABEL_EXPR
      && !mint_loop_statement (stmt, &body) && for_stmt_p (next[1]))
    return next[1];
  return NULL_TREE;
}

/* The only loop statement at the top of BODY (looking into braces), or
   NULL_TREE if it has none or several.  */
static tree
only_loop_in (tree body)
{
  tree found = NULL_TREE, inner;
  if (!body)
    return NULL_TREE;
  if (TREE_CODE (body) == BIND_EXPR)
    return only_loop_in (BIND_EXPR_BODY (body));
  if (TREE_CODE (body) != STATEMENT_LIST)
    return mint_loop_statement (body, &inner) ? body : NULL_TREE;
  for (tree_stmt_iterator i = tsi_start (body); !tsi_end_p (i); tsi_next (&i))
    {
      tree s = tsi_stmt (i);
      tree loop = TREE_CODE (s) == BIND_EXPR ? only_loop_in (s)
                  : mint_loop_statement (s, &inner) ? s : NULL_TREE;
      if (loop && found)
        return NULL_TREE;
      if (loop)
        found = loop;
    }
  return found;
}

/* Records in D how many `for' statements from FOR_STMT down are
   perfectly nested as far as their loop statements go (the GIMPLE pass
   checks the statements in between), and the `while' or `do' loop that
   ends the chain, if one does.  */
static void
note_for_nest (tree for_stmt, struct mint_directive *d)
{
  tree body;
  mint_loop_statement (for_stmt, &body);
  for (d->for_depth = 1; d->for_depth < 3; d->for_depth++)
    {
      tree inner = only_loop_in (body);
      if (!inner)
        return;
      if (!for_stmt_p (inner))
        {
          d->other_loop = mint_loop_statement (inner, &body);
          d->other_loop_loc = EXPR_LOCATION (inner);
          return;
        }
      mint_loop_statement (inner, &body);
    }
}

/* The MIN_EXPR or MAX_EXPR that T, a `?:' of integers without side
   effects, computes (MIN (a, b) as a macro: a < b ? a : b, which the
   front end may have folded to a + -1 <= b ? ...), or NULL_TREE.  */
static tree
selection_as_min_max (tree t)
{
  tree c = TREE_OPERAND (t, 0), x = TREE_OPERAND (t, 1),
       y = TREE_OPERAND (t, 2);
  if (!INTEGRAL_TYPE_P (TREE_TYPE (t)) || TREE_SIDE_EFFECTS (t)
      || !COMPARISON_CLASS_P (c) || !x || !y)
    return NULL_TREE;
  static const enum tree_code codes[] = { LT_EXPR, LE_EXPR, GT_EXPR,
                                          GE_EXPR };
  for (int swap = 0; swap < 2; swap++)
    for (enum tree_code code : codes)
      {
        tree a = swap ? y : x, b = swap ? x : y;
        if (!operand_equal_p (fold_build2 (code, TREE_TYPE (c), a, b), c, 0))
          continue;
        /* x < y ? x : y and y > x ? x : y take the smaller.  */
        bool smaller = (code == LT_EXPR || code == LE_EXPR) == !swap;
        return fold_build2 (smaller ? MIN_EXPR : MAX_EXPR, TREE_TYPE (t),
                            fold_convert (TREE_TYPE (t), x),
                            fold_convert (TREE_TYPE (t), y));
      }
  return NULL_TREE;
}

/* walk_tree callback: a `?:' that is a minimum or maximum becomes one;
   any other stops the walk.  */
static tree
fold_selection_cb (tree *tp, int *, void *)
{
  if (TREE_CODE (*tp) != COND_EXPR)
    return NULL_TREE;
  tree m = selection_as_min_max (*tp);
  if (!m)
    return *tp;
  *tp = m;
  return NULL_TREE;
}

/* COND, a test `i < x && i < y' (or `i > x && i > y', with `<=' or
   `>=' alike, the variable on either side) without side effects, as
   `i < MIN (x, y)' (or MAX); else COND.  */
static tree
conjunction_as_bound (tree cond)
{
  if ((TREE_CODE (cond) != TRUTH_ANDIF_EXPR
       && TREE_CODE (cond) != TRUTH_AND_EXPR)
      || TREE_SIDE_EFFECTS (cond))
    return cond;
  tree sides[2][2];
  enum tree_code codes[2];
  for (int k = 0; k < 2; k++)
    {
      tree c = TREE_OPERAND (cond, k);
      if (TREE_CODE (c) != LT_EXPR && TREE_CODE (c) != LE_EXPR
          && TREE_CODE (c) != GT_EXPR && TREE_CODE (c) != GE_EXPR)
        return cond;
      codes[k] = TREE_CODE (c);
      sides[k][0] = TREE_OPERAND (c, 0);
      sides[k][1] = TREE_OPERAND (c, 1);
    }
  /* The variable both compare, first: `x > i' is `i < x'.  */
  tree var = NULL_TREE;
  for (int j = 0; j < 2 && !var; j++)
    if (DECL_P (sides[0][j])
        && (operand_equal_p (sides[0][j], sides[1][0], 0)
            || operand_equal_p (sides[0][j], sides[1][1], 0)))
      var = sides[0][j];
  if (!var)
    return cond;
  for (int k = 0; k < 2; k++)
    if (!operand_equal_p (sides[k][0], var, 0))
      {
        std::swap (sides[k][0], sides[k][1]);
        codes[k] = swap_tree_comparison (codes[k]);
      }
  /* `i <= 63' that the front end made of `i < 64'.  */
  for (int k = 0; k < 2; k++)
    if (codes[k] != codes[1 - k] && TREE_CODE (sides[k][1]) == INTEGER_CST
        && (codes[k] == LE_EXPR || codes[k] == GE_EXPR))
      {
        bool le = codes[k] == LE_EXPR;
        tree type = TREE_TYPE (sides[k][1]);
        tree limit = le ? TYPE_MAX_VALUE (type) : TYPE_MIN_VALUE (type);
        if (tree_int_cst_equal (sides[k][1], limit))
          return cond;
        sides[k][1] = fold_build2 (le ? PLUS_EXPR : MINUS_EXPR, type,
                                   sides[k][1], build_one_cst (type));
        codes[k] = le ? LT_EXPR : GT_EXPR;
      }
  if (codes[0] != codes[1]
      || !types_compatible_p (TREE_TYPE (sides[0][1]),
                              TREE_TYPE (sides[1][1])))
    return cond;
  bool below = codes[0] == LT_EXPR || codes[0] == LE_EXPR;
  tree bound = fold_build2 (below ? MIN_EXPR : MAX_EXPR,
                            TREE_TYPE (sides[0][1]), sides[0][1],
                            sides[1][1]);
  return fold_build2 (codes[0], TREE_TYPE (cond), sides[0][0], bound);
}

/* The conditions of the DEPTH perfectly nested `for' statements from
   FOR_STMT with each `?:' that takes the smaller or larger of two
   values (MIN and MAX macros in a bound) as a MIN_EXPR or MAX_EXPR,
   which GIMPLE computes without branching, and a test against two
   bounds as one against the nearer (conjunction_as_bound): a bound must
   be one value computed in the loop's test.  Returns a `?:' that is
   neither, or NULL_TREE.  */
static tree
fold_bound_selections (tree for_stmt, int depth)
{
  tree loop = for_stmt, body;
  for (int level = 0; loop && level < depth; level++)
    {
      if (tree *cond = mint_for_condition (loop))
        {
          if (*cond)
            *cond = conjunction_as_bound (*cond);
          if (tree other = walk_tree (cond, fold_selection_cb, NULL, NULL))
            return other;
        }
      mint_loop_statement (loop, &body);
      loop = only_loop_in (body);
    }
  return NULL_TREE;
}

/* What scan_nest_jumps walks: the chain of perfectly nested `for'
   statements, and around the statement looked at, the innermost loop
   and the innermost loop or switch (NULL_TREE: none inside the nest) and
   how many loops of the chain hold it.  */
struct nest_jump_scan
{
  tree chain[3];
  int chain_length;
  tree loop, breakable;
  int level;
  hash_map<tree, int> label_level;      /* labels in the nest */
  auto_vec<tree> gotos;                 /* to a label, in source order */
  auto_vec<int> goto_levels;
  struct mint_directive *d;
};

/* The level of the chain's loop LOOP, or -1 if it is no loop of it.  */
static int
chain_level (const struct nest_jump_scan *scan, tree loop)
{
  for (int i = 0; i < scan->chain_length; i++)
    if (scan->chain[i] == loop)
      return i;
  return -1;
}

static void
add_nest_jump (struct mint_directive *d, location_t loc, const char *keyword,
               int level)
{
  d->jumps = XRESIZEVEC (struct mint_nest_jump, d->jumps, d->njumps + 1);
  d->jumps[d->njumps++] = { loc, keyword, level };
}

static tree scan_nest_jumps_cb (tree *, int *, void *);

/* Walks BODY, the body of loop (LOOP) or switch STMT, in SCAN.  */
static void
scan_breakable_body (struct nest_jump_scan *scan, tree stmt, tree *body,
                     bool loop)
{
  tree outer_loop = scan->loop, outer_breakable = scan->breakable;
  int outer_level = scan->level;
  scan->breakable = stmt;
  if (loop)
    scan->loop = stmt;
  if (chain_level (scan, stmt) >= 0)
    scan->level = chain_level (scan, stmt) + 1;
  walk_tree (body, scan_nest_jumps_cb, scan, NULL);
  scan->breakable = outer_breakable;
  scan->loop = outer_loop;
  scan->level = outer_level;
}

static tree
scan_nest_jumps_cb (tree *tp, int *walk_subtrees, void *data)
{
  struct nest_jump_scan *scan = (struct nest_jump_scan *) data;
  tree t = *tp, *body;
  bool loop;
  const char *keyword = mint_break_or_continue (t);
  if (keyword)
    {
      /* It leaves the loop it belongs to (a break), or the rest of its
         iteration: the loops inside it (a continue).  */
      bool brk = keyword[0] == 'b';
      int level = chain_level (scan, brk ? scan->breakable : scan->loop);
      if (level >= 0)
        add_nest_jump (scan->d, EXPR_LOCATION (t), keyword,
                       brk ? level : level + 1);
    }
  else if (TREE_CODE (t) == RETURN_EXPR)
    add_nest_jump (scan->d, EXPR_LOCATION (t), "return", 0);
  else if (TREE_CODE (t) == GOTO_EXPR)
    {
      if (TREE_CODE (GOTO_DESTINATION (t)) != LABEL_DECL)
        {
          add_nest_jump (scan->d, EXPR_LOCATION (t), "goto", 0);
          if (scan->d->computed_goto_loc == UNKNOWN_LOCATION)
            scan->d->computed_goto_loc = EXPR_LOCATION (t);
        }
      else
        {
          scan->gotos.safe_push (t);
          scan->goto_levels.safe_push (scan->level);
        }
    }
  else if (TREE_CODE (t) == LABEL_EXPR)
    scan->label_level.put (LABEL_EXPR_LABEL (t), scan->level);
  else if ((body = mint_breakable_body (t, &loop)))
    {
      scan_breakable_body (scan, t, body, loop);
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

/* Records in D the jumps of the loop nest FOR_STMT that leave loops of
   its chain of D->for_depth perfectly nested `for' statements.  */
static void
note_nest_jumps (tree for_stmt, struct mint_directive *d)
{
  struct nest_jump_scan scan;
  scan.d = d;
  scan.chain_length = d->for_depth;
  scan.loop = scan.breakable = NULL_TREE;
  scan.level = 0;
  tree loop = for_stmt, body;
  for (int i = 0; i < d->for_depth; i++)
    {
      scan.chain[i] = loop;
      mint_loop_statement (loop, &body);
      loop = only_loop_in (body);
    }
  walk_tree (&for_stmt, scan_nest_jumps_cb, &scan, NULL);
  /* A goto leaves the loops that hold it but not its label.  */
  for (unsigned i = 0; i < scan.gotos.length (); i++)
    {
      int *at = scan.label_level.get (GOTO_DESTINATION (scan.gotos[i]));
      int level = at ? *at : 0;
      if (level < scan.goto_levels[i])
        add_nest_jump (d, EXPR_LOCATION (scan.gotos[i]), "goto", level);
    }
}

/* Whether STMT is a construct of an `omp' or `acc' pragma (under
   -fopenmp, -fopenacc).  */
static bool
openmp_construct_p (tree stmt)
{
  switch (TREE_CODE (stmt))
    {
    case OMP_PARALLEL: case OMP_FOR: case OMP_SIMD: case OMP_DISTRIBUTE:
    case OMP_TASKLOOP: case OMP_LOOP: case OMP_TEAMS: case OMP_TARGET:
    case OMP_TASK: case OMP_SECTIONS: case OMP_SINGLE: case OMP_MASTER:
    case OMP_CRITICAL: case OMP_ORDERED: case OMP_TASKGROUP:
    case OACC_PARALLEL: case OACC_KERNELS: case OACC_SERIAL: case OACC_LOOP:
    case OACC_DATA: case OACC_HOST_DATA:
      return true;
    default:
      return false;
    }
}

/* Checks that a `for' statement follows the `for' marker at I, and
   records what follows where none does.  */
void
mint_check_for_statement (tree fn, tree_stmt_iterator i, int id)
{
  directive_entry *e = mint_directive_entry (id);
  tree next[2], body;
  statements_after (i, next);
  tree for_stmt = for_statement_after (next);
  if (for_stmt)
    {
      note_for_nest (for_stmt, &e->d);
      /* A condition the front end found always false (an unsigned
         variable below 0): the nest runs no point, and GCC drops it.  */
      tree *cond = mint_for_condition (for_stmt);
      if (cond && *cond && integer_zerop (*cond))
        {
          e->d.for_depth = 0;   /* the pass skips it */
          e->placed = true;
          return;
        }
      if (tree other = fold_bound_selections (for_stmt, e->d.for_depth))
        {
          error_at (EXPR_LOC_OR_LOC (other, EXPR_LOCATION (for_stmt)),
                    "mint: the condition of a parallel loop branches (a "
                    "%<?:%> other than the smaller or larger of two "
                    "values); compute its bound before the loop nest");
          e->d.for_depth = 0;   /* the pass skips it */
          e->placed = true;
          return;
        }
      note_nest_jumps (for_stmt, &e->d);
      if (mint_report_jumps_into (fn, for_stmt, &e->d))
        e->d.for_depth = 0;     /* the pass skips it */
      e->placed = true;
      return;
    }
  if (!next[0])
    return;
  /* A kept scope around a while or do statement has its location.  */
  tree stmt = next[0];
  if (TREE_CODE (stmt) == BIND_EXPR)
    {
      tree last = last_statement (BIND_EXPR_BODY (stmt));
      if (last && EXPR_LOCATION (last) == EXPR_LOCATION (stmt))
        stmt = last;
    }
  e->next_loc = EXPR_LOCATION (stmt);
  e->next_kind = TREE_CODE (stmt) == LABEL_EXPR ? "label"
                 : openmp_construct_p (stmt) ? "OpenMP"
                 : mint_loop_statement (stmt, &body);
}

/* A `for' directive without a for statement after it.  The GIMPLE pass
   would see a while, do or goto loop as a loop too, but the variables
   such a loop changes stay unchanged on the host when it runs on the
   GPU.  Where GENERIC has no loop statements, the pass reports what it
   cannot take.  */
void
mint_report_not_for (directive_entry *e)
{
  if (!MINT_HAVE_LOOP_STMTS)
    return;
  e->d.for_depth = 0;           /* the pass skips it */
  error_at (e->d.loc, "mint: %<#pragma mint for%> must be followed by a "
            "%<for%> loop");
  if (!e->next_kind && e->next_loc == UNKNOWN_LOCATION)
    inform (e->d.loc, "it ends its block");
  else if (!e->next_kind)
    inform (e->next_loc, "this statement is not a %<for%> statement");
  else if (strcmp (e->next_kind, "label") == 0)
    inform (e->next_loc, "a labelled statement is not a %<for%> statement; "
            "loops made of labels and %<goto%> cannot be offloaded");
  else if (strcmp (e->next_kind, "OpenMP") == 0)
    inform (e->next_loc, "this is an OpenMP or OpenACC construct: a loop "
            "nest runs on the GPU through mint or through OpenMP, not "
            "both; remove one of the two pragmas, or build without "
            "%<-fopenmp%>, so that GCC ignores the %<omp%> pragmas");
  else
    inform (e->next_loc, "this is a %<%s%> loop; write it as a %<for%> loop "
            "whose variable is compared with its bound and changed only "
            "by a constant step", e->next_kind);
}
