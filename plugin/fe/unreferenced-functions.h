/* unreferenced-functions.h -- functions with directives that nothing
   calls are checked too (unreferenced-functions.cc).  When optimizing,
   GCC drops a static function that nothing references before lowering
   it, so the pass "mint" never saw it and the errors of its directives
   came only at -O0; GCC's own diagnostics of such a function come at
   every level.

   Include after gcc-compat.h.  */

#ifndef MINT_UNREFERENCED_FUNCTIONS_H
#define MINT_UNREFERENCED_FUNCTIONS_H

void mint_unreferenced_functions_register (const char *plugin_name);

#endif /* MINT_UNREFERENCED_FUNCTIONS_H */
