/* nest-recognition.h -- the parallel loops of a `#pragma mint for' nest
   in the loop tree (nest-recognition.cc).

   Include after gcc-compat.h, directive.h, kir.h and nest.h.  */

#ifndef MINT_NEST_RECOGNITION_H
#define MINT_NEST_RECOGNITION_H

/* The loop the code after MARKER (a `for' marker) runs into without a
   branch or a call on the way, or NULL.  */
class loop *mint_loop_after_marker (gimple *marker);

/* How many `for' loops are perfectly nested after N's marker, at most
   3 (0 where no loop follows it).  */
int mint_perfect_depth (const struct mint_nest *n);

/* Finds the nest of CX's directive after its marker: the depth of the
   nest (N->trial_depth where that is not 0), its parallel loops, its
   blocks and the body's.  Reports a nest that is not one.  */
bool mint_find_nest (struct extract_ctx *cx);

/* Fills D from loop L's header condition, increment and
   initialization.  */
bool mint_analyze_loop (struct extract_ctx *cx, class loop *l,
                        struct mint_loop_dim *d);

/* Whether loop L counts its variable from a constant to a constant
   bound by a constant step, changing it nowhere else; fills D's loop,
   iv, init, bound, cmp, step and increment.  Reports nothing.  */
bool mint_constant_loop (class loop *l, struct mint_loop_dim *d);

/* Whether D's variable, of an unsigned type, runs to its `!=' bound
   through the wrap of its type's range (struct mint_loop_dim, ne).  */
bool mint_loop_wraps_to_bound_p (const struct mint_loop_dim *d);

/* The number of iterations of D where its bounds are integer constants,
   else 0.  */
long long mint_constant_trip_count (const struct mint_loop_dim *d);

/* The values of a variable in a loop that counts it between constants.  */
struct mint_var_range
{
  tree var;
  long long least, most;
};

/* The ranges of the variables of the loops around loop L that count
   them between constants (mint_constant_loop) into OUT.  */
void mint_outer_ranges (class loop *l, vec<struct mint_var_range> *out);

/* The constant by which loop L's increment steps V beside L's own
   variable (2 of for (k = 1, i = 0; i < n; i++, k += 2)): V = V + c in
   its latch, or in the block before an empty latch; else 0.  */
HOST_WIDE_INT mint_increment_step (class loop *l, tree v);

/* Whether the bounds of D are sums of products of SCALARS (the kernel's
   scalars, by kernel-IR index) and constants, its start perhaps plus a
   variable of RANGES (1 + colour), also through the values that local
   variables of the bounds hold at MARKER (a bound nx - 1 where int nx =
   w->nx, and the body reads w->nx: plane.h's mint_value_before), or
   through scalars that hold a variable of the bounds plus a constant (a
   bound n where int ex = n + 2, and the body reads ex): SPAN[0]
   gets the number of consecutive values its variable lies within
   (kir-core.h).  Where an end is a MIN or MAX of two such bounds
   (i < MIN (nx, hi)), SPAN gets the span to each that has one.  Returns
   how many spans it found: 0, 1 or 2.  */
int mint_loop_span (const struct mint_loop_dim *d, const vec<tree> &scalars,
                    const vec<struct mint_var_range> &ranges,
                    gimple *marker, struct kir_sum span[2]);

/* The value that the integer scalar S holds at MARKER (by the straight
   code before it, or by its only assignment) where that is a sum of
   products of variables and constants (int nxy = nx * ny, int ld = nx +
   2), another variable (ptrdiff_t sy = nx), a structure member (int nx
   = s->nx) or a constant (int ld = (nx + 7) & ~7 where int nx = 61):
   those variables and members into VARS.  NULL_TREE otherwise.  */
tree mint_scalar_held_sum (tree s, gimple *marker, vec<tree> *vars);

/* Whether VALUE is a sum of products of SCALARS other than the one of
   index SELF: it into SUM.  */
bool mint_scalar_value (tree value, const vec<tree> &scalars, int self,
                        struct kir_sum *sum);

/* Where D's loop counts up from a start that is a polynomial over
   SCALARS at the nest (MARKER), the same for every row (not a red-black
   sweep's colour): that start, its least value, into START.  */
bool mint_loop_start (const struct mint_loop_dim *d, const vec<tree> &scalars,
                      gimple *marker, struct kir_sum *start);

/* The variables compared in loop L's exit condition: its candidate loop
   variables; and the temporary that holds the comparison (or
   NULL_TREE).  */
void mint_compared_variables (class loop *l, tree vars[3]);

/* The last assignment to V on the straight-line path into L's
   preheader.  */
gassign *mint_loop_initialization (class loop *l, tree v);

/* S's location, or FALLBACK where S has none.  */
location_t mint_stmt_location (gimple *s, location_t fallback);

/* Whether BB only says it is never reached (__builtin_unreachable).  */
bool mint_unreachable_block_p (basic_block bb);

/* The errors for the jumps that leave the parallel loops of NEST, each
   at its statement; where the front end recorded none, one at FALLBACK
   (unless it is UNKNOWN_LOCATION).  */
void mint_report_jumps_out (const struct mint_nest *nest,
                            location_t fallback);

#endif /* MINT_NEST_RECOGNITION_H */
