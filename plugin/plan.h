/* plan.h -- the plan of a kernel (plain C, no GCC, no CUDA text).

   The analyses of a Kernel IR kernel and the optimizer's decisions for
   it, computed once: the printers (emit-*.h) print a kernel from (IR,
   plan) and decide nothing, and -fplugin-arg-mint-verbose prints the
   plan.  */

#ifndef MINT_PLAN_H
#define MINT_PLAN_H

#include "kir.h"
#include "stencil.h"
#include "plan-level.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The plan of K at its launch shape, into P: its level (plan_level), the
   cells of level 3 (plan-level3.h), its MINT_SHARED_SUFFIX twin where
   CLASSES (plan_shape_classes) has arrays share strides, and its
   description.  INFO is K's analysis.  */
void plan_shape (const struct kir_kernel *k, const struct stencil_info *info,
                 const char *classes, struct level_plan *p);
void plan_shape_free (struct level_plan *p);

#ifdef __cplusplus
}
#endif

#endif /* MINT_PLAN_H */
