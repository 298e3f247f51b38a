/* data-directive.cc -- the arguments of the data directives, copy and
   update (data-directive.h): the array, its direction, and its extents or
   ranges, checked against the array's type; and the marker's host
   key.  */

#include "gcc-compat.h"
#include "directive.h"
#include "kir.h"
#include "member.h"
#include "device-type.h"
#include "pragma-tokens.h"
#include "clause-expr.h"
#include "data-directive.h"

/* An array whose element type was reported, and the function of the
   directive.  */
struct reported_element_type
{
  tree fn;
  tree array;
};
static vec<reported_element_type> reported_element_types;

/* Reports ELEM, the element type of ARRAY at LOC, which the device code
   cannot hold: once per array and function, as GCC reports an undeclared
   name (the copies to and from the device name it both).  */
static void
report_element_type (location_t loc, tree elem, tree array)
{
  for (const reported_element_type &r : reported_element_types)
    if (r.fn == current_function_decl && mint_same_object (r.array, array))
      return;
  error_at (loc, "mint: element type %qT of %qE is not supported; use an "
            "integer type of 8 to 64 bits, %<_Bool%>, %<float%> or "
            "%<double%>", elem, array);
  reported_element_type r = { current_function_decl, array };
  reported_element_types.safe_push (r);
  mint_keep_tree (array);
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
      for (elem = type; TREE_CODE (elem) == ARRAY_TYPE;
           elem = TREE_TYPE (elem))
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
      for (elem = type; TREE_CODE (elem) == POINTER_TYPE;
           elem = TREE_TYPE (elem))
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
      report_element_type (loc, elem, array);
      return false;
    }
  d->elem_type = TYPE_MAIN_VARIANT (elem);
  d->elem_size = tree_to_uhwi (TYPE_SIZE_UNIT (elem));
  return true;
}

/* The address of ARRAY's first element (mintrt.h's host key), REF being
   a reference to ARRAY of rank RANK.  */

static tree
build_host_key (location_t loc, tree ref, enum mint_array_style style,
                int rank)
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
  tree e = mint_parse_folded_expr (r, &loc);
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

/* Reports the cast at R, after a '(' where D names its array
   (`copy((double *) a, ...)'), and skips its type: the array after it,
   refused with the directive so that its uses get no second error, or
   error_mark_node.  */
static tree
report_cast_of_array (struct token_reader *r, const struct mint_directive *d)
{
  error_at (mint_peek (r)->loc, "mint: %qs names an array, a variable or "
            "a structure member, not a cast: name the array itself",
            mint_directive_name (d->kind));
  while (mint_peek (r)->type != CPP_CLOSE_PAREN
         && mint_peek (r)->type != CPP_EOF)
    mint_consume (r);
  if (!mint_accept (r, CPP_CLOSE_PAREN) || mint_peek (r)->type != CPP_NAME)
    return error_mark_node;
  return mint_parse_postfix (r);
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
  if (!mint_expect (r, CPP_OPEN_PAREN, "("))
    return false;
  /* `copy(U, ...)' where a macro U is `(a)'.  */
  int parens = 0;
  for (; mint_peek (r)->type == CPP_OPEN_PAREN; parens++)
    mint_consume (r);
  const token *arr = mint_peek (r);
  if (parens > 0 && mint_type_name_start_p (arr))
    {
      tree array = report_cast_of_array (r, d);
      if (array != error_mark_node)
        d->array = c_fully_fold (array, false, NULL);
      return false;
    }
  if (arr->type != CPP_NAME)
    {
      error_at (arr->loc, "mint: expected the name of an array");
      return false;
    }
  tree array = mint_parse_postfix (r);
  if (array == error_mark_node)
    return false;
  array = c_fully_fold (array, false, NULL);
  /* An arithmetic operator after the name (cpplib's first group of
     tokens, `=' to `<<'): `u + 1' names no array.  */
  const token *op = mint_peek (r);
  bool expression = op->type <= CPP_LAST_EQ;
  if (expression
      || (!VAR_P (array) && TREE_CODE (array) != PARM_DECL
          && !mint_member_ref_p (array)))
    {
      error_at (arr->loc, "mint: %qs takes a variable or a structure "
                "member (%<g->u%>, %<s.a%>, with constant subscripts "
                "only)", mint_directive_name (d->kind));
      if (expression)
        {
          /* Refused (mint_refuse_copy): its uses get no second error.  */
          d->array = array;
          inform (op->loc, "an expression names no array: %s %qE itself, "
                  "and add the offset to its subscripts in the loop nest",
                  mint_directive_name (d->kind), array);
        }
      else if (TREE_CODE (array) == ARRAY_REF
               && POINTER_TYPE_P (TREE_TYPE (array)))
        inform (arr->loc, "an element of an array of pointers is neither: "
                "set a pointer variable to it before the region (%<double "
                "*q0 = q[0];%>) and copy and use that, or keep the arrays "
                "as planes of one array (%<double (*q)[NZ][NX]%> indexed "
                "%<q[ll][k][i]%>, or a flat index)");
      return false;
    }
  d->array = array;
  if (!classify_array (arr->loc, array, d, rank))
    return false;
  *loc = arr->loc;
  for (; parens > 0; parens--)
    if (!mint_expect (r, CPP_CLOSE_PAREN, ")"))
      return false;

  if (!mint_expect (r, CPP_COMMA, ","))
    return false;
  const token *dir = mint_consume (r);
  if (mint_name_is (dir, directions[0]))
    d->direction = MINT_TO_DEVICE;
  else if (mint_name_is (dir, directions[1]))
    d->direction = MINT_FROM_DEVICE;
  else
    {
      if (dir->type == CPP_NAME)
        error_at (dir->loc, "mint: unknown %s direction %qE; expected %qs "
                  "or %qs", mint_directive_name (d->kind), dir->value,
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

/* An extent or a range's count WHAT of D's array: an integer
   (parse_integer) that counts elements.  A product with the size of an
   element (`n * sizeof (double)', cudaMemcpy's bytes), without a
   division, counts bytes: its copy would run past the array.  */

static tree
parse_count (struct token_reader *r, const struct mint_directive *d,
             const char *what)
{
  location_t loc = mint_peek (r)->loc;
  r->sizeof_factor = NULL_TREE;
  r->divides = false;
  tree e = parse_integer (r, what, d->kind == MINT_DIR_UPDATE);
  if (e != error_mark_node && r->sizeof_factor && !r->divides
      && d->elem_size > 1
      && compare_tree_int (r->sizeof_factor, d->elem_size) == 0)
    {
      error_at (loc, "mint: the %s of %qE multiplies by the size of its "
                "element: it counts bytes, where %qs counts elements", what,
                d->array, mint_directive_name (d->kind));
      inform (loc, "drop the %<sizeof%> factor");
      return error_mark_node;
    }
  return e;
}

/* What SYN's axis I of D's array gives, into ARGS (extents: ARGS[I];
   ranges: start and count in ARGS[2I], ARGS[2I+1]).  */

static bool
parse_axis (struct token_reader *r, const struct mint_directive *d,
            const struct data_syntax *syn, int i, tree args[MINT_DATA_ARGS])
{
  if (!syn->ranges)
    return (args[i] = parse_count (r, d, "array extent")) != error_mark_node;
  args[2 * i] = parse_integer (r, "update range start", true);
  if (args[2 * i] == error_mark_node || !mint_expect (r, CPP_COLON, ":"))
    return false;
  args[2 * i + 1] = parse_count (r, d, "update range count");
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

bool
mint_parse_data_directive (struct token_reader *r, struct mint_directive *d,
                           tree *key, tree args[MINT_DATA_ARGS])
{
  const struct data_syntax *syn
    = d->kind == MINT_DIR_COPY ? &copy_syntax : &update_syntax;
  const char *name = mint_directive_name (d->kind);
  location_t array_loc;
  int rank;
  if (!parse_array_direction (r, d, syn->directions, &array_loc, &rank))
    return false;

  const token *after = mint_peek (r);
  if (after->type == CPP_CLOSE_PAREN || after->type == CPP_EOF)
    {
      error_at (after->loc, "mint: %qs of %qE needs its %s %qs", name,
                d->array, syn->items, syn->form);
      return false;
    }
  if (!mint_expect (r, CPP_COMMA, ","))
    return false;
  int n = 0, most = rank == 4 ? 4 : 3;
  do
    {
      if (n == most)
        {
          if (most == 4)
            error_at (mint_peek (r)->loc, "mint: %qs takes at most 4 %s %s",
                      name, syn->items, syn->most_4d);
          else
            error_at (mint_peek (r)->loc, "mint: %qs takes at most 3 %s %s "
                      "of %qE, which is no 4-D array", name, syn->items,
                      syn->most, d->array);
          return false;
        }
      if (!parse_axis (r, d, syn, n++, args))
        return false;
    }
  while (mint_accept (r, CPP_COMMA));
  if (!mint_expect (r, CPP_CLOSE_PAREN, ")"))
    return false;

  if (d->style != MINT_ARRAY_FLAT && n != rank)
    {
      error_n (array_loc, rank, "mint: %qE has %d dimension but %d %s %s "
               "given", "mint: %qE has %d dimensions but %d %s %s given",
               d->array, rank, n,
               n > 1 ? syn->items : syn->ranges ? "range" : "extent",
               n > 1 ? "were" : "was");
      if (d->style == MINT_ARRAY_VLA_POINTER && n == rank - 1 && rank > 2)
        inform (array_loc, "%qE points to a whole array, %qT: its last %s "
                "is the number of such arrays (%qs for the one it points "
                "to)", d->array, TREE_TYPE (TREE_TYPE (d->array)),
                syn->ranges ? "range" : "extent", syn->ranges ? "0:1" : "1");
      else if (rank == 1)
        inform (array_loc, "%qE is one-dimensional: give one %s, its "
                "length (a pointer to its first element, as %<double *%>, "
                "takes one per axis of the grid it holds)", d->array,
                syn->ranges ? "range" : "extent");
      else
        inform (array_loc, "give one %s per dimension, the fastest-varying "
                "first (%<%s, %s%> for %<double (*a)[nx]%>)",
                syn->ranges ? "range" : "extent",
                syn->ranges ? "0:nx" : "nx", syn->ranges ? "0:ny" : "ny");
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
