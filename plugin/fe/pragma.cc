/* pragma.cc -- #pragma mint: the handler that reads a directive, checks
   where it stands, records it in the directive table (directive.h) and
   appends its marker call (marker-call.h); and the front end's
   registration, with the region ends added at PLUGIN_PRE_GENERICIZE
   (region-end.h).

   The handler runs while the C parser stands at the pragma inside a
   function body; it reads the pragma line with pragma_lex
   (pragma-tokens.h), parses the directive and its clauses (clauses.h,
   data-directive.h; expressions through the C front end's own build
   functions, clause-expr.h), and appends __mint_<kind> (id, ...) to the
   current statement list.  */

#include "gcc-compat.h"
#include "directive.h"
#include "marker-call.h"
#include "pragma-tokens.h"
#include "clauses.h"
#include "data-directive.h"
#include "region-end.h"
#include "pragma.h"

/* ------------------------------------------------------------------ */
/* The parallel region the parser is in.

   The handler cannot see the block that follows a parallel directive.  It
   can tell whether the parser is still inside it: the block pushed a
   statement list above the one that received the begin marker, and that
   list still ends with the marker (the block's BIND_EXPR is appended when
   the block closes).  */

static struct
{
  tree fndecl;
  tree parent_list;             /* the list the begin marker went to */
  tree marker;
  unsigned depth;               /* parent_list's index in stmt_list_stack */
  int id;
  location_t loc;
} open_parallel;

static bool
parallel_open_p (void)
{
  if (!open_parallel.marker || open_parallel.fndecl != current_function_decl)
    return false;
  vec<tree, va_gc> *stack = stmt_list_stack;
  unsigned depth = open_parallel.depth;
  if (stack->length () <= depth + 1
      || (*stack)[depth] != open_parallel.parent_list)
    return false;
  tree_stmt_iterator last = tsi_last (open_parallel.parent_list);
  return !tsi_end_p (last) && tsi_stmt (last) == open_parallel.marker;
}

/* Whether the parser stands right after the parallel directive, whose
   block has not begun: another directive follows it.  */
static bool
parallel_awaits_block_p (void)
{
  if (!open_parallel.marker || open_parallel.fndecl != current_function_decl
      || cur_stmt_list != open_parallel.parent_list)
    return false;
  tree_stmt_iterator last = tsi_last (open_parallel.parent_list);
  return !tsi_end_p (last) && tsi_stmt (last) == open_parallel.marker;
}

static void
remember_parallel (const struct mint_directive *d, tree marker)
{
  open_parallel.fndecl = current_function_decl;
  open_parallel.parent_list = cur_stmt_list;
  open_parallel.marker = marker;
  open_parallel.depth = stmt_list_stack->length () - 1;
  open_parallel.id = d->id;
  open_parallel.loc = d->loc;
}

/* The enclosing parallel region's id, or -1.  */

static int
enclosing_parallel (void)
{
  return parallel_open_p () ? open_parallel.id : -1;
}

/* Whether directive D may stand here; reports why not.  */

static bool
check_context (const struct mint_directive *d)
{
  bool in_parallel = parallel_open_p ();
  const char *name = mint_directive_name (d->kind);

  if (decl_function_context (current_function_decl))
    {
      error_at (d->loc, "mint: %<#pragma mint %s%> in a nested function is "
                "not supported", name);
      return false;
    }
  switch (d->kind)
    {
    case MINT_DIR_COPY:
      if (in_parallel)
        {
          error_at (d->loc, "mint: %<#pragma mint copy%> inside a parallel "
                    "region");
          inform (open_parallel.loc, "the region begins here; copies stand "
                  "directly before or after it");
          return false;
        }
      return true;
    case MINT_DIR_PARALLEL:
      if (in_parallel)
        {
          error_at (d->loc, "mint: nested %<#pragma mint parallel%>");
          inform (open_parallel.loc, "the enclosing region begins here; "
                  "a nest inside it takes %<#pragma mint for%>");
          return false;
        }
      return true;
    case MINT_DIR_FOR:
    case MINT_DIR_BARRIER:
    case MINT_DIR_UPDATE:
    case MINT_DIR_SINGLE:
      if (!in_parallel && parallel_awaits_block_p ())
        {
          error_at (d->loc, "mint: %<#pragma mint %s%> directly after "
                    "%<#pragma mint parallel%>, which must be followed by a "
                    "compound statement %<{ ... }%>", name);
          inform (open_parallel.loc, "put the region%'s code in braces");
          mint_directive_entry (open_parallel.id)->misplaced_reported = true;
          return false;
        }
      if (!in_parallel)
        {
          error_at (d->loc, "mint: %<#pragma mint %s%> outside a parallel "
                    "region", name);
          inform (d->loc, "put it inside %<#pragma mint parallel { ... }%>");
          return false;
        }
      return true;
    }
  gcc_unreachable ();
}

static bool
lookup_directive_kind (const token *t, enum mint_directive_kind *kind)
{
  static const enum mint_directive_kind kinds[] = {
    MINT_DIR_COPY, MINT_DIR_PARALLEL, MINT_DIR_FOR, MINT_DIR_BARRIER,
    MINT_DIR_SINGLE, MINT_DIR_UPDATE
  };
  for (unsigned i = 0; i < ARRAY_SIZE (kinds); i++)
    if (mint_name_is (t, mint_directive_name (kinds[i])))
      {
        *kind = kinds[i];
        return true;
      }
  return false;
}

/* Parses what follows the directive name; for copy and update also the
   marker's host key and extents or ranges (ARGS).  */

static bool
parse_directive (struct token_reader *r, struct mint_directive *d, tree *key,
                 tree args[MINT_DATA_ARGS])
{
  switch (d->kind)
    {
    case MINT_DIR_COPY:
    case MINT_DIR_UPDATE:
      if (mint_parse_data_directive (r, d, key, args)
          && mint_expect_end (r, d->kind))
        return true;
      mint_refuse_copy (d);
      return false;
    case MINT_DIR_PARALLEL:
      return mint_parse_parallel_clauses (r);
    case MINT_DIR_FOR:
      return mint_parse_for_clauses (r, d);
    case MINT_DIR_BARRIER:
    case MINT_DIR_SINGLE:
      return mint_expect_end (r, d->kind);
    }
  gcc_unreachable ();
}

/* The marker a directive of KIND emits at its position.  */

static enum marker_kind
directive_marker (enum mint_directive_kind kind)
{
  switch (kind)
    {
    case MINT_DIR_COPY: return MARKER_COPY;
    case MINT_DIR_PARALLEL: return MARKER_PARALLEL;
    case MINT_DIR_FOR: return MARKER_FOR;
    case MINT_DIR_BARRIER: return MARKER_BARRIER;
    case MINT_DIR_SINGLE: return MARKER_SINGLE;
    case MINT_DIR_UPDATE: return MARKER_UPDATE;
    }
  gcc_unreachable ();
}

/* Records D and appends its marker; parallel and single also make the
   next block keep its BIND_EXPR, which PRE_GENERICIZE looks for.  */

static void
emit_directive (struct mint_directive *d, tree key, tree args[MINT_DATA_ARGS])
{
  d->id = mint_add_directive (d);
  tree call;
  tree id = build_int_cst (integer_type_node, d->id);
  if (d->kind == MINT_DIR_COPY || d->kind == MINT_DIR_UPDATE)
    call = build_call_expr_loc (d->loc,
                                mint_marker_decl (directive_marker (d->kind)),
                                2 + MINT_DATA_ARGS, id, key, args[0], args[1],
                                args[2], args[3], args[4], args[5], args[6],
                                args[7], args[8]);
  else
    call = mint_build_marker_call (d->loc, directive_marker (d->kind), d->id);
  add_stmt (call);
  if (d->kind == MINT_DIR_PARALLEL)
    remember_parallel (d, call);
  if (d->kind == MINT_DIR_PARALLEL || d->kind == MINT_DIR_SINGLE)
    keep_next_level ();
  /* Since C99 a for statement is a scope of its own: kept, it becomes a
     BIND_EXPR that holds the for's initialization and the FOR_STMT, which
     tells `for (i = 0; ...)' from `i = 0; for (; ...)'.  (C90 opens no
     scope there; the flag would stay for an unrelated later block.)  */
  if (d->kind == MINT_DIR_FOR && flag_isoc99)
    keep_next_level ();
}

static void
handle_directive (void)
{
  struct token_reader r;
  mint_read_pragma_line (&r);

  const token *name = mint_consume (&r);
  struct mint_directive d;
  memset (&d, 0, sizeof d);
  if (name->type != CPP_NAME || !lookup_directive_kind (name, &d.kind))
    {
      if (name->type == CPP_NAME)
        error_at (name->loc, "mint: unknown directive %qE", name->value);
      else
        error_at (name->loc, "mint: expected a directive name");
      inform (name->loc, "the directives are %<copy%>, %<parallel%>, "
              "%<for%>, %<barrier%>, %<single%> and %<update%>");
      return;
    }
  d.loc = name->loc;
  d.nest = 1;
  d.region = -1;
  d.for_depth = MINT_FOR_DEPTH_UNKNOWN;

  /* At file scope there is no statement list to append to.  */
  if (!current_function_decl || !building_stmt_list_p ())
    {
      error_at (d.loc, "mint: %<#pragma mint %s%> must appear inside a "
                "function body", mint_directive_name (d.kind));
      return;
    }
  if (!check_context (&d))
    return;
  if (d.kind == MINT_DIR_FOR || d.kind == MINT_DIR_BARRIER
      || d.kind == MINT_DIR_SINGLE || d.kind == MINT_DIR_UPDATE)
    d.region = enclosing_parallel ();

  tree key = NULL_TREE;
  tree args[MINT_DATA_ARGS] = { NULL_TREE };
  /* A parallel region with a bad clause is still a region, so that the
     directives inside it do not report being outside one.  */
  if (!parse_directive (&r, &d, &key, args)
      && d.kind != MINT_DIR_PARALLEL)
    return;
  emit_directive (&d, key, args);
}

/* The errors of the function being parsed that are not the directives'
   own: where there are any, the parser's recovery may have skipped
   directives (a missing `;' before a pragma takes the pragma line with
   it), and the directives left are not reported as misplaced.  */
static int function_errors, directive_errors;

static void
handle_pragma_mint (cpp_reader *)
{
  int errors = errorcount;
  handle_directive ();
  directive_errors += errorcount - errors;
  mint_note_errors_since (errors, current_function_decl);
}

static void
start_function_errors (void *, void *)
{
  function_errors = errorcount;
  directive_errors = 0;
}

/* At the end of function FN's body: no parallel region is open any
   more; the region ends.  */
static void
finish_function_regions (void *gcc_data, void *)
{
  memset (&open_parallel, 0, sizeof open_parallel);
  bool parse_errors = errorcount - function_errors > directive_errors;
  if (parse_errors)
    mint_note_parse_errors ((tree) gcc_data);
  mint_place_region_ends ((tree) gcc_data, parse_errors);
}

/* ------------------------------------------------------------------ */
/* Registration.                                                      */

/* Also defines __MINT__, so a program can tell a build with the plugin
   from a plain one (#ifdef __MINT__, like _OPENMP for -fopenmp).  */
static void
register_pragmas (void *, void *)
{
  c_register_pragma_with_expansion (NULL, "mint", handle_pragma_mint);
  mint_define_macro ("__MINT__=1");
}

static const struct ggc_root_tab open_parallel_roots[] = {
  { &open_parallel.fndecl, 1, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  { &open_parallel.parent_list, 1, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  { &open_parallel.marker, 1, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  LAST_GGC_ROOT_TAB
};

void
mint_directives_register (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_PRAGMAS, register_pragmas, NULL);
  register_callback (plugin_name, PLUGIN_START_PARSE_FUNCTION,
                     start_function_errors, NULL);
  register_callback (plugin_name, PLUGIN_PRE_GENERICIZE,
                     finish_function_regions, NULL);
  register_callback (plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
                     (void *) open_parallel_roots);
  mint_directive_table_register (plugin_name);
  mint_marker_calls_register (plugin_name);
}
