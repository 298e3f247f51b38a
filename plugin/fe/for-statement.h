/* for-statement.h -- the statement that follows a `for' directive, at
   PLUGIN_PRE_GENERICIZE (for-statement.cc).

   Include after gcc-compat.h and directive.h.  */

#ifndef MINT_FOR_STATEMENT_H
#define MINT_FOR_STATEMENT_H

/* Checks that a `for' statement of function FN follows the `for' marker
   at I, of directive ID, that no goto enters it past its start, and
   records in the directive its nest and jumps, or what follows where
   none does.  */
void mint_check_for_statement (tree fn, tree_stmt_iterator i, int id);

/* The error for E, a `for' directive without a `for' statement after
   it.  */
void mint_report_not_for (directive_entry *e);

#endif /* MINT_FOR_STATEMENT_H */
