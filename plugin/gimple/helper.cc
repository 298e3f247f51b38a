/* helper.cc -- calls in loop bodies to functions whose body computes one
   value without loops (helper.h).  */

#include "gcc-compat.h"
#include "kir.h"
#include "directive.h"
#include "nest.h"
#include "nest-recognition.h"
#include "gimple-seq.h"
#include "reference.h"
#include "device-type.h"
#include "helper.h"

/* Each function of the file, then its expression over its parameters or
   error_mark_node; a why for those without one in helper_problems.  */
static vec<tree, va_gc> *helper_trees;
static vec<const char *> helper_problems;
/* Per function without an expression: where in it the why applies, or
   UNKNOWN_LOCATION.  */
static vec<location_t> helper_problem_locs;
/* The variables that hold the largest indices of the variably modified
   types that calls made (mint_helper_extent_p).  */
static vec<tree, va_gc> *helper_extents;

static const struct ggc_root_tab helper_roots[] = {
  { &helper_trees, 1, sizeof (helper_trees), &gt_ggc_mx_vec_tree_va_gc_,
    &gt_pch_nx_vec_tree_va_gc_ },
  { &helper_extents, 1, sizeof (helper_extents), &gt_ggc_mx_vec_tree_va_gc_,
    &gt_pch_nx_vec_tree_va_gc_ },
  LAST_GGC_ROOT_TAB
};

/* The index in helper_problems of FN, or -1.  */
static int
helper_index (tree fn)
{
  for (unsigned i = 0; i < vec_safe_length (helper_trees); i += 2)
    if ((*helper_trees)[i] == fn)
      return i / 2;
  return -1;
}

/* Whether FN is a helper that computes a value from its parameters (a
   call of it has no effect: `e += sq (v)' saves sq (v) first, and a
   compiler that has not yet run its IPA passes does not call it pure).  */
static bool
value_helper_p (tree fn)
{
  int i = fn ? helper_index (fn) : -1;
  return i >= 0 && (*helper_trees)[2 * i + 1] != error_mark_node;
}

/* A scalar local that a helper assigns whatever its conditions holds a
   placeholder, a VAR_DECL named "mint.let" that no function declares,
   and the helper's value binds it first: COMPOUND_EXPR <INIT_EXPR
   <placeholder, what the local holds>, the value>.  Each use of the
   local is then one node, where a copy of what it holds made helpers
   that call helpers grow exponentially; each call's copy of the value
   gets placeholders of its own (replace_parameter_cb), and the inlining
   computes each into a temporary first (bind_first).  */

static tree
let_name (void)
{
  return get_identifier ("mint.let");
}

/* Whether T is a placeholder.  */
static bool
let_p (tree t)
{
  return VAR_P (t) && DECL_NAME (t) == let_name ();
}

static tree
new_let (tree type)
{
  tree let = build_decl (UNKNOWN_LOCATION, VAR_DECL, let_name (), type);
  DECL_ARTIFICIAL (let) = 1;
  DECL_IGNORED_P (let) = 1;
  return let;
}

/* Whether T is an INIT_EXPR of a placeholder.  */
static bool
let_init_p (tree t)
{
  return TREE_CODE (t) == INIT_EXPR && let_p (TREE_OPERAND (t, 0));
}

/* Whether T binds a placeholder for the rest of it.  */
static bool
binding_p (tree t)
{
  return TREE_CODE (t) == COMPOUND_EXPR && let_init_p (TREE_OPERAND (t, 0));
}

/* VALUE with LET bound to WHAT first.  The INIT_EXPR has side effects,
   so that fold does not drop it.  */
static tree
bind_let (tree let, tree what, tree value)
{
  tree init = build2 (INIT_EXPR, TREE_TYPE (let), let, what);
  TREE_SIDE_EFFECTS (init) = 1;
  return build2 (COMPOUND_EXPR, TREE_TYPE (value), init, value);
}

/* A helper's variably modified types (T (*u)[ny][nx], ny and nx its
   parameters) remade over other values of their extents: when the helper
   is kept, over its parameters (GENERIC that the gimplifier, which
   replaces a type's sizes by variables of the helper, does not change),
   and at each call over the arguments.  */
struct type_copy
{
  tree from, to;
};

struct parameter_map
{
  tree fn;
  const tree *args;             /* NULL: the parameters stay */
  gimple_seq *seq;              /* where a call computes the extents */
  auto_vec<type_copy> types;
  hash_map<tree, tree> lets;    /* the copy's own placeholders */
};

static tree
replace_parameter_cb (tree *tp, int *walk_subtrees, void *data)
{
  struct parameter_map *map = (struct parameter_map *) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE (*tp) == SAVE_EXPR)
    {
      /* A parameter's size, saved in the helper: computed again here.  */
      *tp = unshare_expr (TREE_OPERAND (*tp, 0));
      return replace_parameter_cb (tp, walk_subtrees, data);
    }
  else if (TREE_CODE (*tp) == PARM_DECL && DECL_CONTEXT (*tp) == map->fn
           && map->args)
    {
      unsigned i = 0;
      for (tree p = DECL_ARGUMENTS (map->fn); p != *tp; p = DECL_CHAIN (p))
        i++;
      tree arg = unshare_expr (map->args[i]);
      *tp = AGGREGATE_TYPE_P (TREE_TYPE (*tp))
            ? arg : fold_convert (TREE_TYPE (*tp), arg);
      *walk_subtrees = 0;
    }
  else if (let_p (*tp) && map->args)
    {
      bool existed;
      tree *copy = &map->lets.get_or_insert (*tp, &existed);
      if (!existed)
        *copy = new_let (TREE_TYPE (*tp));
      *tp = *copy;
    }
  return NULL_TREE;
}

/* EXPR, unshared, over MAP's arguments.  */
static tree
over_arguments (struct parameter_map *map, tree expr)
{
  expr = unshare_expr (expr);
  walk_tree (&expr, replace_parameter_cb, map, NULL);
  return expr;
}

/* The largest index MAX of a helper's array type over MAP's arguments;
   at a call, in a variable computed into MAP's sequence, as the
   gimplifier computes a declaration's sizes (a type that names SSA names
   breaks GCC's later copies of the function), which the extraction
   reads (mint_helper_extent_p).  */
static tree
remap_max (struct parameter_map *map, tree max)
{
  max = over_arguments (map, max);
  if (map->seq)
    {
      gimplify_one_sizepos (&max, map->seq);
      if (VAR_P (max))
        vec_safe_push (helper_extents, max);
    }
  return max;
}

/* TYPE, where its sizes depend on MAP's function, remade over MAP's
   arguments: pointers to arrays of zero-based domains; other types stay
   (the access that has one is then not a subscript the kernel reads).  */
static tree
remap_type (struct parameter_map *map, tree type)
{
  if (!variably_modified_type_p (type, map->fn))
    return type;
  for (const type_copy &c : map->types)
    if (c.from == type)
      return c.to;
  tree to;
  if (TREE_CODE (type) == POINTER_TYPE)
    to = build_pointer_type (remap_type (map, TREE_TYPE (type)));
  else if (TREE_CODE (type) == ARRAY_TYPE && TYPE_DOMAIN (type)
           && integer_zerop (TYPE_MIN_VALUE (TYPE_DOMAIN (type)))
           && TYPE_MAX_VALUE (TYPE_DOMAIN (type)))
    {
      tree max = remap_max (map, TYPE_MAX_VALUE (TYPE_DOMAIN (type)));
      to = build_array_type (remap_type (map, TREE_TYPE (type)),
                             build_index_type (max));
    }
  else
    return type;
  to = build_qualified_type (to, TYPE_QUALS (type));
  type_copy c = { type, to };
  map->types.safe_push (c);
  return to;
}

static tree
remap_types_cb (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp) || DECL_P (*tp))
    *walk_subtrees = 0;
  else if (EXPR_P (*tp))
    TREE_TYPE (*tp) = remap_type ((struct parameter_map *) data,
                                  TREE_TYPE (*tp));
  return NULL_TREE;
}

/* EXPR (unshared) with its nodes' variably modified types remade by
   MAP.  */
static tree
remap_types (struct parameter_map *map, tree expr)
{
  walk_tree (&expr, remap_types_cb, map, NULL);
  return expr;
}

/* The expression of helper FN over the NARGS arguments ARGS, or NULL
   where FN has none; where SEQ, the extents of its variably modified
   types are computed there (remap_max).  */
static tree
helper_call_value (tree fn, unsigned nargs, const tree *args,
                   gimple_seq *seq)
{
  int i = helper_index (fn);
  if (i < 0 || (*helper_trees)[2 * i + 1] == error_mark_node
      || (int) nargs != list_length (DECL_ARGUMENTS (fn)))
    return NULL_TREE;
  struct parameter_map map;
  map.fn = fn;
  map.args = args;
  map.seq = seq;
  return remap_types (&map, over_arguments (&map,
                                            (*helper_trees)[2 * i + 1]));
}

/* ---- structures of scalars ------------------------------------------ */

/* A helper may return, take and keep in locals structures whose members
   are scalars the device computes with (a complex number, a flux of
   three conserved variables): such a value is a CONSTRUCTOR of every
   member, each an expression (error_mark_node where a local's member may
   not be assigned), or a parameter or argument of the type.  */
#define HELPER_MEMBERS 16

/* The number of scalar members of TYPE, a structure whose members are
   scalars or structures of them, no bit-field among them; -1 for other
   types.  */
static int
scalar_members (tree type)
{
  if (TREE_CODE (type) != RECORD_TYPE)
    return -1;
  int n = 0;
  for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
    if (TREE_CODE (f) == FIELD_DECL)
      {
        int m = mint_device_type_p (TREE_TYPE (f)) ? 1
                : scalar_members (TREE_TYPE (f));
        if (DECL_BIT_FIELD (f) || m < 0)
          return -1;
        n += m;
      }
  return n;
}

/* Whether TYPE is a structure of at most HELPER_MEMBERS scalar members
   (scalar_members), at least one.  */
static bool
scalar_record_p (tree type)
{
  int n = scalar_members (type);
  return n > 0 && n <= HELPER_MEMBERS;
}

/* The value of member FIELD of the structure value VALUE.  */
static tree
member_of (tree value, tree field)
{
  if (TREE_CODE (value) != CONSTRUCTOR)
    return build3 (COMPONENT_REF, TREE_TYPE (field), value, field,
                   NULL_TREE);
  unsigned i;
  tree index, elt;
  FOR_EACH_CONSTRUCTOR_ELT (CONSTRUCTOR_ELTS (value), i, index, elt)
    if (index == field)
      return elt;
  return build_zero_cst (TREE_TYPE (field));
}

/* VALUE, a structure value of TYPE, as a CONSTRUCTOR of every member.  */
static tree
all_members (tree type, tree value)
{
  vec<constructor_elt, va_gc> *elts = NULL;
  for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
    if (TREE_CODE (f) == FIELD_DECL)
      CONSTRUCTOR_APPEND_ELT (elts, f, member_of (value, f));
  return build_constructor (type, elts);
}

/* T with each member of a CONSTRUCTOR it selects (a local's, a helper's
   value) replaced by that member's value.  */
static tree
fold_members (tree t)
{
  if (!t)
    return t;
  if (TREE_CODE (t) == CONSTRUCTOR)
    {
      unsigned i;
      constructor_elt *e;
      FOR_EACH_VEC_SAFE_ELT (CONSTRUCTOR_ELTS (t), i, e)
        e->value = fold_members (e->value);
      return t;
    }
  if (!EXPR_P (t))
    return t;
  for (int i = 0; i < TREE_OPERAND_LENGTH (t); i++)
    TREE_OPERAND (t, i) = fold_members (TREE_OPERAND (t, i));
  if (TREE_CODE (t) == COMPONENT_REF
      && TREE_CODE (TREE_OPERAND (t, 0)) == CONSTRUCTOR)
    return member_of (TREE_OPERAND (t, 0), TREE_OPERAND (t, 1));
  return t;
}

static tree
error_mark_cb (tree *tp, int *walk_subtrees, void *)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return *tp == error_mark_node ? *tp : NULL_TREE;
}

/* Whether T uses a member of a local that may not be assigned.  */
static bool
unassigned_member_p (tree t)
{
  return walk_tree (&t, error_mark_cb, NULL, NULL) != NULL_TREE;
}

/* Whether the value T reads a member of a local that may not be
   assigned: a structure value may hold such a member, no more.  */
static bool
reads_unassigned_member_p (tree t)
{
  if (TREE_CODE (t) != CONSTRUCTOR)
    return unassigned_member_p (t);
  unsigned i;
  tree elt;
  FOR_EACH_CONSTRUCTOR_VALUE (CONSTRUCTOR_ELTS (t), i, elt)
    if (elt != error_mark_node && unassigned_member_p (elt))
      return true;
  return false;
}

/* ---- what a helper computes ------------------------------------------ */

/* A local or parameter of the helper and the value it holds from an
   assignment on, over the parameters' values at the call.  */
struct local_value
{
  tree decl, value;
};

struct helper_scan
{
  tree fn;
  auto_vec<local_value> locals;   /* the latest binding of a decl wins */
  int statements;                 /* visited, against HELPER_STATEMENTS */
  int nodes;                      /* copied into the value being built */
  int conditions;                 /* the ifs around the statement scanned */
  /* The values the helper computes whenever it runs (a local's before
     the first if), then those of the COMPOUND_EXPRs around a part of a
     value being checked.  */
  auto_vec<tree> evaluated;
  /* The placeholders of locals and what they hold, in the order the
     helper computes them.  */
  auto_vec<local_value> lets;
  const char *problem;
  location_t problem_loc;       /* where PROBLEM applies, if known */
};

/* The statements a helper's paths may visit in all (an `if' before the
   rest of the body visits the rest twice): a bound on the expression.  */
#define HELPER_STATEMENTS 256

/* The most tree nodes a helper's value, or a local's, may have: each
   call of a helper copies the helper's value, and each use of a local
   that an if assigns the local's, so that a chain of helpers each
   calling the one below twice doubles it at each level.  */
#define HELPER_NODES 4096

static tree
count_node_cb (tree *, int *, void *data)
{
  int *left = (int *) data;
  return --*left < 0 ? integer_zero_node : NULL_TREE;
}

/* The number of nodes of T, or more than HELPER_NODES.  */
static int
expression_size (tree t)
{
  int left = HELPER_NODES;
  walk_tree (&t, count_node_cb, &left, NULL);
  return HELPER_NODES - left;
}

/* Whether a value of SIZE nodes is small enough; false with a why.  */
static bool
value_fits (struct helper_scan *scan, int size)
{
  if (size <= HELPER_NODES)
    return true;
  scan->problem = "its value grows too large an expression (each call of "
                  "a helper copies the helper's expression, and each use "
                  "of a local that an if assigns what the local holds)";
  return false;
}

/* Counts SIZE more nodes into the value being built (value_fits).  */
static bool
grow_value (struct helper_scan *scan, int size)
{
  scan->nodes += size;
  return value_fits (scan, scan->nodes);
}

/* Counts one more statement visited; false with a why where the paths
   through the helper's ifs visit too many.  */
static bool
visit_statement (struct helper_scan *scan)
{
  if (++scan->statements <= HELPER_STATEMENTS)
    return true;
  scan->problem = "its paths through its if statements are too many";
  return false;
}

/* The value DECL holds in SCAN, or NULL.  */
static tree *
local_value_of (struct helper_scan *scan, tree decl)
{
  for (unsigned i = scan->locals.length (); i-- > 0;)
    if (scan->locals[i].decl == decl)
      return &scan->locals[i].value;
  return NULL;
}

/* Binds DECL to VALUE; error_mark_node: DECL may hold no value.  */
static void
bind_local (struct helper_scan *scan, tree decl, tree value)
{
  struct local_value b = { decl, value == error_mark_node
                                 || AGGREGATE_TYPE_P (TREE_TYPE (decl))
                                 ? value
                                 : fold_convert (TREE_TYPE (decl), value) };
  scan->locals.safe_push (b);
}

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

/* Whether CODE changes a variable: =, ++, --.  */
static bool
assignment_code_p (enum tree_code code)
{
  switch (code)
    {
    case MODIFY_EXPR: case INIT_EXPR: case PREINCREMENT_EXPR:
    case PREDECREMENT_EXPR: case POSTINCREMENT_EXPR: case POSTDECREMENT_EXPR:
      return true;
    default:
      return false;
    }
}

static tree
effect_cb (tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if (TYPE_P (t))
    *walk_subtrees = 0;
  else if ((assignment_code_p (TREE_CODE (t)) && !let_init_p (t))
           || TREE_THIS_VOLATILE (t))
    return t;
  else if (TREE_CODE (t) == CALL_EXPR
           && !value_helper_p (get_callee_fndecl (t)))
    {
      int flags = call_expr_flags (t);
      if (!(flags & (ECF_CONST | ECF_PURE))
          || (flags & ECF_LOOPING_CONST_OR_PURE))
        return t;
    }
  return NULL_TREE;
}

/* Whether computing T has no effect but its value: T may be computed
   again or not at all.  TREE_SIDE_EFFECTS does not tell, as a SAVE_EXPR
   inside sets it.  */
static bool
pure_computation_p (tree t)
{
  return !walk_tree_without_duplicates (&t, effect_cb, NULL);
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
  if (assignment_code_p (TREE_CODE (t)) && !let_init_p (t))
    {
      /* What take_step_cb leaves: an assignment used as a value, a step
         in a compound literal or a saved operand.  */
      scan->problem = "it assigns, increments or decrements a variable "
                      "inside an expression (a = b = 0, ++ in a compound "
                      "literal): write that as a statement of its own";
      return t;
    }
  switch (TREE_CODE (t))
    {
    case SAVE_EXPR:
      /* isnan (x) is x unordered with x, x saved: a computation without
         effects may run twice.  Each use gets a copy of its own: the
         walk replaces the locals in it in place.  */
      if (pure_computation_p (TREE_OPERAND (t, 0)))
        {
          *tp = unshare_expr (TREE_OPERAND (t, 0));
          return scan_expression_cb (tp, walk_subtrees, data);
        }
      scan->problem = "its expression is not a plain computation";
      return t;
    case COMPOUND_LITERAL_EXPR:
      {
        /* (cplx) { a, b }: its initializer, scanned in its place.  */
        tree decl = COMPOUND_LITERAL_EXPR_DECL (t);
        tree init = DECL_INITIAL (decl);
        if (scalar_record_p (TREE_TYPE (decl)) && init
            && TREE_CODE (init) == CONSTRUCTOR)
          {
            *tp = all_members (TREE_TYPE (decl), unshare_expr (init));
            return NULL_TREE;
          }
        scan->problem = "its expression is not a plain computation";
        return t;
      }
    case TARGET_EXPR: case STMT_EXPR: case BIND_EXPR:
    case STATEMENT_LIST:
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
    case CALL_EXPR:
      {
        tree fn = get_callee_fndecl (t);
        if (!fn)
          {
            scan->problem = "it calls a function through a pointer";
            return t;
          }
        /* A helper defined before: its expression, so that a condition
           may select it.  Its arguments are evaluated either way.  */
        auto_vec<tree> args;
        for (int i = 0; i < call_expr_nargs (t); i++)
          {
            if (!safe_to_evaluate_p (CALL_EXPR_ARG (t, i)))
              return NULL_TREE;
            args.safe_push (CALL_EXPR_ARG (t, i));
          }
        if (tree value = helper_call_value (fn, args.length (),
                                            args.address (), NULL))
          {
            if (!grow_value (scan, expression_size (value)))
              return t;
            *tp = AGGREGATE_TYPE_P (TREE_TYPE (t))
                  ? value : fold_convert (TREE_TYPE (t), value);
          }
        break;
      }
    case VAR_DECL:
    case PARM_DECL:
      if (tree *value = local_value_of (scan, t))
        {
          if (*value == error_mark_node)
            {
              scan->problem = "it reads a local that may not be assigned";
              return t;
            }
          if (!grow_value (scan, expression_size (*value)))
            return t;
          *tp = unshare_expr (*value);
          *walk_subtrees = 0;
        }
      else if (VAR_P (t) && DECL_CONTEXT (t) == scan->fn)
        {
          scan->problem = "it reads a local that is static or not yet "
                          "assigned";
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

/* Sets TREE_SIDE_EFFECTS of the computations in T from their operands
   again, after scan_expression_cb replaced calls of helpers by their
   expressions.  */
static void
refresh_side_effects (tree t)
{
  if (t && TREE_CODE (t) == CONSTRUCTOR)
    {
      unsigned i;
      tree elt;
      FOR_EACH_CONSTRUCTOR_VALUE (CONSTRUCTOR_ELTS (t), i, elt)
        refresh_side_effects (elt);
      return;
    }
  if (!t || !EXPR_P (t))
    return;
  bool effects = TREE_THIS_VOLATILE (t);
  for (int i = 0; i < TREE_OPERAND_LENGTH (t); i++)
    {
      refresh_side_effects (TREE_OPERAND (t, i));
      if (TREE_OPERAND (t, i) && TREE_SIDE_EFFECTS (TREE_OPERAND (t, i)))
        effects = true;
    }
  enum tree_code_class c = TREE_CODE_CLASS (TREE_CODE (t));
  if (c == tcc_unary || c == tcc_binary || c == tcc_comparison
      || c == tcc_reference || TREE_CODE (t) == COND_EXPR
      || truth_value_p (TREE_CODE (t)))
    TREE_SIDE_EFFECTS (t) = effects;
}

/* Finds a call to FN (DATA) in an expression.  */
static tree
calls_cb (tree *tp, int *walk_subtrees, void *data)
{
  tree t = *tp;
  if (TYPE_P (t))
    *walk_subtrees = 0;
  else if (TREE_CODE (t) == CALL_EXPR && get_callee_fndecl (t) == (tree) data)
    return t;
  return NULL_TREE;
}

/* Whether T is ?:, && or ||, whose operands after the first a condition
   selects.  */
static bool
conditional_p (tree t)
{
  return (TREE_CODE (t) == COND_EXPR || TREE_CODE (t) == TRUTH_ANDIF_EXPR
          || TREE_CODE (t) == TRUTH_ORIF_EXPR);
}

/* Whether A and B compute the same value: operand_equal_p, and calls
   of one function with such arguments also where the function may set
   errno (expf).  */
static bool
same_value_p (tree a, tree b)
{
  if (TREE_CODE (a) != CALL_EXPR || TREE_CODE (b) != CALL_EXPR)
    return operand_equal_p (a, b, 0);
  tree fn = get_callee_fndecl (a);
  if (!fn || fn != get_callee_fndecl (b)
      || call_expr_nargs (a) != call_expr_nargs (b))
    return false;
  for (int i = 0; i < call_expr_nargs (a); i++)
    if (!same_value_p (CALL_EXPR_ARG (a, i), CALL_EXPR_ARG (b, i)))
      return false;
  return true;
}

/* Whether T is evaluated whenever ALWAYS is: ALWAYS or a part of it but
   the operands that its ?:, && and || evaluate under a condition.  */
static bool
evaluated_with_p (tree always, tree t)
{
  if (same_value_p (always, t))
    return true;
  if (!EXPR_P (always))
    return false;
  int n = TREE_OPERAND_LENGTH (always);
  if (conditional_p (always))
    n = 1;
  for (int i = 0; i < n; i++)
    if (TREE_OPERAND (always, i)
        && evaluated_with_p (TREE_OPERAND (always, i), t))
      return true;
  return false;
}

/* What an operand that a condition selects is evaluated with: the
   condition, and the values the helper computes whatever it.  */
struct evaluation
{
  tree cond;
  const vec<tree> *evaluated;
};

/* Whether T is evaluated whenever E's condition is.  */
static bool
evaluated_by_p (const struct evaluation *e, tree t)
{
  if (evaluated_with_p (e->cond, t))
    return true;
  for (tree always : *e->evaluated)
    if (evaluated_with_p (always, t))
      return true;
  return false;
}

/* Whether T may trap or has an effect (a load, a division, a call for
   its effect): what a select must not evaluate in vain.  */
static bool
trap_or_effect_p (tree t)
{
  return (TREE_CODE (t) == CALL_EXPR && TREE_SIDE_EFFECTS (t))
         || tree_could_trap_p (t);
}

/* Finds a part of an operand that may trap or has an effect
   (trap_or_effect_p) and is not evaluated whenever DATA, an evaluation,
   is.  */
static tree
in_vain_problem_cb (tree *tp, int *walk_subtrees, void *data)
{
  tree t = *tp;
  if (TYPE_P (t) || evaluated_by_p ((const struct evaluation *) data, t))
    *walk_subtrees = 0;
  else if (trap_or_effect_p (t))
    return t;
  return NULL_TREE;
}

/* What in E, an operand of ?:, && or || that COND selects, is not safe
   to evaluate in vain (safe_to_evaluate_p), or NULL_TREE: what in it may
   trap is evaluated with COND (`if (u[y][x] > 0) return u[y][x] * c;')
   or with one of EVALUATED (`k = p->kappa; if (d > 0) return d * k;').  */
static tree
unsafe_under (tree e, tree cond, const vec<tree> &evaluated)
{
  int trapping_math = flag_trapping_math;
  flag_trapping_math = 0;
  struct evaluation with = { cond, &evaluated };
  tree unsafe = walk_tree_without_duplicates (&e, in_vain_problem_cb, &with);
  flag_trapping_math = trapping_math;
  return unsafe;
}

/* Finds in *TP a call of a function of this file that has no value
   (mint_helper_problem).  */
static tree
failed_helper_call_cb (tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if (TYPE_P (t))
    *walk_subtrees = 0;
  else if (TREE_CODE (t) == CALL_EXPR)
    {
      tree fn = get_callee_fndecl (t);
      if (fn && helper_index (fn) >= 0 && !value_helper_p (fn))
        return t;
    }
  return NULL_TREE;
}

/* Why the helper being scanned must not evaluate T, a conditional, as a
   select: the call it makes under a condition of itself or of a helper
   that has no value, for which that helper's why, or else what may trap
   or has an effect.  */
static const char *
conditional_problem (struct helper_scan *scan, tree t)
{
  if (walk_tree_without_duplicates (&t, calls_cb, scan->fn))
    return "it calls itself";
  if (tree call = walk_tree_without_duplicates (&t, failed_helper_call_cb,
                                                NULL))
    {
      tree fn = get_callee_fndecl (call);
      location_t in_callee;
      return xasprintf ("it calls %s%s%s under a condition, and that "
                        "function cannot run on the device: %s", open_quote,
                        IDENTIFIER_POINTER (DECL_NAME (fn)), close_quote,
                        mint_helper_problem (fn, &in_callee));
    }
  return "it divides, loads through a pointer or calls a function under a "
         "condition (if, ?:, && or ||)";
}

/* Finds an operand of ?:, && or || that the expression must not evaluate
   in vain (safe_under_p).  */
static tree
conditional_problem_cb (tree *tp, int *walk_subtrees, void *data)
{
  struct helper_scan *scan = (struct helper_scan *) data;
  tree t = *tp;
  if (TYPE_P (t))
    *walk_subtrees = 0;
  else if (TREE_CODE (t) == COMPOUND_EXPR)
    {
      /* A helper's value after what it computes whatever it.  */
      tree found = walk_tree (&TREE_OPERAND (t, 0), conditional_problem_cb,
                              scan, NULL);
      scan->evaluated.safe_push (TREE_OPERAND (t, 0));
      if (!found)
        found = walk_tree (&TREE_OPERAND (t, 1), conditional_problem_cb, scan,
                           NULL);
      scan->evaluated.pop ();
      *walk_subtrees = 0;
      return found;
    }
  else if (conditional_p (t))
    {
      tree unsafe = unsafe_under (TREE_OPERAND (t, 1), TREE_OPERAND (t, 0),
                                  scan->evaluated);
      if (!unsafe && TREE_CODE (t) == COND_EXPR)
        unsafe = unsafe_under (TREE_OPERAND (t, 2), TREE_OPERAND (t, 0),
                               scan->evaluated);
      if (!unsafe)
        return NULL_TREE;
      scan->problem = conditional_problem (scan, t);
      scan->problem_loc = EXPR_HAS_LOCATION (unsafe) ? EXPR_LOCATION (unsafe)
                                                     : EXPR_LOCATION (t);
      return t;
    }
  return NULL_TREE;
}

/* Whether DECL is a local or a parameter of the helper, one that an
   assignment may bind.  */
static bool
assignable_p (struct helper_scan *scan, tree decl)
{
  return (VAR_P (decl) || TREE_CODE (decl) == PARM_DECL)
         && DECL_CONTEXT (decl) == scan->fn && !TREE_STATIC (decl)
         && !TREE_ADDRESSABLE (decl) && !TREE_THIS_VOLATILE (decl)
         && (!AGGREGATE_TYPE_P (TREE_TYPE (decl))
             || scalar_record_p (TREE_TYPE (decl)));
}

/* ---- increments and decrements used as values ------------------------ */

static bool scan_assignment (struct helper_scan *, tree);

/* A full expression of a helper may use ++ and -- of its own scalar
   locals and parameters as values (int t = k++, p[k++], f (++k)): each
   is the variable (k++) or its stepped value (++k), and the variable
   holds the stepped value after the expression, where the statement
   form (k++;) would bind it.  That is C's value where the expression
   uses the variable nowhere else: k++ + k, k = k++ leave the order of
   the read and the step open, and are refused, as is a step that a
   condition (?:, && or ||) makes or not.  */

static const char pointer_step_problem[]
  = "it steps a pointer (p++): index the pointer instead (p[k], with k "
    "stepped)";

static bool
step_code_p (enum tree_code code)
{
  return code == PREINCREMENT_EXPR || code == POSTINCREMENT_EXPR
         || code == PREDECREMENT_EXPR || code == POSTDECREMENT_EXPR;
}

/* The value the ++ or -- S leaves its operand: operand plus or minus
   its step.  */
static tree
stepped_value (tree s)
{
  tree var = TREE_OPERAND (s, 0);
  bool up = (TREE_CODE (s) == PREINCREMENT_EXPR
             || TREE_CODE (s) == POSTINCREMENT_EXPR);
  return build2 (up ? PLUS_EXPR : MINUS_EXPR, TREE_TYPE (var), var,
                 TREE_OPERAND (s, 1));
}

static tree
find_step_cb (tree *tp, int *walk_subtrees, void *)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return step_code_p (TREE_CODE (*tp)) ? *tp : NULL_TREE;
}

static tree
count_decl_cb (tree *tp, int *walk_subtrees, void *data)
{
  std::pair<tree, int> *uses = (std::pair<tree, int> *) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (*tp == uses->first)
    uses->second++;
  return NULL_TREE;
}

/* The number of uses of DECL in T.  */
static int
decl_uses (tree t, tree decl)
{
  std::pair<tree, int> uses (decl, 0);
  walk_tree (&t, count_decl_cb, &uses, NULL);
  return uses.second;
}

/* What take_step_cb walks: the scan, the full expression, the variable
   its statement assigns (or NULL), and the steps taken out of it.  */
struct step_walk
{
  struct helper_scan *scan;
  tree whole, target;
  auto_vec<tree> steps;
};

/* Why the helper may not use the ++ or -- S as a value; NULL where it
   may (take_step_cb).  */
static const char *
step_problem (struct step_walk *w, tree s)
{
  tree var = TREE_OPERAND (s, 0);
  if (POINTER_TYPE_P (TREE_TYPE (var)))
    return pointer_step_problem;
  if (!DECL_P (var) || !assignable_p (w->scan, var) || !DECL_NAME (var))
    return "it assigns something other than its own scalar locals and "
           "parameters";
  const char *name = IDENTIFIER_POINTER (DECL_NAME (var));
  if (var == w->target || decl_uses (w->whole, var) > 1)
    return xasprintf ("it uses %s%s%s again in the expression that "
                      "increments or decrements it (%s%s++ + %s%s, %s%s = "
                      "%s++%s, whose order C leaves open): write the step "
                      "as a statement of its own (%s%s++;%s)",
                      open_quote, name, close_quote, open_quote, name, name,
                      close_quote, open_quote, name, name, close_quote,
                      open_quote, name, close_quote);
  return NULL;
}

/* Takes the ++ and -- of a full expression out (step_walk): replaces
   each by its value, and keeps it to be scanned as a statement after
   the expression.  */
static tree
take_step_cb (tree *tp, int *walk_subtrees, void *data)
{
  struct step_walk *w = (struct step_walk *) data;
  tree t = *tp;
  if (TYPE_P (t) || TREE_CODE (t) == SAVE_EXPR)
    /* A saved operand is shared with the function's body: the scan
       refuses a step in it.  */
    *walk_subtrees = 0;
  else if (conditional_p (t))
    {
      *walk_subtrees = 0;
      if (tree found = walk_tree (&TREE_OPERAND (t, 0), take_step_cb, w,
                                  NULL))
        return found;
      for (int i = 1; i < TREE_OPERAND_LENGTH (t); i++)
        if (tree step = walk_tree (&TREE_OPERAND (t, i), find_step_cb, NULL,
                                   NULL))
          {
            tree var = TREE_OPERAND (step, 0);
            w->scan->problem
              = DECL_P (var) && DECL_NAME (var)
                ? xasprintf ("it increments or decrements %s%s%s under a "
                             "condition (?:, && or ||): write the step as "
                             "a statement of its own, in an if", open_quote,
                             IDENTIFIER_POINTER (DECL_NAME (var)),
                             close_quote)
                : "it increments or decrements under a condition (?:, && "
                  "or ||): write the step as a statement of its own, in "
                  "an if";
            return step;
          }
    }
  else if (step_code_p (TREE_CODE (t)))
    {
      *walk_subtrees = 0;
      if (const char *problem = step_problem (w, t))
        {
          w->scan->problem = problem;
          return t;
        }
      w->steps.safe_push (t);
      bool post = (TREE_CODE (t) == POSTINCREMENT_EXPR
                   || TREE_CODE (t) == POSTDECREMENT_EXPR);
      *tp = post ? TREE_OPERAND (t, 0) : stepped_value (t);
    }
  return NULL_TREE;
}

/* EXPR of the helper being scanned, its locals and the helpers it calls
   replaced by their values, or NULL.  EXPR is a full expression, of a
   statement that assigns TARGET (or NULL): the ++ and -- it uses as
   values bind their variables after it.  */
static tree
helper_value (struct helper_scan *scan, tree expr, tree target)
{
  struct step_walk w;
  w.scan = scan;
  w.whole = unshare_expr (expr);
  w.target = target;
  if (walk_tree (&w.whole, take_step_cb, &w, NULL))
    return NULL_TREE;
  tree value = w.whole;
  if (!w.steps.is_empty ())
    refresh_side_effects (value);
  scan->nodes = 0;
  if (walk_tree (&value, scan_expression_cb, scan, NULL))
    return NULL_TREE;
  value = fold_members (value);
  if (reads_unassigned_member_p (value))
    {
      scan->problem = "it reads a member of a local that may not be "
                      "assigned";
      return NULL_TREE;
    }
  refresh_side_effects (value);
  if (walk_tree (&value, conditional_problem_cb, scan, NULL))
    return NULL_TREE;
  for (tree step : w.steps)
    if (!scan_assignment (scan, step))
      return NULL_TREE;
  return value;
}

/* The value of a local of TYPE that no statement assigned: error_mark_node,
   or for a structure each scalar member that.  */
static tree
unassigned_value (tree type)
{
  if (TREE_CODE (type) != RECORD_TYPE)
    return error_mark_node;
  vec<constructor_elt, va_gc> *elts = NULL;
  for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
    if (TREE_CODE (f) == FIELD_DECL)
      CONSTRUCTOR_APPEND_ELT (elts, f, unassigned_value (TREE_TYPE (f)));
  return build_constructor (type, elts);
}

/* What scalar local DECL holds, VALUE, which the helper computes
   whatever its conditions (outside its ifs, or an if's select), where
   it returns a scalar: a placeholder for it (bind_let).  */
static tree
let_for (struct helper_scan *scan, tree decl, tree value)
{
  if (scan->conditions > 0 || value == error_mark_node || DECL_P (value)
      || CONSTANT_CLASS_P (value) || AGGREGATE_TYPE_P (TREE_TYPE (decl))
      || scalar_record_p (TREE_TYPE (TREE_TYPE (scan->fn))))
    return value;
  struct local_value let = { new_let (TREE_TYPE (decl)),
                             fold_convert (TREE_TYPE (decl), value) };
  scan->lets.safe_push (let);
  return let.decl;
}

/* Binds DECL to VALUE, which the helper computes there; before the
   first if, that is whenever it runs: a part of VALUE that may trap or
   has an effect may then be evaluated in vain in the arm of a select
   that uses it.  */
static void
bind_computed (struct helper_scan *scan, tree decl, tree value)
{
  if (scan->conditions == 0 && !safe_to_evaluate_p (value)
      && !scalar_record_p (TREE_TYPE (TREE_TYPE (scan->fn))))
    scan->evaluated.safe_push (value);
  bind_local (scan, decl, let_for (scan, decl, value));
}

/* A declaration of a local: its value from its initializer on, for the
   expressions after it.  */
static bool
scan_declaration (struct helper_scan *scan, tree decl)
{
  if (TREE_CODE (decl) == TYPE_DECL
      && !variably_modified_type_p (TREE_TYPE (decl), NULL_TREE))
    return true;
  tree type = TREE_TYPE (decl);
  bool record = scalar_record_p (type);
  if (VAR_P (decl) && TREE_ADDRESSABLE (decl))
    {
      scan->problem = "it takes the address of a local";
      return false;
    }
  if (VAR_P (decl) && (TREE_STATIC (decl) || DECL_EXTERNAL (decl)))
    {
      scan->problem = "it declares a local static or extern, which every "
                      "call shares";
      return false;
    }
  if (!VAR_P (decl) || (AGGREGATE_TYPE_P (type) && !record))
    {
      scan->problem = "it declares a local that is not a scalar or a "
                      "structure of scalars";
      return false;
    }
  if (!DECL_INITIAL (decl))
    {
      bind_local (scan, decl, unassigned_value (type));
      return true;
    }
  tree value = helper_value (scan, DECL_INITIAL (decl), decl);
  if (!value)
    return false;
  bind_computed (scan, decl, record ? all_members (type, value) : value);
  return true;
}

/* The structure value OLD of TYPE with the member that the member
   references PATH[0..N) name (outermost first) replaced by VALUE.  */
static tree
with_member (tree type, tree old, tree *path, int n, tree value)
{
  tree members = all_members (type, old);
  unsigned i;
  constructor_elt *e;
  tree field = TREE_OPERAND (path[0], 1);
  FOR_EACH_VEC_SAFE_ELT (CONSTRUCTOR_ELTS (members), i, e)
    if (e->index == field)
      e->value = n > 1 ? with_member (TREE_TYPE (field), e->value, path + 1,
                                      n - 1, value)
                 : AGGREGATE_TYPE_P (TREE_TYPE (field))
                 ? all_members (TREE_TYPE (field), value)
                 : fold_convert (TREE_TYPE (field), value);
  return members;
}

/* The statement S assigns a member of a structure local or parameter
   that LHS, its left-hand side, names (r.re = ..., p.a = a, p.a.im =
   ...): binds the structure to its value with that member's new
   value.  */
static bool
scan_member_assignment (struct helper_scan *scan, tree lhs, tree s)
{
  tree path[8];
  int n = 0;
  tree base = lhs;
  for (; TREE_CODE (base) == COMPONENT_REF && n < 8;
       base = TREE_OPERAND (base, 0))
    path[n++] = base;
  for (int i = 0; i < n / 2; i++)
    std::swap (path[i], path[n - 1 - i]);
  tree *bound = assignable_p (scan, base) ? local_value_of (scan, base)
                                          : NULL;
  tree old = bound ? *bound
             : assignable_p (scan, base) && TREE_CODE (base) == PARM_DECL
             ? base : NULL_TREE;
  if (!old || TREE_CODE (base) == COMPONENT_REF
      || TREE_CODE (s) != MODIFY_EXPR)
    {
      scan->problem = "it assigns something other than its own scalar "
                      "locals and parameters and the members of its "
                      "structure locals and parameters";
      return false;
    }
  tree value = helper_value (scan, TREE_OPERAND (s, 1), base);
  if (!value)
    return false;
  bind_computed (scan, base, with_member (TREE_TYPE (base),
                                          unshare_expr (old), path, n, value));
  return true;
}

/* The statement S, an assignment to a local or parameter (=, op=, ++,
   --): binds its new value.  */
static bool
scan_assignment (struct helper_scan *scan, tree s)
{
  tree lhs = TREE_OPERAND (s, 0);
  if (TREE_CODE (lhs) == COMPONENT_REF)
    return scan_member_assignment (scan, lhs, s);
  if (!assignable_p (scan, lhs))
    {
      scan->problem = "it assigns something other than its own scalar "
                      "locals and parameters";
      return false;
    }
  tree rhs;
  switch (TREE_CODE (s))
    {
    case MODIFY_EXPR:
    case INIT_EXPR:
      rhs = TREE_OPERAND (s, 1);
      break;
    case PREINCREMENT_EXPR: case POSTINCREMENT_EXPR:
    case PREDECREMENT_EXPR: case POSTDECREMENT_EXPR:
      if (POINTER_TYPE_P (TREE_TYPE (lhs)))
        {
          scan->problem = pointer_step_problem;
          return false;
        }
      rhs = stepped_value (s);
      break;
    default:
      gcc_unreachable ();
    }
  tree value = helper_value (scan, rhs, lhs);
  if (!value)
    return false;
  if (AGGREGATE_TYPE_P (TREE_TYPE (lhs)))
    value = all_members (TREE_TYPE (lhs), value);
  bind_computed (scan, lhs, value);
  return true;
}

/* The statements of BODY, blocks and lists opened, into OUT.  */
static void
flatten_statements (tree body, auto_vec<tree> *out)
{
  if (!body)
    return;
  if (TREE_CODE (body) == BIND_EXPR)
    flatten_statements (BIND_EXPR_BODY (body), out);
  else if (TREE_CODE (body) == STATEMENT_LIST)
    for (tree_stmt_iterator i = tsi_start (body); !tsi_end_p (i); tsi_next (&i))
      flatten_statements (tsi_stmt (i), out);
  else if (TREE_CODE (body) != DEBUG_BEGIN_STMT)
    out->safe_push (body);
}

static tree
contains_return_cb (tree *tp, int *walk_subtrees, void *)
{
  if (TREE_CODE (*tp) == RETURN_EXPR)
    return *tp;
  if (EXPR_P (*tp) && TREE_CODE (*tp) != BIND_EXPR
      && TREE_CODE (*tp) != COND_EXPR && TREE_CODE (*tp) != STATEMENT_LIST)
    *walk_subtrees = 0;
  return NULL_TREE;
}

static bool
contains_return_p (tree body)
{
  return body && walk_tree_without_duplicates (&body, contains_return_cb,
                                               NULL);
}

/* COND ? A : B of type TYPE, where both arms are evaluated (as the
   gimplifier will): NULL with a why where one of them must not be.  */
static tree
select_value (struct helper_scan *scan, tree type, tree cond, tree a, tree b)
{
  if (a == error_mark_node || b == error_mark_node)
    return error_mark_node;     /* a local assigned on one arm only */
  if (scalar_record_p (type))
    {
      /* A select a member.  */
      vec<constructor_elt, va_gc> *elts = NULL;
      for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
        if (TREE_CODE (f) == FIELD_DECL)
          {
            tree m = select_value (scan, TREE_TYPE (f), cond,
                                   member_of (a, f), member_of (b, f));
            if (!m)
              return NULL_TREE;
            CONSTRUCTOR_APPEND_ELT (elts, f, m);
          }
      return build_constructor (type, elts);
    }
  if (!value_fits (scan, expression_size (cond) + expression_size (a)
                         + expression_size (b)))
    return NULL_TREE;
  tree select = build3 (COND_EXPR, type, cond, fold_convert (type, a),
                        fold_convert (type, b));
  if (walk_tree (&select, conditional_problem_cb, scan, NULL))
    return NULL_TREE;
  return fold (select);
}

static bool scan_branch (struct helper_scan *, tree, auto_vec<tree> *);

/* The statement S, an `if' whose arms do not return: binds each local
   that an arm assigns to COND ? its value there : its value on the other
   arm.  */
static bool
scan_if (struct helper_scan *scan, tree s)
{
  tree cond = helper_value (scan, COND_EXPR_COND (s), NULL_TREE);
  if (!cond)
    return false;
  unsigned before = scan->locals.length ();
  auto_vec<local_value> arm_values[2];
  for (int arm = 0; arm < 2; arm++)
    {
      auto_vec<tree> stmts;
      scan->conditions++;
      bool scanned = scan_branch (scan, TREE_OPERAND (s, 1 + arm), &stmts);
      scan->conditions--;
      if (!scanned)
        return false;
      for (unsigned i = before; i < scan->locals.length (); i++)
        arm_values[arm].safe_push (scan->locals[i]);
      scan->locals.truncate (before);
    }
  auto_vec<local_value> merged;
  for (int arm = 0; arm < 2; arm++)
    for (const local_value &b : arm_values[arm])
      {
        tree *bound = local_value_of (scan, b.decl);
        tree old = bound ? *bound
                   : TREE_CODE (b.decl) == PARM_DECL ? b.decl : NULL_TREE;
        if (!old)
          continue;             /* declared in the arm */
        tree values[2] = { old, old };
        for (int other = 0; other < 2; other++)
          for (const local_value &o : arm_values[other])
            if (o.decl == b.decl)
              values[other] = o.value;
        tree v = select_value (scan, TREE_TYPE (b.decl), cond, values[0],
                               values[1]);
        if (!v)
          return false;
        struct local_value m = { b.decl, let_for (scan, b.decl, v) };
        merged.safe_push (m);
      }
  scan->locals.safe_splice (merged);
  return true;
}

static tree statements_value (struct helper_scan *, const vec<tree> &,
                              unsigned);

/* The value the helper returns from the `if' STMTS[I] on, where an arm
   returns: COND ? (the `then' arm, then the rest) : (the `else' arm, then
   the rest).  */
static tree
if_value (struct helper_scan *scan, const vec<tree> &stmts, unsigned i)
{
  tree s = stmts[i];
  tree cond = helper_value (scan, COND_EXPR_COND (s), NULL_TREE);
  if (!cond)
    return NULL_TREE;
  tree values[2];
  unsigned before = scan->locals.length ();
  for (int arm = 0; arm < 2; arm++)
    {
      auto_vec<tree> path;
      flatten_statements (TREE_OPERAND (s, 1 + arm), &path);
      for (unsigned j = i + 1; j < stmts.length (); j++)
        path.safe_push (stmts[j]);
      scan->conditions++;
      values[arm] = statements_value (scan, path, 0);
      scan->conditions--;
      scan->locals.truncate (before);
      if (!values[arm])
        return NULL_TREE;
    }
  return select_value (scan, TREE_TYPE (TREE_TYPE (scan->fn)), cond,
                       values[0], values[1]);
}

static bool scan_branch (struct helper_scan *, tree, auto_vec<tree> *);

static tree
replace_saved_cb (tree *tp, int *walk_subtrees, void *data)
{
  tree saved = (tree) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (*tp == saved)
    {
      *tp = unshare_expr (TREE_OPERAND (saved, 0));
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

/* Where S, `SAVE_EXPR <E>, STMT', is what the front end makes of `x op=
   E' for an E that steps a variable (s += p[j++]): STMT with E in place
   of the saved node (shared with the function's body), whose full
   expression then takes the steps out (take_step_cb); else NULL.  */
static tree
unsaved_statement (tree s)
{
  tree saved = TREE_OPERAND (s, 0);
  if (TREE_CODE (saved) != SAVE_EXPR
      || !walk_tree (&TREE_OPERAND (saved, 0), find_step_cb, NULL, NULL))
    return NULL_TREE;
  tree stmt = unshare_expr (TREE_OPERAND (s, 1));
  walk_tree (&stmt, replace_saved_cb, saved, NULL);
  return stmt;
}

/* Scans statement S, which does not return; false with a why where it
   is not one the helper may have.  */
static bool
scan_statement (struct helper_scan *scan, tree s)
{
  if (!visit_statement (scan))
    return false;
  if (assignment_code_p (TREE_CODE (s)))
    return scan_assignment (scan, s);
  switch (TREE_CODE (s))
    {
    case DECL_EXPR:
      return scan_declaration (scan, DECL_EXPR_DECL (s));
    case COND_EXPR:
      return scan_if (scan, s);
    case COMPOUND_EXPR:
      /* `b *= isnan (x) ? ...': the front end saves the operand first,
         SAVE_EXPR <...>, b = SAVE_EXPR <...> * b.  */
      if (tree unsaved = unsaved_statement (s))
        return scan_statement (scan, unsaved);
      return (scan_statement (scan, TREE_OPERAND (s, 0))
              && scan_statement (scan, TREE_OPERAND (s, 1)));
    case BIND_EXPR:
      /* `{}' beside the sizes of variably modified parameters.  */
      if (!contains_return_p (s))
        {
          auto_vec<tree> stmts;
          return scan_branch (scan, s, &stmts);
        }
      break;
    case SAVE_EXPR:
      if (pure_computation_p (TREE_OPERAND (s, 0)))
        return true;            /* its uses compute it again */
      break;
    case NOP_EXPR:
    case CONVERT_EXPR:
      /* `(void) b;', which silences -Wunused-parameter.  */
      if (VOID_TYPE_P (TREE_TYPE (s))
          && pure_computation_p (TREE_OPERAND (s, 0)))
        return true;
      break;
    default:
      break;
    }
  scan->problem = "its body has statements other than declarations, "
                  "assignments to its locals, if and return "
                  "(a loop, a switch, a call for its effect)";
  return false;
}

/* Scans BODY, an arm of an `if' that does not return, into STMTS.  */
static bool
scan_branch (struct helper_scan *scan, tree body, auto_vec<tree> *stmts)
{
  flatten_statements (body, stmts);
  for (tree s : *stmts)
    if (!scan_statement (scan, s))
      return false;
  return true;
}

/* The value the helper returns from STMTS[I] on, over the values SCAN
   binds; NULL with a why in SCAN.  */
static tree
statements_value (struct helper_scan *scan, const vec<tree> &stmts,
                  unsigned i)
{
  for (; i < stmts.length (); i++)
    {
      tree s = stmts[i];
      if (TREE_CODE (s) == RETURN_EXPR)
        {
          tree set = TREE_OPERAND (s, 0);
          if (set && (TREE_CODE (set) == MODIFY_EXPR
                      || TREE_CODE (set) == INIT_EXPR)
              && TREE_CODE (TREE_OPERAND (set, 0)) == RESULT_DECL)
            return helper_value (scan, TREE_OPERAND (set, 1), NULL_TREE);
          scan->problem = "it has a return without a value";
          return NULL_TREE;
        }
      if (TREE_CODE (s) == COND_EXPR
          && (contains_return_p (TREE_OPERAND (s, 1))
              || contains_return_p (TREE_OPERAND (s, 2))))
        {
          return visit_statement (scan) ? if_value (scan, stmts, i)
                                        : NULL_TREE;
        }
      if (!scan_statement (scan, s))
        return NULL_TREE;
    }
  scan->problem = "it can reach its end without returning a value";
  return NULL_TREE;
}

/* Finds in *TP the value DATA (same_value_p).  */
static tree
find_value_cb (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (same_value_p (*tp, (tree) data))
    return *tp;
  return NULL_TREE;
}

struct guarded_use
{
  tree value;                   /* a helper's value */
  bool found;
};

/* Notes in DATA (a guarded_use) whether *TP, a part of a value the
   helper computes whatever it that may trap or has an effect, is in
   DATA's value only where a condition selects it.  */
static tree
guarded_use_cb (tree *tp, int *walk_subtrees, void *data)
{
  struct guarded_use *use = (struct guarded_use *) data;
  tree t = *tp;
  if (TYPE_P (t) || evaluated_with_p (use->value, t))
    *walk_subtrees = 0;
  else if (trap_or_effect_p (t)
           && walk_tree_without_duplicates (&use->value, find_value_cb, t))
    use->found = true;
  return NULL_TREE;
}

/* Whether VALUE, a helper's, uses a part of E, which the helper
   computes whatever it, that may trap or has an effect only where a
   condition selects it.  */
static bool
used_under_condition_only_p (tree value, tree e)
{
  struct guarded_use use = { value, false };
  int trapping_math = flag_trapping_math;
  flag_trapping_math = 0;
  walk_tree_without_duplicates (&e, guarded_use_cb, &use);
  flag_trapping_math = trapping_math;
  return use.found;
}

/* Finds DATA, a placeholder, in *TP.  */
static tree
find_let_cb (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return *tp == (tree) data ? *tp : NULL_TREE;
}

/* VALUE with the placeholders of SCAN that it uses bound first (an
   unused local computes nothing); NULL with a why where that grows too
   large.  */
static tree
with_lets (struct helper_scan *scan, tree value)
{
  for (unsigned i = scan->lets.length (); i-- > 0;)
    {
      const local_value &let = scan->lets[i];
      if (walk_tree (&value, find_let_cb, let.decl, NULL))
        value = bind_let (let.decl, let.value, value);
    }
  return value_fits (scan, expression_size (value)) ? value : NULL_TREE;
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
  tree result = TREE_TYPE (type);
  bool record = scalar_record_p (result);
  if (!mint_device_type_p (result) && !record)
    {
      scan->problem = "it returns a type that kernels do not compute with";
      return NULL_TREE;
    }
  auto_vec<tree> stmts;
  flatten_statements (DECL_SAVED_TREE (fn), &stmts);
  tree value = statements_value (scan, stmts, 0);
  if (value && !record)
    /* What it computes whatever it and uses under a condition only,
       first: the arms of its selects may then evaluate that again
       (load_first).  */
    for (unsigned i = scan->evaluated.length (); i-- > 0;)
      if (used_under_condition_only_p (value, scan->evaluated[i]))
        value = build2 (COMPOUND_EXPR, TREE_TYPE (value),
                        unshare_expr (scan->evaluated[i]), value);
  if (value && !record)
    value = with_lets (scan, value);
  if (!value || !record)
    return value;
  value = all_members (result, value);
  if (unassigned_member_p (value))
    {
      scan->problem = "it returns a structure with a member that may not "
                      "be assigned";
      return NULL_TREE;
    }
  return value;
}

/* ---- signed arithmetic that a select computes in vain ---------------- */

/* Whether T is integer arithmetic whose overflow C leaves undefined.  */
static bool
overflow_undefined_p (tree t)
{
  switch (TREE_CODE (t))
    {
    case PLUS_EXPR: case MINUS_EXPR: case MULT_EXPR: case NEGATE_EXPR:
      return ANY_INTEGRAL_TYPE_P (TREE_TYPE (t))
             && TYPE_OVERFLOW_UNDEFINED (TREE_TYPE (t));
    default:
      return false;
    }
}

/* Makes *TP, if overflow_undefined_p and not computed by DATA, the
   condition that selects it, wrap: done in the unsigned type, then
   converted back (which GCC defines modulo 2^N), the same value where C
   computes it, and none that a compiler may assume cannot happen where
   C does not.  */
static tree
wrap_in_vain_cb (tree *tp, int *walk_subtrees, void *data)
{
  tree t = *tp;
  if (TYPE_P (t) || evaluated_with_p ((tree) data, t))
    *walk_subtrees = 0;
  else if (overflow_undefined_p (t))
    {
      tree type = TREE_TYPE (t);
      tree wrapping = copy_node (t);
      TREE_TYPE (wrapping) = unsigned_type_for (type);
      for (int i = 0; i < TREE_OPERAND_LENGTH (t); i++)
        TREE_OPERAND (wrapping, i) = build1 (NOP_EXPR, TREE_TYPE (wrapping),
                                             TREE_OPERAND (t, i));
      *tp = build1 (NOP_EXPR, type, wrapping);
    }
  return NULL_TREE;
}

/* Finds the operands of ?:, && and || in *TP that a condition selects,
   which the gimplifier's select evaluates whatever the condition, and
   makes their signed arithmetic wrap (wrap_in_vain_cb): `if (k >= 0)
   return 1; return k * 100000000;' must not overflow for k >= 22, which
   the optimizer of the host loops could take for a bound of k.  */
static tree
wrap_selected_cb (tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if (TYPE_P (t))
    *walk_subtrees = 0;
  else if (conditional_p (t))
    for (int i = 1; i < TREE_OPERAND_LENGTH (t); i++)
      walk_tree (&TREE_OPERAND (t, i), wrap_in_vain_cb, TREE_OPERAND (t, 0),
                 NULL);
  return NULL_TREE;
}

/* PLUGIN_PRE_GENERICIZE: keeps what function GCC_DATA computes.  */
static void
record_helper (void *gcc_data, void *)
{
  tree fn = (tree) gcc_data;
  struct helper_scan scan;
  scan.fn = fn;
  scan.statements = 0;
  scan.nodes = 0;
  scan.conditions = 0;
  scan.problem = NULL;
  scan.problem_loc = UNKNOWN_LOCATION;
  tree expr = helper_expression (&scan);
  if (expr)
    {
      struct parameter_map own;
      own.fn = fn;
      own.args = NULL;
      own.seq = NULL;
      expr = remap_types (&own, unshare_expr (expr));
      walk_tree (&expr, wrap_selected_cb, NULL, NULL);
    }
  vec_safe_push (helper_trees, fn);
  vec_safe_push (helper_trees, expr ? expr : error_mark_node);
  helper_problems.safe_push (expr ? NULL : scan.problem);
  helper_problem_locs.safe_push (expr ? UNKNOWN_LOCATION : scan.problem_loc);
}

void
mint_helpers_register (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_PRE_GENERICIZE, record_helper, NULL);
  register_callback (plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
                     (void *) helper_roots);
}

const char *
mint_helper_problem (tree fn, location_t *where)
{
  int i = helper_index (fn);
  *where = UNKNOWN_LOCATION;
  if (i < 0)
    return NULL;
  *where = helper_problem_locs[i];
  /* A helper's call stays only where helpers nest too deep.  */
  return helper_problems[i] ? helper_problems[i]
         : "it calls itself, or helpers call helpers too deeply";
}

/* ---- replacing the calls --------------------------------------------- */

/* Collects into DATA (a vec) the calls for an effect (expf, which may
   set errno) in *TP outside the operands of ?:, && and || that a
   condition selects: those the helper makes whatever its conditions,
   before its first if (`double s = sqrt (x); ... return a + s;') or in
   what it computes whatever it (the COMPOUND_EXPR of
   helper_expression).  */
static tree
effect_calls_cb (tree *tp, int *walk_subtrees, void *data)
{
  tree t = *tp;
  if (TYPE_P (t))
    *walk_subtrees = 0;
  else if (conditional_p (t))
    {
      walk_tree (&TREE_OPERAND (t, 0), effect_calls_cb, data, NULL);
      *walk_subtrees = 0;
    }
  else if (TREE_CODE (t) == CALL_EXPR && TREE_SIDE_EFFECTS (t))
    {
      ((vec<tree> *) data)->safe_push (t);
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

/* Collects into DATA (a vec) the loads that may trap in *TP outside the
   operands of ?:, && and || that a condition selects.  */
static tree
unconditional_loads_cb (tree *tp, int *walk_subtrees, void *data)
{
  tree t = *tp;
  if (TYPE_P (t) || TREE_CODE (t) == ADDR_EXPR)
    *walk_subtrees = 0;
  else if (REFERENCE_CLASS_P (t) && is_gimple_reg_type (TREE_TYPE (t))
           && tree_could_trap_p (t))
    {
      ((vec<tree> *) data)->safe_push (t);
      *walk_subtrees = 0;
    }
  else if (conditional_p (t))
    {
      walk_tree (&TREE_OPERAND (t, 0), unconditional_loads_cb, data, NULL);
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

/* Collects into DATA (a vec) the members of local structures in *TP
   (an argument's, z.re), which may be read whatever the conditions.  */
static tree
member_loads_cb (tree *tp, int *walk_subtrees, void *data)
{
  tree t = *tp;
  if (TYPE_P (t) || TREE_CODE (t) == ADDR_EXPR)
    *walk_subtrees = 0;
  else if (TREE_CODE (t) == COMPONENT_REF && is_gimple_reg_type (TREE_TYPE (t)))
    {
      tree base = get_base_address (t);
      if (base && VAR_P (base) && !is_global_var (base)
          && !TREE_THIS_VOLATILE (t) && !TREE_THIS_VOLATILE (base))
        ((vec<tree> *) data)->safe_push (t);
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

struct load_value
{
  tree load, value;
};

static tree
replace_load_cb (tree *tp, int *walk_subtrees, void *data)
{
  struct load_value *l = (struct load_value *) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (same_value_p (*tp, l->load))
    {
      *tp = l->value;
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

/* Recomputes the side effects of T's arithmetic, comparisons and
   conditionals from their operands, after load_first put values for the
   calls among them: `e - 1' of `double e = exp (x);' before an `if'
   kept the call's flag, and the gimplifier made the select branches.  */
static bool
side_effects_after_values (tree t)
{
  if (!t || !EXPR_P (t))
    return t && TREE_SIDE_EFFECTS (t);
  enum tree_code code = TREE_CODE (t);
  bool recomputed = TREE_CODE_CLASS (code) == tcc_unary
                    || TREE_CODE_CLASS (code) == tcc_binary
                    || truth_value_p (code) || code == COND_EXPR;
  bool any = false;
  for (int i = 0; i < TREE_OPERAND_LENGTH (t); i++)
    any |= side_effects_after_values (TREE_OPERAND (t, i));
  if (!recomputed)
    return TREE_SIDE_EFFECTS (t);
  TREE_SIDE_EFFECTS (t) = any;
  return any;
}

/* Computes into SEQ the loads that *EXPR makes whatever its conditions,
   and those of the members of local structures (a structure argument's),
   and the calls for an effect that a helper makes whatever them, and
   puts their values for them, also where an arm repeats one (`c = u[i];
   if (c > 0) return c * 2;'), so that the arm is a select's operand, not
   a branch's.  */
static void
load_first (tree *expr, gimple_seq *seq)
{
  auto_vec<tree> loads;
  walk_tree (expr, effect_calls_cb, &loads, NULL);
  walk_tree (expr, unconditional_loads_cb, &loads, NULL);
  walk_tree (expr, member_loads_cb, &loads, NULL);
  for (tree load : loads)
    {
      struct load_value l = { load, unshare_expr (load) };
      gimplify_expr (&l.value, seq, NULL, is_gimple_val, fb_rvalue);
      walk_tree (expr, replace_load_cb, &l, NULL);
    }
  side_effects_after_values (*expr);
}

/* Puts DATA's value (a load_value) for its placeholder in *TP, and
   drops the copies of the placeholder's binding, which a SAVE_EXPR's
   copies may have made.  */
static tree
replace_let_cb (tree *tp, int *walk_subtrees, void *data)
{
  struct load_value *l = (struct load_value *) data;
  while (binding_p (*tp) && TREE_OPERAND (TREE_OPERAND (*tp, 0), 0) == l->load)
    *tp = TREE_OPERAND (*tp, 1);
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (*tp == l->load)
    {
      *tp = l->value;
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

/* Finds a binding of a placeholder (binding_p) in *TP, whose place goes
   to DATA.  */
static tree
find_binding_cb (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (binding_p (*tp))
    {
      *(tree **) data = tp;
      return *tp;
    }
  return NULL_TREE;
}

/* Computes into SEQ what *EXPR binds its placeholders to (a helper's
   locals), those of the bound value first, and puts each temporary for
   its placeholder, and for the same value elsewhere (an arm that
   repeats a load is then a select's operand).  */
static void
bind_first (tree *expr, gimple_seq *seq)
{
  tree *at;
  while (walk_tree (expr, find_binding_cb, &at, NULL))
    {
      tree init = TREE_OPERAND (*at, 0);
      bind_first (&TREE_OPERAND (init, 1), seq);
      tree what = TREE_OPERAND (init, 1);
      struct load_value l = { TREE_OPERAND (init, 0), unshare_expr (what) };
      gimplify_expr (&l.value, seq, NULL, is_gimple_val, fb_rvalue);
      *at = TREE_OPERAND (*at, 1);
      walk_tree (expr, replace_let_cb, &l, NULL);
      l.load = what;
      walk_tree (expr, replace_load_cb, &l, NULL);
    }
}

/* The statements that compute the value of helper FN over the NARGS
   arguments ARGS (of its member that FIELDS name, outermost first, where
   FN returns a structure),
   converted to TYPE, into *VALUE (NULL where FN has no value):
   temporaries as SSA names, as the gimplifier made the body's (the
   extraction follows pointers through their one definition); a
   conditional over values that cannot trap as a COND_EXPR, not as
   branches; the extents of a variably modified parameter first
   (remap_max).  */
static gimple_seq
gimplify_call_value (tree fn, unsigned nargs, const tree *args,
                     const vec<tree> &fields, tree type, tree *value)
{
  gimple_seq seq = NULL;
  int trapping_math = flag_trapping_math;
  flag_trapping_math = 0;       /* see safe_to_evaluate_p */
  push_gimplify_context (true, true);
  tree expr = helper_call_value (fn, nargs, args, &seq);
  if (expr)
    {
      for (tree field : fields)
        expr = member_of (fold_members (expr), field);
      expr = fold_convert (type, fold_members (expr));
      bind_first (&expr, &seq);
      load_first (&expr, &seq);
      gimplify_expr (&expr, &seq, NULL, is_gimple_val, fb_rvalue);
    }
  pop_gimplify_context (NULL);
  flag_trapping_math = trapping_math;
  *value = expr;
  return seq;
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

/* Appends to SEQ the assignment of helper FN's value over ARGS to TO,
   the member FIELDS names (outermost first) of the call's result: one
   assignment a scalar member; false where one needs branches.  */
static bool
assign_call_value (tree fn, const vec<tree> &args, tree to,
                   auto_vec<tree> *fields, gimple_seq *seq)
{
  tree type = TREE_TYPE (to);
  if (AGGREGATE_TYPE_P (type))
    {
      for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
        if (TREE_CODE (f) == FIELD_DECL)
          {
            fields->safe_push (f);
            tree member = build3 (COMPONENT_REF, TREE_TYPE (f), to, f,
                                  NULL_TREE);
            bool ok = assign_call_value (fn, args, member, fields, seq);
            fields->pop ();
            if (!ok)
              return false;
          }
      return true;
    }
  tree value;
  gimple_seq part = gimplify_call_value (fn, args.length (), args.address (),
                                         *fields, type, &value);
  if (!mint_seq_without_branches (part))
    {
      discard (part);
      return false;
    }
  gimple_seq_add_seq (seq, part);
  gimple_seq_add_stmt (seq, gimple_build_assign (to, value));
  return true;
}

/* Whether an argument of CALL mentions the variable that holds OBJECT
   (z of `z = swap (z)').  */
static bool
arguments_mention_p (gcall *call, tree object)
{
  tree base = get_base_address (object);
  for (unsigned a = 0; base && DECL_P (base) && a < gimple_call_num_args (call);
       a++)
    {
      tree arg = gimple_call_arg (call, a);
      if (walk_tree_without_duplicates (&arg, mint_mentions_cb, base))
        return true;
    }
  return false;
}

/* Notes that helper I has no expression after all, for PROBLEM.  */
static void
drop_helper (int i, const char *problem)
{
  (*helper_trees)[2 * i + 1] = error_mark_node;
  helper_problems[i] = problem;
  helper_problem_locs[i] = UNKNOWN_LOCATION;
}

/* Whether the linker may bind the calls of FN to another definition than
   this file's (a weak one; a global one that code built with -fPIC lets
   another module interpose), so that its body is not the one C calls:
   what GCC's inliner asks (cgraph_node::get_availability), before the
   IPA passes know which symbols the unit exports.  */
static bool
replaceable_at_link_p (tree fn)
{
  return !DECL_EXTERNAL (fn)
         && decl_replaceable_p (fn, opt_for_fn (fn,
                                                flag_semantic_interposition));
}

/* Replaces CALL (at GSI) by its helper's expression, if it has one.  A
   structure is assigned member by member: where an argument mentions
   the variable it goes to, into a temporary first, so that no member
   is read after it was assigned.  */
static bool
inline_call (gimple_stmt_iterator *gsi, gcall *call)
{
  tree fn = gimple_call_fndecl (call);
  int i = fn ? helper_index (fn) : -1;
  if (i < 0 || (*helper_trees)[2 * i + 1] == error_mark_node
      || (int) gimple_call_num_args (call)
         != list_length (DECL_ARGUMENTS (fn)))
    return false;
  if (replaceable_at_link_p (fn))
    {
      drop_helper (i, "the linker may replace this definition by another "
                   "(it is weak, or global in code built with -fPIC); "
                   "define it static");
      return false;
    }
  tree lhs = gimple_call_lhs (call);
  if (!lhs)
    {
      gsi_remove (gsi, true);
      return true;
    }
  auto_vec<tree> args;
  for (unsigned a = 0; a < gimple_call_num_args (call); a++)
    args.safe_push (gimple_call_arg (call, a));
  gimple_seq seq = NULL;
  auto_vec<tree> fields;
  tree to = TREE_CODE (TREE_TYPE (lhs)) == RECORD_TYPE
            && arguments_mention_p (call, lhs)
            ? create_tmp_var (TREE_TYPE (lhs), "mint_value") : lhs;
  bool assigned = assign_call_value (fn, args, to, &fields, &seq);
  if (assigned && to != lhs)
    gimple_seq_add_stmt (&seq, gimple_build_assign (lhs, to));
  if (!assigned)
    {
      discard (seq);
      drop_helper (i, "its expression needs branches");
      return false;
    }
  for (gimple_stmt_iterator i = gsi_start (seq); !gsi_end_p (i); gsi_next (&i))
    gimple_set_location (gsi_stmt (i), gimple_location (call));
  gsi_insert_seq_before (gsi, seq, GSI_SAME_STMT);
  gsi_remove (gsi, true);
  return true;
}

bool
mint_helper_extent_p (tree var)
{
  for (tree t : helper_extents)
    if (t == var)
      return true;
  return false;
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
