/* helper.cc -- calls in loop bodies to functions whose body is one
   return statement (helper.h).  */

#include "gcc-compat.h"
#include "directive.h"
#include "helper.h"

/* Each function of the file, then its expression over its parameters or
   error_mark_node; a why for those without one in helper_problems.  */
static vec<tree, va_gc> *helper_trees;
static vec<const char *> helper_problems;

static const struct ggc_root_tab helper_roots[] = {
  { &helper_trees, 1, sizeof (helper_trees), &gt_ggc_mx_vec_tree_va_gc_,
    &gt_pch_nx_vec_tree_va_gc_ },
  LAST_GGC_ROOT_TAB
};

/* ---- what a helper computes ------------------------------------------ */

struct helper_scan
{
  tree fn;
  hash_map<tree, tree> *locals;   /* local -> its initial value */
  const char *problem;
};

/* GCC's gimplifier, asked to (gimplify_value), turns a conditional into
   a select that evaluates both arms, and a && b into a & b; neither may
   then divide by zero, load through a pointer or call.  Floating-point
   arithmetic counts as safe here: evaluated in vain, it can only raise
   exception flags.  */
static bool
safe_to_evaluate_p (tree e)
{
  int trapping_math = flag_trapping_math;
  flag_trapping_math = 0;
  bool safe = !TREE_SIDE_EFFECTS (e) && !generic_expr_could_trap_p (e);
  flag_trapping_math = trapping_math;
  return safe;
}

/* Replaces the locals in *TP by their values and finds what a helper's
   expression must not do: change or take the address of a variable, be
   volatile, call through a pointer, evaluate once (SAVE_EXPR), evaluate
   something unsafe under a condition.  */
static tree
scan_expression_cb (tree *tp, int *walk_subtrees, void *data)
{
  struct helper_scan *scan = (struct helper_scan *) data;
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  switch (TREE_CODE (t))
    {
    case MODIFY_EXPR: case INIT_EXPR: case PREINCREMENT_EXPR:
    case PREDECREMENT_EXPR: case POSTINCREMENT_EXPR: case POSTDECREMENT_EXPR:
      scan->problem = "it changes a variable";
      return t;
    case SAVE_EXPR: case TARGET_EXPR: case STMT_EXPR: case BIND_EXPR:
    case STATEMENT_LIST: case COMPOUND_LITERAL_EXPR:
      scan->problem = "its expression is not a plain computation";
      return t;
    case ADDR_EXPR:
      {
        tree base = get_base_address (TREE_OPERAND (t, 0));
        if (base && (VAR_P (base) || TREE_CODE (base) == PARM_DECL)
            && DECL_CONTEXT (base) == scan->fn)
          {
            scan->problem = "it takes the address of a parameter or a "
                            "local";
            return t;
          }
        break;
      }
    case COND_EXPR:
    case TRUTH_ANDIF_EXPR:
    case TRUTH_ORIF_EXPR:
      if (!safe_to_evaluate_p (TREE_OPERAND (t, 1))
          || (TREE_CODE (t) == COND_EXPR
              && !safe_to_evaluate_p (TREE_OPERAND (t, 2))))
        {
          scan->problem = "it divides, loads through a pointer or calls a "
                          "function under a condition (?:, && or ||)";
          return t;
        }
      break;
    case CALL_EXPR:
      if (!get_callee_fndecl (t))
        {
          scan->problem = "it calls a function through a pointer";
          return t;
        }
      break;
    case VAR_DECL:
      if (tree *value = scan->locals->get (t))
        {
          *tp = unshare_expr (*value);
          *walk_subtrees = 0;
        }
      else if (DECL_CONTEXT (t) == scan->fn)
        {
          scan->problem = "it reads a local that is static or has no "
                          "initializer";
          return t;
        }
      break;
    default:
      break;
    }
  if (TREE_THIS_VOLATILE (t) && TREE_CODE (t) != FUNCTION_DECL)
    {
      scan->problem = "it reads a volatile object";
      return t;
    }
  return NULL_TREE;
}

/* EXPR of the helper being scanned, its locals replaced, or NULL.  */
static tree
helper_value (struct helper_scan *scan, tree expr)
{
  tree value = unshare_expr (expr);
  if (walk_tree (&value, scan_expression_cb, scan, NULL))
    return NULL_TREE;
  return value;
}

/* A declaration of a local with an initializer: its value, for the
   expressions after it.  */
static bool
scan_declaration (struct helper_scan *scan, tree decl)
{
  if (TREE_CODE (decl) == TYPE_DECL
      && !variably_modified_type_p (TREE_TYPE (decl), NULL_TREE))
    return true;
  if (!VAR_P (decl) || TREE_STATIC (decl) || DECL_EXTERNAL (decl)
      || !DECL_INITIAL (decl) || TREE_ADDRESSABLE (decl)
      || AGGREGATE_TYPE_P (TREE_TYPE (decl)))
    {
      scan->problem = "it declares a local that is not a scalar with an "
                      "initializer";
      return false;
    }
  tree value = helper_value (scan, DECL_INITIAL (decl));
  if (!value)
    return false;
  scan->locals->put (decl, fold_convert (TREE_TYPE (decl), value));
  return true;
}

/* The statements of BODY, blocks and lists opened, into OUT.  */
static void
flatten_statements (tree body, auto_vec<tree> *out)
{
  if (TREE_CODE (body) == BIND_EXPR)
    flatten_statements (BIND_EXPR_BODY (body), out);
  else if (TREE_CODE (body) == STATEMENT_LIST)
    for (tree_stmt_iterator i = tsi_start (body); !tsi_end_p (i); tsi_next (&i))
      flatten_statements (tsi_stmt (i), out);
  else if (TREE_CODE (body) != DEBUG_BEGIN_STMT)
    out->safe_push (body);
}

/* The value FN returns as an expression over its parameters, or NULL with
   a why in SCAN.  */
static tree
helper_expression (struct helper_scan *scan)
{
  tree fn = scan->fn;
  tree type = TREE_TYPE (fn);
  if (stdarg_p (type) || !prototype_p (type))
    {
      scan->problem = "it has no prototype or takes a variable number of "
                      "arguments";
      return NULL_TREE;
    }
  if (VOID_TYPE_P (TREE_TYPE (type)))
    {
      scan->problem = "it returns no value";
      return NULL_TREE;
    }
  if (!mint_device_type_p (TREE_TYPE (type)))
    {
      scan->problem = "it returns a type that kernels do not compute with";
      return NULL_TREE;
    }
  auto_vec<tree> stmts;
  flatten_statements (DECL_SAVED_TREE (fn), &stmts);
  for (unsigned i = 0; i < stmts.length (); i++)
    {
      tree s = stmts[i];
      if (TREE_CODE (s) == DECL_EXPR)
        {
          if (!scan_declaration (scan, DECL_EXPR_DECL (s)))
            return NULL_TREE;
          continue;
        }
      tree set = TREE_CODE (s) == RETURN_EXPR ? TREE_OPERAND (s, 0) : NULL;
      if (!set || i + 1 != stmts.length ()
          || (TREE_CODE (set) != MODIFY_EXPR && TREE_CODE (set) != INIT_EXPR)
          || TREE_CODE (TREE_OPERAND (set, 0)) != RESULT_DECL)
        break;
      return helper_value (scan, TREE_OPERAND (set, 1));
    }
  scan->problem = "its body is more than declarations of locals and one "
                  "return statement";
  return NULL_TREE;
}

/* PLUGIN_PRE_GENERICIZE: keeps what function GCC_DATA computes.  */
static void
record_helper (void *gcc_data, void *)
{
  tree fn = (tree) gcc_data;
  hash_map<tree, tree> locals;
  struct helper_scan scan = { fn, &locals, NULL };
  tree expr = helper_expression (&scan);
  vec_safe_push (helper_trees, fn);
  vec_safe_push (helper_trees, expr ? expr : error_mark_node);
  helper_problems.safe_push (expr ? NULL : scan.problem);
}

void
mint_helpers_register (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_PRE_GENERICIZE, record_helper, NULL);
  register_callback (plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
                     (void *) helper_roots);
}

/* The index in helper_problems of FN, or -1.  */
static int
helper_index (tree fn)
{
  for (unsigned i = 0; i < vec_safe_length (helper_trees); i += 2)
    if ((*helper_trees)[i] == fn)
      return i / 2;
  return -1;
}

const char *
mint_helper_problem (tree fn)
{
  int i = helper_index (fn);
  if (i < 0)
    return NULL;
  /* A helper's call stays only where helpers nest too deep.  */
  return helper_problems[i] ? helper_problems[i]
         : "it calls itself, or helpers call helpers too deeply";
}

/* ---- replacing the calls --------------------------------------------- */

struct parameter_map
{
  tree fn;
  gcall *call;
};

static tree
replace_parameter_cb (tree *tp, int *walk_subtrees, void *data)
{
  struct parameter_map *map = (struct parameter_map *) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE (*tp) == PARM_DECL && DECL_CONTEXT (*tp) == map->fn)
    {
      unsigned i = 0;
      for (tree p = DECL_ARGUMENTS (map->fn); p != *tp; p = DECL_CHAIN (p))
        i++;
      *tp = fold_convert (TREE_TYPE (*tp), gimple_call_arg (map->call, i));
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

/* The statements that compute EXPR into *VALUE: temporaries as SSA
   names, as the gimplifier made the body's (the extraction follows
   pointers through their one definition); a conditional over values that
   cannot trap as a COND_EXPR, not as branches.  */
static gimple_seq
gimplify_value (tree expr, tree *value)
{
  gimple_seq seq = NULL;
  int trapping_math = flag_trapping_math;
  flag_trapping_math = 0;       /* see safe_to_evaluate_p */
  push_gimplify_context (true, true);
  gimplify_expr (&expr, &seq, NULL, is_gimple_val, fb_rvalue);
  pop_gimplify_context (NULL);
  flag_trapping_math = trapping_math;
  *value = expr;
  return seq;
}

/* Whether SEQ fits in a basic block.  */
static bool
seq_without_branches (gimple_seq seq)
{
  for (gimple_stmt_iterator i = gsi_start (seq); !gsi_end_p (i); gsi_next (&i))
    if (!is_gimple_assign (gsi_stmt (i)) && !is_gimple_call (gsi_stmt (i)))
      return false;
  return true;
}

/* Releases the SSA names SEQ defines; SEQ is not used.  */
static void
discard (gimple_seq seq)
{
  for (gimple_stmt_iterator i = gsi_start (seq); !gsi_end_p (i); gsi_next (&i))
    {
      tree lhs = gimple_get_lhs (gsi_stmt (i));
      if (lhs && TREE_CODE (lhs) == SSA_NAME)
        release_ssa_name (lhs);
    }
}

/* Replaces CALL (at GSI) by its helper's expression, if it has one.  */
static bool
inline_call (gimple_stmt_iterator *gsi, gcall *call)
{
  tree fn = gimple_call_fndecl (call);
  int i = fn ? helper_index (fn) : -1;
  if (i < 0 || (*helper_trees)[2 * i + 1] == error_mark_node
      || (int) gimple_call_num_args (call)
         != list_length (DECL_ARGUMENTS (fn)))
    return false;
  tree lhs = gimple_call_lhs (call);
  if (!lhs)
    {
      gsi_remove (gsi, true);
      return true;
    }
  tree value = unshare_expr ((*helper_trees)[2 * i + 1]);
  struct parameter_map map = { fn, call };
  walk_tree (&value, replace_parameter_cb, &map, NULL);
  gimple_seq seq = gimplify_value (fold_convert (TREE_TYPE (lhs), value),
                                   &value);
  if (!seq_without_branches (seq))
    {
      discard (seq);
      (*helper_trees)[2 * i + 1] = error_mark_node;
      helper_problems[i] = "its expression needs branches";
      return false;
    }
  gimple_seq_add_stmt (&seq, gimple_build_assign (lhs, value));
  for (gimple_stmt_iterator i = gsi_start (seq); !gsi_end_p (i); gsi_next (&i))
    gimple_set_location (gsi_stmt (i), gimple_location (call));
  gsi_insert_seq_before (gsi, seq, GSI_SAME_STMT);
  gsi_remove (gsi, true);
  return true;
}

/* Nested helpers are replaced one level per round; a helper that calls
   itself stays a call after this many, which the extraction reports.  */
#define HELPER_ROUNDS 16

void
mint_inline_helpers (class loop *l)
{
  if (!l || !helper_trees)
    return;
  basic_block *body = get_loop_body (l);
  bool changed = true;
  for (int round = 0; round < HELPER_ROUNDS && changed; round++)
    {
      changed = false;
      for (unsigned b = 0; b < l->num_nodes; b++)
        for (gimple_stmt_iterator gsi = gsi_start_bb (body[b]);
             !gsi_end_p (gsi);)
          {
            gcall *call = dyn_cast<gcall *> (gsi_stmt (gsi));
            if (call && inline_call (&gsi, call))
              changed = true;
            else
              gsi_next (&gsi);
          }
    }
  free (body);
}
