/* pragma.cc -- #pragma mint: the directive table (directive.h), the pragma
   handler that fills it and appends marker calls, and the region ends added
   at PLUGIN_PRE_GENERICIZE.

   The handler runs while the C parser stands at the pragma inside a
   function body; it reads the pragma line with pragma_lex, parses the
   directive and its clauses (expressions through the C front end's own
   build functions, so they get C's conversions and diagnostics), and
   appends __mint_<kind> (id, ...) to the current statement list.  */

#include "gcc-compat.h"
#include "mint/mintrt.h"
#include "directive.h"
#include "kir.h"
#include "member.h"

/* ------------------------------------------------------------------ */
/* The directive table.                                               */

struct directive_entry
{
  struct mint_directive d;
  tree fndecl;                  /* the function it appears in */
  bool placed;                  /* PRE_GENERICIZE found it where it belongs */
  /* for: the statement that follows it where that is no `for' loop: its
     kind (a loop keyword, "label", or NULL for another statement) and
     location (UNKNOWN_LOCATION at the end of a block).  */
  const char *next_kind;
  location_t next_loc;
};

static vec<directive_entry> directives;

/* Every tree the table refers to, so the GC keeps it until the pass.  */
static vec<tree, va_gc> *kept_trees;

struct mint_directive *
mint_directive_get (int id)
{
  if (id < 0 || (unsigned) id >= directives.length ())
    return NULL;
  return &directives[id].d;
}

int
mint_directive_count (void)
{
  return directives.length ();
}

static void
keep_tree (tree t)
{
  if (t)
    vec_safe_push (kept_trees, t);
}

/* The arrays of the copy directives that were refused (an element type,
   a shape or extents mint cannot copy, a syntax error after the name):
   their kernels get no second error saying the array is never copied.  */
static vec<tree> refused_copies;

static void
refuse_copy (const struct mint_directive *d)
{
  if (d->kind != MINT_DIR_COPY || !d->array)
    return;
  refused_copies.safe_push (d->array);
  keep_tree (d->array);
}

bool
mint_copy_refused_p (tree object)
{
  for (tree t : refused_copies)
    if (mint_same_object (t, object))
      return true;
  return false;
}

static int
add_directive (const struct mint_directive *d)
{
  directive_entry e;
  e.d = *d;
  e.d.id = directives.length ();
  e.fndecl = current_function_decl;
  e.placed = false;
  e.next_kind = NULL;
  e.next_loc = UNKNOWN_LOCATION;
  if (d->kind == MINT_DIR_PARALLEL)
    e.d.region = e.d.id;
  keep_tree (d->array);
  keep_tree (d->elem_type);
  keep_tree (d->reduction_var);
  keep_tree (current_function_decl);
  directives.safe_push (e);
  return e.d.id;
}

static const char *
directive_name (enum mint_directive_kind kind)
{
  switch (kind)
    {
    case MINT_DIR_COPY: return "copy";
    case MINT_DIR_PARALLEL: return "parallel";
    case MINT_DIR_FOR: return "for";
    case MINT_DIR_BARRIER: return "barrier";
    case MINT_DIR_SINGLE: return "single";
    case MINT_DIR_UPDATE: return "update";
    }
  gcc_unreachable ();
}

/* ------------------------------------------------------------------ */
/* Marker functions.                                                  */

enum marker
{
  MARKER_COPY,
  MARKER_PARALLEL,
  MARKER_PARALLEL_END,
  MARKER_FOR,
  MARKER_BARRIER,
  MARKER_SINGLE,
  MARKER_SINGLE_END,
  MARKER_UPDATE,
  MARKER_COUNT,
  MARKER_NONE = MARKER_COUNT
};

static const char *const marker_names[MARKER_COUNT] = {
  MINT_MARKER_COPY, MINT_MARKER_PARALLEL, MINT_MARKER_PARALLEL_END,
  MINT_MARKER_FOR, MINT_MARKER_BARRIER, MINT_MARKER_SINGLE,
  MINT_MARKER_SINGLE_END, MINT_MARKER_UPDATE
};

/* Built on first use: the type nodes do not exist yet at plugin_init.  */
static tree marker_decls[MARKER_COUNT];

static tree
marker_decl (enum marker m)
{
  if (!marker_decls[m])
    {
      tree type;
      tree l = long_integer_type_node;
      if (m == MARKER_COPY || m == MARKER_UPDATE)
        type = build_function_type_list (void_type_node, integer_type_node,
                                         ptr_type_node, l, l, l, l, l, l, l,
                                         l, l, NULL_TREE);
      else
        type = build_function_type_list (void_type_node, integer_type_node,
                                         NULL_TREE);
      tree decl = build_fn_decl (marker_names[m], type);
      DECL_EXTERNAL (decl) = 1;
      TREE_PUBLIC (decl) = 1;
      DECL_ARTIFICIAL (decl) = 1;
      TREE_NOTHROW (decl) = 1;
      marker_decls[m] = decl;
    }
  return marker_decls[m];
}

static tree
build_marker_call (location_t loc, enum marker m, int id)
{
  return build_call_expr_loc (loc, marker_decl (m), 1,
                              build_int_cst (integer_type_node, id));
}

/* If STMT is a marker call, its kind (and *ID); else MARKER_NONE.  */

static enum marker
marker_call_kind (tree stmt, int *id)
{
  if (TREE_CODE (stmt) != CALL_EXPR)
    return MARKER_NONE;
  tree fn = get_callee_fndecl (stmt);
  for (int m = 0; m < MARKER_COUNT; m++)
    if (fn && fn == marker_decls[m])
      {
        *id = tree_to_shwi (CALL_EXPR_ARG (stmt, 0));
        return (enum marker) m;
      }
  return MARKER_NONE;
}

/* ------------------------------------------------------------------ */
/* The parallel region the parser is in.

   The handler cannot see the block that follows a parallel directive.  It
   can tell whether the parser is still inside it: the block pushed a
   statement list above the one that received the begin marker, and that
   list still ends with the marker (the block's BIND_EXPR is appended when
   the block closes).  */

static struct
{
  tree fndecl;
  tree parent_list;             /* the list the begin marker went to */
  tree marker;
  unsigned depth;               /* parent_list's index in stmt_list_stack */
  int id;
  location_t loc;
} open_parallel;

static bool
parallel_open_p (void)
{
  if (!open_parallel.marker || open_parallel.fndecl != current_function_decl)
    return false;
  vec<tree, va_gc> *stack = stmt_list_stack;
  unsigned depth = open_parallel.depth;
  if (stack->length () <= depth + 1
      || (*stack)[depth] != open_parallel.parent_list)
    return false;
  tree_stmt_iterator last = tsi_last (open_parallel.parent_list);
  return !tsi_end_p (last) && tsi_stmt (last) == open_parallel.marker;
}

static void
remember_parallel (const struct mint_directive *d, tree marker)
{
  open_parallel.fndecl = current_function_decl;
  open_parallel.parent_list = cur_stmt_list;
  open_parallel.marker = marker;
  open_parallel.depth = stmt_list_stack->length () - 1;
  open_parallel.id = d->id;
  open_parallel.loc = d->loc;
}

/* The enclosing parallel region's id, or -1.  */

static int
enclosing_parallel (void)
{
  return parallel_open_p () ? open_parallel.id : -1;
}

/* ------------------------------------------------------------------ */
/* The tokens of one pragma line.                                     */

struct token
{
  enum cpp_ttype type;
  tree value;
  location_t loc;
};

struct token_reader
{
  auto_vec<token> tokens;       /* ends with CPP_EOF */
  unsigned pos;
};

static void
read_pragma_line (struct token_reader *r)
{
  token t;
  do
    {
      t.value = NULL_TREE;
      t.loc = UNKNOWN_LOCATION;
      t.type = mint_pragma_lex (&t.value, &t.loc);
      r->tokens.safe_push (t);
    }
  while (t.type != CPP_EOF);
  r->pos = 0;
}

static const token *
peek (const struct token_reader *r)
{
  return &r->tokens[r->pos];
}

/* The current token, moving past it (never past the CPP_EOF).  */

static const token *
consume (struct token_reader *r)
{
  const token *t = peek (r);
  if (t->type != CPP_EOF)
    r->pos++;
  return t;
}

static bool
accept (struct token_reader *r, enum cpp_ttype type)
{
  if (peek (r)->type != type)
    return false;
  consume (r);
  return true;
}

/* Consumes a token of TYPE, else reports that SPELLING was expected.  */

static bool
expect (struct token_reader *r, enum cpp_ttype type, const char *spelling)
{
  if (accept (r, type))
    return true;
  const token *t = peek (r);
  if (t->type == CPP_EOF)
    error_at (t->loc, "mint: expected %qs at end of line", spelling);
  else
    error_at (t->loc, "mint: expected %qs", spelling);
  return false;
}

static bool
name_is (const token *t, const char *name)
{
  return t->type == CPP_NAME && strcmp (IDENTIFIER_POINTER (t->value), name) == 0;
}

/* ------------------------------------------------------------------ */
/* C expressions in clauses: identifiers, numbers, + - * / %, unary
   minus, casts to integer types, parentheses, and postfix [i], ->f,
   .f.  */

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

static tree
parse_primary (struct token_reader *r)
{
  const token *t = consume (r);
  switch (t->type)
    {
    case CPP_NUMBER:
      return t->value;
    case CPP_NAME:
      return parse_identifier (t);
    case CPP_OPEN_PAREN:
      {
        tree e = parse_expr (r);
        if (e == error_mark_node || !expect (r, CPP_CLOSE_PAREN, ")"))
          return error_mark_node;
        return e;
      }
    default:
      error_at (t->loc, "mint: expected an expression");
      return error_mark_node;
    }
}

static tree
parse_postfix (struct token_reader *r)
{
  tree e = parse_primary (r);
  while (e != error_mark_node)
    {
      const token *t = peek (r);
      if (t->type == CPP_OPEN_SQUARE)
        {
          consume (r);
          tree index = parse_expr (r);
          if (index == error_mark_node || !expect (r, CPP_CLOSE_SQUARE, "]"))
            return error_mark_node;
          e = build_array_ref (t->loc, e, rvalue (t->loc, index));
        }
      else if (t->type == CPP_DEREF || t->type == CPP_DOT)
        {
          consume (r);
          const token *field = peek (r);
          if (field->type != CPP_NAME)
            {
              error_at (field->loc, "mint: expected a field name after %qs",
                        t->type == CPP_DEREF ? "->" : ".");
              return error_mark_node;
            }
          consume (r);
          if (t->type == CPP_DEREF)
            e = build_indirect_ref (t->loc, rvalue (t->loc, e), RO_ARROW);
          e = mint_build_component_ref (t->loc, e, field->value, field->loc);
        }
      else
        break;
    }
  return e;
}

/* Whether T starts a type name: a type keyword or a typedef name.  */

static bool
type_name_start_p (const token *t)
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

/* The integer type named by the specifiers at R, which starts a type name
   (one typedef name, or keywords: unsigned long long, short, char,
   _Bool...), or NULL.  */

static tree
parse_integer_type_name (struct token_reader *r)
{
  int longs = 0;
  bool is_unsigned = false, is_signed = false, is_short = false;
  bool is_char = false, is_bool = false;
  tree named = NULL_TREE;
  while (type_name_start_p (peek (r)))
    {
      tree id = consume (r)->value;
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
        case RID_INT: case RID_CONST: case RID_VOLATILE: break;
        default: return NULL_TREE;
        }
    }
  bool keywords = is_unsigned || is_signed || longs || is_short || is_char
                  || is_bool;
  if (named)
    return keywords || !INTEGRAL_TYPE_P (named) ? NULL_TREE : named;
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
  const token *open = consume (r);
  tree type = parse_integer_type_name (r);
  if (!type)
    {
      error_at (open->loc, "mint: a cast in a clause must be to an integer "
                "type");
      return error_mark_node;
    }
  if (!expect (r, CPP_CLOSE_PAREN, ")"))
    return error_mark_node;
  tree e = parse_unary (r);
  if (e == error_mark_node)
    return e;
  return build_c_cast (open->loc, type, rvalue (open->loc, e));
}

static tree
parse_unary (struct token_reader *r)
{
  const token *t = peek (r);
  if (t->type == CPP_OPEN_PAREN && type_name_start_p (&r->tokens[r->pos + 1]))
    return parse_cast (r);
  if (t->type != CPP_MINUS && t->type != CPP_PLUS)
    return parse_postfix (r);
  consume (r);
  tree e = parse_unary (r);
  if (e == error_mark_node)
    return e;
  return build_unary_op (t->loc, t->type == CPP_MINUS ? NEGATE_EXPR : CONVERT_EXPR,
                         rvalue (t->loc, e), false);
}

/* A binary operator of the multiplicative (MULTIPLICATIVE) or additive
   level, or ERROR_MARK.  */

static enum tree_code
binary_operator (enum cpp_ttype type, bool multiplicative)
{
  if (multiplicative)
    switch (type)
      {
      case CPP_MULT: return MULT_EXPR;
      case CPP_DIV: return TRUNC_DIV_EXPR;
      case CPP_MOD: return TRUNC_MOD_EXPR;
      default: return ERROR_MARK;
      }
  switch (type)
    {
    case CPP_PLUS: return PLUS_EXPR;
    case CPP_MINUS: return MINUS_EXPR;
    default: return ERROR_MARK;
    }
}

static tree
parse_binary (struct token_reader *r, bool multiplicative)
{
  tree e = multiplicative ? parse_unary (r) : parse_binary (r, true);
  for (;;)
    {
      const token *t = peek (r);
      enum tree_code code = binary_operator (t->type, multiplicative);
      if (e == error_mark_node || code == ERROR_MARK)
        return e;
      consume (r);
      tree rhs = multiplicative ? parse_unary (r) : parse_binary (r, true);
      if (rhs == error_mark_node)
        return rhs;
      e = build_binary_op (t->loc, code, rvalue (t->loc, e),
                           rvalue (t->loc, rhs), true);
    }
}

static tree
parse_expr (struct token_reader *r)
{
  return parse_binary (r, false);
}

/* An expression, as a folded rvalue, or error_mark_node.  */

static tree
parse_folded_expr (struct token_reader *r, location_t *start)
{
  *start = peek (r)->loc;
  tree e = parse_expr (r);
  if (e == error_mark_node)
    return e;
  return c_fully_fold (rvalue (*start, e), false, NULL);
}

/* ------------------------------------------------------------------ */
/* Clause arguments.                                                  */

/* Bounds tile, chunksize and nest arguments (so their products fit).  */
#define MAX_CLAUSE_VALUE 65536

/* A positive integer constant expression, argument of CLAUSE.  */

static bool
parse_positive_constant (struct token_reader *r, const char *clause, int *value)
{
  location_t loc;
  tree e = parse_folded_expr (r, &loc);
  if (e == error_mark_node)
    return false;
  if (TREE_CODE (e) != INTEGER_CST || !INTEGRAL_TYPE_P (TREE_TYPE (e)))
    {
      error_at (loc, "mint: %qs argument must be an integer constant", clause);
      return false;
    }
  if (tree_int_cst_sgn (e) <= 0)
    {
      error_at (loc, "mint: %qs argument must be positive", clause);
      return false;
    }
  if (compare_tree_int (e, MAX_CLAUSE_VALUE) > 0)
    {
      error_at (loc, "mint: %qs argument is too large (at most %d)", clause,
                MAX_CLAUSE_VALUE);
      return false;
    }
  *value = tree_to_shwi (e);
  return true;
}

/* '(' X [, Y [, Z]] ')' or '(' auto ')' of tile or chunksize.  */

static bool
parse_sizes (struct token_reader *r, const char *clause, int size[3],
             bool *is_auto)
{
  if (!expect (r, CPP_OPEN_PAREN, "("))
    return false;
  int n = 0;
  do
    {
      if (name_is (peek (r), "auto"))
        {
          location_t loc = peek (r)->loc;
          consume (r);
          if (n > 0 || peek (r)->type != CPP_CLOSE_PAREN)
            {
              error_at (loc, "mint: %<auto%> stands alone: %<%s(auto)%> "
                        "lets mint choose every size", clause);
              return false;
            }
          *is_auto = true;
          break;
        }
      if (n == 3)
        {
          error_at (peek (r)->loc,
                    "mint: %qs takes at most 3 sizes (x, y, z)", clause);
          return false;
        }
      if (!parse_positive_constant (r, clause, &size[n++]))
        return false;
    }
  while (accept (r, CPP_COMMA));
  return expect (r, CPP_CLOSE_PAREN, ")");
}

/* '(' N | all ')'.  */

static bool
parse_nest (struct token_reader *r, int *nest)
{
  if (!expect (r, CPP_OPEN_PAREN, "("))
    return false;
  if (name_is (peek (r), "all"))
    {
      consume (r);
      *nest = MINT_NEST_ALL;
    }
  else
    {
      const token *t = peek (r);
      location_t loc = t->loc;
      bool unknown_name = t->type == CPP_NAME && !lookup_name (t->value);
      if (!unknown_name && !parse_positive_constant (r, "nest", nest))
        return false;
      if (unknown_name || *nest > 3)
        {
          error_at (loc, "mint: %<nest%> argument must be 1, 2, 3 or %<all%>");
          return false;
        }
    }
  return expect (r, CPP_CLOSE_PAREN, ")");
}

/* '(' OP ':' VAR ')'.  */

static bool
parse_reduction (struct token_reader *r, struct mint_directive *d)
{
  if (!expect (r, CPP_OPEN_PAREN, "("))
    return false;
  const token *op = consume (r);
  if (op->type == CPP_PLUS)
    d->reduction_op = MINT_RED_ADD;
  else if (op->type == CPP_MULT)
    d->reduction_op = MINT_RED_MUL;
  else if (name_is (op, "min"))
    d->reduction_op = MINT_RED_MIN;
  else if (name_is (op, "max"))
    d->reduction_op = MINT_RED_MAX;
  else
    {
      error_at (op->loc, "mint: unknown reduction operator; expected %<+%>, "
                "%<*%>, %<min%> or %<max%>");
      return false;
    }
  if (!expect (r, CPP_COLON, ":"))
    return false;

  const token *var = consume (r);
  if (var->type != CPP_NAME)
    {
      error_at (var->loc, "mint: expected the name of the reduction variable");
      return false;
    }
  if (peek (r)->type == CPP_DEREF || peek (r)->type == CPP_DOT
      || peek (r)->type == CPP_OPEN_SQUARE)
    {
      error_at (var->loc, "mint: the reduction variable must be a variable, "
                "not a structure member or an array element; reduce into a "
                "variable and store it after the loop nest");
      return false;
    }
  tree decl = lookup_name (var->value);
  if (!decl)
    {
      error_at (var->loc, "mint: %qE undeclared", var->value);
      return false;
    }
  if ((!VAR_P (decl) && TREE_CODE (decl) != PARM_DECL)
      || !mint_device_type_p (TREE_TYPE (decl)))
    {
      error_at (var->loc, "mint: reduction variable %qE must be a scalar "
                "variable of an integer type of 8 to 64 bits, %<_Bool%>, "
                "%<float%> or %<double%>", var->value);
      return false;
    }
  tree type;
  mark_exp_read (build_external_ref (var->loc, var->value, false, &type));
  d->reduction_var = decl;
  return expect (r, CPP_CLOSE_PAREN, ")");
}

/* ------------------------------------------------------------------ */
/* Directives.                                                        */

/* Reports anything left on the line after directive KIND.  */

static bool
expect_end (struct token_reader *r, enum mint_directive_kind kind)
{
  const token *t = peek (r);
  if (t->type == CPP_EOF)
    return true;
  error_at (t->loc, "mint: junk at end of %<#pragma mint %s%>",
            directive_name (kind));
  return false;
}

/* The array ARRAY (a variable or a structure member) named in a copy:
   style, rank, element type.  */

static bool
classify_array (location_t loc, tree array, struct mint_directive *d,
                int *rank)
{
  tree type = TREE_TYPE (array);
  tree elem;
  *rank = 0;
  if (TREE_CODE (type) == ARRAY_TYPE)
    {
      d->style = MINT_ARRAY_FIXED;
      for (elem = type; TREE_CODE (elem) == ARRAY_TYPE; elem = TREE_TYPE (elem))
        ++*rank;
    }
  else if (TREE_CODE (type) == POINTER_TYPE
           && TREE_CODE (TREE_TYPE (type)) == ARRAY_TYPE)
    {
      d->style = MINT_ARRAY_VLA_POINTER;
      *rank = 1;
      for (elem = TREE_TYPE (type); TREE_CODE (elem) == ARRAY_TYPE;
           elem = TREE_TYPE (elem))
        ++*rank;
    }
  else if (TREE_CODE (type) == POINTER_TYPE
           && TREE_CODE (TREE_TYPE (type)) == POINTER_TYPE)
    {
      d->style = MINT_ARRAY_POINTER_CHAIN;
      for (elem = type; TREE_CODE (elem) == POINTER_TYPE; elem = TREE_TYPE (elem))
        ++*rank;
    }
  else if (TREE_CODE (type) == POINTER_TYPE)
    {
      d->style = MINT_ARRAY_FLAT;
      *rank = 1;
      elem = TREE_TYPE (type);
    }
  else
    {
      error_at (loc, "mint: %qE is not an array or a pointer", array);
      if (DECL_P (array))
        inform (DECL_SOURCE_LOCATION (array), "%qD declared here", array);
      return false;
    }

  /* A 4-D array is a stack of 3-D ones, which a kernel indexes one at a
     time (the double buffer A[t % 2][z][y][x]).  */
  int most = d->style == MINT_ARRAY_FIXED || d->style == MINT_ARRAY_VLA_POINTER
             ? 4 : 3;
  if (*rank > most)
    {
      error_at (loc, "mint: %qE has %d dimensions; at most %d are supported",
                array, *rank, most);
      if (d->style == MINT_ARRAY_POINTER_CHAIN && *rank == 4)
        inform (loc, "a stack of 3-D arrays can be one array of 4 "
                "dimensions, %<T a[W][NZ][NY][NX]%> or "
                "%<T (*a)[NZ][NY][NX]%>");
      return false;
    }
  if (!mint_device_type_p (elem))
    {
      error_at (loc, "mint: element type %qT of %qE is not supported; use "
                "an integer type of 8 to 64 bits, %<_Bool%>, %<float%> or "
                "%<double%>", elem, array);
      return false;
    }
  d->elem_type = TYPE_MAIN_VARIANT (elem);
  d->elem_size = tree_to_uhwi (TYPE_SIZE_UNIT (elem));
  return true;
}

/* The address of ARRAY's first element (mintrt.h's host key), REF being
   a reference to ARRAY of rank RANK.  */

static tree
build_host_key (location_t loc, tree ref, enum mint_array_style style, int rank)
{
  tree key = ref;
  switch (style)
    {
    case MINT_ARRAY_POINTER_CHAIN:      /* a[0][0] for T***, a[0] for T** */
      for (int i = 1; i < rank; i++)
        key = build_array_ref (loc, key, integer_zero_node);
      break;
    case MINT_ARRAY_FIXED:              /* &a[0][0][0] */
      for (int i = 0; i < rank; i++)
        key = build_array_ref (loc, key, integer_zero_node);
      key = build_unary_op (loc, ADDR_EXPR, key, false);
      break;
    case MINT_ARRAY_VLA_POINTER:        /* a */
    case MINT_ARRAY_FLAT:
      break;
    }
  key = c_fully_fold (key, false, NULL);
  return fold_convert_loc (loc, ptr_type_node, key);
}

/* An integer expression, converted to long: WHAT ("array extent") must
   be positive, or (ZERO_OK) not negative, where it is a constant.  */

static tree
parse_integer (struct token_reader *r, const char *what, bool zero_ok)
{
  location_t loc;
  tree e = parse_folded_expr (r, &loc);
  if (e == error_mark_node)
    return e;
  if (!INTEGRAL_TYPE_P (TREE_TYPE (e)))
    {
      error_at (loc, "mint: %s must be an integer expression", what);
      return error_mark_node;
    }
  if (TREE_CODE (e) == INTEGER_CST
      && tree_int_cst_sgn (e) < (zero_ok ? 0 : 1))
    {
      error_at (loc, zero_ok ? "mint: %s must not be negative"
                : "mint: %s must be positive", what);
      return error_mark_node;
    }
  return fold_convert_loc (loc, long_integer_type_node, e);
}

/* '(' ARRAY ',' DIRECTION of a copy or update: the array (a variable, or
   a structure member reached from one through '.', '->' and constant
   subscripts: member.h), classified into D, with the location of its
   name and its rank; DIRECTIONS are the two spellings, for
   MINT_TO_DEVICE first.  */

static bool
parse_array_direction (struct token_reader *r, struct mint_directive *d,
                       const char *const directions[2], location_t *loc,
                       int *rank)
{
  if (!expect (r, CPP_OPEN_PAREN, "("))
    return false;
  const token *arr = peek (r);
  if (arr->type != CPP_NAME)
    {
      error_at (arr->loc, "mint: expected the name of an array");
      return false;
    }
  tree array = parse_postfix (r);
  if (array == error_mark_node)
    return false;
  array = c_fully_fold (array, false, NULL);
  if (!VAR_P (array) && TREE_CODE (array) != PARM_DECL
      && !mint_member_ref_p (array))
    {
      error_at (arr->loc, "mint: %qs takes a variable or a structure "
                "member (%<g->u%>, %<s.a%>, with constant subscripts "
                "only)", directive_name (d->kind));
      return false;
    }
  d->array = array;
  if (!classify_array (arr->loc, array, d, rank))
    return false;
  *loc = arr->loc;

  if (!expect (r, CPP_COMMA, ","))
    return false;
  const token *dir = consume (r);
  if (name_is (dir, directions[0]))
    d->direction = MINT_TO_DEVICE;
  else if (name_is (dir, directions[1]))
    d->direction = MINT_FROM_DEVICE;
  else
    {
      if (dir->type == CPP_NAME)
        error_at (dir->loc, "mint: unknown %s direction %qE; expected %qs "
                  "or %qs", directive_name (d->kind), dir->value,
                  directions[0], directions[1]);
      else
        error_at (dir->loc, "mint: expected %qs or %qs", directions[0],
                  directions[1]);
      return false;
    }
  return true;
}

/* The host key of D's array, of rank RANK, named at LOC; the directive
   reads the array's contents.  The gimplifier rewrites the marker's
   operands in place: D keeps the front end's expression (member.h).  */

static tree
directive_host_key (const struct mint_directive *d, location_t loc, int rank)
{
  mark_exp_read (d->array);
  return build_host_key (loc, unshare_expr (d->array), d->style, rank);
}

/* The syntax of the data directives: their direction names (for
   MINT_TO_DEVICE first) and what each of their 1 to 3 axes gives.  */
struct data_syntax
{
  const char *directions[2];
  bool ranges;                  /* START ':' COUNT, else an extent */
  const char *items;            /* "extents" */
  const char *form;             /* "(NX[, NY[, NZ]])" */
  const char *most;             /* "(NX, NY, NZ)" */
  const char *most_4d;          /* "(NX, NY, NZ, NW)", of a 4-D array */
};

static const struct data_syntax copy_syntax = {
  { "toDevice", "fromDevice" }, false, "extents", "(NX[, NY[, NZ]])",
  "(NX, NY, NZ)", "(NX, NY, NZ, NW)"
};
static const struct data_syntax update_syntax = {
  { "toDevice", "toHost" }, true, "ranges", "(X0:NX[, Y0:NY[, Z0:NZ]])",
  "(X0:NX, Y0:NY, Z0:NZ)", "(X0:NX, Y0:NY, Z0:NZ, W0:NW)"
};

/* What SYN's axis I gives, into ARGS (extents: ARGS[I]; ranges: start
   and count in ARGS[2I], ARGS[2I+1]).  */

static bool
parse_axis (struct token_reader *r, const struct data_syntax *syn, int i,
            tree args[MINT_DATA_ARGS])
{
  if (!syn->ranges)
    return (args[i] = parse_integer (r, "array extent", false))
           != error_mark_node;
  args[2 * i] = parse_integer (r, "update range start", true);
  if (args[2 * i] == error_mark_node || !expect (r, CPP_COLON, ":"))
    return false;
  args[2 * i + 1] = parse_integer (r, "update range count", true);
  return args[2 * i + 1] != error_mark_node;
}

/* Where type_shape puts the elements of a row, of a plane, of the whole
   array and of a 3-D array of a 4-D one.  */
enum { SHAPE_ROW, SHAPE_PLANE, SHAPE_WHOLE, SHAPE_VOLUME, SHAPE_COUNT };

/* The elements of a row, of a plane, of the whole array and of a volume
   (the 3-D arrays of a 4-D one) that the type of D's array (of RANK
   dimensions) fixes, into SHAPE, or 0: the inner extents of
   T (*)[NY][NX], and those and the first of T [NZ][NY][NX] (not of a
   flexible array member, T [][NX]).  */

static void
type_shape (const struct mint_directive *d, int rank, tree shape[SHAPE_COUNT])
{
  for (int i = 0; i < SHAPE_COUNT; i++)
    shape[i] = build_int_cst (long_integer_type_node, 0);
  tree t = TREE_TYPE (d->array);
  int dims;
  if (d->style == MINT_ARRAY_FIXED)
    dims = rank;
  else if (d->style == MINT_ARRAY_VLA_POINTER)
    {
      t = TREE_TYPE (t);
      dims = rank - 1;
    }
  else
    return;
  tree elem_size = size_int (d->elem_size);
  for (; dims > 0; dims--, t = TREE_TYPE (t))
    if (TYPE_SIZE_UNIT (t))     /* not a flexible array member */
      shape[dims == rank ? SHAPE_WHOLE : dims == 3 ? SHAPE_VOLUME : dims - 1]
        = fold_convert (long_integer_type_node,
                        size_binop (EXACT_DIV_EXPR, TYPE_SIZE_UNIT (t),
                                    elem_size));
}

/* Whether A and B are constants and A OP B is false.  */

static bool
known_false (enum tree_code op, tree a, tree b)
{
  tree c = fold_binary (op, boolean_type_node, a, b);
  return c && integer_zerop (c);
}

/* Checks the extents EXTENTS of a copy of D's array (x, y, z and the
   number of volumes) against SHAPE, the array's type_shape, where both
   are constants; reports at LOC.  libmintrt checks the others when they
   run (mint_check_copy_shape), but for the z extent of a volume, which
   no copy needs: a copy moves the volumes as one array of their planes.  */

static bool
check_copy_shape (const struct mint_directive *d, location_t loc,
                  const tree extents[4], const tree shape[SHAPE_COUNT])
{
  tree l = long_integer_type_node;
  tree rows = fold_build2 (MULT_EXPR, l, extents[0], extents[1]);
  tree volume = fold_build2 (MULT_EXPR, l, rows, extents[2]);
  tree all = fold_build2 (MULT_EXPR, l, volume, extents[3]);
  if (!integer_zerop (shape[SHAPE_ROW])
      && known_false (EQ_EXPR, extents[0], shape[SHAPE_ROW]))
    error_at (loc, "mint: the rows of %qE hold %wd elements, but the copy "
              "gives %wd as its x extent", d->array,
              tree_to_shwi (shape[SHAPE_ROW]), tree_to_shwi (extents[0]));
  else if (!integer_zerop (shape[SHAPE_PLANE])
           && known_false (EQ_EXPR, rows, shape[SHAPE_PLANE]))
    error_at (loc, "mint: the planes of %qE hold %wd rows, but the copy "
              "gives %wd as its y extent", d->array,
              tree_to_shwi (shape[SHAPE_PLANE])
              / tree_to_shwi (shape[SHAPE_ROW]), tree_to_shwi (extents[1]));
  else if (!integer_zerop (shape[SHAPE_VOLUME])
           && known_false (EQ_EXPR, volume, shape[SHAPE_VOLUME]))
    error_at (loc, "mint: the 3-D arrays of %qE hold %wd planes, but the "
              "copy gives %wd as its z extent", d->array,
              tree_to_shwi (shape[SHAPE_VOLUME])
              / tree_to_shwi (shape[SHAPE_PLANE]),
              tree_to_shwi (extents[2]));
  else if (!integer_zerop (shape[SHAPE_WHOLE])
           && known_false (LE_EXPR, all, shape[SHAPE_WHOLE]))
    error_at (loc, "mint: %qE holds %wd elements, but the copy gives "
              "%wd", d->array, tree_to_shwi (shape[SHAPE_WHOLE]),
              tree_to_shwi (all));
  else
    return true;
  return false;
}

/* copy '(' ARR ',' toDevice|fromDevice ',' NX [, NY [, NZ]] ')' and
   update '(' ARR ',' toHost|toDevice ',' X0:NX [, Y0:NY [, Z0:NZ]] ')':
   as many axes as the array has dimensions (a flat array's copy may give
   more; its updates give as many as the copy, which the pass checks).
   Sets *KEY and ARGS: extents, missing ones 1, or ranges (start, count
   per axis, x first), missing ones 0:1.  */

static bool
parse_data_directive (struct token_reader *r, struct mint_directive *d,
                      tree *key, tree args[MINT_DATA_ARGS])
{
  const struct data_syntax *syn
    = d->kind == MINT_DIR_COPY ? &copy_syntax : &update_syntax;
  const char *name = directive_name (d->kind);
  location_t array_loc;
  int rank;
  if (!parse_array_direction (r, d, syn->directions, &array_loc, &rank))
    return false;

  const token *after = peek (r);
  if (after->type == CPP_CLOSE_PAREN || after->type == CPP_EOF)
    {
      error_at (after->loc, "mint: %qs of %qE needs its %s %qs", name,
                d->array, syn->items, syn->form);
      return false;
    }
  if (!expect (r, CPP_COMMA, ","))
    return false;
  int n = 0, most = rank == 4 ? 4 : 3;
  do
    {
      if (n == most)
        {
          error_at (peek (r)->loc, "mint: %qs takes at most %d %s %s", name,
                    most, syn->items, most == 4 ? syn->most_4d : syn->most);
          return false;
        }
      if (!parse_axis (r, syn, n++, args))
        return false;
    }
  while (accept (r, CPP_COMMA));
  if (!expect (r, CPP_CLOSE_PAREN, ")"))
    return false;

  if (d->style != MINT_ARRAY_FLAT && n != rank)
    {
      error_at (array_loc, "mint: %qE has %d dimensions but %d %s were "
                "given", d->array, rank, n, syn->items);
      if (d->style == MINT_ARRAY_VLA_POINTER && n == rank - 1)
        inform (array_loc, "%qE points to a whole array, %qT: its last %s "
                "is the number of such arrays (%qs for the one it points "
                "to)", d->array, TREE_TYPE (TREE_TYPE (d->array)),
                syn->ranges ? "range" : "extent", syn->ranges ? "0:1" : "1");
      return false;
    }
  d->nextents = n;
  tree l = long_integer_type_node;
  for (; n < 4; n++)
    if (syn->ranges)
      {
        args[2 * n] = build_int_cst (l, 0);
        args[2 * n + 1] = build_int_cst (l, 1);
      }
    else
      args[n] = build_int_cst (l, 1);
  tree shape[SHAPE_COUNT];
  type_shape (d, rank, shape);
  if (syn->ranges)
    /* The planes of a volume, where the update names one (4 ranges).  */
    args[8] = rank == 4 ? fold_build2 (EXACT_DIV_EXPR, l,
                                       shape[SHAPE_VOLUME],
                                       shape[SHAPE_PLANE])
                        : build_int_cst (l, 0);
  else
    {
      if (!check_copy_shape (d, array_loc, args, shape))
        return false;
      /* The volumes of a 4-D array go as one array of their planes.  */
      args[2] = fold_build2 (MULT_EXPR, l, args[2], args[3]);
      args[3] = shape[SHAPE_ROW];
      args[4] = shape[SHAPE_PLANE];
      args[5] = shape[SHAPE_WHOLE];
      for (int i = 6; i < MINT_DATA_ARGS; i++)
        args[i] = build_int_cst (l, 0);
    }
  *key = directive_host_key (d, array_loc, rank);
  return true;
}

/* parallel [default(shared)].  */

static bool
parse_parallel_clauses (struct token_reader *r)
{
  bool seen_default = false;
  while (peek (r)->type != CPP_EOF)
    {
      accept (r, CPP_COMMA);
      const token *t = peek (r);
      if (t->type != CPP_NAME)
        return expect_end (r, MINT_DIR_PARALLEL);
      consume (r);
      if (!name_is (t, "default"))
        {
          error_at (t->loc, "mint: unknown clause %qE for "
                    "%<#pragma mint parallel%>", t->value);
          inform (t->loc, "the only clause of %<parallel%> is "
                  "%<default(shared)%>");
          return false;
        }
      if (seen_default)
        {
          error_at (t->loc, "mint: duplicate %<default%> clause");
          return false;
        }
      seen_default = true;
      if (!expect (r, CPP_OPEN_PAREN, "("))
        return false;
      const token *v = consume (r);
      if (!name_is (v, "shared"))
        {
          error_at (v->loc, "mint: only %<default(shared)%> is supported");
          return false;
        }
      if (!expect (r, CPP_CLOSE_PAREN, ")"))
        return false;
    }
  return true;
}

enum for_clause
{
  CLAUSE_NEST,
  CLAUSE_TILE,
  CLAUSE_CHUNKSIZE,
  CLAUSE_REDUCTION,             /* clause_loc indexes end here */
  CLAUSE_NOWAIT,
  CLAUSE_INDEPENDENT,
  CLAUSE_COUNT
};

static const char *const for_clause_names[CLAUSE_COUNT] = {
  "nest", "tile", "chunksize", "reduction", "nowait", "independent"
};

/* Tile sizes divisible by chunk sizes, at most 1024 threads per block.
   Only what the clauses give is checked here: the defaults of the other
   dimensions depend on the loop nest, which the pass checks.  */

static bool
check_block_shape (const struct mint_directive *d)
{
  bool tile_given = d->tile[0] || d->tile[1] || d->tile[2];
  bool chunk_given = d->chunk[0] || d->chunk[1] || d->chunk[2];
  if ((d->tile_auto && chunk_given) || (d->chunk_auto && tile_given))
    {
      const char *chosen = d->tile_auto ? "tile" : "chunksize";
      const char *given = d->tile_auto ? "chunksize" : "tile";
      error_at (d->clause_loc[d->tile_auto ? CLAUSE_CHUNKSIZE : CLAUSE_TILE],
                "mint: %<%s(auto)%> lets mint choose the %s sizes too",
                chosen, given);
      inform (d->clause_loc[d->tile_auto ? CLAUSE_TILE : CLAUSE_CHUNKSIZE],
              "drop %<%s%>, or write %<%s(auto)%>", given, given);
      return false;
    }
  long long threads = 1;
  for (int i = 0; i < 3; i++)
    {
      if (!d->tile[i])
        continue;
      int chunk = d->chunk[i] ? d->chunk[i] : MINT_DEFAULT_CHUNK;
      if (d->tile[i] % chunk != 0)
        {
          error_at (d->clause_loc[CLAUSE_CHUNKSIZE], "mint: tile size %d in "
                    "%c is not a multiple of chunksize %d", d->tile[i],
                    "xyz"[i], chunk);
          return false;
        }
      threads *= d->tile[i] / chunk;
    }
  if (threads > MINT_MAX_THREADS_PER_BLOCK)
    {
      error_at (d->clause_loc[CLAUSE_TILE], "mint: %<tile%> and %<chunksize%> "
                "give %lld threads per block; at most %d are possible",
                threads, MINT_MAX_THREADS_PER_BLOCK);
      return false;
    }
  return true;
}

static bool
parse_for_clause (struct token_reader *r, enum for_clause c,
                  struct mint_directive *d)
{
  switch (c)
    {
    case CLAUSE_NEST:
      return parse_nest (r, &d->nest);
    case CLAUSE_TILE:
      return parse_sizes (r, "tile", d->tile, &d->tile_auto);
    case CLAUSE_CHUNKSIZE:
      return parse_sizes (r, "chunksize", d->chunk, &d->chunk_auto);
    case CLAUSE_REDUCTION:
      return parse_reduction (r, d);
    case CLAUSE_NOWAIT:
      d->nowait = true;
      return true;
    case CLAUSE_INDEPENDENT:
      d->independent = true;
      return true;
    case CLAUSE_COUNT:
      break;
    }
  gcc_unreachable ();
}

/* for [nest(N|all)] [tile(...|auto)] [chunksize(...|auto)] [nowait]
       [reduction(OP:VAR)] [independent], clauses in any order, optionally
       comma-separated.  */

static bool
parse_for_clauses (struct token_reader *r, struct mint_directive *d)
{
  bool seen[CLAUSE_COUNT] = { false };
  while (peek (r)->type != CPP_EOF)
    {
      accept (r, CPP_COMMA);
      const token *t = peek (r);
      if (t->type != CPP_NAME)
        return expect_end (r, MINT_DIR_FOR);
      consume (r);
      int c;
      for (c = 0; c < CLAUSE_COUNT; c++)
        if (name_is (t, for_clause_names[c]))
          break;
      if (c == CLAUSE_COUNT)
        {
          error_at (t->loc, "mint: unknown clause %qE for "
                    "%<#pragma mint for%>", t->value);
          inform (t->loc, "the clauses of %<for%> are %<nest%>, %<tile%>, "
                  "%<chunksize%>, %<nowait%>, %<reduction%> and "
                  "%<independent%>");
          return false;
        }
      if (seen[c])
        {
          error_at (t->loc, "mint: duplicate %qs clause", for_clause_names[c]);
          return false;
        }
      seen[c] = true;
      if (c < CLAUSE_NOWAIT)
        d->clause_loc[c] = t->loc;
      if (!parse_for_clause (r, (enum for_clause) c, d))
        return false;
    }
  return check_block_shape (d);
}

/* Whether directive D may stand here; reports why not.  */

static bool
check_context (const struct mint_directive *d)
{
  bool in_parallel = parallel_open_p ();
  const char *name = directive_name (d->kind);

  if (decl_function_context (current_function_decl))
    {
      error_at (d->loc, "mint: %<#pragma mint %s%> in a nested function is "
                "not supported", name);
      return false;
    }
  switch (d->kind)
    {
    case MINT_DIR_COPY:
      if (in_parallel)
        {
          error_at (d->loc, "mint: %<#pragma mint copy%> inside a parallel "
                    "region");
          inform (open_parallel.loc, "the region begins here; copies stand directly "
                  "before or after it");
          return false;
        }
      return true;
    case MINT_DIR_PARALLEL:
      if (in_parallel)
        {
          error_at (d->loc, "mint: nested %<#pragma mint parallel%>");
          inform (open_parallel.loc, "the enclosing region begins here");
          return false;
        }
      return true;
    case MINT_DIR_FOR:
    case MINT_DIR_BARRIER:
    case MINT_DIR_UPDATE:
      if (!in_parallel)
        {
          error_at (d->loc, "mint: %<#pragma mint %s%> outside a parallel "
                    "region", name);
          inform (d->loc, "put it inside %<#pragma mint parallel { ... }%>");
          return false;
        }
      return true;
    case MINT_DIR_SINGLE:
      return true;
    }
  gcc_unreachable ();
}

static bool
lookup_directive_kind (const token *t, enum mint_directive_kind *kind)
{
  static const enum mint_directive_kind kinds[] = {
    MINT_DIR_COPY, MINT_DIR_PARALLEL, MINT_DIR_FOR, MINT_DIR_BARRIER,
    MINT_DIR_SINGLE, MINT_DIR_UPDATE
  };
  for (unsigned i = 0; i < ARRAY_SIZE (kinds); i++)
    if (name_is (t, directive_name (kinds[i])))
      {
        *kind = kinds[i];
        return true;
      }
  return false;
}

/* Parses what follows the directive name; for copy and update also the
   marker's host key and extents or ranges (ARGS).  */

static bool
parse_directive (struct token_reader *r, struct mint_directive *d, tree *key,
                 tree args[MINT_DATA_ARGS])
{
  switch (d->kind)
    {
    case MINT_DIR_COPY:
    case MINT_DIR_UPDATE:
      if (parse_data_directive (r, d, key, args) && expect_end (r, d->kind))
        return true;
      refuse_copy (d);
      return false;
    case MINT_DIR_PARALLEL:
      return parse_parallel_clauses (r);
    case MINT_DIR_FOR:
      return parse_for_clauses (r, d);
    case MINT_DIR_BARRIER:
    case MINT_DIR_SINGLE:
      return expect_end (r, d->kind);
    }
  gcc_unreachable ();
}

/* The marker a directive of KIND emits at its position.  */

static enum marker
directive_marker (enum mint_directive_kind kind)
{
  switch (kind)
    {
    case MINT_DIR_COPY: return MARKER_COPY;
    case MINT_DIR_PARALLEL: return MARKER_PARALLEL;
    case MINT_DIR_FOR: return MARKER_FOR;
    case MINT_DIR_BARRIER: return MARKER_BARRIER;
    case MINT_DIR_SINGLE: return MARKER_SINGLE;
    case MINT_DIR_UPDATE: return MARKER_UPDATE;
    }
  gcc_unreachable ();
}

/* Records D and appends its marker; parallel and single also make the
   next block keep its BIND_EXPR, which PRE_GENERICIZE looks for.  */

static void
emit_directive (struct mint_directive *d, tree key, tree args[MINT_DATA_ARGS])
{
  d->id = add_directive (d);
  tree call;
  tree id = build_int_cst (integer_type_node, d->id);
  if (d->kind == MINT_DIR_COPY || d->kind == MINT_DIR_UPDATE)
    call = build_call_expr_loc (d->loc, marker_decl (directive_marker (d->kind)),
                                2 + MINT_DATA_ARGS, id, key, args[0], args[1],
                                args[2], args[3], args[4], args[5], args[6],
                                args[7], args[8]);
  else
    call = build_marker_call (d->loc, directive_marker (d->kind), d->id);
  add_stmt (call);
  if (d->kind == MINT_DIR_PARALLEL)
    remember_parallel (d, call);
  if (d->kind == MINT_DIR_PARALLEL || d->kind == MINT_DIR_SINGLE)
    keep_next_level ();
  /* Since C99 a for statement is a scope of its own: kept, it becomes a
     BIND_EXPR that holds the for's initialization and the FOR_STMT, which
     tells `for (i = 0; ...)' from `i = 0; for (; ...)'.  (C90 opens no
     scope there; the flag would stay for an unrelated later block.)  */
  if (d->kind == MINT_DIR_FOR && flag_isoc99)
    keep_next_level ();
}

static void
handle_directive (void)
{
  struct token_reader r;
  read_pragma_line (&r);

  const token *name = consume (&r);
  struct mint_directive d;
  memset (&d, 0, sizeof d);
  if (name->type != CPP_NAME || !lookup_directive_kind (name, &d.kind))
    {
      if (name->type == CPP_NAME)
        error_at (name->loc, "mint: unknown directive %qE", name->value);
      else
        error_at (name->loc, "mint: expected a directive name");
      inform (name->loc, "the directives are %<copy%>, %<parallel%>, "
              "%<for%>, %<barrier%>, %<single%> and %<update%>");
      return;
    }
  d.loc = name->loc;
  d.nest = 1;
  d.region = -1;
  d.for_depth = MINT_FOR_DEPTH_UNKNOWN;

  /* At file scope there is no statement list to append to.  */
  if (!current_function_decl || !building_stmt_list_p ())
    {
      error_at (d.loc, "mint: %<#pragma mint %s%> must appear inside a "
                "function body", directive_name (d.kind));
      return;
    }
  if (!check_context (&d))
    return;
  if (d.kind == MINT_DIR_FOR || d.kind == MINT_DIR_BARRIER
      || d.kind == MINT_DIR_SINGLE || d.kind == MINT_DIR_UPDATE)
    d.region = enclosing_parallel ();

  tree key = NULL_TREE;
  tree args[MINT_DATA_ARGS] = { NULL_TREE };
  /* A parallel region with a bad clause is still a region, so that the
     directives inside it do not report being outside one.  */
  if (!parse_directive (&r, &d, &key, args)
      && d.kind != MINT_DIR_PARALLEL)
    return;
  emit_directive (&d, key, args);
}

/* The functions in which a directive was reported as faulty: the pass
   says nothing more about their host code (a loop that a faulty `for'
   leaves on the host would only repeat the error).  */
static vec<tree> faulty_functions;

static void
note_errors_since (int errors, tree fn)
{
  if (errorcount > errors && fn && !faulty_functions.contains (fn))
    {
      faulty_functions.safe_push (fn);
      keep_tree (fn);
    }
}

bool
mint_directive_errors_p (tree fn)
{
  return faulty_functions.contains (fn);
}

static void
handle_pragma_mint (cpp_reader *)
{
  int errors = errorcount;
  handle_directive ();
  note_errors_since (errors, current_function_decl);
}

/* ------------------------------------------------------------------ */
/* Region ends (PLUGIN_PRE_GENERICIZE).                               */

static directive_entry *
entry (int id)
{
  return &directives[id];
}

/* Whether the statement at I is a copy marker in direction DIR; sets *ID.  */

static bool
copy_marker_p (tree_stmt_iterator i, enum mint_copy_direction dir, int *id)
{
  return (marker_call_kind (tsi_stmt (i), id) == MARKER_COPY
          && entry (*id)->d.direction == dir);
}

/* Whether STMT is the BIND_EXPR of a braced block.  keep_next_level also
   gives a BIND_EXPR to the scope of an unbraced if/for/while/switch; that
   one has the location of its statement, a braced block that of its '{'.  */

static bool
braced_block_p (tree stmt)
{
  if (TREE_CODE (stmt) != BIND_EXPR)
    return false;
  tree body = BIND_EXPR_BODY (stmt);
  tree last = body;
  if (body && TREE_CODE (body) == STATEMENT_LIST)
    {
      tree_stmt_iterator i = tsi_last (body);
      last = tsi_end_p (i) ? NULL_TREE : tsi_stmt (i);
    }
  return !last || EXPR_LOCATION (last) != EXPR_LOCATION (stmt);
}

/* Jumps out of a parallel region would skip its end (copies back and
   frees).  */

static void
report_jump_out (location_t loc, const char *keyword, int region)
{
  error_at (loc, "mint: %<%s%> would leave the %<#pragma mint parallel%> "
            "region", keyword);
  inform (entry (region)->d.loc, "the region begins here; its end copies "
          "data back and frees device memory");
}

static tree
collect_labels_cb (tree *tp, int *, void *labels)
{
  if (TREE_CODE (*tp) == LABEL_EXPR)
    ((hash_set<tree> *) labels)->add (LABEL_EXPR_LABEL (*tp));
  return NULL_TREE;
}

struct jump_scan
{
  hash_set<tree> labels;        /* labels defined inside the region */
  int region;
};

static tree
find_returns_and_gotos_cb (tree *tp, int *, void *data)
{
  struct jump_scan *scan = (struct jump_scan *) data;
  tree t = *tp;
  if (TREE_CODE (t) == RETURN_EXPR)
    report_jump_out (EXPR_LOCATION (t), "return", scan->region);
  else if (TREE_CODE (t) == GOTO_EXPR
           && !scan->labels.contains (GOTO_DESTINATION (t)))
    report_jump_out (EXPR_LOCATION (t), "goto", scan->region);
  return NULL_TREE;
}

/* Break and continue outside every loop and switch of the region.  */

static tree
find_breaks_cb (tree *tp, int *walk_subtrees, void *data)
{
  const char *keyword = mint_break_or_continue (*tp);
  if (keyword)
    report_jump_out (EXPR_LOCATION (*tp), keyword, *(int *) data);
  else if (mint_breakable_stmt_p (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

static void
check_no_jumps_out (tree block, int region)
{
  struct jump_scan scan;
  scan.region = region;
  walk_tree_without_duplicates (&block, collect_labels_cb, &scan.labels);
  walk_tree_without_duplicates (&block, find_returns_and_gotos_cb, &scan);
  walk_tree_without_duplicates (&BIND_EXPR_BODY (block), find_breaks_cb,
                                &region);
}

/* After the block that follows the parallel marker at I, and after the
   fromDevice copies that directly follow the block, append
   __mint_parallel_end.  */

static void
place_parallel_end (tree_stmt_iterator i, int id)
{
  tree_stmt_iterator block = i;
  tsi_next (&block);
  if (tsi_end_p (block) || !braced_block_p (tsi_stmt (block)))
    return;
  tree_stmt_iterator last = block;
  tree_stmt_iterator j = block;
  int copy_id;
  for (tsi_next (&j);
       !tsi_end_p (j) && copy_marker_p (j, MINT_FROM_DEVICE, &copy_id);
       tsi_next (&j))
    last = j;
  tsi_link_after (&last, build_marker_call (entry (id)->d.loc,
                                            MARKER_PARALLEL_END, id),
                  TSI_SAME_STMT);
  entry (id)->placed = true;
  check_no_jumps_out (tsi_stmt (block), id);
}

/* ---- single blocks that run on the device ---------------------------- */

struct single_scan;
static tree scan_single_cb (tree *, int *, void *);

/* The array object that REF, an element reference, reads or writes
   through: REF without its subscripts and dereferences (a variable or a
   structure member); NULL_TREE where REF is no element reference.  With
   SCAN, scans the subscripts and offsets on the way.  */
static tree
element_object (tree ref, struct single_scan *scan)
{
  tree t = ref;
  bool element = false;
  for (;;)
    switch (TREE_CODE (t))
      {
      case ARRAY_REF:
        element = true;
        if (scan)
          walk_tree (&TREE_OPERAND (t, 1), scan_single_cb, scan, NULL);
        t = TREE_OPERAND (t, 0);
        break;
      case INDIRECT_REF:
      case MEM_REF:
        element = true;
        t = TREE_OPERAND (t, 0);
        /* A pointer to rows of a variable length comes after the
           evaluation of the length: (SAVE_EXPR <nx>, p).  */
        while (CONVERT_EXPR_P (t) || TREE_CODE (t) == NON_LVALUE_EXPR
               || TREE_CODE (t) == POINTER_PLUS_EXPR
               || TREE_CODE (t) == SAVE_EXPR || TREE_CODE (t) == ADDR_EXPR
               || TREE_CODE (t) == COMPOUND_EXPR)
          {
            bool pair = TREE_CODE (t) == POINTER_PLUS_EXPR
                        || TREE_CODE (t) == COMPOUND_EXPR;
            int on = TREE_CODE (t) == COMPOUND_EXPR ? 1 : 0;
            if (scan && pair)
              walk_tree (&TREE_OPERAND (t, 1 - on), scan_single_cb, scan,
                         NULL);
            t = TREE_OPERAND (t, on);
          }
        break;
      default:
        return element ? t : NULL_TREE;
      }
}

/* What scan_single finds in a single block of region REGION.  */
struct single_scan
{
  int region;
  hash_set<tree> locals;        /* the block's own variables */
  int loops, switches;          /* around the statement looked at */
  bool device_element;          /* it uses an element of a copied array */
  enum mint_single_host host;   /* the first thing only the host can do */
  tree culprit;
};

/* Notes the first thing of single block S that only the host can do.  */
static void
host_only (struct single_scan *s, enum mint_single_host why, tree culprit)
{
  if (s->host == MINT_SINGLE_HOST_ONLY)
    {
      s->host = why;
      s->culprit = culprit;
    }
}

/* Whether local variable V can be private to a device thread: not static,
   of a constant size, no structure (as in a loop body).  */
static bool
private_variable_p (tree v)
{
  if (!VAR_P (v) || TREE_STATIC (v) || DECL_EXTERNAL (v))
    return false;
  tree type = TREE_TYPE (v);
  while (TREE_CODE (type) == ARRAY_TYPE)
    type = TREE_TYPE (type);
  return !RECORD_OR_UNION_TYPE_P (type) && DECL_SIZE (v)
         && TREE_CODE (DECL_SIZE (v)) == INTEGER_CST;
}

/* Whether a directive of KIND (copy, update) of region REGION names
   OBJECT.  */
static bool
region_names (enum mint_directive_kind kind, int region, tree object)
{
  for (const directive_entry &e : directives)
    if (e.d.kind == kind && e.d.region == region
        && mint_same_object (e.d.array, object))
      return true;
  return false;
}

/* The variable at the root of LHS, an assignment's target that is no
   element of an array through a pointer.  */
static tree
assigned_variable (tree lhs)
{
  while (TREE_CODE (lhs) == COMPONENT_REF || TREE_CODE (lhs) == ARRAY_REF)
    lhs = TREE_OPERAND (lhs, 0);
  return lhs;
}

/* Whether FN can be called on the device: a C math function, or one
   defined in this file before this point (the pass checks the rest).  */
static bool
device_callable_p (tree fn)
{
  return fn && DECL_NAME (fn)
         && (kir_math_function (IDENTIFIER_POINTER (DECL_NAME (fn)))
             || DECL_INITIAL (fn) != NULL_TREE);
}

/* Scans the operands of loop or switch statement T inside the block.  */
static void
scan_nested (tree t, struct single_scan *s, bool loop)
{
  (loop ? s->loops : s->switches)++;
  for (int i = 0; i < TREE_OPERAND_LENGTH (t); i++)
    walk_tree (&TREE_OPERAND (t, i), scan_single_cb, s, NULL);
  (loop ? s->loops : s->switches)--;
}

static tree
scan_single_cb (tree *tp, int *walk_subtrees, void *data)
{
  struct single_scan *s = (struct single_scan *) data;
  tree t = *tp, body, object;
  if (TREE_CODE (t) == BIND_EXPR)
    for (tree v = BIND_EXPR_VARS (t); v; v = DECL_CHAIN (v))
      {
        if (private_variable_p (v))
          s->locals.add (v);
        else if (VAR_P (v))
          host_only (s, MINT_SINGLE_DECLARES, v);
      }
  if (mint_breakable_stmt_p (t))
    {
      scan_nested (t, s, mint_loop_statement (t, &body) != NULL);
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  const char *jump = mint_break_or_continue (t);
  if (jump && s->loops == 0 && (jump[0] == 'c' || s->switches == 0))
    host_only (s, MINT_SINGLE_JUMPS, NULL_TREE);
  switch (TREE_CODE (t))
    {
    case MODIFY_EXPR: case INIT_EXPR:
    case PREINCREMENT_EXPR: case PREDECREMENT_EXPR:
    case POSTINCREMENT_EXPR: case POSTDECREMENT_EXPR:
      object = assigned_variable (TREE_OPERAND (t, 0));
      if (!element_object (TREE_OPERAND (t, 0), NULL)
          && !s->locals.contains (object))
        host_only (s, MINT_SINGLE_SETS, object);
      break;
    case CALL_EXPR:
      if (!device_callable_p (get_callee_fndecl (t))
          && !mint_sanitizer_call_p (get_callee_fndecl (t),
                                     CALL_EXPR_FN (t) ? IFN_LAST
                                     : CALL_EXPR_IFN (t)))
        host_only (s, MINT_SINGLE_CALLS, get_callee_fndecl (t));
      break;
    case RETURN_EXPR: case GOTO_EXPR: case ASM_EXPR:
      host_only (s, MINT_SINGLE_JUMPS, NULL_TREE);
      break;
    default:
      /* Its subscripts are scanned on the way, not the rows or pointers
         they lead through.  */
      if (!(object = element_object (t, s)))
        break;
      *walk_subtrees = 0;
      if (!s->locals.contains (object)
          && TREE_CODE (TREE_TYPE (t)) != ARRAY_TYPE)
        {
          if (POINTER_TYPE_P (TREE_TYPE (t)))
            host_only (s, MINT_SINGLE_POINTERS, object);
          else if (region_names (MINT_DIR_COPY, s->region, object))
            {
              s->device_element = true;
              /* Host code on purpose: the update is what moves it.  */
              if (region_names (MINT_DIR_UPDATE, s->region, object))
                host_only (s, MINT_SINGLE_UPDATED, object);
            }
          else
            host_only (s, MINT_SINGLE_UNCOPIED, object);
        }
      break;
    }
  return NULL_TREE;
}

/* Whether BLOCK, the block of `single' ID, runs on the device: it uses
   elements of the arrays its region copies, and otherwise only its own
   variables and functions that can run there, without jumping out.  The
   host runs the rest (pointer swaps, scalar updates, I/O).  */
static bool
single_on_device_p (tree block, int id)
{
  struct single_scan s;
  s.region = entry (id)->d.region;
  s.loops = s.switches = 0;
  s.device_element = false;
  s.host = MINT_SINGLE_HOST_ONLY;
  s.culprit = NULL_TREE;
  walk_tree (&block, scan_single_cb, &s, NULL);
  if (!s.device_element)
    return false;
  entry (id)->d.single_host = s.host;
  entry (id)->d.single_culprit = s.culprit;
  keep_tree (s.culprit);
  return s.host == MINT_SINGLE_HOST_ONLY;
}

/* Makes the statement at I, the marker of `single' ID, the marker of a
   new `for' directive, and BLOCK the body of a loop of one point after
   it: `for (int mint_single = 0; mint_single < 1; mint_single++) BLOCK',
   one thread on the device.  */
static void
run_single_on_device (tree_stmt_iterator i, tree_stmt_iterator block,
                      int id)
{
  struct mint_directive d;
  memset (&d, 0, sizeof d);
  d.kind = MINT_DIR_FOR;
  d.loc = entry (id)->d.loc;
  d.nest = 1;
  d.tile[0] = 32;               /* one warp: nothing to tune */
  d.single_block = true;
  d.region = entry (id)->d.region;
  d.for_depth = 1;
  tree fn = entry (id)->fndecl;
  int for_id = add_directive (&d);
  entry (for_id)->fndecl = fn;
  entry (for_id)->placed = entry (id)->placed = true;
  *tsi_stmt_ptr (i) = build_marker_call (d.loc, MARKER_FOR, for_id);

  tree iv = build_decl (d.loc, VAR_DECL, get_identifier ("mint_single"),
                        integer_type_node);
  DECL_CONTEXT (iv) = fn;
  DECL_ARTIFICIAL (iv) = 1;
  DECL_IGNORED_P (iv) = 1;
  DECL_INITIAL (iv) = integer_zero_node;
  tree cond = build2 (LT_EXPR, integer_type_node, iv, integer_one_node);
  tree incr = build2 (POSTINCREMENT_EXPR, integer_type_node, iv,
                      integer_one_node);
  tree body = alloc_stmt_list ();
  tree decl = build1 (DECL_EXPR, void_type_node, iv);
  SET_EXPR_LOCATION (decl, d.loc);
  append_to_statement_list (decl, &body);
  append_to_statement_list (mint_build_for_stmt (d.loc, cond, incr,
                                                 tsi_stmt (block)), &body);
  tree scope = build3 (BIND_EXPR, void_type_node, iv, body, NULL_TREE);
  SET_EXPR_LOCATION (scope, d.loc);
  *tsi_stmt_ptr (block) = scope;
}

static void
place_single_end (tree_stmt_iterator i, int id)
{
  tree_stmt_iterator block = i;
  tsi_next (&block);
  if (tsi_end_p (block) || !braced_block_p (tsi_stmt (block)))
    return;
  if (MINT_HAVE_LOOP_STMTS && single_on_device_p (tsi_stmt (block), id))
    {
      run_single_on_device (i, block, id);
      return;
    }
  tsi_link_after (&block, build_marker_call (entry (id)->d.loc,
                                             MARKER_SINGLE_END, id),
                  TSI_SAME_STMT);
  entry (id)->placed = true;
}

/* What follows a `for' directive.  GCC 12's C front end keeps FOR_STMT,
   WHILE_STMT and DO_STMT until c_genericize, after this point: the C
   source's own loop statements, however macros and _Pragma spell them.
   The GIMPLE pass sees every kind of loop alike.  */

static bool
debug_marker_p (tree stmt)
{
  return TREE_CODE (stmt) == DEBUG_BEGIN_STMT;
}

/* The next two statements after I in its list, debug markers skipped;
   NULL_TREE past the end.  */
static void
statements_after (tree_stmt_iterator i, tree next[2])
{
  int n = 0;
  next[0] = next[1] = NULL_TREE;
  for (tsi_next (&i); !tsi_end_p (i) && n < 2; tsi_next (&i))
    if (!debug_marker_p (tsi_stmt (i)))
      next[n++] = tsi_stmt (i);
}

/* The last statement of LIST (a statement or a STATEMENT_LIST), debug
   markers skipped, or NULL_TREE.  */
static tree
last_statement (tree list)
{
  if (!list || TREE_CODE (list) != STATEMENT_LIST)
    return list;
  tree last = NULL_TREE;
  for (tree_stmt_iterator i = tsi_start (list); !tsi_end_p (i); tsi_next (&i))
    if (!debug_marker_p (tsi_stmt (i)))
      last = tsi_stmt (i);
  return last;
}

static bool
for_stmt_p (tree stmt)
{
  tree body;
  const char *kind = stmt ? mint_loop_statement (stmt, &body) : NULL;
  return kind && strcmp (kind, "for") == 0;
}

/* The FOR_STMT that NEXT[0], the statement after a `for' directive,
   begins, or NULL_TREE.  Since C99 the for statement is the BIND_EXPR
   that the directive made its scope keep (emit_directive): it has the
   FOR_STMT's location and ends with it, after the declarations or the
   expression of its initialization; a braced block has the location of
   its brace.  C90 gives the for statement no scope: its initialization
   expression, if any, stands before the FOR_STMT (NEXT[1]) in the same
   list, where a separate expression statement would too.  */
static tree
for_statement_after (tree next[2])
{
  tree stmt = next[0], body;
  if (!stmt)
    return NULL_TREE;
  if (for_stmt_p (stmt))
    return stmt;
  if (TREE_CODE (stmt) == BIND_EXPR)
    {
      tree last = last_statement (BIND_EXPR_BODY (stmt));
      if (for_stmt_p (last) && EXPR_LOCATION (last) == EXPR_LOCATION (stmt))
        return last;
      return NULL_TREE;
    }
  if (!flag_isoc99 && EXPR_P (stmt) && TREE_CODE (stmt) != LABEL_EXPR
      && !mint_loop_statement (stmt, &body) && for_stmt_p (next[1]))
    return next[1];
  return NULL_TREE;
}

/* The only loop statement at the top of BODY (looking into braces), or
   NULL_TREE if it has none or several.  */
static tree
only_loop_in (tree body)
{
  tree found = NULL_TREE, inner;
  if (!body)
    return NULL_TREE;
  if (TREE_CODE (body) == BIND_EXPR)
    return only_loop_in (BIND_EXPR_BODY (body));
  if (TREE_CODE (body) != STATEMENT_LIST)
    return mint_loop_statement (body, &inner) ? body : NULL_TREE;
  for (tree_stmt_iterator i = tsi_start (body); !tsi_end_p (i); tsi_next (&i))
    {
      tree s = tsi_stmt (i);
      tree loop = TREE_CODE (s) == BIND_EXPR ? only_loop_in (s)
                  : mint_loop_statement (s, &inner) ? s : NULL_TREE;
      if (loop && found)
        return NULL_TREE;
      if (loop)
        found = loop;
    }
  return found;
}

/* Records in D how many `for' statements from FOR_STMT down are
   perfectly nested as far as their loop statements go (the GIMPLE pass
   checks the statements in between), and the `while' or `do' loop that
   ends the chain, if one does.  */
static void
note_for_nest (tree for_stmt, struct mint_directive *d)
{
  tree body;
  mint_loop_statement (for_stmt, &body);
  for (d->for_depth = 1; d->for_depth < 3; d->for_depth++)
    {
      tree inner = only_loop_in (body);
      if (!inner)
        return;
      if (!for_stmt_p (inner))
        {
          d->other_loop = mint_loop_statement (inner, &body);
          d->other_loop_loc = EXPR_LOCATION (inner);
          return;
        }
      mint_loop_statement (inner, &body);
    }
}

/* What scan_nest_jumps walks: the chain of perfectly nested `for'
   statements, and around the statement looked at, the innermost loop
   and the innermost loop or switch (NULL_TREE: none inside the nest) and
   how many loops of the chain hold it.  */
struct nest_jump_scan
{
  tree chain[3];
  int chain_length;
  tree loop, breakable;
  int level;
  hash_map<tree, int> label_level;      /* labels in the nest */
  auto_vec<tree> gotos;                 /* to a label, in source order */
  auto_vec<int> goto_levels;
  struct mint_directive *d;
};

/* The level of the chain's loop LOOP, or -1 if it is no loop of it.  */
static int
chain_level (const struct nest_jump_scan *scan, tree loop)
{
  for (int i = 0; i < scan->chain_length; i++)
    if (scan->chain[i] == loop)
      return i;
  return -1;
}

static void
add_nest_jump (struct mint_directive *d, location_t loc, const char *keyword,
               int level)
{
  d->jumps = XRESIZEVEC (struct mint_nest_jump, d->jumps, d->njumps + 1);
  d->jumps[d->njumps++] = { loc, keyword, level };
}

static tree scan_nest_jumps_cb (tree *, int *, void *);

/* Walks BODY, the body of loop (LOOP) or switch STMT, in SCAN.  */
static void
scan_breakable_body (struct nest_jump_scan *scan, tree stmt, tree *body,
                     bool loop)
{
  tree outer_loop = scan->loop, outer_breakable = scan->breakable;
  int outer_level = scan->level;
  scan->breakable = stmt;
  if (loop)
    scan->loop = stmt;
  if (chain_level (scan, stmt) >= 0)
    scan->level = chain_level (scan, stmt) + 1;
  walk_tree (body, scan_nest_jumps_cb, scan, NULL);
  scan->breakable = outer_breakable;
  scan->loop = outer_loop;
  scan->level = outer_level;
}

static tree
scan_nest_jumps_cb (tree *tp, int *walk_subtrees, void *data)
{
  struct nest_jump_scan *scan = (struct nest_jump_scan *) data;
  tree t = *tp, *body;
  bool loop;
  const char *keyword = mint_break_or_continue (t);
  if (keyword)
    {
      /* It leaves the loop it belongs to (a break), or the rest of its
         iteration: the loops inside it (a continue).  */
      bool brk = keyword[0] == 'b';
      int level = chain_level (scan, brk ? scan->breakable : scan->loop);
      if (level >= 0)
        add_nest_jump (scan->d, EXPR_LOCATION (t), keyword,
                       brk ? level : level + 1);
    }
  else if (TREE_CODE (t) == RETURN_EXPR)
    add_nest_jump (scan->d, EXPR_LOCATION (t), "return", 0);
  else if (TREE_CODE (t) == GOTO_EXPR)
    {
      if (TREE_CODE (GOTO_DESTINATION (t)) != LABEL_DECL)
        add_nest_jump (scan->d, EXPR_LOCATION (t), "goto", 0);
      else
        {
          scan->gotos.safe_push (t);
          scan->goto_levels.safe_push (scan->level);
        }
    }
  else if (TREE_CODE (t) == LABEL_EXPR)
    scan->label_level.put (LABEL_EXPR_LABEL (t), scan->level);
  else if ((body = mint_breakable_body (t, &loop)))
    {
      scan_breakable_body (scan, t, body, loop);
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

/* Records in D the jumps of the loop nest FOR_STMT that leave loops of
   its chain of D->for_depth perfectly nested `for' statements.  */
static void
note_nest_jumps (tree for_stmt, struct mint_directive *d)
{
  struct nest_jump_scan scan;
  scan.d = d;
  scan.chain_length = d->for_depth;
  scan.loop = scan.breakable = NULL_TREE;
  scan.level = 0;
  tree loop = for_stmt, body;
  for (int i = 0; i < d->for_depth; i++)
    {
      scan.chain[i] = loop;
      mint_loop_statement (loop, &body);
      loop = only_loop_in (body);
    }
  walk_tree (&for_stmt, scan_nest_jumps_cb, &scan, NULL);
  /* A goto leaves the loops that hold it but not its label.  */
  for (unsigned i = 0; i < scan.gotos.length (); i++)
    {
      int *at = scan.label_level.get (GOTO_DESTINATION (scan.gotos[i]));
      int level = at ? *at : 0;
      if (level < scan.goto_levels[i])
        add_nest_jump (d, EXPR_LOCATION (scan.gotos[i]), "goto", level);
    }
}

/* Whether STMT is a construct of an `omp' or `acc' pragma (under
   -fopenmp, -fopenacc).  */
static bool
openmp_construct_p (tree stmt)
{
  switch (TREE_CODE (stmt))
    {
    case OMP_PARALLEL: case OMP_FOR: case OMP_SIMD: case OMP_DISTRIBUTE:
    case OMP_TASKLOOP: case OMP_LOOP: case OMP_TEAMS: case OMP_TARGET:
    case OMP_TASK: case OMP_SECTIONS: case OMP_SINGLE: case OMP_MASTER:
    case OMP_CRITICAL: case OMP_ORDERED: case OMP_TASKGROUP:
    case OACC_PARALLEL: case OACC_KERNELS: case OACC_SERIAL: case OACC_LOOP:
    case OACC_DATA: case OACC_HOST_DATA:
      return true;
    default:
      return false;
    }
}

/* Checks that a `for' statement follows the `for' marker at I, and
   records what follows where none does.  */
static void
check_for_statement (tree_stmt_iterator i, int id)
{
  directive_entry *e = entry (id);
  tree next[2], body;
  statements_after (i, next);
  tree for_stmt = for_statement_after (next);
  if (for_stmt)
    {
      note_for_nest (for_stmt, &e->d);
      note_nest_jumps (for_stmt, &e->d);
      e->placed = true;
      return;
    }
  if (!next[0])
    return;
  /* A kept scope around a while or do statement has its location.  */
  tree stmt = next[0];
  if (TREE_CODE (stmt) == BIND_EXPR)
    {
      tree last = last_statement (BIND_EXPR_BODY (stmt));
      if (last && EXPR_LOCATION (last) == EXPR_LOCATION (stmt))
        stmt = last;
    }
  e->next_loc = EXPR_LOCATION (stmt);
  e->next_kind = TREE_CODE (stmt) == LABEL_EXPR ? "label"
                 : openmp_construct_p (stmt) ? "OpenMP"
                 : mint_loop_statement (stmt, &body);
}

/* A toDevice copy must be followed by toDevice copies and a parallel
   marker; a fromDevice copy preceded by fromDevice copies, the region's
   block and its parallel marker.  Records the region's id.  */

static void
check_copy_position (tree_stmt_iterator i, int id)
{
  directive_entry *e = entry (id);
  enum mint_copy_direction dir = e->d.direction;
  int other;
  tree_stmt_iterator j = i;
  int parallel_id;
  if (dir == MINT_TO_DEVICE)
    {
      do
        tsi_next (&j);
      while (!tsi_end_p (j) && copy_marker_p (j, dir, &other));
    }
  else
    {
      do
        tsi_prev (&j);
      while (!tsi_end_p (j) && copy_marker_p (j, dir, &other));
      if (tsi_end_p (j) || TREE_CODE (tsi_stmt (j)) != BIND_EXPR)
        return;
      tsi_prev (&j);
    }
  if (tsi_end_p (j)
      || marker_call_kind (tsi_stmt (j), &parallel_id) != MARKER_PARALLEL)
    return;
  e->d.region = parallel_id;
  e->placed = true;
}

static void
place_markers_in_list (tree list)
{
  for (tree_stmt_iterator i = tsi_start (list); !tsi_end_p (i); tsi_next (&i))
    {
      int id;
      switch (marker_call_kind (tsi_stmt (i), &id))
        {
        case MARKER_PARALLEL:
          place_parallel_end (i, id);
          break;
        case MARKER_SINGLE:
          place_single_end (i, id);
          break;
        case MARKER_COPY:
          check_copy_position (i, id);
          break;
        case MARKER_FOR:
          if (MINT_HAVE_LOOP_STMTS)
            check_for_statement (i, id);
          break;
        default:
          break;
        }
    }
}

static tree
place_markers_cb (tree *tp, int *, void *)
{
  if (TREE_CODE (*tp) == STATEMENT_LIST)
    place_markers_in_list (*tp);
  return NULL_TREE;
}

/* A `for' directive without a for statement after it.  The GIMPLE pass
   would see a while, do or goto loop as a loop too, but the variables
   such a loop changes stay unchanged on the host when it runs on the
   GPU.  Where GENERIC has no loop statements, the pass reports what it
   cannot take.  */
static void
report_not_for (directive_entry *e)
{
  if (!MINT_HAVE_LOOP_STMTS)
    return;
  e->d.for_depth = 0;           /* the pass skips it */
  error_at (e->d.loc, "mint: %<#pragma mint for%> must be followed by a "
            "%<for%> loop");
  if (!e->next_kind && e->next_loc == UNKNOWN_LOCATION)
    inform (e->d.loc, "it ends its block");
  else if (!e->next_kind)
    inform (e->next_loc, "this statement is not a %<for%> statement");
  else if (strcmp (e->next_kind, "label") == 0)
    inform (e->next_loc, "a labelled statement is not a %<for%> statement; "
            "loops made of labels and %<goto%> cannot be offloaded");
  else if (strcmp (e->next_kind, "OpenMP") == 0)
    inform (e->next_loc, "this is an OpenMP or OpenACC construct: a loop "
            "nest runs on the GPU through mint or through OpenMP, not "
            "both; remove one of the two pragmas, or build without "
            "%<-fopenmp%>, so that GCC ignores the %<omp%> pragmas");
  else
    inform (e->next_loc, "this is a %<%s%> loop; write it as a %<for%> loop "
            "whose variable is compared with its bound and changed only "
            "by a constant step", e->next_kind);
}

/* Errors for the directives of FN that PRE_GENERICIZE could not place.  */

static void
report_misplaced (tree fn)
{
  for (directive_entry &e : directives)
    {
      if (e.fndecl != fn || e.placed)
        continue;
      const struct mint_directive *d = &e.d;
      switch (d->kind)
        {
        case MINT_DIR_PARALLEL:
        case MINT_DIR_SINGLE:
          error_at (d->loc, "mint: %<#pragma mint %s%> must be followed by "
                    "a compound statement %<{ ... }%>",
                    directive_name (d->kind));
          break;
        case MINT_DIR_COPY:
          if (d->direction == MINT_TO_DEVICE)
            error_at (d->loc, "mint: %<toDevice%> copy of %qE must stand "
                      "directly before a %<#pragma mint parallel%> region",
                      d->array);
          else
            error_at (d->loc, "mint: %<fromDevice%> copy of %qE must stand "
                      "directly after a %<#pragma mint parallel%> region",
                      d->array);
          inform (d->loc, "only other copies in the same direction may stand "
                  "in between");
          break;
        case MINT_DIR_FOR:
          report_not_for (&e);
          break;
        default:
          break;
        }
    }
}

static bool
has_directives (tree fn)
{
  for (const directive_entry &e : directives)
    if (e.fndecl == fn)
      return true;
  return false;
}

static void
finish_function_regions (void *gcc_data, void *)
{
  tree fn = (tree) gcc_data;
  memset (&open_parallel, 0, sizeof open_parallel);
  if (!has_directives (fn))
    return;
  int errors = errorcount;
  walk_tree_without_duplicates (&DECL_SAVED_TREE (fn), place_markers_cb, NULL);
  report_misplaced (fn);
  note_errors_since (errors, fn);
}

/* ------------------------------------------------------------------ */
/* Registration.                                                      */

/* Also defines __MINT__, so a program can tell a build with the plugin
   from a plain one (#ifdef __MINT__, like _OPENMP for -fopenmp).  */
static void
register_pragmas (void *, void *)
{
  c_register_pragma_with_expansion (NULL, "mint", handle_pragma_mint);
  mint_define_macro ("__MINT__=1");
}

static const struct ggc_root_tab directive_roots[] = {
  { &kept_trees, 1, sizeof (kept_trees), &gt_ggc_mx_vec_tree_va_gc_,
    &gt_pch_nx_vec_tree_va_gc_ },
  { &marker_decls[0], MARKER_COUNT, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  { &open_parallel.fndecl, 1, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  { &open_parallel.parent_list, 1, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  { &open_parallel.marker, 1, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  LAST_GGC_ROOT_TAB
};

void
mint_directives_register (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_PRAGMAS, register_pragmas, NULL);
  register_callback (plugin_name, PLUGIN_PRE_GENERICIZE,
                     finish_function_regions, NULL);
  register_callback (plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
                     (void *) directive_roots);
}
