/* pragma-tokens.cc -- the tokens of one `#pragma mint' line
   (pragma-tokens.h).  */

#include "gcc-compat.h"
#include "directive.h"
#include "pragma-tokens.h"

void
mint_read_pragma_line (struct token_reader *r)
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
  r->sizeof_factor = NULL_TREE;
  r->divides = false;
}

const token *
mint_peek (const struct token_reader *r)
{
  return &r->tokens[r->pos];
}

/* The current token, moving past it (never past the CPP_EOF).  */

const token *
mint_consume (struct token_reader *r)
{
  const token *t = mint_peek (r);
  if (t->type != CPP_EOF)
    r->pos++;
  return t;
}

bool
mint_accept (struct token_reader *r, enum cpp_ttype type)
{
  if (mint_peek (r)->type != type)
    return false;
  mint_consume (r);
  return true;
}

/* Consumes a token of TYPE, else reports that SPELLING was expected.  */

bool
mint_expect (struct token_reader *r, enum cpp_ttype type, const char *spelling)
{
  if (mint_accept (r, type))
    return true;
  const token *t = mint_peek (r);
  if (t->type == CPP_EOF)
    error_at (t->loc, "mint: expected %qs at end of line", spelling);
  else
    error_at (t->loc, "mint: expected %qs", spelling);
  return false;
}

bool
mint_name_is (const token *t, const char *name)
{
  return t->type == CPP_NAME
         && strcmp (IDENTIFIER_POINTER (t->value), name) == 0;
}

/* Reports anything left on the line after directive KIND.  */

bool
mint_expect_end (struct token_reader *r, enum mint_directive_kind kind)
{
  const token *t = mint_peek (r);
  if (t->type == CPP_EOF)
    return true;
  error_at (t->loc, "mint: junk at end of %<#pragma mint %s%>",
            mint_directive_name (kind));
  return false;
}
