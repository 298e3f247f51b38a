/* clauses.cc -- the clauses of `parallel' and `for' (clauses.h).  */

#include "gcc-compat.h"
#include "mint/mintrt.h"
#include "directive.h"
#include "kir.h"
#include "device-type.h"
#include "pragma-tokens.h"
#include "clause-expr.h"
#include "clauses.h"

/* Bounds tile, chunksize and nest arguments (so their products fit).  */
#define MAX_CLAUSE_VALUE 65536

/* A positive integer constant expression, argument of CLAUSE.  */

static bool
parse_positive_constant (struct token_reader *r, const char *clause,
                         int *value)
{
  location_t loc;
  tree e = mint_parse_folded_expr (r, &loc);
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
  if (!mint_expect (r, CPP_OPEN_PAREN, "("))
    return false;
  int n = 0;
  do
    {
      if (mint_name_is (mint_peek (r), "auto"))
        {
          location_t loc = mint_peek (r)->loc;
          mint_consume (r);
          if (n > 0 || mint_peek (r)->type != CPP_CLOSE_PAREN)
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
          error_at (mint_peek (r)->loc,
                    "mint: %qs takes at most 3 sizes (x, y, z)", clause);
          return false;
        }
      if (!parse_positive_constant (r, clause, &size[n++]))
        return false;
    }
  while (mint_accept (r, CPP_COMMA));
  return mint_expect (r, CPP_CLOSE_PAREN, ")");
}

/* '(' N | all ')'.  */

static bool
parse_nest (struct token_reader *r, int *nest)
{
  if (!mint_expect (r, CPP_OPEN_PAREN, "("))
    return false;
  if (mint_name_is (mint_peek (r), "all"))
    {
      mint_consume (r);
      *nest = MINT_NEST_ALL;
    }
  else
    {
      const token *t = mint_peek (r);
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
  return mint_expect (r, CPP_CLOSE_PAREN, ")");
}

/* A variable of a reduction clause (OP != 0) or a private one: its name,
   which is no structure member or element, and its declaration, which no
   earlier reduction or private clause of D names.  NULL_TREE after an
   error.  */

static tree
parse_clause_var (struct token_reader *r, const struct mint_directive *d,
                  int op, location_t *loc)
{
  const char *clause = op ? "reduction" : "private";
  const token *var = mint_consume (r);
  *loc = var->loc;
  if (var->type != CPP_NAME)
    {
      error_at (var->loc, "mint: expected the name of a %s variable", clause);
      return NULL_TREE;
    }
  if (mint_peek (r)->type == CPP_DEREF || mint_peek (r)->type == CPP_DOT
      || mint_peek (r)->type == CPP_OPEN_SQUARE)
    {
      if (op)
        error_at (var->loc, "mint: the reduction variable must be a "
                  "variable, not a structure member or an array element; "
                  "reduce into a variable and store it after the loop nest");
      else
        error_at (var->loc, "mint: a private variable must be a variable, "
                  "not a structure member or an array element");
      return NULL_TREE;
    }
  tree decl = lookup_name (var->value);
  if (!decl)
    {
      error_at (var->loc, "mint: %qE undeclared", var->value);
      return NULL_TREE;
    }
  bool in_reduction = mint_reduction_of (d, decl) != NULL;
  if (in_reduction || mint_private_clause_p (d, decl))
    {
      if (in_reduction && op)
        error_at (var->loc, "mint: %qE appears in more than one reduction "
                  "clause", var->value);
      else if (!in_reduction && !op)
        error_at (var->loc, "mint: %qE appears more than once in private "
                  "clauses", var->value);
      else
        error_at (var->loc, "mint: %qE appears in both a private and a "
                  "reduction clause", var->value);
      return NULL_TREE;
    }
  tree type;
  mark_exp_read (build_external_ref (var->loc, var->value, false, &type));
  return decl;
}

/* Whether DECL, of a private clause at LOC, is a scalar variable or an
   array of a constant size of elements the device holds; reports why
   not.  */

static bool
check_private_type (tree decl, location_t loc)
{
  tree t = TREE_TYPE (decl);
  bool array = VAR_P (decl) && TREE_CODE (t) == ARRAY_TYPE;
  if (array && TYPE_SIZE_UNIT (t)
      && TREE_CODE (TYPE_SIZE_UNIT (t)) == INTEGER_CST)
    while (TREE_CODE (t) == ARRAY_TYPE)
      t = TREE_TYPE (t);
  if (VAR_P (decl) && is_global_var (decl))
    {
      error_at (loc, "mint: private variable %qD must be a local variable "
                "of the function: a global or static one keeps its value "
                "after the function returns", decl);
      return false;
    }
  if ((VAR_P (decl) || TREE_CODE (decl) == PARM_DECL)
      && mint_device_type_p (t))
    return true;
  if (array && TREE_CODE (t) == ARRAY_TYPE)
    {
      error_at (loc, "mint: private array %qD has a variable length: give "
                "it a constant length (a %<#define%> or an %<enum%> "
                "constant; a %<const%> variable is no constant in C)", decl);
      return false;
    }
  error_at (loc, "mint: private variable %qD must be a scalar variable, or "
            "an array of a constant size, of an integer type of 8 to 64 "
            "bits, %<_Bool%>, %<float%> or %<double%>", decl);
  return false;
}

static void
add_clause_var (struct mint_clause_var **vars, int *n, tree var, int op,
                location_t loc)
{
  *vars = XRESIZEVEC (struct mint_clause_var, *vars, *n + 1);
  (*vars)[(*n)++] = { var, op, loc };
}

/* '(' OP ':' VAR [, VAR]... ')'.  */

static bool
parse_reduction (struct token_reader *r, struct mint_directive *d)
{
  if (!mint_expect (r, CPP_OPEN_PAREN, "("))
    return false;
  const token *tok = mint_consume (r);
  int op;
  if (tok->type == CPP_PLUS)
    op = MINT_RED_ADD;
  else if (tok->type == CPP_MULT)
    op = MINT_RED_MUL;
  else if (mint_name_is (tok, "min"))
    op = MINT_RED_MIN;
  else if (mint_name_is (tok, "max"))
    op = MINT_RED_MAX;
  else
    {
      error_at (tok->loc, "mint: unknown reduction operator; expected %<+%>, "
                "%<*%>, %<min%> or %<max%>");
      return false;
    }
  if (!mint_expect (r, CPP_COLON, ":"))
    return false;
  do
    {
      location_t loc;
      tree decl = parse_clause_var (r, d, op, &loc);
      if (!decl)
        return false;
      if ((!VAR_P (decl) && TREE_CODE (decl) != PARM_DECL)
          || !mint_device_type_p (TREE_TYPE (decl)))
        {
          error_at (loc, "mint: reduction variable %qD must be a scalar "
                    "variable of an integer type of 8 to 64 bits, %<_Bool%>, "
                    "%<float%> or %<double%>", decl);
          if (POINTER_TYPE_P (TREE_TYPE (decl))
              && mint_device_type_p (TREE_TYPE (TREE_TYPE (decl))))
            inform (loc, "reduce into a local variable and store it "
                    "through %qD after the loop nest", decl);
          return false;
        }
      add_clause_var (&d->reductions, &d->nreductions, decl, op, loc);
    }
  while (mint_accept (r, CPP_COMMA));
  return mint_expect (r, CPP_CLOSE_PAREN, ")");
}

/* '(' VAR [, VAR]... ')'.  */

static bool
parse_private (struct token_reader *r, struct mint_directive *d)
{
  if (!mint_expect (r, CPP_OPEN_PAREN, "("))
    return false;
  do
    {
      location_t loc;
      tree decl = parse_clause_var (r, d, 0, &loc);
      if (!decl || !check_private_type (decl, loc))
        return false;
      add_clause_var (&d->privates, &d->nprivates, decl, 0, loc);
    }
  while (mint_accept (r, CPP_COMMA));
  return mint_expect (r, CPP_CLOSE_PAREN, ")");
}

/* parallel [default(shared)].  */

bool
mint_parse_parallel_clauses (struct token_reader *r)
{
  bool seen_default = false;
  while (mint_peek (r)->type != CPP_EOF)
    {
      mint_accept (r, CPP_COMMA);
      const token *t = mint_peek (r);
      if (t->type != CPP_NAME)
        return mint_expect_end (r, MINT_DIR_PARALLEL);
      mint_consume (r);
      if (!mint_name_is (t, "default"))
        {
          error_at (t->loc, "mint: unknown clause %qE for "
                    "%<#pragma mint parallel%>", t->value);
          if (mint_name_is (t, "for"))
            inform (t->loc, "mint has no combined %<parallel for%>: "
                    "%<#pragma mint parallel%> opens a region %<{ ... }%>, "
                    "and %<#pragma mint for%> inside it marks each nest");
          else
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
      if (!mint_expect (r, CPP_OPEN_PAREN, "("))
        return false;
      const token *v = mint_consume (r);
      if (!mint_name_is (v, "shared"))
        {
          error_at (v->loc, "mint: only %<default(shared)%> is supported");
          return false;
        }
      if (!mint_expect (r, CPP_CLOSE_PAREN, ")"))
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
  CLAUSE_PRIVATE,
  CLAUSE_COUNT
};

static const char *const for_clause_names[CLAUSE_COUNT] = {
  "nest", "tile", "chunksize", "reduction", "nowait", "independent", "private"
};

/* The clauses that may appear more than once (OpenMP's list clauses).  */
static bool
repeatable_clause_p (enum for_clause c)
{
  return c == CLAUSE_REDUCTION || c == CLAUSE_PRIVATE;
}

/* Tile sizes divisible by chunk sizes, at most 1024 threads per block
   in the dimensions the nest clause parallelizes (the pass warns that
   it ignores the others).  Only what the clauses give is checked here:
   the defaults of the other dimensions depend on the loop nest, which
   the pass checks.  */

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
  int dims = d->nest == MINT_NEST_ALL ? 3 : d->nest;
  for (int i = 0; i < dims; i++)
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
    case CLAUSE_PRIVATE:
      return parse_private (r, d);
    case CLAUSE_COUNT:
      break;
    }
  gcc_unreachable ();
}

/* for [nest(N|all)] [tile(...|auto)] [chunksize(...|auto)] [nowait]
       [reduction(OP:VAR[, VAR]...)]... [private(VAR[, VAR]...)]...
       [independent], clauses in any order, optionally comma-separated.  */

bool
mint_parse_for_clauses (struct token_reader *r, struct mint_directive *d)
{
  bool seen[CLAUSE_COUNT] = { false };
  while (mint_peek (r)->type != CPP_EOF)
    {
      mint_accept (r, CPP_COMMA);
      const token *t = mint_peek (r);
      if (t->type != CPP_NAME)
        return mint_expect_end (r, MINT_DIR_FOR);
      mint_consume (r);
      int c;
      for (c = 0; c < CLAUSE_COUNT; c++)
        if (mint_name_is (t, for_clause_names[c]))
          break;
      if (c == CLAUSE_COUNT)
        {
          error_at (t->loc, "mint: unknown clause %qE for "
                    "%<#pragma mint for%>", t->value);
          inform (t->loc, "the clauses of %<for%> are %<nest%>, %<tile%>, "
                  "%<chunksize%>, %<nowait%>, %<reduction%>, %<private%> "
                  "and %<independent%>");
          return false;
        }
      if (seen[c] && !repeatable_clause_p ((enum for_clause) c))
        {
          error_at (t->loc, "mint: duplicate %qs clause", for_clause_names[c]);
          return false;
        }
      if (c < CLAUSE_NOWAIT && !seen[c])
        d->clause_loc[c] = t->loc;
      seen[c] = true;
      if (!parse_for_clause (r, (enum for_clause) c, d))
        return false;
    }
  return check_block_shape (d);
}
