/* translate.cc -- a loop nest's body in GIMPLE -> Kernel IR statements
   (translate.h): the scalars, locals, arrays and private arrays the
   kernel needs, one kernel IR statement or more per GIMPLE statement,
   branches and switches as the blocks' successors, and the tests that
   skip the points before a loop's start where that depends on outer
   loops.  */

#include "gcc-compat.h"
#include "kir.h"
#include "directive.h"
#include "member.h"
#include "device-type.h"
#include "nest.h"
#include "reference.h"
#include "extract-context.h"
#include "nest-recognition.h"
#include "body-checks.h"
#include "subscripts.h"
#include "translate.h"
#include "trial.h"

static const char *
decl_name (tree decl)
{
  return DECL_NAME (decl) ? IDENTIFIER_POINTER (DECL_NAME (decl)) : "tmp";
}

/* NAME made a C identifier that no local, scalar, array or private array
   of the kernel has yet (kir_name_taken).  */
static char *
unique_name (const struct kir_kernel *k, const char *name)
{
  size_t len = strlen (name);
  char *base = XNEWVEC (char, len + 2);
  size_t j = 0;
  if (!ISALPHA (name[0]) && name[0] != '_')
    base[j++] = 'v';
  for (size_t i = 0; i < len; i++)
    base[j++] = ISALNUM (name[i]) ? name[i] : '_';
  base[j] = 0;

  char *out = xstrdup (base);
  for (int n = 1; kir_name_taken (k, out); n++)
    {
      free (out);
      out = xasprintf ("%s_%d", base, n);
    }
  XDELETEVEC (base);
  return out;
}

static int
new_local (struct extract_ctx *cx, const char *name, enum kir_type type)
{
  char *unique = unique_name (cx->k, name);
  int l = kir_add_local (cx->k, unique, type);
  if (strcmp (unique, name) != 0)
    kir_set_local_source (cx->k, l, xstrdup (name));
  free (unique);
  return l;
}

/* TEXT (malloc'ed) made an identifier: each run of punctuation one '_'
   ("p->dt" -> "p_dt"); the caller frees it.  */
static char *
text_identifier (char *text)
{
  size_t j = 0;
  for (size_t i = 0; text[i]; i++)
    if (ISALNUM (text[i]) || text[i] == '_')
      text[j++] = text[i];
    else if (j > 0 && text[j - 1] != '_')
      text[j++] = '_';
  while (j > 1 && text[j - 1] == '_')
    j--;
  text[j] = 0;
  return text;
}

/* OBJECT's name for the kernel IR (text_identifier); the caller frees
   it.  */
static char *
object_identifier (tree object)
{
  return text_identifier (mint_object_text (object));
}

int
mint_scalar_for (struct extract_ctx *cx, tree object, location_t loc)
{
  for (unsigned i = 0; i < cx->nest->scalars.length (); i++)
    if (mint_same_object (cx->nest->scalars[i], object))
      return i;
  enum kir_type type = mint_kir_type (TREE_TYPE (object));
  /* Scalars travel as int at least (mintrt.h's signatures).  */
  if (type == KIR_BOOL || type == KIR_I8 || type == KIR_I16)
    type = KIR_I32;
  else if (type == KIR_U8 || type == KIR_U16)
    type = KIR_U32;
  char *text = mint_object_text (object);
  if (type == KIR_VOID)
    {
      if (POINTER_TYPE_P (TREE_TYPE (object)))
        error_at (loc, "mint: pointer %qs is used in the loop body other "
                  "than to subscript an array; this cannot be offloaded",
                  text);
      else
        error_at (loc, "mint: %qs has a type that cannot be passed to the "
                  "device", text);
      free (text);
      cx->ok = false;
      return -1;
    }
  char *id = text_identifier (xstrdup (text));
  char *name = unique_name (cx->k, id);
  int s = kir_add_scalar (cx->k, name, type);
  if (strcmp (name, text) != 0)
    kir_set_scalar_source (cx->k, s, text);
  else
    free (text);
  free (name);
  free (id);
  cx->nest->scalars.safe_push (object);
  return s;
}

/* OBJECT's value for the body (a variable or member it only reads): its
   scalar, converted back to OBJECT's type where it travels wider.  */
static struct kir_operand
scalar_operand (struct extract_ctx *cx, tree object, location_t loc)
{
  int s = mint_scalar_for (cx, object, loc);
  if (s < 0)
    return kir_int (KIR_I32, 0);
  struct kir_operand o = kir_scalar (cx->k, s);
  enum kir_type type = mint_kir_type (TREE_TYPE (object));
  if (o.type == type)
    return o;
  int l = new_local (cx, cx->k->scalars[s].name, type);
  struct kir_stmt *st = kir_append (cx->k, cx->cur, KIR_ASSIGN);
  st->op = KIR_CVT;
  st->dst = l;
  st->nargs = 1;
  st->args[0] = o;
  return kir_local (cx->k, l);
}

/* The kernel IR local for an SSA name or a private variable.  */
int
mint_local_for (struct extract_ctx *cx, tree t)
{
  if (int *l = cx->local_of.get (t))
    return *l;
  enum kir_type type = mint_kir_type (TREE_TYPE (t));
  char buf[32];
  const char *name;
  if (TREE_CODE (t) == SSA_NAME)
    {
      snprintf (buf, sizeof buf, "_t%u", SSA_NAME_VERSION (t));
      name = buf;
    }
  else if (DECL_ARTIFICIAL (t))   /* GCC's own, such as iftmp.0 */
    {
      snprintf (buf, sizeof buf, "_t%s", decl_name (t));
      name = buf;
    }
  else
    name = decl_name (t);
  int l = new_local (cx, name, type);
  cx->local_of.put (t, l);
  return l;
}

/* Whether the device code can hold a value of T's type; an error at LOC
   where it cannot.  */
static bool
device_holds (struct extract_ctx *cx, tree t, location_t loc)
{
  if (mint_kir_type (TREE_TYPE (t)) != KIR_VOID)
    return true;
  if (cx->ok && TREE_TYPE (t) == bitsizetype)
    /* GCC computes a variably modified type's size in bits where a cast
       to it stands.  */
    error_at (loc, "mint: the loop body computes the size of a variably "
              "modified type, where a cast to it (%<T (*)[n]%>) stands: "
              "the device code cannot hold its size in bits; give the "
              "pointer that type before the region (%<T (*q)[n] = "
              "(T (*)[n]) p%>)");
  else if (cx->ok)
    error_at (loc, "mint: the loop body uses a value of type %qT, which "
              "the device code cannot hold", TREE_TYPE (t));
  cx->ok = false;
  return false;
}

/* The kernel IR local that a statement at LOC of the body sets (LHS, an
   SSA name or a variable of the body), or -1 where a variable's type
   cannot be held.  An SSA name's type is checked where it is used, which
   names the variable of the host it was computed from.  */
static int
destination (struct extract_ctx *cx, tree lhs, location_t loc)
{
  if (TREE_CODE (lhs) != SSA_NAME && !device_holds (cx, lhs, loc))
    return -1;
  return mint_local_for (cx, lhs);
}

/* A NaN constant T as a double with its payload, and its quiet bit: a
   float's 23 bits of significand as the top of a double's 52, which
   put_float_constant takes back as they are.  */
static double
nan_constant_value (const_tree t)
{
  long words[2] = { 0, 0 };
  real_to_target (words, TREE_REAL_CST_PTR (t), TYPE_MODE (TREE_TYPE (t)));
  unsigned long long bits;
  if (TYPE_PRECISION (TREE_TYPE (t)) == 32)
    {
      unsigned long long f = (unsigned long) words[0] & 0xffffffffUL;
      bits = (f >> 31) << 63 | 0x7ffULL << 52 | (f & 0x7fffffULL) << 29;
    }
  else
    bits = ((unsigned long long) words[1] & 0xffffffffULL) << 32
           | ((unsigned long long) words[0] & 0xffffffffULL);
  double value;
  memcpy (&value, &bits, sizeof value);
  return value;
}

/* The value of real constant T as a double.  GCC spells a NaN "QNaN"
   or "SNaN" in hexadecimal, which strtod reads as 0 (NAN in a body
   gave 0 on the GPU): a NaN keeps its bits.  */
static double
real_constant_value (const_tree t)
{
  const REAL_VALUE_TYPE *r = TREE_REAL_CST_PTR (t);
  if (real_isnan (r))
    return nan_constant_value (t);
  char buf[64];
  real_to_hexadecimal (buf, r, sizeof buf, 0, 1);
  return strtod (buf, NULL);
}

static struct kir_operand
operand (struct extract_ctx *cx, tree t, location_t loc)
{
  enum kir_type type = mint_kir_type (TREE_TYPE (t));
  if (!mint_var_or_parm_p (t))
    device_holds (cx, t, loc);
  if (TREE_CODE (t) == INTEGER_CST)
    return kir_int (type, int_cst_value (t));
  if (TREE_CODE (t) == REAL_CST)
    return kir_float (type, real_constant_value (t));
  if (TREE_CODE (t) == SSA_NAME || cx->local_of.get (t)
      || cx->body_private.contains (t))
    return kir_local (cx->k, mint_local_for (cx, t));
  if (mint_var_or_parm_p (t))
    return scalar_operand (cx, t, loc);
  if (cx->ok)
    {
      error_at (loc, "mint: the loop body uses %qE, which cannot be "
                "offloaded", t);
      cx->ok = false;
    }
  return kir_int (KIR_I32, 0);
}

/* The program's text of the access ACC's array: its name, and for a
   plane its first subscript ("A[t % 2]"); the caller frees it.  */
static char *
array_text (const struct tree_access *acc)
{
  char *name = mint_object_text (acc->root);
  if (!acc->plane)
    return name;
  /* z - 1, which GCC prints z + -1.  */
  tree p = acc->plane, less = NULL_TREE;
  if (TREE_CODE (p) == PLUS_EXPR
      && TREE_CODE (TREE_OPERAND (p, 1)) == INTEGER_CST
      && tree_int_cst_sgn (TREE_OPERAND (p, 1)) < 0
      && !TYPE_UNSIGNED (TREE_TYPE (p)))
    {
      less = fold_build1 (NEGATE_EXPR, TREE_TYPE (p), TREE_OPERAND (p, 1));
      p = TREE_OPERAND (p, 0);
    }
  char *plane = print_generic_expr_to_str (p);
  char *minus = less ? print_generic_expr_to_str (less) : NULL;
  char *text = concat (name, "[", plane, minus ? " - " : "",
                       minus ? minus : "", "]", NULL);
  free (minus);
  free (plane);
  free (name);
  return text;
}

/* Whether the pointer variable V, a local whose address the function
   does not take, is set once, outside any loop, to what a call given no
   pointer returns (`T = alloc2 (ny, nx)', malloc), through at most DEPTH
   copies of temporaries: new memory at each call of the function, never
   one of its caller's arrays (which a caller could pass swapped).  */
static bool
allocated_once_p (tree v, int depth)
{
  if (!VAR_P (v) || is_global_var (v) || TREE_ADDRESSABLE (v))
    return false;
  gimple *def = NULL;
  if (mint_assignments (cfun, v, &def) != 1
      || loop_depth (gimple_bb (def)->loop_father) != 0)
    return false;
  if (gimple_assign_single_p (def))
    return depth > 0 && allocated_once_p (gimple_assign_rhs1 (def),
                                          depth - 1);
  if (!is_gimple_call (def))
    return false;
  for (unsigned i = 0; i < gimple_call_num_args (def); i++)
    if (POINTER_TYPE_P (TREE_TYPE (gimple_call_arg (def, i))))
      return false;
  return true;
}

/* Whether ROOT, an array of the nest (not a plane of one), is the same
   array at every launch of its kernel within a call of the function
   (struct kir_array, fixed): an array variable, or a local pointer
   allocated once (allocated_once_p).  */
static bool
fixed_array_p (tree root)
{
  if (VAR_P (root) && TREE_CODE (TREE_TYPE (root)) == ARRAY_TYPE)
    return true;
  return allocated_once_p (root, 2);
}

/* The kernel IR array of the access ACC (at LOC): an array the nest uses,
   or a plane of one.  */
static int
array_for (struct extract_ctx *cx, const struct tree_access *acc,
           location_t loc)
{
  struct mint_nest *n = cx->nest;
  for (unsigned i = 0; i < n->arrays.length (); i++)
    if (mint_same_object (n->arrays[i].root, acc->root)
        && mint_same_plane (n->arrays[i].plane, acc->plane))
      return i;
  tree elem = TREE_TYPE (acc->root);
  while (TREE_CODE (elem) == ARRAY_TYPE || POINTER_TYPE_P (elem))
    elem = TREE_TYPE (elem);
  bool flat = acc->style == MINT_ARRAY_FLAT;
  char *text = array_text (acc);
  char *id = text_identifier (xstrdup (text));
  char *name = unique_name (cx->k, id);
  int a = kir_add_array (cx->k, name, mint_kir_type (elem), acc->rank, flat);
  cx->k->arrays[a].fixed = !acc->plane && fixed_array_p (acc->root);
  cx->k->arrays[a].plane = acc->plane != NULL_TREE;
  free (name);
  free (id);
  if (!mint_var_or_parm_p (acc->root) || acc->plane)
    kir_set_array_source (cx->k, a, text);
  else
    free (text);
  struct mint_nest_array na = { acc->root, acc->plane,
                                mint_copy_of (cx, acc->root), acc->rank,
                                false, false, loc };
  n->arrays.safe_push (na);
  return a;
}

/* The kernel-IR private array of the body's array DECL.  */
static int
private_for (struct extract_ctx *cx, tree decl)
{
  for (unsigned i = 0; i < cx->private_decls.length (); i++)
    if (cx->private_decls[i] == decl)
      return i;
  tree elem;
  int extent[KIR_MAX_DIMS], rank;
  mint_private_problem (decl, &elem, extent, &rank);
  char *id = object_identifier (decl);
  char *name = unique_name (cx->k, id);
  int p = kir_add_private (cx->k, name, mint_kir_type (elem), rank, extent);
  free (name);
  free (id);
  cx->private_decls.safe_push (decl);
  return p;
}

/* Where ST comes from, for dumps and diagnostics.  */
static void
set_source (struct kir_stmt *st, location_t loc)
{
  st->line = LOCATION_LINE (loc);
  st->loc = loc;
}

/* LEAF / DIVISOR, exactly, as a kernel IR operand: a byte offset that
   the front end scaled (tree_affine), divided in 64 bits.  */
static struct kir_operand
divided_leaf (struct extract_ctx *cx, tree leaf, HOST_WIDE_INT divisor,
              location_t loc)
{
  struct kir_operand bytes = operand (cx, leaf, loc);
  if (bytes.type != KIR_I64)
    {
      struct kir_stmt *st = kir_append (cx->k, cx->cur, KIR_ASSIGN);
      st->op = KIR_CVT;
      st->dst = new_local (cx, "_toffset", KIR_I64);
      st->nargs = 1;
      st->args[0] = bytes;
      set_source (st, loc);
      bytes = kir_local (cx->k, st->dst);
    }
  struct kir_stmt *st = kir_append (cx->k, cx->cur, KIR_ASSIGN);
  st->op = KIR_DIV;
  st->dst = new_local (cx, "_telement", KIR_I64);
  st->nargs = 2;
  st->args[0] = bytes;
  st->args[1] = kir_int (KIR_I64, divisor);
  set_source (st, loc);
  return kir_local (cx->k, st->dst);
}

/* The kernel-IR access of REF into OUT; whether it is to a private
   array.  */
static bool
kir_access_of (struct extract_ctx *cx, tree ref, location_t loc,
               struct kir_access *out)
{
  struct tree_access acc;
  mint_resolve_access (cx, ref, loc, &acc);
  out->array = acc.private_array ? private_for (cx, acc.root)
               : array_for (cx, &acc, loc);
  out->rank = acc.rank;
  for (int i = 0; i < acc.rank; i++)
    {
      struct kir_affine *f = &out->index[i];
      f->constant = acc.index[i].constant;
      f->nterms = 0;
      for (int j = 0; j < acc.index[i].nterms; j++)
        if (acc.index[i].coeff[j] != 0)
          {
            f->terms[f->nterms].var
              = acc.index[i].divisor[j] > 1
                ? divided_leaf (cx, acc.index[i].leaf[j],
                                acc.index[i].divisor[j], loc)
                : operand (cx, acc.index[i].leaf[j], loc);
            f->terms[f->nterms++].coeff = acc.index[i].coeff[j];
          }
    }
  return acc.private_array;
}

static struct kir_stmt *
emit (struct extract_ctx *cx, enum kir_opcode op, int dst, int nargs,
      const struct kir_operand *args, gimple *s)
{
  struct kir_stmt *st = kir_append (cx->k, cx->cur, KIR_ASSIGN);
  st->op = op;
  st->dst = dst;
  st->nargs = nargs;
  for (int i = 0; i < nargs; i++)
    st->args[i] = args[i];
  set_source (st, gimple_location (s));
  return st;
}

static bool
comparison_opcode (enum tree_code code, enum kir_opcode *op)
{
  switch (code)
    {
    case LT_EXPR: *op = KIR_LT; return true;
    case LE_EXPR: *op = KIR_LE; return true;
    case GT_EXPR: *op = KIR_GT; return true;
    case GE_EXPR: *op = KIR_GE; return true;
    case EQ_EXPR: *op = KIR_EQ; return true;
    case NE_EXPR: *op = KIR_NE; return true;
    default: return false;
    }
}

/* The kernel IR opcode of the unary CODE from an operand of type FROM to
   a result of type DST.  */
static bool
unary_opcode (enum tree_code code, enum kir_type from, enum kir_type dst,
              enum kir_opcode *op)
{
  switch (code)
    {
    CASE_CONVERT:
    case FLOAT_EXPR:
    case FIX_TRUNC_EXPR: *op = from == dst ? KIR_MOV : KIR_CVT; return true;
    case PAREN_EXPR: *op = KIR_MOV; return true;
    case NEGATE_EXPR: *op = KIR_NEG; return true;
    /* GIMPLE's ! of a _Bool.  */
    case BIT_NOT_EXPR: *op = dst == KIR_BOOL ? KIR_NOT : KIR_BNOT; return true;
    case TRUTH_NOT_EXPR: *op = KIR_NOT; return true;
    case ABS_EXPR: *op = KIR_ABS; return true;
    default: return false;
    }
}

static bool
binary_opcode (enum tree_code code, enum kir_opcode *op)
{
  switch (code)
    {
    case PLUS_EXPR: *op = KIR_ADD; return true;
    case MINUS_EXPR: *op = KIR_SUB; return true;
    case MULT_EXPR: *op = KIR_MUL; return true;
    case RDIV_EXPR:
    case TRUNC_DIV_EXPR:
    case EXACT_DIV_EXPR: *op = KIR_DIV; return true;
    case TRUNC_MOD_EXPR: *op = KIR_MOD; return true;
    case MIN_EXPR: *op = KIR_MIN; return true;
    case MAX_EXPR: *op = KIR_MAX; return true;
    case BIT_AND_EXPR: *op = KIR_AND; return true;
    case BIT_IOR_EXPR: *op = KIR_OR; return true;
    case BIT_XOR_EXPR: *op = KIR_XOR; return true;
    case LSHIFT_EXPR: *op = KIR_SHL; return true;
    case RSHIFT_EXPR: *op = KIR_SHR; return true;
    case TRUTH_AND_EXPR:
    case TRUTH_ANDIF_EXPR: *op = KIR_LAND; return true;
    case TRUTH_OR_EXPR:
    case TRUTH_ORIF_EXPR: *op = KIR_LOR; return true;
    default: return false;
    }
}

/* An error at S: CODE, an operation of the nest, has no translation;
   GCC's name for it, for a report of the problem.  */
static void
unsupported (struct extract_ctx *cx, enum tree_code code, gimple *s)
{
  if (cx->ok)
    error_at (gimple_location (s), "mint: the loop nest computes an "
              "operation that cannot be offloaded (GCC%'s %qs)",
              get_tree_code_name (code));
  cx->ok = false;
}

/* A bool local holding OP of ARGS (NARGS of them).  */
static struct kir_operand
bool_local (struct extract_ctx *cx, enum kir_opcode op, int nargs,
            const struct kir_operand *args, gimple *s)
{
  int dst = new_local (cx, "cmp", KIR_BOOL);
  emit (cx, op, dst, nargs, args, s);
  return kir_local (cx->k, dst);
}

/* A bool local holding ARGS[0] CODE ARGS[1].  The comparisons that are
   true where an operand is a NaN (GCC's UNLT_EXPR ... UNORDERED_EXPR:
   `!(a <= b)' of a float, isnan, isgreater) are built from the ordered
   ones, which are false there.  */
static struct kir_operand
compare_operands (struct extract_ctx *cx, enum tree_code code,
                  const struct kir_operand args[2], gimple *s)
{
  enum kir_opcode op;
  if (comparison_opcode (code, &op))
    return bool_local (cx, op, 2, args, s);
  enum tree_code ordered;
  switch (code)
    {
    case UNLT_EXPR: ordered = GE_EXPR; break;
    case UNLE_EXPR: ordered = GT_EXPR; break;
    case UNGT_EXPR: ordered = LE_EXPR; break;
    case UNGE_EXPR: ordered = LT_EXPR; break;
    case UNEQ_EXPR: ordered = LTGT_EXPR; break;
    case UNORDERED_EXPR: ordered = ORDERED_EXPR; break;
    case LTGT_EXPR:
      {
        struct kir_operand both[2]
          = { compare_operands (cx, LT_EXPR, args, s),
              compare_operands (cx, GT_EXPR, args, s) };
        return bool_local (cx, KIR_LOR, 2, both, s);
      }
    case ORDERED_EXPR:
      {
        const struct kir_operand aa[2] = { args[0], args[0] };
        const struct kir_operand bb[2] = { args[1], args[1] };
        struct kir_operand both[2] = { compare_operands (cx, EQ_EXPR, aa, s),
                                       compare_operands (cx, EQ_EXPR, bb, s) };
        return bool_local (cx, KIR_LAND, 2, both, s);
      }
    default:
      unsupported (cx, code, s);
      return kir_local (cx->k, new_local (cx, "cmp", KIR_BOOL));
    }
  struct kir_operand c = compare_operands (cx, ordered, args, s);
  return bool_local (cx, KIR_NOT, 1, &c, s);
}

/* A bool local holding A CODE B.  */
static struct kir_operand
compare (struct extract_ctx *cx, enum tree_code code, tree a, tree b,
         gimple *s)
{
  location_t loc = gimple_location (s);
  struct kir_operand args[2] = { operand (cx, a, loc), operand (cx, b, loc) };
  return compare_operands (cx, code, args, s);
}

/* A local of TYPE, named after NAME, holding OP of ARGS (NARGS of
   them).  */
static struct kir_operand
value_local (struct extract_ctx *cx, const char *name, enum kir_type type,
             enum kir_opcode op, int nargs, const struct kir_operand *args,
             gimple *s)
{
  int dst = new_local (cx, name, type);
  emit (cx, op, dst, nargs, args, s);
  return kir_local (cx->k, dst);
}

/* The counts of the two shifts of a rotate by COUNT of a value of
   PRECISION bits, a power of two, into COUNTS: GCC rotates by COUNT
   modulo PRECISION, its low bits; the other shift's count is the rest
   of PRECISION, and 0 where that is PRECISION, which a shift may not
   be.  */
static void
rotate_counts (struct extract_ctx *cx, struct kir_operand count,
               unsigned precision, gimple *s, struct kir_operand counts[2])
{
  long long mask = precision - 1;
  if (count.kind == KIR_OPND_INT)
    {
      long long low = count.ival & mask;
      counts[0] = kir_int (count.type, low);
      counts[1] = kir_int (count.type, (precision - low) & mask);
      return;
    }
  enum kir_type type = count.type;
  struct kir_operand low[2] = { count, kir_int (type, mask) };
  counts[0] = value_local (cx, "rot_count", type, KIR_AND, 2, low, s);
  struct kir_operand rest[2] = { kir_int (type, precision), counts[0] };
  struct kir_operand wrap[2]
    = { value_local (cx, "rot_count", type, KIR_SUB, 2, rest, s),
        kir_int (type, mask) };
  counts[1] = value_local (cx, "rot_count", type, KIR_AND, 2, wrap, s);
}

/* ARGS[0], of TYPE, rotated (CODE: LROTATE_EXPR, RROTATE_EXPR, which
   GCC folds `(k << 15) | (k >> 17)' into) by ARGS[1], for S: those two
   shifts of its bits in TYPE's unsigned type and their or, a local of
   that type.  */
static struct kir_operand
rotate_value (struct extract_ctx *cx, enum tree_code code, tree type,
              const struct kir_operand args[2], gimple *s)
{
  tree utype = unsigned_type_for (type);
  enum kir_type bits = mint_kir_type (utype);
  struct kir_operand v = args[0];
  if (v.type != bits)
    v = value_local (cx, "rot", bits, KIR_CVT, 1, &v, s);
  struct kir_operand counts[2];
  rotate_counts (cx, args[1], TYPE_PRECISION (utype), s, counts);
  bool left = code == LROTATE_EXPR;
  struct kir_operand first[2] = { v, counts[0] };
  struct kir_operand second[2] = { v, counts[1] };
  struct kir_operand parts[2]
    = { value_local (cx, "rot", bits, left ? KIR_SHL : KIR_SHR, 2, first, s),
        value_local (cx, "rot", bits, left ? KIR_SHR : KIR_SHL, 2, second,
                     s) };
  return value_local (cx, "rot", bits, KIR_OR, 2, parts, s);
}

/* The element of table read R that assignment S reads, as an index
   into R's values: the subscript, or of a table of rows, the row's times
   the row's length plus the column's, in 64 bits.  */
static struct kir_operand
table_index (struct extract_ctx *cx, const struct table_read *r, gassign *s)
{
  location_t loc = gimple_location (s);
  struct kir_operand at = operand (cx, r->index[0], loc);
  if (r->nindex == 1)
    return at;
  struct kir_operand row = at, column = operand (cx, r->index[1], loc);
  if (row.type != KIR_I64)
    row = value_local (cx, "tabrow", KIR_I64, KIR_CVT, 1, &row, s);
  if (column.type != KIR_I64)
    column = value_local (cx, "tabcol", KIR_I64, KIR_CVT, 1, &column, s);
  struct kir_operand scale[2] = { row, kir_int (KIR_I64, r->row_length) };
  struct kir_operand sum[2] = { value_local (cx, "tabrow", KIR_I64, KIR_MUL,
                                             2, scale, s), column };
  return value_local (cx, "tabat", KIR_I64, KIR_ADD, 2, sum, s);
}

/* DST = the element of a table of constants (mint_kernel_table) that
   assignment S reads (R), as a choice among the table's values by its
   subscripts: a constant where unrolled loops make them ones (the
   directions of a lattice, ex[k] in a loop over k; a filter's mask,
   gx[j][i]).  Out of the table's range (undefined in C) it takes the
   last value.  */
static void
translate_table_read (struct extract_ctx *cx, struct table_read *r,
                      int dst, gassign *s)
{
  location_t loc = gimple_location (s);
  struct kir_operand at = table_index (cx, r, s);
  struct kir_operand value = operand (cx, r->values.last (), loc);
  for (int e = (int) r->values.length () - 2; e >= 0; e--)
    {
      struct kir_operand same[2] = { at, kir_int (at.type, e) };
      int hit = new_local (cx, "tabhit", KIR_BOOL);
      emit (cx, KIR_EQ, hit, 2, same, s);
      struct kir_operand choice[3] = { kir_local (cx->k, hit),
                                       operand (cx, r->values[e], loc),
                                       value };
      int chosen = e == 0 ? dst : new_local (cx, "tab",
                                             cx->k->locals[dst].type);
      emit (cx, KIR_SELECT, chosen, 3, choice, s);
      value = kir_local (cx->k, chosen);
    }
  if (r->values.length () == 1)
    emit (cx, KIR_MOV, dst, 1, &value, s);
}

/* DST = the right-hand side of assignment S.  */
static void
translate_rhs (struct extract_ctx *cx, gassign *s, int dst)
{
  location_t loc = gimple_location (s);
  enum tree_code code = gimple_assign_rhs_code (s);
  enum kir_type dtype = cx->k->locals[dst].type;
  tree r1 = gimple_assign_rhs1 (s);
  tree culprit = NULL_TREE;
  struct kir_operand args[3];
  enum kir_opcode op;

  if (TREE_CODE_CLASS (code) == tcc_comparison)
    {
      struct kir_operand c = compare (cx, code, r1, gimple_assign_rhs2 (s),
                                      s);
      emit (cx, dtype == KIR_BOOL ? KIR_MOV : KIR_CVT, dst, 1, &c, s);
      return;
    }
  switch (get_gimple_rhs_class (code))
    {
    case GIMPLE_SINGLE_RHS:
      {
        struct table_read table;
        if (mint_kernel_table (cx, r1, &table))
          {
            translate_table_read (cx, &table, dst, s);
            return;
          }
      }
      if (mint_memory_ref_p (r1))
        if (tree member = mint_member_value (cx, r1, &culprit))
          {
            args[0] = scalar_operand (cx, member, loc);
            emit (cx, args[0].type == dtype ? KIR_MOV : KIR_CVT, dst, 1,
                  args, s);
            return;
          }
      if (mint_memory_ref_p (r1))
        {
          struct kir_access acc;
          bool private_array = kir_access_of (cx, r1, loc, &acc);
          struct kir_stmt *st
            = kir_append (cx->k, cx->cur,
                          private_array ? KIR_PLOAD : KIR_LOAD);
          st->access = acc;
          st->dst = dst;
          set_source (st, loc);
          return;
        }
      args[0] = operand (cx, r1, loc);
      emit (cx, args[0].type == dtype ? KIR_MOV : KIR_CVT, dst, 1, args, s);
      return;

    case GIMPLE_UNARY_RHS:
      args[0] = operand (cx, r1, loc);
      if (code == ABSU_EXPR)
        {
          /* GCC's abs of a signed integer as unsigned (abs of a short
             promoted): the abs, then its bits as the unsigned type.  */
          int magnitude = new_local (cx, "abs", args[0].type);
          emit (cx, KIR_ABS, magnitude, 1, args, s);
          args[0] = kir_local (cx->k, magnitude);
          emit (cx, KIR_CVT, dst, 1, args, s);
          return;
        }
      if (!unary_opcode (code, args[0].type, dtype, &op))
        {
          unsupported (cx, code, s);
          return;
        }
      emit (cx, op, dst, 1, args, s);
      return;

    case GIMPLE_BINARY_RHS:
      args[0] = operand (cx, r1, loc);
      args[1] = operand (cx, gimple_assign_rhs2 (s), loc);
      if (code == LROTATE_EXPR || code == RROTATE_EXPR)
        {
          args[0] = rotate_value (cx, code, TREE_TYPE (r1), args, s);
          emit (cx, args[0].type == dtype ? KIR_MOV : KIR_CVT, dst, 1, args,
                s);
          return;
        }
      if (!binary_opcode (code, &op))
        {
          unsupported (cx, code, s);
          return;
        }
      emit (cx, op, dst, 2, args, s);
      return;

    case GIMPLE_TERNARY_RHS:
      if (code != COND_EXPR)
        {
          unsupported (cx, code, s);
          return;
        }
      if (COMPARISON_CLASS_P (r1))
        args[0] = compare (cx, TREE_CODE (r1), TREE_OPERAND (r1, 0),
                           TREE_OPERAND (r1, 1), s);
      else
        args[0] = operand (cx, r1, loc);
      args[1] = operand (cx, gimple_assign_rhs2 (s), loc);
      args[2] = operand (cx, gimple_assign_rhs3 (s), loc);
      emit (cx, KIR_SELECT, dst, 3, args, s);
      return;

    default:
      unsupported (cx, code, s);
    }
}

static void
store (struct extract_ctx *cx, tree ref, struct kir_operand value,
       gimple *s)
{
  struct kir_access acc;
  bool private_array = kir_access_of (cx, ref, gimple_location (s), &acc);
  struct kir_stmt *st = kir_append (cx->k, cx->cur,
                                    private_array ? KIR_PSTORE : KIR_STORE);
  st->access = acc;
  st->nargs = 1;
  st->args[0] = value;
  set_source (st, gimple_location (s));
}

/* Sets every element of private array P to VALUE's (an empty
   constructor: 0; a string: its characters, then 0), for LOC.  */
static void
set_private (struct extract_ctx *cx, int p, tree value, location_t loc)
{
  const struct kir_private *arr = &cx->k->privates[p];
  int index[KIR_MAX_DIMS] = { 0, 0, 0 };
  for (int n = 0;; n++)
    {
      long long c = TREE_CODE (value) == STRING_CST
                    && n < TREE_STRING_LENGTH (value)
                    ? TREE_STRING_POINTER (value)[n] : 0;
      struct kir_stmt *st = kir_append (cx->k, cx->cur, KIR_PSTORE);
      st->access.array = p;
      st->access.rank = arr->rank;
      for (int d = 0; d < arr->rank; d++)
        {
          st->access.index[d].constant = index[d];
          st->access.index[d].nterms = 0;
        }
      st->nargs = 1;
      st->args[0] = kir_type_is_float (arr->elem) ? kir_float (arr->elem, 0.0)
                    : kir_int (arr->elem, c);
      set_source (st, loc);
      /* The next index, the last subscript fastest.  */
      int d = arr->rank - 1;
      while (d >= 0 && ++index[d] == arr->extent[d])
        index[d--] = 0;
      if (d < 0)
        return;
    }
}

static void
translate_call (struct extract_ctx *cx, gcall *s)
{
  location_t loc = gimple_location (s);
  tree lhs = gimple_call_lhs (s);
  struct kir_operand args[KIR_MAX_ARGS];
  unsigned nargs = gimple_call_num_args (s);
  /* The probability, a hint the device's __builtin_expect does not
     take.  */
  if (gimple_call_builtin_p (s, BUILT_IN_EXPECT_WITH_PROBABILITY))
    nargs = 2;
  if (nargs > KIR_MAX_ARGS)
    {
      error_at (loc, "mint: call to %qD has too many arguments for the "
                "device", gimple_call_fndecl (s));
      cx->ok = false;
      return;
    }
  for (unsigned i = 0; i < nargs; i++)
    args[i] = operand (cx, gimple_call_arg (s, i), loc);
  int dst = -1;
  if (lhs && (TREE_CODE (lhs) == SSA_NAME || cx->body_private.contains (lhs)))
    dst = destination (cx, lhs, loc);
  else if (lhs)
    dst = new_local (cx, "ret", mint_kir_type (TREE_TYPE (lhs)));

  struct kir_stmt *st = kir_append (cx->k, cx->cur, KIR_CALL);
  st->callee = kir_math_function (mint_callee_name (s));
  st->dst = dst;
  st->nargs = nargs;
  for (unsigned i = 0; i < nargs; i++)
    st->args[i] = args[i];
  set_source (st, loc);
  if (lhs && mint_memory_ref_p (lhs))
    store (cx, lhs, kir_local (cx->k, dst), s);
}

static void
translate_stmt (struct extract_ctx *cx, gimple *s)
{
  location_t loc = gimple_location (s);
  switch (gimple_code (s))
    {
    case GIMPLE_ASSIGN:
      {
        tree lhs = gimple_assign_lhs (s);
        if ((TREE_CODE (lhs) == SSA_NAME && !cx->needed.contains (lhs))
            || mint_saved_pointer (cx, lhs) || mint_row_pointer_p (cx, lhs)
            || mint_unread_unholdable_p (cx, lhs))
          return;
        if (mint_private_array_p (cx, lhs))
          {
            if (!gimple_clobber_p (s))
              set_private (cx, private_for (cx, lhs),
                           gimple_assign_rhs1 (s), loc);
            return;
          }
        if (mint_memory_ref_p (lhs))
          store (cx, lhs, operand (cx, gimple_assign_rhs1 (s), loc), s);
        else
          {
            int dst = destination (cx, lhs, loc);
            if (dst >= 0)
              translate_rhs (cx, as_a<gassign *> (s), dst);
          }
        return;
      }
    case GIMPLE_CALL:
      if (!mint_call_left_out_p (s))
        translate_call (cx, as_a<gcall *> (s));
      return;
    default:
      return;
    }
}

/* The kernel IR block a body edge leads to; where the edge is never
   taken, the end of the point.  */
static int
target_block (struct extract_ctx *cx, edge e)
{
  int b = cx->block_of[e->dest->index];
  if (b < 0 && mint_unreachable_block_p (e->dest))
    return cx->block_of[cx->body_loop->header->index];
  if (b < 0 && cx->ok)
    {
      gimple *last = mint_last_stmt (e->src);
      mint_report_jumps_out (cx->nest, last ? gimple_location (last)
                                            : cx->nest->dir->loc);
      cx->ok = false;
    }
  return b < 0 ? 0 : b;
}

/* The kernel IR block that case LABEL of SW's block jumps to.  */
static int
case_block (struct extract_ctx *cx, gswitch *sw, tree label)
{
  basic_block dest = label_to_block (cx->nest->fun, CASE_LABEL (label));
  return target_block (cx, find_edge (gimple_bb (sw), dest));
}

/* Whether the index of SW equals case LABEL's value, or lies in its
   range (GNU C's `case LOW ... HIGH:').  */
static struct kir_operand
case_test (struct extract_ctx *cx, gswitch *sw, tree label)
{
  tree index = gimple_switch_index (sw);
  /* The labels may have the promoted type of the index.  */
  tree low = fold_convert (TREE_TYPE (index), CASE_LOW (label));
  if (!CASE_HIGH (label))
    return compare (cx, EQ_EXPR, index, low, sw);
  tree high = fold_convert (TREE_TYPE (index), CASE_HIGH (label));
  struct kir_operand range[2] = { compare (cx, GE_EXPR, index, low, sw),
                                  compare (cx, LE_EXPR, index, high, sw) };
  int both = new_local (cx, "in_range", KIR_BOOL);
  emit (cx, KIR_LAND, both, 2, range, sw);
  return kir_local (cx->k, both);
}

/* SW as a chain of tests, one block each: a case's test branches to its
   label or to the next test, the last one's to the default label.  */
static void
translate_switch (struct extract_ctx *cx, gswitch *sw)
{
  int otherwise = case_block (cx, sw, gimple_switch_default_label (sw));
  unsigned nlabels = gimple_switch_num_labels (sw);
  for (unsigned i = 1; i < nlabels; i++)
    {
      tree label = gimple_switch_label (sw, i);
      struct kir_operand cond = case_test (cx, sw, label);
      int next = i + 1 < nlabels ? kir_add_block (cx->k) : otherwise;
      kir_set_branch (cx->k, cx->cur, cond, case_block (cx, sw, label), next);
      cx->cur = next;
    }
  if (nlabels == 1)
    kir_set_goto (cx->k, cx->cur, otherwise);
}

void
mint_translate_body (struct extract_ctx *cx, basic_block *bbs, unsigned nbbs)
{
  gimple *incr = cx->nest->dims[cx->nest->depth - 1].increment;
  for (unsigned i = 0; i < nbbs && cx->ok; i++)
    {
      basic_block bb = bbs[i];
      cx->cur = cx->block_of[bb->index];
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
           gsi_next (&gsi))
        if (gsi_stmt (gsi) != incr)
          translate_stmt (cx, gsi_stmt (gsi));

      gimple *last = mint_last_stmt (bb);
      gcond *c = safe_dyn_cast<gcond *> (last);
      if (gswitch *sw = safe_dyn_cast<gswitch *> (last))
        translate_switch (cx, sw);
      else if (c)
        {
          edge te, fe;
          extract_true_false_edges_from_block (bb, &te, &fe);
          struct kir_operand cond = compare (cx, gimple_cond_code (c),
                                             gimple_cond_lhs (c),
                                             gimple_cond_rhs (c), c);
          kir_set_branch (cx->k, cx->cur, cond, target_block (cx, te),
                          target_block (cx, fe));
        }
      else if (single_succ_p (bb))
        kir_set_goto (cx->k, cx->cur,
                      target_block (cx, single_succ_edge (bb)));
      else
        {
          error_at (last ? gimple_location (last) : cx->nest->dir->loc,
                    "mint: this control flow (a computed %<goto%> or a "
                    "call that does not return) cannot be offloaded");
          cx->ok = false;
        }
    }
}

/* ---- loops that start where outer loops say -------------------------- */

/* A local of TYPE holding OP (ARGS) in block CX->cur.  */
static struct kir_operand
start_local (struct extract_ctx *cx, enum kir_type type, enum kir_opcode op,
             int nargs, const struct kir_operand *args, gimple *s)
{
  int dst = new_local (cx, "_start", type);
  emit (cx, op, dst, nargs, args, s);
  return kir_local (cx->k, dst);
}

/* The kernel IR value of T, a start (mint_loop_dim) or a part of it,
   computed in block CX->cur; S is the loop's initialization.  */
static struct kir_operand
start_value (struct extract_ctx *cx, tree t, gimple *s)
{
  location_t loc = gimple_location (s);
  if (mint_memory_ref_p (t))
    return scalar_operand (cx, t, loc);
  if (CONSTANT_CLASS_P (t) || mint_var_or_parm_p (t))
    return operand (cx, t, loc);
  enum kir_type type = mint_kir_type (TREE_TYPE (t));
  struct kir_operand args[2];
  enum kir_opcode op;
  if (UNARY_CLASS_P (t))
    {
      args[0] = start_value (cx, TREE_OPERAND (t, 0), s);
      if (unary_opcode (TREE_CODE (t), args[0].type, type, &op))
        return start_local (cx, type, op, 1, args, s);
    }
  if (BINARY_CLASS_P (t) && binary_opcode (TREE_CODE (t), &op))
    {
      args[0] = start_value (cx, TREE_OPERAND (t, 0), s);
      args[1] = start_value (cx, TREE_OPERAND (t, 1), s);
      return start_local (cx, type, op, 2, args, s);
    }
  if (TREE_CODE (t) == LROTATE_EXPR || TREE_CODE (t) == RROTATE_EXPR)
    {
      args[0] = start_value (cx, TREE_OPERAND (t, 0), s);
      args[1] = start_value (cx, TREE_OPERAND (t, 1), s);
      struct kir_operand bits = rotate_value (cx, TREE_CODE (t),
                                              TREE_TYPE (t), args, s);
      return bits.type == type ? bits
             : start_local (cx, type, KIR_CVT, 1, &bits, s);
    }
  unsupported (cx, TREE_CODE (t), s);
  return kir_int (type, 0);
}

/* T's value in block CX->cur as the loop variable's TYPE.  */
static struct kir_operand
start_value_as (struct extract_ctx *cx, tree t, enum kir_type type,
                gimple *s)
{
  struct kir_operand v = start_value (cx, t, s);
  return v.type == type ? v : start_local (cx, type, KIR_CVT, 1, &v, s);
}

/* Appends to block FROM the test of D's points: the loop variable at or
   past D's start, and a whole number of D's steps from it; the points
   that fail go to block SKIP.  Returns the block the points that pass
   go on from.  The second test is on START_CONGRUENT where D has it, so
   that a red-black sweep's test is a parity (dependence.h).  */
static int
guard_start (struct extract_ctx *cx, const struct mint_loop_dim *d, int from,
             int skip)
{
  struct kir_kernel *k = cx->k;
  gimple *s = d->start_stmt;
  struct kir_operand x = kir_local (k, mint_local_for (cx, d->iv));
  cx->cur = from;
  struct kir_operand args[2] = { x, start_value_as (cx, d->start, x.type,
                                                    s) };
  struct kir_operand past = start_local (cx, KIR_BOOL, KIR_GE, 2, args, s);
  int on = kir_add_block (k);
  kir_set_branch (k, from, past, on, skip);
  cx->cur = on;
  /* x - START_CONGRUENT may be negative: computed as the loop's
     recognition computes the form (nest-recognition.cc).  */
  bool power = (d->start_step & (d->start_step - 1)) == 0;
  enum kir_type type = power || !d->start_congruent ? x.type : KIR_I64;
  if (type != x.type)
    args[0] = start_local (cx, type, KIR_CVT, 1, &x, s);
  if (d->start_congruent)
    args[1] = start_value_as (cx, d->start_congruent, type, s);
  struct kir_operand distance = start_local (cx, type, KIR_SUB, 2, args, s);
  struct kir_operand rest[2] = { distance,
                                 kir_int (type, d->start_step
                                                - (power ? 1 : 0)) };
  struct kir_operand residue = start_local (cx, type,
                                            power ? KIR_AND : KIR_MOD, 2,
                                            rest, s);
  struct kir_operand zero[2] = { residue, kir_int (type, 0) };
  struct kir_operand whole = start_local (cx, KIR_BOOL, KIR_EQ, 2, zero, s);
  int next = kir_add_block (k);
  kir_set_branch (k, on, whole, next, skip);
  return next;
}

/* Puts before the body the tests of the loops whose start depends on
   outer loops (guard_start): the body's entry moves out of block 0.  */
void
mint_guard_starts (struct extract_ctx *cx)
{
  struct mint_nest *n = cx->nest;
  struct kir_kernel *k = cx->k;
  bool any = false;
  for (int i = 0; i < n->depth; i++)
    any |= n->dims[i].start != NULL_TREE;
  if (!any)
    return;
  int body = kir_add_block (k);
  struct kir_block entry = k->blocks[0];
  k->blocks[0] = k->blocks[body];
  k->blocks[body] = entry;
  for (int b = 1; b < k->nblocks; b++)
    for (int e = 0; e < kir_successor_count (&k->blocks[b]); e++)
      if (k->blocks[b].succ[e] == 0)
        k->blocks[b].succ[e] = body;
  int skip = kir_add_block (k);
  kir_set_next (k, skip);
  k->start_tested = 1;
  int at = 0;
  for (int i = 0; i < n->depth; i++)
    if (n->dims[i].start)
      at = guard_start (cx, &n->dims[i], at, skip);
  kir_set_goto (k, at, body);
}
