/* parameter-moves.cc -- which pointer parameters a function moves to the
   device (parameter-moves.h).  Each function's body is read once parsed
   (PLUGIN_PRE_GENERICIZE), before any is lowered: a function may call
   one defined after it.  */

#include "gcc-compat.h"
#include "directive.h"
#include "marker-call.h"
#include "parameter-moves.h"

/* Per function: the function, then for each call argument that is one of
   its parameters, the callee and (as an INTEGER_CST) the parameter's
   and the argument's positions packed by hand_on; a read of one of the
   parameter's elements has the callee ELEMENT_READ, a parameter that
   other pointers of the function may hold (or a nested function reach)
   ALIASED, a pointer parameter through whose pointee the function reaches
   elements (`(*pu)[i]' of a `double **pu') ELEMENTS_THROUGH, and a
   parameter used any other way NULL_TREE.  */
static vec<tree, va_gc> *hand_ons;
static vec<unsigned> hand_on_counts;

/* Pairs of a function and a global variable it stores to, or whose
   elements it stores to (`G[i] = ...' of a global array or pointer),
   in a parallel region of its own.  */
static vec<tree, va_gc> *global_writes;

static const struct ggc_root_tab parameter_moves_roots[] = {
  { &hand_ons, 1, sizeof (hand_ons), &gt_ggc_mx_vec_tree_va_gc_,
    &gt_pch_nx_vec_tree_va_gc_ },
  { &global_writes, 1, sizeof (global_writes), &gt_ggc_mx_vec_tree_va_gc_,
    &gt_pch_nx_vec_tree_va_gc_ },
  LAST_GGC_ROOT_TAB
};

/* The pointers of a function that assignments between them join
   (Stam's SWAP (x0, x): tmp = x0, x0 = x, x = tmp): each may hold any
   parameter of its group.  */
struct pointer_groups
{
  auto_vec<tree> decls;
  auto_vec<unsigned> parent;    /* union-find over DECLS */
};

/* The callee of a hand-on that reads an element (a number) of the data
   the parameter points to.  */
#define ELEMENT_READ void_node

/* The callee of a record that the parameter is not only the function's
   own name for its data: only element reads through the parameter itself
   are read-only, which a local copy (`double *p = u', a compound
   literal's) or a nested function would escape.  The hand-ons of those
   still count for the other properties.  */
#define ALIASED error_mark_node

/* The callee of a record that the function reads or writes the elements
   of the array whose pointer the parameter points to (`(*pu)[i]', or
   `p[i]' of `p = *pu'), where the parameter is the address of an
   array's pointer: not only a swap of pointers.  */
#define ELEMENTS_THROUGH integer_one_node

struct body_scan
{
  tree fn;
  unsigned count;
  struct pointer_groups groups;
  bool lvalue;                  /* within what a statement writes, or
                                   whose address it takes */
  bool store;                   /* within what a statement writes */
  bool in_region;               /* within a parallel region's block */
  /* Pairs of a local pointer and the pointer it is loaded through
     (`p = *pu': p, pu).  */
  auto_vec<tree> loaded_through;
};

/* The position of PARM among FN's parameters, or -1.  */
static int
parameter_index (tree fn, tree parm)
{
  int i = 0;
  for (tree p = DECL_ARGUMENTS (fn); p; p = DECL_CHAIN (p), i++)
    if (p == parm)
      return i;
  return -1;
}

/* Records that SCAN's function hands parameter PARM to argument ARGNO of
   CALLEE (NULL_TREE: uses it otherwise).  */
static void
hand_on (struct body_scan *scan, int parm, tree callee, unsigned argno)
{
  vec_safe_push (hand_ons, callee);
  vec_safe_push (hand_ons, build_int_cst (unsigned_type_node,
                                          (unsigned) parm << 16 | argno));
  scan->count++;
}

/* Whether T is a pointer parameter of FN or a pointer local of it that
   only its name reaches: one that assignments may join to a group.  */
static bool
groupable_pointer_p (tree fn, tree t)
{
  return (TREE_CODE (t) == PARM_DECL
          || (VAR_P (t) && !TREE_STATIC (t) && !DECL_EXTERNAL (t)))
         && DECL_CONTEXT (t) == fn && POINTER_TYPE_P (TREE_TYPE (t))
         && !TREE_ADDRESSABLE (t) && !TREE_THIS_VOLATILE (t);
}

/* The index of DECL in GROUPS, or -1.  */
static int
group_index (const struct pointer_groups *groups, tree decl)
{
  for (unsigned i = 0; i < groups->decls.length (); i++)
    if (groups->decls[i] == decl)
      return i;
  return -1;
}

/* The index of DECL in GROUPS, added where it is not there.  */
static unsigned
group_member (struct pointer_groups *groups, tree decl)
{
  int i = group_index (groups, decl);
  if (i >= 0)
    return i;
  groups->decls.safe_push (decl);
  groups->parent.safe_push (groups->decls.length () - 1);
  return groups->decls.length () - 1;
}

static unsigned
group_root (const struct pointer_groups *groups, unsigned i)
{
  while (groups->parent[i] != i)
    i = groups->parent[i];
  return i;
}

/* Whether TO, set to *FROM, and *FROM, stripped of conversions, are
   pointers of FN that a group may join.  */
static bool
pointer_move_between_p (tree fn, tree to, tree *from)
{
  STRIP_NOPS (*from);
  return groupable_pointer_p (fn, to) && groupable_pointer_p (fn, *from);
}

/* The pointers of FN that assignment or initialization S sets one from
   the other (through conversions) into *TO and *FROM; false for other
   S.  */
static bool
pointer_move_p (tree fn, tree s, tree *to, tree *from)
{
  if (TREE_CODE (s) == DECL_EXPR)
    {
      *to = DECL_EXPR_DECL (s);
      *from = VAR_P (*to) ? DECL_INITIAL (*to) : NULL_TREE;
    }
  else if (TREE_CODE (s) == MODIFY_EXPR || TREE_CODE (s) == INIT_EXPR)
    {
      *to = TREE_OPERAND (s, 0);
      *from = TREE_OPERAND (s, 1);
    }
  else
    return false;
  return *from && pointer_move_between_p (fn, *to, from);
}

/* The pointer P is computed from: P without conversions and pointer
   arithmetic (`(double *) (u + k)': u).  */
static tree
pointer_base (tree p)
{
  STRIP_NOPS (p);
  while (TREE_CODE (p) == POINTER_PLUS_EXPR)
    {
      p = TREE_OPERAND (p, 0);
      STRIP_NOPS (p);
    }
  return p;
}

/* The pointer of FN that the load REF goes through where REF is `*p' or
   `p[k]' (through conversions and pointer arithmetic), else NULL_TREE.  */
static tree
loaded_through_pointer (tree fn, tree ref)
{
  if (TREE_CODE (ref) != INDIRECT_REF && TREE_CODE (ref) != MEM_REF)
    return NULL_TREE;
  tree p = pointer_base (TREE_OPERAND (ref, 0));
  return groupable_pointer_p (fn, p) ? p : NULL_TREE;
}

/* Notes in SCAN a local pointer S sets from a load through another
   (`p = *pu').  */
static void
note_loaded_through (struct body_scan *scan, tree s)
{
  tree to, from;
  if (TREE_CODE (s) == DECL_EXPR)
    {
      to = DECL_EXPR_DECL (s);
      from = VAR_P (to) ? DECL_INITIAL (to) : NULL_TREE;
    }
  else if (TREE_CODE (s) == MODIFY_EXPR)
    {
      to = TREE_OPERAND (s, 0);
      from = TREE_OPERAND (s, 1);
    }
  else
    return;
  if (!from || !groupable_pointer_p (scan->fn, to))
    return;
  STRIP_NOPS (from);
  if (tree through = loaded_through_pointer (scan->fn, from))
    {
      scan->loaded_through.safe_push (to);
      scan->loaded_through.safe_push (through);
    }
}

static tree
join_cb (tree *tp, int *walk_subtrees, void *data)
{
  struct body_scan *scan = (struct body_scan *) data;
  tree to, from;
  if (!TYPE_P (*tp))
    note_loaded_through (scan, *tp);
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (pointer_move_p (scan->fn, *tp, &to, &from))
    {
      struct pointer_groups *g = &scan->groups;
      unsigned a = group_root (g, group_member (g, to));
      unsigned b = group_root (g, group_member (g, from));
      g->parent[a] = b;
    }
  return NULL_TREE;
}

/* Records that SCAN's function hands each parameter that T, a pointer
   of it, may hold (its group's) to argument ARGNO of CALLEE (NULL_TREE:
   uses it otherwise).  */
static void
hand_on_held (struct body_scan *scan, tree t, tree callee, unsigned argno)
{
  const struct pointer_groups *g = &scan->groups;
  int parm = parameter_index (scan->fn, t);
  int i = group_index (g, t);
  if (i < 0)
    {
      if (parm >= 0 && parm < 0xffff)
        hand_on (scan, parm, callee, argno);
      return;
    }
  unsigned root = group_root (g, i);
  for (unsigned j = 0; j < g->decls.length (); j++)
    if (group_root (g, j) == root
        && (parm = parameter_index (scan->fn, g->decls[j])) >= 0
        && parm < 0xffff)
      hand_on (scan, parm, callee, argno);
}

static tree scan_cb (tree *tp, int *walk_subtrees, void *data);

/* The parameter of FN whose row pointer ARG, freed, is (`a[0][0]' and
   `a[0]' of a `double ***a', through constant subscripts), or -1.  */
static int
freed_row_parameter (tree fn, tree arg)
{
  bool row = false;
  for (;;)
    {
      STRIP_NOPS (arg);
      if (TREE_CODE (arg) == POINTER_PLUS_EXPR
          && TREE_CODE (TREE_OPERAND (arg, 1)) == INTEGER_CST)
        arg = TREE_OPERAND (arg, 0);
      else if (TREE_CODE (arg) == INDIRECT_REF
               || (TREE_CODE (arg) == MEM_REF
                   && TREE_CODE (TREE_OPERAND (arg, 1)) == INTEGER_CST))
        {
          arg = TREE_OPERAND (arg, 0);
          row = true;
        }
      else
        break;
    }
  return row && TREE_CODE (arg) == PARM_DECL ? parameter_index (fn, arg) : -1;
}

/* A call: its arguments that are parameters, or rows of them given to
   free, are handed on; the rest is scanned.  A copy directive's marker
   reads the elements on the host, or (fromDevice) writes them there
   from the device copy, which writes none.  */
static void
scan_call (struct body_scan *scan, tree call)
{
  int id;
  tree callee = get_callee_fndecl (call);
  tree handed_to = mint_marker_call_kind (call, &id) == MARKER_COPY
                   ? ELEMENT_READ : callee;
  walk_tree_without_duplicates (&CALL_EXPR_FN (call), scan_cb, scan);
  for (int i = 0; i < call_expr_nargs (call); i++)
    {
      tree arg = CALL_EXPR_ARG (call, i);
      STRIP_NOPS (arg);
      int parm = callee && fndecl_built_in_p (callee, BUILT_IN_FREE)
                 ? freed_row_parameter (scan->fn, arg) : -1;
      if (callee && i < 0xffff && groupable_pointer_p (scan->fn, arg))
        hand_on_held (scan, arg, handed_to, i);
      else if (parm >= 0 && callee && parm < 0xffff && i < 0xffff)
        hand_on (scan, parm, callee, i);
      else
        walk_tree_without_duplicates (&CALL_EXPR_ARG (call, i), scan_cb,
                                      scan);
    }
}

/* Records ALIASED for each parameter of SCAN's function that another
   pointer of it may hold (its group has more than one pointer).  */
static void
record_aliased (struct body_scan *scan)
{
  const struct pointer_groups *g = &scan->groups;
  for (unsigned i = 0; i < g->decls.length (); i++)
    {
      int parm = parameter_index (scan->fn, g->decls[i]);
      bool shared = false;
      for (unsigned j = 0; j < g->decls.length (); j++)
        shared |= j != i && group_root (g, j) == group_root (g, i);
      if (parm >= 0 && parm < 0xffff && shared)
        hand_on (scan, parm, ALIASED, 0);
    }
}

/* Records ALIASED for each parameter of SCAN's function, which a nested
   function of it may reach.  */
static void
record_nested (struct body_scan *scan)
{
  int i = 0;
  for (tree p = DECL_ARGUMENTS (scan->fn); p && i < 0xffff;
       p = DECL_CHAIN (p), i++)
    hand_on (scan, i, ALIASED, 0);
}

/* Walks T, which a statement writes (STORE) or whose address it takes:
   a pointer there is used otherwise than to read an element, also in a
   subscript (conservatively).  */
static void
scan_written (struct body_scan *scan, tree *t, bool store)
{
  bool lvalue = scan->lvalue, stored = scan->store;
  scan->lvalue = true;
  scan->store = store;
  walk_tree_without_duplicates (t, scan_cb, scan);
  scan->lvalue = lvalue;
  scan->store = stored;
}

/* Whether a load of type TYPE reads a number: not a pointer to more of
   the data, nor a structure that may hold one.  */
static bool
number_type_p (tree type)
{
  return INTEGRAL_TYPE_P (type) || SCALAR_FLOAT_TYPE_P (type)
         || TREE_CODE (type) == COMPLEX_TYPE
         || TREE_CODE (type) == VECTOR_TYPE;
}

/* Where REF, a load, reads a number through a pointer of SCAN's function
   that a group may join (`u[i]', `u[j][i]' of a `double (*u)[n]',
   `*(u + k)', `p[i].x'): records the read for the parameters it may hold,
   walks the subscripts, and returns true.  */
static bool
scan_element_read (struct body_scan *scan, tree ref)
{
  if (scan->lvalue
      || (!handled_component_p (ref) && TREE_CODE (ref) != INDIRECT_REF
          && TREE_CODE (ref) != MEM_REF)
      || !TREE_TYPE (ref) || !number_type_p (TREE_TYPE (ref)))
    return false;
  tree base = ref;
  while (handled_component_p (base))
    base = TREE_OPERAND (base, 0);
  if (TREE_CODE (base) != INDIRECT_REF && TREE_CODE (base) != MEM_REF)
    return false;
  tree pointer = pointer_base (TREE_OPERAND (base, 0));
  if (!groupable_pointer_p (scan->fn, pointer))
    return false;
  hand_on_held (scan, pointer, ELEMENT_READ, 0);
  for (tree t = ref; t != base; t = TREE_OPERAND (t, 0))
    for (int i = 1; i < TREE_OPERAND_LENGTH (t); i++)
      walk_tree_without_duplicates (&TREE_OPERAND (t, i), scan_cb, scan);
  for (tree p = TREE_OPERAND (base, 0); p != pointer; )
    if (TREE_CODE (p) == POINTER_PLUS_EXPR)
      {
        walk_tree_without_duplicates (&TREE_OPERAND (p, 1), scan_cb, scan);
        p = TREE_OPERAND (p, 0);
      }
    else
      p = TREE_OPERAND (p, 0);
  if (TREE_CODE (base) == MEM_REF)
    walk_tree_without_duplicates (&TREE_OPERAND (base, 1), scan_cb, scan);
  return true;
}

/* Records ELEMENTS_THROUGH where REF, a load or store, reaches an
   element through a pointer loaded through a pointer of SCAN's function
   (`(*pu)[i]', `p[i]' of `p = *pu').  */
static void
note_elements_through (struct body_scan *scan, tree ref)
{
  tree p = loaded_through_pointer (scan->fn, ref);
  if (!p)
    {
      /* `(*pu)[i]': the pointer is itself a load.  */
      tree through
        = TREE_CODE (ref) == INDIRECT_REF || TREE_CODE (ref) == MEM_REF
          ? loaded_through_pointer (scan->fn,
                                    pointer_base (TREE_OPERAND (ref, 0)))
          : NULL_TREE;
      if (through)
        hand_on_held (scan, through, ELEMENTS_THROUGH, 0);
      return;
    }
  for (unsigned i = 0; i < scan->loaded_through.length (); i += 2)
    if (scan->loaded_through[i] == p)
      hand_on_held (scan, scan->loaded_through[i + 1], ELEMENTS_THROUGH, 0);
}

/* Walks the statements of LIST, the block after a parallel directive's
   marker as a region's (struct body_scan, in_region).  */
static void
scan_statements (struct body_scan *scan, tree list)
{
  bool region_next = false;
  for (tree_stmt_iterator i = tsi_start (list); !tsi_end_p (i); tsi_next (&i))
    {
      int id;
      bool in_region = scan->in_region;
      scan->in_region |= region_next;
      walk_tree_without_duplicates (tsi_stmt_ptr (i), scan_cb, scan);
      scan->in_region = in_region;
      region_next = mint_marker_call_kind (tsi_stmt (i), &id)
                    == MARKER_PARALLEL;
    }
}

static tree
scan_cb (tree *tp, int *walk_subtrees, void *data)
{
  struct body_scan *scan = (struct body_scan *) data;
  tree to, from;
  enum tree_code code = TREE_CODE (*tp);
  if (code == INDIRECT_REF || code == MEM_REF)
    note_elements_through (scan, *tp);
  if (TYPE_P (*tp) || pointer_move_p (scan->fn, *tp, &to, &from))
    *walk_subtrees = 0;         /* a move within a group: join_cb */
  else if (code == MODIFY_EXPR || code == INIT_EXPR)
    {
      scan_written (scan, &TREE_OPERAND (*tp, 0), true);
      walk_tree_without_duplicates (&TREE_OPERAND (*tp, 1), scan_cb, scan);
      *walk_subtrees = 0;
    }
  else if (code == ASM_EXPR)
    {
      for (int i = 0; i < TREE_OPERAND_LENGTH (*tp); i++)
        scan_written (scan, &TREE_OPERAND (*tp, i), true);
      *walk_subtrees = 0;
    }
  else if (code == ADDR_EXPR || code == PREINCREMENT_EXPR
           || code == PREDECREMENT_EXPR || code == POSTINCREMENT_EXPR
           || code == POSTDECREMENT_EXPR)
    {
      scan_written (scan, &TREE_OPERAND (*tp, 0), code != ADDR_EXPR);
      for (int i = 1; i < TREE_OPERAND_LENGTH (*tp); i++)
        walk_tree_without_duplicates (&TREE_OPERAND (*tp, i), scan_cb, scan);
      *walk_subtrees = 0;
    }
  else if (scan_element_read (scan, *tp))
    *walk_subtrees = 0;
  else if (code == STATEMENT_LIST)
    {
      scan_statements (scan, *tp);
      *walk_subtrees = 0;
    }
  else if (code == CALL_EXPR)
    {
      scan_call (scan, *tp);
      *walk_subtrees = 0;
    }
  else if (code == BIND_EXPR)
    {
      /* As walk_tree would, but for the initializers of moves.  */
      for (tree v = BIND_EXPR_VARS (*tp); v; v = DECL_CHAIN (v))
        {
          if (TREE_CODE (v) == FUNCTION_DECL)
            {
              record_nested (scan);
              continue;
            }
          from = DECL_INITIAL (v);
          if (!from || !pointer_move_between_p (scan->fn, v, &from))
            walk_tree_without_duplicates (&DECL_INITIAL (v), scan_cb, scan);
          walk_tree_without_duplicates (&DECL_SIZE (v), scan_cb, scan);
          walk_tree_without_duplicates (&DECL_SIZE_UNIT (v), scan_cb, scan);
        }
      walk_tree_without_duplicates (&BIND_EXPR_BODY (*tp), scan_cb, scan);
      *walk_subtrees = 0;
    }
  else if (TREE_CODE (*tp) == PARM_DECL || VAR_P (*tp))
    {
      if (scan->store && scan->in_region && VAR_P (*tp) && is_global_var (*tp)
          && !mint_function_writes_global (scan->fn, *tp))
        {
          vec_safe_push (global_writes, scan->fn);
          vec_safe_push (global_writes, *tp);
        }
      hand_on_held (scan, *tp, NULL_TREE, 0);
    }
  return NULL_TREE;
}

/* PLUGIN_PRE_GENERICIZE: where function GCC_DATA hands on its
   parameters.  */
static void
record_hand_ons (void *gcc_data, void *)
{
  struct body_scan scan;
  scan.fn = (tree) gcc_data;
  scan.count = 0;
  scan.lvalue = false;
  scan.store = false;
  scan.in_region = false;
  vec_safe_push (hand_ons, scan.fn);
  walk_tree_without_duplicates (&DECL_SAVED_TREE (scan.fn), join_cb, &scan);
  record_aliased (&scan);
  walk_tree_without_duplicates (&DECL_SAVED_TREE (scan.fn), scan_cb, &scan);
  hand_on_counts.safe_push (scan.count);
}

/* A property of a function's parameter that holds where the function
   hands it on only to functions whose parameter has it: whether FN's
   parameter ARGNO has it, PATH the functions on the way.  */
typedef bool (*parameter_property) (tree fn, unsigned argno,
                                    hash_set<tree> *path);

/* Whether FN, recorded at AT in hand_ons with COUNT hand-ons, hands
   parameter ARGNO on, and only to functions whose parameter HAS the
   property, or (where READS) reads its elements.  */
static bool
hands_on_only (unsigned at, unsigned count, unsigned argno,
               hash_set<tree> *path, parameter_property has, bool reads)
{
  bool handed = false;
  for (unsigned i = 0; i < count; i++)
    {
      tree callee = (*hand_ons)[at + 1 + 2 * i];
      unsigned packed = TREE_INT_CST_LOW ((*hand_ons)[at + 2 + 2 * i]);
      if (packed >> 16 != argno)
        continue;
      if (callee == ALIASED || callee == ELEMENTS_THROUGH)
        {
          if (callee == ALIASED && reads)
            return false;
          continue;
        }
      if (callee == ELEMENT_READ ? !reads
          : !callee || !has (callee, packed & 0xffff, path))
        return false;
      handed = true;
    }
  return handed;
}

/* Whether the function recorded at AT in hand_ons with COUNT hand-ons
   has a record MARK of its parameter ARGNO (where MARK is set), or hands
   it on to a function whose parameter HAS the property.  */
static bool
hands_on_some (unsigned at, unsigned count, unsigned argno,
               hash_set<tree> *path, parameter_property has, tree mark)
{
  for (unsigned i = 0; i < count; i++)
    {
      tree callee = (*hand_ons)[at + 1 + 2 * i];
      unsigned packed = TREE_INT_CST_LOW ((*hand_ons)[at + 2 + 2 * i]);
      if (packed >> 16 == argno
          && ((mark && callee == mark)
              || (callee && TREE_CODE (callee) == FUNCTION_DECL
                  && has (callee, packed & 0xffff, path))))
        return true;
    }
  return false;
}

/* Where FN's records lie in hand_ons: *AT, its entry, and *COUNT;
   false where FN is not a function of the unit.  */
static bool
function_records (tree fn, unsigned *at, unsigned *count)
{
  *at = 0;
  for (unsigned f = 0; f < hand_on_counts.length (); f++)
    {
      *count = hand_on_counts[f];
      if ((*hand_ons)[*at] == fn)
        return true;
      *at += 1 + 2 * *count;
    }
  return false;
}

/* Whether FN, a function of the unit, hands its parameter ARGNO on only
   to functions whose parameter HAS the property, or (where READS) reads
   its elements; PATH: the functions on the way, whose calls back prove
   nothing.  */
static bool
hands_on_only_to (tree fn, unsigned argno, hash_set<tree> *path,
                  parameter_property has, bool reads = false)
{
  unsigned at, count;
  if (!function_records (fn, &at, &count) || path->add (fn))
    return false;
  bool only = hands_on_only (at, count, argno, path, has, reads);
  path->remove (fn);
  return only;
}

/* Whether FN, a function of the unit, reaches elements through its
   parameter ARGNO (ELEMENTS_THROUGH), itself or through a function of
   the unit it hands the parameter to; PATH as above.  */
static bool
reaches_elements_through (tree fn, unsigned argno, hash_set<tree> *path)
{
  unsigned at, count;
  if (!function_records (fn, &at, &count) || path->add (fn))
    return false;
  bool reaches = hands_on_some (at, count, argno, path,
                                reaches_elements_through, ELEMENTS_THROUGH);
  path->remove (fn);
  return reaches;
}

bool
mint_function_reaches_elements_through (tree fn, unsigned argno)
{
  hash_set<tree> path;
  return fn && reaches_elements_through (fn, argno, &path);
}

bool
mint_function_of_unit_p (tree fn)
{
  unsigned at, count;
  return fn && function_records (fn, &at, &count);
}

tree
mint_function_parameter (tree fn, unsigned argno)
{
  tree parm = fn ? DECL_ARGUMENTS (fn) : NULL_TREE;
  for (unsigned i = 0; parm && i < argno; i++)
    parm = DECL_CHAIN (parm);
  return parm;
}

/* mint_function_moves_parameter's work.  */
static bool
moves_parameter (tree fn, unsigned argno, hash_set<tree> *path)
{
  tree parm = mint_function_parameter (fn, argno);
  if (!parm)
    return false;
  if (mint_function_copies (fn, parm))
    return true;
  return hands_on_only_to (fn, argno, path, moves_parameter);
}

bool
mint_function_moves_parameter (tree fn, unsigned argno)
{
  hash_set<tree> path;
  return fn && moves_parameter (fn, argno, &path);
}

bool
mint_runtime_function_p (tree fn)
{
  return fn && DECL_NAME (fn)
         && startswith (IDENTIFIER_POINTER (DECL_NAME (fn)), "mint_")
         && strcmp (lbasename (DECL_SOURCE_FILE (fn)), "mintrt.h") == 0;
}

/* mint_function_gives_parameter_to_runtime's work.  */
static bool
gives_to_runtime (tree fn, unsigned argno, hash_set<tree> *path)
{
  return mint_runtime_function_p (fn)
         || hands_on_only_to (fn, argno, path, gives_to_runtime);
}

bool
mint_function_gives_parameter_to_runtime (tree fn, unsigned argno)
{
  hash_set<tree> path;
  return fn && gives_to_runtime (fn, argno, &path);
}

/* mint_function_frees_parameter's work.  */
static bool
frees_parameter (tree fn, unsigned argno, hash_set<tree> *path)
{
  return fndecl_built_in_p (fn, BUILT_IN_FREE)
         || hands_on_only_to (fn, argno, path, frees_parameter);
}

bool
mint_function_frees_parameter (tree fn, unsigned argno)
{
  hash_set<tree> path;
  return fn && frees_parameter (fn, argno, &path);
}

/* mint_function_only_reads_parameter's work.  */
static bool
only_reads_parameter (tree fn, unsigned argno, hash_set<tree> *path)
{
  /* A weak definition may not be the one the program runs.  */
  return !DECL_WEAK (fn)
         && hands_on_only_to (fn, argno, path, only_reads_parameter, true);
}

bool
mint_function_only_reads_parameter (tree fn, unsigned argno)
{
  hash_set<tree> path;
  return fn && only_reads_parameter (fn, argno, &path);
}

/* The parameters that kernels of their function's regions write
   (mint_note_kernels_write_parameter).  */
static hash_set<tree> *kernel_written;

void
mint_note_kernels_write_parameter (tree parm)
{
  if (!kernel_written)
    kernel_written = new hash_set<tree>;
  kernel_written->add (parm);
}

/* mint_function_drops_parameter_writes's work.  */
static bool
drops_parameter_writes (tree fn, unsigned argno, hash_set<tree> *path)
{
  tree parm = mint_function_parameter (fn, argno);
  unsigned at, count;
  if (!parm || !function_records (fn, &at, &count) || path->add (fn))
    return false;
  bool drops = false;
  if (mint_function_copies (fn, parm))
    drops = !mint_function_copies_back (fn, parm) && kernel_written
            && kernel_written->contains (parm);
  else
    drops = hands_on_some (at, count, argno, path, drops_parameter_writes,
                           NULL_TREE);
  path->remove (fn);
  return drops;
}

bool
mint_function_drops_parameter_writes (tree fn, unsigned argno)
{
  hash_set<tree> path;
  return fn && drops_parameter_writes (fn, argno, &path);
}

bool
mint_function_writes_global (tree fn, tree global)
{
  for (unsigned i = 0; i + 1 < vec_safe_length (global_writes); i += 2)
    if ((*global_writes)[i] == fn && (*global_writes)[i + 1] == global)
      return true;
  return false;
}

void
mint_function_dropped_globals (tree fn, vec<tree> *out)
{
  auto_vec<tree> copied;
  mint_function_copied_objects (fn, &copied);
  for (tree object : copied)
    {
      tree root = get_base_address (object);
      if (root && VAR_P (root) && is_global_var (root)
          && mint_function_writes_global (fn, root)
          && !mint_function_copies_back (fn, object))
        out->safe_push (object);
    }
}

void
mint_parameter_moves_register (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_PRE_GENERICIZE, record_hand_ons,
                     NULL);
  register_callback (plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
                     (void *) parameter_moves_roots);
}
