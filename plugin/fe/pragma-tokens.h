/* pragma-tokens.h -- the tokens of one `#pragma mint' line, read with
   pragma_lex (pragma-tokens.cc).

   Include after gcc-compat.h and directive.h.  */

#ifndef MINT_PRAGMA_TOKENS_H
#define MINT_PRAGMA_TOKENS_H

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
  /* Set by the expression parser (clause-expr.h): the value of a `sizeof'
     that a product takes as a factor, and whether the expression
     divides; the caller resets them.  */
  tree sizeof_factor;
  bool divides;
};

/* Reads the rest of the pragma line into R.  */
void mint_read_pragma_line (struct token_reader *r);

/* The current token.  */
const token *mint_peek (const struct token_reader *r);

/* The current token, moving past it (never past the CPP_EOF).  */
const token *mint_consume (struct token_reader *r);

/* Consumes a token of TYPE if that is the current one; whether it did.  */
bool mint_accept (struct token_reader *r, enum cpp_ttype type);

/* Consumes a token of TYPE, else reports that SPELLING was expected.  */
bool mint_expect (struct token_reader *r, enum cpp_ttype type,
                  const char *spelling);

/* Whether T is the identifier NAME.  */
bool mint_name_is (const token *t, const char *name);

/* Reports anything left on the line after directive KIND.  */
bool mint_expect_end (struct token_reader *r, enum mint_directive_kind kind);

#endif /* MINT_PRAGMA_TOKENS_H */
