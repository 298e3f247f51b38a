/* pass.h -- the GIMPLE pass "mint" (after "cfg"): loop nests -> Kernel IR,
   host code -> libmintrt calls.  */
#ifndef MINT_PASS_H
#define MINT_PASS_H

/* Registers the pass with the pass manager (PLUGIN_PASS_MANAGER_SETUP).  */
void mint_pass_register (const char *plugin_name);

#endif /* MINT_PASS_H */
