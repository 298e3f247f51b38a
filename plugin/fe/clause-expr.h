/* clause-expr.h -- C expressions in the arguments of directives and
   clauses (clause-expr.cc).

   Include after gcc-compat.h and pragma-tokens.h.  */

#ifndef MINT_CLAUSE_EXPR_H
#define MINT_CLAUSE_EXPR_H

/* A primary expression with its postfix [i], ->f and .f, or
   error_mark_node (reported).  */
tree mint_parse_postfix (struct token_reader *r);

/* Whether T starts a type name: a type keyword or a typedef name.  */
bool mint_type_name_start_p (const token *t);

/* An expression, as a folded rvalue, or error_mark_node; its first
   token's location into *START.  */
tree mint_parse_folded_expr (struct token_reader *r, location_t *start);

#endif /* MINT_CLAUSE_EXPR_H */
