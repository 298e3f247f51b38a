/* plan-temporal.c -- level 4's plan of a kernel (plan-temporal.h).

   The stages of the pipeline pass a point's value from A to B in
   registers by its coordinates, so A and B must be laid out alike; B is
   written exactly once at the point, A read at every point; the pipeline
   keeps one plane of in-plane halo per step (at most one point away in x
   and y).  The cost model gives the variant only to the stencils it is
   measured faster than level 3 for (bench/results/HISTORY-codegen.md),
   unless -fplugin-arg-mint-exact-level asks for it.  */

#include "plan-temporal.h"
#include "poly.h"
#include "kir-type.h"
#include "xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TEMPORAL_STEPS 3
#define TEMPORAL_WALK 64        /* planes of a block's chunk in z */
/* Shared memory a block may have, opted in, on the largest GPU (sm_90);
   libmintrt runs the steps one at a time where the device has less.  */
#define TEMPORAL_SHARED_MAX (227 * 1024)

static const char axis[] = "xyz";

/* The lag L of a stage behind the one before, and its planes on chip.
   Stage k reads stage k - 1's plane DZ planes from its own L - DZ
   iterations after stage k - 1 made it: the thread's own cells from
   registers, where it may be this iteration's (L >= ZR; ages 1 .. ZR + L
   are kept); the cells beside the point from the ring, where the
   barrier makes them visible only an iteration later (L > DZ for every
   such read), so that the ring holds the planes of ages 1 .. L - DZ_min
   and the one being written.  heat7: L 1, 2 slots; poisson19: L 2, 4.
   (Registers named by iteration too, so that none moves, spill:
   bench/results/HISTORY-codegen.md.)  */
static void
temporal_depth (const struct kir_kernel *k, struct temporal_plan *t)
{
  int lo = 0, hi = 0;
  for (int i = 0; i < t->sa->noffsets; i++)
    {
      int o[KIR_MAX_DIMS];
      plan_dim_offsets (&k->arrays[t->a], t->sa, t->sa->offsets[i].offset, o);
      if (o[0] == 0 && o[1] == 0)
        continue;
      lo = o[2] < lo ? o[2] : lo;
      hi = o[2] > hi ? o[2] : hi;
    }
  t->lag = hi + 1 > t->zr ? hi + 1 : t->zr;
  t->slots = t->lag - lo + 1;
  t->ages = t->zr + t->lag;
}

/* The block's shape: 32 x 16 threads of RY rows each, one block of 512
   per multiprocessor (at most 128 registers).  4 rows a thread ran
   fastest; where a stage keeps more than two planes in registers, or
   reads another array, 4 rows spill, and those get 2 rows
   (bench/results/HISTORY-codegen.md).  */
static void
temporal_shape (const struct kir_kernel *k, struct temporal_plan *t)
{
  temporal_depth (k, t);
  t->anywhere = k->narrays == 2;
  t->ry = t->ages <= 2 && t->anywhere ? 4 : 2;
  t->threads[0] = TEMPORAL_THREADS_X;
  t->threads[1] = TEMPORAL_THREADS_Y;
  t->rows = t->ry * TEMPORAL_THREADS_Y;
  t->out[0] = TEMPORAL_THREADS_X
              - t->steps * (t->ta.hlo[0] + t->ta.hhi[0]);
  t->out[1] = t->rows - t->steps * (t->ta.hlo[1] + t->ta.hhi[1]);
  t->out[2] = TEMPORAL_WALK;
  /* The rings, and the reloads' buffer (put_reload_copies): two planes
     for each stage but the last.  */
  t->shared = (long) (t->steps * t->slots + 2 * (t->steps - 1))
              * TEMPORAL_THREADS_X * t->rows
              * (long) kir_type_size (k->arrays[t->b].elem);
}

/* Whether arrays X and Y are laid out alike: both libmintrt's
   (pitched by their copies, alike for arrays of one type), or both flat
   with the same strides.  A batch passes a point's value from one array
   to the other in registers, by its coordinates.  */
static bool
same_strides (const struct kir_array *x, const struct kir_array *y)
{
  if (x->flat != y->flat)
    return false;
  for (int d = 0; x->flat && d < x->rank - 1; d++)
    {
      struct poly px, py;
      poly_from_sum (&px, &x->stride[d]);
      poly_from_sum (&py, &y->stride[d]);
      if (!poly_equal (&px, &py))
        return false;
    }
  return true;
}

/* Whether K's variant T reads no array but A and B, A at most one plane
   away in z, and A beside the point (in x or y) only in the point's own
   plane: each stage keeps a ring of two planes.  Only such variants were
   measured faster than level 3; the variants of stencils that read
   another array too, or A beside the point in other planes, ran slower,
   and so did their closing variants than the two launches they replace
   (bench/results/HISTORY-codegen.md).  */
static bool
only_a_beside_in_own_plane (const struct kir_kernel *k,
                            const struct temporal_plan *t)
{
  return k->narrays == 2 && t->zr == 1 && t->slots == 2;
}

/* Why K has no temporal variant, into BUF; NULL when it has one (T).  */
static const char *
temporal_problem (const struct kir_kernel *k, const struct stencil_info *info,
                  struct temporal_plan *t, char *buf, size_t len)
{
  memset (t, 0, sizeof *t);
  t->steps = TEMPORAL_STEPS;
  t->a = t->b = -1;
  if (k->ndims != 3)
    return "the nest is not 3-D";
  if (k->nreductions > 0)
    return "the nest has a reduction";
  if (info->nested_loops)
    return "the body has inner loops";
  if (k->nprivates > 0)
    return "the body declares an array";
  char *checked = mint_xmalloc ((size_t) k->narrays + 1);
  int nchecked = stencil_checked_arrays (k, checked);
  free (checked);
  if (nchecked > 0)
    return "an access under a condition may leave its array's copy, "
           "which each step checks";
  for (int d = 0; d < k->ndims; d++)
    if (k->dims[d].step != 1)
      return "a loop steps by more than 1";
  for (int a = 0; a < k->narrays; a++)
    if (k->arrays[a].written)
      {
        if (t->b >= 0)
          return "the nest writes more than one array";
        t->b = a;
      }
  if (t->b < 0)
    return "the nest writes no array";
  const struct kir_array *b = &k->arrays[t->b];
  if (!plan_stored_once (k, info, t->b))
    {
      snprintf (buf, len, "%s is read, or not written exactly once at the "
                "point itself", kir_array_text (k, t->b));
      return buf;
    }
  /* A: of B's shape and type, the one read at the most offsets.  */
  for (int a = 0; a < k->narrays; a++)
    {
      const struct stencil_array *s = &info->arrays[a];
      const struct kir_array *arr = &k->arrays[a];
      if (!s->read_only || !s->regular || arr->elem != b->elem
          || arr->rank != b->rank || !same_strides (arr, b)
          || memcmp (s->dim_of, info->arrays[t->b].dim_of,
                     sizeof s->dim_of) != 0
          || !plan_reads_unconditionally (k, a))
        continue;
      if (t->a < 0 || s->noffsets > info->arrays[t->a].noffsets)
        t->a = a;
    }
  if (t->a < 0)
    {
      snprintf (buf, len, "no array of %s's shape and type is read at "
                "every point", kir_array_text (k, t->b));
      return buf;
    }
  struct level_plan p;
  memset (&p, 0, sizeof p);
  p.level = 3;
  p.march = 2;
  plan_tile_array (k, info, &p, t->a, &t->ta);
  plan_tile_array (k, info, &p, t->b, &t->tb);
  for (int d = 0; d < 2; d++)
    if (t->ta.hlo[d] > 1 || t->ta.hhi[d] > 1)
      {
        snprintf (buf, len, "%s is read more than one point away in %c",
                  kir_array_text (k, t->a), axis[d]);
        return buf;
      }
  t->zr = t->ta.hlo[2] > t->ta.hhi[2] ? t->ta.hlo[2] : t->ta.hhi[2];
  t->sa = &info->arrays[t->a];
  temporal_shape (k, t);
  if (t->shared > TEMPORAL_SHARED_MAX)
    {
      snprintf (buf, len, "%ld bytes of shared memory would be needed (at "
                "most %d)", t->shared, TEMPORAL_SHARED_MAX);
      return buf;
    }
  /* The cost model (only_a_beside_in_own_plane).  */
  if (!k->exact_level && !only_a_beside_in_own_plane (k, t))
    {
      const char *a = kir_array_text (k, t->a);
      snprintf (buf, len, "the 3-step variant is measured faster than "
                "level 3 only where the nest reads no array but %s, and %s "
                "one plane away in z and beside the point only in its own "
                "plane (-fplugin-arg-mint-exact-level uses it)", a, a);
      return buf;
    }
  return NULL;
}

void
plan_temporal (const struct kir_kernel *k, const struct stencil_info *info,
               struct level4_plan *p)
{
  char buf[256];
  memset (p, 0, sizeof *p);
  struct temporal_plan *t = &p->step;
  const char *problem = temporal_problem (k, info, t, buf, sizeof buf);
  if (problem)
    {
      snprintf (p->why, sizeof p->why, "no temporal blocking: %s", problem);
      return;
    }
  snprintf (p->why, sizeof p->why, "temporal blocking: %d steps per launch "
            "where the program repeats the nest with %s and %s swapped",
            t->steps, kir_array_text (k, t->a), kir_array_text (k, t->b));
  p->closing = *t;
  p->closing.steps = 2;
  p->closing.closing = true;
  temporal_shape (k, &p->closing);
  p->closes = only_a_beside_in_own_plane (k, t);
  struct temporal_launch *l = &p->launch;
  l->steps = t->steps;
  l->closing_shared = p->closes ? (int) p->closing.shared : 0;
  l->read = t->a;
  l->write = t->b;
  l->shared = (int) t->shared;
  for (int d = 0; d < 3; d++)
    {
      l->tile[d] = t->out[d];
      l->closing_tile[d] = p->closes ? p->closing.out[d] : 0;
      l->block[d] = d < 2 ? t->threads[d] : 1;
    }
}
