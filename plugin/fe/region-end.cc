/* region-end.cc -- the markers at PLUGIN_PRE_GENERICIZE
   (region-end.h): the end of each parallel region and `single' block,
   the checks of where the copies and `for' directives stand, and the
   errors for the directives that do not stand where they belong.  */

#include "gcc-compat.h"
#include "directive.h"
#include "marker-call.h"
#include "for-statement.h"
#include "gotos-into.h"
#include "single-block.h"
#include "region-end.h"

/* Whether the statement at I is a copy marker in direction DIR; sets *ID.  */

static bool
copy_marker_p (tree_stmt_iterator i, enum mint_copy_direction dir, int *id)
{
  return (mint_marker_call_kind (tsi_stmt (i), id) == MARKER_COPY
          && mint_directive_entry (*id)->d.direction == dir);
}

/* Whether STMT is the BIND_EXPR of a braced block.  keep_next_level also
   gives a BIND_EXPR to the scope of an unbraced if/for/while/switch; that
   one has the location of its statement, a braced block that of its '{'.  */

static bool
braced_block_p (tree stmt)
{
  if (TREE_CODE (stmt) != BIND_EXPR)
    return false;
  tree body = BIND_EXPR_BODY (stmt);
  tree last = body;
  if (body && TREE_CODE (body) == STATEMENT_LIST)
    {
      tree_stmt_iterator i = tsi_last (body);
      last = tsi_end_p (i) ? NULL_TREE : tsi_stmt (i);
    }
  return !last || EXPR_LOCATION (last) != EXPR_LOCATION (stmt);
}

/* Jumps out of a parallel region would skip its end (copies back and
   frees), jumps into it its start.  */

static void
report_jump_out (location_t loc, const char *keyword, int region)
{
  error_at (loc, "mint: %<%s%> would leave the %<#pragma mint parallel%> "
            "region", keyword);
  inform (mint_directive_entry (region)->d.loc, "the region begins here; "
          "its end copies data back and frees device memory");
}

struct jump_scan
{
  hash_set<tree> labels;        /* labels defined inside the region */
  int region;
  tree fn;
  /* Whether a label outside has its address taken; -1: not looked at
     yet (only a computed goto in the region asks).  */
  int forced_outside;
};

/* Notes in the jump_scan DATA a label outside its region whose address
   the function takes (`&&out'): a computed goto may go there.  */
static tree
find_forced_labels_cb (tree *tp, int *, void *data)
{
  struct jump_scan *scan = (struct jump_scan *) data;
  if (TREE_CODE (*tp) == ADDR_EXPR
      && TREE_CODE (TREE_OPERAND (*tp, 0)) == LABEL_DECL
      && !scan->labels.contains (TREE_OPERAND (*tp, 0)))
    scan->forced_outside = 1;
  return NULL_TREE;
}

/* Whether the goto T may leave the region of SCAN: its label is outside,
   or it is computed and a label outside has its address taken.  */
static bool
goto_leaves_p (tree t, struct jump_scan *scan)
{
  tree to = GOTO_DESTINATION (t);
  if (TREE_CODE (to) == LABEL_DECL)
    return !scan->labels.contains (to);
  if (scan->forced_outside < 0)
    {
      scan->forced_outside = 0;
      walk_tree_without_duplicates (&DECL_SAVED_TREE (scan->fn),
                                    find_forced_labels_cb, scan);
    }
  return scan->forced_outside;
}

static tree
find_returns_and_gotos_cb (tree *tp, int *, void *data)
{
  struct jump_scan *scan = (struct jump_scan *) data;
  tree t = *tp;
  if (TREE_CODE (t) == RETURN_EXPR)
    report_jump_out (EXPR_LOCATION (t), "return", scan->region);
  else if (TREE_CODE (t) == GOTO_EXPR && goto_leaves_p (t, scan))
    report_jump_out (EXPR_LOCATION (t), "goto", scan->region);
  return NULL_TREE;
}

/* Break and continue outside every loop and switch of the region.  */

static tree
find_breaks_cb (tree *tp, int *walk_subtrees, void *data)
{
  const char *keyword = mint_break_or_continue (*tp);
  if (keyword)
    report_jump_out (EXPR_LOCATION (*tp), keyword, *(int *) data);
  else if (mint_breakable_stmt_p (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

static void
check_no_jumps_out (tree fn, tree block, int region)
{
  struct jump_scan scan;
  scan.region = region;
  scan.fn = fn;
  scan.forced_outside = -1;
  mint_collect_labels (block, &scan.labels);
  walk_tree_without_duplicates (&block, find_returns_and_gotos_cb, &scan);
  /* A jump from outside would enter the region past its start: its
     copies and its runtime state.  */
  mint_report_jumps_into (fn, block, &mint_directive_entry (region)->d);
  walk_tree_without_duplicates (&BIND_EXPR_BODY (block), find_breaks_cb,
                                &region);
}

/* After the block that follows the parallel marker at I, and after the
   fromDevice copies that directly follow the block, append
   __mint_parallel_end (FN: the function).  */

static void
place_parallel_end (tree fn, tree_stmt_iterator i, int id)
{
  tree_stmt_iterator block = i;
  tsi_next (&block);
  if (tsi_end_p (block) || !braced_block_p (tsi_stmt (block)))
    return;
  tree_stmt_iterator last = block;
  tree_stmt_iterator j = block;
  int copy_id;
  for (tsi_next (&j);
       !tsi_end_p (j) && copy_marker_p (j, MINT_FROM_DEVICE, &copy_id);
       tsi_next (&j))
    last = j;
  tsi_link_after (&last,
                  mint_build_marker_call (mint_directive_entry (id)->d.loc,
                                          MARKER_PARALLEL_END, id),
                  TSI_SAME_STMT);
  mint_directive_entry (id)->placed = true;
  check_no_jumps_out (fn, tsi_stmt (block), id);
}

static void
place_single_end (tree fn, tree_stmt_iterator i, int id)
{
  tree_stmt_iterator block = i;
  tsi_next (&block);
  if (tsi_end_p (block) || !braced_block_p (tsi_stmt (block)))
    return;
  /* A jump from outside would skip the block's start, which decides
     where it runs.  */
  if (mint_report_jumps_into (fn, tsi_stmt (block),
                              &mint_directive_entry (id)->d))
    {
      mint_directive_entry (id)->placed = true;
      return;
    }
  if (MINT_HAVE_LOOP_STMTS && mint_single_on_device_p (tsi_stmt (block), id))
    {
      mint_run_single_on_device (i, block, id);
      return;
    }
  tsi_link_after (&block,
                  mint_build_marker_call (mint_directive_entry (id)->d.loc,
                                          MARKER_SINGLE_END, id),
                  TSI_SAME_STMT);
  mint_directive_entry (id)->placed = true;
}

/* A toDevice copy must be followed by toDevice copies and a parallel
   marker; a fromDevice copy preceded by fromDevice copies, the region's
   block and its parallel marker.  Records the region's id.  */

static void
check_copy_position (tree_stmt_iterator i, int id)
{
  directive_entry *e = mint_directive_entry (id);
  enum mint_copy_direction dir = e->d.direction;
  int other;
  tree_stmt_iterator j = i;
  int parallel_id;
  if (dir == MINT_TO_DEVICE)
    {
      do
        tsi_next (&j);
      while (!tsi_end_p (j) && copy_marker_p (j, dir, &other));
    }
  else
    {
      do
        tsi_prev (&j);
      while (!tsi_end_p (j) && copy_marker_p (j, dir, &other));
      if (tsi_end_p (j) || TREE_CODE (tsi_stmt (j)) != BIND_EXPR)
        return;
      tsi_prev (&j);
    }
  if (tsi_end_p (j)
      || mint_marker_call_kind (tsi_stmt (j), &parallel_id) != MARKER_PARALLEL)
    return;
  e->d.region = parallel_id;
  e->placed = true;
}

static void
place_markers_in_list (tree fn, tree list)
{
  for (tree_stmt_iterator i = tsi_start (list); !tsi_end_p (i); tsi_next (&i))
    {
      int id;
      switch (mint_marker_call_kind (tsi_stmt (i), &id))
        {
        case MARKER_PARALLEL:
          place_parallel_end (fn, i, id);
          break;
        case MARKER_SINGLE:
          place_single_end (fn, i, id);
          break;
        case MARKER_COPY:
          check_copy_position (i, id);
          break;
        case MARKER_FOR:
          if (MINT_HAVE_LOOP_STMTS)
            mint_check_for_statement (fn, i, id);
          break;
        default:
          break;
        }
    }
}

static tree
place_markers_cb (tree *tp, int *, void *fn)
{
  if (TREE_CODE (*tp) == STATEMENT_LIST)
    place_markers_in_list ((tree) fn, *tp);
  return NULL_TREE;
}

/* Whether T is an OpenMP or OpenACC construct whose body GCC moves into
   a function of its own, with the variables it uses behind a pointer.  */
static bool
outlined_construct_p (tree t)
{
  switch (TREE_CODE (t))
    {
    case OMP_PARALLEL: case OMP_TASK: case OMP_TASKLOOP: case OMP_FOR:
    case OMP_SIMD: case OMP_DISTRIBUTE: case OMP_LOOP: case OMP_TEAMS:
    case OMP_TARGET: case OACC_PARALLEL: case OACC_KERNELS:
    case OACC_SERIAL: case OACC_LOOP:
      return true;
    default:
      return false;
    }
}

/* The first parallel marker, its id into *(int *) ID.  */
static tree
find_parallel_marker_cb (tree *tp, int *, void *id)
{
  return mint_marker_call_kind (*tp, (int *) id) == MARKER_PARALLEL
         ? *tp : NULL_TREE;
}

/* The first marker of a directive that stands in a region (for, single,
   barrier), its id into *(int *) ID.  */
static tree
find_region_directive_cb (tree *tp, int *, void *id)
{
  switch (mint_marker_call_kind (*tp, (int *) id))
    {
    case MARKER_FOR: case MARKER_SINGLE: case MARKER_BARRIER:
      return *tp;
    default:
      return NULL_TREE;
    }
}

/* The error for a parallel region inside an OpenMP or OpenACC construct
   of FN that GCC outlines: the region's variables become fields of the
   construct's data there, which mint cannot follow.  */
static tree
report_region_in_construct_cb (tree *tp, int *walk_subtrees, void *)
{
  if (!outlined_construct_p (*tp))
    return NULL_TREE;
  *walk_subtrees = 0;
  int id;
  auto_diagnostic_group group;
  if (walk_tree_without_duplicates (tp, find_parallel_marker_cb, &id))
    error_at (mint_directive_entry (id)->d.loc, "mint: a %<#pragma mint "
              "parallel%> region inside an OpenMP or OpenACC construct "
              "cannot be offloaded; put the region in a function of its "
              "own and call that from the construct");
  else if (walk_tree_without_duplicates (tp, find_region_directive_cb, &id))
    error_at (mint_directive_entry (id)->d.loc, "mint: a %<#pragma mint "
              "%s%> directive inside an OpenMP or OpenACC construct cannot "
              "run: each thread of the construct would run it on the "
              "region%'s device copies at once; leave the construct out",
              mint_directive_name (mint_directive_entry (id)->d.kind));
  else
    return NULL_TREE;
  inform (EXPR_LOCATION (*tp), "the construct begins here");
  return NULL_TREE;
}

/* Errors for the directives of FN that PRE_GENERICIZE could not place.  */

static void
report_misplaced (tree fn)
{
  for (int id = 0; id < mint_directive_count (); id++)
    {
      directive_entry &e = *mint_directive_entry (id);
      if (e.fndecl != fn || e.placed || e.misplaced_reported)
        continue;
      const struct mint_directive *d = &e.d;
      switch (d->kind)
        {
        case MINT_DIR_PARALLEL:
        case MINT_DIR_SINGLE:
          error_at (d->loc, "mint: %<#pragma mint %s%> must be followed by "
                    "a compound statement %<{ ... }%>",
                    mint_directive_name (d->kind));
          break;
        case MINT_DIR_COPY:
          if (d->direction == MINT_TO_DEVICE)
            error_at (d->loc, "mint: %<toDevice%> copy of %qE must stand "
                      "directly before a %<#pragma mint parallel%> region",
                      d->array);
          else
            error_at (d->loc, "mint: %<fromDevice%> copy of %qE must stand "
                      "directly after a %<#pragma mint parallel%> region",
                      d->array);
          inform (d->loc, "only other copies in the same direction may stand "
                  "in between");
          break;
        case MINT_DIR_FOR:
          mint_report_not_for (&e);
          break;
        default:
          break;
        }
    }
}

void
mint_place_region_ends (tree fn, bool parse_errors)
{
  if (!mint_has_directives (fn))
    return;
  int errors = errorcount;
  walk_tree_without_duplicates (&DECL_SAVED_TREE (fn), place_markers_cb, fn);
  walk_tree_without_duplicates (&DECL_SAVED_TREE (fn),
                                report_region_in_construct_cb, NULL);
  if (!parse_errors)
    report_misplaced (fn);
  mint_note_errors_since (errors, fn);
}
