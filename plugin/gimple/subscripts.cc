/* subscripts.cc -- the array accesses of a loop nest's body
   (subscripts.h): each load or store resolved to an array element, its
   subscripts as affine forms, by following the gimplifier's temporaries
   back to the array's declaration, or to the structure member that holds
   it (member.h), and checked against the array's copy directive; the
   arrays the body declares, private to a point; and the planes of an
   array that the kernel indexes as arrays of their own (plane.h).  */

#include "gcc-compat.h"
#include "kir.h"
#include "directive.h"
#include "member.h"
#include "plane.h"
#include "device-type.h"
#include "nest.h"
#include "reference.h"
#include "extract-context.h"
#include "subscripts.h"
#include "trial.h"
#include "helper.h"

/* The most elements of an array declared in the body (each point's own,
   in the thread's local memory).  */
#define MAX_PRIVATE_ELEMENTS 1024
#define STRINGIFY(x) #x
#define NUMBER_TEXT(x) STRINGIFY (x)

/* The most subscripts of an array the body indexes: a 4-D array's first
   selects the 3-D array a kernel indexes as an array of its own (a
   plane: plane.h).  */
#define MAX_SUBSCRIPTS (KIR_MAX_DIMS + 1)

static bool
affine_add_leaf (struct tree_affine *a, tree t, HOST_WIDE_INT mult)
{
  for (int i = 0; i < a->nterms; i++)
    if (a->leaf[i] == t)
      {
        a->coeff[i] += mult;
        return true;
      }
  if (a->nterms == KIR_MAX_TERMS)
    return false;
  a->leaf[a->nterms] = t;
  a->divisor[a->nterms] = 1;
  a->coeff[a->nterms++] = mult;
  return true;
}

/* Whether DEF's value may wrap at fewer bits than an int has, so that
   it is not its operands' affine form: arithmetic of such a type that
   wraps, or a conversion to one from a wider type (`a[(unsigned char)
   (c + 6)]', which C computes modulo 256, for an array of more than 256
   elements).  Wider wraps agree with the affine form wherever that lies
   in an array of fewer than 2^32 elements, and the launch's check, or
   the kernel's, stops an access whose affine form lies outside its
   array.  */
static bool
wraps_narrow_p (gassign *def)
{
  tree type = TREE_TYPE (gimple_assign_lhs (def));
  tree from = TREE_TYPE (gimple_assign_rhs1 (def));
  if (!INTEGRAL_TYPE_P (type) || TREE_CODE (type) == BOOLEAN_TYPE
      || TYPE_PRECISION (type) >= TYPE_PRECISION (integer_type_node))
    return false;
  switch (gimple_assign_rhs_code (def))
    {
    CASE_CONVERT:
      return TYPE_PRECISION (type) < TYPE_PRECISION (from);
    case PLUS_EXPR:
    case MINUS_EXPR:
    case MULT_EXPR:
    case NEGATE_EXPR:
    case BIT_NOT_EXPR:
      return TYPE_OVERFLOW_WRAPS (type);
    default:
      return false;
    }
}

static bool same_at_uses (struct extract_ctx *, tree, gimple *, tree);


/* Where T, an SSA name that DEF assigns, is read only in DEF's block (the
   gimplifier's temporaries of a subscript): whether no statement that
   assigns OP, a variable whose address is not taken, runs between DEF
   and a read of T, into *SAME; false where T may be read elsewhere.  */
static bool
same_in_block (struct extract_ctx *cx, gimple *def, tree t, tree op,
               bool *same)
{
  if (TREE_CODE (t) != SSA_NAME || cx->shared_temporaries.contains (t)
      || TREE_ADDRESSABLE (op))
    return false;
  bool assigned = false;
  *same = true;
  gimple_stmt_iterator gsi = gsi_for_stmt (def);
  for (gsi_next (&gsi); !gsi_end_p (gsi) && *same; gsi_next (&gsi))
    {
      gimple *s = gsi_stmt (gsi);
      if (is_gimple_debug (s))
        continue;
      *same = !(assigned && mint_reads_p (s, t));
      assigned |= gimple_get_lhs (s) == op || gimple_code (s) == GIMPLE_ASM;
    }
  return true;
}

/* Whether every variable that DEF, the body's assignment of the
   temporary T, reads holds the same value wherever T is read: not so for
   the gimplifier's copy of `k' in `b[k++]' (k.0 = k; k = k.0 + 1;
   b[k.0]), whose subscript is the old value, not k's at the store.  The
   reads in DEF's block are looked at first: the walk over the body
   (same_at_uses) for each temporary of a large box's subscripts doubled
   its compile time.  */
static bool
operands_same_at_uses (struct extract_ctx *cx, gimple *def, tree t)
{
  for (unsigned i = 1; i < gimple_num_ops (def); i++)
    {
      tree op = gimple_op (def, i);
      bool same;
      if (!op || !mint_var_or_parm_p (op) || !cx->nest_written.contains (op))
        continue;
      if (same_in_block (cx, def, t, op, &same)
          ? !same : !same_at_uses (cx, op, def, t))
        return false;
    }
  return true;
}

/* Adds MULT * T to A, looking through the body's +, -, * constant,
   negations, complements and integer conversions, but for those that
   may wrap (wraps_narrow_p), and for those that read a variable the body
   assigns again before T is read (operands_same_at_uses).  */
static bool
affine_add (struct extract_ctx *cx, tree t, HOST_WIDE_INT mult,
            struct tree_affine *a)
{
  if (TREE_CODE (t) == INTEGER_CST)
    {
      a->constant += mult * int_cst_value (t);
      return true;
    }
  gimple *def = mint_body_def (cx, t);
  if (def && is_gimple_assign (def)
      && !wraps_narrow_p (as_a<gassign *> (def))
      && operands_same_at_uses (cx, def, t))
    {
      tree r1 = gimple_assign_rhs1 (def);
      tree r2 = gimple_assign_rhs2 (def);
      switch (gimple_assign_rhs_code (def))
        {
        case PLUS_EXPR:
          return affine_add (cx, r1, mult, a) && affine_add (cx, r2, mult, a);
        case MINUS_EXPR:
          return affine_add (cx, r1, mult, a) && affine_add (cx, r2, -mult, a);
        case NEGATE_EXPR:
          return affine_add (cx, r1, -mult, a);
        case BIT_NOT_EXPR:
          /* ~x is -x - 1 (GCC's spelling of `-1 - g').  */
          a->constant -= mult;
          return affine_add (cx, r1, -mult, a);
        case MULT_EXPR:
          if (TREE_CODE (r2) == INTEGER_CST)
            return affine_add (cx, r1, mult * int_cst_value (r2), a);
          if (TREE_CODE (r1) == INTEGER_CST)
            return affine_add (cx, r2, mult * int_cst_value (r1), a);
          break;
        CASE_CONVERT:
        case SSA_NAME:
        case VAR_DECL:
        case PARM_DECL:
          /* Not a _Bool: a subscript's terms are integers (the
             conversion of `u[i + shift]' stays the leaf).  */
          if (INTEGRAL_TYPE_P (TREE_TYPE (r1))
              && TREE_CODE (TREE_TYPE (r1)) != BOOLEAN_TYPE)
            return affine_add (cx, r1, mult, a);
          break;
        default:
          break;
        }
    }
  return affine_add_leaf (a, t, mult);
}

/* MULT * T as an affine form; T itself is a leaf if the form needs more
   terms than the kernel IR has.  */
static void
affine_of (struct extract_ctx *cx, tree t, HOST_WIDE_INT mult,
           struct tree_affine *a)
{
  struct tree_affine saved = *a;
  if (!affine_add (cx, t, mult, a))
    {
      *a = saved;
      if (!affine_add_leaf (a, t, mult))
        a->nterms = KIR_MAX_TERMS + 1;
    }
}

/* The greatest factor M common to every assignment of VAR in the
   function, VAR = E * M or a constant (0 has any), where VAR is an
   integer temporary of the gimplifier: the byte offset of a conditional
   subscript, u[x == 0 ? n - 1 : x - 1] of double *u, whose branches the
   front end scales (iftmp.0 = (x - 1) * 8).  0 where an assignment is
   another.  */
static HOST_WIDE_INT
scaled_temporary (struct extract_ctx *cx, tree var)
{
  if (!VAR_P (var) || !DECL_ARTIFICIAL (var)
      || !INTEGRAL_TYPE_P (TREE_TYPE (var)))
    return 0;
  HOST_WIDE_INT factor = 0;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cx->nest->fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      {
        gimple *s = gsi_stmt (gsi);
        if (gimple_get_lhs (s) != var)
          continue;
        if (!is_gimple_assign (s))
          return 0;
        tree r1 = gimple_assign_rhs1 (s), r2 = gimple_assign_rhs2 (s);
        HOST_WIDE_INT f;
        if (gimple_assign_rhs_code (s) == MULT_EXPR
            && TREE_CODE (r2) == INTEGER_CST)
          f = int_cst_value (r2);
        else if (gimple_assign_single_p (s) && TREE_CODE (r1) == INTEGER_CST)
          f = int_cst_value (r1);
        else
          return 0;
        factor = gcd (factor, f < 0 ? -f : f);
      }
  return factor;
}

/* A /= SIZE, exactly: a term of a scaled temporary whose factor SIZE
   divides is divided where the kernel computes it (DIVISOR).  */
static bool
affine_divide (struct extract_ctx *cx, struct tree_affine *a,
               HOST_WIDE_INT size)
{
  if (size <= 0 || a->constant % size != 0)
    return false;
  for (int i = 0; i < a->nterms; i++)
    if (a->coeff[i] % size != 0)
      {
        HOST_WIDE_INT factor = scaled_temporary (cx, a->leaf[i]);
        if (factor == 0 || factor % size != 0 || a->divisor[i] != 1)
          return false;
      }
  a->constant /= size;
  for (int i = 0; i < a->nterms; i++)
    if (a->coeff[i] % size == 0)
      a->coeff[i] /= size;
    else
      a->divisor[i] = size;
  return true;
}

/* The one statement of the function that assigns VAR, or NULL.  */
static gimple *
only_assignment (struct extract_ctx *cx, tree var)
{
  gimple *last = NULL;
  return mint_assignments (cx->nest->fun, var, &last) == 1 ? last : NULL;
}

tree
mint_saved_pointer (struct extract_ctx *cx, tree ptr)
{
  if (!VAR_P (ptr) || !DECL_ARTIFICIAL (ptr)
      || !POINTER_TYPE_P (TREE_TYPE (ptr)))
    return NULL_TREE;
  gimple *def = only_assignment (cx, ptr);
  if (!def || !gimple_assign_single_p (def)
      || !mint_in_body (cx, gimple_bb (def)))
    return NULL_TREE;
  tree from = gimple_assign_rhs1 (def);
  return mint_var_or_parm_p (from) && POINTER_TYPE_P (TREE_TYPE (from))
         ? from : NULL_TREE;
}

/* Whether a statement that reads VAR runs after FROM (a statement, or
   the start of block BB where FROM is NULL) before DEF runs again.  */
static bool
read_before_def_p (struct extract_ctx *cx, tree var, gimple *def,
                   gimple *from, basic_block bb)
{
  auto_sbitmap seen (last_basic_block_for_fn (cx->nest->fun));
  bitmap_clear (seen);
  auto_vec<basic_block> work;
  gimple_stmt_iterator gsi = from ? gsi_for_stmt (from) : gsi_start_bb (bb);
  if (from)
    gsi_next (&gsi);
  for (;;)
    {
      bool stopped = false;
      for (; !gsi_end_p (gsi) && !stopped; gsi_next (&gsi))
        {
          if (gsi_stmt (gsi) == def)
            stopped = true;
          else if (mint_reads_p (gsi_stmt (gsi), var))
            return true;
        }
      if (!stopped)
        {
          edge e;
          edge_iterator ei;
          FOR_EACH_EDGE (e, ei, bb->succs)
            if (!bitmap_bit_p (seen, e->dest->index))
              {
                bitmap_set_bit (seen, e->dest->index);
                work.safe_push (e->dest);
              }
        }
      if (work.is_empty ())
        return false;
      bb = work.pop ();
      gsi = gsi_start_bb (bb);
    }
}

/* Whether the value T, which the body's statement DEF reads in computing
   PTR, is the value T has wherever a statement reads PTR: a constant, a
   variable no assignment of which runs between DEF and such a statement,
   a structure member that the nest does not change (g->u), a row of an
   array of pointers at such an address (u[k]), the address of a row of
   an array at such subscripts (&A[j]), or the body's temporaries
   computed from those.  */
static bool
same_at_uses (struct extract_ctx *cx, tree t, gimple *def, tree ptr)
{
  if (CONSTANT_CLASS_P (t))
    return true;
  if (handled_component_p (t))
    {
      tree culprit = NULL_TREE;
      return mint_nest_invariant_ref (cx, t, &culprit) != NULL_TREE;
    }
  if (TREE_CODE (t) == ADDR_EXPR)
    {
      /* A row's address, &A[j] or &(*u)[k][j]: its subscripts and its
         base.  */
      tree r = TREE_OPERAND (t, 0);
      for (; TREE_CODE (r) == ARRAY_REF; r = TREE_OPERAND (r, 0))
        if (!same_at_uses (cx, TREE_OPERAND (r, 1), def, ptr))
          return false;
      if (TREE_CODE (r) == MEM_REF)
        return same_at_uses (cx, TREE_OPERAND (r, 0), def, ptr);
      return mint_var_or_parm_p (r) && TREE_CODE (TREE_TYPE (r)) == ARRAY_TYPE;
    }
  if (gimple *d = mint_body_def (cx, t))
    {
      if (mint_row_table_load_p (d))
        return same_at_uses (cx, TREE_OPERAND (gimple_assign_rhs1 (d), 0),
                             def, ptr);
      if (gimple_assign_load_p (d))
        return handled_component_p (gimple_assign_rhs1 (d))
               && same_at_uses (cx, gimple_assign_rhs1 (d), def, ptr);
      if (!is_gimple_assign (d))
        return false;
      for (unsigned i = 1; i < gimple_num_ops (d); i++)
        if (!same_at_uses (cx, gimple_op (d, i), def, ptr))
          return false;
      return true;
    }
  if (!mint_var_or_parm_p (t) || TREE_ADDRESSABLE (t))
    return false;
  if (!cx->nest_written.contains (t))
    return true;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cx->nest->fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      if (gimple_get_lhs (gsi_stmt (gsi)) == t
          && read_before_def_p (cx, ptr, def, gsi_stmt (gsi), bb))
        return false;
  return true;
}

/* Whether every statement that reads VAR runs after DEF, its one
   assignment, in the body.  */
static bool
read_after_p (struct extract_ctx *cx, tree var, gimple *def)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, cx->nest->fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      {
        gimple *s = gsi_stmt (gsi);
        if (mint_reads_p (s, var)
            && (s == def || !mint_in_body (cx, bb)
                || !mint_runs_before (def, s)))
          return false;
      }
  return true;
}

/* Whether DEF copies a pointer variable (const double *p = u), which
   GIMPLE counts as a load of the variable.  */
static bool
pointer_copy_p (gimple *def)
{
  tree from = gimple_assign_rhs1 (def);
  return gimple_assign_single_p (def) && mint_var_or_parm_p (from)
         && POINTER_TYPE_P (TREE_TYPE (from));
}

/* Whether DEF loads a pointer from a structure member or an element of
   an array (const double *a = D.a, or g->a), as the gimplifier's
   temporary of D.a + 1 does.  */
static bool
component_load_p (gimple *def)
{
  return gimple_assign_load_p (def)
         && handled_component_p (gimple_assign_rhs1 (def));
}

/* The one assignment of a pointer PTR declared in the loop body whose
   value each use may compute again (const double *up = u + (j - 1) *
   nx, u itself, a structure member, or a row of an array of pointers,
   double *row = u[k][j]): it reads nothing that changes before a use,
   and every use follows it.  NULL otherwise.  */
static gimple *
row_pointer_definition (struct extract_ctx *cx, tree ptr)
{
  if (!VAR_P (ptr) || DECL_ARTIFICIAL (ptr) || TREE_ADDRESSABLE (ptr)
      || !POINTER_TYPE_P (TREE_TYPE (ptr)) || mint_declared_outside (cx, ptr))
    return NULL;
  gimple *def = only_assignment (cx, ptr);
  if (!def || !is_gimple_assign (def)
      || (gimple_assign_load_p (def) && !mint_row_table_load_p (def)
          && !pointer_copy_p (def) && !component_load_p (def))
      || !mint_in_body (cx, gimple_bb (def)))
    return NULL;
  if (!read_after_p (cx, ptr, def))
    return NULL;
  if (mint_row_table_load_p (def))
    return same_at_uses (cx, TREE_OPERAND (gimple_assign_rhs1 (def), 0), def,
                         ptr) ? def : NULL;
  for (unsigned i = 1; i < gimple_num_ops (def); i++)
    if (!same_at_uses (cx, gimple_op (def, i), def, ptr))
      return NULL;
  return def;
}

bool
mint_row_pointer_p (struct extract_ctx *cx, tree ptr)
{
  return row_pointer_definition (cx, ptr) != NULL;
}

/* The body's definition of pointer PTR: a temporary's, or that of a
   pointer declared in the body whose uses may compute it again
   (row_pointer_definition); NULL otherwise.  */
static gimple *
body_pointer_definition (struct extract_ctx *cx, tree ptr)
{
  gimple *def = mint_body_def (cx, ptr);
  return def ? def : row_pointer_definition (cx, ptr);
}

/* Whether pointer PTR is set once, to a string literal (`const char *s
   = "abcd";').  */
static bool
string_literal_pointer_p (tree ptr)
{
  gimple *def = NULL;
  if (mint_assignments (cfun, ptr, &def) != 1
      || !gimple_assign_single_p (def)
      || TREE_CODE (gimple_assign_rhs1 (def)) != ADDR_EXPR)
    return false;
  tree object = TREE_OPERAND (gimple_assign_rhs1 (def), 0);
  while (handled_component_p (object))
    object = TREE_OPERAND (object, 0);
  return TREE_CODE (object) == STRING_CST;
}

/* Follows PTR back through pointer additions and copies.  Returns the
   pointer the additions start from (a variable, or a temporary or a
   pointer of the body loaded from memory); the added byte offsets go to
   OFFSETS.  */
static tree
pointer_origin (struct extract_ctx *cx, tree ptr, auto_vec<tree> *offsets)
{
  for (;;)
    {
      if (tree saved = mint_saved_pointer (cx, ptr))
        return saved;
      gimple *def = body_pointer_definition (cx, ptr);
      if (!def || !is_gimple_assign (def))
        return ptr;
      enum tree_code code = gimple_assign_rhs_code (def);
      tree r1 = gimple_assign_rhs1 (def);
      if (code == POINTER_PLUS_EXPR)
        offsets->safe_push (gimple_assign_rhs2 (def));
      else if (mint_var_or_parm_p (r1) && POINTER_TYPE_P (TREE_TYPE (r1)))
        return r1;
      else if (!(CONVERT_EXPR_CODE_P (code) || code == SSA_NAME)
               || !POINTER_TYPE_P (TREE_TYPE (r1)))
        return ptr;
      ptr = r1;
    }
}

/* The assignment that gives integer T its value: an SSA name's definition,
   or the only assignment of a variable the gimplifier made (a saved
   extent) that the nest does not change, or of one that holds a helper's
   extent (mint_helper_extent_p), or of a local of the program whose
   operands keep their values from there (int e = n + 2); NULL for other
   values.  */
static gassign *
value_definition (struct extract_ctx *cx, tree t)
{
  gimple *def = NULL;
  if (TREE_CODE (t) == SSA_NAME)
    def = SSA_NAME_DEF_STMT (t);
  else if (VAR_P (t) && DECL_ARTIFICIAL (t)
           && (!cx->nest_written.contains (t) || mint_helper_extent_p (t)))
    def = only_assignment (cx, t);
  else if (VAR_P (t) && !cx->nest_written.contains (t)
           && mint_keeps_value_from (t, cx->nest->marker))
    return mint_stable_assignment (t);
  return def ? dyn_cast<gassign *> (def) : NULL;
}

/* T through copies and conversions that keep its integer value.  */
static tree
strip_int_copies (struct extract_ctx *cx, tree t)
{
  for (;;)
    {
      gassign *def = value_definition (cx, t);
      if (!def
          || (!gimple_assign_single_p (def)
              && !CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (def))))
        return t;
      tree from = gimple_assign_rhs1 (def);
      if (!INTEGRAL_TYPE_P (TREE_TYPE (from))
          || TYPE_PRECISION (TREE_TYPE (from)) > TYPE_PRECISION (TREE_TYPE (t))
          || (TREE_CODE (from) != SSA_NAME && !mint_var_or_parm_p (from)
              && TREE_CODE (from) != INTEGER_CST))
        return t;
      t = from;
    }
}

/* Whether the loads A and B read the same memory: one reference, or
   the same once their pointers are rebuilt (`n[1]' through two
   temporaries `n + 4').  */
static bool
same_load_p (struct extract_ctx *cx, tree a, tree b)
{
  if (operand_equal_p (a, b, 0))
    return true;
  tree culprit = NULL_TREE;
  tree ra = mint_nest_invariant_ref (cx, a, &culprit);
  tree rb = ra ? mint_nest_invariant_ref (cx, b, &culprit) : NULL_TREE;
  return rb && operand_equal_p (ra, rb, 0);
}

/* Whether integers A and B are the same value by their definitions: the
   same variable the nest keeps, the same constant, the same load (of a
   structure member, say) or the same operation on such values.  The
   front end recomputes an extent like p->ny + 2 at each subscript.  */
static bool
same_int_value (struct extract_ctx *cx, tree a, tree b)
{
  a = strip_int_copies (cx, a);
  b = strip_int_copies (cx, b);
  if (TREE_CODE (a) == INTEGER_CST && TREE_CODE (b) == INTEGER_CST)
    return wi::to_widest (a) == wi::to_widest (b);
  if (a == b)
    return TREE_CODE (a) == SSA_NAME || !cx->nest_written.contains (a);
  gassign *da = value_definition (cx, a), *db = value_definition (cx, b);
  if (!da || !db || gimple_assign_rhs_code (da) != gimple_assign_rhs_code (db))
    return false;
  switch (gimple_assign_rhs_code (da))
    {
    case PLUS_EXPR:
    case MINUS_EXPR:
    case MULT_EXPR:
      return same_int_value (cx, gimple_assign_rhs1 (da),
                             gimple_assign_rhs1 (db))
             && same_int_value (cx, gimple_assign_rhs2 (da),
                                gimple_assign_rhs2 (db));
    case COMPONENT_REF:
    case MEM_REF:
    case ARRAY_REF:
      return same_load_p (cx, gimple_assign_rhs1 (da),
                          gimple_assign_rhs1 (db));
    default:
      return false;
    }
}

/* The extent N whose largest index MAX the array type's domain holds (a
   gimplifier's variable, (sizetype) (N - 1)), or NULL.  GCC folds N - 1
   into N + -1, except under -fsanitize=signed-integer-overflow.  */
static tree
extent_of_max (struct extract_ctx *cx, tree max)
{
  gassign *def = value_definition (cx, strip_int_copies (cx, max));
  if (!def)
    return NULL_TREE;
  enum tree_code code = gimple_assign_rhs_code (def);
  tree one = gimple_assign_rhs2 (def);
  if ((code == PLUS_EXPR && integer_minus_onep (one))
      || (code == MINUS_EXPR && integer_onep (one)))
    return gimple_assign_rhs1 (def);
  return NULL_TREE;
}

/* The largest index of DOMAIN, an INTEGER_CST where it is one or a
   gimplifier's variable set to one: `const int w = 97; T (*a)[w]' at -O1
   and above, where the front end folds w.  NULL without a domain.  */
static tree
domain_max (struct extract_ctx *cx, tree domain)
{
  tree max = domain ? TYPE_MAX_VALUE (domain) : NULL_TREE;
  if (!max || TREE_CODE (max) == INTEGER_CST)
    return max;
  tree value = strip_int_copies (cx, max);
  return TREE_CODE (value) == INTEGER_CST ? value : max;
}

/* The variable extents of the array type a variably modified pointer
   points to (NULL where the domain's form is not known).  */
struct vla_extents
{
  int n;
  tree size[KIR_MAX_DIMS];
  bool matched[KIR_MAX_DIMS];
};

/* Whether T is one of EXTENTS not matched yet by another factor; marks
   it.  */
static bool
match_extent (struct extract_ctx *cx, tree t, struct vla_extents *extents)
{
  for (int i = 0; i < extents->n; i++)
    if (!extents->matched[i] && extents->size[i]
        && same_int_value (cx, t, extents->size[i]))
      {
        extents->matched[i] = true;
        return true;
      }
  return false;
}

/* Splits the byte offset T of a variably modified pointer into a constant
   factor, factors that are the array's EXTENTS (marked there) and at most
   one other factor (the subscript).  */
static bool
split_product (struct extract_ctx *cx, tree t, HOST_WIDE_INT *constant,
               struct vla_extents *extents, tree *other)
{
  if (TREE_CODE (t) == INTEGER_CST)
    {
      *constant *= int_cst_value (t);
      return true;
    }
  /* An extent first: 2 * n is one, not a factor 2.  */
  if (match_extent (cx, t, extents))
    return true;
  gimple *def = mint_body_def (cx, t);
  if (def && is_gimple_assign (def))
    {
      enum tree_code code = gimple_assign_rhs_code (def);
      tree r1 = gimple_assign_rhs1 (def);
      if (code == MULT_EXPR)
        return split_product (cx, r1, constant, extents, other)
               && split_product (cx, gimple_assign_rhs2 (def), constant,
                                 extents, other);
      if (CONVERT_EXPR_CODE_P (code) && INTEGRAL_TYPE_P (TREE_TYPE (r1))
          && TREE_CODE (r1) == SSA_NAME)
        return split_product (cx, r1, constant, extents, other);
    }
  if (*other)
    return false;
  *other = t;
  return true;
}

/* The first subscript of *P[..]..., P a variably modified pointer whose
   pointee is ARRAY_TYPE, from the byte OFFSETS added to P.  */
static bool
vla_first_subscript (struct extract_ctx *cx, tree array_type,
                     const auto_vec<tree> &offsets, struct tree_affine *a)
{
  struct vla_extents extents;
  memset (&extents, 0, sizeof extents);
  HOST_WIDE_INT constant_size = 1;
  tree t = array_type;
  for (; TREE_CODE (t) == ARRAY_TYPE; t = TREE_TYPE (t))
    {
      tree max = domain_max (cx, TYPE_DOMAIN (t));
      if (max && TREE_CODE (max) == INTEGER_CST)
        constant_size *= int_cst_value (max) + 1;
      else if (max && extents.n < KIR_MAX_DIMS)
        extents.size[extents.n++] = extent_of_max (cx, max);
      else
        return false;
    }
  if (!TYPE_SIZE_UNIT (t) || TREE_CODE (TYPE_SIZE_UNIT (t)) != INTEGER_CST)
    return false;
  constant_size *= int_cst_value (TYPE_SIZE_UNIT (t));

  /* Constant extents (T (*a)[NY][NX], as in a structure member): GCC
     folds (z - 1) * size into z * size - size; the byte offset is
     affine.  */
  if (extents.n == 0)
    {
      for (tree off : offsets)
        affine_of (cx, off, 1, a);
      return a->nterms <= KIR_MAX_TERMS
             && affine_divide (cx, a, constant_size);
    }
  for (tree off : offsets)
    {
      HOST_WIDE_INT constant = 1;
      tree index = NULL_TREE;
      memset (extents.matched, 0, sizeof extents.matched);
      if (!split_product (cx, off, &constant, &extents, &index)
          || constant % constant_size != 0)
        return false;
      for (int i = 0; i < extents.n; i++)
        if (!extents.matched[i])
          return false;
      constant /= constant_size;
      if (index)
        affine_of (cx, index, constant, a);
      else
        a->constant += constant;
    }
  return true;
}

/* The extent of DOMAIN: its largest index plus one, or NULL.  */
static tree
domain_extent (struct extract_ctx *cx, tree domain)
{
  tree max = domain_max (cx, domain);
  if (max && TREE_CODE (max) == INTEGER_CST)
    return int_const_binop (PLUS_EXPR, fold_convert (sizetype, max),
                            size_one_node);
  return max ? extent_of_max (cx, max) : NULL_TREE;
}

/* Whether array types A and B have the same extents, by value (a
   helper's T (*u)[ny][nx] over a caller's T (*a)[ey][ex] where ny and nx
   were given ey and ex).  */
static bool
same_array_extents (struct extract_ctx *cx, tree a, tree b)
{
  for (; TREE_CODE (a) == ARRAY_TYPE && TREE_CODE (b) == ARRAY_TYPE;
       a = TREE_TYPE (a), b = TREE_TYPE (b))
    {
      tree ea = domain_extent (cx, TYPE_DOMAIN (a));
      tree eb = domain_extent (cx, TYPE_DOMAIN (b));
      if (!ea || !eb || !same_int_value (cx, ea, eb))
        return false;
    }
  return (TREE_CODE (a) != ARRAY_TYPE && TREE_CODE (b) != ARRAY_TYPE
          && TYPE_MAIN_VARIANT (a) == TYPE_MAIN_VARIANT (b));
}

/* What ORIGIN points to by its own type, or NULL where it is no
   pointer.  */
static tree
pointee (tree origin)
{
  if (tree array = mint_array_at (origin))
    return TREE_TYPE (TREE_TYPE (array));
  return POINTER_TYPE_P (TREE_TYPE (origin)) ? TREE_TYPE (TREE_TYPE (origin))
                                             : NULL_TREE;
}

/* Whether ORIGIN, the pointer an access of array type TYPE starts from,
   points to arrays of other extents: the copy has ORIGIN's, the
   subscripts TYPE's.  */
static bool
other_extents_p (struct extract_ctx *cx, tree origin, tree type)
{
  tree own = pointee (origin);
  return (own && TREE_CODE (own) == ARRAY_TYPE
          && TYPE_MAIN_VARIANT (own) != TYPE_MAIN_VARIANT (type)
          && !same_array_extents (cx, own, type));
}

/* Whether ORIGIN, a pointer to elements, is indexed through a variably
   modified array type TYPE: a cast in the body (((T (*)[n]) p)[y][x]),
   whose sizes the body computes.  */
static bool
viewed_as_array_p (tree origin, tree type)
{
  tree own = pointee (origin);
  return (own && TREE_CODE (own) != ARRAY_TYPE
          && variably_modified_type_p (type, NULL_TREE));
}

/* The fromDevice copy of OBJECT after the parallel region REGION, or
   NULL: a copy directive between REGION and the next region.  */
static const struct mint_directive *
copy_back_of (int region, tree object)
{
  for (int id = region + 1; id < mint_directive_count (); id++)
    {
      const struct mint_directive *d = mint_directive_get (id);
      if (d->kind == MINT_DIR_PARALLEL)
        break;
      if (d->kind == MINT_DIR_COPY && d->direction == MINT_FROM_DEVICE
          && mint_same_object (d->array, object))
        return d;
    }
  return NULL;
}

/* The note for ARRAY, named NAME, an array of the function declared
   outside the loop nest: scratch that each point fills before it reads
   it (stencil[4], vals[NUM_VARS]) wants a copy per point, an input the
   points share a copy to the device; one of a variable length cannot be
   private.  */
static void
note_local_array (struct extract_ctx *cx, tree array, const char *name)
{
  tree size = TYPE_SIZE_UNIT (TREE_TYPE (array));
  const struct mint_directive *parallel
    = mint_directive_get (cx->nest->dir->region);
  location_t loc = parallel ? parallel->loc : cx->nest->dir->loc;
  tree elem = strip_array_types (TREE_TYPE (array));
  if (!mint_device_type_p (elem))
    inform (loc, "%qs has elements of type %qT, which a kernel does not "
            "compute with: use an integer type of 8 to 64 bits, %<_Bool%>, "
            "%<float%> or %<double%>", name, elem);
  else if (!size || TREE_CODE (size) != INTEGER_CST)
    inform (loc, "%qs has a variable length: if each point sets the "
            "elements it reads before it reads them, give it a constant "
            "length (a %<#define%> or an %<enum%> constant; a %<const%> "
            "variable is no constant in C) to make it private; if the "
            "points share it, add %<#pragma mint copy(%s, toDevice, ...)%> "
            "before the %<parallel%> region", name, name);
  else if (TYPE_READONLY (elem))
    inform (loc, "%qs is a %<const%> table that the points share: add "
            "%<#pragma mint copy(%s, toDevice, ...)%> before the "
            "%<parallel%> region", name, name);
  else
    inform (cx->nest->dir->loc, "if each point sets the elements of %qs it "
            "reads before it reads them, add %<private(%s)%> to the %<for%> "
            "directive; if the points share it, add %<#pragma mint copy(%s, "
            "toDevice, ...)%> before the %<parallel%> region", name, name,
            name);
}

/* Whether LOC, in the file of PARALLEL, a parallel directive, lies after
   it (in its region, for the code that reaches a nest of it).  */
static bool
in_region_p (const struct mint_directive *parallel, location_t loc)
{
  expanded_location at = expand_location (loc);
  expanded_location region = expand_location (parallel->loc);
  return at.file && region.file && strcmp (at.file, region.file) == 0
         && at.line > region.line;
}

/* The note at S, where the program sets NAME, a pointer the kernel
   uses, to what is no array its region copies: into one of them (past
   its first element), or to another array or shape.  */
static void
note_pointer_value (struct extract_ctx *cx, gimple *s, const char *name)
{
  if (const struct mint_directive *copy
        = mint_copy_pointed_into (*cx->copies, s))
    {
      char *array = mint_object_text (copy->array);
      inform (gimple_location (s), "%qs is set here to point into %qs, "
              "which the region copies, past its first element: a kernel "
              "finds a device array only through the array or a pointer to "
              "its start; index %qs itself with the offset added to the "
              "first subscript (%<%s[off + i]%> for %<%s[i]%> where %<%s = "
              "&%s[off]%>)", name, array, array, array, name, name, array);
      free (array);
    }
  else
    inform (gimple_location (s), "%qs is set here to an array the region "
            "does not copy, or to one copied in another shape: a pointer "
            "that the region sets to one of several arrays reaches the "
            "device where each is copied, all in one shape", name);
}

/* Reports at LOC that the kernel uses ROOT, which its region does not
   copy to the device, at constant subscripts where SAME_ELEMENT.  */
static void
report_never_copied (struct extract_ctx *cx, tree root, location_t loc,
                     bool same_element)
{
  char *name = mint_object_text (root);
  if (tree scalar = mint_pointed_scalar (cx, root))
    {
      auto_diagnostic_group group;
      error_at (loc, "mint: %qs points to the variable %qD, which a kernel "
                "cannot read or write through a pointer", name, scalar);
      inform (cx->nest->dir->loc, "use %qD itself: a kernel reads it as a "
              "value, and points that add to it need %<reduction(+:%D)%> "
              "on the %<for%> directive", scalar, scalar);
      free (name);
      return;
    }
  error_at (loc, "mint: array %qs is used in a kernel but never copied to "
            "the device", name);
  int region = cx->nest->dir->region;
  const struct mint_directive *parallel = mint_directive_get (region);
  auto_vec<const struct mint_directive *> chosen;
  gimple *other = mint_chosen_copies (cx->nest->fun, *cx->copies, root,
                                      &chosen);
  if (other && gimple_has_location (other) && is_gimple_call (other)
      && parallel && in_region_p (parallel, gimple_location (other)))
    inform (gimple_location (other), "%qs is set here to what a call "
            "returns, which mint cannot follow to a copied array: set it "
            "to the copied arrays themselves (%<%s = t & 1 ? v : u%>), and "
            "the runtime finds the device array through it at each launch",
            name, name);
  else if (other && gimple_has_location (other) && !is_gimple_call (other))
    note_pointer_value (cx, other, name);
  else if (location_t *use = cx->live_private_arrays.get (root))
    {
      inform (cx->nest->dir->loc, "each point sets the elements of %qs it "
              "reads before it reads them: to give each point its own copy, "
              "add %<private(%s)%> to the %<for%> directive", name, name);
      inform (*use, "without the clause it is shared, because its value "
              "after the loop nest is read here; a private array has none");
    }
  else if (VAR_P (root) && TREE_STATIC (root)
           && DECL_CONTEXT (root) == cx->nest->fun->decl
           && !mint_in_scope_at_nest (cx, root))
    inform (DECL_SOURCE_LOCATION (root), "%qs is a %<static%> array of the "
            "loop body, which no directive can copy: declare it before the "
            "%<parallel%> region and copy it with %<#pragma mint copy(%s, "
            "toDevice, ...)%>, or, if each point sets the elements it reads, "
            "make it a local without %<static%>", name, name);
  else if (VAR_P (root) && !is_global_var (root)
           && TREE_CODE (TREE_TYPE (root)) == ARRAY_TYPE)
    note_local_array (cx, root, name);
  else if (const struct mint_directive *back = copy_back_of (region, root))
    inform (back->loc, "it is copied back here, but the device copy a "
            "kernel writes starts as the host array: add %<#pragma mint "
            "copy(%s, toDevice, ...)%> before the %<parallel%> region too",
            name);
  else if (same_element)
    inform (cx->nest->dir->loc, "every point uses the same element of %qs, "
            "which a copy would share among them: to combine values over "
            "the points, accumulate them in a variable declared before the "
            "loop nest, with %<reduction(+:VAR)%> (or another operator) on "
            "the %<for%> directive, and store it through %qs after the "
            "nest", name, name);
  else
    inform (parallel ? parallel->loc : cx->nest->dir->loc,
            "add %<#pragma mint copy(%s, toDevice, ...)%> before the "
            "%<parallel%> region", name);
  free (name);
}

/* Whether REF, an access of ACC, reads or writes its array's elements
   as their own type; if not (`((unsigned char *) px)[4 * i]', a memcpy
   of an element), reports it at LOC.  */
static bool
check_element_type (struct extract_ctx *cx, const struct tree_access *acc,
                    tree ref, location_t loc)
{
  tree elem = TREE_TYPE (acc->root);
  while (TREE_CODE (elem) == ARRAY_TYPE || POINTER_TYPE_P (elem))
    elem = TREE_TYPE (elem);
  tree type = TREE_TYPE (ref);
  if (mint_kir_type (type) == mint_kir_type (elem)
      || !mint_first_report (cx, acc->root))
    return mint_kir_type (type) == mint_kir_type (elem);
  /* An error naming no array at LOC would follow from this one (the
     store into the local of a memcpy of an element).  */
  mint_first_report_at (cx, loc);
  char *name = mint_object_text (acc->root);
  error_at (loc, "mint: the loop body accesses the elements of %qs, of "
            "type %qT, as %qT (through a cast of its pointer, or a "
            "%<memcpy%> of an element): a kernel accesses an array as its "
            "element type only", name, elem, type);
  free (name);
  return false;
}

/* The array style ACCESS was resolved as, checked against the array's
   copy directive and the type ELEMENT, the access, has; reports problems
   at LOC.  */
static bool
check_array (struct extract_ctx *cx, struct tree_access *acc, tree element,
             location_t loc)
{
  const struct mint_directive *copy = mint_copy_of (cx, acc->root);
  if (!copy)
    {
      bool same_element = true;
      for (int i = 0; i < acc->rank; i++)
        same_element &= acc->index[i].nterms == 0;
      if (!mint_copy_refused_p (acc->root)
          && mint_first_report (cx, acc->root))
        report_never_copied (cx, acc->root, loc, same_element);
      return false;
    }
  if (!check_element_type (cx, acc, element, loc))
    return false;
  bool flat_copy = copy->style == MINT_ARRAY_FLAT;
  if (acc->style == MINT_ARRAY_POINTER_CHAIN && acc->rank == 1
      && flat_copy)
    acc->style = MINT_ARRAY_FLAT;
  /* A pointer chosen from arrays of fixed size, or such an array passed
     to a helper's pointer (to their rows, or to their elements where
     they have one dimension): their layout.  */
  if ((acc->style == MINT_ARRAY_VLA_POINTER
       || (acc->style == MINT_ARRAY_POINTER_CHAIN && acc->rank == 1))
      && copy->style == MINT_ARRAY_FIXED)
    acc->style = MINT_ARRAY_FIXED;
  if (acc->style != copy->style
      || (!flat_copy && acc->source_rank != copy->nextents))
    {
      if (mint_first_report (cx, acc->root))
        {
          char *name = mint_object_text (acc->root);
          error_n (loc, acc->source_rank, "mint: array %qs is used with "
                   "%d subscript in a way its %<copy%> directive does not "
                   "describe", "mint: array %qs is used with %d subscripts "
                   "in a way its %<copy%> directive does not describe",
                   name, acc->source_rank);
          inform_n (copy->loc, copy->nextents, "copied here with %d extent",
                    "copied here with %d extents", copy->nextents);
          free (name);
        }
      return false;
    }
  return true;
}

/* The structure member holding an array that REF, a member reference of
   the nest, names (`g->u', `s.a'), rebuilt; NULL_TREE with the reason in
   *WHY.  */
static tree
member_root (struct extract_ctx *cx, tree ref, const char **why)
{
  tree culprit = NULL_TREE;
  tree root = mint_nest_invariant_ref (cx, ref, &culprit);
  if (root && mint_member_ref_p (root))
    return root;
  if (culprit && AGGREGATE_TYPE_P (TREE_TYPE (culprit)))
    *why = "an array member of a structure variable assigned inside the "
           "loop nest (a structure's array members cannot be private to a "
           "point)";
  else if (culprit)
    *why = "an array through a pointer that is assigned inside the loop "
           "nest";
  else if (root)
    *why = "an array whose pointer is an element of an array of pointers, "
           "or is loaded through a pointer (as q[0][i] or (*pp)[i] are)";
  else
    *why = "an array through a structure member or an array of pointers "
           "at a subscript that varies";
  return NULL_TREE;
}

/* The array (a variable or a structure member) whose elements a pointer
   of the body starts from: ORIGIN itself, or the member it is loaded
   from.  NULL_TREE with the reason in *WHY.  */
static tree
pointer_root (struct extract_ctx *cx, tree origin, const char **why)
{
  gimple *def = body_pointer_definition (cx, origin);
  if (def && component_load_p (def))
    return member_root (cx, gimple_assign_rhs1 (def), why);
  if (mint_var_or_parm_p (origin))
    return origin;
  /* An array of fixed size passed to a helper's pointer parameter.  */
  if (tree array = mint_array_at (origin))
    if (mint_var_or_parm_p (array))
      return array;
  *why = "pointer arithmetic that is not an array subscript";
  return NULL_TREE;
}

/* Reports at LOC that the body uses an access it cannot offload, for WHY,
   once for its variable ROOT where it names one (an array whose copy was
   refused has had its error).  */
static void
report_access_problem (struct extract_ctx *cx, tree root, const char *why,
                       location_t loc)
{
  bool named = root && DECL_P (root) && DECL_NAME (root)
               && !DECL_ARTIFICIAL (root);
  if ((root && (mint_copy_refused_p (root)
                || (DECL_P (root) && !mint_first_report (cx, root))))
      || (!mint_first_report_at (cx, loc) && !named))
    return;
  if (named)
    error_at (loc, "mint: the loop body uses %s (%qD); it cannot be "
              "offloaded", why, root);
  else
    error_at (loc, "mint: the loop body uses %s; it cannot be offloaded",
              why);
}

/* Why the loop body cannot use the structure member REF that it reads
   but does not resolve to an array element.  */
static const char *
member_problem (struct extract_ctx *cx, tree ref)
{
  if (TREE_THIS_VOLATILE (ref) || TYPE_VOLATILE (TREE_TYPE (ref)))
    return "a volatile structure member";
  if (DECL_BIT_FIELD (TREE_OPERAND (ref, 1)))
    return "a bit-field";
  if (mint_member_of_local_p (cx, ref))
    return "a structure variable declared in the loop nest (only "
           "variables, arrays of scalars, and structures of scalars used "
           "member by member or copied whole can be private to a point)";
  return "a structure member at a subscript that varies (of an array of "
         "structures: keep each member in an array of its own, or such "
         "arrays as planes of one array, q[ll][k][i] or a flat index), or "
         "through a pointer that is assigned inside the loop nest";
}

/* Why the body's array DECL cannot be private to a point, or NULL; its
   element type into *ELEM and extents into EXTENT (room for
   KIR_MAX_DIMS), their number into *RANK.  */
const char *
mint_private_problem (tree decl, tree *elem, int *extent, int *rank)
{
  long long elements = 1;
  tree t = TREE_TYPE (decl);
  for (*rank = 0; TREE_CODE (t) == ARRAY_TYPE; t = TREE_TYPE (t))
    {
      tree n = array_type_nelts (t);
      if (*rank == KIR_MAX_DIMS)
        return "has more than 3 subscripts";
      if (!n || TREE_CODE (n) != INTEGER_CST || !tree_fits_shwi_p (n))
        return "has a variable length";
      extent[(*rank)++] = (int) MIN (tree_to_shwi (n) + 1, INT_MAX);
      elements *= extent[*rank - 1];
      if (elements > MAX_PRIVATE_ELEMENTS)
        return "has more than " NUMBER_TEXT (MAX_PRIVATE_ELEMENTS)
               " elements";
    }
  *elem = t;
  if (TREE_THIS_VOLATILE (decl) || TYPE_VOLATILE (t))
    return "is volatile";
  if (!mint_device_type_p (t))
    return "has elements of a type the device cannot hold";
  return NULL;
}

/* Whether the body's array DECL can be private to a point, used with
   NSUBS subscripts (-1: assigned whole); reports at LOC, once, why not.  */
bool
mint_check_private (struct extract_ctx *cx, tree decl, int nsubs,
                    location_t loc)
{
  tree elem;
  int extent[KIR_MAX_DIMS], rank;
  const char *why = mint_private_problem (decl, &elem, extent, &rank);
  if (!why && nsubs >= 0 && rank != nsubs)
    why = "is used other than element by element";
  /* Every use of it would say the same.  */
  if (why && mint_first_report (cx, decl))
    error_at (loc, mint_declared_outside (cx, decl)
              ? G_("mint: the private array %qD %s; it cannot be private to "
                   "a point")
              : G_("mint: the array %qD declared in the loop body %s; it "
                   "cannot be private to a point"), decl, why);
  return !why;
}

/* The access ACC to the body's array ACC->root with the NREV subscripts
   REV (the last first), private to a point.  Reports at LOC why it
   cannot be.  */
static bool
private_access (struct extract_ctx *cx, struct tree_access *acc,
                const struct tree_affine *rev, int nrev, location_t loc)
{
  if (!mint_check_private (cx, acc->root, nrev, loc))
    return false;
  acc->private_array = true;
  acc->rank = nrev;
  for (int i = 0; i < nrev; i++)
    acc->index[i] = rev[nrev - 1 - i];
  return true;
}

/* Where ORIGIN points to rows (T (*u)[nx]) and some of the byte OFFSETS
   added to it are whole rows (through a pointer of the body to a row,
   double *r = u[j]; r[i]): their row subscript into *ROW, the other
   offsets left in OFFSETS.  */
static bool
split_row_offsets (struct extract_ctx *cx, tree origin,
                   auto_vec<tree> *offsets, struct tree_affine *row)
{
  tree type = TREE_TYPE (origin);
  if (!POINTER_TYPE_P (type) || TREE_CODE (TREE_TYPE (type)) != ARRAY_TYPE)
    return false;
  auto_vec<tree> rows, rest;
  for (tree off : *offsets)
    {
      auto_vec<tree> one;
      one.safe_push (off);
      struct tree_affine whole;
      memset (&whole, 0, sizeof whole);
      if (vla_first_subscript (cx, TREE_TYPE (type), one, &whole))
        rows.safe_push (off);
      else
        rest.safe_push (off);
    }
  memset (row, 0, sizeof *row);
  if (rows.is_empty ()
      || !vla_first_subscript (cx, TREE_TYPE (type), rows, row))
    return false;
  offsets->truncate (0);
  for (tree off : rest)
    offsets->safe_push (off);
  return true;
}

/* ---- planes ---------------------------------------------------------- */

/* The value of the subscript A over the nest's invariants, in the
   widest type of its variables and int, or NULL_TREE where it changes
   in the nest (or the host cannot compute it before the nest).  */
static tree
plane_of (struct extract_ctx *cx, const struct tree_affine *a)
{
  if (a->nterms > KIR_MAX_TERMS)
    return NULL_TREE;
  tree value[KIR_MAX_TERMS], type = integer_type_node;
  for (int i = 0; i < a->nterms; i++)
    {
      tree culprit = NULL_TREE;
      value[i] = mint_invariant_expr (cx, a->leaf[i], &culprit);
      if (!value[i] || !INTEGRAL_TYPE_P (TREE_TYPE (value[i])))
        return NULL_TREE;
      if (TYPE_PRECISION (TREE_TYPE (value[i])) > TYPE_PRECISION (type))
        type = TREE_TYPE (value[i]);
    }
  tree plane = build_int_cst (type, a->constant);
  for (int i = 0; i < a->nterms; i++)
    plane = fold_build2 (PLUS_EXPR, type, plane,
                         fold_build2 (MULT_EXPR, type,
                                      fold_convert (type, value[i]),
                                      build_int_cst (type, a->coeff[i])));
  return plane;
}

/* Whether P and Q, planes or NULL_TREE, are the same.  */
bool
mint_same_plane (tree p, tree q)
{
  return p == q || (p && q && operand_equal_p (p, q, 0));
}

static bool same_terms (const struct tree_affine *,
                        const struct tree_affine *);

/* Records that an access of the nest has the first subscript FORM,
   whose value is PLANE, in ROOT of RANK subscripts.  */
static void
note_plane (struct extract_ctx *cx, tree root, tree plane,
            const struct tree_affine *form, int rank)
{
  for (const struct plane_use &u : cx->planes)
    if (mint_same_object (u.root, root) && mint_same_plane (u.plane, plane)
        && same_terms (&u.form, form) && u.form.constant == form->constant)
      return;
  struct plane_use u = { root, plane, *form, rank };
  cx->planes.safe_push (u);
}

/* Whether the kernel indexes ROOT, of 3 subscripts or fewer, plane by
   plane (mint_choose_plane_arrays).  */
static bool
plane_array_p (struct extract_ctx *cx, tree root)
{
  for (tree r : cx->plane_arrays)
    if (mint_same_object (r, root))
      return true;
  return false;
}

/* Whether the first subscripts F and G are the same terms (variables of
   the body and coefficients), their constants aside: the dependence
   analysis compares those (dependence.h).  */
static bool
same_terms (const struct tree_affine *f, const struct tree_affine *g)
{
  if (f->nterms != g->nterms)
    return false;
  for (int i = 0; i < f->nterms; i++)
    {
      int j = 0;
      while (j < g->nterms
             && (g->leaf[j] != f->leaf[i] || g->coeff[j] != f->coeff[i]))
        j++;
      if (j == g->nterms)
        return false;
    }
  return true;
}

/* Chooses the arrays of 3 subscripts or fewer that the kernel indexes
   plane by plane, as arrays of their own: those whose every access has a
   first subscript that does not change in the nest, at planes that are
   the same or differ (the double buffer A[t % 2][y][x] and
   A[(t + 1) % 2][y][x], the components q[0] and q[1], the planes t[z]
   and t[z - 1] of a loop around the nest).  The dependence analysis
   then compares planes as arrays, and the optimizer sees grids of the
   nest's rank instead of an array with a subscript that is no loop
   variable.  Whether it chose one.  */
bool
mint_choose_plane_arrays (struct extract_ctx *cx)
{
  bool chosen = false;
  for (const struct plane_use &u : cx->planes)
    {
      if (u.rank == MAX_SUBSCRIPTS || plane_array_p (cx, u.root))
        continue;
      bool all = true, differ = true;
      for (const struct plane_use &v : cx->planes)
        if (mint_same_object (v.root, u.root))
          {
            all &= v.plane != NULL_TREE;
            if (u.plane && v.plane && &v != &u)
              differ &= mint_same_plane (u.plane, v.plane)
                        || mint_planes_differ (u.plane, v.plane,
                                               cx->nest->marker);
          }
      if (all && differ)
        {
          cx->plane_arrays.safe_push (u.root);
          chosen = true;
        }
    }
  return chosen;
}

/* REF's byte offset (its own and OFFSETS, added to its pointer) as a
   number of its elements into *A: whether it is a whole number of them
   (affine_divide).  */
static bool
element_offset (struct extract_ctx *cx, tree ref,
                const auto_vec<tree> &offsets, struct tree_affine *a)
{
  a->constant = mem_ref_offset (ref).force_shwi ().to_constant ();
  for (tree off : offsets)
    affine_of (cx, off, 1, a);
  return a->nterms <= KIR_MAX_TERMS
         && affine_divide (cx, a, int_size_in_bytes (TREE_TYPE (ref)));
}

/* Where REF (*p) reads or writes through a pointer of the body to a row
   of an array (const double *r = A[j], or &A[j][0], then r[i - 1]; also
   the address itself, *(&a[i] + 1)): the row's reference (A[j]) into
   *ROW and the element's subscript in the row (i - 1) into *X, so that
   REF is (*ROW)[*X].  */
static bool
row_address_access (struct extract_ctx *cx, tree ref, tree *row,
                    struct tree_affine *x)
{
  if (TREE_CODE (ref) != MEM_REF)
    return false;
  auto_vec<tree> offsets;
  tree origin = pointer_origin (cx, TREE_OPERAND (ref, 0), &offsets);
  gimple *def = body_pointer_definition (cx, origin);
  if (!def || !gimple_assign_single_p (def)
      || TREE_CODE (gimple_assign_rhs1 (def)) != ADDR_EXPR)
    return false;
  tree r = TREE_OPERAND (gimple_assign_rhs1 (def), 0);
  tree element = TYPE_MAIN_VARIANT (TREE_TYPE (ref));
  if (TREE_CODE (r) != ARRAY_REF)
    return false;
  memset (x, 0, sizeof *x);
  if (!element_offset (cx, ref, offsets, x))
    return false;
  if (TYPE_MAIN_VARIANT (TREE_TYPE (r)) == element
      && integer_zerop (array_ref_low_bound (r)))
    {
      /* &A[j][k]: the row A[j], from element k.  */
      affine_of (cx, TREE_OPERAND (r, 1), 1, x);
      r = TREE_OPERAND (r, 0);
    }
  tree type = TREE_TYPE (r);
  if (TREE_CODE (type) != ARRAY_TYPE
      || TYPE_MAIN_VARIANT (TREE_TYPE (type)) != element)
    return false;
  *row = r;
  return true;
}

/* Resolves the load or store operand REF to an array element.  Reports
   failures at LOC.  */
bool
mint_resolve_access (struct extract_ctx *cx, tree ref, location_t loc,
                     struct tree_access *acc)
{
  memset (acc, 0, sizeof *acc);
  tree element = ref;
  /* Subscripts from the last (x) to the first.  */
  struct tree_affine rev[MAX_SUBSCRIPTS];
  int nrev = 0;
  memset (rev, 0, sizeof rev);
  tree row;
  if (row_address_access (cx, ref, &row, &rev[0]))
    {
      /* r[i] of const double *r = A[j]: A[j][i].  */
      nrev++;
      ref = row;
    }
  tree subs[MAX_SUBSCRIPTS];
  int nsubs = 0;
  const char *why = NULL;
  while (TREE_CODE (ref) == ARRAY_REF && nsubs + nrev < MAX_SUBSCRIPTS)
    {
      if (!integer_zerop (array_ref_low_bound (ref)))
        why = "an array with a nonzero lower bound";
      subs[nsubs++] = TREE_OPERAND (ref, 1);
      ref = TREE_OPERAND (ref, 0);
    }
  for (int i = 0; i < nsubs; i++)
    affine_of (cx, subs[i], 1, &rev[nrev++]);

  bool array_type = TREE_CODE (TREE_TYPE (ref)) == ARRAY_TYPE;
  /* A local variable-length array, *u.2: the array u itself.  */
  if (TREE_CODE (ref) == MEM_REF && array_type
      && integer_zerop (TREE_OPERAND (ref, 1))
      && mint_vla_of_pointer (TREE_OPERAND (ref, 0)))
    ref = mint_vla_of_pointer (TREE_OPERAND (ref, 0));
  if (mint_var_or_parm_p (ref) && array_type && nrev > 0)
    {
      acc->root = ref;
      acc->style = MINT_ARRAY_FIXED;
    }
  else if (TREE_CODE (ref) == COMPONENT_REF && array_type && nrev > 0)
    {
      /* T a[NZ][NY][NX] as a member: s.a[z][y][x], p->a[z][y][x].  */
      acc->root = member_root (cx, ref, &why);
      acc->style = MINT_ARRAY_FIXED;
    }
  else if (TREE_CODE (ref) == MEM_REF && nrev > 0 && array_type)
    {
      auto_vec<tree> offsets;
      tree origin = pointer_origin (cx, TREE_OPERAND (ref, 0), &offsets);
      acc->root = pointer_root (cx, origin, &why);
      if (nrev == MAX_SUBSCRIPTS)
        why = "an array of more than 4 subscripts";
      else if (viewed_as_array_p (origin, TREE_TYPE (ref)))
        why = "a pointer cast to a variably modified type in the body, as "
              "in ((T (*)[n]) p)[y][x] (declare a pointer of that type "
              "before the region, T (*q)[n] = (T (*)[n]) p, and copy q "
              "with its extents)";
      else if (!integer_zerop (TREE_OPERAND (ref, 1))
               || !vla_first_subscript (cx, TREE_TYPE (ref), offsets,
                                        &rev[nrev++]))
        why = "pointer arithmetic that is not a subscript of a variably "
              "modified pointer";
      else if (other_extents_p (cx, origin, TREE_TYPE (ref)))
        why = "an array through a type whose extents may not be its own "
              "(a helper's parameter given other extents than the array's)";
      acc->style = MINT_ARRAY_VLA_POINTER;
    }
  else if (TREE_CODE (ref) == MEM_REF && nrev == 0)
    {
      /* T ***a or T *a: one pointer load per subscript.  */
      acc->style = MINT_ARRAY_POINTER_CHAIN;
      while (!why)
        {
          auto_vec<tree> offsets;
          tree origin = pointer_origin (cx, TREE_OPERAND (ref, 0), &offsets);
          if (nrev == KIR_MAX_DIMS)
            {
              acc->root = mint_reference_root (ref);
              why = "more than 3 subscripts";
              break;
            }
          struct tree_affine row;
          bool row_split = nrev == 0
                           && split_row_offsets (cx, origin, &offsets, &row);
          if (!element_offset (cx, ref, offsets, &rev[nrev++]))
            why = rev[nrev - 1].nterms > KIR_MAX_TERMS
                  ? "a subscript of more than " NUMBER_TEXT (KIR_MAX_TERMS)
                    " terms"
                  : "a byte offset that is not a whole number of elements";
          if (row_split)
            {
              /* r[i] of double *r = u[j], u a T (*)[nx]: u[j][i].  */
              rev[nrev++] = row;
              acc->style = MINT_ARRAY_VLA_POINTER;
            }
          gimple *def = body_pointer_definition (cx, origin);
          if (def && gimple_assign_load_p (def)
              && TREE_CODE (gimple_assign_rhs1 (def)) == MEM_REF)
            ref = gimple_assign_rhs1 (def);
          else
            {
              acc->root = pointer_root (cx, origin, &why);
              break;
            }
        }
    }
  else if (TREE_CODE (ref) == COMPONENT_REF)
    {
      why = member_problem (cx, ref);
      if (tree local = mint_local_structure_of (cx, ref))
        acc->root = local;
    }
  else if (TREE_CODE (ref) == ARRAY_REF)
    {
      acc->root = get_base_address (ref);
      why = "an array of more than 4 subscripts";
    }
  else
    {
      acc->root = get_base_address (ref);
      tree type = acc->root ? TREE_TYPE (acc->root) : NULL_TREE;
      if (type && TREE_CODE (type) == COMPLEX_TYPE)
        why = "a complex value, which the device code cannot hold (keep its "
              "real and imaginary parts in variables of their own)";
      else if (type && TREE_CODE (type) == VECTOR_TYPE)
        why = "a vector value, which the device code cannot hold";
      else
        why = "an access the kernel cannot express";
    }

  for (int i = 0; i < nrev && !why; i++)
    if (rev[i].nterms > KIR_MAX_TERMS)
      why = "a subscript with too many variables";
  if (!why && mint_private_array_p (cx, acc->root))
    return private_access (cx, acc, rev, nrev, loc);
  if (!why && mint_var_or_parm_p (acc->root)
      && cx->nest_written.contains (acc->root))
    why = string_literal_pointer_p (acc->root)
          ? "a pointer to a string literal, which the device code cannot "
            "read (index a static const char array of its characters "
            "instead)"
          : mint_declared_outside (cx, acc->root)
          ? "a pointer that is assigned inside the loop nest"
          : "a pointer of the loop body that is not set once, before its "
            "uses, to an array plus an offset that keeps its value up to "
            "the uses";
  if (why)
    {
      report_access_problem (cx, acc->root, why, loc);
      return false;
    }
  acc->source_rank = nrev;
  if ((acc->style == MINT_ARRAY_FIXED || acc->style == MINT_ARRAY_VLA_POINTER)
      && nrev >= 2)
    {
      const struct tree_affine *first = &rev[nrev - 1];
      tree plane = plane_of (cx, first);
      note_plane (cx, acc->root, plane, first, nrev);
      if (nrev == MAX_SUBSCRIPTS && !plane)
        {
          /* Once a place: both arms of a ?: have the location of the
             expression.  */
          if (!mint_first_report_at (cx, loc))
            return false;
          char *name = mint_object_text (acc->root);
          error_at (loc, "mint: the first subscript of the 4-D array %qs "
                    "must not change in the loop nest: it selects the 3-D "
                    "array the kernel indexes, which the host computes "
                    "before the nest", name);
          free (name);
          return false;
        }
      if (plane && (nrev == MAX_SUBSCRIPTS || plane_array_p (cx, acc->root)))
        {
          acc->plane = plane;
          nrev--;
        }
    }
  acc->rank = nrev;
  for (int i = 0; i < nrev; i++)
    acc->index[i] = rev[nrev - 1 - i];
  return check_array (cx, acc, element, loc);
}
