/* local-tables.h -- the constant initializers of a function's `const'
   arrays of automatic storage, kept at PLUGIN_PRE_GENERICIZE
   (local-tables.cc): gimplification turns them into stores at each
   call and clears DECL_INITIAL, but a `const' object keeps its initial
   values, so a kernel may read them as a table of constants
   (reference.h, mint_constant_table) as it reads a `static const'
   one.

   Include after gcc-compat.h.  */

#ifndef MINT_LOCAL_TABLES_H
#define MINT_LOCAL_TABLES_H

/* The initializer of DECL, a non-volatile `const' array of automatic
   storage whose declaration gave it a constant one, else NULL_TREE.  */
tree mint_local_table_initializer (tree decl);

void mint_local_tables_register (const char *plugin_name);

#endif /* MINT_LOCAL_TABLES_H */
