/* local-tables.cc -- the constant initializers of a function's `const'
   arrays of automatic storage (local-tables.h).  */

#include "gcc-compat.h"
#include "local-tables.h"

/* Pairs of a declaration and a copy of its initializer, both kept from
   the collector: the initializer is no longer reachable once
   gimplified.  */
static vec<tree, va_gc> *local_tables;

static const struct ggc_root_tab local_table_roots[] = {
  { &local_tables, 1, sizeof (local_tables), &gt_ggc_mx_vec_tree_va_gc_,
    &gt_pch_nx_vec_tree_va_gc_ },
  LAST_GGC_ROOT_TAB
};

/* Whether DECL is an array that the C rules keep at the constant
   initializer its declaration gives: writing a `const' object is
   undefined.  */
static bool
constant_local_array_p (tree decl)
{
  tree init = DECL_INITIAL (decl);
  return VAR_P (decl) && !TREE_STATIC (decl) && !DECL_EXTERNAL (decl)
         && TREE_READONLY (decl) && !TREE_THIS_VOLATILE (decl)
         && TREE_CODE (TREE_TYPE (decl)) == ARRAY_TYPE && init
         && (TREE_CODE (init) == STRING_CST
             || (TREE_CODE (init) == CONSTRUCTOR && TREE_CONSTANT (init)));
}

static tree
record_cb (tree *tp, int *, void *)
{
  if (TREE_CODE (*tp) == DECL_EXPR
      && constant_local_array_p (DECL_EXPR_DECL (*tp)))
    {
      tree decl = DECL_EXPR_DECL (*tp);
      vec_safe_push (local_tables, decl);
      /* A copy: gimplification empties the constructor where it clears
         the array before storing the elements that are not zero.  */
      vec_safe_push (local_tables, unshare_expr (DECL_INITIAL (decl)));
    }
  return NULL_TREE;
}

/* PLUGIN_PRE_GENERICIZE: the tables of function GCC_DATA.  */
static void
record_local_tables (void *gcc_data, void *)
{
  tree fn = (tree) gcc_data;
  walk_tree_without_duplicates (&DECL_SAVED_TREE (fn), record_cb, NULL);
}

tree
mint_local_table_initializer (tree decl)
{
  for (unsigned i = 0; i + 1 < vec_safe_length (local_tables); i += 2)
    if ((*local_tables)[i] == decl)
      return (*local_tables)[i + 1];
  return NULL_TREE;
}

void
mint_local_tables_register (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_PRE_GENERICIZE, record_local_tables,
                     NULL);
  register_callback (plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
                     (void *) local_table_roots);
}
