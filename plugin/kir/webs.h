/* webs.h -- one local per web of a kernel's variable (plain C, no GCC).

   A C89 body declares its variables once and reuses them: `int k;' counts
   the forward loop of a line sweep and then the backward one.  Each use
   of a local reads the assignments that reach it; the assignments that
   reach a common use, closed under that relation, are a web.  Where a
   local has several webs, each but the one its first value belongs to
   gets a local of its own, named after the variable: each loop's counter
   is then assigned twice, at its start and its step, as the analyses
   take a counter (dependence.h) and as the same body with `for (int k
   = ...)' in each loop is built.  */

#ifndef MINT_WEBS_H
#define MINT_WEBS_H

#include "kir-core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Gives each web of K's locals but the parallel loops' variables and the
   reductions' a local of its own; how many locals it added.  */
int kir_split_webs (struct kir_kernel *k);

#ifdef __cplusplus
}
#endif

#endif /* MINT_WEBS_H */
