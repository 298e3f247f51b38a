/* marker-call.cc -- the marker calls the front end puts in a function
   body (marker-call.h, directive.h).  */

#include "gcc-compat.h"
#include "directive.h"
#include "marker-call.h"

static const char *const marker_names[MARKER_COUNT] = {
  MINT_MARKER_COPY, MINT_MARKER_PARALLEL, MINT_MARKER_PARALLEL_END,
  MINT_MARKER_FOR, MINT_MARKER_BARRIER, MINT_MARKER_SINGLE,
  MINT_MARKER_SINGLE_END, MINT_MARKER_UPDATE
};

const char *
mint_marker_kind_name (enum marker_kind m)
{
  return marker_names[m];
}

/* Built on first use: the type nodes do not exist yet at plugin_init.  */
static tree marker_decls[MARKER_COUNT];

tree
mint_marker_decl (enum marker_kind m)
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

tree
mint_build_marker_call (location_t loc, enum marker_kind m, int id)
{
  return build_call_expr_loc (loc, mint_marker_decl (m), 1,
                              build_int_cst (integer_type_node, id));
}

/* If STMT is a marker call, its kind (and *ID); else MARKER_NONE.  */

enum marker_kind
mint_marker_call_kind (tree stmt, int *id)
{
  if (TREE_CODE (stmt) != CALL_EXPR)
    return MARKER_NONE;
  tree fn = get_callee_fndecl (stmt);
  for (int m = 0; m < MARKER_COUNT; m++)
    if (fn && fn == marker_decls[m])
      {
        *id = tree_to_shwi (CALL_EXPR_ARG (stmt, 0));
        return (enum marker_kind) m;
      }
  return MARKER_NONE;
}

static const struct ggc_root_tab marker_roots[] = {
  { &marker_decls[0], MARKER_COUNT, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  LAST_GGC_ROOT_TAB
};

void
mint_marker_calls_register (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
                     (void *) marker_roots);
}
