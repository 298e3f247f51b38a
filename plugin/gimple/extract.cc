/* extract.cc -- a `#pragma mint for` loop nest in GIMPLE -> Kernel IR.

   Works at the "cfg" position: not yet
   SSA, so user variables are VAR_DECLs and PARM_DECLs, while the
   gimplifier's temporaries are SSA names with exactly one definition
   each.  Loop bounds come from pattern matching the loop headers; array
   accesses are resolved by following the temporaries' definitions back to
   the array's declaration, or to the structure member that holds it
   (member.h); a structure member the body only reads is passed by value,
   like a variable.  */

#include "gcc-compat.h"
#include "kir.h"
#include "delinearize.h"
#include "plan.h"
#include "directive.h"
#include "options.h"
#include "mint/mintrt.h"
#include "member.h"
#include "extract.h"
#include "reduction.h"
#include "helper.h"
#include "plane.h"

/* A subscript: constant + sum coeff * leaf, each leaf a VAR_DECL,
   PARM_DECL or SSA name of integer type.  */
struct tree_affine
{
  HOST_WIDE_INT constant;
  int nterms;
  tree leaf[KIR_MAX_TERMS];
  HOST_WIDE_INT coeff[KIR_MAX_TERMS];
};

/* An array element: the array and one subscript per dimension, first
   (slowest) subscript first.  */
/* The most elements of an array declared in the body (each point's own,
   in the thread's local memory).  */
#define MAX_PRIVATE_ELEMENTS 1024
#define STRINGIFY(x) #x
#define NUMBER_TEXT(x) STRINGIFY (x)

/* The most subscripts of an array the body indexes: a 4-D array's first
   selects the 3-D array a kernel indexes as an array of its own (a
   plane: plane.h).  */
#define MAX_SUBSCRIPTS (KIR_MAX_DIMS + 1)

struct tree_access
{
  tree root;                    /* the variable or member naming the array */
  bool private_array;           /* ROOT is declared in the body */
  enum mint_array_style style;
  int source_rank;              /* subscripts, as the body writes them */
  /* The first subscript's value, over the nest's invariants, where the
     access is to that plane of ROOT, whose other subscripts INDEX holds;
     else NULL_TREE.  */
  tree plane;
  int rank;
  struct tree_affine index[KIR_MAX_DIMS];
};

/* A first subscript of array ROOT (of RANK subscripts) in the nest: its
   value PLANE over the nest's invariants, NULL_TREE where it changes in
   the nest; FORM as the body computes it.  */
struct plane_use
{
  tree root;
  tree plane;
  struct tree_affine form;
  int rank;
};

struct extract_ctx
{
  struct mint_nest *nest;
  const vec<const struct mint_directive *> *copies;
  struct kir_kernel *k;
  class loop *body_loop;        /* the innermost parallel loop */
  sbitmap nest_bbs;             /* blocks of the outermost parallel loop */
  sbitmap body_bbs;             /* the kernel body's blocks */
  hash_set<tree> nest_written;  /* variables assigned in the nest */
  hash_set<tree> body_private;  /* variables the body assigns: locals */
  hash_set<tree> inner_ivs;     /* variables of loops inside the body */
  hash_set<tree> needed;        /* SSA names whose value the kernel uses */
  auto_vec<tree> reported;      /* objects already diagnosed */
  hash_map<tree, int> local_of;
  auto_vec<tree> private_decls; /* per kernel-IR private array */
  auto_vec<struct plane_use> planes;    /* the nest's, each once */
  auto_vec<tree> plane_arrays;  /* arrays of 3 subscripts or fewer that
                                   the kernel indexes plane by plane */
  int *block_of;                /* basic block index -> kernel IR block */
  int cur;                      /* kernel IR block being filled */
  int outer_ivs;                /* invariant_expr takes the variables of
                                   this many outer loops as leaves */
  bool ok;
};

static const char *
decl_name (tree decl)
{
  return DECL_NAME (decl) ? IDENTIFIER_POINTER (DECL_NAME (decl)) : "tmp";
}

/* ---- kernel IR types and names -------------------------------------- */

/* The kernel IR type of TYPE, or KIR_VOID when the device cannot hold it.  */
static enum kir_type
kir_type_of (tree type)
{
  if (TREE_CODE (type) == BOOLEAN_TYPE)
    return KIR_BOOL;
  if (INTEGRAL_TYPE_P (type))
    {
      bool u = TYPE_UNSIGNED (type);
      switch (TYPE_PRECISION (type))
        {
        case 8: return u ? KIR_U8 : KIR_I8;
        case 16: return u ? KIR_U16 : KIR_I16;
        case 32: return u ? KIR_U32 : KIR_I32;
        case 64: return u ? KIR_U64 : KIR_I64;
        default: return KIR_VOID;
        }
    }
  if (SCALAR_FLOAT_TYPE_P (type))
    {
      if (TYPE_MODE (type) == TYPE_MODE (double_type_node))
        return KIR_F64;
      if (TYPE_MODE (type) == TYPE_MODE (float_type_node))
        return KIR_F32;
    }
  return KIR_VOID;
}

bool
mint_device_type_p (tree type)
{
  return kir_type_of (type) != KIR_VOID;
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
  free (unique);
  return l;
}

/* ---- small GIMPLE helpers ------------------------------------------- */

static bool
in_body (struct extract_ctx *cx, basic_block bb)
{
  return bb && bitmap_bit_p (cx->body_bbs, bb->index);
}

static bool
var_or_parm_p (tree t)
{
  return VAR_P (t) || TREE_CODE (t) == PARM_DECL;
}

/* The body-local definition of SSA name T, or NULL.  */
static gimple *
body_def (struct extract_ctx *cx, tree t)
{
  if (TREE_CODE (t) != SSA_NAME)
    return NULL;
  gimple *def = SSA_NAME_DEF_STMT (t);
  return def && in_body (cx, gimple_bb (def)) ? def : NULL;
}

static bool
memory_ref_p (tree t)
{
  return TREE_CODE (t) == MEM_REF || TREE_CODE (t) == ARRAY_REF
         || TREE_CODE (t) == COMPONENT_REF || TREE_CODE (t) == TARGET_MEM_REF
         || TREE_CODE (t) == BIT_FIELD_REF || TREE_CODE (t) == ARRAY_RANGE_REF
         || TREE_CODE (t) == REALPART_EXPR || TREE_CODE (t) == IMAGPART_EXPR;
}

static bool
marker_call_p (gimple *s)
{
  if (!is_gimple_call (s))
    return false;
  tree fn = gimple_call_fndecl (s);
  return fn && DECL_NAME (fn)
         && startswith (IDENTIFIER_POINTER (DECL_NAME (fn)), "__mint_");
}

/* Whether S is a check -fsanitize added (mint_sanitizer_call_p).  */
static bool
sanitizer_check_p (gimple *s)
{
  if (!is_gimple_call (s) || gimple_call_lhs (s))
    return false;
  tree fn = gimple_call_fndecl (s);
  if (!fn && !gimple_call_internal_p (s))
    return false;
  return mint_sanitizer_call_p (fn, fn ? IFN_LAST
                                       : gimple_call_internal_fn (s));
}

/* ---- objects: variables and structure members ----------------------- */

/* Whether OBJECT (a variable or member reference) is reported for the
   first time; records it.  */
static bool
first_report (struct extract_ctx *cx, tree object)
{
  for (tree r : cx->reported)
    if (mint_same_object (r, object))
      return false;
  cx->reported.safe_push (object);
  return true;
}

/* The toDevice copy directive of the region that copies OBJECT, or NULL.  */
static const struct mint_directive *
copy_of (struct extract_ctx *cx, tree object)
{
  const struct mint_directive *copy = NULL;
  for (const struct mint_directive *c : *cx->copies)
    if (mint_same_object (c->array, object))
      copy = c;
  return copy;
}

static bool declared_outside (struct extract_ctx *, tree);

/* Rebuilding a reference of the nest without its SSA names, as an
   expression the host can evaluate before the nest.  WRITTEN: variables
   it must not depend on (NULL: any); CULPRIT: the one it did.  */
struct rebuild
{
  hash_set<tree> *written;
  tree culprit;
};

static tree rebuild_ref (struct rebuild *, tree);

static tree
rebuild_variable (struct rebuild *rb, tree var)
{
  if (rb->written && rb->written->contains (var))
    {
      rb->culprit = var;
      return NULL_TREE;
    }
  return var;
}

/* The pointer value PTR: variables, pointer loads and constant offsets.  */
static tree
rebuild_pointer (struct rebuild *rb, tree ptr)
{
  if (var_or_parm_p (ptr))
    return rebuild_variable (rb, ptr);
  if (TREE_CODE (ptr) == ADDR_EXPR)
    {
      tree object = rebuild_ref (rb, TREE_OPERAND (ptr, 0));
      return object ? build_fold_addr_expr (object) : NULL_TREE;
    }
  if (TREE_CODE (ptr) != SSA_NAME || !is_gimple_assign (SSA_NAME_DEF_STMT (ptr)))
    return NULL_TREE;
  gassign *def = as_a<gassign *> (SSA_NAME_DEF_STMT (ptr));
  tree r1 = gimple_assign_rhs1 (def);
  enum tree_code code = gimple_assign_rhs_code (def);
  tree base = NULL_TREE;
  if (gimple_assign_load_p (def))
    return rebuild_ref (rb, r1);
  if (code == POINTER_PLUS_EXPR
      && TREE_CODE (gimple_assign_rhs2 (def)) == INTEGER_CST)
    {
      if ((base = rebuild_pointer (rb, r1)))
        return fold_build_pointer_plus (base, gimple_assign_rhs2 (def));
    }
  else if ((CONVERT_EXPR_CODE_P (code) || get_gimple_rhs_class (code)
                                          == GIMPLE_SINGLE_RHS)
           && POINTER_TYPE_P (TREE_TYPE (r1)))
    {
      if ((base = rebuild_pointer (rb, r1)))
        return fold_convert (TREE_TYPE (ptr), base);
    }
  return NULL_TREE;
}

/* The memory reference REF, with constant subscripts only.  */
static tree
rebuild_ref (struct rebuild *rb, tree ref)
{
  tree base, off;
  switch (TREE_CODE (ref))
    {
    case VAR_DECL:
    case PARM_DECL:
      return rebuild_variable (rb, ref);
    case COMPONENT_REF:
      if (!(base = rebuild_ref (rb, TREE_OPERAND (ref, 0))))
        return NULL_TREE;
      return build3 (COMPONENT_REF, TREE_TYPE (ref), base,
                     TREE_OPERAND (ref, 1), TREE_OPERAND (ref, 2));
    case ARRAY_REF:
      if (TREE_CODE (TREE_OPERAND (ref, 1)) != INTEGER_CST
          || !(base = rebuild_ref (rb, TREE_OPERAND (ref, 0))))
        return NULL_TREE;
      return build4 (ARRAY_REF, TREE_TYPE (ref), base, TREE_OPERAND (ref, 1),
                     TREE_OPERAND (ref, 2), TREE_OPERAND (ref, 3));
    case MEM_REF:
      if (!(base = rebuild_pointer (rb, TREE_OPERAND (ref, 0))))
        return NULL_TREE;
      off = TREE_OPERAND (ref, 1);
      /* MEM[p + c, off] is MEM[p, off + c].  */
      if (TREE_CODE (base) == POINTER_PLUS_EXPR
          && TREE_CODE (TREE_OPERAND (base, 1)) == INTEGER_CST)
        {
          off = int_const_binop (PLUS_EXPR, off,
                                 fold_convert (TREE_TYPE (off),
                                               TREE_OPERAND (base, 1)));
          base = TREE_OPERAND (base, 0);
        }
      return build2 (MEM_REF, TREE_TYPE (ref), base, off);
    default:
      return NULL_TREE;
    }
}

/* REF of the nest rebuilt; NULL_TREE, with a variable the nest assigns in
   *CULPRIT if that is why, when the nest cannot be offloaded with it.  */
static tree
nest_invariant_ref (struct extract_ctx *cx, tree ref, tree *culprit)
{
  struct rebuild rb = { &cx->nest_written, NULL_TREE };
  tree r = rebuild_ref (&rb, ref);
  if (rb.culprit)
    *culprit = rb.culprit;
  return r;
}

/* Whether REF is a member of a structure variable declared in the loop
   nest: its points cannot share it, and the kernel IR has no structure
   locals.  */
static bool
member_of_local_p (struct extract_ctx *cx, tree ref)
{
  tree base = get_base_address (ref);
  return base && DECL_P (base) && !declared_outside (cx, base);
}

/* If the load REF reads a structure member (`p->dt', `s.c[2]') that no
   store of the nest can change, and that is no element of a copied array,
   the member rebuilt; else NULL_TREE.  Members are not written in a
   kernel (store_to_member) and the variables they are reached through
   are not assigned in the nest; whether an array store of the nest may
   reach one is checked at the launch (mintrt.h, mint_check_scalar).  */
static tree
member_value (struct extract_ctx *cx, tree ref, tree *culprit)
{
  tree m = nest_invariant_ref (cx, ref, culprit);
  if (!m || !mint_member_ref_p (m) || TREE_THIS_VOLATILE (ref)
      || TYPE_VOLATILE (TREE_TYPE (ref)) || member_of_local_p (cx, ref))
    return NULL_TREE;
  for (tree t = m; handled_component_p (t); t = TREE_OPERAND (t, 0))
    if (TREE_CODE (t) == ARRAY_REF && copy_of (cx, TREE_OPERAND (t, 0)))
      return NULL_TREE;
  return m;
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

/* ---- the loop nest --------------------------------------------------- */

class loop *
mint_loop_after_marker (gimple *marker)
{
  basic_block bb = gimple_bb (marker);
  gimple_stmt_iterator gsi = gsi_for_stmt (marker);
  gsi_next (&gsi);
  for (int hops = 0; hops < 8; hops++)
    {
      for (; !gsi_end_p (gsi); gsi_next (&gsi))
        {
          gimple *s = gsi_stmt (gsi);
          if (!is_gimple_assign (s) && !is_gimple_debug (s)
              && gimple_code (s) != GIMPLE_LABEL
              && gimple_code (s) != GIMPLE_NOP)
            return NULL;
        }
      if (!single_succ_p (bb))
        return NULL;
      basic_block next = single_succ (bb);
      class loop *l = next->loop_father;
      if (l->header == next && loop_preheader_edge (l)->src == bb)
        return l;
      bb = next;
      gsi = gsi_start_bb (bb);
    }
  return NULL;
}

/* If T is a variable, or a header temporary converting one (to a floating
   type too, where it is compared with one), or adding a constant to one
   (`i + 1 < n'), the variable; the constant into *OFFSET (if not NULL).  */
static tree
compared_variable (tree t, basic_block header, HOST_WIDE_INT *offset = NULL)
{
  if (offset)
    *offset = 0;
  if (var_or_parm_p (t))
    return t;
  if (TREE_CODE (t) != SSA_NAME)
    return NULL_TREE;
  gimple *def = SSA_NAME_DEF_STMT (t);
  if (!is_gimple_assign (def) || gimple_bb (def) != header)
    return NULL_TREE;
  enum tree_code code = gimple_assign_rhs_code (def);
  tree v = gimple_assign_rhs1 (def);
  if ((CONVERT_EXPR_CODE_P (code) || code == FLOAT_EXPR) && var_or_parm_p (v))
    return v;
  if ((code == PLUS_EXPR || code == MINUS_EXPR)
      && INTEGRAL_TYPE_P (TREE_TYPE (t))
      && TREE_CODE (gimple_assign_rhs2 (def)) == INTEGER_CST
      && tree_fits_shwi_p (gimple_assign_rhs2 (def)))
    {
      tree var = compared_variable (v, header);
      HOST_WIDE_INT c = tree_to_shwi (gimple_assign_rhs2 (def));
      if (!var || !INTEGRAL_TYPE_P (TREE_TYPE (var)) || c < -(1 << 20)
          || c > (1 << 20))
        return NULL_TREE;
      if (offset)
        *offset = code == PLUS_EXPR ? c : -c;
      return var;
    }
  return NULL_TREE;
}

/* The last statement before COND in its block that assigns T.  */
static gassign *
assignment_before (gcond *cond, tree t)
{
  gimple_stmt_iterator gsi = gsi_for_stmt (cond);
  for (gsi_prev (&gsi); !gsi_end_p (gsi); gsi_prev (&gsi))
    if (gimple_get_lhs (gsi_stmt (gsi)) == t)
      return dyn_cast<gassign *> (gsi_stmt (gsi));
  return NULL;
}

/* The comparison that loop condition COND tests, into *CODE,
   *LHS and *RHS: COND's own, or where the front end kept the comparison
   in a temporary (`#pragma GCC unroll' does: `_1 = i < n; T = _1;
   if (T != 0)'), the one that temporary holds; *TEMP (if not NULL) is
   then T, else NULL_TREE.  */
static void
tested_comparison (gcond *cond, enum tree_code *code, tree *lhs, tree *rhs,
                   tree *temp)
{
  *code = gimple_cond_code (cond);
  *lhs = gimple_cond_lhs (cond);
  *rhs = gimple_cond_rhs (cond);
  if (temp)
    *temp = NULL_TREE;
  if ((*code != NE_EXPR && *code != EQ_EXPR) || !integer_zerop (*rhs)
      || TREE_CODE (*lhs) != VAR_DECL || !DECL_ARTIFICIAL (*lhs))
    return;
  gassign *copy = assignment_before (cond, *lhs);
  if (!copy || !gimple_assign_single_p (copy)
      || TREE_CODE (gimple_assign_rhs1 (copy)) != SSA_NAME)
    return;
  gassign *cmp = assignment_before (cond, gimple_assign_rhs1 (copy));
  if (!cmp
      || TREE_CODE_CLASS (gimple_assign_rhs_code (cmp)) != tcc_comparison)
    return;
  if (temp)
    *temp = *lhs;
  *code = *code == NE_EXPR ? gimple_assign_rhs_code (cmp)
          : invert_tree_comparison (gimple_assign_rhs_code (cmp), false);
  *lhs = gimple_assign_rhs1 (cmp);
  *rhs = gimple_assign_rhs2 (cmp);
}

/* The variables compared in loop L's exit condition: its candidate loop
   variables; and the temporary that holds the comparison (or NULL_TREE,
   tested_comparison).  */
static void
compared_variables (class loop *l, tree vars[3])
{
  vars[0] = vars[1] = vars[2] = NULL_TREE;
  gcond *c = safe_dyn_cast<gcond *> (mint_last_stmt (l->header));
  if (c)
    {
      enum tree_code code;
      tree lhs, rhs;
      tested_comparison (c, &code, &lhs, &rhs, &vars[2]);
      vars[0] = compared_variable (lhs, l->header);
      vars[1] = compared_variable (rhs, l->header);
    }
}

/* A statement of loop L, outside L's inner loops, other than loop
   control: L's condition, temporaries, and assignments to L's or INNER's
   loop variable (whether those are a proper increment and initialization
   is checked when the bounds are analyzed).  NULL if L and INNER are
   perfectly nested.  */
static gimple *
statement_between (class loop *l, class loop *inner)
{
  tree vars[6];
  compared_variables (l, vars);
  compared_variables (inner, vars + 3);
  basic_block *bbs = get_loop_body (l);
  gimple *found = NULL;
  for (unsigned i = 0; i < l->num_nodes && !found; i++)
    {
      if (bbs[i]->loop_father != l)
        continue;
      for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[i]); !gsi_end_p (gsi);
           gsi_next (&gsi))
        {
          gimple *s = gsi_stmt (gsi);
          if (is_gimple_debug (s) || gimple_code (s) == GIMPLE_LABEL
              || gimple_code (s) == GIMPLE_NOP
              || (gimple_code (s) == GIMPLE_COND && bbs[i] == l->header))
            continue;
          if (is_gimple_assign (s))
            {
              tree lhs = gimple_assign_lhs (s);
              bool control = false;
              for (int v = 0; v < 6; v++)
                control |= lhs && lhs == vars[v];
              if (TREE_CODE (lhs) == SSA_NAME || control)
                continue;
            }
          found = s;
          break;
        }
    }
  free (bbs);
  return found;
}

/* How many loops from L0 down are perfectly nested (at most 3).  */
static int
perfect_depth (class loop *l0, gimple **between)
{
  int depth = 1;
  *between = NULL;
  for (class loop *l = l0; depth < KIR_MAX_DIMS; l = l->inner, depth++)
    {
      if (!l->inner || l->inner->next)
        break;
      gimple *s = statement_between (l, l->inner);
      if (s)
        {
          *between = s;
          break;
        }
    }
  return depth;
}

static tree invariant_rhs (struct extract_ctx *, gassign *, tree *);

/* T with each SSA name replaced by its definition, so it can be evaluated
   before the nest.  NULL_TREE if it reads memory other than a structure
   member (member_value) or a variable the nest assigns (that variable in
   *CULPRIT).  */
static tree
invariant_expr (struct extract_ctx *cx, tree t, tree *culprit)
{
  if (CONSTANT_CLASS_P (t))
    return t;
  if (memory_ref_p (t))
    return member_value (cx, t, culprit);
  if (var_or_parm_p (t))
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
  return invariant_rhs (cx, as_a<gassign *> (SSA_NAME_DEF_STMT (t)), culprit);
}

/* The right-hand side of S as an invariant_expr.  */
static tree
invariant_rhs (struct extract_ctx *cx, gassign *s, tree *culprit)
{
  enum tree_code code = gimple_assign_rhs_code (s);
  tree type = TREE_TYPE (gimple_assign_lhs (s));
  tree a, b;
  switch (get_gimple_rhs_class (code))
    {
    case GIMPLE_SINGLE_RHS:
      return invariant_expr (cx, gimple_assign_rhs1 (s), culprit);
    case GIMPLE_UNARY_RHS:
      a = invariant_expr (cx, gimple_assign_rhs1 (s), culprit);
      return a ? fold_build1 (code, type, a) : NULL_TREE;
    case GIMPLE_BINARY_RHS:
      a = invariant_expr (cx, gimple_assign_rhs1 (s), culprit);
      b = a ? invariant_expr (cx, gimple_assign_rhs2 (s), culprit) : NULL;
      return b ? fold_build2 (code, type, a, b) : NULL_TREE;
    default:
      return NULL_TREE;
    }
}

/* The assignment in BB that T, an SSA name, copies or converts to T's
   type from an integer type at least as wide as PREC bits, or NULL.  */
static gassign *
copy_definition (tree t, basic_block bb, unsigned prec)
{
  if (TREE_CODE (t) != SSA_NAME || !INTEGRAL_TYPE_P (TREE_TYPE (t))
      || TYPE_PRECISION (TREE_TYPE (t)) < prec)
    return NULL;
  gassign *def = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (t));
  if (!def || gimple_bb (def) != bb)
    return NULL;
  tree from = gimple_assign_rhs1 (def);
  enum tree_code code = gimple_assign_rhs_code (def);
  if ((CONVERT_EXPR_CODE_P (code) || code == SSA_NAME || var_or_parm_p (from))
      && INTEGRAL_TYPE_P (TREE_TYPE (from))
      && TYPE_PRECISION (TREE_TYPE (from)) >= prec)
    return def;
  return NULL;
}

/* The step of S, an assignment to V, where it is V = V + constant or
   V - constant, through the copies and conversions the front end puts
   around a variable narrower than int (`x.1 = x; x.2 = (unsigned short)
   x.1; _3 = x.2 + 1; x = (short) _3'), none to fewer bits than V's;
   else 0.  */
static HOST_WIDE_INT
increment_step (gassign *s, tree v)
{
  basic_block bb = gimple_bb (s);
  unsigned prec = TYPE_PRECISION (TREE_TYPE (v));
  enum tree_code code = gimple_assign_rhs_code (s);
  while (code != PLUS_EXPR && code != MINUS_EXPR)
    {
      tree t = gimple_assign_rhs1 (s);
      if ((!CONVERT_EXPR_CODE_P (code) && code != SSA_NAME)
          || TREE_CODE (t) != SSA_NAME || !INTEGRAL_TYPE_P (TREE_TYPE (t))
          || TYPE_PRECISION (TREE_TYPE (t)) < prec)
        return 0;
      s = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (t));
      if (!s || gimple_bb (s) != bb)
        return 0;
      code = gimple_assign_rhs_code (s);
    }
  tree r1 = gimple_assign_rhs1 (s), r2 = gimple_assign_rhs2 (s);
  for (gassign *def; (def = copy_definition (r1, bb, prec)); )
    r1 = gimple_assign_rhs1 (def);
  if (r1 != v || TREE_CODE (r2) != INTEGER_CST)
    return 0;
  /* Sign-extended: `u--' on an unsigned u adds its type's maximum.  */
  HOST_WIDE_INT step = int_cst_value (r2);
  return code == MINUS_EXPR ? -step : step;
}

/* The only assignment to V in loop L (inner loops included) if it is
   V = V + constant (increment_step), else NULL.  *COUNT: how many
   assignments there are.  */
static gimple *
loop_increment (class loop *l, tree v, HOST_WIDE_INT *step, int *count)
{
  basic_block *bbs = get_loop_body (l);
  gimple *found = NULL;
  *count = 0;
  for (unsigned i = 0; i < l->num_nodes; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[i]); !gsi_end_p (gsi);
         gsi_next (&gsi))
      {
        gimple *s = gsi_stmt (gsi);
        if (gimple_get_lhs (s) == v)
          {
            (*count)++;
            found = s;
          }
      }
  free (bbs);
  if (*count != 1 || !is_gimple_assign (found)
      || found->bb->loop_father != l
      || !single_succ_p (found->bb)
      || (single_succ (found->bb) != l->latch
          && single_succ (found->bb) != l->header))
    return NULL;
  *step = increment_step (as_a<gassign *> (found), v);
  return *step != 0 ? found : NULL;
}

/* The last assignment to V on the straight-line path into L's preheader.  */
static gassign *
loop_initialization (class loop *l, tree v)
{
  basic_block bb = loop_preheader_edge (l)->src;
  for (int hops = 0; hops < 8; hops++)
    {
      for (gimple_stmt_iterator gsi = gsi_last_bb (bb); !gsi_end_p (gsi);
           gsi_prev (&gsi))
        {
          gimple *s = gsi_stmt (gsi);
          if (gimple_get_lhs (s) == v)
            return dyn_cast<gassign *> (s);
        }
      if (!single_pred_p (bb))
        return NULL;
      bb = single_pred (bb);
    }
  return NULL;
}

/* Whether a loop that steps by STEP while it compares CODE with BOUND
   stops before its variable of TYPE leaves TYPE's range: BOUND is a
   constant, and the first value past it is in the range.  */
static bool
stops_in_range (tree bound, enum tree_code code, HOST_WIDE_INT step,
                tree type)
{
  if (TREE_CODE (bound) != INTEGER_CST || !tree_fits_shwi_p (bound)
      || !tree_fits_shwi_p (TYPE_MIN_VALUE (type))
      || !tree_fits_shwi_p (TYPE_MAX_VALUE (type)))
    return false;
  HOST_WIDE_INT past = tree_to_shwi (bound) + step;
  if (code == LT_EXPR)
    past--;
  else if (code == GT_EXPR)
    past++;
  return past >= tree_to_shwi (TYPE_MIN_VALUE (type))
         && past <= tree_to_shwi (TYPE_MAX_VALUE (type));
}

/* S's location, or FALLBACK where S has none.  */
static location_t
stmt_location (gimple *s, location_t fallback)
{
  return gimple_has_location (s) ? gimple_location (s) : fallback;
}

static tree mentions_cb (tree *, int *, void *);

/* Whether T uses the variable of one of the outer loops of CX's nest up
   to dimension D.  */
static bool
uses_outer_iv (struct extract_ctx *cx, tree t, const struct mint_loop_dim *d)
{
  for (const struct mint_loop_dim *outer = cx->nest->dims; outer < d; outer++)
    if (walk_tree_without_duplicates (&t, mentions_cb, outer->iv))
      return true;
  return false;
}

/* For X, a part of a start that uses outer loop variables: the residue
   F % M (M a positive constant) or F & K (K a nonnegative constant) that
   X is, through integer conversions, with its least and greatest values
   and F into *F; NULL_TREE for other X.  */
static tree
residue_range (tree x, tree *f, HOST_WIDE_INT *least, HOST_WIDE_INT *most)
{
  tree r = x;
  while (CONVERT_EXPR_P (r))
    r = TREE_OPERAND (r, 0);
  enum tree_code code = TREE_CODE (r);
  if ((code != TRUNC_MOD_EXPR && code != BIT_AND_EXPR)
      || !INTEGRAL_TYPE_P (TREE_TYPE (r)))
    return NULL_TREE;
  tree a = TREE_OPERAND (r, 0), b = TREE_OPERAND (r, 1);
  if (code == BIT_AND_EXPR && TREE_CODE (a) == INTEGER_CST)
    std::swap (a, b);
  if (TREE_CODE (b) != INTEGER_CST || !tree_fits_shwi_p (b)
      || tree_int_cst_sgn (b) < 0
      || (code == TRUNC_MOD_EXPR && integer_zerop (b)))
    return NULL_TREE;
  HOST_WIDE_INT k = tree_to_shwi (b);
  *f = a;
  *most = code == BIT_AND_EXPR ? k : k - 1;
  *least = code == BIT_AND_EXPR || TYPE_UNSIGNED (TREE_TYPE (r)) ? 0 : 1 - k;
  return r;
}

/* Whether R (F % M or F & K, residue_range) is congruent to F modulo
   STEP: STEP divides M, or STEP, a power of 2, divides K + 1, another.  */
static bool
congruent_residue (tree r, HOST_WIDE_INT step)
{
  tree constant = TREE_OPERAND (r, 1);
  if (TREE_CODE (constant) != INTEGER_CST)
    constant = TREE_OPERAND (r, 0);
  HOST_WIDE_INT k = tree_to_shwi (constant);
  if (TREE_CODE (r) == TRUNC_MOD_EXPR)
    return k % step == 0;
  return ((k + 1) & k) == 0 && (step & (step - 1)) == 0 && (k + 1) % step == 0;
}

/* Whether long long holds every value of TYPE.  */
static bool
fits_long_long (tree type)
{
  return TYPE_PRECISION (type) < TYPE_PRECISION (long_long_integer_type_node)
         || !TYPE_UNSIGNED (type);
}

/* Whether the integer conversion T keeps every value of its operand.  */
static bool
widening_p (tree t)
{
  tree to = TREE_TYPE (t), from = TREE_TYPE (TREE_OPERAND (t, 0));
  return TYPE_PRECISION (to) > TYPE_PRECISION (from)
         ? !TYPE_UNSIGNED (to) || TYPE_UNSIGNED (from)
         : TYPE_PRECISION (to) == TYPE_PRECISION (from)
           && TYPE_UNSIGNED (to) == TYPE_UNSIGNED (from);
}

/* Whether TYPE holds every value from LOW to HIGH.  */
static bool
holds_range (tree type, HOST_WIDE_INT low, HOST_WIDE_INT high)
{
  tree ll = long_long_integer_type_node;
  return int_fits_type_p (build_int_cst (ll, low), type)
         && int_fits_type_p (build_int_cst (ll, high), type);
}

/* Whether the integer conversions from T down to INNER hold every value
   from LOW to HIGH.  */
static bool
conversions_hold (tree t, tree inner, HOST_WIDE_INT low, HOST_WIDE_INT high)
{
  for (; t != inner; t = TREE_OPERAND (t, 0))
    if (!holds_range (TREE_TYPE (t), low, high))
      return false;
  return true;
}

/* Whether the types from T down to INNER, INNER's too, have at least
   PRECISION bits.  */
static bool
conversions_as_wide (tree t, tree inner, unsigned precision)
{
  for (; t != inner; t = TREE_OPERAND (t, 0))
    if (TYPE_PRECISION (TREE_TYPE (t)) < precision)
      return false;
  return TYPE_PRECISION (TREE_TYPE (inner)) >= precision;
}

/* Loop D's START, through integer conversions, of the form B + X, X + B,
   B - X or X with X a residue (residue_range) of a form F of the outer
   loop variables and B none of them: a lower bound of it over the nest
   invariants, or NULL_TREE.  Its value is B + X where every conversion
   keeps the values it may see; or where B is a constant, the start's
   type holds B + X and every type on the way is as wide (so that what
   wraps around on the way, as GCC computes 1 + (y + c) % 2 for a long y
   in unsigned int, comes back).  Sets D's START_CONGRUENT to B + F or
   B - F where X is congruent to F modulo the loop's step.  */
static tree
start_lower_bound (struct extract_ctx *cx, struct mint_loop_dim *d,
                   tree start)
{
  tree inner = start;
  bool widening = true;
  while (CONVERT_EXPR_P (inner)
         && INTEGRAL_TYPE_P (TREE_TYPE (TREE_OPERAND (inner, 0))))
    {
      widening &= widening_p (inner);
      inner = TREE_OPERAND (inner, 0);
    }
  tree type = TREE_TYPE (inner);
  tree base = NULL_TREE, x = inner;
  int sign = 1;
  if (TREE_CODE (inner) == PLUS_EXPR || TREE_CODE (inner) == MINUS_EXPR)
    {
      base = TREE_OPERAND (inner, 0);
      x = TREE_OPERAND (inner, 1);
      if (TREE_CODE (inner) == MINUS_EXPR)
        sign = -1;
      else if (!uses_outer_iv (cx, x, d))
        std::swap (base, x);
    }
  tree f, r;
  HOST_WIDE_INT least, most;
  if ((base && uses_outer_iv (cx, base, d))
      || !(r = residue_range (x, &f, &least, &most)))
    return NULL_TREE;
  HOST_WIDE_INT low = sign > 0 ? least : -most;
  HOST_WIDE_INT high = sign > 0 ? most : -least;
  bool constant = !base || tree_fits_shwi_p (base);
  HOST_WIDE_INT b = base && constant ? tree_to_shwi (base) : 0;
  unsigned precision = TYPE_PRECISION (TREE_TYPE (start));
  if (!(widening && conversions_hold (x, r, least, most))
      && !(constant && holds_range (TREE_TYPE (start), b + low, b + high)
           && conversions_as_wide (start, r, precision)
           && conversions_as_wide (x, r, precision)))
    return NULL_TREE;
  /* Modulo a power of 2 wrapping around keeps residues: the form is
     computed as the start is; else in long long, which holds it.  */
  bool power = (d->step & (d->step - 1)) == 0;
  tree ctype = power ? type : long_long_integer_type_node;
  if (congruent_residue (r, d->step)
      && (power || (fits_long_long (TREE_TYPE (f))
                    && (!base || fits_long_long (TREE_TYPE (base))))))
    {
      tree form = fold_convert (ctype, f);
      if (sign < 0)
        form = fold_build1 (NEGATE_EXPR, ctype, form);
      if (base)
        form = fold_build2 (PLUS_EXPR, ctype, fold_convert (ctype, base),
                            form);
      d->start_congruent = power ? fold_convert (TREE_TYPE (start), form)
                                 : form;
    }
  tree bound = build_int_cst (type, low);
  if (base)
    bound = fold_build2 (PLUS_EXPR, type, base, bound);
  return fold_convert (TREE_TYPE (start), bound);
}

/* For loop D, whose initialization INIT uses the variables of outer
   parallel loops: the loop as one over the box from a lower bound of its
   start by step 1 (mint_loop_dim), or NULL_TREE where its start has no
   form start_lower_bound knows or uses other variables the nest
   assigns (one into *CULPRIT).  */
static tree
dependent_start (struct extract_ctx *cx, struct mint_loop_dim *d,
                 gassign *init, tree *culprit)
{
  if (d->step <= 0 || (d->cmp != LT_EXPR && d->cmp != LE_EXPR))
    return NULL_TREE;
  cx->outer_ivs = d - cx->nest->dims;
  tree start = invariant_rhs (cx, init, culprit);
  cx->outer_ivs = 0;
  tree low = start && INTEGRAL_TYPE_P (TREE_TYPE (start))
             ? start_lower_bound (cx, d, start) : NULL_TREE;
  if (!low)
    return NULL_TREE;
  d->start = start;
  d->start_step = d->step;
  d->start_stmt = init;
  d->step = 1;
  return low;
}

/* The error for loop D of the nest, whose bounds are not invariant: they
   use CULPRIT, a variable the nest assigns, or something else.  */
static void
bounds_error (struct extract_ctx *cx, location_t loc,
              const struct mint_loop_dim *d, tree culprit)
{
  if (!culprit)
    {
      error_at (loc, "mint: the bounds of the loop over %qD must be "
                "computable before the loop nest (no calls, no memory "
                "reads but of structure members)", d->iv);
      return;
    }
  auto_diagnostic_group group;
  error_at (loc, "mint: the bounds of the loop over %qD depend on %qD, "
            "which changes inside the loop nest", d->iv, culprit);
  for (const struct mint_loop_dim *outer = cx->nest->dims; outer < d; outer++)
    if (outer->iv == culprit)
      {
        inform (loc, "the points of a %<#pragma mint for%> nest form a box, "
                "but for a loop that steps up from %<B + E %% M%> or "
                "%<B + (E & K)%> (a colour of a red-black sweep): loop over "
                "the whole box and skip points with an %<if%> in the body "
                "(a triangle)");
        return;
      }
}

/* Fills D from loop L's header condition, increment and initialization.  */
static bool
analyze_loop (struct extract_ctx *cx, class loop *l, struct mint_loop_dim *d)
{
  location_t loc = cx->nest->dir->loc;
  d->loop = l;
  d->start = d->start_congruent = NULL_TREE;
  d->start_step = 0;
  d->start_stmt = NULL;
  gcond *cond = safe_dyn_cast<gcond *> (mint_last_stmt (l->header));
  if (!cond)
    {
      error_at (loc, "mint: the condition of the loop is not a comparison");
      return false;
    }
  /* Errors about the loop go to its condition, as GCC's own for OpenMP.  */
  loc = stmt_location (cond, loc);
  edge te, fe;
  extract_true_false_edges_from_block (l->header, &te, &fe);
  enum tree_code code;
  tree lhs, rhs;
  tested_comparison (cond, &code, &lhs, &rhs, NULL);
  if (!flow_bb_inside_loop_p (l, te->dest))
    code = invert_tree_comparison (code, false);

  /* The variable plus OFFSET is compared with the bound.  */
  HOST_WIDE_INT offset;
  tree v = compared_variable (lhs, l->header, &offset);
  HOST_WIDE_INT step = 0;
  int count = 0;
  if (v && (d->increment = loop_increment (l, v, &step, &count)))
    d->bound = rhs;
  else if (count > 1)
    {
      error_at (loc, "mint: loop variable %qD is modified in the body of the "
                "loop nest", v);
      return false;
    }
  else if ((v = compared_variable (rhs, l->header, &offset))
           && (d->increment = loop_increment (l, v, &step, &count)))
    {
      d->bound = lhs;
      code = swap_tree_comparison (code);
    }
  else if (count > 1)
    {
      error_at (loc, "mint: loop variable %qD is modified in the body of the "
                "loop nest", v);
      return false;
    }
  else
    {
      error_at (loc, "mint: cannot find the loop variable of a parallel "
                "loop: it must be compared with %<<%>, %<<=%>, %<>%> or "
                "%<>=%> in the condition and changed only by a constant "
                "step (%<i++%>, %<i += 2%>, %<i--%>)");
      return false;
    }
  /* As in OpenMP: `i != n' stepping by 1 is `i < n', by -1 `i > n'.  */
  if (code == NE_EXPR && (step == 1 || step == -1))
    code = step > 0 ? LT_EXPR : GT_EXPR;
  d->iv = v;
  d->step = step;
  d->cmp = code;
  if (!INTEGRAL_TYPE_P (TREE_TYPE (v)))
    {
      error_at (loc, "mint: the loop variable %qD must have an integer type",
                v);
      return false;
    }
  if (!INTEGRAL_TYPE_P (TREE_TYPE (d->bound)))
    {
      error_at (loc, "mint: the loop over %qD is compared with a bound of "
                "type %qT; the bound must have an integer type", v,
                TREE_TYPE (d->bound));
      return false;
    }
  bool up = code == LT_EXPR || code == LE_EXPR;
  bool down = code == GT_EXPR || code == GE_EXPR;
  /* A variable narrower than int must stop before it wraps around (GCC
     folds `c < 127' for a signed char c into `c != 127').  */
  if (TYPE_PRECISION (TREE_TYPE (v)) < TYPE_PRECISION (integer_type_node)
      && ((!up && !down)
          || !stops_in_range (d->bound, code, step, TREE_TYPE (v))))
    {
      error_at (loc, "mint: the loop over %qD, of type %qT, can wrap around "
                "before it reaches its bound; give it type %<int%>, or a "
                "constant bound its type holds", v, TREE_TYPE (v));
      return false;
    }
  if (!up && !down)
    {
      error_at (loc, "mint: the condition of the loop over %qD must compare "
                "it with %<<%>, %<<=%>, %<>%> or %<>=%>, or with %<!=%> "
                "where it steps by 1 or -1", v);
      return false;
    }
  if ((up && step < 0) || (down && step > 0))
    {
      error_at (loc, "mint: the loop over %qD steps away from its bound", v);
      return false;
    }

  gassign *init = loop_initialization (l, v);
  if (!init)
    {
      error_at (loc, "mint: the loop over %qD must set its variable in the "
                "%<for%> statement", v);
      return false;
    }
  tree culprit = NULL_TREE;
  d->init = invariant_rhs (cx, init, &culprit);
  if (!d->init && culprit)
    for (const struct mint_loop_dim *outer = cx->nest->dims; outer < d;
         outer++)
      if (outer->iv == culprit)
        {
          culprit = NULL_TREE;
          d->init = dependent_start (cx, d, init, &culprit);
          if (!d->init && !culprit)
            culprit = outer->iv;
          break;
        }
  if (!d->init)
    loc = stmt_location (init, loc);
  else
    d->bound = invariant_expr (cx, d->bound, &culprit);
  if (d->bound && offset)
    {
      /* v + OFFSET < B is v < B - OFFSET, in a type where B - OFFSET does
         not wrap around (an unsigned B below OFFSET: no points).  */
      tree ll = long_long_integer_type_node;
      d->bound = fold_build2 (MINUS_EXPR, ll, fold_convert (ll, d->bound),
                              build_int_cst (ll, offset));
    }
  if (!d->init || !d->bound)
    {
      bounds_error (cx, loc, d, culprit);
      return false;
    }
  return true;
}

/* ---- variables ------------------------------------------------------- */

/* Whether DECL is visible where the `for` directive stands (a global, a
   parameter or a local of an enclosing scope), as opposed to declared in
   the loop nest or made up by the gimplifier.  */
static bool
declared_outside (struct extract_ctx *cx, tree decl)
{
  if (TREE_CODE (decl) == PARM_DECL || TREE_STATIC (decl)
      || DECL_EXTERNAL (decl)
      || DECL_CONTEXT (decl) != cx->nest->fun->decl)
    return true;
  for (tree b = gimple_block (cx->nest->marker);
       b && TREE_CODE (b) == BLOCK; b = BLOCK_SUPERCONTEXT (b))
    for (tree v = BLOCK_VARS (b); v; v = DECL_CHAIN (v))
      if (v == decl)
        return true;
  return false;
}

/* Collects the variables the nest assigns.  */
static void
collect_nest_writes (struct extract_ctx *cx)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, cx->nest->fun)
    {
      if (!bitmap_bit_p (cx->nest_bbs, bb->index))
        continue;
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
           gsi_next (&gsi))
        {
          tree lhs = gimple_get_lhs (gsi_stmt (gsi));
          if (lhs && var_or_parm_p (lhs))
            cx->nest_written.add (lhs);
        }
    }
}

/* Adds the loop variables of L and the loops inside it to INNER_IVS.  */
static void
collect_inner_ivs (struct extract_ctx *cx, class loop *l)
{
  for (; l; l = l->next)
    {
      tree vars[2];
      compared_variables (l, vars);
      for (tree v : vars)
        if (v)
          cx->inner_ivs.add (v);
      collect_inner_ivs (cx, l->inner);
    }
}

/* Whether DECL is an array the loop body declares: each point has its
   own (a kernel-IR private array).  */
static bool
private_array_p (struct extract_ctx *cx, tree decl)
{
  return VAR_P (decl) && TREE_CODE (TREE_TYPE (decl)) == ARRAY_TYPE
         && !declared_outside (cx, decl);
}

/* Checks the parallel loop variables are assigned only by their loop
   control and classifies what the body assigns: private locals, the
   reduction variable, or data races.  */
static bool
check_assignments (struct extract_ctx *cx)
{
  struct mint_nest *n = cx->nest;
  basic_block bb;
  collect_inner_ivs (cx, cx->body_loop->inner);
  bool ok = true;
  FOR_EACH_BB_FN (bb, n->fun)
    {
      if (!bitmap_bit_p (cx->nest_bbs, bb->index))
        continue;
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
           gsi_next (&gsi))
        {
          gimple *s = gsi_stmt (gsi);
          tree lhs = gimple_get_lhs (s);
          if (!lhs || !var_or_parm_p (lhs) || private_array_p (cx, lhs))
            continue;
          bool control = false, iv = false;
          for (int i = 0; i < n->depth; i++)
            if (n->dims[i].iv == lhs)
              {
                iv = true;
                control |= s == n->dims[i].increment
                            || (i > 0 && !in_body (cx, bb)
                                && loop_initialization (n->dims[i].loop, lhs)
                                   == s);
              }
          if (iv && !control)
            {
              error_at (n->dir->loc, "mint: loop variable %qD is modified in "
                        "the body of the loop nest", lhs);
              inform (gimple_location (s), "modified here");
              ok = false;
              continue;
            }
          if (iv || !in_body (cx, bb))
            continue;
          if (lhs == n->dir->reduction_var || cx->inner_ivs.contains (lhs)
              || !declared_outside (cx, lhs))
            cx->body_private.add (lhs);
          else if (first_report (cx, lhs))
            {
              error_at (gimple_location (s), "mint: write to %qD, which is "
                        "declared outside the loop nest, is a data race; "
                        "declare it inside the loop body or use "
                        "%<reduction(OP:%D)%>", lhs, lhs);
              ok = false;
            }
        }
    }
  return ok;
}

/* ---- values carried between points ---------------------------------- */

/* The first block of a point: where the innermost parallel loop's
   condition goes on looping.  */
static basic_block
body_entry (struct extract_ctx *cx)
{
  edge te, fe;
  extract_true_false_edges_from_block (cx->body_loop->header, &te, &fe);
  return flow_bb_inside_loop_p (cx->body_loop, te->dest) ? te->dest
                                                          : fe->dest;
}

/* Whether walk_tree finds the variable DATA.  */
static tree
mentions_cb (tree *tp, int *, void *data)
{
  return *tp == (tree) data ? *tp : NULL_TREE;
}

/* Whether S reads VAR; assigning all of VAR is no read.  */
static bool
reads_variable_p (gimple *s, tree var)
{
  tree lhs = gimple_get_lhs (s);
  for (unsigned i = 0; i < gimple_num_ops (s); i++)
    {
      tree op = gimple_op (s, i);
      if (op && !(i == 0 && op == lhs && lhs == var)
          && walk_tree_without_duplicates (&op, mentions_cb, var))
        return true;
    }
  return false;
}

/* The first statement on a path from START that may read VAR before the
   path assigns it, or NULL.  WITHIN, if given, bounds the paths to its
   blocks.  Elsewhere code may read a global, static or address-taken
   VAR: a call or the function's return counts as a read of it then.  */
static gimple *
first_read_from (basic_block start, tree var, sbitmap within)
{
  bool escapes = !within && (TREE_ADDRESSABLE (var) || is_global_var (var));
  auto_vec<basic_block> work;
  auto_sbitmap seen (last_basic_block_for_fn (cfun));
  bitmap_clear (seen);
  bitmap_set_bit (seen, start->index);
  work.safe_push (start);
  while (!work.is_empty ())
    {
      basic_block bb = work.pop ();
      bool killed = false;
      gimple *last = NULL;
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb);
           !gsi_end_p (gsi) && !killed; gsi_next (&gsi))
        {
          gimple *s = gsi_stmt (gsi);
          if (is_gimple_debug (s))
            continue;
          if (reads_variable_p (s, var) || (escapes && is_gimple_call (s)))
            return s;
          killed = gimple_get_lhs (s) == var;
          last = s;
        }
      if (killed)
        continue;
      for (edge e : bb->succs)
        if (e->dest == EXIT_BLOCK_PTR_FOR_FN (cfun))
          {
            if (escapes && last)
              return last;
          }
        else if (!bitmap_bit_p (seen, e->dest->index)
                 && (!within || bitmap_bit_p (within, e->dest->index)))
          {
            bitmap_set_bit (seen, e->dest->index);
            work.safe_push (e->dest);
          }
    }
  return NULL;
}

static int
compare_decl_uids (const void *a, const void *b)
{
  return DECL_UID (*(const tree *) a) - DECL_UID (*(const tree *) b);
}

/* The variables declared outside the nest that the body assigns, other
   than the reduction variable: those of loops inside the body.  The host
   loops carry their values from point to point and out of the nest; a
   kernel has a copy per point, which a launch does not copy back.  So a
   point must set them before it reads them, and after the nest the
   program must set them before it reads them.  */
static bool
check_carried_variables (struct extract_ctx *cx)
{
  struct mint_nest *n = cx->nest;
  auto_vec<edge> exits = get_loop_exit_edges (n->dims[0].loop);
  auto_vec<tree> vars;
  for (tree var : cx->body_private)
    if (var != n->dir->reduction_var && declared_outside (cx, var))
      vars.safe_push (var);
  vars.qsort (compare_decl_uids);
  bool ok = true;
  for (tree var : vars)
    {
      gimple *read = first_read_from (body_entry (cx), var, cx->body_bbs);
      bool in_body = read != NULL;
      if (!read)
        read = first_read_from (exits[0]->dest, var, NULL);
      if (!read)
        continue;
      location_t loc = stmt_location (read, n->dir->loc);
      if (in_body)
        error_at (loc, "mint: %qD is read here before this point of the "
                  "loop nest sets it, so it would read the value that the "
                  "previous point left; that cannot be offloaded", var);
      else
        error_at (loc, "mint: %qD is read here while it may hold the value "
                  "that a loop inside the offloaded loop nest left in it; "
                  "when the nest runs on the GPU, %qD keeps its value from "
                  "before the nest", var, var);
      inform (n->dir->loc, "the loop nest; declare %qD inside it, or set "
              "it before it is read", var);
      ok = false;
    }
  return ok;
}

/* ---- subscripts ------------------------------------------------------ */

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
  a->coeff[a->nterms++] = mult;
  return true;
}

/* Adds MULT * T to A, looking through the body's +, -, * constant,
   negations and integer conversions.  */
static bool
affine_add (struct extract_ctx *cx, tree t, HOST_WIDE_INT mult,
            struct tree_affine *a)
{
  if (TREE_CODE (t) == INTEGER_CST)
    {
      a->constant += mult * int_cst_value (t);
      return true;
    }
  gimple *def = body_def (cx, t);
  if (def && is_gimple_assign (def))
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
        case MULT_EXPR:
          if (TREE_CODE (r2) == INTEGER_CST)
            return affine_add (cx, r1, mult * int_cst_value (r2), a);
          if (TREE_CODE (r1) == INTEGER_CST)
            return affine_add (cx, r2, mult * int_cst_value (r1), a);
          break;
        CASE_CONVERT:
          if (INTEGRAL_TYPE_P (TREE_TYPE (r1)))
            return affine_add (cx, r1, mult, a);
          break;
        case SSA_NAME:
        case VAR_DECL:
        case PARM_DECL:
          if (INTEGRAL_TYPE_P (TREE_TYPE (r1)))
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

/* A /= SIZE, exactly.  */
static bool
affine_divide (struct tree_affine *a, HOST_WIDE_INT size)
{
  if (size <= 0 || a->constant % size != 0)
    return false;
  for (int i = 0; i < a->nterms; i++)
    if (a->coeff[i] % size != 0)
      return false;
  a->constant /= size;
  for (int i = 0; i < a->nterms; i++)
    a->coeff[i] /= size;
  return true;
}

/* Follows PTR back through pointer additions and copies.  Returns the
   pointer the additions start from (a variable, or a temporary loaded from
   memory); the added byte offsets go to OFFSETS.  */
static tree
pointer_origin (struct extract_ctx *cx, tree ptr, auto_vec<tree> *offsets)
{
  for (;;)
    {
      gimple *def = body_def (cx, ptr);
      if (!def || !is_gimple_assign (def))
        return ptr;
      enum tree_code code = gimple_assign_rhs_code (def);
      tree r1 = gimple_assign_rhs1 (def);
      if (code == POINTER_PLUS_EXPR)
        offsets->safe_push (gimple_assign_rhs2 (def));
      else if (var_or_parm_p (r1) && POINTER_TYPE_P (TREE_TYPE (r1)))
        return r1;
      else if (!(CONVERT_EXPR_CODE_P (code) || code == SSA_NAME)
               || !POINTER_TYPE_P (TREE_TYPE (r1)))
        return ptr;
      ptr = r1;
    }
}

/* The variable-length array whose storage the gimplifier's pointer PTR
   points at, or NULL_TREE: a local `double u[n][n]' lives on the stack
   behind a pointer `u.2' that the gimplifier makes, and every use of u
   is `*u.2' (u's DECL_VALUE_EXPR).  */
tree
mint_vla_of_pointer (tree ptr)
{
  if (!VAR_P (ptr) || !DECL_ARTIFICIAL (ptr)
      || !POINTER_TYPE_P (TREE_TYPE (ptr)) || !cfun)
    return NULL_TREE;
  unsigned i;
  tree var;
  FOR_EACH_LOCAL_DECL (cfun, i, var)
    if (VAR_P (var) && DECL_HAS_VALUE_EXPR_P (var))
      {
        tree v = DECL_VALUE_EXPR (var);
        if ((TREE_CODE (v) == INDIRECT_REF || TREE_CODE (v) == MEM_REF)
            && TREE_OPERAND (v, 0) == ptr)
          return var;
      }
  return NULL_TREE;
}

/* The one statement of the function that assigns VAR, or NULL.  */
static gimple *
only_assignment (struct extract_ctx *cx, tree var)
{
  gimple *found = NULL;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cx->nest->fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
         gsi_next (&gsi))
      if (gimple_get_lhs (gsi_stmt (gsi)) == var)
        {
          if (found)
            return NULL;
          found = gsi_stmt (gsi);
        }
  return found;
}

/* The assignment that gives integer T its value: an SSA name's definition,
   or the only assignment of a variable the gimplifier made (a saved
   extent) that the nest does not change; NULL for other values.  */
static gassign *
value_definition (struct extract_ctx *cx, tree t)
{
  gimple *def = NULL;
  if (TREE_CODE (t) == SSA_NAME)
    def = SSA_NAME_DEF_STMT (t);
  else if (VAR_P (t) && DECL_ARTIFICIAL (t) && !cx->nest_written.contains (t))
    def = only_assignment (cx, t);
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
          || (TREE_CODE (from) != SSA_NAME && !var_or_parm_p (from)
              && TREE_CODE (from) != INTEGER_CST))
        return t;
      t = from;
    }
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
      return operand_equal_p (gimple_assign_rhs1 (da),
                              gimple_assign_rhs1 (db), 0);
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
  gimple *def = body_def (cx, t);
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
      tree max = TYPE_DOMAIN (t) ? TYPE_MAX_VALUE (TYPE_DOMAIN (t)) : NULL;
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
      return a->nterms <= KIR_MAX_TERMS && affine_divide (a, constant_size);
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

/* Reports at LOC that the kernel uses ROOT, which its region does not
   copy to the device.  */
static void
report_never_copied (struct extract_ctx *cx, tree root, location_t loc)
{
  char *name = mint_object_text (root);
  error_at (loc, "mint: array %qs is used in a kernel but never copied to "
            "the device", name);
  int region = cx->nest->dir->region;
  const struct mint_directive *parallel = mint_directive_get (region);
  if (const struct mint_directive *back = copy_back_of (region, root))
    inform (back->loc, "it is copied back here, but the device copy a "
            "kernel writes starts as the host array: add %<#pragma mint "
            "copy(%s, toDevice, ...)%> before the %<parallel%> region too",
            name);
  else
    inform (parallel ? parallel->loc : cx->nest->dir->loc,
            "add %<#pragma mint copy(%s, toDevice, ...)%> before the "
            "%<parallel%> region", name);
  free (name);
}

/* The array style ACCESS was resolved as, checked against the array's
   copy directive; reports problems at LOC.  */
static bool
check_array (struct extract_ctx *cx, struct tree_access *acc, location_t loc)
{
  const struct mint_directive *copy = copy_of (cx, acc->root);
  if (!copy)
    {
      if (!mint_copy_refused_p (acc->root) && first_report (cx, acc->root))
        report_never_copied (cx, acc->root, loc);
      return false;
    }
  bool flat_copy = copy->style == MINT_ARRAY_FLAT;
  if (acc->style == MINT_ARRAY_POINTER_CHAIN && acc->rank == 1
      && flat_copy)
    acc->style = MINT_ARRAY_FLAT;
  if (acc->style != copy->style
      || (!flat_copy && acc->source_rank != copy->nextents))
    {
      if (first_report (cx, acc->root))
        {
          char *name = mint_object_text (acc->root);
          error_at (loc, "mint: array %qs is used with %d subscripts in a "
                    "way its %<copy%> directive does not describe",
                    name, acc->source_rank);
          inform (copy->loc, "copied here with %d extents", copy->nextents);
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
  tree root = nest_invariant_ref (cx, ref, &culprit);
  if (root && mint_member_ref_p (root))
    return root;
  *why = culprit ? "an array through a pointer that is assigned inside the "
                   "loop nest"
                 : "an array through a structure member at a subscript "
                   "that varies";
  return NULL_TREE;
}

/* The array (a variable or a structure member) whose elements a pointer
   of the body starts from: ORIGIN itself, or the member it is loaded
   from.  NULL_TREE with the reason in *WHY.  */
static tree
pointer_root (struct extract_ctx *cx, tree origin, const char **why)
{
  if (var_or_parm_p (origin))
    return origin;
  gimple *def = body_def (cx, origin);
  if (def && gimple_assign_load_p (def)
      && handled_component_p (gimple_assign_rhs1 (def)))
    return member_root (cx, gimple_assign_rhs1 (def), why);
  *why = "pointer arithmetic that is not an array subscript";
  return NULL_TREE;
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
  if (member_of_local_p (cx, ref))
    return "a structure variable declared in the loop nest (only "
           "variables and arrays of scalars can be private to a point)";
  return "a structure member at a subscript that varies, or through a "
         "pointer that is assigned inside the loop nest";
}

/* Why the body's array DECL cannot be private to a point, or NULL; its
   element type into *ELEM and extents into EXTENT (room for
   KIR_MAX_DIMS), their number into *RANK.  */
static const char *
private_problem (tree decl, tree *elem, int *extent, int *rank)
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
static bool
check_private (struct extract_ctx *cx, tree decl, int nsubs, location_t loc)
{
  tree elem;
  int extent[KIR_MAX_DIMS], rank;
  const char *why = private_problem (decl, &elem, extent, &rank);
  if (!why && nsubs >= 0 && rank != nsubs)
    why = "is used other than element by element";
  /* Every use of it would say the same.  */
  if (why && first_report (cx, decl))
    error_at (loc, "mint: the array %qD declared in the loop body %s; it "
              "cannot be private to a point", decl, why);
  return !why;
}

/* The access ACC to the body's array ACC->root with the NREV subscripts
   REV (the last first), private to a point.  Reports at LOC why it
   cannot be.  */
static bool
private_access (struct extract_ctx *cx, struct tree_access *acc,
                const struct tree_affine *rev, int nrev, location_t loc)
{
  if (!check_private (cx, acc->root, nrev, loc))
    return false;
  acc->private_array = true;
  acc->rank = nrev;
  for (int i = 0; i < nrev; i++)
    acc->index[i] = rev[nrev - 1 - i];
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
      value[i] = invariant_expr (cx, a->leaf[i], &culprit);
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
static bool
same_plane (tree p, tree q)
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
    if (mint_same_object (u.root, root) && same_plane (u.plane, plane)
        && same_terms (&u.form, form) && u.form.constant == form->constant)
      return;
  struct plane_use u = { root, plane, *form, rank };
  cx->planes.safe_push (u);
}

/* Whether the kernel indexes ROOT, of 3 subscripts or fewer, plane by
   plane (choose_plane_arrays).  */
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
   A[(t + 1) % 2][y][x]), where the dependence analysis cannot compare
   the subscripts (it can A[z] and A[z - 1], not A[t % 2] and
   A[t % 2], which the body computes twice).  Whether it chose one.  */
static bool
choose_plane_arrays (struct extract_ctx *cx)
{
  bool chosen = false;
  for (const struct plane_use &u : cx->planes)
    {
      if (u.rank == MAX_SUBSCRIPTS || plane_array_p (cx, u.root))
        continue;
      bool all = true, differ = true, visible = true;
      int count = 0;
      for (const struct plane_use &v : cx->planes)
        if (mint_same_object (v.root, u.root))
          {
            count++;
            all &= v.plane != NULL_TREE;
            if (u.plane && v.plane && &v != &u)
              {
                differ &= same_plane (u.plane, v.plane)
                          || mint_planes_differ (u.plane, v.plane,
                                                 cx->nest->marker);
                visible &= same_terms (&u.form, &v.form);
              }
          }
      if (all && count > 1 && differ && !visible)
        {
          cx->plane_arrays.safe_push (u.root);
          chosen = true;
        }
    }
  return chosen;
}

/* Resolves the load or store operand REF to an array element.  Reports
   failures at LOC.  */
static bool
resolve_access (struct extract_ctx *cx, tree ref, location_t loc,
                struct tree_access *acc)
{
  memset (acc, 0, sizeof *acc);
  tree subs[MAX_SUBSCRIPTS];
  int nsubs = 0;
  const char *why = NULL;
  while (TREE_CODE (ref) == ARRAY_REF && nsubs < MAX_SUBSCRIPTS)
    {
      if (!integer_zerop (array_ref_low_bound (ref)))
        why = "an array with a nonzero lower bound";
      subs[nsubs++] = TREE_OPERAND (ref, 1);
      ref = TREE_OPERAND (ref, 0);
    }

  /* Subscripts from the last (x) to the first.  */
  struct tree_affine rev[MAX_SUBSCRIPTS];
  int nrev = 0;
  memset (rev, 0, sizeof rev);
  for (int i = 0; i < nsubs; i++)
    affine_of (cx, subs[i], 1, &rev[nrev++]);

  bool array_type = TREE_CODE (TREE_TYPE (ref)) == ARRAY_TYPE;
  /* A local variable-length array, *u.2: the array u itself.  */
  if (TREE_CODE (ref) == MEM_REF && array_type
      && integer_zerop (TREE_OPERAND (ref, 1))
      && mint_vla_of_pointer (TREE_OPERAND (ref, 0)))
    ref = mint_vla_of_pointer (TREE_OPERAND (ref, 0));
  if (var_or_parm_p (ref) && array_type && nsubs > 0)
    {
      acc->root = ref;
      acc->style = MINT_ARRAY_FIXED;
    }
  else if (TREE_CODE (ref) == COMPONENT_REF && array_type && nsubs > 0)
    {
      /* T a[NZ][NY][NX] as a member: s.a[z][y][x], p->a[z][y][x].  */
      acc->root = member_root (cx, ref, &why);
      acc->style = MINT_ARRAY_FIXED;
    }
  else if (TREE_CODE (ref) == MEM_REF && nsubs > 0 && array_type)
    {
      auto_vec<tree> offsets;
      tree origin = pointer_origin (cx, TREE_OPERAND (ref, 0), &offsets);
      acc->root = pointer_root (cx, origin, &why);
      if (nrev == MAX_SUBSCRIPTS)
        why = "an array of more than 4 subscripts";
      else if (!integer_zerop (TREE_OPERAND (ref, 1))
               || !vla_first_subscript (cx, TREE_TYPE (ref), offsets,
                                        &rev[nrev++]))
        why = "pointer arithmetic that is not a subscript of a variably "
              "modified pointer";
      acc->style = MINT_ARRAY_VLA_POINTER;
    }
  else if (TREE_CODE (ref) == MEM_REF && nsubs == 0)
    {
      /* T ***a or T *a: one pointer load per subscript.  */
      acc->style = MINT_ARRAY_POINTER_CHAIN;
      while (!why)
        {
          auto_vec<tree> offsets;
          tree origin = pointer_origin (cx, TREE_OPERAND (ref, 0), &offsets);
          HOST_WIDE_INT size = int_size_in_bytes (TREE_TYPE (ref));
          if (nrev == KIR_MAX_DIMS)
            {
              acc->root = mint_reference_root (ref);
              why = "more than 3 subscripts";
              break;
            }
          struct tree_affine *a = &rev[nrev++];
          a->constant = mem_ref_offset (ref).force_shwi ().to_constant ();
          for (tree off : offsets)
            affine_of (cx, off, 1, a);
          if (a->nterms > KIR_MAX_TERMS || !affine_divide (a, size))
            why = "a byte offset that is not a whole number of elements";
          gimple *def = body_def (cx, origin);
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
    why = member_problem (cx, ref);
  else if (TREE_CODE (ref) == ARRAY_REF)
    {
      acc->root = get_base_address (ref);
      why = "an array of more than 4 subscripts";
    }
  else
    why = "an access the kernel cannot express";

  for (int i = 0; i < nrev && !why; i++)
    if (rev[i].nterms > KIR_MAX_TERMS)
      why = "a subscript with too many variables";
  if (!why && private_array_p (cx, acc->root))
    return private_access (cx, acc, rev, nrev, loc);
  if (!why && var_or_parm_p (acc->root)
      && cx->nest_written.contains (acc->root))
    why = "a pointer that is assigned inside the loop nest";
  if (why)
    {
      /* An array whose copy was refused has had its error.  */
      if (!acc->root || !mint_copy_refused_p (acc->root))
        error_at (loc, "mint: the loop body uses %s; it cannot be offloaded",
                  why);
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
  return check_array (cx, acc, loc);
}

/* ---- what the kernel computes ---------------------------------------- */

static void
need_value (struct extract_ctx *cx, tree t, location_t loc,
            auto_vec<tree> *work)
{
  if (TREE_CODE (t) != SSA_NAME)
    return;
  if (POINTER_TYPE_P (TREE_TYPE (t)))
    {
      error_at (loc, "mint: the loop body computes with a pointer value; "
                "only array subscripts can be offloaded");
      cx->ok = false;
      return;
    }
  if (!cx->needed.add (t))
    work->safe_push (t);
}

static void
need_access (struct extract_ctx *cx, tree ref, location_t loc,
             auto_vec<tree> *work)
{
  struct tree_access acc;
  if (!resolve_access (cx, ref, loc, &acc))
    {
      cx->ok = false;
      return;
    }
  for (int i = 0; i < acc.rank; i++)
    for (int j = 0; j < acc.index[i].nterms; j++)
      {
        tree leaf = acc.index[i].leaf[j];
        if (INTEGRAL_TYPE_P (TREE_TYPE (leaf)))
          {
            need_value (cx, leaf, loc, work);
            continue;
          }
        char *name = mint_object_text (acc.root);
        error_at (loc, "mint: a subscript of %qs is not an integer "
                  "expression", name);
        free (name);
        cx->ok = false;
      }
}

/* If the store operand REF writes a structure member (not an element of
   a member array, which is an array store), reports it and returns
   true.  */
static bool
store_to_member (struct extract_ctx *cx, tree ref, location_t loc)
{
  tree t = ref;
  while (TREE_CODE (t) == ARRAY_REF)
    t = TREE_OPERAND (t, 0);
  if (TREE_CODE (t) != COMPONENT_REF
      || (t != ref && TREE_CODE (TREE_TYPE (t)) == ARRAY_TYPE))
    return false;
  if (member_of_local_p (cx, t))
    {
      error_at (loc, "mint: the loop body uses the structure variable %qD "
                "declared in it; only variables and arrays of scalars can be "
                "private to a point", get_base_address (t));
      cx->ok = false;
      return true;
    }
  struct rebuild rb = { NULL, NULL_TREE };
  tree member = rebuild_ref (&rb, ref);
  static const char fix[] = "a kernel writes only elements of the arrays "
    "copied to the device; use a variable declared in the loop body";
  if (member)
    {
      char *name = mint_object_text (member);
      error_at (loc, "mint: the loop body writes the structure member %qs; "
                "%s", name, fix);
      free (name);
    }
  else
    error_at (loc, "mint: the loop body writes a structure member; %s", fix);
  cx->ok = false;
  return true;
}

/* The operands of S's right-hand side are needed.  */
static void
need_rhs (struct extract_ctx *cx, gimple *s, auto_vec<tree> *work)
{
  location_t loc = gimple_location (s);
  tree rhs1 = gimple_assign_rhs1 (s);
  tree culprit = NULL_TREE;
  if (gimple_assign_single_p (s) && memory_ref_p (rhs1))
    {
      /* A member's value is a scalar of the kernel: nothing to compute.  */
      if (!member_value (cx, rhs1, &culprit))
        need_access (cx, rhs1, loc, work);
      return;
    }
  for (unsigned i = 1; i < gimple_num_ops (s); i++)
    {
      tree op = gimple_op (s, i);
      if (op && COMPARISON_CLASS_P (op))
        {
          need_value (cx, TREE_OPERAND (op, 0), loc, work);
          need_value (cx, TREE_OPERAND (op, 1), loc, work);
        }
      else if (op)
        need_value (cx, op, loc, work);
    }
}

/* The name kir_math_function knows call S's function by: its own, but a
   float's type-generic __builtin_signbit (C's signbit) is signbitf.  */
static const char *
callee_name (gimple *s)
{
  if (gimple_call_builtin_p (s, BUILT_IN_SIGNBIT)
      && TYPE_MODE (TREE_TYPE (gimple_call_arg (s, 0))) == SFmode)
    return "__builtin_signbitf";
  return IDENTIFIER_POINTER (DECL_NAME (gimple_call_fndecl (s)));
}

static bool
device_callee_p (gimple *s)
{
  tree fn = gimple_call_fndecl (s);
  if (fn && marker_call_p (s))
    {
      /* The end of a single block is reported at its start.  */
      if (strcmp (IDENTIFIER_POINTER (DECL_NAME (fn)),
                  MINT_MARKER_SINGLE_END) != 0)
        error_at (gimple_location (s), "mint: %<#pragma mint%> directives "
                  "cannot stand inside a %<#pragma mint for%> loop nest");
      return false;
    }
  if (fn && (gimple_call_builtin_p (s, BUILT_IN_STACK_SAVE)
             || gimple_call_builtin_p (s, BUILT_IN_STACK_RESTORE)))
    return false;       /* of a variable-length array: reported at it */
  if (fn && gimple_call_builtin_p (s, BUILT_IN_ALLOCA_WITH_ALIGN))
    {
      error_at (gimple_location (s), "mint: the loop body declares an array "
                "of a variable length; it cannot be private to a point");
      return false;
    }
  if (!fn || gimple_call_internal_p (s)
      || !kir_math_function (callee_name (s)))
    {
      auto_diagnostic_group group;
      if (fn)
        {
          error_at (gimple_location (s), "mint: call to %qD cannot run on "
                    "the device", fn);
          if (const char *problem = mint_helper_problem (fn))
            inform (DECL_SOURCE_LOCATION (fn), "%qD is defined here; a "
                    "loop body can call it when it computes one value from "
                    "its parameters (declarations, assignments to its "
                    "locals, %<if%> and %<return%>), but %s", fn, problem);
          else
            inform (DECL_SOURCE_LOCATION (fn), "%qD is declared here; a "
                    "%<#pragma mint for%> loop nest can call the C math "
                    "functions, and functions defined in this file that "
                    "compute one value from their parameters", fn);
        }
      else
        error_at (gimple_location (s), "mint: an indirect call cannot run "
                  "on the device");
      return false;
    }
  return true;
}

/* The C name of statement S's kind, for a diagnostic; GCC's own name of
   its GIMPLE code for kinds C does not name.  */
static const char *
statement_name (const gimple *s)
{
  switch (gimple_code (s))
    {
    case GIMPLE_SWITCH:
      return "switch";
    case GIMPLE_ASM:
      return "asm";
    case GIMPLE_GOTO:
      return "goto";
    default:
      return gimple_code_name[gimple_code (s)];
    }
}

/* Whether S, an assignment to a whole private array, is its end of life,
   or its zeroing (`double w[8] = { 0 };') or a string's characters (`char
   s[8] = "abc";') where it can be private; reports any other.  */
static bool
check_whole_private (struct extract_ctx *cx, gimple *s)
{
  tree lhs = gimple_assign_lhs (s), rhs = gimple_assign_rhs1 (s);
  tree elem = TREE_TYPE (TREE_TYPE (lhs));
  if (gimple_clobber_p (s))
    return true;
  if ((TREE_CODE (rhs) == CONSTRUCTOR && CONSTRUCTOR_NELTS (rhs) == 0)
      || (TREE_CODE (rhs) == STRING_CST
          && TREE_CODE (elem) == INTEGER_TYPE
          && integer_onep (TYPE_SIZE_UNIT (elem))))
    {
      if (check_private (cx, lhs, -1, gimple_location (s)))
        return true;
    }
  else
    error_at (gimple_location (s), "mint: the loop body assigns the whole "
              "array %qD; only its elements can be assigned in a kernel",
              lhs);
  cx->ok = false;
  return false;
}

/* Marks what the body needs, from its effects (stores, assignments to
   variables, branches, calls) back through the temporaries.  Address
   arithmetic that resolve_access folds into subscripts is not needed.  */
static void
mark_needed (struct extract_ctx *cx, basic_block *bbs, unsigned nbbs)
{
  auto_vec<tree> work;
  gimple *incr = cx->nest->dims[cx->nest->depth - 1].increment;
  for (unsigned i = 0; i < nbbs; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[i]); !gsi_end_p (gsi);
         gsi_next (&gsi))
      {
        gimple *s = gsi_stmt (gsi);
        location_t loc = gimple_location (s);
        if (s == incr)
          continue;
        switch (gimple_code (s))
          {
          case GIMPLE_ASSIGN:
            {
              tree lhs = gimple_assign_lhs (s);
              if (TREE_CODE (lhs) == SSA_NAME)
                break;
              if (private_array_p (cx, lhs))
                {
                  check_whole_private (cx, s);
                  break;
                }
              if (!var_or_parm_p (lhs) && !store_to_member (cx, lhs, loc))
                need_access (cx, lhs, loc, &work);
              need_rhs (cx, s, &work);
              break;
            }
          case GIMPLE_COND:
            need_value (cx, gimple_cond_lhs (s), loc, &work);
            need_value (cx, gimple_cond_rhs (s), loc, &work);
            break;
          case GIMPLE_SWITCH:
            need_value (cx, gimple_switch_index (as_a<gswitch *> (s)), loc,
                        &work);
            break;
          case GIMPLE_CALL:
            {
              if (sanitizer_check_p (s))
                break;
              /* Reported here, not again at each use.  */
              if (gimple_call_builtin_p (s, BUILT_IN_ALLOCA_WITH_ALIGN)
                  && gimple_call_lhs (s)
                  && mint_vla_of_pointer (gimple_call_lhs (s)))
                first_report (cx, mint_vla_of_pointer (gimple_call_lhs (s)));
              if (!device_callee_p (s))
                {
                  cx->ok = false;
                  break;
                }
              tree lhs = gimple_call_lhs (s);
              if (lhs && memory_ref_p (lhs) && !store_to_member (cx, lhs, loc))
                need_access (cx, lhs, loc, &work);
              for (unsigned a = 0; a < gimple_call_num_args (s); a++)
                need_value (cx, gimple_call_arg (s, a), loc, &work);
              break;
            }
          case GIMPLE_LABEL:
          case GIMPLE_DEBUG:
          case GIMPLE_NOP:
          case GIMPLE_PREDICT:
            break;
          default:
            error_at (loc, "mint: a %qs statement cannot be offloaded",
                      statement_name (s));
            cx->ok = false;
            break;
          }
      }

  while (!work.is_empty ())
    {
      tree t = work.pop ();
      gimple *def = body_def (cx, t);
      if (!def)
        {
          error_at (cx->nest->dir->loc, "mint: the loop body uses a value "
                    "computed outside the loop nest that cannot be passed "
                    "to the device");
          cx->ok = false;
        }
      else if (is_gimple_assign (def))
        need_rhs (cx, def, &work);
    }
}

/* ---- kernel IR ------------------------------------------------------- */

/* The kernel IR scalar for OBJECT, a variable or a structure member that
   the body only reads; -1 after an error.  The scalars' order is
   NEST->scalars'.  */
static int
scalar_for (struct extract_ctx *cx, tree object, location_t loc)
{
  for (unsigned i = 0; i < cx->nest->scalars.length (); i++)
    if (mint_same_object (cx->nest->scalars[i], object))
      return i;
  enum kir_type type = kir_type_of (TREE_TYPE (object));
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
  free (text);
  char *id = object_identifier (object);
  char *name = unique_name (cx->k, id);
  int s = kir_add_scalar (cx->k, name, type);
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
  int s = scalar_for (cx, object, loc);
  if (s < 0)
    return kir_int (KIR_I32, 0);
  struct kir_operand o = kir_scalar (cx->k, s);
  enum kir_type type = kir_type_of (TREE_TYPE (object));
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
static int
local_for (struct extract_ctx *cx, tree t)
{
  if (int *l = cx->local_of.get (t))
    return *l;
  enum kir_type type = kir_type_of (TREE_TYPE (t));
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

static struct kir_operand
operand (struct extract_ctx *cx, tree t, location_t loc)
{
  enum kir_type type = kir_type_of (TREE_TYPE (t));
  if (type == KIR_VOID && cx->ok && !var_or_parm_p (t))
    {
      error_at (loc, "mint: the loop body uses a value of type %qT, which "
                "the device code cannot hold", TREE_TYPE (t));
      cx->ok = false;
    }
  if (TREE_CODE (t) == INTEGER_CST)
    return kir_int (type, int_cst_value (t));
  if (TREE_CODE (t) == REAL_CST)
    {
      char buf[64];
      real_to_hexadecimal (buf, TREE_REAL_CST_PTR (t), sizeof buf, 0, 1);
      return kir_float (type, strtod (buf, NULL));
    }
  if (TREE_CODE (t) == SSA_NAME || cx->local_of.get (t)
      || cx->body_private.contains (t))
    return kir_local (cx->k, local_for (cx, t));
  if (var_or_parm_p (t))
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
  char *plane = print_generic_expr_to_str (acc->plane);
  char *text = concat (name, "[", plane, "]", NULL);
  free (plane);
  free (name);
  return text;
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
        && same_plane (n->arrays[i].plane, acc->plane))
      return i;
  tree elem = TREE_TYPE (acc->root);
  while (TREE_CODE (elem) == ARRAY_TYPE || POINTER_TYPE_P (elem))
    elem = TREE_TYPE (elem);
  bool flat = acc->style == MINT_ARRAY_FLAT;
  char *text = array_text (acc);
  char *id = text_identifier (xstrdup (text));
  char *name = unique_name (cx->k, id);
  int a = kir_add_array (cx->k, name, kir_type_of (elem), acc->rank, flat);
  free (name);
  free (id);
  if (!var_or_parm_p (acc->root) || acc->plane)
    kir_set_array_source (cx->k, a, text);
  else
    free (text);
  struct mint_nest_array na = { acc->root, acc->plane, copy_of (cx, acc->root),
                                acc->rank, false, false, loc };
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
  private_problem (decl, &elem, extent, &rank);
  char *id = object_identifier (decl);
  char *name = unique_name (cx->k, id);
  int p = kir_add_private (cx->k, name, kir_type_of (elem), rank, extent);
  free (name);
  free (id);
  cx->private_decls.safe_push (decl);
  return p;
}

/* The kernel-IR access of REF into OUT; whether it is to a private
   array.  */
static bool
kir_access_of (struct extract_ctx *cx, tree ref, location_t loc,
               struct kir_access *out)
{
  struct tree_access acc;
  resolve_access (cx, ref, loc, &acc);
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
            f->terms[f->nterms].var = operand (cx, acc.index[i].leaf[j], loc);
            f->terms[f->nterms++].coeff = acc.index[i].coeff[j];
          }
    }
  return acc.private_array;
}

/* Where ST comes from, for dumps and diagnostics.  */
static void
set_source (struct kir_stmt *st, location_t loc)
{
  st->line = LOCATION_LINE (loc);
  st->loc = loc;
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

static void
unsupported (struct extract_ctx *cx, enum tree_code code, gimple *s)
{
  if (cx->ok)
    error_at (gimple_location (s), "mint: the operation %qs cannot be "
              "offloaded", get_tree_code_name (code));
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
      if (memory_ref_p (r1))
        if (tree member = member_value (cx, r1, &culprit))
          {
            args[0] = scalar_operand (cx, member, loc);
            emit (cx, args[0].type == dtype ? KIR_MOV : KIR_CVT, dst, 1,
                  args, s);
            return;
          }
      if (memory_ref_p (r1))
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
    dst = local_for (cx, lhs);
  else if (lhs)
    dst = new_local (cx, "ret", kir_type_of (TREE_TYPE (lhs)));

  struct kir_stmt *st = kir_append (cx->k, cx->cur, KIR_CALL);
  st->callee = kir_math_function (callee_name (s));
  st->dst = dst;
  st->nargs = nargs;
  for (unsigned i = 0; i < nargs; i++)
    st->args[i] = args[i];
  set_source (st, loc);
  if (lhs && memory_ref_p (lhs))
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
        if (TREE_CODE (lhs) == SSA_NAME && !cx->needed.contains (lhs))
          return;
        if (private_array_p (cx, lhs))
          {
            if (!gimple_clobber_p (s))
              set_private (cx, private_for (cx, lhs),
                           gimple_assign_rhs1 (s), loc);
            return;
          }
        if (memory_ref_p (lhs))
          store (cx, lhs, operand (cx, gimple_assign_rhs1 (s), loc), s);
        else
          translate_rhs (cx, as_a<gassign *> (s), local_for (cx, lhs));
        return;
      }
    case GIMPLE_CALL:
      if (!sanitizer_check_p (s))
        translate_call (cx, as_a<gcall *> (s));
      return;
    default:
      return;
    }
}

/* The call BB begins with (after labels and debug statements), or
   NULL.  */
static gcall *
leading_call (basic_block bb)
{
  gimple_stmt_iterator gsi = gsi_start_nondebug_after_labels_bb (bb);
  return gsi_end_p (gsi) ? NULL : dyn_cast<gcall *> (gsi_stmt (gsi));
}

/* Whether BB only says it is never reached (__builtin_unreachable, as
   in `default: __builtin_unreachable ();').  */
static bool
unreachable_block_p (basic_block bb)
{
  gcall *call = EDGE_COUNT (bb->succs) == 0 ? leading_call (bb) : NULL;
  return call && gimple_call_builtin_p (call, BUILT_IN_UNREACHABLE);
}

/* The errors for the jumps that leave the parallel loops of NEST, each
   at its statement; where the front end recorded none (GCC before 12),
   one at FALLBACK (unless it is UNKNOWN_LOCATION), the jump or the
   branch to it.  GIMPLE keeps no
   location of a `break' that is all of an `if''s branch.  */
static void
report_jumps_out (const struct mint_nest *nest, location_t fallback)
{
  const struct mint_directive *dir = nest->dir;
  bool reported = false;
  for (int i = 0; i < dir->njumps; i++)
    if (dir->jumps[i].level < nest->depth)
      {
        if (dir->jumps[i].level == 0)
          error_at (dir->jumps[i].loc, "mint: %qs is a jump out of the "
                    "loop nest; it cannot be offloaded",
                    dir->jumps[i].keyword);
        else
          error_at (dir->jumps[i].loc, "mint: %qs is a jump out of a "
                    "parallel loop of the nest, past points of it; it "
                    "cannot be offloaded", dir->jumps[i].keyword);
        reported = true;
      }
  if (!reported && fallback != UNKNOWN_LOCATION)
    error_at (fallback, "mint: a jump out of the loop nest (%<break%>, "
              "%<return%> or %<goto%>) cannot be offloaded");
}

/* The kernel IR block a body edge leads to; where the edge is never
   taken, the end of the point.  */
static int
target_block (struct extract_ctx *cx, edge e)
{
  int b = cx->block_of[e->dest->index];
  if (b < 0 && unreachable_block_p (e->dest))
    return cx->block_of[cx->body_loop->header->index];
  if (b < 0 && cx->ok)
    {
      gimple *last = mint_last_stmt (e->src);
      report_jumps_out (cx->nest, last ? gimple_location (last)
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

static void
translate_body (struct extract_ctx *cx, basic_block *bbs, unsigned nbbs)
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
        kir_set_goto (cx->k, cx->cur, target_block (cx, single_succ_edge (bb)));
      else
        {
          error_at (last ? gimple_location (last) : cx->nest->dir->loc,
                    "mint: this control flow (a computed %<goto%> or a "
                    "call that does not return) cannot be offloaded");
          cx->ok = false;
        }
    }
}

/* ---- the nest -------------------------------------------------------- */

/* Where the first of EXITS that does not leave through LOOP's own
   condition jumps from: the break, return or goto; else FALLBACK.  */
static location_t
jump_out_location (class loop *loop, const vec<edge> &exits,
                   location_t fallback)
{
  for (edge e : exits)
    {
      if (e->src == loop->header)
        continue;
      if (LOCATION_LOCUS (e->goto_locus) != UNKNOWN_LOCATION)
        return e->goto_locus;
      gimple *last = mint_last_stmt (e->src);
      if (last && gimple_has_location (last))
        return gimple_location (last);
    }
  return fallback;
}

/* The call that does not return (abort, a failing assert's
   __assert_fail, exit) through which one of EXITS leaves the nest, or
   NULL.  */
static gcall *
noreturn_exit_call (const vec<edge> &exits)
{
  for (edge e : exits)
    {
      gcall *call = leading_call (e->dest);
      if (call && (gimple_call_flags (call) & ECF_NORETURN)
          && gimple_call_fndecl (call))
        return call;
    }
  return NULL;
}

/* The errors for a nest whose EXITS leave it other than through the
   outer loop's condition: a call that does not return, the jumps.  */
static void
report_jump_out (const struct mint_nest *nest, class loop *loop,
                 const vec<edge> &exits, location_t loc)
{
  auto_diagnostic_group group;
  gcall *call = noreturn_exit_call (exits);
  if (call)
    {
      tree fn = gimple_call_fndecl (call);
      error_at (gimple_location (call), "mint: the call to %qD does not "
                "return (it ends the program); a loop nest that calls it "
                "cannot be offloaded", fn);
      if (strcmp (IDENTIFIER_POINTER (DECL_NAME (fn)), "__assert_fail") == 0)
        inform (gimple_location (call), "%<assert%> calls it where its "
                "condition fails; %<-DNDEBUG%> leaves the check out, or "
                "check the results after the nest");
    }
  report_jumps_out (nest, call ? UNKNOWN_LOCATION
                               : jump_out_location (loop, exits, loc));
  inform (loc, "the loop nest of this %<#pragma mint for%>");
}

static bool
find_nest (struct extract_ctx *cx)
{
  struct mint_nest *n = cx->nest;
  const struct mint_directive *dir = n->dir;
  class loop *l0 = mint_loop_after_marker (n->marker);
  if (!l0)
    {
      error_at (dir->loc, "mint: %<#pragma mint for%> must be followed by a "
                "%<for%> loop");
      return false;
    }
  gimple *between;
  int perfect = perfect_depth (l0, &between);
  /* Only `for' loops are parallel loops: a while, do or goto loop that
     GIMPLE finds perfectly nested stays in the body.  */
  bool other_loop = false;
  if (dir->for_depth > 0 && dir->for_depth < perfect)
    {
      perfect = dir->for_depth;
      between = NULL;
      other_loop = dir->other_loop != NULL;
    }
  n->depth = dir->nest == MINT_NEST_ALL ? perfect : dir->nest;
  if (n->depth > perfect)
    {
      if (other_loop)
        {
          error_at (dir->loc, "mint: %<nest(%d)%> needs %d perfectly nested "
                    "%<for%> loops, but loop %d is a %<%s%> loop", dir->nest,
                    dir->nest, perfect + 1, dir->other_loop);
          inform (dir->other_loop_loc, "this loop");
        }
      else if (between)
        {
          error_at (dir->loc, "mint: %<nest(%d)%> needs %d perfectly nested "
                    "loops, but a statement stands between loop %d and "
                    "loop %d", dir->nest, dir->nest, perfect, perfect + 1);
          inform (gimple_location (between), "this statement");
        }
      else
        error_at (dir->loc, "mint: %<nest(%d)%> needs %d perfectly nested "
                  "%<for%> loops, but the loop nest has only %d", dir->nest,
                  dir->nest, perfect);
      return false;
    }

  class loop *l = l0;
  for (int i = 0; i < n->depth; i++, l = l->inner)
    n->dims[i].loop = l;
  cx->body_loop = n->dims[n->depth - 1].loop;

  basic_block *bbs = get_loop_body (l0);
  for (unsigned i = 0; i < l0->num_nodes; i++)
    bitmap_set_bit (cx->nest_bbs, bbs[i]->index);
  free (bbs);
  bbs = get_loop_body (cx->body_loop);
  for (unsigned i = 0; i < cx->body_loop->num_nodes; i++)
    if (bbs[i] != cx->body_loop->header)
      bitmap_set_bit (cx->body_bbs, bbs[i]->index);
  free (bbs);

  auto_vec<edge> exits = get_loop_exit_edges (l0);
  for (unsigned i = exits.length (); i-- > 0;)
    if (unreachable_block_p (exits[i]->dest))
      exits.ordered_remove (i);
  if (exits.is_empty ())
    {
      error_at (dir->loc, "mint: the loop after %<#pragma mint for%> never "
                "ends; it needs a condition such as %<i < n%>");
      return false;
    }
  if (exits.length () != 1)
    {
      report_jump_out (n, l0, exits, dir->loc);
      return false;
    }
  return true;
}

/* Kernel name: mint_<function>_<line>, made unique in the unit.  */
static char *
kernel_name (struct mint_nest *n)
{
  static hash_set<nofree_string_hash> *used;
  if (!used)
    used = new hash_set<nofree_string_hash>;
  const char *fn = IDENTIFIER_POINTER (DECL_NAME (n->fun->decl));
  int line = LOCATION_LINE (n->dir->loc);
  char *name = xasprintf ("mint_%s_%d", fn, line);
  for (int i = 2; used->contains (name); i++)
    {
      free (name);
      name = xasprintf ("mint_%s_%d_%d", fn, line, i);
    }
  used->add (xstrdup (name));
  return name;
}

/* Who chooses the launch shape of DIR's kernel: mint, among variants
   timed at run time, for tile(auto) or chunksize(auto) and for a `for'
   with neither clause at levels 3 and 4 (level 4's single steps); mint
   at compile time with -fplugin-arg-mint-autotune=off (the candidate
   plan-tune.h puts first, for auto; the defaults, for no clause).  */
static enum kir_shape_choice
shape_choice (const struct mint_directive *dir)
{
  bool given = dir->tile[0] || dir->tile[1] || dir->tile[2]
               || dir->chunk[0] || dir->chunk[1] || dir->chunk[2];
  if (dir->tile_auto || dir->chunk_auto)
    return mint_options.autotune ? KIR_SHAPE_TUNED : KIR_SHAPE_CHOSEN;
  if (!given && mint_options.opt_level >= 3 && mint_options.autotune)
    return KIR_SHAPE_TUNED;
  return KIR_SHAPE_GIVEN;
}

/* Fills the kernel's dimensions, tile and chunk from the directive and the
   defaults, and checks what the front end could not: the sizes of the
   dimensions the clauses leave to the defaults.  */
static bool
set_launch_shape (struct extract_ctx *cx)
{
  const struct mint_directive *dir = cx->nest->dir;
  static const int default_tile[KIR_MAX_DIMS]
    = { MINT_DEFAULT_TILE_X, MINT_DEFAULT_TILE_Y, MINT_DEFAULT_TILE_Z };
  struct kir_kernel *k = cx->k;
  k->ndims = cx->nest->depth;
  k->nowait = dir->nowait;
  k->opt_level = mint_options.opt_level;
  k->exact_level = mint_options.exact_level;
  k->shape_choice = shape_choice (dir);
  for (int d = 0; d < k->ndims; d++)
    {
      k->tile[d] = dir->tile[d] ? dir->tile[d] : default_tile[d];
      k->chunk[d] = dir->chunk[d] ? dir->chunk[d] : MINT_DEFAULT_CHUNK;
    }
  long long threads = 1;
  for (int d = 0; d < k->ndims; d++)
    {
      if (k->tile[d] % k->chunk[d] != 0)
        {
          error_at (dir->chunk[d] ? dir->clause_loc[2] : dir->loc,
                    "mint: tile size %d in %c%s is not a multiple of "
                    "chunksize %d", k->tile[d], "xyz"[d],
                    dir->tile[d] ? "" : " (the default)", k->chunk[d]);
          return false;
        }
      threads *= k->tile[d] / k->chunk[d];
    }
  if (threads > MINT_MAX_THREADS_PER_BLOCK)
    {
      error_at (dir->loc, "mint: the thread block of this loop nest has "
                "%lld threads (tile / chunksize, with the defaults of the "
                "dimensions not given); at most %d are possible", threads,
                MINT_MAX_THREADS_PER_BLOCK);
      return false;
    }
  return true;
}

/* The number of iterations of D where its bounds are integer constants,
   else 0.  */
static long long
constant_trip_count (const struct mint_loop_dim *d)
{
  if (!tree_fits_shwi_p (d->init) || !tree_fits_shwi_p (d->bound))
    return 0;
  HOST_WIDE_INT init = tree_to_shwi (d->init), bound = tree_to_shwi (d->bound);
  HOST_WIDE_INT step = d->step < 0 ? -d->step : d->step;
  bool up = d->cmp == LT_EXPR || d->cmp == LE_EXPR;
  bool strict = d->cmp == LT_EXPR || d->cmp == GT_EXPR;
  HOST_WIDE_INT distance, n;
  if (__builtin_sub_overflow (up ? bound : init, up ? init : bound, &distance)
      || __builtin_add_overflow (distance, step - (strict ? 1 : 0), &n))
    return 0;
  n /= step;
  return n > 0 ? n : 0;
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
  if (memory_ref_p (t))
    return scalar_operand (cx, t, loc);
  if (CONSTANT_CLASS_P (t) || var_or_parm_p (t))
    return operand (cx, t, loc);
  enum kir_type type = kir_type_of (TREE_TYPE (t));
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
  struct kir_operand x = kir_local (k, local_for (cx, d->iv));
  cx->cur = from;
  struct kir_operand args[2] = { x, start_value_as (cx, d->start, x.type,
                                                    s) };
  struct kir_operand past = start_local (cx, KIR_BOOL, KIR_GE, 2, args, s);
  int on = kir_add_block (k);
  kir_set_branch (k, from, past, on, skip);
  cx->cur = on;
  /* x - START_CONGRUENT may be negative: computed as start_lower_bound
     computes the form.  */
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
static void
guard_starts (struct extract_ctx *cx)
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
  int at = 0;
  for (int i = 0; i < n->depth; i++)
    if (n->dims[i].start)
      at = guard_start (cx, &n->dims[i], at, skip);
  kir_set_goto (k, at, body);
}

static bool
build_kernel (struct extract_ctx *cx)
{
  struct mint_nest *n = cx->nest;
  char *name = kernel_name (n);
  cx->k = kir_kernel_new (name, LOCATION_FILE (n->dir->loc),
                          LOCATION_LINE (n->dir->loc));
  free (name);
  n->kernel = cx->k;
  if (!set_launch_shape (cx))
    return false;

  /* dims[0] of the kernel IR is x, the innermost parallel loop.  */
  for (int i = 0; i < n->depth; i++)
    {
      struct mint_loop_dim *d = &n->dims[n->depth - 1 - i];
      HOST_WIDE_INT step = d->step < 0 ? -d->step : d->step;
      kir_set_dim (cx->k, i, local_for (cx, d->iv), step);
      cx->k->dims[i].count = constant_trip_count (d);
    }
  if (tree r = n->dir->reduction_var)
    {
      static const struct { int letter; enum kir_reduction_op op; } ops[] = {
        { MINT_RED_ADD, KIR_RED_ADD }, { MINT_RED_MUL, KIR_RED_MUL },
        { MINT_RED_MIN, KIR_RED_MIN }, { MINT_RED_MAX, KIR_RED_MAX }
      };
      int red = -1;
      for (auto &o : ops)
        if (o.letter == n->dir->reduction_op)
          red = kir_add_reduction (cx->k, local_for (cx, r), o.op);
      cx->body_private.add (r);
      n->reductions.safe_push (r);
      /* A narrow variable's accumulator is an int or an unsigned.  */
      tree acc = TREE_TYPE (r);
      enum kir_type t = kir_reduction_type (cx->k, red);
      if (t != kir_type_of (acc))
        acc = t == KIR_I32 ? integer_type_node : unsigned_type_node;
      n->accumulator_types.safe_push (acc);
    }

  /* Block 0 is the body's entry; going back to the header ends the
     point.  */
  basic_block entry = body_entry (cx);
  basic_block *dom = get_loop_body_in_dom_order (cx->body_loop);
  auto_vec<basic_block> body;
  body.safe_push (entry);
  for (unsigned i = 0; i < cx->body_loop->num_nodes; i++)
    if (in_body (cx, dom[i]) && dom[i] != entry)
      body.safe_push (dom[i]);
  free (dom);
  basic_block *bbs = body.address ();
  unsigned nbbs = body.length ();

  mark_needed (cx, bbs, nbbs);
  /* A plane array's first subscript is computed on the host.  */
  if (cx->ok && choose_plane_arrays (cx))
    {
      cx->needed.empty ();
      mark_needed (cx, bbs, nbbs);
    }
  if (cx->ok)
    {
      cx->block_of = XNEWVEC (int, last_basic_block_for_fn (n->fun));
      for (int i = 0; i < last_basic_block_for_fn (n->fun); i++)
        cx->block_of[i] = -1;
      for (unsigned i = 0; i < nbbs; i++)
        cx->block_of[bbs[i]->index] = kir_add_block (cx->k);
      int next = kir_add_block (cx->k);
      kir_set_next (cx->k, next);
      cx->block_of[cx->body_loop->header->index] = next;
      translate_body (cx, bbs, nbbs);
      XDELETEVEC (cx->block_of);
      guard_starts (cx);
    }
  return cx->ok;
}

/* Reports where the body uses its reduction variable other than to
   update it by the clause's operator (reduction.h); whether none does.  */
static bool
check_reductions (struct mint_nest *nest)
{
  const struct kir_kernel *k = nest->kernel;
  tree var = nest->dir->reduction_var;
  for (int r = 0; r < k->nreductions; r++)
    {
      struct kir_reduction_fault f;
      if (kir_check_reduction (k, r, &f) == 0)
        continue;
      const struct kir_block *b = &k->blocks[f.block];
      int s = f.stmt >= 0 ? f.stmt : b->nstmts - 1;
      location_t loc = s >= 0 && b->stmts[s].loc ? (location_t) b->stmts[s].loc
                                                 : nest->dir->loc;
      switch (f.kind)
        {
        case KIR_REDUCTION_READ:
          error_at (loc, "mint: the loop body uses the value of reduction "
                    "variable %qD other than to update it; on the GPU each "
                    "point sees only its own part of it", var);
          break;
        case KIR_REDUCTION_OPERATOR:
          error_at (loc, "mint: reduction variable %qD is updated with an "
                    "operator other than its clause%'s", var);
          break;
        case KIR_REDUCTION_ROUNDED:
          error_at (loc, "mint: reduction variable %qD has an integer type "
                    "but is updated in floating-point arithmetic, which "
                    "rounds at each point on the CPU and once on the GPU",
                    var);
          break;
        case KIR_REDUCTION_VALUE:
          error_at (loc, "mint: reduction variable %qD is assigned a value "
                    "that is not its update by the clause%'s operator", var);
          break;
        }
      inform (nest->dir->loc, "a point may only update it as %<%D = %D OP "
              "expr%>, %<%D = fmin (%D, expr)%> or %<if (expr < %D) %D = "
              "expr;%> (max alike), with an expr that does not use it",
              var, var, var, var, var, var);
      return false;
    }
  return true;
}

static bool extract (struct extract_ctx *);

bool
mint_extract_nest (struct mint_nest *nest,
                   const vec<const struct mint_directive *> &copies)
{
  struct extract_ctx cx;
  cx.nest = nest;
  cx.copies = &copies;
  cx.k = NULL;
  cx.block_of = NULL;
  cx.cur = 0;
  cx.outer_ivs = 0;
  cx.ok = true;
  cx.nest_bbs = sbitmap_alloc (last_basic_block_for_fn (nest->fun));
  cx.body_bbs = sbitmap_alloc (last_basic_block_for_fn (nest->fun));
  bitmap_clear (cx.nest_bbs);
  bitmap_clear (cx.body_bbs);
  nest->kernel = NULL;
  nest->plan = NULL;
  bool ok = extract (&cx);
  sbitmap_free (cx.nest_bbs);
  sbitmap_free (cx.body_bbs);
  return ok;
}

/* mint_extract_nest's work, on an initialized context.  */
static bool
extract (struct extract_ctx *cx)
{
  struct mint_nest *nest = cx->nest;

  if (!find_nest (cx))
    return false;
  collect_nest_writes (cx);
  for (int i = 0; i < nest->depth; i++)
    {
      if (!analyze_loop (cx, nest->dims[i].loop, &nest->dims[i]))
        return false;
      nest->dims[i].declared_outside
        = declared_outside (cx, nest->dims[i].iv);
      if (nest->dims[i].start && nest->dims[i].declared_outside)
        {
          /* Its value after the nest depends on the last outer point.  */
          error_at (stmt_location (nest->dims[i].start_stmt, nest->dir->loc),
                    "mint: the start of the loop over %qD depends on an "
                    "outer loop variable: declare %qD in its %<for%> "
                    "statement",
                    nest->dims[i].iv, nest->dims[i].iv);
          return false;
        }
    }
  if (!check_assignments (cx) || !check_carried_variables (cx))
    return false;
  if (!build_kernel (cx))
    {
      kir_kernel_free (nest->kernel);
      nest->kernel = NULL;
      return false;
    }
  kir_scalarize_privates (nest->kernel);
  char err[256];
  if (kir_finish (nest->kernel, err, sizeof err) != 0)
    {
      error_at (nest->dir->loc, "mint: internal error: the kernel IR of "
                "%qs is inconsistent: %s", nest->kernel->name, err);
      kir_kernel_free (nest->kernel);
      nest->kernel = NULL;
      return false;
    }
  if (!check_reductions (nest))
    {
      kir_kernel_free (nest->kernel);
      nest->kernel = NULL;
      return false;
    }
  for (unsigned i = 0; i < nest->arrays.length (); i++)
    {
      nest->arrays[i].read = nest->kernel->arrays[i].read;
      nest->arrays[i].written = nest->kernel->arrays[i].written;
    }
  /* Only level 3 and up have a use for the grid (plan-level.c).  */
  if (nest->kernel->opt_level >= 3)
    delinearize_kernel (nest->kernel);
  const struct mint_directive *dir = nest->dir;
  nest->plan = plan_kernel (nest->kernel, dir->chunk[0] || dir->chunk[1]
                                          || dir->chunk[2]);
  return true;
}

tree
mint_reference_root (tree ref)
{
  while (TREE_CODE (ref) == ARRAY_REF)
    ref = TREE_OPERAND (ref, 0);
  if (handled_component_p (ref))
    {
      struct rebuild rb = { NULL, NULL_TREE };
      return rebuild_ref (&rb, ref);
    }
  if (TREE_CODE (ref) == MEM_REF)
    {
      tree ptr = TREE_OPERAND (ref, 0);
      for (int depth = 0; TREE_CODE (ptr) == SSA_NAME && depth < 16; depth++)
        {
          gimple *def = SSA_NAME_DEF_STMT (ptr);
          if (!is_gimple_assign (def))
            return NULL_TREE;
          tree r1 = gimple_assign_rhs1 (def);
          if (gimple_assign_load_p (def))
            return mint_reference_root (r1);
          ptr = r1;
        }
      ref = ptr;
      if (tree vla = mint_vla_of_pointer (ref))
        return vla;
    }
  return var_or_parm_p (ref) ? ref : NULL_TREE;
}
