/* deepen.cc -- the loops a `#pragma mint for' leaves in the body made
   parallel (deepen.h).

   A thread of nest(1) over a 3-D nest runs a whole plane of it; one of
   nest(2) over z and y a row, along which the warp's loads are 8 rows
   apart.  The loops below the directive's depth become parallel loops
   where the deeper nest passes the extraction's checks quietly (trial.h)
   and the dependence analysis finds no two of its points that use one
   element of an array that either writes: then no order of the points
   changes what the program computes.  */

#include "gcc-compat.h"
#include "kir.h"
#include "dependence.h"
#include "directive.h"
#include "nest.h"
#include "extract.h"
#include "nest-recognition.h"
#include "dim-order.h"
#include "deepen.h"
#include "trial.h"
#include "plan-tune.h"

int mint_trial_diagnostics = -1;


/* Whether no two points of KERNEL use one element of an array that
   either writes.  */
static bool
points_independent (const struct kir_kernel *k)
{
  if (k->narrays == 0)
    return true;
  struct dependence *found = XNEWVEC (struct dependence, k->narrays);
  int n = dependence_find (k, found);
  XDELETEVEC (found);
  return n == 0;
}

/* Whether ACCESS's last subscript steps by one element with the
   variable of K's innermost parallel loop.  */
static bool
unit_stride (const struct kir_kernel *k, const struct kir_access *access)
{
  return kir_affine_steps_by_one (&access->index[access->rank - 1],
                                  k->dims[0].iv);
}

/* Whether K's stores (its loads, where it has none) step by one element
   with its dimension x, which the warp's threads run: a deeper nest
   whose x walks another axis (where the stores do not choose the order,
   dim-order.h) would spread a warp's accesses over planes.  */
static bool
innermost_contiguous (const struct kir_kernel *k)
{
  bool stores = false, unit = true;
  for (int pass = 0; pass < 2 && !stores; pass++)
    for (int b = 0; b < k->nblocks; b++)
      for (int i = 0; i < k->blocks[b].nstmts; i++)
        {
          const struct kir_stmt *s = &k->blocks[b].stmts[i];
          if (s->kind != (pass == 0 ? KIR_STORE : KIR_LOAD))
            continue;
          stores |= pass == 0;
          unit &= unit_stride (k, &s->access);
        }
  return unit;
}

/* Whether dimension x of NEST's kernel runs a loop of the body (not one
   of the directive's) of fewer constant iterations than a warp has
   threads (tune_narrow_dim) in a launch shape that mint does not choose:
   the three colours of a pixel, which the body's loop keeps in one
   thread, would leave most threads of the defaults' blocks idle.  Where
   mint chooses the shape its candidates give such a dimension one thread
   a point (plan-tune.c, fit_narrow_extents), which ran faster than the
   colours in each thread (bench/results/optimizer-notes.md, round 51).  */
static bool
short_body_loop_in_x (const struct mint_nest *nest)
{
  return nest->kir_order[0] >= nest->dir->nest
         && tune_narrow_dim (nest->kernel, 0)
         && nest->kernel->shape_choice == KIR_SHAPE_GIVEN;
}

/* Why NEST, extracted quietly (EXTRACTED), cannot keep its deeper nest,
   or NULL where it can.  */
static const char *
deeper_problem (const struct mint_nest *nest, bool extracted)
{
  if (!extracted)
    return "as parallel loops they would break a rule of the nest (a "
           "start or bound from an outer loop's variable, a jump out, a "
           "variable carried from one point to the next)";
  if (!points_independent (nest->kernel))
    return "the dependence analysis cannot prove that no two points use "
           "one element of an array that either writes";
  if (!innermost_contiguous (nest->kernel))
    return "no loop of the nest would walk the rows of its stores";
  if (short_body_loop_in_x (nest))
    return "dimension x would be a loop of the body of fewer iterations "
           "than a warp has threads, in blocks of the default shape";
  return NULL;
}

/* Extracts NEST with DEPTH parallel loops, quietly; whether that took,
   its points are independent and a warp's accesses stay together along
   a loop long enough for the warp.  Where not, the deepest such trial's
   problem is NEST->deepen_why.  */
static bool
extract_at_depth (struct mint_nest *nest,
                  const vec<const struct mint_directive *> &copies,
                  int depth)
{
  nest->trial_depth = depth;
  mint_trial_diagnostics = 0;
  bool extracted = mint_extract_nest (nest, copies);
  extracted &= mint_trial_diagnostics == 0;
  mint_trial_diagnostics = -1;
  nest->trial_depth = 0;
  const char *problem = deeper_problem (nest, extracted);
  if (!problem)
    {
      nest->deepen_why = NULL;
      return true;
    }
  if (!nest->deepen_why)
    nest->deepen_why = problem;
  kir_kernel_free (nest->kernel);
  nest->kernel = NULL;
  return false;
}

bool
mint_extract_deeper (struct mint_nest *nest,
                     const vec<const struct mint_directive *> &copies)
{
  const struct mint_directive *dir = nest->dir;
  if (dir->nest == MINT_NEST_ALL || !mint_maps_loops (dir))
    return false;
  for (int depth = mint_perfect_depth (nest); depth > dir->nest; depth--)
    if (extract_at_depth (nest, copies, depth))
      return true;
  return false;
}
