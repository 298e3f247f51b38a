/* single-block.cc -- `single' blocks that run on the device
   (single-block.h): whether a block uses elements of the arrays its region
   copies and nothing that only the host can do, and the loop of one point
   that then runs it as one device thread.  */

#include "gcc-compat.h"
#include "directive.h"
#include "kir.h"
#include "member.h"
#include "marker-call.h"
#include "single-block.h"

struct single_scan;
static tree scan_single_cb (tree *, int *, void *);

/* The array object that REF, an element reference, reads or writes
   through: REF without its subscripts and dereferences (a variable or a
   structure member); NULL_TREE where REF is no element reference.  With
   SCAN, scans the subscripts and offsets on the way.  */
static tree
element_object (tree ref, struct single_scan *scan)
{
  tree t = ref;
  bool element = false;
  for (;;)
    switch (TREE_CODE (t))
      {
      case ARRAY_REF:
        element = true;
        if (scan)
          walk_tree (&TREE_OPERAND (t, 1), scan_single_cb, scan, NULL);
        t = TREE_OPERAND (t, 0);
        break;
      case INDIRECT_REF:
      case MEM_REF:
        element = true;
        t = TREE_OPERAND (t, 0);
        /* A pointer to rows of a variable length comes after the
           evaluation of the length: (SAVE_EXPR <nx>, p).  */
        while (CONVERT_EXPR_P (t) || TREE_CODE (t) == NON_LVALUE_EXPR
               || TREE_CODE (t) == POINTER_PLUS_EXPR
               || TREE_CODE (t) == SAVE_EXPR || TREE_CODE (t) == ADDR_EXPR
               || TREE_CODE (t) == COMPOUND_EXPR)
          {
            bool pair = TREE_CODE (t) == POINTER_PLUS_EXPR
                        || TREE_CODE (t) == COMPOUND_EXPR;
            int on = TREE_CODE (t) == COMPOUND_EXPR ? 1 : 0;
            if (scan && pair)
              walk_tree (&TREE_OPERAND (t, 1 - on), scan_single_cb, scan,
                         NULL);
            t = TREE_OPERAND (t, on);
          }
        break;
      default:
        return element ? t : NULL_TREE;
      }
}

/* What scan_single finds in a single block of region REGION.  */
struct single_scan
{
  int region;
  tree fn;                      /* the function of the block */
  hash_set<tree> locals;        /* the block's own variables */
  /* Its own pointers set to a copied array plus an offset (double *top =
     u + (ny - 1) * nx): their elements are the array's.  */
  hash_map<tree, tree> array_pointers;
  int loops, switches;          /* around the statement looked at */
  bool device_element;          /* it uses an element of a copied array */
  enum mint_single_host host;   /* the first thing only the host can do */
  tree culprit;
};

/* Notes the first thing of single block S that only the host can do.  */
static void
host_only (struct single_scan *s, enum mint_single_host why, tree culprit)
{
  if (s->host == MINT_SINGLE_HOST_ONLY)
    {
      s->host = why;
      s->culprit = culprit;
    }
}

/* Whether local variable V can be private to a device thread: not static,
   of a constant size, no structure (as in a loop body).  */
static bool
private_variable_p (tree v)
{
  if (!VAR_P (v) || TREE_STATIC (v) || DECL_EXTERNAL (v))
    return false;
  tree type = TREE_TYPE (v);
  while (TREE_CODE (type) == ARRAY_TYPE)
    type = TREE_TYPE (type);
  return !RECORD_OR_UNION_TYPE_P (type) && DECL_SIZE (v)
         && TREE_CODE (DECL_SIZE (v)) == INTEGER_CST;
}

/* The variable at the root of LHS, an assignment's target that is no
   element of an array through a pointer.  */
static tree
assigned_variable (tree lhs)
{
  while (TREE_CODE (lhs) == COMPONENT_REF || TREE_CODE (lhs) == ARRAY_REF)
    lhs = TREE_OPERAND (lhs, 0);
  return lhs;
}

/* Whether FN can be called on the device: a C math function, or one
   defined in this file before this point (the pass checks the rest).  */
static bool
device_callable_p (tree fn)
{
  return fn && DECL_NAME (fn)
         && (kir_math_function (IDENTIFIER_POINTER (DECL_NAME (fn)))
             || DECL_INITIAL (fn) != NULL_TREE);
}

/* Scans the operands of loop or switch statement T inside the block.  */
static void
scan_nested (tree t, struct single_scan *s, bool loop)
{
  (loop ? s->loops : s->switches)++;
  for (int i = 0; i < TREE_OPERAND_LENGTH (t); i++)
    walk_tree (&TREE_OPERAND (t, i), scan_single_cb, s, NULL);
  (loop ? s->loops : s->switches)--;
}

/* The variable that VALUE, a pointer, points into: VALUE without its
   offsets, conversions and the address of a row (u + j * nx, &A[j],
   A[j] of a 2-D array); NULL_TREE for other values.  */
static tree
pointed_array (tree value)
{
  for (;;)
    switch (TREE_CODE (value))
      {
      case POINTER_PLUS_EXPR:
      case NOP_EXPR:
      case CONVERT_EXPR:
      case NON_LVALUE_EXPR:
      case ADDR_EXPR:
      case ARRAY_REF:
        value = TREE_OPERAND (value, 0);
        break;
      default:
        return VAR_P (value) || TREE_CODE (value) == PARM_DECL ? value
                                                                : NULL_TREE;
      }
}

/* Notes that the block's pointer VAR is set to VALUE: where it is set
   once, to a value that points into an array the region copies, VAR's
   elements are the array's (NULL_TREE in ARRAY_POINTERS: not so), as
   those of a pointer of a loop body set once are.  */
static void
note_pointer_value (struct single_scan *s, tree var, tree value)
{
  if (!VAR_P (var) || !POINTER_TYPE_P (TREE_TYPE (var))
      || !s->locals.contains (var) || !value)
    return;
  tree array = pointed_array (value);
  if (!array || !mint_region_names (MINT_DIR_COPY, s->region, array))
    array = NULL_TREE;
  bool existed;
  tree &known = s->array_pointers.get_or_insert (var, &existed);
  known = existed ? NULL_TREE : array;
}

/* Notes the block's own variables and the values its pointers are set
   to, before scan_single_cb looks at their uses.  */
static tree
collect_pointers_cb (tree *tp, int *, void *data)
{
  struct single_scan *s = (struct single_scan *) data;
  tree t = *tp;
  if (TREE_CODE (t) == BIND_EXPR)
    for (tree v = BIND_EXPR_VARS (t); v; v = DECL_CHAIN (v))
      if (private_variable_p (v))
        {
          s->locals.add (v);
          note_pointer_value (s, v, DECL_INITIAL (v));
        }
  if (TREE_CODE (t) == MODIFY_EXPR || TREE_CODE (t) == INIT_EXPR)
    note_pointer_value (s, TREE_OPERAND (t, 0), TREE_OPERAND (t, 1));
  else if (TREE_CODE (t) == PREINCREMENT_EXPR
           || TREE_CODE (t) == PREDECREMENT_EXPR
           || TREE_CODE (t) == POSTINCREMENT_EXPR
           || TREE_CODE (t) == POSTDECREMENT_EXPR)
    note_pointer_value (s, TREE_OPERAND (t, 0), TREE_OPERAND (t, 0));
  return NULL_TREE;
}

/* Following the values of a local pointer of the function outside a
   single block (stand_in_pointer_p).  */
#define MAX_STAND_IN_DEPTH 4
struct stand_in
{
  int region;
  tree body;                    /* the function's body */
  tree following[MAX_STAND_IN_DEPTH + 1];
  int depth;
  bool all;                     /* every value seen is such an array */
};

static bool stand_in_values (struct stand_in *st, tree var);

/* Whether VALUE, a value a pointer followed by ST is set to, is an array
   the region copies, from its first element (u, &u[0], (double (*)[N]) u),
   another local pointer only set so, or a choice of such values.  */
static bool
stand_in_value (struct stand_in *st, tree value)
{
  for (;;)
    {
      STRIP_NOPS (value);
      if (TREE_CODE (value) == NON_LVALUE_EXPR)
        value = TREE_OPERAND (value, 0);
      else if (TREE_CODE (value) == COND_EXPR)
        return stand_in_value (st, TREE_OPERAND (value, 1))
               && stand_in_value (st, TREE_OPERAND (value, 2));
      else if (TREE_CODE (value) == ADDR_EXPR)
        {
          value = TREE_OPERAND (value, 0);
          while (TREE_CODE (value) == ARRAY_REF
                 && integer_zerop (TREE_OPERAND (value, 1)))
            value = TREE_OPERAND (value, 0);
          return (VAR_P (value) || TREE_CODE (value) == PARM_DECL)
                 && TREE_CODE (TREE_TYPE (value)) == ARRAY_TYPE
                 && mint_region_names (MINT_DIR_COPY, st->region, value);
        }
      else
        break;
    }
  if (!(VAR_P (value) || TREE_CODE (value) == PARM_DECL))
    return false;
  if (mint_region_names (MINT_DIR_COPY, st->region, value))
    return true;
  return stand_in_values (st, value);
}

static tree
stand_in_cb (tree *tp, int *, void *data)
{
  struct stand_in *st = (struct stand_in *) data;
  tree t = *tp, var = st->following[st->depth];
  switch (TREE_CODE (t))
    {
    case MODIFY_EXPR: case INIT_EXPR:
      if (TREE_OPERAND (t, 0) == var
          && !stand_in_value (st, TREE_OPERAND (t, 1)))
        st->all = false;
      break;
    case PREINCREMENT_EXPR: case PREDECREMENT_EXPR:
    case POSTINCREMENT_EXPR: case POSTDECREMENT_EXPR:
      if (TREE_OPERAND (t, 0) == var)
        st->all = false;
      break;
    default:
      break;
    }
  return st->all ? NULL_TREE : t;
}

/* Whether VAR is a local pointer of the function that the function sets
   only to arrays ST's region copies (through other such pointers: a
   swap, t = cur; cur = nxt; nxt = t;), as the pointers of a loop nest
   that choose a copied array at each launch (mint_chosen_copies of the
   pass, which decides).  */
static bool
stand_in_values (struct stand_in *st, tree var)
{
  if (!VAR_P (var) || is_global_var (var) || TREE_ADDRESSABLE (var)
      || TREE_THIS_VOLATILE (var) || !POINTER_TYPE_P (TREE_TYPE (var)))
    return false;
  for (int i = 0; i <= st->depth; i++)
    if (st->following[i] == var)
      return true;
  if (st->depth >= MAX_STAND_IN_DEPTH)
    return false;
  st->following[++st->depth] = var;
  if (DECL_INITIAL (var) && !stand_in_value (st, DECL_INITIAL (var)))
    st->all = false;
  if (st->all)
    walk_tree_without_duplicates (&st->body, stand_in_cb, st);
  st->following[st->depth--] = NULL_TREE;
  return st->all;
}

/* Whether OBJECT, which single block S uses elements through, is a local
   pointer of the function outside the block that stands for arrays the
   region copies (ping-pong pointers: `cur[sz][sy][sx] += src;' of a
   point source), as it may in a loop nest.  */
static bool
stand_in_pointer_p (struct single_scan *s, tree object)
{
  if (!s->fn || !DECL_SAVED_TREE (s->fn) || s->locals.contains (object))
    return false;
  struct stand_in st;
  memset (&st, 0, sizeof st);
  st.region = s->region;
  st.body = DECL_SAVED_TREE (s->fn);
  st.all = true;
  st.depth = -1;
  return stand_in_values (&st, object);
}

/* Whether REF is a number that the block reads from a structure member
   at constant offsets and subscripts, through pointers it does not set,
   of no array the region copies (p->sx, s.c[2], params[1].alpha): the
   launch passes it by value, as a loop nest's.  */
static bool
member_number_p (struct single_scan *s, tree ref)
{
  struct mint_path path;
  tree type = TREE_TYPE (ref), array;
  return (TREE_CODE (ref) == COMPONENT_REF || TREE_CODE (ref) == ARRAY_REF)
         && !TREE_THIS_VOLATILE (ref)
         && (INTEGRAL_TYPE_P (type) || SCALAR_FLOAT_TYPE_P (type))
         && mint_object_path (ref, &path) && path.member
         && !s->locals.contains (path.base)
         && !((array = element_object (ref, NULL))
              && mint_region_names (MINT_DIR_COPY, s->region, array));
}

static tree
scan_single_cb (tree *tp, int *walk_subtrees, void *data)
{
  struct single_scan *s = (struct single_scan *) data;
  tree t = *tp, body, object;
  if (TREE_CODE (t) == BIND_EXPR)
    for (tree v = BIND_EXPR_VARS (t); v; v = DECL_CHAIN (v))
      {
        if (!private_variable_p (v) && VAR_P (v))
          host_only (s, MINT_SINGLE_DECLARES, v);
      }
  if (mint_breakable_stmt_p (t))
    {
      scan_nested (t, s, mint_loop_statement (t, &body) != NULL);
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  const char *jump = mint_break_or_continue (t);
  if (jump && s->loops == 0 && (jump[0] == 'c' || s->switches == 0))
    host_only (s, MINT_SINGLE_JUMPS, NULL_TREE);
  switch (TREE_CODE (t))
    {
    case MODIFY_EXPR: case INIT_EXPR:
    case PREINCREMENT_EXPR: case PREDECREMENT_EXPR:
    case POSTINCREMENT_EXPR: case POSTDECREMENT_EXPR:
      object = assigned_variable (TREE_OPERAND (t, 0));
      if (!element_object (TREE_OPERAND (t, 0), NULL)
          && !s->locals.contains (object))
        host_only (s, MINT_SINGLE_SETS, object);
      break;
    case CALL_EXPR:
      if (!device_callable_p (get_callee_fndecl (t))
          && !mint_sanitizer_call_p (get_callee_fndecl (t),
                                     CALL_EXPR_FN (t) ? IFN_LAST
                                     : CALL_EXPR_IFN (t)))
        host_only (s, MINT_SINGLE_CALLS, get_callee_fndecl (t));
      break;
    case RETURN_EXPR: case GOTO_EXPR: case ASM_EXPR:
      host_only (s, MINT_SINGLE_JUMPS, NULL_TREE);
      break;
    default:
      if (member_number_p (s, t))
        {
          *walk_subtrees = 0;
          break;
        }
      /* Its subscripts are scanned on the way, not the rows or pointers
         they lead through.  */
      if (!(object = element_object (t, s)))
        break;
      *walk_subtrees = 0;
      /* Through a pointer of the block's own into a copied array, the
         array's element.  */
      if (tree *array = s->array_pointers.get (object))
        object = *array ? *array : object;
      if (!s->locals.contains (object)
          && TREE_CODE (TREE_TYPE (t)) != ARRAY_TYPE)
        {
          if (POINTER_TYPE_P (TREE_TYPE (t)))
            host_only (s, MINT_SINGLE_POINTERS, object);
          else if (mint_region_names (MINT_DIR_COPY, s->region, object)
                   || stand_in_pointer_p (s, object))
            {
              s->device_element = true;
              /* Host code on purpose: the update is what moves it.  */
              if (mint_region_names (MINT_DIR_UPDATE, s->region, object))
                host_only (s, MINT_SINGLE_UPDATED, object);
            }
          else
            host_only (s, MINT_SINGLE_UNCOPIED, object);
        }
      break;
    }
  return NULL_TREE;
}

/* Whether BLOCK, the block of `single' ID, runs on the device: it uses
   elements of the arrays its region copies, and otherwise only its own
   variables and functions that can run there, without jumping out.  The
   host runs the rest (pointer swaps, scalar updates, I/O).  */
bool
mint_single_on_device_p (tree block, int id)
{
  struct single_scan s;
  s.region = mint_directive_entry (id)->d.region;
  s.fn = mint_directive_entry (id)->fndecl;
  s.loops = s.switches = 0;
  s.device_element = false;
  s.host = MINT_SINGLE_HOST_ONLY;
  s.culprit = NULL_TREE;
  walk_tree (&block, collect_pointers_cb, &s, NULL);
  walk_tree (&block, scan_single_cb, &s, NULL);
  /* Without an element of a copied array, the first thing only the host
     can do is the reason all the same (an array through a pointer the
     region does not copy), for the note of host-report.cc.  */
  mint_directive_entry (id)->d.single_host = s.host;
  mint_directive_entry (id)->d.single_culprit = s.culprit;
  mint_keep_tree (s.culprit);
  return s.device_element && s.host == MINT_SINGLE_HOST_ONLY;
}

/* Makes the statement at I, the marker of `single' ID, the marker of a
   new `for' directive, and BLOCK the body of a loop of one point after
   it: `for (int mint_single = 0; mint_single < 1; mint_single++) BLOCK',
   one thread on the device.  */
void
mint_run_single_on_device (tree_stmt_iterator i, tree_stmt_iterator block,
                           int id)
{
  struct mint_directive d;
  memset (&d, 0, sizeof d);
  d.kind = MINT_DIR_FOR;
  d.loc = mint_directive_entry (id)->d.loc;
  d.nest = 1;
  d.tile[0] = 32;               /* one warp: nothing to tune */
  d.single_block = true;
  d.region = mint_directive_entry (id)->d.region;
  d.for_depth = 1;
  tree fn = mint_directive_entry (id)->fndecl;
  int for_id = mint_add_directive (&d);
  mint_directive_entry (for_id)->fndecl = fn;
  mint_directive_entry (for_id)->placed = true;
  mint_directive_entry (id)->placed = true;
  *tsi_stmt_ptr (i) = mint_build_marker_call (d.loc, MARKER_FOR, for_id);

  tree iv = build_decl (d.loc, VAR_DECL, get_identifier ("mint_single"),
                        integer_type_node);
  DECL_CONTEXT (iv) = fn;
  DECL_ARTIFICIAL (iv) = 1;
  DECL_IGNORED_P (iv) = 1;
  DECL_INITIAL (iv) = integer_zero_node;
  tree cond = build2 (LT_EXPR, integer_type_node, iv, integer_one_node);
  tree incr = build2 (POSTINCREMENT_EXPR, integer_type_node, iv,
                      integer_one_node);
  tree body = alloc_stmt_list ();
  tree decl = build1 (DECL_EXPR, void_type_node, iv);
  SET_EXPR_LOCATION (decl, d.loc);
  append_to_statement_list (decl, &body);
  append_to_statement_list (mint_build_for_stmt (d.loc, cond, incr,
                                                 tsi_stmt (block)), &body);
  tree scope = build3 (BIND_EXPR, void_type_node, iv, body, NULL_TREE);
  SET_EXPR_LOCATION (scope, d.loc);
  *tsi_stmt_ptr (block) = scope;
}
