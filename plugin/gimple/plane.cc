/* plane.cc -- planes selected by subscripts that do not change in a loop
   nest (plane.h).  */

#include "gcc-compat.h"
#include "attr-fnspec.h"
#include "kir.h"
#include "directive.h"
#include "nest.h"
#include "rewrite.h"
#include "plane.h"

/* ---- values assigned before the nest ---------------------------------- */

/* The statements that run before MARKER, the nearest first, at most
   this many: those of the blocks that dominate it, and as assignments
   that may have run (KILL), those of the blocks on the paths between
   each of them and the next (an earlier nest's loops, a branch); and
   whether the values read off them are folded (FOLD), or kept in the
   program's form for comparing planes: fold makes 1 - (g & 1)
   (g & 1) == 0, and 3 - (g & 3) ~g & 3, which are no sums.  */
#define MAX_PATH 4096

struct straight_path
{
  int n;
  gimple *stmt[MAX_PATH];
  bool kill[MAX_PATH];
  bool fold;
};

/* Adds the statements of BB before GSI (all of them where GSI is at
   its end), the last first.  False where the path is full.  */
static bool
path_add_block (struct straight_path *path, gimple_stmt_iterator gsi,
                bool kill)
{
  for (; !gsi_end_p (gsi); gsi_prev (&gsi))
    {
      if (path->n == MAX_PATH)
        return false;
      if (is_gimple_debug (gsi_stmt (gsi)))
        continue;
      path->stmt[path->n] = gsi_stmt (gsi);
      path->kill[path->n++] = kill;
    }
  return true;
}

/* Adds as kills the statements of the blocks on the paths from DOM, the
   immediate dominator of BB, to BB.  */
static bool
path_add_between (struct straight_path *path, basic_block dom, basic_block bb)
{
  auto_vec<basic_block> work;
  auto_bitmap seen;
  bitmap_set_bit (seen, dom->index);
  bitmap_set_bit (seen, bb->index);
  work.safe_push (bb);
  while (!work.is_empty ())
    {
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, work.pop ()->preds)
        if (bitmap_set_bit (seen, e->src->index))
          {
            if (!path_add_block (path, gsi_last_bb (e->src), true))
              return false;
            work.safe_push (e->src);
          }
    }
  return true;
}

static void
path_before (gimple *marker, struct straight_path *path)
{
  path->n = 0;
  basic_block bb = gimple_bb (marker);
  gimple_stmt_iterator gsi = gsi_for_stmt (marker);
  gsi_prev (&gsi);
  if (!path_add_block (path, gsi, false)
      || !dom_info_available_p (CDI_DOMINATORS))
    return;
  for (;;)
    {
      basic_block dom = get_immediate_dominator (CDI_DOMINATORS, bb);
      if (!dom || dom == ENTRY_BLOCK_PTR_FOR_FN (cfun))
        return;
      bool straight = single_pred_p (bb) && single_pred (bb) == dom;
      if ((!straight && !path_add_between (path, dom, bb))
          || !path_add_block (path, gsi_last_bb (dom), false))
        return;
      bb = dom;
    }
}

/* Whether V is a variable no call or store through a pointer can change:
   a local whose address is never taken, or such a parameter.  */
static bool
private_variable_p (tree v)
{
  return (VAR_P (v) || TREE_CODE (v) == PARM_DECL) && !is_global_var (v)
         && !TREE_ADDRESSABLE (v);
}

/* Whether V is such a variable of an integer type.  */
static bool
private_scalar_p (tree v)
{
  return private_variable_p (v) && INTEGRAL_TYPE_P (TREE_TYPE (v));
}

/* Whether S assigns V, or may (an asm with outputs).  */
static bool
may_assign (gimple *s, tree v)
{
  gasm *as = dyn_cast<gasm *> (s);
  return gimple_get_lhs (s) == v || (as && gimple_asm_noutputs (as) > 0);
}

/* Whether the statement at index AT of PATH or one after it (nearer
   MARKER) may assign V: the value of V that statement reads is then not
   V's at MARKER.  */
static bool
assigned_since (const struct straight_path *path, int at, tree v)
{
  for (int i = 0; i <= at; i++)
    if (may_assign (path->stmt[i], v))
      return true;
  return false;
}

static tree path_rhs (const struct straight_path *, int, int);

/* Whether a store of STORE's type may change REF by C's rules (whatever
   -fstrict-aliasing says): any store where REF is no integer, else a
   store of a structure, a union, an array, a character or an integer of
   REF's width.  */
static bool
types_may_alias (tree store, tree ref)
{
  tree st = TREE_TYPE (store);
  return !INTEGRAL_TYPE_P (TREE_TYPE (ref)) || AGGREGATE_TYPE_P (st)
         || (INTEGRAL_TYPE_P (st)
             && (TYPE_PRECISION (st) == CHAR_TYPE_SIZE
                 || TYPE_PRECISION (st) == TYPE_PRECISION (TREE_TYPE (ref))));
}

/* Whether CALL writes no memory but errno: a function GCC knows to be
   const or pure but for errno (sqrt, exp), given no pointer.  */
static bool
writes_errno_only (gcall *call)
{
  attr_fnspec spec = gimple_call_fnspec (call);
  if (!spec.known_p () || spec.global_memory_written_p ())
    return false;
  for (unsigned i = 0; i < gimple_call_num_args (call); i++)
    if (POINTER_TYPE_P (TREE_TYPE (gimple_call_arg (call, i))))
      return false;
  return true;
}

/* Whether S may change the memory REF reads: a call other than one of
   a const or pure function (fabs), of mint's own markers (__mint_copy,
   __mint_for ...), which change no memory of the program before the
   pass rewrites them, of an earlier nest's launch, or, where REF is a
   structure's member, of one that writes errno only (errno is an int of
   its own), an asm, or a store that may alias REF (by its type, and by
   GCC's alias oracle: its bases).  */
static bool
may_clobber (gimple *s, tree ref)
{
  if (gcall *call = dyn_cast<gcall *> (s))
    {
      tree fn = gimple_call_fndecl (call);
      return !(gimple_call_flags (call) & (ECF_CONST | ECF_PURE))
             && (!fn || strncmp (IDENTIFIER_POINTER (DECL_NAME (fn)),
                                 "__mint_", 7) != 0)
             && !mint_rewritten_launch_p (s)
             && !(TREE_CODE (ref) == COMPONENT_REF
                  && writes_errno_only (call));
    }
  if (is_a<gasm *> (s))
    return true;
  tree lhs = gimple_get_lhs (s);
  return lhs && !is_gimple_reg (lhs) && types_may_alias (lhs, ref)
         && refs_may_alias_p (lhs, ref, true);
}

/* Whether S may change T, a variable or a load that an expression
   evaluated after S reads: S assigns the variable, or, where a call or a
   store through a pointer can reach T, may write it.  */
bool
mint_may_change (gimple *s, tree t)
{
  return may_assign (s, t) || (!private_variable_p (t) && may_clobber (s, t));
}

/* Whether REF, an integer member or element read through a pointer or
   structure that keeps its value up to MARKER (p->nx), keeps its value
   from the statement at index AT of PATH up to MARKER.  */
static bool
load_keeps (const struct straight_path *path, int at, tree ref)
{
  if (TREE_THIS_VOLATILE (ref) || !INTEGRAL_TYPE_P (TREE_TYPE (ref))
      || (TREE_CODE (ref) != COMPONENT_REF && TREE_CODE (ref) != MEM_REF))
    return false;
  tree base = get_base_address (ref);
  if (base && TREE_CODE (base) == MEM_REF)
    base = TREE_OPERAND (base, 0);
  if (!base || !private_variable_p (base)
      || !POINTER_TYPE_P (TREE_TYPE (base))
      || assigned_since (path, at, base))
    return false;
  for (int i = 0; i < at; i++)
    if (may_clobber (path->stmt[i], ref))
      return false;
  return true;
}

/* The integer value that the last assignment of the private scalar T on
   PATH from index FROM on (towards its start) gives it, converted to T's
   type; NULL_TREE where PATH assigns none there or one it cannot
   follow.  */
static tree
assigned_value (const struct straight_path *path, int from, tree t,
                int depth)
{
  for (int i = from; i < path->n; i++)
    if (may_assign (path->stmt[i], t))
      {
        tree value = path->kill[i] || gimple_get_lhs (path->stmt[i]) != t
                     ? NULL_TREE : path_rhs (path, i, depth);
        return value && INTEGRAL_TYPE_P (TREE_TYPE (value))
               ? fold_convert (TREE_TYPE (t), value) : NULL_TREE;
      }
  return NULL_TREE;
}

/* Operand T of the statement at index AT of PATH as an expression valid
   at MARKER, or NULL_TREE: constants, variables that keep their value up
   to MARKER, loads that do (load_keeps), SSA names computed on the
   path.  */
static tree
path_operand (const struct straight_path *path, int at, tree t, int depth)
{
  if (TREE_CODE (t) == INTEGER_CST)
    return t;
  if (private_scalar_p (t))
    {
      if (assigned_since (path, at, t))
        return NULL_TREE;
      /* Its value where the path assigns it before (`int c = t % 2;
         int n = 1 - c;'), so that both reads of it are one value.  */
      tree value = depth > 0 ? assigned_value (path, at + 1, t, depth - 1)
                             : NULL_TREE;
      return value ? value : t;
    }
  if (load_keeps (path, at, t))
    return unshare_expr (t);
  if (TREE_CODE (t) != SSA_NAME || depth == 0)
    return NULL_TREE;
  for (int i = at + 1; i < path->n; i++)
    if (gimple_get_lhs (path->stmt[i]) == t)
      return path->kill[i] ? NULL_TREE : path_rhs (path, i, depth - 1);
  return NULL_TREE;
}

/* The right-hand side of the assignment at index AT of PATH, or
   NULL_TREE.  */
static tree
path_rhs (const struct straight_path *path, int at, int depth)
{
  gassign *s = dyn_cast<gassign *> (path->stmt[at]);
  if (!s)
    return NULL_TREE;
  enum tree_code code = gimple_assign_rhs_code (s);
  tree type = TREE_TYPE (gimple_assign_lhs (s));
  tree a = path_operand (path, at, gimple_assign_rhs1 (s), depth);
  switch (get_gimple_rhs_class (code))
    {
    case GIMPLE_SINGLE_RHS:
      return a;
    case GIMPLE_UNARY_RHS:
      if (!a)
        return NULL_TREE;
      return path->fold ? fold_build1 (code, type, a)
                        : build1 (code, type, a);
    case GIMPLE_BINARY_RHS:
      {
        tree b = a ? path_operand (path, at, gimple_assign_rhs2 (s), depth)
                   : NULL_TREE;
        if (!b)
          return NULL_TREE;
        return path->fold ? fold_build2 (code, type, a, b)
                          : build2 (code, type, a, b);
      }
    default:
      return NULL_TREE;
    }
}

/* Replaces *TP, where it is a variable that the path DATA assigns an
   expression last, by that expression.  */
static tree
substitute_cb (tree *tp, int *walk_subtrees, void *data)
{
  const struct straight_path *path = (const struct straight_path *) data;
  if (!private_scalar_p (*tp))
    return NULL_TREE;
  *walk_subtrees = 0;
  if (tree value = assigned_value (path, 0, *tp, 4))
    *tp = value;
  return NULL_TREE;
}

/* mint_value_before, its values folded where FOLD.  */
static tree
value_before (tree expr, gimple *marker, bool fold)
{
  struct straight_path path;
  path.fold = fold;
  path_before (marker, &path);
  tree value = unshare_expr (expr);
  walk_tree (&value, substitute_cb, &path, NULL);
  return value;
}

tree
mint_value_before (tree expr, gimple *marker)
{
  return value_before (expr, marker, true);
}

/* ---- comparing planes ------------------------------------------------- */

#define MAX_ATOMS 8

/* An integer expression as CONSTANT + sum COEFF[i] * ATOM[i]; an atom is
   any other subexpression, compared by operand_equal_p.  */
struct linear_form
{
  HOST_WIDE_INT constant;
  int natoms;
  tree atom[MAX_ATOMS];
  HOST_WIDE_INT coeff[MAX_ATOMS];
};

/* T through the integer conversions that keep every value apart (to at
   least as many bits).  */
static tree
strip_injective (tree t)
{
  while (CONVERT_EXPR_P (t) && INTEGRAL_TYPE_P (TREE_TYPE (t))
         && INTEGRAL_TYPE_P (TREE_TYPE (TREE_OPERAND (t, 0)))
         && TYPE_PRECISION (TREE_TYPE (t))
            >= TYPE_PRECISION (TREE_TYPE (TREE_OPERAND (t, 0))))
    t = TREE_OPERAND (t, 0);
  return t;
}

/* F += MULT * T, T an atom; an atom whose coefficient comes to 0
   goes.  */
static bool
add_atom (struct linear_form *f, tree t, HOST_WIDE_INT mult)
{
  for (int i = 0; i < f->natoms; i++)
    if (operand_equal_p (f->atom[i], t, 0))
      {
        if (__builtin_add_overflow (f->coeff[i], mult, &f->coeff[i]))
          return false;
        if (f->coeff[i] == 0)
          {
            f->natoms--;
            f->atom[i] = f->atom[f->natoms];
            f->coeff[i] = f->coeff[f->natoms];
          }
        return true;
      }
  if (f->natoms == MAX_ATOMS)
    return false;
  f->atom[f->natoms] = t;
  f->coeff[f->natoms++] = mult;
  return true;
}

/* F += MULT * T.  */
static bool
linear_add (struct linear_form *f, tree t, HOST_WIDE_INT mult)
{
  t = strip_injective (t);
  HOST_WIDE_INT c;
  switch (TREE_CODE (t))
    {
    case INTEGER_CST:
      return tree_fits_shwi_p (t)
             && !__builtin_mul_overflow (tree_to_shwi (t), mult, &c)
             && !__builtin_add_overflow (f->constant, c, &f->constant);
    case PLUS_EXPR:
      return linear_add (f, TREE_OPERAND (t, 0), mult)
             && linear_add (f, TREE_OPERAND (t, 1), mult);
    case MINUS_EXPR:
      return linear_add (f, TREE_OPERAND (t, 0), mult)
             && linear_add (f, TREE_OPERAND (t, 1), -mult);
    case NEGATE_EXPR:
      return linear_add (f, TREE_OPERAND (t, 0), -mult);
    case MULT_EXPR:
      for (int i = 0; i < 2; i++)
        if (TREE_CODE (TREE_OPERAND (t, i)) == INTEGER_CST
            && tree_fits_shwi_p (TREE_OPERAND (t, i))
            && !__builtin_mul_overflow (tree_to_shwi (TREE_OPERAND (t, i)),
                                        mult, &c))
          return linear_add (f, TREE_OPERAND (t, 1 - i), c);
      return add_atom (f, t, mult);
    default:
      return add_atom (f, t, mult);
    }
}

/* A - B as a linear form, into D.  */
static bool
linear_difference (tree a, tree b, struct linear_form *d)
{
  memset (d, 0, sizeof *d);
  return linear_add (d, a, 1) && linear_add (d, b, -1);
}

/* Whether the form D is 0 for no integer values of its atoms, also in
   arithmetic modulo a power of 2: the largest power of 2 that divides
   every coefficient does not divide the constant.  */
static bool
never_zero (const struct linear_form *d)
{
  unsigned HOST_WIDE_INT bits = 0;
  for (int i = 0; i < d->natoms; i++)
    bits |= (unsigned HOST_WIDE_INT) d->coeff[i];
  if (bits == 0)
    return d->constant != 0;
  unsigned HOST_WIDE_INT power = bits & -bits;
  return (unsigned HOST_WIDE_INT) d->constant % power != 0;
}

/* The modulus of T, X % M or X & (M - 1) with M a power of 2 (into *M),
   where every two values of X a multiple of M apart give one residue and
   others different ones: M a power of 2, or a signed X, which C does not
   let wrap around.  X, or NULL_TREE.  */
static tree
residue_of (tree t, enum tree_code *code, HOST_WIDE_INT *m)
{
  t = strip_injective (t);
  tree c = TREE_CODE (t) == TRUNC_MOD_EXPR || TREE_CODE (t) == BIT_AND_EXPR
           ? TREE_OPERAND (t, 1) : NULL_TREE;
  if (!c || TREE_CODE (c) != INTEGER_CST || !tree_fits_shwi_p (c)
      || tree_to_shwi (c) <= 0)
    return NULL_TREE;
  *code = TREE_CODE (t);
  *m = tree_to_shwi (c) + (*code == BIT_AND_EXPR);
  bool power_of_2 = (*m & (*m - 1)) == 0;
  if ((*code == BIT_AND_EXPR && !power_of_2)
      || (!power_of_2 && TYPE_UNSIGNED (TREE_TYPE (t))))
    return NULL_TREE;
  return TREE_OPERAND (t, 0);
}

/* Whether residues A and B (residue_of) of values a constant apart that
   their modulus does not divide always differ.  For C's %, X % M and
   (X + C) % M of X and X + C of one sign are congruent to them; of
   opposite signs, both would have to be 0.  */
static bool
residues_differ (tree a, tree b)
{
  enum tree_code ca, cb;
  HOST_WIDE_INT ma, mb;
  tree xa = residue_of (a, &ca, &ma), xb = residue_of (b, &cb, &mb);
  struct linear_form d;
  return xa && xb && ca == cb && ma == mb && linear_difference (xa, xb, &d)
         && d.natoms == 0 && d.constant % ma != 0;
}

/* Whether A and B are X ^ C and X ^ D (X counting as X ^ 0) with
   constants C != D.  */
static bool
flips_differ (tree a, tree b)
{
  HOST_WIDE_INT flip[2] = { 0, 0 };
  tree x[2] = { strip_injective (a), strip_injective (b) };
  for (int i = 0; i < 2; i++)
    if (TREE_CODE (x[i]) == BIT_XOR_EXPR
        && TREE_CODE (TREE_OPERAND (x[i], 1)) == INTEGER_CST
        && tree_fits_shwi_p (TREE_OPERAND (x[i], 1)))
      {
        flip[i] = tree_to_shwi (TREE_OPERAND (x[i], 1));
        x[i] = strip_injective (TREE_OPERAND (x[i], 0));
      }
  return flip[0] != flip[1] && operand_equal_p (x[0], x[1], 0);
}

/* Whether A is the logical negation of B, !X (X == 0) and X: 1 where
   X is 0, else 0, never X.  */
static bool
negation_of (tree a, tree b)
{
  a = strip_injective (a);
  tree x = TREE_CODE (a) == TRUTH_NOT_EXPR ? TREE_OPERAND (a, 0)
           : TREE_CODE (a) == EQ_EXPR && integer_zerop (TREE_OPERAND (a, 1))
             ? TREE_OPERAND (a, 0) : NULL_TREE;
  return x && INTEGRAL_TYPE_P (TREE_TYPE (x))
         && operand_equal_p (strip_injective (x), strip_injective (b), 0);
}

bool
mint_planes_differ (tree a, tree b, gimple *marker)
{
  a = value_before (a, marker, false);
  b = value_before (b, marker, false);
  struct linear_form d;
  return (linear_difference (a, b, &d) && never_zero (&d))
         || residues_differ (a, b) || flips_differ (a, b)
         || negation_of (a, b) || negation_of (b, a);
}
