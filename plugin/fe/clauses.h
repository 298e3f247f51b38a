/* clauses.h -- the clauses of `parallel' and `for' (clauses.cc).

   Include after gcc-compat.h.  */

#ifndef MINT_CLAUSES_H
#define MINT_CLAUSES_H

/* parallel [default(shared)]: the rest of R's line.  */
bool mint_parse_parallel_clauses (struct token_reader *r);

/* The clauses of `for' on the rest of R's line, into D, with the checks
   of the block shape they give.  */
bool mint_parse_for_clauses (struct token_reader *r,
                             struct mint_directive *d);

#endif /* MINT_CLAUSES_H */
