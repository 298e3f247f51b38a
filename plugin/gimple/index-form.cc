/* index-form.cc -- array subscripts as a multiple of a variable plus
   a constant, and their values (index-form.h).  */

#include "gcc-compat.h"
#include "kir.h"
#include "directive.h"
#include "nest.h"
#include "reference.h"
#include "nest-recognition.h"
#include "index-form.h"

/* The assignment in block BB that computes T, an integer SSA name, or
   NULL; where it only copies a value or widens it, that value into
   *VALUE instead (else NULL_TREE), and NULL.  */
static gassign *
subscript_def (tree t, basic_block bb, tree *value)
{
  *value = NULL_TREE;
  if (TREE_CODE (t) != SSA_NAME || !INTEGRAL_TYPE_P (TREE_TYPE (t)))
    return NULL;
  gassign *def = safe_dyn_cast<gassign *> (SSA_NAME_DEF_STMT (t));
  if (!def || gimple_bb (def) != bb)
    return NULL;
  tree a = gimple_assign_rhs1 (def);
  if (CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (def)))
    {
      if (INTEGRAL_TYPE_P (TREE_TYPE (a))
          && TYPE_PRECISION (TREE_TYPE (t)) >= TYPE_PRECISION (TREE_TYPE (a)))
        *value = a;
      return NULL;
    }
  if (gimple_assign_single_p (def))
    {
      *value = a;
      return NULL;
    }
  return def;
}

bool
mint_subscript_form_of (tree t, basic_block bb, struct subscript_form *f)
{
  f->var = NULL_TREE;
  f->coeff = 0;
  f->constant = 0;
  if (TREE_CODE (t) == INTEGER_CST)
    {
      if (!tree_fits_shwi_p (t))
        return false;
      f->constant = tree_to_shwi (t);
      return f->constant >= -MINT_MAX_FORM_VALUE
             && f->constant <= MINT_MAX_FORM_VALUE;
    }
  if (mint_var_or_parm_p (t))
    {
      f->var = t;
      f->coeff = 1;
      return INTEGRAL_TYPE_P (TREE_TYPE (t));
    }
  tree value;
  gassign *def = subscript_def (t, bb, &value);
  if (value)
    return mint_subscript_form_of (value, bb, f);
  if (!def)
    return false;
  enum tree_code code = gimple_assign_rhs_code (def);
  tree a = gimple_assign_rhs1 (def);
  if (code != PLUS_EXPR && code != MINUS_EXPR && code != MULT_EXPR)
    return false;
  struct subscript_form x, y;
  if (!mint_subscript_form_of (a, bb, &x)
      || !mint_subscript_form_of (gimple_assign_rhs2 (def), bb, &y)
      || (x.var && y.var && (code == MULT_EXPR || x.var != y.var)))
    return false;
  if (code == MULT_EXPR)
    {
      const struct subscript_form &v = x.var ? x : y, &c = x.var ? y : x;
      f->var = v.var;
      f->coeff = v.coeff * c.constant;
      f->constant = v.constant * c.constant;
    }
  else
    {
      HOST_WIDE_INT sign = code == MINUS_EXPR ? -1 : 1;
      f->var = x.var ? x.var : y.var;
      f->coeff = x.coeff + sign * y.coeff;
      f->constant = x.constant + sign * y.constant;
    }
  if (f->coeff == 0)
    f->var = NULL_TREE;
  return f->coeff >= -MINT_MAX_FORM_VALUE && f->coeff <= MINT_MAX_FORM_VALUE
         && f->constant >= -MINT_MAX_FORM_VALUE
         && f->constant <= MINT_MAX_FORM_VALUE;
}

/* Whether V lies within the bounds of the subscripts' arithmetic.  */
static bool
form_value_p (HOST_WIDE_INT v)
{
  return v >= -MINT_MAX_FORM_VALUE && v <= MINT_MAX_FORM_VALUE;
}

bool
mint_subscript_value_at (tree t, basic_block bb, tree var,
                         HOST_WIDE_INT value, HOST_WIDE_INT *out)
{
  if (TREE_CODE (t) == INTEGER_CST)
    {
      if (!tree_fits_shwi_p (t))
        return false;
      *out = tree_to_shwi (t);
      return form_value_p (*out);
    }
  if (t == var)
    {
      *out = value;
      return form_value_p (value);
    }
  tree copied;
  gassign *def = subscript_def (t, bb, &copied);
  if (copied)
    return mint_subscript_value_at (copied, bb, var, value, out);
  if (!def)
    return false;
  enum tree_code code = gimple_assign_rhs_code (def);
  tree a = gimple_assign_rhs1 (def);
  HOST_WIDE_INT x, y;
  if (get_gimple_rhs_class (code) != GIMPLE_BINARY_RHS
      || !mint_subscript_value_at (a, bb, var, value, &x)
      || !mint_subscript_value_at (gimple_assign_rhs2 (def), bb, var, value,
                                   &y))
    return false;
  switch (code)
    {
    case PLUS_EXPR: *out = x + y; break;
    case MINUS_EXPR: *out = x - y; break;
    case MULT_EXPR: *out = x * y; break;
    case TRUNC_DIV_EXPR: if (y == 0) return false; *out = x / y; break;
    case TRUNC_MOD_EXPR: if (y == 0) return false; *out = x % y; break;
    default: return false;
    }
  return form_value_p (*out);
}

bool
mint_counting_loop_of (tree var, basic_block bb, struct mint_loop_dim *d)
{
  for (class loop *l = bb->loop_father; l && loop_outer (l);
       l = loop_outer (l))
    if (mint_constant_loop (l, d) && d->iv == var)
      return mint_constant_trip_count (d) > 0;
  return false;
}

bool
mint_index_range (tree t, basic_block bb, HOST_WIDE_INT *least,
                  HOST_WIDE_INT *most, HOST_WIDE_INT *stride)
{
  struct subscript_form f;
  if (!mint_subscript_form_of (t, bb, &f))
    return false;
  if (!f.var)
    {
      *least = *most = f.constant;
      *stride = 0;
      return true;
    }
  /* The loops' analysis needs their preheaders (the pass makes them
     where the function has a loop nest to offload).  */
  struct mint_loop_dim d;
  if (!current_loops || !loops_state_satisfies_p (LOOPS_HAVE_PREHEADERS)
      || !mint_counting_loop_of (f.var, bb, &d) || !tree_fits_shwi_p (d.init))
    return false;
  HOST_WIDE_INT first = tree_to_shwi (d.init);
  long long n = mint_constant_trip_count (&d);
  if (first < -MINT_MAX_FORM_VALUE || first > MINT_MAX_FORM_VALUE
      || n > MINT_MAX_FORM_VALUE || d.step < -MINT_MAX_FORM_VALUE
      || d.step > MINT_MAX_FORM_VALUE)
    return false;
  HOST_WIDE_INT last = first + (n - 1) * d.step;
  HOST_WIDE_INT a = f.coeff * first + f.constant;
  HOST_WIDE_INT b = f.coeff * last + f.constant;
  *least = MIN (a, b);
  *most = MAX (a, b);
  *stride = n > 1 ? absu_hwi (f.coeff * d.step) : 0;
  return true;
}
