/* extract.h -- a `#pragma mint for` loop nest in GIMPLE -> Kernel IR and
   its plan (extract.cc).

   Include after gcc-compat.h, directive.h, kir.h and nest.h.  */

#ifndef MINT_EXTRACT_H
#define MINT_EXTRACT_H

/* Finds the loop nest that follows NEST->marker, checks it and builds
   NEST->kernel.  COPIES are the toDevice copy directives of the
   enclosing parallel region.  Reports every problem with error_at and
   returns false then.  Needs loop_optimizer_init (LOOPS_NORMAL).  */
bool mint_extract_nest (struct mint_nest *nest,
                        const vec<const struct mint_directive *> &copies);

/* Makes NAME, an offloaded kernel's, a kernel name of the unit, which
   no later kernel gets (a trial's, deepen.h, is claimed only where it is
   kept).  */
void mint_claim_kernel_name (const char *name);

/* Notes the alias classes of NEST->kernel's arrays, reads its flat arrays
   as grids at level 3 and up and plans it into NEST->plan.  The analyses
   of the program's own subscripts (-Wmint-dependence, the alias classes)
   come before: a grid's row cannot tell that u[k*(nx+1) + i] with i up
   to nx + 1 reaches the next row.  */
void mint_plan_nest (struct mint_nest *nest);

#endif /* MINT_EXTRACT_H */
