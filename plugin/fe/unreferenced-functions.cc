/* unreferenced-functions.cc -- functions with directives that nothing
   calls are lowered, so checked, and then dropped as GCC would
   (unreferenced-functions.h).  */

#include "gcc-compat.h"
#include "directive.h"
#include "unreferenced-functions.h"

/* The functions whose output this file forced: GCC analyses (lowers)
   only the functions it must output and those they reference.  */
static vec<tree, va_gc> *kept_functions;

static const struct ggc_root_tab kept_function_roots[] = {
  { &kept_functions, 1, sizeof (kept_functions), &gt_ggc_mx_vec_tree_va_gc_,
    &gt_pch_nx_vec_tree_va_gc_ },
  LAST_GGC_ROOT_TAB
};

/* PLUGIN_FINISH_PARSE_FUNCTION: function GCC_DATA, finalized; one with
   directives that GCC need not output is kept until its analysis.  */
static void
keep_function (void *gcc_data, void *)
{
  tree fn = (tree) gcc_data;
  cgraph_node *node = cgraph_node::get (fn);
  if (!node || node->force_output || DECL_PRESERVE_P (fn)
      || decl_function_context (fn) || !mint_has_directives (fn))
    return;
  node->force_output = 1;
  vec_safe_push (kept_functions, fn);
}

/* PLUGIN_ALL_IPA_PASSES_START: every function is analysed; those kept
   are left to GCC, which drops them where nothing references them.  */
static void
release_functions (void *, void *)
{
  for (tree fn : kept_functions)
    if (cgraph_node *node = cgraph_node::get (fn))
      node->force_output = 0;
  vec_free (kept_functions);
}

void
mint_unreferenced_functions_register (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_FINISH_PARSE_FUNCTION, keep_function,
                     NULL);
  register_callback (plugin_name, PLUGIN_ALL_IPA_PASSES_START,
                     release_functions, NULL);
  register_callback (plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
                     (void *) kept_function_roots);
}
