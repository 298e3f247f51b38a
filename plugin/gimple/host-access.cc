/* host-access.cc -- the accesses of host code to the elements of the
   arrays a parallel region copies to the device, in the region and after
   it (host-access.h), for the checks of host-report.h.  */

#include "gcc-compat.h"
#include "tree-dfa.h"
#include "directive.h"
#include "member.h"
#include "parameter-moves.h"
#include "reference.h"
#include "kir.h"
#include "nest.h"
#include "nest-recognition.h"
#include "index-form.h"
#include "markers.h"
#include "rewrite.h"
#include "host-access.h"

/* A value a local pointer of the function is given: a copied array's
   pointer (`double *p = u;', `p = g->u + 1;'), or NULL for any other.  A
   pointer with one entry, of an array, is an alias of the array; one with
   several may hold each array of its entries (`q = c ? u : v;').  */
struct array_alias
{
  tree decl;
  tree array;                   /* the copy's array, or NULL */
};

/* What ARG, an argument of host code's call or the right-hand side of an
   assignment, was computed from: back through the temporaries (copies,
   casts, pointer arithmetic, loads of row pointers).  */
static tree
argument_origin (tree arg)
{
  for (int depth = 0; TREE_CODE (arg) == SSA_NAME && depth < 16; depth++)
    {
      gimple *def = SSA_NAME_DEF_STMT (arg);
      if (!is_gimple_assign (def))
        return NULL_TREE;
      arg = gimple_assign_rhs1 (def);
    }
  return arg;
}

/* The array of COPIES that ORIGIN (an argument_origin) is, or NULL.  */
static tree
copied_array (tree origin, const vec<const struct mint_directive *> &copies)
{
  const struct mint_directive *c = mint_copy_among (origin, copies);
  return c ? c->array : NULL_TREE;
}

/* Whether ALIASES hold an entry of DECL for ARRAY (NULL: any other
   value).  */
static bool
alias_known (tree decl, tree array, const vec<struct array_alias> &aliases)
{
  for (const struct array_alias &a : aliases)
    if (a.decl == decl
        && (a.array && array ? mint_same_object (a.array, array)
                             : a.array == array))
      return true;
  return false;
}

/* Adds to ALIASES the entry of DECL for ARRAY, unless it is there.  */
static void
add_alias (tree decl, tree array, vec<struct array_alias> *aliases)
{
  if (!alias_known (decl, array, *aliases))
    {
      struct array_alias a = { decl, array };
      aliases->safe_push (a);
    }
}

/* T, or the array that T (a local pointer of ALIASES) only ever holds.  */
static tree
unalias (tree t, const vec<struct array_alias> &aliases)
{
  tree array = NULL_TREE;
  if (t && VAR_P (t))
    for (const struct array_alias &a : aliases)
      if (a.decl == t)
        {
          if (array || !a.array)
            return t;
          array = a.array;
        }
  return array ? array : t;
}

/* Whether a variable of TYPE may hold a pointer: a pointer, or an integer
   as wide (`uintptr_t a = (uintptr_t) u;', read back as `((double *)
   a)[3]').  */
static bool
pointer_holder_p (tree type)
{
  return POINTER_TYPE_P (type)
         || (INTEGRAL_TYPE_P (type)
             && TYPE_PRECISION (type) == TYPE_PRECISION (ptr_type_node));
}

/* Records in ALIASES what local pointer LHS is set to by a statement
   (VALUE: an argument_origin, or NULL for a call's result).  A pointer
   stepped from itself (`q++') keeps the arrays it holds, and one set from
   another local pointer may hold what that pointer holds.  */
static void
note_alias (tree lhs, tree value,
            const vec<const struct mint_directive *> &copies,
            vec<struct array_alias> *aliases)
{
  if (!VAR_P (lhs) || is_global_var (lhs) || TREE_ADDRESSABLE (lhs)
      || !pointer_holder_p (TREE_TYPE (lhs)) || copied_array (lhs, copies)
      || value == lhs)
    return;
  bool from_local = false;
  for (unsigned i = 0; value && i < aliases->length (); i++)
    if ((*aliases)[i].decl == value)
      {
        add_alias (lhs, (*aliases)[i].array, aliases);
        from_local = true;
      }
  if (from_local)
    return;
  tree array = value ? copied_array (value, copies) : NULL_TREE;
  /* A row of a T*** or T** array (`double *flat = a[0][0]'): its
     elements are the array's.  */
  if (!array && value
      && (handled_component_p (value) || TREE_CODE (value) == MEM_REF))
    array = copied_array (unalias (mint_reference_root (value), *aliases),
                          copies);
  /* The address of a fixed-size array or of an element (`q = v' of
     `double v[N]', `&w[2][0]'), not of an array's own pointer.  */
  if (!array && value && TREE_CODE (value) == ADDR_EXPR)
    {
      tree obj = TREE_OPERAND (value, 0);
      tree root = mint_reference_root (obj);
      if (root && (obj != root || TREE_CODE (TREE_TYPE (root)) == ARRAY_TYPE))
        array = copied_array (unalias (root, *aliases), copies);
    }
  add_alias (lhs, array, aliases);
}

/* Records in ALIASES what the result of CALL may be: any value, and
   each copied array (of COPIES) that an argument points into (`double *p
   = row_of (u, j);', a function that returns its argument or a pointer
   computed from it), but for libmintrt's functions, whose pointers
   (mint_device_pointer's) are the device copy's.  */
static void
note_call_result (gcall *call, const vec<const struct mint_directive *> &copies,
                  vec<struct array_alias> *aliases)
{
  tree lhs = gimple_call_lhs (call);
  note_alias (lhs, NULL_TREE, copies, aliases);
  if (!POINTER_TYPE_P (TREE_TYPE (lhs))
      || mint_runtime_function_p (gimple_call_fndecl (call)))
    return;
  for (unsigned i = 0; i < gimple_call_num_args (call); i++)
    {
      tree arg = gimple_call_arg (call, i);
      if (POINTER_TYPE_P (TREE_TYPE (arg)))
        note_alias (lhs, argument_origin (arg), copies, aliases);
    }
}

/* The local pointers of the function and the copied arrays (of COPIES)
   they may hold, into ALIASES.  */
static void
collect_aliases (const vec<const struct mint_directive *> &copies,
                 vec<struct array_alias> *aliases)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      {
        gimple *s = gsi_stmt (gsi);
        if (gimple_clobber_p (s))
          continue;
        if (is_gimple_assign (s))
          note_alias (gimple_assign_lhs (s),
                      argument_origin (gimple_assign_rhs1 (s)), copies,
                      aliases);
        else if (is_gimple_call (s) && gimple_call_lhs (s))
          note_call_result (as_a<gcall *> (s), copies, aliases);
      }
}

/* Whether T, a local pointer of ALIASES that holds other values too, may
   hold ARRAY.  */
static bool
may_hold (tree t, tree array, const vec<struct array_alias> &aliases)
{
  return t && VAR_P (t) && unalias (t, aliases) == t
         && alias_known (t, array, aliases);
}

/* Appends to SWAPS the pairs of COPIES whose pointers the function
   assigns to each other (with ALIASES).  */
static void
collect_swaps (const vec<const struct mint_directive *> &copies,
               const vec<struct array_alias> &aliases,
               vec<struct swap_pair> *swaps)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      {
        gimple *s = gsi_stmt (gsi);
        if (!gimple_assign_single_p (s) || gimple_clobber_p (s))
          continue;
        const struct mint_directive *a
          = mint_copy_among (gimple_assign_lhs (s), copies);
        tree origin = argument_origin (gimple_assign_rhs1 (s));
        const struct mint_directive *b
          = a ? mint_copy_among (unalias (origin, aliases), copies) : NULL;
        if (b && b != a)
          {
            struct swap_pair pair = { a, b, s };
            swaps->safe_push (pair);
          }
      }
}

void
mint_swap_group (const vec<struct swap_pair> &swaps,
                 const struct mint_directive *copy,
                 vec<const struct mint_directive *> *group)
{
  group->safe_push (copy);
  for (unsigned i = 0; i < group->length (); i++)
    for (const struct swap_pair &p : swaps)
      {
        const struct mint_directive *other
          = p.a == (*group)[i] ? p.b : p.b == (*group)[i] ? p.a : NULL;
        if (other && !group->contains (other))
          group->safe_push (other);
      }
}

/* The variable whose elements REF, a MEM_REF or an ARRAY_REF, reads or
   writes, or NULL.  A MEM_REF at an array's address, directly or through
   temporaries, is its elements: GCC folds a memcpy of a whole array or
   row (`memcpy (u, v, sizeof u)') into `MEM <unsigned char[2560]> [&u] =
   MEM <...> [&v]', and a cast to a structure copies the array whole
   (`*(struct grid *) u = *(struct grid *) v'); but a MEM_REF at a
   pointer's address is its own bytes (`memcpy (&p, &u, sizeof p)').  */
static tree
element_root (tree ref)
{
  tree ptr = TREE_CODE (ref) == MEM_REF
             ? argument_origin (TREE_OPERAND (ref, 0)) : NULL_TREE;
  if (ptr && TREE_CODE (ptr) == ADDR_EXPR)
    {
      tree object = TREE_OPERAND (ptr, 0);
      return POINTER_TYPE_P (TREE_TYPE (object))
             ? NULL_TREE : mint_reference_root (object);
    }
  return mint_reference_root (ref);
}

/* Appends to HELD the copies among COPIES whose array REF reads or
   writes an element of (not a row pointer of a T*** array), directly or
   through one of ALIASES, also as other values (its bytes through an
   `unsigned char *'): one, or through a local pointer that may hold other
   values too, each copied array the pointer may hold (`a' of ping-pong
   pointers swapped through a third, one array copied back and the other
   not).  Into *THROUGH: that pointer, else NULL.  */
static void
device_elements (tree ref, const vec<const struct mint_directive *> &copies,
                 const vec<struct array_alias> &aliases, tree *through,
                 vec<const struct mint_directive *> *held)
{
  *through = NULL_TREE;
  if (TREE_CODE (ref) != MEM_REF && TREE_CODE (ref) != ARRAY_REF)
    return;
  tree root = unalias (element_root (ref), aliases);
  if (!root)
    return;
  for (const struct mint_directive *c : copies)
    if (TYPE_MAIN_VARIANT (TREE_TYPE (ref)) == c->elem_type
        || !POINTER_TYPE_P (TREE_TYPE (ref)))
      {
        if (mint_same_object (c->array, root))
          {
            held->safe_push (c);
            return;
          }
        if (may_hold (root, c->array, aliases))
          {
            *through = root;
            held->safe_push (c);
          }
      }
}

/* Whether a function given ORIGIN (an argument_origin) can reach the
   elements of COPY's array: through its pointer, an element's or a row's
   address, or (HOLDER is set) the structure that holds it, its address or
   a copy; directly or through one of ALIASES.  The address of the
   array's own pointer (a swap helper's `&u') gives the pointer only,
   unless THROUGH: the function reaches elements through it.  */
static bool
reaches_array (tree origin, const struct mint_directive *copy,
               const vec<struct array_alias> &aliases, bool through,
               bool *holder)
{
  bool address = TREE_CODE (origin) == ADDR_EXPR;
  tree obj = unalias (address ? TREE_OPERAND (origin, 0) : origin, aliases);
  tree root = unalias (mint_reference_root (obj), aliases);
  *holder = false;
  if (!root)
    return false;
  if (mint_same_object (copy->array, obj))
    return !address || !POINTER_TYPE_P (TREE_TYPE (obj)) || through;
  if (mint_same_object (copy->array, root)
      || (may_hold (root, copy->array, aliases) && !(address && obj == root)))
    return true;
  struct mint_path path;
  *holder = DECL_P (root) && mint_object_path (copy->array, &path)
            && path.member && path.base == root;
  return *holder;
}

/* Whether the function that call S makes, given its argument ARGNO as a
   parameter of type TYPE, can write the data it points to: the
   parameter is not `const double *' (`const double (*)[N]'), and the
   function does more than read its elements.  */
static bool
writable_parameter_p (gcall *s, unsigned argno, tree type)
{
  while (type && (POINTER_TYPE_P (type) || TREE_CODE (type) == ARRAY_TYPE))
    type = TREE_TYPE (type);
  return !(type && TYPE_READONLY (type))
         && !mint_function_only_reads_parameter (gimple_call_fndecl (s),
                                                 argno);
}

/* Whether the function that call S makes copies its parameter ARGNO
   toDevice for a parallel region of its own: its kernels use the
   region's device copy (a nested region's copy finds the array there),
   so that what they write reaches the device, and a copy toDevice of its
   own brings what it writes on the host before that region.  */
static bool
callee_moves_parameter (gcall *s, unsigned argno)
{
  return mint_function_moves_parameter (gimple_call_fndecl (s), argno);
}

/* Whether the function that call S makes uses its parameter ARGNO only
   as an argument of libmintrt's functions, which know the device
   copies.  */
static bool
gives_to_runtime (gcall *s, unsigned argno)
{
  return mint_function_gives_parameter_to_runtime (gimple_call_fndecl (s),
                                                   argno);
}

/* Whether the function that call S makes only frees its parameter ARGNO
   and its rows.  */
static bool
frees (gcall *s, unsigned argno)
{
  return mint_function_frees_parameter (gimple_call_fndecl (s), argno);
}

/* Whether call S certainly reads or writes the memory its argument ARGNO
   points to, as memset, memcpy and memmove do (into *STORE: writes):
   such a call is an access as a statement's is.  */
static bool
certain_access (gcall *s, unsigned argno, bool *store)
{
  bool set = gimple_call_builtin_p (s, BUILT_IN_MEMSET);
  bool copy = gimple_call_builtin_p (s, BUILT_IN_MEMCPY)
              || gimple_call_builtin_p (s, BUILT_IN_MEMMOVE);
  *store = argno == 0;
  return (set && argno == 0) || (copy && argno <= 1);
}

/* Appends to OUT the arrays of COPIES that host code's call S gives its
   function, at LOC in REGION.  */
static void
collect_call_accesses (gcall *s, location_t loc,
                       const struct mint_directive *region,
                       const vec<const struct mint_directive *> &copies,
                       const vec<struct array_alias> &aliases,
                       vec<struct host_access> *out)
{
  /* free releases the elements unread.  */
  if (gimple_call_internal_p (s)
      || mint_runtime_function_p (gimple_call_fndecl (s))
      || gimple_call_builtin_p (s, BUILT_IN_FREE))
    return;
  tree fntype = gimple_call_fntype (s);
  tree parm = fntype ? TYPE_ARG_TYPES (fntype) : NULL_TREE;
  for (unsigned i = 0; i < gimple_call_num_args (s); i++)
    {
      tree type = parm && parm != void_list_node ? TREE_VALUE (parm) : NULL;
      tree arg = gimple_call_arg (s, i);
      /* A value (printf's u[i][j]) is the read of its load.  */
      bool value = !POINTER_TYPE_P (TREE_TYPE (arg))
                   && !AGGREGATE_TYPE_P (TREE_TYPE (arg));
      tree origin = value || gives_to_runtime (s, i) || frees (s, i)
                    ? NULL_TREE : argument_origin (arg);
      bool holder, certain_store;
      bool certain = certain_access (s, i, &certain_store);
      for (const struct mint_directive *c : copies)
        if (origin
            && reaches_array (origin, c, aliases,
                              mint_function_reaches_elements_through
                                (gimple_call_fndecl (s), i),
                              &holder))
          {
            bool moved = !holder && callee_moves_parameter (s, i);
            bool writable = writable_parameter_p (s, i, type);
            bool store = certain ? certain_store
                                 : holder || (writable && !moved);
            struct host_access acc = { loc, c, region, store,
                                       certain ? NULL : s, holder, NULL, s,
                                       false, moved, moved && writable };
            out->safe_push (acc);
            if (tree parm = moved ? mint_function_parameter (gimple_call_fndecl (s), i) : NULL_TREE)
              {
                /* Its host code outside its regions may still read or
                   write the elements, known once it is lowered.  */
                struct host_access host = { loc, c, region, false, s, false,
                                            NULL, s, true, false, false,
                                            NULL_TREE, UNKNOWN_LOCATION,
                                            parm };
                out->safe_push (host);
              }
          }
      if (parm && parm != void_list_node)
        parm = TREE_CHAIN (parm);
    }
}

/* Whether OUT already has an access of COPY's array by host code's
   statement S (a call given it, or an access it makes).  */
static bool
call_given (const vec<struct host_access> *out, gimple *s,
            const struct mint_directive *copy)
{
  for (const struct host_access &a : *out)
    if (a.stmt == s && a.copy == copy)
      return true;
  return false;
}

/* The global variable that ORIGIN (an argument_origin) is, or whose
   memory it is or points into (`Gc', `U[l + 1]', `&A[0]'), or NULL.  */
static tree
origin_global (tree origin)
{
  if (origin && TREE_CODE (origin) == ADDR_EXPR)
    origin = TREE_OPERAND (origin, 0);
  tree root = origin && (handled_component_p (origin)
                         || TREE_CODE (origin) == MEM_REF)
              ? mint_reference_root (origin) : origin;
  return root && VAR_P (root) && is_global_var (root) ? root : NULL_TREE;
}

/* The local pointer that statement S sets, whose address is never
   taken, or NULL.  */
static tree
local_pointer_set (gimple *s)
{
  tree lhs = gimple_clobber_p (s) ? NULL_TREE : gimple_get_lhs (s);
  return lhs && VAR_P (lhs) && !is_global_var (lhs) && !TREE_ADDRESSABLE (lhs)
         && POINTER_TYPE_P (TREE_TYPE (lhs)) ? lhs : NULL_TREE;
}

/* The global that statement S, setting a local pointer, takes its value
   from (an origin_global), or NULL.  */
static tree
global_assigned (gimple *s)
{
  return is_gimple_assign (s)
         ? origin_global (argument_origin (gimple_assign_rhs1 (s)))
         : NULL_TREE;
}

/* The global whose elements a copy's ARRAY are: ARRAY where it is a
   global, or the global a local pointer of the function is only ever
   set from (`double *g = Gc;', `uc = U[l + 1];'); else NULL.  */
static tree
held_global (tree array)
{
  if (!VAR_P (array))
    return NULL_TREE;
  if (is_global_var (array))
    return array;
  tree global = NULL_TREE;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      if (local_pointer_set (gsi_stmt (gsi)) == array)
        {
          tree g = global_assigned (gsi_stmt (gsi));
          if (!g || (global && g != global))
            return NULL_TREE;
          global = g;
        }
  return global;
}

/* Whether TYPE, a global's, can hold a pointer: a pointer, or an
   integer as wide (uintptr_t, which the program casts back).  */
static bool
holds_pointer_p (tree type)
{
  return POINTER_TYPE_P (type)
         || (INTEGRAL_TYPE_P (type) && TYPE_PRECISION (type) == POINTER_SIZE);
}

/* The global pointer variable that the function sets to the copy's
   ARRAY, a local or parameter (`field = u;', for an output routine that
   reads field[k]; `bits = (uintptr_t) u;'), where it sets one; else
   NULL.  */
static tree
global_holding (tree array)
{
  if (!VAR_P (array) && TREE_CODE (array) != PARM_DECL)
    return NULL_TREE;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      {
        gimple *s = gsi_stmt (gsi);
        tree lhs = gimple_assign_single_p (s) ? gimple_assign_lhs (s)
                                               : NULL_TREE;
        if (lhs && VAR_P (lhs) && is_global_var (lhs)
            && holds_pointer_p (TREE_TYPE (lhs))
            && argument_origin (gimple_assign_rhs1 (s)) == array)
          return lhs;
      }
  return NULL_TREE;
}

/* Appends to OUT, for host code's call S at LOC in REGION to a function
   of the unit (or through a pointer, which may call any whose address
   the unit takes), the arrays of COPIES that are global variables, that
   locals hold the pointers of (held_global), or whose pointers the
   function stores in a global pointer (global_holding), the call is not
   given: the function, or one it calls, may reach them.  */
static void
collect_global_accesses (gcall *s, location_t loc,
                         const struct mint_directive *region,
                         const vec<const struct mint_directive *> &copies,
                         vec<struct host_access> *out)
{
  tree fn = gimple_call_fndecl (s);
  cgraph_node *node = fn ? cgraph_node::get (fn) : NULL;
  if (gimple_call_internal_p (s)
      || (fn && (!node || !node->definition || mint_runtime_function_p (fn))))
    return;
  for (const struct mint_directive *c : copies)
    {
      tree global = held_global (c->array);
      if (!global)
        global = global_holding (c->array);
      if (global && !call_given (out, s, c))
        {
          struct host_access acc = { loc, c, region, false, s, false, NULL,
                                     s, true, false, false, NULL_TREE,
                                     UNKNOWN_LOCATION, global };
          out->safe_push (acc);
        }
    }
}

/* Calls VISIT (S, DATA) on the statements of FUN from GSI in BB on,
   along every path, each block once (BB's statements before GSI where a
   path comes back to it: a loop's next iteration); a path ends at a
   statement for which VISIT returns true.  */
static void
walk_statements (function *fun, basic_block bb, gimple_stmt_iterator gsi,
                 bool (*visit) (gimple *, void *), void *data)
{
  auto_sbitmap seen (last_basic_block_for_fn (fun));
  bitmap_clear (seen);
  auto_vec<basic_block> work;
  basic_block start_bb = bb;
  gimple *start = gsi_end_p (gsi) ? NULL : gsi_stmt (gsi);
  bool again = false;
  for (;;)
    {
      bool ended = false;
      for (; !gsi_end_p (gsi) && !ended; gsi_next (&gsi))
        {
          /* Back at the start: the rest was walked.  */
          if (again && gsi_stmt (gsi) == start)
            {
              ended = true;
              break;
            }
          ended = visit (gsi_stmt (gsi), data);
        }
      if (!ended)
        for (edge e : bb->succs)
          if (!bitmap_bit_p (seen, e->dest->index)
              && e->dest != EXIT_BLOCK_PTR_FOR_FN (fun))
            {
              bitmap_set_bit (seen, e->dest->index);
              work.safe_push (e->dest);
            }
      if (work.is_empty ())
        return;
      bb = work.pop ();
      gsi = gsi_start_bb (bb);
      again = bb == start_bb;
    }
}

/* A walk of a function for mint_function_reaches_global: the GLOBAL,
   the function's LOCALS only ever set from it, whether the walk stops
   at the function's directives, the functions looked at (SEEN) and
   whether it FOUND an access.  */
struct global_walk
{
  tree global;
  auto_vec<tree> locals;
  bool directives;
  /* Whether the walk starts after a region's end: it stops at the start
     of the next one, not at the copies back.  */
  bool after_region;
  /* Whether a copy toDevice of the global, which reads its host
     elements, is an access (a later region's).  */
  bool copies_read;
  hash_set<tree> *seen;
  bool found;
};

/* Into W->locals, the local pointers of FUN only ever set from
   W->global or from one another (`u = U[l];').  */
static void
collect_global_locals (function *fun, struct global_walk *w)
{
  auto_vec<tree> other;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      {
        gimple *s = gsi_stmt (gsi);
        tree lhs = local_pointer_set (s);
        if (!lhs)
          continue;
        tree value = is_gimple_assign (s)
                     ? argument_origin (gimple_assign_rhs1 (s)) : NULL_TREE;
        if (value == lhs)
          continue;
        bool from = value && (global_assigned (s) == w->global
                              || w->locals.contains (value));
        vec<tree> *into = from ? &w->locals : &other;
        if (!into->contains (lhs))
          into->safe_push (lhs);
      }
  for (unsigned i = w->locals.length (); i-- > 0;)
    if (other.contains (w->locals[i]))
      w->locals.unordered_remove (i);
}

/* W at the start of a walk of FUN for GLOBAL (struct global_walk's
   DIRECTIVES, COPIES_READ and SEEN), its locals collected.  */
static void
init_global_walk (struct global_walk *w, function *fun, tree global,
                  bool directives, bool copies_read, hash_set<tree> *seen)
{
  w->global = global;
  w->directives = directives;
  w->after_region = false;
  w->copies_read = copies_read;
  w->seen = seen;
  w->found = false;
  collect_global_locals (fun, w);
}

/* Whether T, a reference's root or a call's argument origin, is W's
   global or one of its locals.  */
static bool
global_or_local (tree t, const struct global_walk *w)
{
  return t && (mint_same_object (t, w->global) || w->locals.contains (t));
}

/* Whether REF, an operand, is an element of W's global (not a row's
   pointer, nor a pointer of a global array of them: `u = U[l]').  */
static bool
global_element (tree ref, const struct global_walk *w)
{
  return (TREE_CODE (ref) == MEM_REF || TREE_CODE (ref) == ARRAY_REF)
         && !POINTER_TYPE_P (TREE_TYPE (ref))
         && global_or_local (mint_reference_root (ref), w);
}

static bool reaches_global (tree fn, tree global, hash_set<tree> *seen,
                            bool copies_read);

/* Whether call S gives its function W's global's pointer or the address
   of an element of it, but for a function that moves the parameter it
   gives it as to the device (a stage with a region of its own), whose
   host code does not reach that parameter's elements.  */
static bool
gives_global (gcall *s, const struct global_walk *w)
{
  if (mint_runtime_function_p (gimple_call_fndecl (s))
      || gimple_call_builtin_p (s, BUILT_IN_FREE))
    return false;
  for (unsigned i = 0; i < gimple_call_num_args (s); i++)
    {
      tree origin = argument_origin (gimple_call_arg (s, i));
      if (origin && TREE_CODE (origin) == ADDR_EXPR)
        origin = mint_reference_root (TREE_OPERAND (origin, 0));
      if (!global_or_local (origin, w))
        continue;
      tree parm = callee_moves_parameter (s, i) ? mint_function_parameter (gimple_call_fndecl (s), i)
                                                : NULL_TREE;
      if (!parm
          || reaches_global (gimple_call_fndecl (s), parm, w->seen,
                             w->copies_read))
        return true;
    }
  return false;
}

/* Whether S, a call of libmintrt that begins a region, copies W's
   global toDevice.  */
static bool
copy_reads_global (gcall *s, const struct global_walk *w)
{
  for (unsigned i = 0; i < gimple_call_num_args (s); i++)
    {
      tree origin = argument_origin (gimple_call_arg (s, i));
      if (origin && TREE_CODE (origin) == ADDR_EXPR)
        origin = mint_reference_root (TREE_OPERAND (origin, 0));
      if (global_or_local (origin, w))
        return true;
    }
  return false;
}

/* walk_statements' visitor for reaches_global: whether the walk found an
   access at S, or S is a directive where W stops at them.  */
static bool
reach_global_at (gimple *s, void *data)
{
  struct global_walk *w = (struct global_walk *) data;
  if (w->found)
    return true;
  if (gcall *call = dyn_cast<gcall *> (s))
    {
      tree callee = gimple_call_fndecl (call);
      bool end;
      /* A copy toDevice before a region reads the host's elements; the
         walk goes on past the region's other copies.  */
      if (w->copies_read && mint_region_boundary_call_p (s, &end) && !end)
        return w->found = copy_reads_global (call, w);
      if (w->after_region && mint_runtime_call_p (s))
        return mint_region_boundary_call_p (s, &end) && !end;
      if (w->directives && (mint_marker_name (s) || mint_runtime_call_p (s)))
        return true;
      w->found = gives_global (call, w)
                 || (callee && reaches_global (callee, w->global, w->seen,
                                               w->copies_read));
    }
  else if (gimple_assign_single_p (s))
    w->found = global_element (gimple_assign_rhs1 (s), w)
               || global_element (gimple_assign_lhs (s), w);
  return w->found;
}

/* mint_function_reaches_global's work; SEEN: the functions looked at;
   COPIES_READ: struct global_walk's.  */
static bool
reaches_global (tree fn, tree global, hash_set<tree> *seen, bool copies_read)
{
  function *f = DECL_STRUCT_FUNCTION (fn);
  /* A parameter is a function's own: each one once.  */
  tree key = TREE_CODE (global) == PARM_DECL ? global : fn;
  if (seen->add (key) || !f || !f->cfg)
    return false;
  struct global_walk w;
  init_global_walk (&w, f, global, mint_has_directives (fn), copies_read,
                    seen);
  basic_block entry = single_succ (ENTRY_BLOCK_PTR_FOR_FN (f));
  walk_statements (f, entry, gsi_start_bb (entry), reach_global_at, &w);
  /* A function with regions of its own: its code after each region, up
     to the next (a normalization of what the region computed).  */
  w.after_region = true;
  basic_block bb;
  if (w.directives)
    FOR_EACH_BB_FN (bb, f)
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb);
           !gsi_end_p (gsi) && !w.found; gsi_next (&gsi))
        {
          bool end;
          if (mint_region_boundary_call_p (gsi_stmt (gsi), &end) && end)
            {
              gimple_stmt_iterator next = gsi;
              gsi_next (&next);
              walk_statements (f, bb, next, reach_global_at, &w);
            }
        }
  return w.found;
}

bool
mint_function_reaches_global (tree fn, tree global)
{
  hash_set<tree> seen;
  return reaches_global (fn, global, &seen, false);
}

/* The blocks of the loop nests of REGION's `for' directives: their
   statements run as kernels.  */
static void
mark_nest_blocks (const auto_vec<struct marker> &markers, int region,
                  sbitmap nests)
{
  for (const struct marker &m : markers)
    if (m.dir->kind == MINT_DIR_FOR && m.dir->region == region)
      if (class loop *l = mint_loop_after_marker (m.stmt))
        {
          basic_block *body = get_loop_body (l);
          for (unsigned i = 0; i < l->num_nodes; i++)
            bitmap_set_bit (nests, body[i]->index);
          free (body);
        }
}

void
mint_walk_statements_from (gimple *start, bool after,
                           bool (*visit) (gimple *, void *), void *data)
{
  gimple_stmt_iterator gsi = gsi_for_stmt (start);
  if (after)
    gsi_next (&gsi);
  walk_statements (cfun, gimple_bb (start), gsi, visit, data);
}

/* A copy whose array host code may reach through a pointer it loads
   from memory, which the aliases do not follow: the function stores the
   array's pointer or an element's address in memory (`h.p = v;', `double
   *grid[2] = {u, v};', a global pointer), copies a structure that holds
   it (`g2 = *g;'), loads the array's pointer from memory (`v = h.p;'),
   or takes the address of the array's pointer (`pp = &v;', `memcpy
   (&h.p, &v, sizeof v)').  */
struct escape
{
  const struct mint_directive *copy;
  location_t loc;               /* the first statement that lets it */
};

/* Whether T, stored to or loaded from, is memory that a pointer may be
   loaded from elsewhere: not a scalar local whose address is never
   taken.  */
static bool
memory_p (tree t)
{
  switch (TREE_CODE (t))
    {
    case VAR_DECL:
    case PARM_DECL:
      return is_global_var (t) || TREE_ADDRESSABLE (t)
             || AGGREGATE_TYPE_P (TREE_TYPE (t));
    case COMPONENT_REF: case ARRAY_REF: case ARRAY_RANGE_REF: case MEM_REF:
    case TARGET_MEM_REF: case BIT_FIELD_REF:
      return true;
    default:
      return false;
    }
}

/* Whether ORIGIN (an argument_origin) is the address of COPY's array's
   own pointer (`&v').  */
static bool
pointer_address_p (tree origin, const struct mint_directive *copy)
{
  return origin && TREE_CODE (origin) == ADDR_EXPR
         && POINTER_TYPE_P (TREE_TYPE (TREE_OPERAND (origin, 0)))
         && mint_same_object (copy->array, TREE_OPERAND (origin, 0));
}

/* Whether a value of TYPE may hold a pointer to elements of type ELEM
   (a structure's member `double *u', an array of such structures), at
   most DEPTH levels of members down.  */
static bool
holds_element_pointer (tree type, tree elem, int depth)
{
  while (TREE_CODE (type) == ARRAY_TYPE)
    type = TREE_TYPE (type);
  if (POINTER_TYPE_P (type))
    {
      tree to = TREE_TYPE (type);
      while (TREE_CODE (to) == ARRAY_TYPE || POINTER_TYPE_P (to))
        to = TREE_TYPE (to);
      return TYPE_MAIN_VARIANT (to) == TYPE_MAIN_VARIANT (elem);
    }
  if (!RECORD_OR_UNION_TYPE_P (type) || depth == 0)
    return false;
  for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
    if (TREE_CODE (f) == FIELD_DECL
        && holds_element_pointer (TREE_TYPE (f), elem, depth - 1))
      return true;
  return false;
}

static void
note_escape (const struct mint_directive *copy, location_t loc,
             vec<struct escape> *escapes)
{
  for (const struct escape &e : *escapes)
    if (e.copy == copy)
      return;
  struct escape e = { copy, loc };
  escapes->safe_push (e);
}

/* Notes in ESCAPES the copies of COPIES whose arrays statement S lets
   escape (with ALIASES): a store in memory but into a copy's own
   pointer (a swap), a copy's own pointer loaded from memory, the address
   of an array's pointer anywhere but in libmintrt's calls.  */
static void
note_escapes (gimple *s, const vec<const struct mint_directive *> &copies,
              const vec<struct array_alias> &aliases,
              vec<struct escape> *escapes)
{
  location_t loc = gimple_location (s);
  if (gcall *call = dyn_cast<gcall *> (s))
    {
      if (mint_marker_name (s)
          || mint_runtime_function_p (gimple_call_fndecl (call)))
        return;
      /* A structure the call returns may hold a pointer it is given
         (`struct view w = mk (b);').  */
      tree lhs = gimple_call_lhs (call);
      bool held = lhs && AGGREGATE_TYPE_P (TREE_TYPE (lhs));
      for (unsigned i = 0; i < gimple_call_num_args (call); i++)
        {
          tree origin = argument_origin (gimple_call_arg (call, i));
          for (const struct mint_directive *c : copies)
            {
              bool holder;
              if (pointer_address_p (origin, c)
                  || (held
                      && holds_element_pointer (TREE_TYPE (lhs),
                                                c->elem_type, 4)
                      && reaches_array (origin, c, aliases, false, &holder)))
                note_escape (c, loc, escapes);
            }
        }
      return;
    }
  if (!gimple_assign_single_p (s) || gimple_clobber_p (s))
    return;
  tree lhs = gimple_assign_lhs (s);
  tree value = gimple_assign_rhs1 (s);
  /* The pointer's bytes read through its address (GCC's memcpy (&p, &u,
     sizeof p): D = MEM <unsigned long> [&u]).  */
  if (TREE_CODE (value) == MEM_REF)
    for (const struct mint_directive *c : copies)
      if (pointer_address_p (TREE_OPERAND (value, 0), c))
        note_escape (c, loc, escapes);
  tree origin = argument_origin (value);
  if (!origin)
    return;
  /* A copy's own pointer loaded from memory that still holds it
     (`u = g.u;').  */
  if (const struct mint_directive *c = mint_copy_among (lhs, copies))
    if (memory_p (value) && POINTER_TYPE_P (TREE_TYPE (value)))
      note_escape (c, loc, escapes);
  /* A pointer, or a structure that may hold one; not an element.  */
  bool stored = memory_p (lhs) && !mint_copy_among (lhs, copies)
                && (POINTER_TYPE_P (TREE_TYPE (value))
                    || AGGREGATE_TYPE_P (TREE_TYPE (value)));
  for (const struct mint_directive *c : copies)
    {
      bool holder;
      if (pointer_address_p (origin, c)
          || (stored && reaches_array (origin, c, aliases, false, &holder)))
        note_escape (c, loc, escapes);
    }
}

/* Notes in ESCAPES the copies of COPIES whose arrays are global arrays
   that the initializer of a variable of the unit points into (`static
   double *bp = b;', a structure holding `b').  Variables that hold
   neither pointers nor structures (tables of numbers) are not walked.  */
static void
note_initializer_escapes (const vec<const struct mint_directive *> &copies,
                          vec<struct escape> *escapes)
{
  varpool_node *node;
  FOR_EACH_VARIABLE (node)
    {
      tree init = DECL_INITIAL (node->decl);
      tree type = strip_array_types (TREE_TYPE (node->decl));
      if (!init || init == error_mark_node
          || !(pointer_holder_p (type) || RECORD_OR_UNION_TYPE_P (type)))
        continue;
      for (const struct mint_directive *c : copies)
        if (VAR_P (c->array) && is_global_var (c->array)
            && TREE_CODE (TREE_TYPE (c->array)) == ARRAY_TYPE
            && mint_takes_address_of (init, c->array))
          note_escape (c, DECL_SOURCE_LOCATION (node->decl), escapes);
    }
}

/* The copies of COPIES whose arrays the function lets escape (with
   ALIASES), or else an initializer does, into ESCAPES.  */
static void
collect_escapes (const vec<const struct mint_directive *> &copies,
                 const vec<struct array_alias> &aliases,
                 vec<struct escape> *escapes)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      note_escapes (gsi_stmt (gsi), copies, aliases, escapes);
  note_initializer_escapes (copies, escapes);
}

/* The memory that the pointer REF goes through was loaded from (`h.p'
   of `h.p[k]', `*pp' of `(*pp)[k]', a global pointer), or NULL.  */
static tree
loaded_pointer (tree ref)
{
  while (TREE_CODE (ref) == ARRAY_REF)
    ref = TREE_OPERAND (ref, 0);
  if (TREE_CODE (ref) != MEM_REF)
    return NULL_TREE;
  tree ptr = TREE_OPERAND (ref, 0);
  /* Through temporaries and conversions, and locals set once (`double
     *q = (double *) h.l;').  */
  for (int depth = 0; depth < 16; depth++)
    {
      gimple *def = NULL;
      if (TREE_CODE (ptr) == SSA_NAME)
        def = SSA_NAME_DEF_STMT (ptr);
      else if (!VAR_P (ptr) || memory_p (ptr)
               || mint_assignments (cfun, ptr, &def) != 1)
        break;
      if (!def || !is_gimple_assign (def))
        return NULL_TREE;
      ptr = gimple_assign_rhs1 (def);
    }
  return memory_p (ptr) ? ptr : NULL_TREE;
}

/* Whether REF, an access of host code, may read or write an element of
   the array of escape E through a pointer loaded from memory (into
   *THROUGH), as an element or as bytes.  */
static bool
escaped_element (tree ref, const struct escape &e, tree *through)
{
  if (POINTER_TYPE_P (TREE_TYPE (ref)))
    return false;
  tree type = TYPE_MAIN_VARIANT (TREE_TYPE (ref));
  if (type != e.copy->elem_type && type != unsigned_char_type_node
      && type != char_type_node)
    return false;
  *through = loaded_pointer (ref);
  return *through != NULL_TREE;
}

/* The structure (or array of them) that argument ARG of a call gives its
   function, by value, by address or through a pointer to it, or the
   pointer whose address it gives (sum (&u)), or NULL_TREE.  */
static tree
given_structure_type (tree arg)
{
  tree origin = argument_origin (arg);
  tree type = TREE_TYPE (arg);
  if (origin && TREE_CODE (origin) == ADDR_EXPR)
    type = TREE_TYPE (TREE_OPERAND (origin, 0));
  else if (POINTER_TYPE_P (type))
    type = TREE_TYPE (type);
  while (TREE_CODE (type) == ARRAY_TYPE)
    type = TREE_TYPE (type);
  return RECORD_OR_UNION_TYPE_P (type) || POINTER_TYPE_P (type) ? type
                                                                : NULL_TREE;
}

/* Whether call S gives its function, one of the unit, the address of a
   pointer as its argument ARGNO (`swap (&u, &v)'), through which the
   function does not reach the elements (it may swap the pointers).  A
   function of another unit may.  */
static bool
gives_pointer_address_only (gcall *s, unsigned argno)
{
  tree origin = argument_origin (gimple_call_arg (s, argno));
  tree fn = gimple_call_fndecl (s);
  return origin && TREE_CODE (origin) == ADDR_EXPR
         && POINTER_TYPE_P (TREE_TYPE (TREE_OPERAND (origin, 0)))
         && mint_function_of_unit_p (fn)
         && !mint_function_reaches_elements_through (fn, argno);
}

/* Appends to OUT, for call S of host code at LOC in REGION, the arrays of
   ESCAPES whose pointer a structure it gives its function may hold (the
   function may read their elements through it), but for libmintrt's
   functions, functions that only free it, and functions of the unit
   given the address of a pointer that only swap it
   (gives_pointer_address_only).  */
static void
collect_structure_accesses (gcall *s, location_t loc,
                            const struct mint_directive *region,
                            const vec<struct escape> &escapes,
                            vec<struct host_access> *out)
{
  if (gimple_call_internal_p (s)
      || mint_runtime_function_p (gimple_call_fndecl (s))
      || gimple_call_builtin_p (s, BUILT_IN_FREE))
    return;
  for (unsigned i = 0; i < gimple_call_num_args (s); i++)
    {
      tree arg = gimple_call_arg (s, i);
      tree type = given_structure_type (arg);
      if (!type || frees (s, i) || gives_pointer_address_only (s, i))
        continue;
      for (const struct escape &e : escapes)
        if (holds_element_pointer (type, e.copy->elem_type, 4)
            && !call_given (out, s, e.copy))
          {
            struct host_access acc = { loc, e.copy, region, false, NULL,
                                       false, NULL, s };
            acc.may_point = argument_origin (arg);
            acc.escape_loc = e.loc;
            out->safe_push (acc);
          }
    }
}

/* What collect_accesses_from's walk collects and where it stops.  */
struct access_walk
{
  const struct mint_directive *region;
  bool after;
  const vec<const struct mint_directive *> *copies;
  const auto_vec<struct marker> *markers;
  const vec<struct array_alias> *aliases;
  /* The copies that escape (collect_escapes), or NULL.  */
  const vec<struct escape> *escapes;
  sbitmap nests;
  vec<struct host_access> *out;
  /* The swaps of the region's copies (collect_swaps), and those that the
     walk after the region has passed.  */
  const vec<struct swap_pair> *swaps;
  auto_vec<struct swap_pair> passed;
  /* After a region that swaps its arrays' pointers, where the walk does
     not follow ALIASES: the aliases, for the pointers saved before the
     region (saved_before_swaps); else NULL.  */
  const vec<struct array_alias> *saved;
};

/* Appends ACC to W's accesses; after the region, where the walk has
   passed a swap of ACC's array's pointer with other copies' (`t = u; u =
   v; v = t;' between two regions), also as an access of each of those
   arrays, through ACC's pointer: it may hold any of them.  */
static void
push_access (struct access_walk *w, const struct host_access &acc)
{
  w->out->safe_push (acc);
  if (!w->after || w->passed.is_empty ())
    return;
  auto_vec<const struct mint_directive *> group;
  mint_swap_group (w->passed, acc.copy, &group);
  for (unsigned i = 1; i < group.length (); i++)
    {
      struct host_access other = acc;
      other.copy = group[i];
      if (!other.may_point)
        other.may_point = acc.copy->array;
      w->out->safe_push (other);
    }
}

/* Appends to W's accesses the arrays of W's copies that copy marker S,
   after the region, copies to the device again: the copy reads their
   elements on the host.  Whether it copies one: from there on, the later
   region's directives move it.  */
static bool
collect_later_copy (gimple *s, struct access_walk *w)
{
  const struct mint_directive *dir
    = mint_directive_get (tree_to_shwi (gimple_call_arg (s, 0)));
  bool copied = false;
  if (dir->direction == MINT_TO_DEVICE)
    for (const struct mint_directive *c : *w->copies)
      if (mint_same_object (c->array, dir->array))
        {
          struct host_access acc = { dir->loc, c, w->region, false, NULL,
                                     false, dir };
          push_access (w, acc);
          copied = true;
        }
  return copied;
}

/* Records in W a swap of the region's copies that statement S, after the
   region, makes.  */
static void
note_passed_swap (gimple *s, struct access_walk *w)
{
  for (const struct swap_pair &p : *w->swaps)
    if (p.stmt == s)
      w->passed.safe_push (p);
}

/* Whether REF, an operand that reads or writes a structure or bytes of
   one whole (`backup = S', or GCC's memcpy of a member, `MEM <unsigned
   char[2560]> [&S + 2560B]'), covers elements of ARRAY, an array member
   of a structure (`S.c'): their bits overlap in one object.  A pointer
   member's elements lie elsewhere.  */
static bool
covers_member_array (tree ref, tree array)
{
  if (!AGGREGATE_TYPE_P (TREE_TYPE (ref))
      || TREE_CODE (TREE_TYPE (array)) != ARRAY_TYPE
      || !handled_component_p (array))
    return false;
  poly_int64 offset, size, extent, array_offset, array_size, array_extent;
  bool reverse;
  tree base = get_ref_base_and_extent (ref, &offset, &size, &extent,
                                       &reverse);
  tree array_base = get_ref_base_and_extent (array, &array_offset,
                                             &array_size, &array_extent,
                                             &reverse);
  return operand_equal_p (base, array_base, 0)
         && ranges_maybe_overlap_p (offset, extent, array_offset,
                                    array_extent);
}

/* Notes in ACC the values of the subscripts of REF, an operand of
   statement S, x first, that take every value of a range
   (mint_index_range); returns REF below them, their number into
   *DIMS.  */
static tree
note_index_ranges (struct host_access *acc, gimple *s, tree ref, int *dims)
{
  HOST_WIDE_INT stride;
  int i = 0;
  for (; TREE_CODE (ref) == ARRAY_REF && i < MINT_UPDATE_DIMS;
       ref = TREE_OPERAND (ref, 0), i++)
    if (mint_index_range (TREE_OPERAND (ref, 1), gimple_bb (s),
                          &acc->index_least[i], &acc->index_most[i], &stride)
        && stride <= 1)
      acc->index_known |= 1u << i;
  *dims = i;
  return ref;
}

/* Whether T, through temporaries and casts, is the start of ARRAY: its
   pointer (`u', `(double (*)[N]) u') or the address of a fixed array or
   of its first element (`&u', `&u[0]').  */
static bool
array_start_p (tree t, tree array)
{
  for (int depth = 0; TREE_CODE (t) == SSA_NAME && depth < 8; depth++)
    {
      gassign *def = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (t));
      if (!def
          || !(gimple_assign_single_p (def) || gimple_assign_cast_p (def)))
        return false;
      t = gimple_assign_rhs1 (def);
    }
  if (TREE_CODE (t) == ADDR_EXPR)
    {
      t = TREE_OPERAND (t, 0);
      while (TREE_CODE (t) == ARRAY_REF && integer_zerop (TREE_OPERAND (t, 1)))
        t = TREE_OPERAND (t, 0);
    }
  return mint_same_object (t, array);
}

/* Whether T is a local pointer that the function sets only to the start
   of ARRAY (array_start_p), so that its offsets are ARRAY's (`double *p
   = u;', `double (*r)[N] = u;' of a fixed array).  */
static bool
start_alias_p (tree t, tree array)
{
  if (!VAR_P (t) || is_global_var (t) || TREE_ADDRESSABLE (t))
    return false;
  bool set = false;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      {
        gimple *s = gsi_stmt (gsi);
        if (gimple_get_lhs (s) != t || gimple_clobber_p (s))
          continue;
        if (!is_gimple_assign (s)
            || !(gimple_assign_single_p (s) || gimple_assign_cast_p (s))
            || !array_start_p (gimple_assign_rhs1 (s), array))
          return false;
        set = true;
      }
  return set;
}

/* Whether PTR is ARRAY's start (array_start_p) or a local pointer set
   only to it (start_alias_p).  */
static bool
array_start_or_alias_p (tree ptr, tree array)
{
  return array_start_p (ptr, array) || start_alias_p (ptr, array);
}

/* The byte offset from the start of ARRAY at which pointer PTR points,
   where it is a constant, into *OFFSET: PTR is ARRAY's start or a local
   pointer set only to it (array_start_or_alias_p), the address of an
   element (`&u[35]', `&(*r)[5]'), or one of those plus a constant (`u +
   1920').  Whether it is one.  */
static bool
constant_offset_from (tree ptr, tree array, HOST_WIDE_INT *offset)
{
  *offset = 0;
  if (TREE_CODE (ptr) == ADDR_EXPR)
    {
      poly_int64 off;
      tree base = get_addr_base_and_unit_offset (TREE_OPERAND (ptr, 0), &off);
      if (!base || !off.is_constant (offset))
        return false;
      if (TREE_CODE (base) != MEM_REF)
        return mint_same_object (base, array);
      if (!tree_fits_shwi_p (TREE_OPERAND (base, 1)))
        return false;
      *offset += tree_to_shwi (TREE_OPERAND (base, 1));
      return array_start_or_alias_p (TREE_OPERAND (base, 0), array);
    }
  gassign *def = TREE_CODE (ptr) == SSA_NAME
                 ? dyn_cast<gassign *> (SSA_NAME_DEF_STMT (ptr)) : NULL;
  if (def && gimple_assign_rhs_code (def) == POINTER_PLUS_EXPR
      && tree_fits_shwi_p (gimple_assign_rhs2 (def)))
    {
      *offset = tree_to_shwi (gimple_assign_rhs2 (def));
      ptr = gimple_assign_rhs1 (def);
    }
  return array_start_or_alias_p (ptr, array);
}

/* The range *LEAST to *MOST, in units of UNIT bytes, of the offset at
   which REF, what remains of an element's reference below its subscripts
   (note_index_ranges), reaches from the start of ARRAY: a constant
   (constant_offset_from: `MEM[u + 40B]'), or a loop's variable plus a
   constant times UNIT (`*_1' after `_1 = v + _2; _2 = (sizetype) j *
   128'), the values it takes *STRIDE apart (0: one value); whether it is
   known.  */
static bool
pointer_offset_range (gimple *s, tree ref, tree array, HOST_WIDE_INT unit,
                      HOST_WIDE_INT *least, HOST_WIDE_INT *most,
                      HOST_WIDE_INT *stride)
{
  HOST_WIDE_INT bytes;
  if (TREE_CODE (ref) != MEM_REF || !tree_fits_shwi_p (TREE_OPERAND (ref, 1)))
    return false;
  tree ptr = TREE_OPERAND (ref, 0);
  if (constant_offset_from (ptr, array, &bytes))
    {
      bytes += tree_to_shwi (TREE_OPERAND (ref, 1));
      if (bytes % unit != 0)
        return false;
      *least = *most = bytes / unit;
      *stride = 0;
      return true;
    }
  gassign *def = TREE_CODE (ptr) == SSA_NAME
                 ? dyn_cast<gassign *> (SSA_NAME_DEF_STMT (ptr)) : NULL;
  if (!integer_zerop (TREE_OPERAND (ref, 1)) || !def
      || gimple_assign_rhs_code (def) != POINTER_PLUS_EXPR
      || !array_start_or_alias_p (gimple_assign_rhs1 (def), array))
    return false;
  tree offset = gimple_assign_rhs2 (def);
  gassign *mult = TREE_CODE (offset) == SSA_NAME
                  ? dyn_cast<gassign *> (SSA_NAME_DEF_STMT (offset)) : NULL;
  return mult && gimple_assign_rhs_code (mult) == MULT_EXPR
         && tree_fits_shwi_p (gimple_assign_rhs2 (mult))
         && tree_to_shwi (gimple_assign_rhs2 (mult)) == unit
         && mint_index_range (gimple_assign_rhs1 (mult), gimple_bb (s), least,
                              most, stride);
}

bool
mint_copy_constant_extents (const struct mint_directive *copy,
                            const auto_vec<struct marker> &markers,
                            HOST_WIDE_INT extents[MINT_UPDATE_DIMS])
{
  for (const struct marker &m : markers)
    if (m.dir == copy && strcmp (m.name, MINT_MARKER_COPY) == 0)
      {
        for (int i = 0; i < copy->nextents && i < 3; i++)
          {
            tree n = gimple_call_arg (m.stmt, 2 + i);
            if (!tree_fits_shwi_p (n) || tree_to_shwi (n) <= 0)
              return false;
            extents[i] = tree_to_shwi (n);
          }
        return copy->nextents <= 3;
      }
  return false;
}

/* Notes in ACC, dimension by dimension, the elements LEAST to MOST,
   STRIDE apart, of a grid of EXTENTS (N of them, x first) counted as one
   flat array, where they are exactly a box of the grid: one cell of each
   row, plane or volume that STRIDE steps over, then part of one row,
   whole rows of one plane, or whole planes.  */
static void
note_flat_box (struct host_access *acc, HOST_WIDE_INT least,
               HOST_WIDE_INT most, HOST_WIDE_INT stride,
               const HOST_WIDE_INT *extents, int n)
{
  HOST_WIDE_INT lo[MINT_UPDATE_DIMS], hi[MINT_UPDATE_DIMS];
  if (least < 0)
    return;
  int i = 0;
  for (; i < n - 1 && stride > 1 && stride % extents[i] == 0; i++)
    {
      lo[i] = hi[i] = least % extents[i];
      least /= extents[i];
      most /= extents[i];
      stride /= extents[i];
    }
  if (stride > 1)
    return;
  for (; i < n; i++)
    {
      HOST_WIDE_INT e = i < n - 1 ? extents[i] : HOST_WIDE_INT_MAX;
      if (least / e == most / e)
        {
          lo[i] = least % e;
          hi[i] = most % e;
        }
      else if (least % e == 0 && most % e == e - 1)
        {
          lo[i] = 0;
          hi[i] = e - 1;
        }
      else
        return;
      least /= e;
      most /= e;
    }
  for (i = 0; i < n; i++)
    {
      acc->index_least[i] = lo[i];
      acc->index_most[i] = hi[i];
      acc->index_known |= 1u << i;
    }
}

/* Where REF, what remains of an element's reference below its subscripts
   (note_index_ranges), is a row of COPY's array that a pointer to its
   rows reaches (pointer_offset_range), notes that row's subscript in ACC
   as dimension DIM, the copy's last; where it is elements of a `double
   *' or a block of bytes at a constant offset (GCC's memcpy or memset of
   a row, `MEM <char[384]> [&u + 1920B]'), of a copy of constant extents
   (MARKERS), the box of the grid the flat range of elements covers.  */
static void
note_row_range (struct host_access *acc, gimple *s, tree ref,
                const struct mint_directive *copy,
                const auto_vec<struct marker> &markers, int dim)
{
  tree size = TYPE_SIZE_UNIT (TREE_TYPE (ref));
  if (dim >= MINT_UPDATE_DIMS || !size || !tree_fits_shwi_p (size)
      || tree_to_shwi (size) <= 0)
    return;
  HOST_WIDE_INT bytes = tree_to_shwi (size), elem = copy->elem_size;
  HOST_WIDE_INT least, most, stride, extents[MINT_UPDATE_DIMS];
  if (dim == copy->nextents - 1 && (dim > 0 || bytes == elem))
    {
      if (pointer_offset_range (s, ref, copy->array, bytes, &least, &most,
                                &stride)
          && stride <= 1)
        {
          acc->index_least[dim] = least;
          acc->index_most[dim] = most;
          acc->index_known |= 1u << dim;
        }
    }
  else if (dim == 0 && bytes % elem == 0
           && pointer_offset_range (s, ref, copy->array, elem, &least, &most,
                                    &stride)
           && (bytes == elem || stride == 0)
           && mint_copy_constant_extents (copy, markers, extents))
    note_flat_box (acc, least, most + bytes / elem - 1, stride, extents,
                   copy->nextents);
}

/* Notes in the accesses of W from FIRST on, of call S of memset, memcpy
   or memmove with a constant size, the box of the grid of their copy
   (of constant extents) that the block at the argument they go through
   (the first for a write, the second for a read) covers.  */
static void
note_block_call_ranges (gcall *s, unsigned first, struct access_walk *w)
{
  bool store;
  if (!certain_access (s, 0, &store) || gimple_call_num_args (s) < 3
      || !tree_fits_shwi_p (gimple_call_arg (s, 2)))
    return;
  HOST_WIDE_INT bytes = tree_to_shwi (gimple_call_arg (s, 2));
  for (unsigned i = first; i < w->out->length (); i++)
    {
      struct host_access *acc = &(*w->out)[i];
      HOST_WIDE_INT offset, extents[MINT_UPDATE_DIMS];
      HOST_WIDE_INT elem = acc->copy->elem_size;
      if (acc->stmt == s && bytes > 0 && bytes % elem == 0
          && constant_offset_from (gimple_call_arg (s, acc->store ? 0 : 1),
                                   acc->copy->array, &offset)
          && offset % elem == 0
          && mint_copy_constant_extents (acc->copy, *w->markers, extents))
        note_flat_box (acc, offset / elem, (offset + bytes) / elem - 1, 0,
                       extents, acc->copy->nextents);
    }
}

/* How many times the loops around S inside the loop LIMIT run it, where
   each counts from a constant to a constant; else -1.  */
static long long
runs_in_loops (gimple *s, class loop *limit)
{
  long long runs = 1;
  for (class loop *l = gimple_bb (s)->loop_father; l && l != limit
       && loop_outer (l); l = loop_outer (l))
    {
      struct mint_loop_dim d;
      if (!mint_constant_loop (l, &d))
        return -1;
      runs *= mint_constant_trip_count (&d);
      if (runs > (1LL << 40))
        return -1;
    }
  return runs;
}

/* The copy whose pointer holds, after W's region, the array copy C's
   pointer held before it, where the region swaps C's pointer with one
   other copy's only, a known number of times (each swap assigns both
   pointers: loops from constant to constant around it); else NULL.  */
static const struct mint_directive *
holder_after_swaps (const struct access_walk *w,
                    const struct mint_directive *c, gimple *region)
{
  auto_vec<const struct mint_directive *> group;
  mint_swap_group (*w->swaps, c, &group);
  if (group.length () != 2)
    return NULL;
  long long assignments = 0;
  for (const struct swap_pair &p : *w->swaps)
    if (p.a == c || p.b == c)
      {
        long long runs = runs_in_loops (p.stmt,
                                        gimple_bb (region)->loop_father);
        if (runs < 0)
          return NULL;
        assignments += runs;
      }
  return assignments % 4 == 2 ? group[1] : assignments % 4 == 0 ? c : NULL;
}

/* The copy that REF, an access after W's region through a local pointer
   that took a copy's pointer once before the region (`double *p0 = p;'),
   reaches where the region swaps that copy's pointer with another's a
   known number of times (holder_after_swaps): after an odd number, the
   other; into HELD, and the pointer into *THROUGH.  */
static void
saved_before_swaps (tree ref, const struct access_walk *w,
                    vec<const struct mint_directive *> *held, tree *through)
{
  tree root = element_root (ref);
  const struct mint_directive *c = (*w->copies)[0];
  gimple *def = NULL;
  if (!root || !VAR_P (root)
      || TYPE_MAIN_VARIANT (TREE_TYPE (ref)) != c->elem_type
      || !mint_same_object (unalias (root, *w->saved), c->array)
      || mint_assignments (cfun, root, &def) != 1)
    return;
  for (const struct marker &m : *w->markers)
    if (m.dir == w->region && mint_runs_before (def, m.stmt))
      if (const struct mint_directive *now = holder_after_swaps (w, c, m.stmt))
        {
          held->safe_push (now);
          *through = root;
        }
}

/* Appends to W's accesses REF, an operand of host code's statement S at
   LOC, where it reads (or where STORE writes) an element of a copy's
   array, or may through a pointer loaded from memory, or through a
   pointer saved before a region that swaps it (saved_before_swaps).  */
static void
collect_element_access (gimple *s, location_t loc, tree ref, bool store,
                        struct access_walk *w)
{
  struct host_access acc = { loc, NULL, w->region, store, NULL, false,
                             NULL, s };
  int dims;
  tree below = note_index_ranges (&acc, s, ref, &dims);
  unsigned known = acc.index_known;
  auto_vec<const struct mint_directive *> held;
  device_elements (ref, *w->copies, *w->aliases, &acc.may_point, &held);
  if (held.is_empty () && w->saved)
    saved_before_swaps (ref, w, &held, &acc.may_point);
  for (const struct mint_directive *c : held)
    {
      acc.copy = c;
      acc.index_known = known;
      note_row_range (&acc, s, below, c, *w->markers, dims);
      push_access (w, acc);
    }
  if (!held.is_empty ())
    return;
  bool member = false;
  for (const struct mint_directive *c : *w->copies)
    if (covers_member_array (ref, c->array))
      {
        acc.copy = c;
        push_access (w, acc);
        member = true;
      }
  if (!member && w->escapes)
    for (const struct escape &e : *w->escapes)
      if (escaped_element (ref, e, &acc.may_point))
        {
          acc.copy = e.copy;
          acc.escape_loc = e.loc;
          w->out->safe_push (acc);
        }
}

/* mint_walk_statements_from's visitor for collect_accesses_from.  */
static bool
collect_access (gimple *s, void *data)
{
  struct access_walk *w = (struct access_walk *) data;
  const char *name = mint_marker_name (s);
  bool ended = w->after
               ? name && strcmp (name, MINT_MARKER_PARALLEL) == 0
                 && tree_to_shwi (gimple_call_arg (s, 0)) == w->region->id
               : name && strcmp (name, MINT_MARKER_PARALLEL_END) == 0
                 && tree_to_shwi (gimple_call_arg (s, 0)) == w->region->id;
  if (w->after && name && strcmp (name, MINT_MARKER_COPY) == 0)
    ended |= collect_later_copy (s, w);
  if (w->after)
    note_passed_swap (s, w);
  if (ended || name || bitmap_bit_p (w->nests, gimple_bb (s)->index))
    return ended;
  location_t loc = gimple_location (s);
  if (loc == UNKNOWN_LOCATION)
    loc = w->region->loc;
  if (gcall *call = dyn_cast<gcall *> (s))
    {
      unsigned first = w->out->length ();
      collect_call_accesses (call, loc, w->region, *w->copies, *w->aliases,
                             w->out);
      note_block_call_ranges (call, first, w);
      if (w->escapes)
        collect_structure_accesses (call, loc, w->region, *w->escapes,
                                    w->out);
      collect_global_accesses (call, loc, w->region, *w->copies, w->out);
    }
  if (!gimple_assign_single_p (s))
    return false;
  collect_element_access (s, loc, gimple_assign_rhs1 (s), false, w);
  collect_element_access (s, loc, gimple_assign_lhs (s), true, w);
  return false;
}

/* Appends to OUT the accesses of host code to elements of COPIES (of
   REGION, with their ALIASES and ESCAPES) from statement
   START on, but for the blocks of NESTS: up to REGION's end marker, or
   where AFTER (the code after the region, through later regions' host
   code) up to a later copy of one of COPIES' arrays toDevice, and up to
   REGION's start again.  */
static void
collect_accesses_from (gimple *start, const struct mint_directive *region,
                       bool after,
                       const vec<const struct mint_directive *> &copies,
                       const auto_vec<struct marker> &markers,
                       const vec<struct array_alias> &aliases,
                       const vec<struct escape> *escapes, sbitmap nests,
                       const vec<struct swap_pair> &swaps,
                       const vec<struct array_alias> *saved,
                       vec<struct host_access> *out)
{
  struct access_walk w = { region, after, &copies, &markers, &aliases,
                           escapes, nests, out, &swaps, {}, saved };
  mint_walk_statements_from (start, after, collect_access, &w);
}

/* Appends to OUT the accesses of host code to elements of the arrays the
   region of PAR (a parallel marker) copies to the device: the code from
   PAR to its end marker, but for the loop nests of its kernels; and to
   LATER those of the code after the region, also in later regions' host
   code, up to a later copy of the array toDevice.  */
void
mint_collect_host_accesses (const struct marker &par,
                            const auto_vec<struct marker> &markers,
                            vec<struct host_access> *out,
                            vec<struct host_access> *later,
                            vec<struct swap_pair> *swaps)
{
  auto_vec<const struct mint_directive *> copies;
  mint_region_copies (markers, par.dir->id, &copies);
  if (copies.is_empty ())
    return;
  auto_vec<struct array_alias> aliases;
  collect_aliases (copies, &aliases);
  auto_vec<struct swap_pair> region_swaps;
  collect_swaps (copies, aliases, &region_swaps);
  swaps->safe_splice (region_swaps);
  bool swapped = !region_swaps.is_empty ();
  auto_sbitmap nests (last_basic_block_for_fn (cfun));
  bitmap_clear (nests);
  mark_nest_blocks (markers, par.dir->id, nests);
  auto_vec<struct escape> escapes;
  collect_escapes (copies, aliases, &escapes);
  collect_accesses_from (par.stmt, par.dir, false, copies, markers, aliases,
                         &escapes, nests, region_swaps, NULL, out);
  /* After a region that swaps its arrays' pointers, a local pointer set
     before it may hold the array that a swap made the copied-back one:
     there the aliases are not followed, but for a pointer saved before
     the region where the number of swaps is known.  */
  auto_vec<struct array_alias> no_aliases;
  bitmap_clear (nests);
  for (const struct marker &m : markers)
    if (strcmp (m.name, MINT_MARKER_PARALLEL) == 0 && m.dir != par.dir)
      mark_nest_blocks (markers, m.dir->id, nests);
  /* Each array's paths end at its own later copy toDevice.  */
  for (const struct marker &m : markers)
    if (strcmp (m.name, MINT_MARKER_PARALLEL_END) == 0
        && m.dir->id == par.dir->id)
      for (const struct mint_directive *c : copies)
        {
          auto_vec<const struct mint_directive *> one;
          one.safe_push (c);
          auto_vec<struct escape> own;
          for (const struct escape &e : escapes)
            if (e.copy == c)
              own.safe_push (e);
          collect_accesses_from (m.stmt, par.dir, true, one, markers,
                                 swapped ? no_aliases : aliases,
                                 swapped ? NULL : &own, nests, region_swaps,
                                 swapped ? &aliases : NULL, later);
        }
}

/* ---- calls that move the function's own arrays ----------------------- */

/* The region a walk marks the statements of (its id), into INSIDE.  */
struct region_marks
{
  int id;
  hash_set<gimple *> *inside;
};

/* mint_walk_statements_from's visitor: marks S, up to the region's end
   marker.  */
static bool
mark_region_statement (gimple *s, void *data)
{
  struct region_marks *m = (struct region_marks *) data;
  m->inside->add (s);
  const char *name = mint_marker_name (s);
  return name && strcmp (name, MINT_MARKER_PARALLEL_END) == 0
         && tree_to_shwi (gimple_call_arg (s, 0)) == m->id;
}

/* Whether S allocates what it assigns: malloc, calloc, aligned_alloc.  */
static bool
allocation_p (gimple *s)
{
  return gimple_call_builtin_p (s, BUILT_IN_MALLOC)
         || gimple_call_builtin_p (s, BUILT_IN_CALLOC)
         || gimple_call_builtin_p (s, BUILT_IN_ALIGNED_ALLOC);
}

/* A pointer of the function's own (collect_own_pointers): HOLDER, a
   local pointer or a pointer member of a local structure, and SOURCE,
   the pointer of its own whose value alone it is ever set to (`double
   *w = u;'), or NULL.  */
struct own_pointer
{
  tree holder;
  tree source;
};

/* Whether REF is a member of a local structure, through members of
   structures only (`s.u', `s.grid.u', not a union's), whose address is
   never taken: no pointer reaches it.  */
static bool
local_member_p (tree ref)
{
  if (TREE_CODE (ref) != COMPONENT_REF)
    return false;
  for (; TREE_CODE (ref) == COMPONENT_REF; ref = TREE_OPERAND (ref, 0))
    if (TREE_CODE (TREE_TYPE (TREE_OPERAND (ref, 0))) != RECORD_TYPE)
      return false;
  return VAR_P (ref) && !is_global_var (ref) && !TREE_ADDRESSABLE (ref);
}

/* The pointer that statement S sets, a local one or a member of a
   local structure, that no other pointer reaches; else NULL.  */
static tree
pointer_holder_set (gimple *s)
{
  if (tree lhs = local_pointer_set (s))
    return lhs;
  tree lhs = gimple_clobber_p (s) ? NULL_TREE : gimple_get_lhs (s);
  return lhs && POINTER_TYPE_P (TREE_TYPE (lhs)) && local_member_p (lhs)
         ? lhs : NULL_TREE;
}

/* The local structure whose whole value statement S sets (`s = t;',
   `s.grid = g;'), or NULL: it sets the pointer members in it too.  */
static tree
structure_set (gimple *s)
{
  tree lhs = gimple_clobber_p (s) ? NULL_TREE : gimple_get_lhs (s);
  if (!lhs || !AGGREGATE_TYPE_P (TREE_TYPE (lhs)))
    return NULL_TREE;
  tree base = get_base_address (lhs);
  return base && VAR_P (base) ? base : NULL_TREE;
}

/* The entry of OWN for T, or NULL.  */
static struct own_pointer *
own_entry (tree t, vec<struct own_pointer> &own)
{
  if (!VAR_P (t) && TREE_CODE (t) != COMPONENT_REF)
    return NULL;
  for (struct own_pointer &p : own)
    if (mint_same_object (p.holder, t))
      return &p;
  return NULL;
}

/* The value that statement S, setting a pointer, stores: the
   allocation it comes from (ALLOCATED), or the pointer of OWN it copies
   (`w = u;', `s.u = u;', through the temporaries that only copy it);
   else NULL.  */
static tree
pointer_value (gimple *s, vec<struct own_pointer> &own, bool *allocated)
{
  while (is_gimple_assign (s)
         && (gimple_assign_single_p (s)
             || CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (s)))
         && TREE_CODE (gimple_assign_rhs1 (s)) == SSA_NAME)
    s = SSA_NAME_DEF_STMT (gimple_assign_rhs1 (s));
  *allocated = allocation_p (s);
  struct own_pointer *p = gimple_assign_single_p (s)
                          ? own_entry (gimple_assign_rhs1 (s), own) : NULL;
  return p ? p->holder : NULL_TREE;
}

/* Removes from OWN the pointers that statement S sets to a value other
   than memory the function allocates or another pointer of OWN, or as
   a part of a whole structure; whether it removed one.  */
static bool
remove_set_otherwise (gimple *s, vec<struct own_pointer> *own)
{
  bool removed = false;
  if (tree structure = structure_set (s))
    for (unsigned i = own->length (); i-- > 0;)
      if (get_base_address ((*own)[i].holder) == structure)
        {
          own->unordered_remove (i);
          removed = true;
        }
  tree lhs = pointer_holder_set (s);
  struct own_pointer *p = lhs ? own_entry (lhs, *own) : NULL;
  bool allocated;
  if (p && !pointer_value (s, *own, &allocated) && !allocated)
    {
      own->unordered_remove (p - own->address ());
      removed = true;
    }
  return removed;
}

/* Sets the source of each pointer of OWN: the one pointer of OWN whose
   value is all that statements ever set it to (none where one sets it
   to an allocation).  */
static void
note_sources (vec<struct own_pointer> *own)
{
  hash_set<tree> several;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      {
        tree lhs = pointer_holder_set (gsi_stmt (gsi));
        struct own_pointer *p = lhs ? own_entry (lhs, *own) : NULL;
        if (!p || several.contains (p->holder))
          continue;
        bool allocated;
        tree value = pointer_value (gsi_stmt (gsi), *own, &allocated);
        if (value && (!p->source || mint_same_object (p->source, value)))
          p->source = value;
        else
          {
            several.add (p->holder);
            p->source = NULL_TREE;
          }
      }
}

/* Into OWN the pointers of the function, local ones and members of
   local structures that no other pointer reaches, that only ever hold
   memory it allocates itself, or one another's values (a swap), each
   with its source (note_sources).  */
static void
collect_own_pointers (vec<struct own_pointer> *own)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      if (tree lhs = pointer_holder_set (gsi_stmt (gsi)))
        if (!own_entry (lhs, *own))
          {
            struct own_pointer p = { lhs, NULL_TREE };
            own->safe_push (p);
          }
  for (bool changed = true; changed;)
    {
      changed = false;
      FOR_EACH_BB_FN (bb, cfun)
        for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
             gsi_next (&gsi))
          changed |= remove_set_otherwise (gsi_stmt (gsi), own);
    }
  note_sources (own);
}

/* The pointer of OWN whose value T holds, through the pointers set
   only to another's value (`w' of `double *w = u;' holds u's), or NULL
   where T is none of OWN.  */
static tree
own_holder_of (tree t, vec<struct own_pointer> &own)
{
  struct own_pointer *p = own_entry (t, own);
  for (unsigned steps = 0; p && p->source && steps < own.length (); steps++)
    p = own_entry (p->source, own);
  return p ? p->holder : NULL_TREE;
}

/* The array that ORIGIN (an argument_origin) is: a pointer of the
   function's own (OWN: collect_own_pointers), as own_holder_of names it,
   or an array variable (automatic, static or global); else NULL.  */
static tree
own_array (tree origin, vec<struct own_pointer> &own)
{
  if (tree holder = own_holder_of (origin, own))
    return holder;
  tree root = TREE_CODE (origin) == ADDR_EXPR
              ? mint_reference_root (TREE_OPERAND (origin, 0)) : NULL_TREE;
  return root && VAR_P (root)
         && TREE_CODE (TREE_TYPE (root)) == ARRAY_TYPE ? root : NULL_TREE;
}

/* The array of own_array whose elements the load REF reads, or NULL (a
   load of a member that is a pointer of OWN reads none: `_1 = s.u;').  */
static tree
loaded_array (tree ref, vec<struct own_pointer> &own)
{
  if (own_entry (ref, own))
    return NULL_TREE;
  tree root = mint_reference_root (ref);
  tree holder = root ? own_holder_of (root, own) : NULL_TREE;
  return holder ? holder : root;
}

/* What a walk after a call looks for: host code that reads the
   elements of ARRAY (FOUND), of own_array (OWN).  */
struct read_after
{
  tree array;
  vec<struct own_pointer> *own;
  bool calls_read;              /* a call given the array reads it */
  bool found;
};

/* mint_walk_statements_from's visitor for array_read_after_p: a load
   of an element of the array, or where calls read it, a call given it
   other than one moving it to the device (a later step of its own) or
   freeing it; where they do not, such a call ends the path.  */
static bool
read_after_visit (gimple *s, void *data)
{
  struct read_after *r = (struct read_after *) data;
  if (gimple_assign_single_p (s) && !gimple_clobber_p (s))
    {
      tree rhs = gimple_assign_rhs1 (s);
      r->found |= (handled_component_p (rhs) || TREE_CODE (rhs) == MEM_REF)
                  && loaded_array (rhs, *r->own) == r->array;
    }
  else if (gcall *call = dyn_cast<gcall *> (s))
    {
      tree fn = mint_call_target (cfun, call);
      if (gimple_call_builtin_p (call, BUILT_IN_FREE)
          || mint_runtime_function_p (fn) || mint_marker_name (s))
        return false;
      for (unsigned i = 0; i < gimple_call_num_args (call); i++)
        {
          tree origin = argument_origin (gimple_call_arg (call, i));
          if (origin && own_array (origin, *r->own) == r->array
              && !mint_function_moves_parameter (fn, i))
            {
              /* Where it does not read the array, it may set it again:
                 the path ends.  */
              if (!r->calls_read)
                return true;
              r->found = true;
            }
        }
    }
  return r->found;
}

/* Whether host code of the function after CALL may read the elements of
   ARRAY (of own_array; OWN: collect_own_pointers): loads of them, or
   where the array is the function's, calls given it; an array of file
   scope, which other functions may set again, is read by loads before
   such a call.  */
static bool
array_read_after_p (gcall *call, tree array, vec<struct own_pointer> *own)
{
  bool file_scope = VAR_P (array) && is_global_var (array)
                    && !decl_function_context (array);
  struct read_after r = { array, own, !file_scope, false };
  mint_walk_statements_from (call, true, read_after_visit, &r);
  return r.found;
}

void
mint_collect_region_calls (const auto_vec<struct marker> &markers,
                           vec<tree> *region_callees,
                           vec<struct host_call> *outside_calls)
{
  hash_set<gimple *> inside;
  for (const struct marker &m : markers)
    if (strcmp (m.name, MINT_MARKER_PARALLEL) == 0)
      {
        struct region_marks w = { m.dir->id, &inside };
        mint_walk_statements_from (m.stmt, false, mark_region_statement, &w);
      }
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      {
        gcall *call = dyn_cast<gcall *> (gsi_stmt (gsi));
        tree fn = call ? mint_call_target (cfun, call) : NULL_TREE;
        if (!fn || mint_runtime_function_p (fn) || mint_marker_name (call))
          continue;
        if (!inside.contains (call))
          {
            struct host_call c = { call, fn };
            outside_calls->safe_push (c);
          }
        else if (!region_callees->contains (fn))
          region_callees->safe_push (fn);
      }
}

bool
mint_global_read_after_call (tree caller, gcall *call, tree global)
{
  function *f = DECL_STRUCT_FUNCTION (caller);
  hash_set<tree> seen;
  struct global_walk w;
  init_global_walk (&w, f, global, false, true, &seen);
  gimple_stmt_iterator gsi = gsi_for_stmt (call);
  gsi_next (&gsi);
  walk_statements (f, gimple_bb (call), gsi, reach_global_at, &w);
  return w.found;
}

void
mint_collect_moving_calls (const vec<struct host_call> &outside_calls,
                           vec<struct moving_call> *out)
{
  auto_vec<struct own_pointer> own;
  collect_own_pointers (&own);
  for (const struct host_call &c : outside_calls)
    for (unsigned i = 0; i < gimple_call_num_args (c.call); i++)
      {
        tree origin = argument_origin (gimple_call_arg (c.call, i));
        tree array = origin ? own_array (origin, own) : NULL_TREE;
        if (array && mint_function_moves_parameter (c.fn, i)
            && array_read_after_p (c.call, array, &own))
          {
            /* Named as the call names it: `w', not the `u' it holds.  */
            tree named = TREE_CODE (origin) == ADDR_EXPR ? array : origin;
            struct moving_call d = { c.call, c.fn, i, named };
            out->safe_push (d);
          }
      }
}

/* Orders host accesses by their line, so that the first of an array is
   the one reported (the blocks are not walked in order; within a line,
   statements stay in order).  */
int
mint_compare_host_accesses (const void *pa, const void *pb, void *)
{
  int a = LOCATION_LINE (((const host_access *) pa)->loc);
  int b = LOCATION_LINE (((const host_access *) pb)->loc);
  return (a > b) - (a < b);
}
