/* extract-context.cc -- what the extraction of a loop nest knows of the
   nest's objects (extract-context.h): the kernel body's blocks and
   temporaries, where a variable is declared, the copy that puts an array
   on the device, the structure members the body only reads, and the
   values the host can compute before the nest.  */

#include "gcc-compat.h"
#include "kir.h"
#include "directive.h"
#include "member.h"
#include "nest.h"
#include "reference.h"
#include "extract-context.h"

bool
mint_in_body (struct extract_ctx *cx, basic_block bb)
{
  return bb && bitmap_bit_p (cx->body_bbs, bb->index);
}

/* The body-local definition of SSA name T, or NULL.  */
gimple *
mint_body_def (struct extract_ctx *cx, tree t)
{
  if (TREE_CODE (t) != SSA_NAME)
    return NULL;
  gimple *def = SSA_NAME_DEF_STMT (t);
  return def && mint_in_body (cx, gimple_bb (def)) ? def : NULL;
}

/* Whether OBJECT (a variable or member reference) is reported for the
   first time; records it.  */
bool
mint_first_report (struct extract_ctx *cx, tree object)
{
  for (tree r : cx->reported)
    if (mint_same_object (r, object))
      return false;
  cx->reported.safe_push (object);
  return true;
}

bool
mint_first_report_at (struct extract_ctx *cx, location_t loc)
{
  return loc <= BUILTINS_LOCATION || !cx->locations_reported.add (loc);
}

/* The toDevice copy directive among COPIES of OBJECT itself, or NULL.  */
static const struct mint_directive *
own_copy (const vec<const struct mint_directive *> &copies, tree object)
{
  const struct mint_directive *copy = NULL;
  for (const struct mint_directive *c : copies)
    if (mint_same_object (c->array, object))
      copy = c;
  return copy;
}

/* Whether copies A and B describe arrays of one shape.  */
static bool
same_copy_shape (const struct mint_directive *a,
                 const struct mint_directive *b)
{
  tree ea = strip_array_types (TREE_TYPE (TREE_TYPE (a->array)));
  tree eb = strip_array_types (TREE_TYPE (TREE_TYPE (b->array)));
  return a->style == b->style && a->nextents == b->nextents
         && TYPE_MAIN_VARIANT (ea) == TYPE_MAIN_VARIANT (eb);
}

#define MAX_CHOSEN_DEPTH 8

/* What chosen_copies walks: the function, the region's copies, the
   copies found, the first assignment of a value that is none of them
   (or NULL), and the pointers whose values it is following.  */
struct chosen
{
  function *fun;
  const vec<const struct mint_directive *> *copies;
  vec<const struct mint_directive *> *found;
  gimple *culprit;
  tree following[MAX_CHOSEN_DEPTH + 1];
};

static bool chosen_copies (struct chosen *, tree, int);
static bool table_copies (struct chosen *, tree, int);

/* Adds to CH the copies that VALUE, assigned to a chosen pointer, comes
   from (chosen_copies), through SSA names set to it; whether it comes
   from copies only.  */
static bool
value_copies (struct chosen *ch, tree value, int depth)
{
  STRIP_NOPS (value);
  if (TREE_CODE (value) == SSA_NAME)
    {
      gassign *def = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (value));
      return def && gimple_assign_single_p (def)
             && value_copies (ch, gimple_assign_rhs1 (def), depth + 1);
    }
  if (TREE_CODE (value) == ARRAY_REF
      && POINTER_TYPE_P (TREE_TYPE (value)))
    return table_copies (ch, TREE_OPERAND (value, 0), depth + 1);
  if (tree array = mint_array_at (value))
    value = array;
  const struct mint_directive *copy = own_copy (*ch->copies, value);
  if (!copy)
    return chosen_copies (ch, value, depth + 1);
  if (!ch->found->is_empty () && !same_copy_shape ((*ch->found)[0], copy))
    return false;
  if (!ch->found->contains (copy))
    ch->found->safe_push (copy);
  return true;
}

/* Whether TABLE is a local array of pointers whose address the function
   never takes (the front end marks it addressable for its subscripts)
   and whose elements it sets only to arrays of CH's copies of one shape,
   which it adds to CH: `double *bp[3] = { q0, q1, q2 };' and `un =
   bp[(t + 1) % 3];' choose as a rotation does.  */
static bool
table_copies (struct chosen *ch, tree table, int depth)
{
  if (depth > MAX_CHOSEN_DEPTH || !VAR_P (table) || is_global_var (table)
      || TREE_CODE (TREE_TYPE (table)) != ARRAY_TYPE
      || mint_address_taken_p (table))
    return false;
  bool any = false;
  basic_block bb;
  FOR_EACH_BB_FN (bb, ch->fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      {
        gimple *s = gsi_stmt (gsi);
        tree lhs = gimple_get_lhs (s);
        if (!lhs || get_base_address (lhs) != table || gimple_clobber_p (s))
          continue;
        gassign *a = dyn_cast<gassign *> (s);
        if (!a || TREE_CODE (lhs) != ARRAY_REF
            || TREE_OPERAND (lhs, 0) != table
            || !gimple_assign_single_p (a)
            || !value_copies (ch, gimple_assign_rhs1 (a), depth))
          {
            if (!ch->culprit)
              ch->culprit = s;
            return false;
          }
        any = true;
      }
  return any;
}

/* Whether OBJECT is a local pointer that the function sets only to
   arrays of CH's copies of one shape (through GCC's temporaries), which
   it adds to CH: `double *src = (t & 1) ? b : a;' chooses a device
   array at each launch as a swap does, the runtime finding it through
   the pointer.  */
static bool
chosen_copies (struct chosen *ch, tree object, int depth)
{
  if (depth > MAX_CHOSEN_DEPTH || !VAR_P (object) || is_global_var (object)
      || TREE_ADDRESSABLE (object) || !POINTER_TYPE_P (TREE_TYPE (object)))
    return false;
  /* A swap (t = cur; cur = nxt; nxt = t;) comes back to a pointer whose
     values are being followed: it brings no others.  */
  for (int i = 0; i < depth; i++)
    if (ch->following[i] == object)
      return true;
  ch->following[depth] = object;
  bool any = false, all = true;
  basic_block bb;
  FOR_EACH_BB_FN (bb, ch->fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      {
        gimple *s = gsi_stmt (gsi);
        if (gimple_get_lhs (s) != object)
          continue;
        gassign *a = dyn_cast<gassign *> (s);
        if (!a || !(gimple_assign_single_p (a)
                    || CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (a)))
            || !value_copies (ch, gimple_assign_rhs1 (a), depth))
          {
            if (!ch->culprit)
              ch->culprit = s;
            all = false;
          }
        any = true;
      }
  ch->following[depth] = NULL_TREE;
  return any && all;
}

gimple *
mint_chosen_copies (function *fun,
                    const vec<const struct mint_directive *> &copies,
                    tree object, vec<const struct mint_directive *> *out)
{
  struct chosen ch = { fun, &copies, out, NULL, { NULL_TREE } };
  bool chosen = !own_copy (copies, object)
                && chosen_copies (&ch, object, 0);
  gimple *culprit = !chosen ? ch.culprit : NULL;
  if (!chosen)
    out->truncate (0);
  return culprit;
}

const struct mint_directive *
mint_copy_pointed_into (const vec<const struct mint_directive *> &copies,
                        gimple *s)
{
  bool offset = false;
  gassign *a = dyn_cast<gassign *> (s);
  for (int depth = 0; a && depth <= MAX_CHOSEN_DEPTH; depth++)
    {
      tree value = gimple_assign_rhs1 (a);
      STRIP_NOPS (value);
      if (TREE_CODE (value) == ADDR_EXPR)
        {
          tree start = mint_array_at (value);
          if (start && own_copy (copies, start))
            return NULL;
          tree array = TREE_OPERAND (value, 0);
          while (TREE_CODE (array) == ARRAY_REF)
            array = TREE_OPERAND (array, 0);
          return own_copy (copies, array);
        }
      offset |= gimple_assign_rhs_code (a) == POINTER_PLUS_EXPR;
      if (TREE_CODE (value) == SSA_NAME && SSA_NAME_IS_DEFAULT_DEF (value))
        value = SSA_NAME_VAR (value);
      if (TREE_CODE (value) != SSA_NAME)
        return offset ? own_copy (copies, value) : NULL;
      a = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (value));
    }
  return NULL;
}

tree
mint_array_at (tree addr)
{
  if (TREE_CODE (addr) != ADDR_EXPR)
    return NULL_TREE;
  tree base = TREE_OPERAND (addr, 0);
  while (TREE_CODE (base) == ARRAY_REF
         && integer_zerop (TREE_OPERAND (base, 1)))
    base = TREE_OPERAND (base, 0);
  return TREE_CODE (TREE_TYPE (base)) == ARRAY_TYPE ? base : NULL_TREE;
}

/* The toDevice copy directive of the region that copies OBJECT, or of
   the first array it is chosen from (mint_chosen_copies), or NULL.  */
const struct mint_directive *
mint_copy_of (struct extract_ctx *cx, tree object)
{
  const struct mint_directive *copy = own_copy (*cx->copies, object);
  if (copy)
    return copy;
  auto_vec<const struct mint_directive *> chosen;
  mint_chosen_copies (cx->nest->fun, *cx->copies, object, &chosen);
  return chosen.is_empty () ? NULL : chosen[0];
}

tree
mint_kernel_table (struct extract_ctx *cx, tree ref, struct table_read *r)
{
  tree table = mint_constant_table (ref, r);
  return table && !mint_copy_of (cx, table) ? table : NULL_TREE;
}

/* REF of the nest rebuilt; NULL_TREE, with a variable the nest assigns in
   *CULPRIT if that is why, when the nest cannot be offloaded with it.  */
tree
mint_nest_invariant_ref (struct extract_ctx *cx, tree ref, tree *culprit)
{
  struct rebuild rb = { &cx->nest_written, NULL_TREE };
  tree r = mint_rebuild_ref (&rb, ref);
  if (rb.culprit)
    *culprit = rb.culprit;
  return r;
}

tree
mint_local_structure_of (struct extract_ctx *cx, tree ref)
{
  tree base = get_base_address (ref);
  if (base && TREE_CODE (base) == MEM_REF
      && TREE_CODE (TREE_OPERAND (base, 0)) == SSA_NAME)
    base = mint_address_of_variable (TREE_OPERAND (base, 0));
  return base && DECL_P (base) && !mint_declared_outside (cx, base)
         ? base : NULL_TREE;
}

/* Whether REF is a member of a structure variable declared in the loop
   nest: its points cannot share it, and the kernel IR has no structure
   locals.  */
bool
mint_member_of_local_p (struct extract_ctx *cx, tree ref)
{
  return mint_local_structure_of (cx, ref) != NULL_TREE;
}

tree
mint_pointed_scalar (struct extract_ctx *cx, tree root)
{
  if (!VAR_P (root) || is_global_var (root)
      || !POINTER_TYPE_P (TREE_TYPE (root)))
    return NULL_TREE;
  tree scalar = NULL_TREE;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cx->nest->fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      {
        gassign *a = dyn_cast<gassign *> (gsi_stmt (gsi));
        if (!a || gimple_assign_lhs (a) != root)
          continue;
        tree rhs = gimple_assign_rhs1 (a);
        tree var = TREE_CODE (rhs) == ADDR_EXPR ? TREE_OPERAND (rhs, 0)
                                                : NULL_TREE;
        if (!var || !VAR_P (var) || AGGREGATE_TYPE_P (TREE_TYPE (var))
            || (scalar && scalar != var))
          return NULL_TREE;
        scalar = var;
      }
  return scalar;
}

/* Whether M, a rebuilt reference, is a number outside the arrays the
   region copies: what a pointer variable points at, at an offset the
   same at every point (`*alpha', `*nx' of a function called from
   Fortran, every argument a pointer; `n[2]' of a parameter `const int
   n[3]'; `h[l]' for a host loop's level l; `*p->alpha' through a
   structure's member), or an element at such
   subscripts of an array variable (`c[1]' of a local `double c[3]',
   `off[l]'), or a member of one (`mat[l].kappa' of an array of
   structures, `p[l].y0' through a pointer), where the pointer or array
   is none the region copies and none each point has its own of.  */
static bool
uncopied_number_p (struct extract_ctx *cx, tree m)
{
  tree type = TREE_TYPE (m), base = m;
  if ((!INTEGRAL_TYPE_P (type) && !SCALAR_FLOAT_TYPE_P (type))
      || (TREE_CODE (m) == COMPONENT_REF
          && DECL_BIT_FIELD (TREE_OPERAND (m, 1))))
    return false;
  while (TREE_CODE (base) == ARRAY_REF || TREE_CODE (base) == COMPONENT_REF)
    base = TREE_OPERAND (base, 0);
  if (TREE_CODE (base) == MEM_REF)
    for (base = TREE_OPERAND (base, 0); TREE_CODE (base) == POINTER_PLUS_EXPR;)
      base = TREE_OPERAND (base, 0);
  return base != m
         && (mint_var_or_parm_p (base) || mint_member_ref_p (base))
         && !mint_copy_of (cx, base) && !mint_private_array_p (cx, base);
}

/* Whether M reads through a local pointer that points to a scalar the
   nest assigns (`b[i] = *ps;' of `double *ps = &sum;' with sum a
   reduction variable): each point reads its own value, not the one
   before the nest.  */
static bool
points_to_assigned (struct extract_ctx *cx, tree m)
{
  if (TREE_CODE (m) != MEM_REF)
    return false;
  tree scalar = mint_pointed_scalar (cx, TREE_OPERAND (m, 0));
  return scalar && cx->nest_written.contains (scalar);
}

/* If the load REF reads a structure member (`p->dt', `s.c[2]') or a
   number outside the copied arrays (uncopied_number_p) that no store of
   the nest can change, and that is no element of a copied array, the member
   rebuilt; else NULL_TREE.  Members are not written in a kernel
   (body-checks.cc) and the variables they are reached through are not
   assigned in the nest; whether an array store of the nest may reach
   one is checked at the launch (mintrt.h, mint_check_scalar).  */
tree
mint_member_value (struct extract_ctx *cx, tree ref, tree *culprit)
{
  tree m = mint_nest_invariant_ref (cx, ref, culprit);
  if (!m || !(mint_member_ref_p (m) || uncopied_number_p (cx, m))
      || points_to_assigned (cx, m)
      || TREE_THIS_VOLATILE (ref)
      || TYPE_VOLATILE (TREE_TYPE (ref)) || mint_member_of_local_p (cx, ref))
    return NULL_TREE;
  for (tree t = m; handled_component_p (t); t = TREE_OPERAND (t, 0))
    if (TREE_CODE (t) == ARRAY_REF && mint_copy_of (cx, TREE_OPERAND (t, 0)))
      return NULL_TREE;
  return m;
}

/* T with each SSA name replaced by its definition, so it can be evaluated
   before the nest.  NULL_TREE if it reads memory other than a structure
   member (mint_member_value) or a variable the nest assigns (that
   variable in *CULPRIT).  */
tree
mint_invariant_expr (struct extract_ctx *cx, tree t, tree *culprit)
{
  if (CONSTANT_CLASS_P (t))
    return t;
  if (mint_memory_ref_p (t))
    return mint_member_value (cx, t, culprit);
  if (mint_var_or_parm_p (t))
    {
      for (int i = 0; i < cx->outer_ivs; i++)
        if (cx->nest->dims[i].iv == t)
          return t;
      if (cx->nest_written.contains (t) || !is_gimple_reg_type (TREE_TYPE (t)))
        {
          *culprit = t;
          return NULL_TREE;
        }
      return t;
    }
  if (TREE_CODE (t) != SSA_NAME || !is_gimple_assign (SSA_NAME_DEF_STMT (t)))
    return NULL_TREE;
  return mint_invariant_rhs (cx, as_a<gassign *> (SSA_NAME_DEF_STMT (t)),
                             culprit);
}

/* The right-hand side of S as an mint_invariant_expr.  */
tree
mint_invariant_rhs (struct extract_ctx *cx, gassign *s, tree *culprit)
{
  enum tree_code code = gimple_assign_rhs_code (s);
  tree type = TREE_TYPE (gimple_assign_lhs (s));
  tree a, b;
  switch (get_gimple_rhs_class (code))
    {
    case GIMPLE_SINGLE_RHS:
      return mint_invariant_expr (cx, gimple_assign_rhs1 (s), culprit);
    case GIMPLE_UNARY_RHS:
      a = mint_invariant_expr (cx, gimple_assign_rhs1 (s), culprit);
      return a ? fold_build1 (code, type, a) : NULL_TREE;
    case GIMPLE_BINARY_RHS:
      a = mint_invariant_expr (cx, gimple_assign_rhs1 (s), culprit);
      b = a ? mint_invariant_expr (cx, gimple_assign_rhs2 (s), culprit) : NULL;
      return b ? fold_build2 (code, type, a, b) : NULL_TREE;
    default:
      return NULL_TREE;
    }
}

/* Whether DECL is declared in the `for' of a parallel loop beside its
   variable (`for (int i = 1, im = 0; ...; i++, im++)'): it lives across
   the loop's iterations, as a variable declared before the nest does.  */
static bool
declared_beside_iv (struct extract_ctx *cx, tree decl)
{
  const struct mint_nest *n = cx->nest;
  tree top = DECL_INITIAL (n->fun->decl);
  tree block = mint_declaring_block (top, decl);
  for (int i = 0; i < n->depth && block; i++)
    if (decl != n->dims[i].iv
        && mint_declaring_block (top, n->dims[i].iv) == block)
      return true;
  return false;
}

/* Whether DECL is visible where the `for` directive stands (a global, a
   parameter or a local of an enclosing scope) or lives across the
   iterations of the parallel loops (declared_beside_iv), as opposed to
   declared in the loop nest or made up by the gimplifier.  */
bool
mint_declared_outside (struct extract_ctx *cx, tree decl)
{
  if (TREE_CODE (decl) == PARM_DECL || TREE_STATIC (decl)
      || DECL_EXTERNAL (decl)
      || DECL_CONTEXT (decl) != cx->nest->fun->decl)
    return true;
  return mint_in_scope_at_nest (cx, decl) || declared_beside_iv (cx, decl);
}

bool
mint_in_scope_at_nest (struct extract_ctx *cx, tree decl)
{
  for (tree b = gimple_block (cx->nest->marker);
       b && TREE_CODE (b) == BLOCK; b = BLOCK_SUPERCONTEXT (b))
    for (tree v = BLOCK_VARS (b); v; v = DECL_CHAIN (v))
      if (v == decl)
        return true;
  return false;
}

/* Whether DECL is an array the loop body declares, or one declared
   outside it that is private to each point (privatize.h): each point
   has its own (a kernel-IR private array).  */
bool
mint_private_array_p (struct extract_ctx *cx, tree decl)
{
  return VAR_P (decl) && TREE_CODE (TREE_TYPE (decl)) == ARRAY_TYPE
         && (!mint_declared_outside (cx, decl)
             || cx->private_arrays.contains (decl));
}
