/* pragma.h -- #pragma mint: the handler and the front end's registration
   (pragma.cc).  */

#ifndef MINT_PRAGMA_H
#define MINT_PRAGMA_H

/* Registers the pragma, the region ends (PLUGIN_PRE_GENERICIZE) and the
   GC roots of the front end.  */
void mint_directives_register (const char *plugin_name);

#endif /* MINT_PRAGMA_H */
