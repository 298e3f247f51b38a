/* plan-temporal.c -- level 4's plan of a kernel (plan-temporal.h).

   The stages of the pipeline pass a point's value from A to B in
   registers by its coordinates, so A and B must be laid out alike; B is
   written exactly once at the point, A read at every point (under a
   condition too, within the box of those reads, or anywhere where the
   kernel checks A's reads, whose box libmintrt then checks: a stage
   reads A from registers and the ring, never from memory); each step
   recomputes the in-plane halo of the tile (at most one point away in x
   and y in 3-D, four in x in 2-D).  The cost model gives the variant
   only to the stencils it is measured faster than level 3 for
   (temporal_pays), unless -fplugin-arg-mint-exact-level asks for it.  */

#include "plan-temporal.h"
#include "poly.h"
#include "kir-type.h"
#include "xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TEMPORAL_STEPS 3        /* 3-D; and the fewest a 2-D launch runs */
#define TEMPORAL_STEPS_2D 7     /* the most a 2-D variant runs */
#define TEMPORAL_CELLS_2D 2     /* a thread's cells of a row, 2-D */
#define TEMPORAL_WALK 64        /* planes of a block's chunk, 3-D */
#define TEMPORAL_WALK_2D 256    /* rows of a block's chunk, 2-D */
/* The in-plane halo the pipeline takes: a cell in 3-D (each ring of
   32 x 32 cells loses 2 S of them a side), 4 in 2-D (rows of 256).  */
#define TEMPORAL_HALO_3D 1
#define TEMPORAL_HALO_2D 4
/* Shared memory a block may have, opted in, on the largest GPU (sm_90);
   libmintrt runs the steps one at a time where the device has less.  */
#define TEMPORAL_SHARED_MAX (227 * 1024)

static const char axis[] = "xyz";

int
temporal_axis (const struct temporal_plan *t, int d)
{
  return d == t->ndims - 1 ? 2 : d < t->ndims ? d : -1;
}

void
temporal_offsets (const struct temporal_plan *t, const int *o, int *p)
{
  p[0] = p[1] = p[2] = 0;
  for (int d = 0; d < t->ndims; d++)
    p[temporal_axis (t, d)] = o[d];
}

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
      int d[KIR_MAX_DIMS], o[3];
      plan_dim_offsets (&k->arrays[t->a], t->sa, t->sa->offsets[i].offset, d);
      temporal_offsets (t, d, o);
      if (o[0] == 0 && o[1] == 0)
        continue;
      lo = o[2] < lo ? o[2] : lo;
      hi = o[2] > hi ? o[2] : hi;
    }
  t->lag = hi + 1 > t->zr ? hi + 1 : t->zr;
  t->slots = t->lag - lo + 1;
  t->ages = t->zr + t->lag;
}

bool
temporal_own_cell (const struct temporal_plan *t, int r, const int *o,
                   int *c, int *dx)
{
  if (t->ndims == 3)
    {
      *c = r + o[1];
      *dx = o[0];
    }
  else
    {
      int at = r + o[0];
      *dx = at >= 0 ? at / t->cells : -((t->cells - 1 - at) / t->cells);
      *c = at - *dx * t->cells;
    }
  return *dx == 0 && *c >= 0 && *c < t->cells;
}

/* The reads of A's ring a cell of a thread makes in a step, rounded up
   (temporal_own_cell).  */
static int
temporal_ring_reads (const struct kir_kernel *k, const struct temporal_plan *t)
{
  int reads = 0;
  for (int i = 0; i < t->sa->noffsets; i++)
    {
      int d[KIR_MAX_DIMS], o[3];
      plan_dim_offsets (&k->arrays[t->a], t->sa, t->sa->offsets[i].offset, d);
      temporal_offsets (t, d, o);
      for (int r = 0; r < t->cells; r++)
        {
          int c, dx;
          reads += !temporal_own_cell (t, r, o, &c, &dx);
        }
    }
  return (reads + t->cells - 1) / t->cells;
}

/* The 4-byte registers a value of T's written array takes.  */
static int
value_words (const struct kir_kernel *k, const struct temporal_plan *t)
{
  return kir_type_words (k->arrays[t->b].elem);
}

/* Resident blocks of 128 threads for a 2-D variant T of K: the most of
   8, 6 (4-byte values or narrower), 4, 3, 2 whose registers (65536 / 128
   / blocks) hold the values each thread keeps, S (ZR + L + 1) a cell,
   besides about 40 for its pointers, indices and the body's temporaries.
   Measured on an H200 (8192^2, 2 cells a thread), FP64: the 5-point
   star (76 registers) ran 0.108 ms a step at 4 blocks, 0.110 at 6, 0.149
   at 3 and 2; the radius-3 star (124) 0.187 at 4, 0.233 at 3; the
   radius-4 star (148) 0.257 at 3, 0.347 at 4, where it spilled, 0.307 at
   2.  FP32: the 5-point star (58) 0.081 at 4, 0.069 at 6, 0.065 at 8;
   the radius-2 star (70) 0.084, 0.077, 0.078; the radius-3 star (82)
   0.116, 0.096, 0.119; the 9-point box (64) 0.102, 0.085, 0.084
   (bench/results/optimizer-notes.md, round 43).  */
static int
temporal_blocks_2d (const struct kir_kernel *k, const struct temporal_plan *t)
{
  int words = value_words (k, t);
  int needed = 40 + t->steps * (t->ages + 1) * t->cells * words;
  for (int c = 0; c < t->ncoefs; c++)
    needed += t->cells * kir_type_words (k->arrays[t->coefs[c].tiled.array]
                                         .elem);
  int blocks = words == 1 ? 8 : 4;
  while (blocks > 2 && 65536 / (TEMPORAL_THREADS_2D * blocks) < needed)
    blocks -= blocks > 4 ? 2 : 1;
  return blocks;
}

/* The rows a thread of K's 3-D variant T owns, and the resident blocks
   of 512 threads.  One block (at most 128 registers): 4 rows ran
   fastest; where a stage keeps more than two planes in registers, or
   reads another array, 4 rows spill, and those get 2 rows
   (bench/results/HISTORY-codegen.md).  Values of 4 bytes or fewer: 2
   blocks (64 registers), 3 rows; on an H200 the float 7-point star at
   512^3 ran 0.185 ms a step so, 0.241 at 4 rows and 1 block, 0.205 at 4
   rows and 2 blocks, 0.213 at 2 rows and 2 blocks, 0.201 to 0.243 in
   blocks of 32 x 8 threads (bench/results/optimizer-notes.md, round
   44).  */
static void
temporal_cells_3d (const struct kir_kernel *k, struct temporal_plan *t)
{
  bool narrow = value_words (k, t) == 1;
  t->cells = !(t->ages <= 2 && t->anywhere) ? 2 : narrow ? 3 : 4;
  t->min_blocks = narrow ? 2 : TEMPORAL_MIN_BLOCKS;
}

/* Coefficient C's ring of T, after the shared memory T has so far.
   Stage S reads the plane S L + HLO[2] behind the one stage 0 takes,
   the ring gets the plane HHI[2] ahead of that: SLOTS planes keep them
   apart within an iteration.  Stage 1's first plane a stored point
   needs (its iteration ZR + L) reads planes back to ZR + HLO[2] behind
   stage 0's first: the walk loads those the first iteration does not
   before it.  False where the ring would not fit in a block's shared
   memory.  */
static bool
temporal_coef_ring (const struct kir_kernel *k, struct temporal_plan *t,
                    struct temporal_coef *c)
{
  int rows = t->steps * t->lag + c->hlo[2] + c->hhi[2] + 1;
  for (c->slots = 1; c->slots < rows; c->slots *= 2)
    ;
  c->prefill = c->hlo[2] + c->hhi[2] - t->zr;
  if (c->prefill < 0)
    c->prefill = 0;
  c->offset = (t->shared + 15) / 16 * 16;
  long end = c->offset + (long) c->slots * t->width * t->rows
                         * kir_type_size (k->arrays[c->tiled.array].elem);
  if (end > TEMPORAL_SHARED_MAX)
    return false;
  t->shared = end;
  return true;
}

/* The block's shape.  3-D: 32 x 16 threads of CELLS rows each
   (temporal_cells_3d).  2-D: a row of 128 threads of 2
   consecutive cells each, walking 256 rows: each cell reads the other
   from registers, not from the ring (1.1-1.7x faster than a cell a
   thread in 256: bench/results/optimizer-notes.md, round 43).  */
static void
temporal_shape (const struct kir_kernel *k, struct temporal_plan *t)
{
  temporal_depth (k, t);
  t->anywhere = k->narrays == 2;
  bool plane = t->ndims == 3;
  if (plane)
    temporal_cells_3d (k, t);
  else
    {
      t->cells = TEMPORAL_CELLS_2D;
      t->min_blocks = temporal_blocks_2d (k, t);
    }
  t->threads[0] = plane ? TEMPORAL_THREADS_X : TEMPORAL_THREADS_2D;
  t->threads[1] = plane ? TEMPORAL_THREADS_Y : 1;
  t->ring_reads = temporal_ring_reads (k, t);
  t->rows = plane ? t->cells * t->threads[1] : 1;
  t->width = plane ? t->threads[0] : t->cells * t->threads[0];
  t->out[0] = t->width - t->steps * (t->hlo[0] + t->hhi[0]);
  t->out[1] = t->rows - t->steps * (t->hlo[1] + t->hhi[1]);
  t->out[2] = plane ? TEMPORAL_WALK : TEMPORAL_WALK_2D;
  /* The rings, and the reloads' buffer (put_reload_copies): two planes
     for each stage but the last.  */
  t->shared = (long) (t->steps * t->slots + 2 * (t->steps - 1))
              * t->width * t->rows
              * (long) kir_type_size (k->arrays[t->b].elem);
  /* Coefficients whose rings do not fit are read from memory.  */
  int kept = 0;
  for (int c = 0; c < t->ncoefs; c++)
    {
      t->coefs[kept] = t->coefs[c];
      kept += temporal_coef_ring (k, t, &t->coefs[kept]);
    }
  t->ncoefs = kept;
}

/* The steps of K's 2-D variant T, and its shape: where a cell reads the
   ring of other threads' cells at most 3 times a step, the most of 7, 5
   and 3 whose values the registers of 4 resident blocks hold
   (temporal_blocks_2d), and whose rings their shared memory does; else
   3.  A step more a launch saves a step's loads and stores from memory,
   not its reads of the ring, and may cost resident blocks.  On an H200
   (8192^2, runs of 20 steps), in ms a step at 7 or 5 steps against 3:
   FP64, the 5-point star 0.090 (7) against 0.108, the 9-point box 0.146
   (5) against 0.152; FP32, the 5-point star 0.054 (7, 6 blocks) against
   0.065 (8 blocks), the radius-2 star 0.074 (7, 4 blocks) against 0.078
   (6), the 9-point box 0.070 (7, 4) against 0.084 (8), but the radius-3
   star, 5 reads of the ring a cell, 0.102 (5, 4) against 0.096 (6)
   (bench/results/optimizer-notes.md, round 44).  */
static void
temporal_steps_2d (const struct kir_kernel *k, struct temporal_plan *t)
{
  for (t->steps = TEMPORAL_STEPS_2D; t->steps > TEMPORAL_STEPS; t->steps -= 2)
    {
      temporal_shape (k, t);
      if (t->ring_reads <= 3 && t->min_blocks >= 4
          && 4 * (t->shared + SHARED_PER_BLOCK) <= SHARED_PER_MULTIPROCESSOR)
        return;
    }
  temporal_shape (k, t);
}

/* A's halo along the pipeline's axes, from its tile (T->ta).  */
static void
temporal_halo (struct temporal_plan *t)
{
  int lo[3] = { 0, 0, 0 }, hi[3] = { 0, 0, 0 };
  for (int d = 0; d < t->ndims; d++)
    {
      lo[d] = t->ta.hlo[d];
      hi[d] = t->ta.hhi[d];
    }
  temporal_offsets (t, lo, t->hlo);
  temporal_offsets (t, hi, t->hhi);
  t->zr = t->hlo[2] > t->hhi[2] ? t->hlo[2] : t->hhi[2];
}

const struct temporal_coef *
temporal_coef_of (const struct temporal_plan *t, int array)
{
  for (int c = 0; c < t->ncoefs; c++)
    if (t->coefs[c].tiled.array == array)
      return &t->coefs[c];
  return NULL;
}

/* Whether coefficient C of T lies within A's halo in the plane (which
   the tile's cells at its edge may read beyond) and within HALO along the
   walk.  */
static bool
temporal_coef_fits (const struct temporal_plan *t,
                    const struct temporal_coef *c, int halo)
{
  for (int d = 0; d < 2; d++)
    if (c->hlo[d] > t->hlo[d] || c->hhi[d] > t->hhi[d])
      return false;
  return c->hlo[2] <= halo && c->hhi[2] <= halo;
}

/* The coefficients of K's variant T (plan-temporal.h): arrays but A and
   B that the nest only reads, as B is subscripted, within A's halo in the
   plane, along the walk within the in-plane HALO the pipeline takes.
   Others are read from memory, as at level 3.  */
static void
temporal_coefs (const struct kir_kernel *k, const struct stencil_info *info,
                const struct level_plan *p, struct temporal_plan *t, int halo)
{
  const struct stencil_array *sb = &info->arrays[t->b];
  t->ncoefs = 0;
  for (int a = 0; a < k->narrays; a++)
    {
      const struct stencil_array *s = &info->arrays[a];
      if (a == t->a || a == t->b || !s->read_only || !s->regular
          || k->arrays[a].rank != k->arrays[t->b].rank
          || memcmp (s->dim_of, sb->dim_of, sizeof s->dim_of) != 0
          || t->ncoefs == TEMPORAL_MAX_COEFS)
        continue;
      struct temporal_coef *c = &t->coefs[t->ncoefs];
      plan_tile_array (k, info, p, a, &c->tiled);
      c->s = s;
      temporal_offsets (t, c->tiled.hlo, c->hlo);
      temporal_offsets (t, c->tiled.hhi, c->hhi);
      if (temporal_coef_fits (t, c, halo))
        t->ncoefs++;
    }
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

/* Whether K's variant T is measured faster than level 3 (the cost
   model), else why not into BUF.  In 3-D, only variants of nests that
   read no array but A, B and coefficients in rings were, and only where
   A is read at most one plane away in z and beside the point only in
   its own plane (each stage keeps a ring of two planes:
   bench/results/HISTORY-codegen.md); on an H100 at 512^3 with the
   coefficients in rings a coefficient read at the point ran 1.72x level
   3, in flux form at its neighbours 1.41x, a mask 1.38x (round 95; read
   from memory at every step 1.06x and 0.90x, round 92), the 27-point box
   0.64x (round 92).  In
   2-D, where a cell reads A's ring in shared memory at most 7 times a
   step: the stars of radius 1 to 4 (1, 3, 5, 7 such reads) and the
   9-point box (3) ran 1.10-2.36x faster than level 3 on an H200, the
   radius-2 box (15) 0.89x (bench/results/optimizer-notes.md, round
   43); with a coefficient array, at the point or in flux form at five
   offsets, FP64 and FP32, 1.05-2.00x on an H100 (round 92), and
   1.55-3.05x with the coefficients in rings (round 93).  Not for values of 1
   byte: the game of life on bytes at 8192^2 ran 0.077 ms a generation
   against 0.063 for level 3 (on shorts 0.077 against 0.080, on ints
   0.068 against 0.141; round 44).  Not where dimension x has a
   constant extent narrower than the variant's blocks (a point's
   components), whose threads would mostly stand idle, where level 3's
   candidates give such a dimension one thread a point (5 times faster
   for a field of 2-vectors, round 51).  */
static bool
temporal_pays (const struct kir_kernel *k, const struct temporal_plan *t,
               char *buf, size_t len)
{
  const char *a = kir_array_text (k, t->a);
  if (kir_dim_shorter (k, 0, t->width))
    snprintf (buf, len, "the variant is measured slower than level 3 "
              "where its blocks, %d points wide in x, are wider than x's "
              "extent (%lld)", t->width, k->dims[0].count);
  else if (kir_type_size (k->arrays[t->b].elem) == 1)
    snprintf (buf, len, "the variant is measured slower than level 3 for "
              "values of 1 byte, whose level-3 walk loads 16 cells at once");
  else if (t->ndims == 3
           && !(k->narrays == 2 + t->ncoefs && t->zr == 1 && t->slots == 2))
    snprintf (buf, len, "the 3-step variant is measured faster than "
              "level 3 only where the nest reads no array but %s and "
              "coefficients within its halo, and %s one plane away in z "
              "and beside the point only in its own plane", a, a);
  else if (t->ndims == 2 && t->ring_reads > 7)
    snprintf (buf, len, "in 2-D the variant is measured faster than "
              "level 3 only where a cell reads %s from other threads at "
              "most 7 times a step (%d here)", a, t->ring_reads);
  else
    return true;
  return false;
}

/* Whether the program swaps the pointers of arrays B and A (their swap
   group, kir_array's swap_group).  */
static bool
swapped_with (const struct kir_array *b, const struct kir_array *a)
{
  return b->swap_group > 0 && a->swap_group == b->swap_group;
}

/* Whether the box of A's reads provably stays, in the plane's axes (x,
   and y in 3-D), within the rows (and planes) of A where A is a
   delinearized flat array: beyond a row's ends lie other rows' points,
   which the variant would take for cells outside the space that keep
   their values through its steps.  Each axis's loop must start at a
   constant at least A's halo below, and its last value plus the halo
   above must fall short of the axis's extent, the stride of the next
   axis over its own, by a constant.  */
static bool
flat_box_in_rows (const struct kir_kernel *k, const struct temporal_plan *t)
{
  const struct kir_array *a = &k->arrays[t->a];
  struct poly inner, end, room, used;
  long long value;
  poly_constant (&inner, 1);
  for (int d = 0; a->flat && d < t->ndims - 1; d++)
    {
      const struct kir_dim *dim = &k->dims[d];
      if (!dim->has_start || !dim->has_span)
        return false;
      poly_from_sum (&end, &dim->start);
      if (!poly_constant_value (&end, &value) || value < t->ta.hlo[d])
        return false;
      struct poly span;
      poly_from_sum (&span, &dim->span);
      poly_add (&end, &span, 1);
      struct poly halo;
      poly_constant (&halo, t->ta.hhi[d]);
      poly_add (&end, &halo, 1);
      poly_multiply (&used, &end, &inner);
      poly_from_sum (&room, &a->stride[d]);
      poly_add (&room, &used, -1);
      if (!poly_constant_value (&room, &value) || value < 0)
        return false;
      poly_from_sum (&inner, &a->stride[d]);
    }
  return true;
}

/* The marks of the arrays whose accesses K checks
   (stencil_checked_arrays), to free; NULL where K writes such an array.
   The variant may read the others at every point of their boxes, which
   libmintrt checks before each run of steps
   (mintrt_checked_inside_anywhere).  */
static char *
checked_marks (const struct kir_kernel *k)
{
  char *checked = mint_xmalloc ((size_t) k->narrays + 1);
  stencil_checked_arrays (k, checked);
  for (int a = 0; a < k->narrays; a++)
    if (checked[a] == 'c' && k->arrays[a].written)
      {
        free (checked);
        return NULL;
      }
  return checked;
}

/* Why K has no temporal variant, into BUF; NULL when it has one (T).  */
static const char *
temporal_problem (const struct kir_kernel *k, const struct stencil_info *info,
                  struct temporal_plan *t, char *buf, size_t len)
{
  memset (t, 0, sizeof *t);
  t->steps = t->fewest = TEMPORAL_STEPS;
  t->a = t->b = -1;
  if (k->ndims < 2)
    return "the nest is 1-D";
  t->ndims = k->ndims;
  if (k->nreductions > 0)
    return "the nest has a reduction";
  if (info->nested_loops)
    return "the body has inner loops";
  if (k->nprivates > 0)
    return "the body declares an array";
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
  char *checked = checked_marks (k);
  if (!checked)
    return "the kernel checks accesses of an array it writes, which "
           "each step would check";
  /* A: of B's shape and type, one the program swaps with B where there
     is one (not a coefficient read at more offsets), the one read at the
     most offsets.  */
  for (int a = 0; a < k->narrays; a++)
    {
      const struct stencil_array *s = &info->arrays[a];
      const struct kir_array *arr = &k->arrays[a];
      if (!s->read_only || !s->regular || arr->elem != b->elem
          || arr->rank != b->rank || !same_strides (arr, b)
          || memcmp (s->dim_of, info->arrays[t->b].dim_of,
                     sizeof s->dim_of) != 0
          || !(checked[a] == 'c' || plan_conditional_reads_inside (k, a)))
        continue;
      bool swapped = swapped_with (b, arr);
      bool chosen_swapped = t->a >= 0 && swapped_with (b, &k->arrays[t->a]);
      if (t->a < 0 || swapped > chosen_swapped
          || (swapped == chosen_swapped
              && s->noffsets > info->arrays[t->a].noffsets))
        t->a = a;
    }
  free (checked);
  if (t->a < 0)
    {
      snprintf (buf, len, "no array of %s's shape and type is read at "
                "every point", kir_array_text (k, t->b));
      return buf;
    }
  if (k->arrays[t->a].fixed || k->arrays[t->b].fixed)
    {
      int fixed = k->arrays[t->a].fixed ? t->a : t->b;
      snprintf (buf, len, "the program cannot swap %s and %s: %s is the "
                "same array at every launch", kir_array_text (k, t->a),
                kir_array_text (k, t->b), kir_array_text (k, fixed));
      return buf;
    }
  struct level_plan p;
  memset (&p, 0, sizeof p);
  p.level = 3;
  p.march = 2;
  plan_tile_array (k, info, &p, t->a, &t->ta);
  plan_tile_array (k, info, &p, t->b, &t->tb);
  temporal_halo (t);
  if (!flat_box_in_rows (k, t))
    {
      snprintf (buf, len, "the reads of %s, a flat array, may reach past "
                "the ends of its rows into other rows' points (the loops' "
                "bounds and its strides do not show otherwise)",
                kir_array_text (k, t->a));
      return buf;
    }
  int halo = t->ndims == 3 ? TEMPORAL_HALO_3D : TEMPORAL_HALO_2D;
  temporal_coefs (k, info, &p, t, halo);
  for (int d = 0; d < t->ndims - 1; d++)
    if (t->hlo[d] > halo || t->hhi[d] > halo)
      {
        snprintf (buf, len, "%s is read more than %d point%s away in %c",
                  kir_array_text (k, t->a), halo, halo > 1 ? "s" : "",
                  axis[d]);
        return buf;
      }
  t->sa = &info->arrays[t->a];
  if (t->ndims == 2)
    temporal_steps_2d (k, t);
  else
    temporal_shape (k, t);
  if (t->shared > TEMPORAL_SHARED_MAX)
    {
      snprintf (buf, len, "%ld bytes of shared memory would be needed (at "
                "most %d)", t->shared, TEMPORAL_SHARED_MAX);
      return buf;
    }
  if (!k->exact_level && !temporal_pays (k, t, buf, len))
    {
      size_t n = strlen (buf);
      snprintf (buf + n, len - n, " (-fplugin-arg-mint-exact-level uses it)");
      return buf;
    }
  return NULL;
}

/* "S steps per launch", and the fewer a launch of T may run, into BUF.  */
static void
steps_text (const struct temporal_plan *t, char *buf, size_t len)
{
  size_t n = (size_t) snprintf (buf, len, "%d steps per launch", t->steps);
  for (int s = t->fewest; s < t->steps && n < len; s += 2)
    n += (size_t) snprintf (buf + n, len - n, "%s%d%s",
                            s == t->fewest ? " (or " : " or ", s,
                            s + 2 == t->steps ? ")" : "");
}

void
plan_temporal (const struct kir_kernel *k, const struct stencil_info *info,
               struct level4_plan *p)
{
  char buf[384];
  memset (p, 0, sizeof *p);
  struct temporal_plan *t = &p->step;
  const char *problem = temporal_problem (k, info, t, buf, sizeof buf);
  if (problem)
    {
      snprintf (p->why, sizeof p->why, "no temporal blocking: %s", problem);
      return;
    }
  char steps[64];
  steps_text (t, steps, sizeof steps);
  snprintf (p->why, sizeof p->why, "temporal blocking: %s where the "
            "program repeats the nest with %s and %s swapped", steps,
            kir_array_text (k, t->a), kir_array_text (k, t->b));
  p->closing = *t;
  p->closing.steps = p->closing.fewest = 2;
  p->closing.closing = true;
  temporal_shape (k, &p->closing);
  /* The closing variants of nests that read other arrays too ran
     slower than the two launches they replace.  */
  p->closes = temporal_pays (k, t, buf, sizeof buf) && t->anywhere;
  struct temporal_launch *l = &p->launch;
  l->steps = t->steps;
  l->fewest = t->fewest;
  l->closing_shared = p->closes ? (int) p->closing.shared : 0;
  l->read = t->a;
  l->write = t->b;
  l->shared = (int) t->shared;
  for (int d = 0; d < 3; d++)
    {
      int a = temporal_axis (t, d);
      l->tile[d] = a < 0 ? 1 : t->out[a];
      l->closing_tile[d] = !p->closes ? 0 : a < 0 ? 1 : p->closing.out[a];
      l->block[d] = d < 2 ? t->threads[d] : 1;
    }
}
