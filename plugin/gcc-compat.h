/* gcc-compat.h -- the GCC headers mint.so uses, in the order GCC needs,
   plus wrappers for the API differences between GCC versions.

   Every GCC-facing .cc file of the plugin includes this header first and
   calls the mint_* wrappers below instead of the GCC functions they wrap,
   so a new GCC version is handled in this one place.  Built and tested
   against GCC 12; the GCC 13+ branches follow those releases' headers.  */

#ifndef MINT_GCC_COMPAT_H
#define MINT_GCC_COMPAT_H

#include "gcc-plugin.h"
#include "plugin-version.h"
/* c-common.h must precede diagnostic-core.h (C format checking).  */
#include "c-family/c-common.h"
#include "c-family/c-pragma.h"
#include "c-tree.h"
#include "tree.h"
#include "tree-iterator.h"
#include "stringpool.h"
#include "stor-layout.h"
#include "fold-const.h"
#include "varasm.h"
#include "attribs.h"
#include "context.h"
#include "tree-pass.h"
#include "function.h"
#include "basic-block.h"
#include "cfghooks.h"
#include "cfgloop.h"
#include "tree-cfg.h"
#include "gimple.h"
#include "internal-fn.h"
#include "gimple-iterator.h"
#include "gimplify.h"
#include "gimplify-me.h"
#include "tree-eh.h"
#include "value-range.h"
#include "tree-ssanames.h"
#include "gimple-pretty-print.h"
#include "tree-pretty-print.h"
#include "print-tree.h"
#include "cgraph.h"
#include "calls.h"
#include "langhooks.h"
#include "diagnostic.h"
#include "intl.h"
#include "opts.h"
#include "toplev.h"
#include "file-prefix-map.h"

/* The source file of LOC as the program names it (__FILE__), after
   -fmacro-prefix-map and -ffile-prefix-map: what the object records of
   it, for reproducible builds; "" where LOC has none.  */
static inline const char *
mint_source_file (location_t loc)
{
  const char *file = LOCATION_FILE (loc);
  return file ? remap_macro_filename (file) : "";
}

/* The C front end's entry points mint's pragma handling calls.  The driver
   also loads the plugin into lto1 (with -flto on the link line), which has
   no C front end: weak references let mint.so load there, and
   mint_c_front_end_p says whether they exist.  */
#define MINT_C_FRONT_END_FUNCTIONS(X)                                   \
  X (enum cpp_ttype, pragma_lex, (tree *, location_t *))                \
  X (tree, lookup_name, (tree))                                         \
  X (tree, c_fully_fold, (tree, bool, bool *, bool))                    \
  X (void, mark_exp_read, (tree))                                       \
  X (tree, build_unary_op, (location_t, enum tree_code, tree, bool))    \
  X (tree, build_array_ref, (location_t, tree, tree))                   \
  X (tree, build_binary_op, (location_t, enum tree_code, tree, tree, bool)) \
  X (void, keep_next_level, (void))                                     \
  X (stmt_tree, current_stmt_tree, (void))                              \
  X (tree, build_external_ref, (location_t, tree, bool, tree *))        \
  X (tree, build_indirect_ref, (location_t, tree, ref_operator))        \
  X (tree, default_conversion, (tree))                                  \
  X (tree, build_c_cast, (location_t, tree, tree))                      \
  X (tree, c_sizeof_or_alignof_type, (location_t, tree, bool, bool, int)) \
  X (tree, identifier_global_value, (tree))                             \
  X (tree, add_stmt, (tree))                                            \
  X (tree, c_objc_common_truthvalue_conversion, (location_t, tree))     \
  X (tree, build_conditional_expr,                                      \
     (location_t, tree, bool, tree, tree, location_t, tree, tree,       \
      location_t))                                                      \
  X (tree, c_build_function_call_vec,                                   \
     (location_t, const vec<location_t> &, tree, vec<tree, va_gc> *,    \
      vec<tree, va_gc> *))                                              \
  X (void, c_register_pragma_with_expansion,                            \
     (const char *, const char *, pragma_handler_1arg))
#define MINT_WEAK_DECL(RET, NAME, ARGS) extern RET NAME ARGS __attribute__ ((weak));
MINT_C_FRONT_END_FUNCTIONS (MINT_WEAK_DECL)
#undef MINT_WEAK_DECL
/* c-family's preprocessor reader and language flag, which lto1 and f951
   lack too.  */
extern cpp_reader *parse_in __attribute__ ((weak));
extern int flag_isoc99 __attribute__ ((weak));
#if GCCPLUGIN_VERSION_MAJOR >= 13
extern tree build_component_ref (location_t, tree, tree, location_t, location_t)
  __attribute__ ((weak));
#else
extern tree build_component_ref (location_t, tree, tree, location_t)
  __attribute__ ((weak));
#endif

/* Whether this compiler is the C front end (cc1), as opposed to lto1 or
   another language's compiler.  */
static inline bool
mint_c_front_end_p (void)
{
  return keep_next_level != NULL
         && strncmp (lang_hooks.name, "GNU C", 5) == 0
         && strncmp (lang_hooks.name, "GNU C++", 7) != 0;
}

/* Define the macro DEFINITION ("NAME=VALUE") for the unit being compiled,
   as -D would.  Input that is already preprocessed (the compile step of
   -save-temps) gets no macros, as it gets none of GCC's own.  Plugins
   register their pragmas before the debug information is set up: -g3's
   callback, which records each definition there, crashed cc1 on this one,
   so no callback sees it (nor does -dD's listing, which -dM's keeps).  */
static inline void
mint_define_macro (const char *definition)
{
  if (cpp_get_options (parse_in)->preprocessed)
    return;
  cpp_callbacks *callbacks = cpp_get_callbacks (parse_in);
  void (*define) (cpp_reader *, location_t, cpp_hashnode *)
    = callbacks->define;
  callbacks->define = NULL;
  cpp_define (parse_in, definition);
  callbacks->define = define;
}

/* GCC's auto-host.h defines these for GCC itself; mint's config.h gives
   them mint's values.  */
#undef PACKAGE_BUGREPORT
#undef PACKAGE_NAME
#undef PACKAGE_STRING
#undef PACKAGE_TARNAME
#undef PACKAGE_URL
#undef PACKAGE_VERSION
#include "config.h"

/* The GCC these headers belong to (plugin-version.h's statics, used by
   plugin_init's version check; referencing them here keeps other files
   free of unused-variable warnings).  */
static inline struct plugin_gcc_version *
mint_built_for_gcc (void)
{
  return &gcc_version;
}

/* The last non-debug statement of BB, or NULL.  (GCC 14 removed
   last_stmt.)  */
static inline gimple *
mint_last_stmt (basic_block bb)
{
  return gsi_stmt (gsi_last_nondebug_bb (bb));
}

/* The next token of the current pragma line; CPP_EOF at its end.  */
static inline enum cpp_ttype
mint_pragma_lex (tree *value, location_t *loc)
{
  return pragma_lex (value, loc);
}

/* DATUM.FIELD, DATUM a struct or union lvalue.  */
static inline tree
mint_build_component_ref (location_t loc, tree datum, tree field,
                          location_t field_loc)
{
#if GCCPLUGIN_VERSION_MAJOR >= 13
  /* GCC 13 added the location of a '->' for fix-it hints.  */
  return build_component_ref (loc, datum, field, field_loc, UNKNOWN_LOCATION);
#else
  return build_component_ref (loc, datum, field, field_loc);
#endif
}

/* Whether STMT is a C loop or switch of the front end's GENERIC, which
   a break or continue inside it stays in.  Since GCC 12 the C front end
   keeps them as FOR_STMT etc. until c_genericize; before, it lowered them
   to gotos (and break/continue to gotos to labels inside the loop).  */
static inline bool
mint_breakable_stmt_p (tree stmt)
{
#if GCCPLUGIN_VERSION_MAJOR >= 12
  switch (TREE_CODE (stmt))
    {
    case FOR_STMT: case WHILE_STMT: case DO_STMT: case SWITCH_STMT:
      return true;
    default:
      return false;
    }
#else
  return false;
#endif
}

/* Whether the front end's GENERIC still has C's loop statements when
   PLUGIN_PRE_GENERICIZE runs, so that a directive can tell a `for' from a
   `while' or a loop made of labels and gotos.  */
#define MINT_HAVE_LOOP_STMTS (GCCPLUGIN_VERSION_MAJOR >= 12)

/* The keyword of STMT if it is a C loop statement ("for", "while", "do"),
   else NULL; *BODY is then its body.  */
static inline const char *
mint_loop_statement (tree stmt, tree *body)
{
#if MINT_HAVE_LOOP_STMTS
  switch (TREE_CODE (stmt))
    {
    case FOR_STMT: *body = FOR_BODY (stmt); return "for";
    case WHILE_STMT: *body = WHILE_BODY (stmt); return "while";
    case DO_STMT: *body = DO_BODY (stmt); return "do";
    default: break;
    }
#endif
  *body = NULL_TREE;
  return NULL;
}

/* The condition of STMT where it is a `for' statement, else NULL.  */
static inline tree *
mint_for_condition (tree stmt)
{
#if MINT_HAVE_LOOP_STMTS
  if (TREE_CODE (stmt) == FOR_STMT)
    return &FOR_COND (stmt);
#endif
  (void) stmt;
  return NULL;
}

/* The front end's `for (; COND; INCR) BODY' (only where
   MINT_HAVE_LOOP_STMTS); built without c-family's build_stmt, which lto1
   lacks.  */
static inline tree
mint_build_for_stmt (location_t loc, tree cond, tree incr, tree body)
{
#if MINT_HAVE_LOOP_STMTS
  tree t = build5 (FOR_STMT, void_type_node, NULL_TREE, cond, incr, body,
                   NULL_TREE);
  SET_EXPR_LOCATION (t, loc);
  TREE_SIDE_EFFECTS (t) = 1;
  return t;
#else
  (void) loc, (void) cond, (void) incr, (void) body;
  gcc_unreachable ();
#endif
}

/* Whether a call of FNDECL, or of internal function IFN where FNDECL is
   NULL, is a check -fsanitize added (undefined: array bounds and others,
   or the report of a division or a shift; address: a local's scope): it
   computes nothing, and device code runs without it.  */
static inline bool
mint_sanitizer_call_p (tree fndecl, internal_fn ifn)
{
  if (fndecl)
    return fndecl_built_in_p (fndecl, BUILT_IN_NORMAL) && DECL_NAME (fndecl)
           && startswith (IDENTIFIER_POINTER (DECL_NAME (fndecl)),
                          "__builtin___ubsan_handle_");
  switch (ifn)
    {
    case IFN_UBSAN_BOUNDS:
    case IFN_UBSAN_NULL:
    case IFN_UBSAN_OBJECT_SIZE:
    case IFN_UBSAN_PTR:
    case IFN_UBSAN_VPTR:
    case IFN_ASAN_CHECK:
    case IFN_ASAN_MARK:
      return true;
    default:
      return false;
    }
}

/* The body of STMT where it is a C loop or switch statement
   (mint_breakable_stmt_p), else NULL; *LOOP says whether it is a loop.  */
static inline tree *
mint_breakable_body (tree stmt, bool *loop)
{
  *loop = true;
#if GCCPLUGIN_VERSION_MAJOR >= 12
  switch (TREE_CODE (stmt))
    {
    case FOR_STMT: return &FOR_BODY (stmt);
    case WHILE_STMT: return &WHILE_BODY (stmt);
    case DO_STMT: return &DO_BODY (stmt);
    case SWITCH_STMT: *loop = false; return &SWITCH_STMT_BODY (stmt);
    default: break;
    }
#endif
  (void) stmt;
  return NULL;
}

/* The keyword of STMT if it is a break or continue statement, else NULL.  */
static inline const char *
mint_break_or_continue (tree stmt)
{
#if GCCPLUGIN_VERSION_MAJOR >= 12
  if (TREE_CODE (stmt) == BREAK_STMT)
    return "break";
  if (TREE_CODE (stmt) == CONTINUE_STMT)
    return "continue";
#endif
  return NULL;
}

#endif /* MINT_GCC_COMPAT_H */
