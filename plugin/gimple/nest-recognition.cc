/* nest-recognition.cc -- the parallel loops of a `#pragma mint for' nest
   in the loop tree (nest-recognition.h): the perfect nest after the
   marker, each loop's variable, start, bound and step from its header,
   increment and initialization (pattern matching, with the diagnostics
   for loops that are not such a nest), and the jumps that leave it.  */

#include "gcc-compat.h"
#include "kir.h"
#include "directive.h"
#include "nest.h"
#include "reference.h"
#include "extract-context.h"
#include "plane.h"
#include "nest-recognition.h"
#include "member.h"
#include "poly.h"
#include "trial.h"
#include "markers.h"
#include "device-type.h"

/* mint_loop_after_marker, and into *STOP the statement that ends the
   straight-line code after MARKER short of a loop (a call, a branch),
   else NULL.  */
static class loop *
loop_after_marker (gimple *marker, gimple **stop)
{
  basic_block bb = gimple_bb (marker);
  gimple_stmt_iterator gsi = gsi_for_stmt (marker);
  gsi_next (&gsi);
  *stop = NULL;
  for (int hops = 0; hops < 8; hops++)
    {
      for (; !gsi_end_p (gsi); gsi_next (&gsi))
        {
          gimple *s = gsi_stmt (gsi);
          if (!is_gimple_assign (s) && !is_gimple_debug (s)
              && gimple_code (s) != GIMPLE_LABEL
              && gimple_code (s) != GIMPLE_NOP)
            {
              *stop = s;
              return NULL;
            }
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

class loop *
mint_loop_after_marker (gimple *marker)
{
  gimple *stop;
  return loop_after_marker (marker, &stop);
}

/* If T is a variable, or a header temporary converting one (to a floating
   type too, where it is compared with one), or adding a constant to one
   (`i + 1 < n'), the variable; the constant into *OFFSET (if not NULL).  */
static tree
compared_variable (tree t, basic_block header, HOST_WIDE_INT *offset = NULL)
{
  if (offset)
    *offset = 0;
  if (mint_var_or_parm_p (t))
    return t;
  if (TREE_CODE (t) != SSA_NAME)
    return NULL_TREE;
  gimple *def = SSA_NAME_DEF_STMT (t);
  if (!is_gimple_assign (def) || gimple_bb (def) != header)
    return NULL_TREE;
  enum tree_code code = gimple_assign_rhs_code (def);
  tree v = gimple_assign_rhs1 (def);
  if ((CONVERT_EXPR_CODE_P (code) || code == FLOAT_EXPR)
      && mint_var_or_parm_p (v))
    return v;
  /* (unsigned) (i + 1) < n.  */
  if (CONVERT_EXPR_CODE_P (code) && INTEGRAL_TYPE_P (TREE_TYPE (t))
      && INTEGRAL_TYPE_P (TREE_TYPE (v)))
    return compared_variable (v, header, offset);
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
void
mint_compared_variables (class loop *l, tree vars[3])
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
  mint_compared_variables (l, vars);
  mint_compared_variables (inner, vars + 3);
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
  if ((CONVERT_EXPR_CODE_P (code) || code == SSA_NAME
       || mint_var_or_parm_p (from))
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

/* The last assignment to V on the straight-line path into L's preheader
   (none where the loops have no preheaders: a function whose directives
   had errors).  */
gassign *
mint_loop_initialization (class loop *l, tree v)
{
  if (!loops_state_satisfies_p (LOOPS_HAVE_PREHEADERS)
      || loops_state_satisfies_p (LOOPS_MAY_HAVE_MULTIPLE_LATCHES))
    return NULL;
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

/* The control of loop L, whose header ends in COND, into D: the
   variable compared in COND that only its increment changes (iv,
   increment, step), the bound, the comparison that keeps looping (as
   iv + *OFFSET CMP bound; `!=' stepping by 1 or -1 is `<' or `>').
   False if there is none; *MODIFIED is then the compared variable that
   L assigns more than once, if one is.  */
static bool
loop_control (class loop *l, gcond *cond, struct mint_loop_dim *d,
              HOST_WIDE_INT *offset, tree *modified)
{
  edge te, fe;
  extract_true_false_edges_from_block (l->header, &te, &fe);
  enum tree_code code;
  tree lhs, rhs;
  tested_comparison (cond, &code, &lhs, &rhs, NULL);
  if (!flow_bb_inside_loop_p (l, te->dest))
    code = invert_tree_comparison (code, false);

  HOST_WIDE_INT step = 0;
  int count = 0;
  tree v = compared_variable (lhs, l->header, offset);
  if (v && (d->increment = loop_increment (l, v, &step, &count)))
    d->bound = rhs;
  else if (count > 1)
    {
      *modified = v;
      return false;
    }
  else if ((v = compared_variable (rhs, l->header, offset))
           && (d->increment = loop_increment (l, v, &step, &count)))
    {
      d->bound = lhs;
      code = swap_tree_comparison (code);
    }
  else
    {
      if (count > 1)
        *modified = v;
      return false;
    }
  /* As in OpenMP: `i != n' stepping by 1 is `i < n', by -1 `i > n'
     (but for the wrap of an unsigned variable: D->ne).  */
  d->ne = code == NE_EXPR && (step == 1 || step == -1);
  if (d->ne)
    code = step > 0 ? LT_EXPR : GT_EXPR;
  d->loop = l;
  d->iv = v;
  d->step = step;
  d->cmp = code;
  d->cmp_type = *offset == 0 && INTEGRAL_TYPE_P (TREE_TYPE (lhs))
                ? TREE_TYPE (lhs) : NULL_TREE;
  return true;
}

/* Whether loop L counts its variable from a constant to a constant bound
   by a constant step, changing it nowhere else; fills D's loop, iv,
   init, bound, cmp, step and increment.  Reports nothing.  */
bool
mint_constant_loop (class loop *l, struct mint_loop_dim *d)
{
  gcond *cond = safe_dyn_cast<gcond *> (mint_last_stmt (l->header));
  HOST_WIDE_INT offset;
  tree modified = NULL_TREE;
  if (!cond || !loop_control (l, cond, d, &offset, &modified)
      || !INTEGRAL_TYPE_P (TREE_TYPE (d->iv))
      || TREE_CODE (d->bound) != INTEGER_CST || !tree_fits_shwi_p (d->bound))
    return false;
  gassign *init = mint_loop_initialization (l, d->iv);
  if (!init || !gimple_assign_single_p (init)
      || TREE_CODE (gimple_assign_rhs1 (init)) != INTEGER_CST
      || !tree_fits_shwi_p (gimple_assign_rhs1 (init)))
    return false;
  d->init = gimple_assign_rhs1 (init);
  d->bound = build_int_cst (long_long_integer_type_node,
                            tree_to_shwi (d->bound) - offset);
  return d->cmp == LT_EXPR || d->cmp == LE_EXPR || d->cmp == GT_EXPR
         || d->cmp == GE_EXPR;
}

bool
mint_loop_wraps_to_bound_p (const struct mint_loop_dim *d)
{
  return d->ne && TYPE_UNSIGNED (TREE_TYPE (d->iv));
}

/* The number of iterations of D where its bounds are integer constants,
   else 0.  */
long long
mint_constant_trip_count (const struct mint_loop_dim *d)
{
  if (!tree_fits_shwi_p (d->init) || !tree_fits_shwi_p (d->bound))
    return 0;
  HOST_WIDE_INT init = tree_to_shwi (d->init), bound = tree_to_shwi (d->bound);
  HOST_WIDE_INT step = d->step < 0 ? -d->step : d->step;
  bool up = d->cmp == LT_EXPR || d->cmp == LE_EXPR;
  if (mint_loop_wraps_to_bound_p (d))
    {
      unsigned prec = TYPE_PRECISION (TREE_TYPE (d->iv));
      unsigned HOST_WIDE_INT distance
        = (unsigned HOST_WIDE_INT) (up ? bound : init)
          - (unsigned HOST_WIDE_INT) (up ? init : bound);
      if (prec < HOST_BITS_PER_WIDE_INT)
        distance &= (HOST_WIDE_INT_1U << prec) - 1;
      return distance <= (unsigned HOST_WIDE_INT) HOST_WIDE_INT_MAX
             ? (long long) distance : 0;
    }
  bool strict = d->cmp == LT_EXPR || d->cmp == GT_EXPR;
  HOST_WIDE_INT distance, n;
  if (__builtin_sub_overflow (up ? bound : init, up ? init : bound, &distance)
      || __builtin_add_overflow (distance, step - (strict ? 1 : 0), &n))
    return 0;
  n /= step;
  return n > 0 ? n : 0;
}

/* Whether T is an integer expression over constants and the objects of
   SCALARS, the kernel's scalars: P gets it as a polynomial over them.
   Its arithmetic is taken not to wrap, also in unsigned types: n - 1 of
   a size_t n, which GCC writes n + 0xff..ff, is n - 1 (where n is 0, a
   loop to it runs past the ends of the arrays, with or without mint).  */
static bool
scalar_polynomial (tree t, const vec<tree> &scalars, struct poly *p)
{
  tree type = TREE_TYPE (t);
  if (!INTEGRAL_TYPE_P (type))
    return false;
  if (TREE_CODE (t) == INTEGER_CST)
    {
      if (TYPE_UNSIGNED (type))
        {
          poly_constant (p, wi::sext (wi::to_wide (t),
                                      TYPE_PRECISION (type)).to_shwi ());
          return TYPE_PRECISION (type) <= HOST_BITS_PER_WIDE_INT;
        }
      if (!tree_fits_shwi_p (t))
        return false;
      poly_constant (p, tree_to_shwi (t));
      return true;
    }
  for (unsigned i = 0; i < scalars.length (); i++)
    if (mint_same_object (scalars[i], t))
      {
        poly_atom (p, ATOM (ATOM_SCALAR, i));
        return true;
      }
  struct poly a, b;
  switch (TREE_CODE (t))
    {
    CASE_CONVERT:
      return (TYPE_PRECISION (TREE_TYPE (TREE_OPERAND (t, 0)))
              <= TYPE_PRECISION (type)
              && scalar_polynomial (TREE_OPERAND (t, 0), scalars, p));
    case NEGATE_EXPR:
      if (!scalar_polynomial (TREE_OPERAND (t, 0), scalars, &a))
        return false;
      poly_constant (p, 0);
      poly_add (p, &a, -1);
      return !p->unknown;
    case PLUS_EXPR:
    case MINUS_EXPR:
    case MULT_EXPR:
      if (!scalar_polynomial (TREE_OPERAND (t, 0), scalars, &a)
          || !scalar_polynomial (TREE_OPERAND (t, 1), scalars, &b))
        return false;
      if (TREE_CODE (t) == MULT_EXPR)
        poly_multiply (p, &a, &b);
      else
        {
          *p = a;
          poly_add (p, &b, TREE_CODE (t) == PLUS_EXPR ? 1 : -1);
        }
      return !p->unknown;
    default:
      return false;
    }
}

void
mint_outer_ranges (class loop *l, vec<struct mint_var_range> *out)
{
  for (l = loop_outer (l); l && loop_outer (l); l = loop_outer (l))
    {
      struct mint_loop_dim d;
      if (!mint_constant_loop (l, &d))
        continue;
      HOST_WIDE_INT init = tree_to_shwi (d.init), bound = tree_to_shwi (d.bound);
      bool up = d.cmp == LT_EXPR || d.cmp == LE_EXPR;
      if ((d.step > 0) != up)
        continue;
      struct mint_var_range r;
      r.var = d.iv;
      r.least = up ? init : bound + (d.cmp == GT_EXPR);
      r.most = up ? bound - (d.cmp == LT_EXPR) : init;
      if (r.least <= r.most)
        out->safe_push (r);
    }
}

/* START, a loop's start, as a polynomial over SCALARS into *INIT, where
   a variable of RANGES that it adds is at its least (UP) or its most:
   the values of the loop's variable lie between that and the bound.  */
static bool
start_polynomial (tree start, const vec<tree> &scalars,
                  const vec<struct mint_var_range> &ranges, bool up,
                  struct poly *init)
{
  if (scalar_polynomial (start, scalars, init))
    return true;
  if (TREE_CODE (start) != PLUS_EXPR)
    return false;
  for (int side = 0; side < 2; side++)
    for (const struct mint_var_range &r : ranges)
      if (mint_same_object (TREE_OPERAND (start, side), r.var)
          && scalar_polynomial (TREE_OPERAND (start, 1 - side), scalars,
                                init))
        {
          struct poly v;
          poly_constant (&v, up ? r.least : r.most);
          poly_add (init, &v, 1);
          return !init->unknown;
        }
  return false;
}

/* The span of D from its start INIT and BOUND, trees, into SPAN.  */
static bool
span_between (const struct mint_loop_dim *d, tree init, tree bound,
              const vec<tree> &scalars,
              const vec<struct mint_var_range> &ranges, struct kir_sum *span)
{
  struct poly p, lo, hi;
  /* Up, init <= v < bound (v <= bound); down, bound < v <= init.  */
  bool up = d->cmp == LT_EXPR || d->cmp == LE_EXPR;
  if (!start_polynomial (init, scalars, ranges, up, up ? &lo : &hi)
      || !scalar_polynomial (bound, scalars, up ? &hi : &lo))
    return false;
  bool inclusive = d->cmp == LE_EXPR || d->cmp == GE_EXPR;
  struct poly one;
  p = hi;
  poly_add (&p, &lo, -1);
  poly_constant (&one, inclusive);
  poly_add (&p, &one, 1);
  return poly_to_sum (&p, span);
}

static bool widening_p (tree t);

/* The variable V that T is V plus a constant of, through conversions
   that keep V's values, with that constant into *C; or NULL_TREE.  V may
   be an integer member read through a pointer (p->nx) where T is a value
   at a marker (mint_value_before), which reads only members that keep
   their value up to it.  */
static tree
variable_plus_constant (tree t, HOST_WIDE_INT *c)
{
  *c = 0;
  while (CONVERT_EXPR_P (t) && widening_p (t))
    t = TREE_OPERAND (t, 0);
  if ((TREE_CODE (t) == PLUS_EXPR || TREE_CODE (t) == MINUS_EXPR)
      && tree_fits_shwi_p (TREE_OPERAND (t, 1)))
    {
      *c = tree_to_shwi (TREE_OPERAND (t, 1));
      if (TREE_CODE (t) == MINUS_EXPR)
        *c = -*c;
      t = TREE_OPERAND (t, 0);
      while (CONVERT_EXPR_P (t) && widening_p (t))
        t = TREE_OPERAND (t, 0);
    }
  return (mint_var_or_parm_p (t) || TREE_CODE (t) == COMPONENT_REF)
         && INTEGRAL_TYPE_P (TREE_TYPE (t)) ? t : NULL_TREE;
}

/* Whether A and B, results of variable_plus_constant, are one variable
   or the same member read.  */
static bool
same_variable (tree a, tree b)
{
  return a == b || (a && b && operand_equal_p (a, b, 0));
}

struct replacement
{
  tree from, to;
};

/* walk_tree callback: *TP, where it is DATA's FROM, becomes its TO.  */
static tree
replace_cb (tree *tp, int *walk_subtrees, void *data)
{
  const struct replacement *r = (const struct replacement *) data;
  if (same_variable (*tp, r->from))
    {
      *tp = r->to;
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

/* The value assignment A computes, as an expression of its operands,
   the temporaries among them replaced by theirs (DEPTH levels); or
   NULL_TREE.  */
static tree
assigned_value (gassign *a, int depth)
{
  enum tree_code code = gimple_assign_rhs_code (a);
  tree type = TREE_TYPE (gimple_assign_lhs (a));
  tree ops[2] = { gimple_assign_rhs1 (a), NULL_TREE };
  if (get_gimple_rhs_class (code) == GIMPLE_BINARY_RHS)
    ops[1] = gimple_assign_rhs2 (a);
  for (tree &op : ops)
    if (op && TREE_CODE (op) == SSA_NAME)
      {
        gassign *def = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (op));
        if (depth == 0 || !def || !(op = assigned_value (def, depth - 1)))
          return NULL_TREE;
      }
  switch (get_gimple_rhs_class (code))
    {
    case GIMPLE_SINGLE_RHS:
      return ops[0];
    case GIMPLE_UNARY_RHS:
      return build1 (code, type, ops[0]);
    case GIMPLE_BINARY_RHS:
      return build2 (code, type, ops[0], ops[1]);
    default:
      return NULL_TREE;
    }
}

/* The value the integer scalar S holds from its only assignment on,
   where what it reads keeps its value from there
   (mint_stable_assignment), or NULL_TREE.  */
static tree
stable_value (tree s)
{
  gassign *def = INTEGRAL_TYPE_P (TREE_TYPE (s))
                 ? mint_stable_assignment (s) : NULL;
  return def ? assigned_value (def, 3) : NULL_TREE;
}

/* The values the integer scalar S holds at MARKER, into HELD: the one
   the straight code before MARKER gives it, and the one from its only
   assignment on (stable_value); NULL_TREE where not known.  */
static void
held_values (tree s, gimple *marker, tree held[2])
{
  bool integer = INTEGRAL_TYPE_P (TREE_TYPE (s));
  held[0] = integer ? mint_value_before (s, marker) : NULL_TREE;
  held[1] = integer ? stable_value (s) : NULL_TREE;
}

/* The multiple M that T, a constant, clears the low bits below (~7 is
   -8 in its type: 8), or 0.  */
static HOST_WIDE_INT
cleared_low_bits (tree t)
{
  if (TREE_CODE (t) != INTEGER_CST)
    return 0;
  wide_int low = ~wi::to_wide (t);
  return wi::exact_log2 (low + 1) > 0 && wi::fits_shwi_p (low)
         ? low.to_shwi () + 1 : 0;
}

/* The variable V for which T, rounding V plus a constant A up to a
   multiple M ((v + 7) & ~7, (v + 31) / 32 * 32), is at least V + E,
   with E = A - (M - 1) into *E; or NULL_TREE.  */
static tree
rounded_up_variable (tree t, HOST_WIDE_INT *e)
{
  while (CONVERT_EXPR_P (t) && widening_p (t))
    t = TREE_OPERAND (t, 0);
  tree x = NULL_TREE;
  HOST_WIDE_INT m = 0;
  if (TREE_CODE (t) == BIT_AND_EXPR)
    {
      x = TREE_OPERAND (t, 0);
      m = cleared_low_bits (TREE_OPERAND (t, 1));
    }
  else if (TREE_CODE (t) == MULT_EXPR)
    {
      tree q = TREE_OPERAND (t, 1);
      x = TREE_OPERAND (t, 0);
      if (TREE_CODE (x) == INTEGER_CST)
        std::swap (x, q);
      /* Truncating division rounds V + A toward 0: for V + A below 0
         the product is at least V + A itself.  */
      if (TREE_CODE (x) == TRUNC_DIV_EXPR && tree_fits_shwi_p (q)
          && tree_int_cst_sgn (q) > 0
          && tree_int_cst_equal (q, TREE_OPERAND (x, 1)))
        {
          m = tree_to_shwi (q);
          x = TREE_OPERAND (x, 0);
        }
    }
  HOST_WIDE_INT a;
  tree v = m > 0 ? variable_plus_constant (x, &a) : NULL_TREE;
  *e = v ? a - (m - 1) : 0;
  return v;
}

/* EXPR with variable V replaced by S - C.  */
static tree
replace_by_difference (tree expr, tree v, tree s, HOST_WIDE_INT c)
{
  tree type = TREE_TYPE (s);
  struct replacement r
    = { v, fold_convert (TREE_TYPE (v),
                         fold_build2 (MINUS_EXPR, type, s,
                                      build_int_cst (type, c))) };
  walk_tree (&expr, replace_cb, &r, NULL);
  return expr;
}

/* EXPR with each variable V that a scalar S among SCALARS holds plus a
   constant C (int ex = n + 2), by the straight code before MARKER or by
   S's only assignment, replaced by S - C: a loop to n over arrays whose
   rows are ex long has its span over ex.  */
static tree
through_scalar_values (tree expr, const vec<tree> &scalars, gimple *marker)
{
  tree value = unshare_expr (expr);
  for (tree s : scalars)
    {
      tree held[2];
      held_values (s, marker, held);
      for (tree h : held)
        {
          HOST_WIDE_INT c;
          tree v = h ? variable_plus_constant (h, &c) : NULL_TREE;
          if (v && !same_variable (v, s))
            value = replace_by_difference (value, v, s, c);
        }
    }
  return value;
}

/* END, the greatest end of a loop (the bound of a loop up, the start
   of a loop down) that is V plus a constant, with V replaced by S - E
   where a scalar S among SCALARS, by the straight code before MARKER or
   by its only assignment, rounds V up to a multiple and is at least
   V + E (ld = (nx + 7) & ~7): at least END, and a span up to it at
   least the loop's (the rows of ld cells hold its x up to nx); or
   NULL_TREE.  */
static tree
raised_end (tree end, const vec<tree> &scalars, gimple *marker)
{
  HOST_WIDE_INT c, e;
  tree v = variable_plus_constant (end, &c);
  if (!v)
    return NULL_TREE;
  for (tree s : scalars)
    {
      tree held[2];
      held_values (s, marker, held);
      for (tree h : held)
        if (!same_variable (s, v) && h
            && same_variable (rounded_up_variable (h, &e), v))
          return replace_by_difference (unshare_expr (end), v, s, e);
    }
  return NULL_TREE;
}

/* Whether D's span, its greatest end raised by raised_end, goes into
   SPAN.  */
static bool
span_to_raised_end (const struct mint_loop_dim *d, tree init, tree bound,
                    const vec<tree> &scalars,
                    const vec<struct mint_var_range> &ranges, gimple *marker,
                    struct kir_sum *span)
{
  bool up = d->cmp == LT_EXPR || d->cmp == LE_EXPR;
  tree raised = raised_end (up ? bound : init, scalars, marker);
  return raised
         && span_between (d, up ? init : raised, up ? raised : bound, scalars,
                          ranges, span);
}

/* Whether D's span goes into SPAN (mint_loop_span, from its bounds
   themselves).  */
static bool
loop_span (const struct mint_loop_dim *d, const vec<tree> &scalars,
           const vec<struct mint_var_range> &ranges, gimple *marker,
           struct kir_sum *span)
{
  tree init = mint_value_before (d->init, marker);
  tree bound = mint_value_before (d->bound, marker);
  return span_between (d, d->init, d->bound, scalars, ranges, span)
         || span_between (d, init, bound, scalars, ranges, span)
         || span_between (d, through_scalar_values (d->init, scalars, marker),
                          through_scalar_values (d->bound, scalars, marker),
                          scalars, ranges, span)
         || span_between (d, through_scalar_values (init, scalars, marker),
                          through_scalar_values (bound, scalars, marker),
                          scalars, ranges, span)
         || span_to_raised_end (d, d->init, d->bound, scalars, ranges, marker,
                                span)
         || span_to_raised_end (d, init, bound, scalars, ranges, marker,
                                span);
}

int
mint_loop_span (const struct mint_loop_dim *d, const vec<tree> &scalars,
                const vec<struct mint_var_range> &ranges, gimple *marker,
                struct kir_sum span[2])
{
  if (loop_span (d, scalars, ranges, marker, &span[0]))
    return 1;
  /* A greatest end MIN (a, b) (the bound of a loop up, the start of a
     loop down) is at most a and at most b, a least end MAX (a, b) at
     least each: a span to either operand holds the variable's values
     (the analysis may use whichever, dependence.h).  */
  bool up = d->cmp == LT_EXPR || d->cmp == LE_EXPR;
  int n = 0;
  for (int side = 0; side < 2 && n == 0; side++)
    {
      tree end = (side == 0) == up ? d->bound : d->init;
      while (CONVERT_EXPR_P (end) && widening_p (end))
        end = TREE_OPERAND (end, 0);
      if (TREE_CODE (end) != (side == 0 ? MIN_EXPR : MAX_EXPR))
        continue;
      for (int i = 0; i < 2; i++)
        {
          struct mint_loop_dim e = *d;
          *((side == 0) == up ? &e.bound : &e.init) = TREE_OPERAND (end, i);
          n += loop_span (&e, scalars, ranges, marker, &span[n]);
        }
    }
  return n;
}

/* Whether T is a sum of products (+, -, *, negations and widening
   conversions) of integer constants, variables and structure members
   (int nx = s->nx): its variables and members into VARS.  */
static bool
sum_of_products (tree t, vec<tree> *vars)
{
  if (!INTEGRAL_TYPE_P (TREE_TYPE (t)))
    return false;
  switch (TREE_CODE (t))
    {
    case INTEGER_CST:
      return true;
    case VAR_DECL:
    case PARM_DECL:
    case COMPONENT_REF:
      vars->safe_push (t);
      return true;
    CASE_CONVERT:
      return widening_p (t) && sum_of_products (TREE_OPERAND (t, 0), vars);
    case NEGATE_EXPR:
      return sum_of_products (TREE_OPERAND (t, 0), vars);
    case MULT_EXPR:
    case PLUS_EXPR:
    case MINUS_EXPR:
      return sum_of_products (TREE_OPERAND (t, 0), vars)
             && sum_of_products (TREE_OPERAND (t, 1), vars);
    default:
      return false;
    }
}

tree
mint_scalar_held_sum (tree s, gimple *marker, vec<tree> *vars)
{
  tree held[2];
  held_values (s, marker, held);
  for (tree h : held)
    {
      vars->truncate (0);
      if (h && sum_of_products (h, vars))
        return h;
    }
  vars->truncate (0);
  return NULL_TREE;
}

bool
mint_scalar_value (tree value, const vec<tree> &scalars, int self,
                   struct kir_sum *sum)
{
  struct poly p;
  if (!scalar_polynomial (value, scalars, &p) || !poly_to_sum (&p, sum))
    return false;
  for (int i = 0; i < sum->nproducts; i++)
    for (int f = 0; f < sum->products[i].nfactors; f++)
      if (sum->products[i].factor[f] == self)
        return false;
  return sum->nproducts > 0;
}

bool
mint_loop_start (const struct mint_loop_dim *d, const vec<tree> &scalars,
                 gimple *marker, struct kir_sum *start)
{
  struct poly p;
  if ((d->cmp != LT_EXPR && d->cmp != LE_EXPR) || d->start)
    return false;
  return (scalar_polynomial (d->init, scalars, &p)
          || scalar_polynomial (mint_value_before (d->init, marker), scalars,
                                &p))
         && poly_to_sum (&p, start);
}

/* S's location, or FALLBACK where S has none.  */
location_t
mint_stmt_location (gimple *s, location_t fallback)
{
  return gimple_has_location (s) ? gimple_location (s) : fallback;
}

/* Whether T uses the variable of one of the outer loops of CX's nest up
   to dimension D.  */
static bool
uses_outer_iv (struct extract_ctx *cx, tree t, const struct mint_loop_dim *d)
{
  for (const struct mint_loop_dim *outer = cx->nest->dims; outer < d; outer++)
    if (walk_tree_without_duplicates (&t, mint_mentions_cb, outer->iv))
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
  tree start = mint_invariant_rhs (cx, init, culprit);
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

/* The bit-field member that T, or a value it is computed from, reads,
   or NULL.  */
static tree
read_bit_field (tree t)
{
  for (int depth = 0; t && depth < 16; depth++)
    {
      if (TREE_CODE (t) == COMPONENT_REF
          && DECL_BIT_FIELD (TREE_OPERAND (t, 1)))
        return t;
      if (TREE_CODE (t) != SSA_NAME
          || !is_gimple_assign (SSA_NAME_DEF_STMT (t)))
        return NULL_TREE;
      gassign *def = as_a<gassign *> (SSA_NAME_DEF_STMT (t));
      if (gimple_num_ops (def) > 2)
        if (tree field = read_bit_field (gimple_assign_rhs2 (def)))
          return field;
      t = gimple_assign_rhs1 (def);
    }
  return NULL_TREE;
}

static void add_to_chain (gimple *, hash_set<gimple *> *);

/* walk_tree callback: adds the statement that computes each SSA name of
   the tree, and theirs, to the hash_set<gimple *> DATA.  */
static tree
add_definitions (tree *tp, int *, void *data)
{
  if (TREE_CODE (*tp) == SSA_NAME)
    add_to_chain (SSA_NAME_DEF_STMT (*tp), (hash_set<gimple *> *) data);
  return NULL_TREE;
}

/* Adds S and the statements that compute the SSA names it reads, through
   theirs, to CHAIN.  */
static void
add_to_chain (gimple *s, hash_set<gimple *> *chain)
{
  if (!s || chain->elements () > 64 || chain->add (s))
    return;
  for (unsigned i = 0; i < gimple_num_ops (s); i++)
    if (gimple_op (s, i))
      walk_tree (gimple_op_ptr (s, i), add_definitions, chain, NULL);
}

/* walk_tree callback: pushes each variable and each load of the tree to
   the vec<tree> DATA.  */
static tree
push_read (tree *tp, int *, void *data)
{
  if (VAR_P (*tp) || TREE_CODE (*tp) == PARM_DECL || mint_memory_ref_p (*tp))
    ((vec<tree> *) data)->safe_push (*tp);
  return NULL_TREE;
}

/* What START, the start of outermost loop L rebuilt from what its
   initialization INIT reads (mint_invariant_rhs), reads that a statement
   between INIT's first and the launch, at the end of L's preheader, may
   change, so that START evaluated at the launch is not the value INIT
   gave the loop's variable (`i = pos; pos += n;', `for (i = g++; ...)'):
   that variable or load, else NULL_TREE.  Also START where the path into
   the preheader is too long or joins before it holds INIT's statements.  */
static tree
start_changed_before_launch (class loop *l, gassign *init, tree start)
{
  hash_set<gimple *> chain;
  add_to_chain (init, &chain);
  auto_vec<tree> reads;
  walk_tree_without_duplicates (&start, push_read, &reads);
  if (reads.is_empty ())
    return NULL_TREE;
  int left = chain.elements ();
  basic_block bb = loop_preheader_edge (l)->src;
  for (int hops = 0; hops < 8; hops++)
    {
      for (gimple_stmt_iterator gsi = gsi_last_bb (bb); !gsi_end_p (gsi);
           gsi_prev (&gsi))
        {
          gimple *s = gsi_stmt (gsi);
          if (chain.contains (s))
            {
              if (--left == 0)
                return NULL_TREE;
              continue;
            }
          for (tree t : reads)
            if (mint_may_change (s, t))
              return t;
        }
      if (!single_pred_p (bb))
        break;
      bb = single_pred (bb);
    }
  return start;
}

/* The error for loop D of the nest, whose bounds are not invariant: they
   use CULPRIT, a variable the nest assigns, or read FIELD, a bit-field,
   or something else.  */
static void
bounds_error (struct extract_ctx *cx, location_t loc,
              const struct mint_loop_dim *d, tree culprit, tree field)
{
  if (field)
    {
      error_at (loc, "mint: the bounds of the loop over %qD read the "
                "bit-field %qE, which a launch cannot take; copy "
                "it into a variable before the loop nest", d->iv, field);
      return;
    }
  if (!culprit)
    {
      error_at (loc, "mint: the bounds of the loop over %qD must be "
                "computable before the loop nest (no calls; of memory, "
                "only structure members, and numbers at subscripts that "
                "read no memory themselves)", d->iv);
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

/* The local variable of the program that operand T of a loop's
   condition is, directly or through GIMPLE's copy of it, or NULL.  */
static tree
compared_local (tree t)
{
  if (TREE_CODE (t) == SSA_NAME
      && gimple_assign_single_p (SSA_NAME_DEF_STMT (t)))
    t = gimple_assign_rhs1 (SSA_NAME_DEF_STMT (t));
  return VAR_P (t) && !is_global_var (t) && DECL_NAME (t)
         && !DECL_ARTIFICIAL (t) ? t : NULL_TREE;
}

/* The variable of static storage that condition COND of loop L compares
   and L's increment steps (for (gi = 1; gi < n; gi++) of a global gi),
   or NULL.  */
static tree
stepped_global (class loop *l, gcond *cond)
{
  for (tree t : { gimple_cond_lhs (cond), gimple_cond_rhs (cond) })
    {
      if (TREE_CODE (t) == SSA_NAME
          && gimple_assign_single_p (SSA_NAME_DEF_STMT (t)))
        t = gimple_assign_rhs1 (SSA_NAME_DEF_STMT (t));
      if (VAR_P (t) && is_global_var (t) && mint_increment_step (l, t))
        return t;
    }
  return NULL_TREE;
}

/* The local variable that condition COND compares, the first where it
   compares two, or NULL.  */
static tree
condition_variable (gcond *cond)
{
  tree lhs = compared_local (gimple_cond_lhs (cond));
  return lhs ? lhs : compared_local (gimple_cond_rhs (cond));
}

/* The local variable that condition COND compares and that the loop's
   header, before COND, also steps (`i-- > 0', `--i > 0'), or NULL.  */
static tree
stepped_in_condition (gcond *cond)
{
  tree v = condition_variable (cond);
  return v && assignment_before (cond, v) ? v : NULL_TREE;
}

/* Where loop L's body assigns V besides the loop's increment (the last
   assignment of the latch or the block before it), or
   UNKNOWN_LOCATION.  */
static location_t
body_assignment (class loop *l, tree v)
{
  basic_block *bbs = get_loop_body_in_dom_order (l);
  basic_block pre_latch = single_pred_p (l->latch) ? single_pred (l->latch)
                                                   : NULL;
  auto_vec<gimple *> sets;
  gimple *increment = NULL;
  for (unsigned i = 0; i < l->num_nodes; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[i]); !gsi_end_p (gsi);
         gsi_next (&gsi))
      if (gimple_get_lhs (gsi_stmt (gsi)) == v)
        {
          sets.safe_push (gsi_stmt (gsi));
          if (bbs[i] == l->latch || bbs[i] == pre_latch)
            increment = gsi_stmt (gsi);
        }
  free (bbs);
  for (gimple *s : sets)
    if (s != increment && gimple_location (s) != UNKNOWN_LOCATION)
      return gimple_location (s);
  return UNKNOWN_LOCATION;
}

/* Fills D from loop L's header condition, increment and initialization.  */
bool
mint_analyze_loop (struct extract_ctx *cx, class loop *l,
                   struct mint_loop_dim *d)
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
  loc = mint_stmt_location (cond, loc);
  HOST_WIDE_INT offset;
  tree modified = NULL_TREE;
  if (!loop_control (l, cond, d, &offset, &modified))
    {
      tree var = condition_variable (cond);
      if (modified)
        {
          auto_diagnostic_group group;
          error_at (loc, "mint: loop variable %qD is modified in the body "
                    "of the loop nest", modified);
          location_t at = body_assignment (l, modified);
          if (at != UNKNOWN_LOCATION)
            inform (at, "here");
        }
      else if (var && POINTER_TYPE_P (TREE_TYPE (var)))
        error_at (loc, "mint: the loop variable %qD is a pointer, but it "
                  "must have an integer type: loop over an index "
                  "(%<for (int i = 0; i < n; i++)%>, %<a[i]%>)", var);
      else if (var && !INTEGRAL_TYPE_P (TREE_TYPE (var)))
        error_at (loc, "mint: the loop variable %qD must have an integer "
                  "type", var);
      else if (var && TREE_ADDRESSABLE (var))
        error_at (loc, "mint: the loop variable %qD has its address taken; "
                  "the variable of a parallel loop may change only by its "
                  "step", var);
      else if (tree global = stepped_global (l, cond))
        {
          error_at (loc, "mint: the variable of a parallel loop must be a "
                    "local variable of the function, but %qD has static "
                    "storage", global);
          inform (loc, "declare the loop variable in the %<for%> "
                  "(%<for (int i = ...%>), and set %qD after the loop where "
                  "the program reads it", global);
        }
      else if (tree stepped = stepped_in_condition (cond))
        {
          auto_diagnostic_group group;
          error_at (loc, "mint: the condition of the loop steps its "
                    "variable %qD; a parallel loop must change its "
                    "variable only in the third clause of its %<for%>",
                    stepped);
          inform (loc, "start at the first value the body sees and step "
                  "there: %<for (int i = n - 1; i >= 0; i--)%> in place of "
                  "%<for (unsigned i = n; i-- > 0;)%>");
        }
      else
        error_at (loc, "mint: cannot find the loop variable of a parallel "
                  "loop: it must be compared with %<<%>, %<<=%>, %<>%> or "
                  "%<>=%> in the condition and changed only by a constant "
                  "step (%<i++%>, %<i += 2%>, %<i--%>)");
      return false;
    }
  tree v = d->iv;
  HOST_WIDE_INT step = d->step;
  enum tree_code code = d->cmp;
  if (!INTEGRAL_TYPE_P (TREE_TYPE (v)))
    {
      error_at (loc, "mint: the loop variable %qD must have an integer type",
                v);
      return false;
    }
  if (mint_kir_type (TREE_TYPE (v)) == KIR_VOID)
    {
      error_at (loc, "mint: the loop variable %qD has type %qT, which the "
                "device code cannot hold; give it type %<int%> or "
                "%<long%>", v, TREE_TYPE (v));
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
      auto_diagnostic_group group;
      error_at (loc, "mint: the loop over %qD steps away from its bound", v);
      if (up && TYPE_UNSIGNED (TREE_TYPE (v)))
        inform (loc, "an unsigned variable counted down until it wraps "
                "past zero ends only by wrapping around, which mint does not "
                "split among threads; count down a signed variable to its "
                "bound (%<for (int i = n - 1; i >= 0; i--)%>)");
      return false;
    }

  gassign *init = mint_loop_initialization (l, v);
  if (!init)
    {
      error_at (loc, "mint: the loop over %qD must set its variable in the "
                "%<for%> statement", v);
      return false;
    }
  tree culprit = NULL_TREE;
  d->init = mint_invariant_rhs (cx, init, &culprit);
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
  tree changed = d->init && d == cx->nest->dims
                 ? start_changed_before_launch (l, init, d->init) : NULL_TREE;
  if (changed)
    {
      auto_diagnostic_group group;
      error_at (mint_stmt_location (init, loc), "mint: the loop over %qD "
                "starts at a value computed from %qE, which changes before "
                "the loop begins", v, changed);
      inform (loc, "compute the start into a variable of its own before "
              "%qE changes and start the loop at that variable (%<int s = "
              "g++; for (int i = s; ...)%>)", changed);
      return false;
    }
  tree bound = d->bound;
  if (!d->init)
    loc = mint_stmt_location (init, loc);
  else
    d->bound = mint_invariant_expr (cx, d->bound, &culprit);
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
      tree field = read_bit_field (d->init ? bound
                                           : gimple_assign_rhs1 (init));
      bounds_error (cx, loc, d, culprit, field);
      return false;
    }
  return true;
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
bool
mint_unreachable_block_p (basic_block bb)
{
  gcall *call = EDGE_COUNT (bb->succs) == 0 ? leading_call (bb) : NULL;
  return call && gimple_call_builtin_p (call, BUILT_IN_UNREACHABLE);
}

/* The errors for the jumps that leave the parallel loops of NEST, each
   at its statement; where the front end recorded none (GCC before 12),
   one at FALLBACK (unless it is UNKNOWN_LOCATION), the jump or the
   branch to it.  GIMPLE keeps no
   location of a `break' that is all of an `if''s branch.  */
void
mint_report_jumps_out (const struct mint_nest *nest, location_t fallback)
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
    error_at (fallback, "mint: the loop nest can end before its bounds: a "
              "jump out of it (%<break%>, %<return%> or %<goto%>), or a "
              "condition of a parallel loop that tests more than its "
              "variable against the bound (%<i < n && a[i] > 0%>), cannot "
              "be offloaded; the points of a parallel loop all run");
}

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
  mint_report_jumps_out (nest, call ? UNKNOWN_LOCATION
                                    : jump_out_location (loop, exits, loc));
  inform (loc, "the loop nest of this %<#pragma mint for%>");
}

/* The exits of L but those to blocks that cannot be reached, into
   EXITS.  */
static void
real_exits (class loop *l, auto_vec<edge> *exits)
{
  *exits = get_loop_exit_edges (l);
  for (unsigned i = exits->length (); i-- > 0;)
    if (mint_unreachable_block_p ((*exits)[i]->dest))
      exits->ordered_remove (i);
}

/* Whether BB holds a directive's marker.  */
static bool
holds_marker_p (basic_block bb)
{
  for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
       gsi_next (&gsi))
    if (mint_marker_name (gsi_stmt (gsi)))
      return true;
  return false;
}

/* A loop among the blocks that MARKER, a `for' marker, leads to before
   the next directive, not one around MARKER; where ENDLESS, only one that
   never ends (where the nest's outer loops vanished: GIMPLE has no loop
   of a `for' statement whose body never returns to it).  NULL if
   none.  */
static class loop *
loop_after (gimple *marker, bool endless)
{
  auto_vec<basic_block> work;
  auto_sbitmap seen (last_basic_block_for_fn (cfun));
  bitmap_clear (seen);
  work.safe_push (gimple_bb (marker));
  for (int visits = 0; !work.is_empty () && visits < 64; visits++)
    {
      basic_block bb = work.pop ();
      if (visits > 0 && holds_marker_p (bb))
        continue;
      class loop *l = bb->loop_father;
      if (l->header == bb && loop_outer (l))
        {
          auto_vec<edge> exits;
          real_exits (l, &exits);
          if (endless ? exits.is_empty ()
                      : !flow_bb_inside_loop_p (l, gimple_bb (marker)))
            return l;
        }
      for (edge e : bb->succs)
        if (e->dest != EXIT_BLOCK_PTR_FOR_FN (cfun)
            && !bitmap_bit_p (seen, e->dest->index))
          {
            bitmap_set_bit (seen, e->dest->index);
            work.safe_push (e->dest);
          }
    }
  return NULL;
}

/* The assignment of L's blocks that steps a variable of the program from
   its own value (`i = i + 1', through GIMPLE's copy of i), or NULL.  */
static gassign *
loop_step (class loop *l)
{
  basic_block *bbs = get_loop_body (l);
  gassign *step = NULL;
  for (unsigned i = 0; i < l->num_nodes && !step; i++)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bbs[i]);
         !gsi_end_p (gsi) && !step; gsi_next (&gsi))
      {
        gassign *a = dyn_cast<gassign *> (gsi_stmt (gsi));
        if (!a || gimple_num_ops (a) != 3 || !VAR_P (gimple_assign_lhs (a))
            || DECL_ARTIFICIAL (gimple_assign_lhs (a))
            || !DECL_NAME (gimple_assign_lhs (a)))
          continue;
        tree from = gimple_assign_rhs1 (a);
        if (TREE_CODE (from) == SSA_NAME
            && gimple_assign_single_p (SSA_NAME_DEF_STMT (from)))
          from = gimple_assign_rhs1 (SSA_NAME_DEF_STMT (from));
        if (from == gimple_assign_lhs (a)
            && TREE_CODE (gimple_assign_rhs2 (a)) == INTEGER_CST)
          step = a;
      }
  free (bbs);
  return step;
}

/* The error for L, a loop of the nest of the `for' directive at LOC that
   never ends: at its step, naming its variable, where it has one.  */
static void
report_endless (class loop *l, location_t loc)
{
  gassign *step = loop_step (l);
  if (!step || gimple_location (step) == UNKNOWN_LOCATION)
    {
      error_at (loc, "mint: the loop after %<#pragma mint for%> never "
                "ends: it has no condition, or one that the type of its "
                "variable makes always true (such as %<i <= 255%> of an "
                "%<unsigned char i%>); it needs a condition such as "
                "%<i < n%> that ends it");
      return;
    }
  tree var = gimple_assign_lhs (step);
  auto_diagnostic_group group;
  error_at (gimple_location (step), "mint: the loop over %qD never ends: "
            "it has no condition, or one that the type of %qD (%qT) makes "
            "always true; it needs a condition such as %<%E < n%> that ends "
            "it", var, var, TREE_TYPE (var), DECL_NAME (var));
  inform (loc, "the loop nest of this %<#pragma mint for%>");
}

/* How many `for' loops from L0 down are perfectly nested for DIR (at
   most 3); BETWEEN gets the statement that ends the chain, if one does,
   OTHER_LOOP whether a loop of another kind does.  Only `for' loops are
   parallel loops: a while, do or goto loop that GIMPLE finds perfectly
   nested stays in the body.  */
static int
perfect_for_depth (const struct mint_directive *dir, class loop *l0,
                   gimple **between, bool *other_loop)
{
  int perfect = perfect_depth (l0, between);
  *other_loop = false;
  if (dir->for_depth > 0 && dir->for_depth < perfect)
    {
      perfect = dir->for_depth;
      *between = NULL;
      *other_loop = dir->other_loop != NULL;
    }
  return perfect;
}

/* Whether S, which steps a variable in the blocks that end loop L's
   iterations, belongs to the loop's increment: it stands on the line of
   the loop's exit test, and after IV_STEP (the step of the loop's own
   variable, or NULL) or left of it (`i++, k += 2', `k += 2, i++').  A
   counter the body steps stands on a line of its own, or before the
   loop's step and right of it (`for (...) { ...; cnt++; }' on one
   line).  */
static bool
in_increment (class loop *l, gimple *s, gimple *iv_step)
{
  gimple *test = l->header ? last_stmt (l->header) : NULL;
  location_t at = gimple_location (s);
  if (!test || gimple_code (test) != GIMPLE_COND
      || gimple_location (test) == UNKNOWN_LOCATION || at == UNKNOWN_LOCATION)
    return true;
  if (LOCATION_LINE (gimple_location (test)) != LOCATION_LINE (at))
    return false;
  if (!iv_step || gimple_bb (iv_step) != gimple_bb (s) || iv_step == s
      || LOCATION_LINE (gimple_location (iv_step)) != LOCATION_LINE (at))
    return true;
  for (gimple_stmt_iterator gsi = gsi_for_stmt (iv_step); !gsi_end_p (gsi);
       gsi_next (&gsi))
    if (gsi_stmt (gsi) == s)
      return true;
  return LOCATION_COLUMN (at) < LOCATION_COLUMN (gimple_location (iv_step));
}

HOST_WIDE_INT
mint_increment_step (class loop *l, tree v)
{
  basic_block bbs[2] = { l->latch, NULL };
  if (l->latch && single_pred_p (l->latch))
    bbs[1] = single_pred (l->latch);
  tree vars[3];
  mint_compared_variables (l, vars);
  gassign *iv_step = NULL, *step = NULL;
  for (basic_block bb : bbs)
    if (bb)
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
           gsi_next (&gsi))
        {
          gassign *a = dyn_cast<gassign *> (gsi_stmt (gsi));
          tree lhs = a ? gimple_assign_lhs (a) : NULL_TREE;
          if (!lhs || increment_step (a, lhs) == 0)
            continue;
          if (lhs == v)
            step = a;
          else if (lhs == vars[0] || lhs == vars[1])
            iv_step = a;
        }
  return step && in_increment (l, step, iv_step) ? increment_step (step, v)
                                                 : 0;
}

/* The variable that S, a statement standing between the loops from L0
   down, sets where one of those loops counts it beside its own in its
   increment (for (jf = 3, jc = 2; jc < nc; jc++, jf += 2)), or
   NULL_TREE.  */
static tree
second_loop_variable (class loop *l0, gimple *s)
{
  tree v = is_gimple_assign (s) ? gimple_assign_lhs (s) : NULL_TREE;
  if (!v || !VAR_P (v))
    return NULL_TREE;
  for (class loop *l = l0; l; l = l->inner)
    if (mint_increment_step (l, v))
      return v;
  return NULL_TREE;
}

int
mint_perfect_depth (const struct mint_nest *n)
{
  class loop *l0 = mint_loop_after_marker (n->marker);
  gimple *between;
  bool other_loop;
  return l0 ? perfect_for_depth (n->dir, l0, &between, &other_loop) : 0;
}

/* The first OpenMP statement of the blocks of CX's nest (`#pragma omp
   simd' on a loop of the body, with -fopenmp or -fopenmp-simd), or
   NULL.  */
static gimple *
omp_construct_in (struct extract_ctx *cx)
{
  sbitmap_iterator it;
  unsigned index;
  EXECUTE_IF_SET_IN_BITMAP (cx->nest_bbs, 0, index, it)
    for (gimple_stmt_iterator gsi
           = gsi_start_bb (BASIC_BLOCK_FOR_FN (cfun, index));
         !gsi_end_p (gsi); gsi_next (&gsi))
      if (is_gimple_omp (gsi_stmt (gsi)))
        return gsi_stmt (gsi);
  return NULL;
}

bool
mint_find_nest (struct extract_ctx *cx)
{
  struct mint_nest *n = cx->nest;
  const struct mint_directive *dir = n->dir;
  gimple *stop;
  class loop *l0 = loop_after_marker (n->marker, &stop);
  if (!l0)
    {
      if (class loop *endless = loop_after (n->marker, true))
        report_endless (endless, dir->loc);
      else if (cfun->calls_setjmp)
        error_at (dir->loc, "mint: a function that calls %<setjmp%> cannot "
                  "offload its loop nests (where %<setjmp%> may return "
                  "twice, GCC forms no loops); move the nest into a "
                  "function of its own");
      else if (stop && is_gimple_call (stop))
        error_at (mint_stmt_location (stop, dir->loc), "mint: the "
                  "initialization of the loop after %<#pragma mint for%> "
                  "calls a function; call it before the directive and "
                  "start the loop at a variable");
      else if (stop && gimple_code (stop) == GIMPLE_COND
               && !loop_after (n->marker, false))
        error_at (mint_stmt_location (stop, dir->loc), "mint: the %<for%> "
                  "statement after %<#pragma mint for%> is no loop: its body "
                  "never goes round again (it leaves by a %<break%>, "
                  "%<return%> or %<goto%>, or a call that does not return, "
                  "on every path)");
      else if (stop && gimple_code (stop) == GIMPLE_COND)
        error_at (mint_stmt_location (stop, dir->loc), "mint: the "
                  "initialization of the loop after %<#pragma mint for%> "
                  "branches (a %<?:%>, %<&&%> or %<||%> with side effects); "
                  "compute it before the directive and start the loop at a "
                  "variable");
      else
        error_at (dir->loc, "mint: %<#pragma mint for%> must be followed by "
                  "a %<for%> loop");
      return false;
    }
  gimple *between;
  bool other_loop;
  int perfect = perfect_for_depth (dir, l0, &between, &other_loop);
  if (n->trial_depth > 0)
    n->depth = n->trial_depth;
  else
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
      else if (tree v = between ? second_loop_variable (l0, between)
                                : NULL_TREE)
        {
          error_at (dir->loc, "mint: %<nest(%d)%> needs %d perfectly nested "
                    "loops, but an assignment to %qD, a variable that a loop "
                    "counts beside its own in its increment, stands between "
                    "loop %d and loop %d", dir->nest, dir->nest, v, perfect,
                    perfect + 1);
          inform (gimple_location (between), "compute %qD from the loop "
                  "variable in the loop body: its first value plus its step "
                  "times the steps the loop variable made", v);
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

  if (gimple *omp = omp_construct_in (cx))
    {
      error_at (gimple_location (omp), "mint: an OpenMP construct inside "
                "the loop nest of a %<#pragma mint for%> cannot be "
                "offloaded: the kernel runs the points of the nest in "
                "parallel already, so leave it out (OpenMP in host code is "
                "fine)");
      inform (dir->loc, "the loop nest of this %<#pragma mint for%>");
      return false;
    }

  auto_vec<edge> exits;
  real_exits (l0, &exits);
  if (exits.is_empty ())
    {
      report_endless (l0, dir->loc);
      return false;
    }
  if (exits.length () != 1)
    {
      report_jump_out (n, l0, exits, dir->loc);
      return false;
    }
  return true;
}
