/* body-checks.h -- the checks of a loop nest's body before it becomes a
   kernel (body-checks.cc).

   Include after gcc-compat.h, directive.h, kir.h and nest.h.  */

#ifndef MINT_BODY_CHECKS_H
#define MINT_BODY_CHECKS_H

/* Collects the variables the nest assigns.  */
void mint_collect_nest_writes (struct extract_ctx *cx);

/* Checks the parallel loop variables are assigned only by their loop
   control and classifies what the body assigns: private locals, the
   reduction variable, or data races.  */
bool mint_check_assignments (struct extract_ctx *cx);

/* The first block of a point: where the innermost parallel loop's
   condition goes on looping.  */
basic_block mint_body_entry (struct extract_ctx *cx);

/* Reports the variables declared outside the nest whose values the host
   loops carry from point to point, or out of the nest, where a kernel
   would not.  */
bool mint_check_carried_variables (struct extract_ctx *cx);

/* Reports the read READ (IN_BODY: by a point before it sets VAR, else
   after the nest) of VAR, declared outside the nest, that a point
   assigns or that is private to each point.  */
void mint_report_carried_read (struct extract_ctx *cx, tree var,
                               gimple *read, bool in_body);

/* Whether V is a variable the loop body declares, of a scalar type the
   device code cannot hold (a long double), that the body never reads:
   the kernel leaves its assignments out.  */
bool mint_unread_unholdable_p (struct extract_ctx *cx, tree v);

/* Marks what the body's blocks BBS (NBBS of them) need, from their
   effects back through the temporaries; reports what a kernel cannot
   do.  */
void mint_mark_needed (struct extract_ctx *cx, basic_block *bbs,
                       unsigned nbbs);

/* Whether the kernel leaves call S out: a check -fsanitize added, or a
   prefetch.  */
bool mint_call_left_out_p (gimple *s);

/* The name kir_math_function knows call S's function by.  */
const char *mint_callee_name (gimple *s);

/* Reports where the body uses its reduction variable other than to
   update it by the clause's operator (reduction.h); whether none
   does.  */
bool mint_check_reductions (struct mint_nest *nest);

#endif /* MINT_BODY_CHECKS_H */
