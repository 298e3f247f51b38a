/* clause-expr.cc -- C expressions in the arguments of directives and
   clauses (clause-expr.h): identifiers, numbers, the binary operators
   from || to * / %, ?:, unary - + * ! ~, casts to integer types, sizeof
   of an expression or an arithmetic or typedef type (with `*'s),
   parentheses, calls, and postfix [i], ->f, .f; built through the C front
   end's own build functions, so they get C's conversions and
   diagnostics.  No increment or assignment: the marker's operands are
   evaluated where the directive stands, and a side effect there would be
   hidden in a pragma.  */

#include "gcc-compat.h"
#include "directive.h"
#include "pragma-tokens.h"
#include "clause-expr.h"

static tree parse_expr (struct token_reader *r);

/* E as an rvalue: arrays decay, lvalues are read.  */

static tree
rvalue (location_t loc, tree e)
{
  if (e == error_mark_node)
    return e;
  if (TREE_CODE (TREE_TYPE (e)) == ARRAY_TYPE)
    return build_unary_op (loc, ADDR_EXPR,
                           build_array_ref (loc, e, integer_zero_node), false);
  return default_conversion (e);
}

/* E, the value of the operator at LOC, or error_mark_node where it is a
   constant whose computation overflowed: C's undefined behaviour, in an
   expression the program without mint never evaluates.  */

static tree
check_overflow (location_t loc, tree e)
{
  if (e == error_mark_node || !TREE_OVERFLOW_P (e))
    return e;
  error_at (loc, "mint: the expression overflows: its value does not fit "
            "in %qT", TREE_TYPE (e));
  return error_mark_node;
}

/* Whether CODE, an operator at LOC, divides by the constant zero
   DIVISOR, which it reports: the program would trap where the directive
   stands, and without mint it does not evaluate the expression.  */

static bool
divides_by_zero_p (location_t loc, enum tree_code code, tree divisor)
{
  if (code != TRUNC_DIV_EXPR && code != TRUNC_MOD_EXPR)
    return false;
  tree value = c_fully_fold (divisor, false, NULL);
  if (!INTEGRAL_TYPE_P (TREE_TYPE (value)) || !integer_zerop (value))
    return false;
  error_at (loc, "mint: the expression divides by zero");
  return true;
}

static tree
parse_identifier (const token *t)
{
  tree decl = lookup_name (t->value);
  if (!decl)
    {
      error_at (t->loc, "mint: %qE undeclared", t->value);
      return error_mark_node;
    }
  if (!VAR_P (decl) && TREE_CODE (decl) != PARM_DECL
      && TREE_CODE (decl) != CONST_DECL)
    {
      error_at (t->loc, "mint: %qE is not a variable", t->value);
      return error_mark_node;
    }
  tree type;
  return build_external_ref (t->loc, t->value, false, &type);
}

/* Whether T changes a variable: ++, -- or an assignment.  */

static bool
side_effect_p (const token *t)
{
  return t->type == CPP_PLUS_PLUS || t->type == CPP_MINUS_MINUS
         || t->type == CPP_EQ
         || (t->type >= CPP_PLUS_EQ && t->type <= CPP_LSHIFT_EQ);
}

/* Reports T, of side_effect_p.  */

static tree
report_side_effect (const token *t)
{
  error_at (t->loc, "mint: %qs changes a variable, which an expression of "
            "a directive cannot do; compute the value into a variable "
            "before the directive", cpp_type2name (t->type, 0));
  return error_mark_node;
}

/* Warns where CALL, of the function NAME, may have a side effect: the
   program without mint never makes it, as it never evaluates the
   directive's expressions (unlike '++', which is an error, a call's side
   effect may be harmless, as setting errno).  */

static void
warn_unless_pure (const token *name, tree call)
{
  if (TREE_CODE (call) != CALL_EXPR
      || (call_expr_flags (call) & (ECF_CONST | ECF_PURE)))
    return;
  warning_at (name->loc, 0, "mint: the call to %qE may have a side effect, "
              "which the program without mint never has: only mint "
              "evaluates the expressions of a directive; compute the value "
              "into a variable before the directive, or declare %qE with "
              "%<__attribute__ ((pure))%> if it has none", name->value,
              name->value);
}

/* NAME '(' ARGUMENTS ')', R past the name: a call, made where the
   directive stands.  */

static tree
parse_call (struct token_reader *r, const token *name)
{
  if (!lookup_name (name->value))
    {
      error_at (name->loc, "mint: %qE undeclared", name->value);
      return error_mark_node;
    }
  tree type;
  tree fn = build_external_ref (name->loc, name->value, true, &type);
  mint_consume (r);
  vec<tree, va_gc> *args = NULL;
  auto_vec<location_t> arg_locs;
  if (!mint_accept (r, CPP_CLOSE_PAREN))
    {
      do
        {
          location_t loc = mint_peek (r)->loc;
          tree arg = parse_expr (r);
          if (arg == error_mark_node)
            return arg;
          vec_safe_push (args, rvalue (loc, arg));
          arg_locs.safe_push (loc);
        }
      while (mint_accept (r, CPP_COMMA));
      if (!mint_expect (r, CPP_CLOSE_PAREN, ")"))
        return error_mark_node;
    }
  tree call = c_build_function_call_vec (name->loc, arg_locs, fn, args,
                                         NULL);
  warn_unless_pure (name, call);
  return call;
}

static tree
parse_primary (struct token_reader *r)
{
  const token *t = mint_consume (r);
  switch (t->type)
    {
    case CPP_NUMBER:
    case CPP_CHAR: case CPP_WCHAR: case CPP_CHAR16: case CPP_CHAR32:
    case CPP_UTF8CHAR:
      return t->value;      /* a character constant is an integer */
    case CPP_NAME:
      if (mint_peek (r)->type == CPP_OPEN_PAREN)
        return parse_call (r, t);
      return parse_identifier (t);
    case CPP_OPEN_PAREN:
      {
        tree e = parse_expr (r);
        if (e == error_mark_node || !mint_expect (r, CPP_CLOSE_PAREN, ")"))
          return error_mark_node;
        return e;
      }
    default:
      error_at (t->loc, "mint: expected an expression");
      return error_mark_node;
    }
}

tree
mint_parse_postfix (struct token_reader *r)
{
  tree e = parse_primary (r);
  while (e != error_mark_node)
    {
      const token *t = mint_peek (r);
      if (t->type == CPP_OPEN_SQUARE)
        {
          mint_consume (r);
          tree index = parse_expr (r);
          if (index == error_mark_node
              || !mint_expect (r, CPP_CLOSE_SQUARE, "]"))
            return error_mark_node;
          e = build_array_ref (t->loc, e, rvalue (t->loc, index));
        }
      else if (t->type == CPP_DEREF || t->type == CPP_DOT)
        {
          mint_consume (r);
          const token *field = mint_peek (r);
          if (field->type != CPP_NAME)
            {
              error_at (field->loc, "mint: expected a field name after %qs",
                        t->type == CPP_DEREF ? "->" : ".");
              return error_mark_node;
            }
          mint_consume (r);
          if (t->type == CPP_DEREF)
            e = build_indirect_ref (t->loc, rvalue (t->loc, e), RO_ARROW);
          e = mint_build_component_ref (t->loc, e, field->value, field->loc);
        }
      else if (side_effect_p (t))
        return report_side_effect (t);
      else
        break;
    }
  return e;
}

bool
mint_type_name_start_p (const token *t)
{
  if (t->type != CPP_NAME)
    return false;
  if (C_IS_RESERVED_WORD (t->value))
    switch (C_RID_CODE (t->value))
      {
      case RID_UNSIGNED: case RID_SIGNED: case RID_INT: case RID_LONG:
      case RID_SHORT: case RID_CHAR: case RID_BOOL: case RID_CONST:
      case RID_VOLATILE: case RID_FLOAT: case RID_DOUBLE: case RID_VOID:
      case RID_STRUCT: case RID_UNION: case RID_ENUM:
        return true;
      default:
        return false;
      }
  tree decl = lookup_name (t->value);
  return decl && TREE_CODE (decl) == TYPE_DECL;
}

/* The type named by the specifiers at R, which starts a type name (one
   typedef name, or keywords: unsigned long long, short, char, _Bool,
   double...), or NULL; an integer type only where INTEGER_ONLY.  */

static tree
parse_type_specifiers (struct token_reader *r, bool integer_only)
{
  int longs = 0;
  bool is_unsigned = false, is_signed = false, is_short = false;
  bool is_char = false, is_bool = false, is_float = false, is_double = false;
  tree named = NULL_TREE;
  while (mint_type_name_start_p (mint_peek (r)))
    {
      tree id = mint_consume (r)->value;
      if (!C_IS_RESERVED_WORD (id))
        {
          if (named)
            return NULL_TREE;
          named = TREE_TYPE (lookup_name (id));
          continue;
        }
      switch (C_RID_CODE (id))
        {
        case RID_UNSIGNED: is_unsigned = true; break;
        case RID_SIGNED: is_signed = true; break;
        case RID_LONG: longs++; break;
        case RID_SHORT: is_short = true; break;
        case RID_CHAR: is_char = true; break;
        case RID_BOOL: is_bool = true; break;
        case RID_FLOAT: is_float = true; break;
        case RID_DOUBLE: is_double = true; break;
        case RID_INT: case RID_CONST: case RID_VOLATILE: break;
        default: return NULL_TREE;
        }
    }
  bool keywords = is_unsigned || is_signed || longs || is_short || is_char
                  || is_bool || is_float || is_double;
  if (named)
    return keywords || (integer_only && !INTEGRAL_TYPE_P (named))
           ? NULL_TREE : named;
  if (is_float || is_double)
    {
      bool plain = !(is_unsigned || is_signed || is_short || is_char
                     || is_bool || (is_float && is_double));
      if (integer_only || !plain || longs > (is_double ? 1 : 0))
        return NULL_TREE;
      return is_float ? float_type_node
             : longs ? long_double_type_node : double_type_node;
    }
  if (longs > 2 || (is_unsigned && is_signed))
    return NULL_TREE;
  if (is_bool)
    return boolean_type_node;
  if (is_char)
    return is_unsigned ? unsigned_char_type_node
           : is_signed ? signed_char_type_node : char_type_node;
  if (is_short)
    return is_unsigned ? short_unsigned_type_node : short_integer_type_node;
  if (longs == 2)
    return is_unsigned ? long_long_unsigned_type_node
           : long_long_integer_type_node;
  if (longs == 1)
    return is_unsigned ? long_unsigned_type_node : long_integer_type_node;
  return is_unsigned ? unsigned_type_node : integer_type_node;
}

/* '(' TYPE-NAME ')' UNARY, R at the '('.  */

static tree parse_unary (struct token_reader *r);

static tree
parse_cast (struct token_reader *r)
{
  const token *open = mint_consume (r);
  tree type = parse_type_specifiers (r, true);
  if (!type)
    {
      error_at (open->loc, "mint: a cast in a clause must be to an integer "
                "type");
      return error_mark_node;
    }
  if (!mint_expect (r, CPP_CLOSE_PAREN, ")"))
    return error_mark_node;
  tree e = parse_unary (r);
  if (e == error_mark_node)
    return e;
  return build_c_cast (open->loc, type, rvalue (open->loc, e));
}

/* sizeof '(' TYPE-NAME ')' or sizeof UNARY, R at sizeof: the size of the
   type, of an expression's type without computing the expression.  */

static tree
parse_sizeof (struct token_reader *r)
{
  const token *op = mint_consume (r);
  tree type;
  if (mint_peek (r)->type == CPP_OPEN_PAREN
      && mint_type_name_start_p (&r->tokens[r->pos + 1]))
    {
      const token *open = mint_consume (r);
      type = parse_type_specifiers (r, false);
      while (type && mint_peek (r)->type == CPP_MULT)
        {
          mint_consume (r);
          type = build_pointer_type (type);
        }
      if (!type || mint_peek (r)->type != CPP_CLOSE_PAREN)
        {
          error_at (open->loc, "mint: %<sizeof%> in a clause takes an "
                    "expression, or an arithmetic or typedef type name "
                    "with %<*%>s (not an array type)");
          return error_mark_node;
        }
      mint_consume (r);
    }
  else
    {
      tree e = parse_unary (r);
      if (e == error_mark_node)
        return e;
      type = TREE_TYPE (e);
    }
  return c_sizeof (op->loc, type);
}

/* Whether T is the keyword sizeof.  */

static bool
sizeof_p (const token *t)
{
  return t->type == CPP_NAME && C_IS_RESERVED_WORD (t->value)
         && C_RID_CODE (t->value) == RID_SIZEOF;
}

static tree
parse_unary (struct token_reader *r)
{
  const token *t = mint_peek (r);
  if (t->type == CPP_OPEN_PAREN
      && mint_type_name_start_p (&r->tokens[r->pos + 1]))
    return parse_cast (r);
  if (sizeof_p (t))
    return parse_sizeof (r);
  if (side_effect_p (t))
    return report_side_effect (t);
  enum tree_code code;
  switch (t->type)
    {
    case CPP_MINUS: code = NEGATE_EXPR; break;
    case CPP_PLUS: code = CONVERT_EXPR; break;
    case CPP_NOT: code = TRUTH_NOT_EXPR; break;
    case CPP_COMPL: code = BIT_NOT_EXPR; break;
    case CPP_MULT: code = INDIRECT_REF; break;
    default: return mint_parse_postfix (r);
    }
  mint_consume (r);
  tree e = parse_unary (r);
  if (e == error_mark_node)
    return e;
  if (code == INDIRECT_REF)
    return build_indirect_ref (t->loc, rvalue (t->loc, e), RO_UNARY_STAR);
  return check_overflow (t->loc,
                         build_unary_op (t->loc, code, rvalue (t->loc, e),
                                         false));
}

/* The binary operators, by precedence from || (1) to * / %
   (MULTIPLICATIVE).  */

#define MULTIPLICATIVE 10

static const struct
{
  enum cpp_ttype token;
  enum tree_code code;
  int precedence;
} binary_operators[] = {
  { CPP_OR_OR, TRUTH_ORIF_EXPR, 1 }, { CPP_AND_AND, TRUTH_ANDIF_EXPR, 2 },
  { CPP_OR, BIT_IOR_EXPR, 3 }, { CPP_XOR, BIT_XOR_EXPR, 4 },
  { CPP_AND, BIT_AND_EXPR, 5 }, { CPP_EQ_EQ, EQ_EXPR, 6 },
  { CPP_NOT_EQ, NE_EXPR, 6 }, { CPP_LESS, LT_EXPR, 7 },
  { CPP_GREATER, GT_EXPR, 7 }, { CPP_LESS_EQ, LE_EXPR, 7 },
  { CPP_GREATER_EQ, GE_EXPR, 7 }, { CPP_LSHIFT, LSHIFT_EXPR, 8 },
  { CPP_RSHIFT, RSHIFT_EXPR, 8 }, { CPP_PLUS, PLUS_EXPR, 9 },
  { CPP_MINUS, MINUS_EXPR, 9 }, { CPP_MULT, MULT_EXPR, MULTIPLICATIVE },
  { CPP_DIV, TRUNC_DIV_EXPR, MULTIPLICATIVE },
  { CPP_MOD, TRUNC_MOD_EXPR, MULTIPLICATIVE }
};

/* The binary operator of token TYPE at PRECEDENCE, or ERROR_MARK.  */

static enum tree_code
binary_operator (enum cpp_ttype type, int precedence)
{
  for (unsigned i = 0; i < ARRAY_SIZE (binary_operators); i++)
    if (binary_operators[i].token == type
        && binary_operators[i].precedence == precedence)
      return binary_operators[i].code;
  return ERROR_MARK;
}

/* A unary expression, a factor where the operator BEFORE it or the one
   after it multiplies: R notes its value where it is a sizeof.  */

static tree
parse_factor (struct token_reader *r, enum cpp_ttype before)
{
  bool size = sizeof_p (mint_peek (r));
  tree e = parse_unary (r);
  if (size && e != error_mark_node
      && (before == CPP_MULT || mint_peek (r)->type == CPP_MULT))
    r->sizeof_factor = e;
  return e;
}

/* Operands of operators of PRECEDENCE or higher.  */

static tree
parse_binary (struct token_reader *r, int precedence)
{
  bool factor = precedence == MULTIPLICATIVE;
  tree e = factor ? parse_factor (r, CPP_EOF)
                  : parse_binary (r, precedence + 1);
  for (;;)
    {
      const token *t = mint_peek (r);
      enum tree_code code = binary_operator (t->type, precedence);
      if (e == error_mark_node || code == ERROR_MARK)
        return e;
      mint_consume (r);
      r->divides |= code == TRUNC_DIV_EXPR;
      tree rhs = factor ? parse_factor (r, t->type)
                        : parse_binary (r, precedence + 1);
      if (rhs == error_mark_node
          || divides_by_zero_p (t->loc, code, rvalue (t->loc, rhs)))
        return error_mark_node;
      e = check_overflow (t->loc,
                          build_binary_op (t->loc, code, rvalue (t->loc, e),
                                           rvalue (t->loc, rhs), true));
    }
}

/* A conditional expression.  */

static tree
parse_expr (struct token_reader *r)
{
  tree e = parse_binary (r, 1);
  const token *query = mint_peek (r);
  if (e == error_mark_node || query->type != CPP_QUERY)
    return e;
  mint_consume (r);
  location_t then_loc = mint_peek (r)->loc;
  tree then_e = parse_expr (r);
  if (then_e == error_mark_node || !mint_expect (r, CPP_COLON, ":"))
    return error_mark_node;
  location_t else_loc = mint_peek (r)->loc;
  tree else_e = parse_expr (r);
  if (else_e == error_mark_node)
    return else_e;
  tree cond = c_objc_common_truthvalue_conversion (query->loc,
                                                   rvalue (query->loc, e));
  return build_conditional_expr (query->loc, cond, false,
                                 rvalue (then_loc, then_e), NULL_TREE,
                                 then_loc, rvalue (else_loc, else_e),
                                 NULL_TREE, else_loc);
}

/* An expression, as a folded rvalue, or error_mark_node.  */

tree
mint_parse_folded_expr (struct token_reader *r, location_t *start)
{
  *start = mint_peek (r)->loc;
  tree e = parse_expr (r);
  if (e == error_mark_node)
    return e;
  return c_fully_fold (rvalue (*start, e), false, NULL);
}
