/* plan.c -- the plan of a kernel (plan.h): the launch shape where mint
   chooses it, the plan at each shape, and its sentence for
   -fplugin-arg-mint-verbose.  */

#include "plan.h"
#include "plan-level3.h"
#include "kir-type.h"
#include "recompute.h"
#include "xalloc.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char axis[] = "xyz";

/* Appends NAME to a list in BUF (LEN bytes, N of them used) that PREFIX
   opens where *LISTED is 0 and ", " continues; returns the bytes used.  */
static size_t
add_listed (char *buf, size_t len, size_t n, int *listed, const char *prefix,
            const char *name)
{
  n += (size_t) snprintf (buf + n, n < len ? len - n : 0, "%s%s",
                          *listed ? ", " : prefix, name);
  *listed = 1;
  return n;
}

/* Appends to BUF (LEN bytes, N of them used) the arrays of K in MASK (bit
   A for array A) as a list that PREFIX opens, into *LISTED as
   add_listed; returns the bytes used.  */
static size_t
add_arrays (char *buf, size_t len, size_t n, int *listed, const char *prefix,
            const struct kir_kernel *k, unsigned long long mask)
{
  for (int a = 0; a < k->narrays && a < 64; a++)
    if (mask & (1ULL << a))
      n = add_listed (buf, len, n, listed, prefix, kir_array_text (k, a));
  return n;
}

/* Appends to BUF (LEN bytes) a clause on level 3's wide accesses, by
   their width ("; 16-byte accesses to u, unew where rows are aligned",
   "; 4-byte accesses to a; 16-byte accesses to k where ...").  */
static void
describe_wide_accesses (const struct kir_kernel *k,
                        const struct level_plan *p, char *buf, size_t len)
{
  static const int widths[] = { 16, 8, 4 };
  size_t n = strlen (buf);
  int any = 0;
  for (size_t i = 0; i < sizeof widths / sizeof *widths; i++)
    {
      char prefix[32];
      int wide = 0;
      snprintf (prefix, sizeof prefix, "; %d-byte accesses to ", widths[i]);
      for (int a = 0; a < k->narrays && a < 64 && n < len; a++)
        {
          int w = level3_access_width (p, p->cells, a);
          if (w >= 2
              && w * (int) kir_type_size (k->arrays[a].elem) == widths[i])
            n = add_listed (buf, len, n, &wide, prefix,
                            kir_array_text (k, a));
        }
      any |= wide;
    }
  if (any && n < len)
    snprintf (buf + n, len - n, " where rows are aligned");
}

/* The sentence of P for -fplugin-arg-mint-verbose: "level 3: ..." or
   "level 0 (not level 2: ...)", into BUF (LEN bytes).  */
static void
describe (const struct kir_kernel *k, const struct level_plan *p, char *buf,
          size_t len)
{
  size_t n = 0;
#define ADD(...) (n += (size_t) snprintf (buf + n, n < len ? len - n : 0, \
                                          __VA_ARGS__))
  if (p->level == 0)
    ADD ("level 0");
  else if (p->level == 1)
    ADD ("level 1: shared-memory tiles with halo per block of %dx%dx%d "
         "threads", p->block[0], p->block[1], p->block[2]);
  else if (p->level == 2)
    ADD ("level 2: each thread walks %d points along %c, a ring of planes "
         "in shared memory", k->tile[p->march], axis[p->march]);
  else
    {
      int columns = p->march > 1 ? k->chunk[0] * k->chunk[1] : k->chunk[0];
      if (p->march >= k->ndims)
        ADD (columns > 1 ? "level 3: each thread computes %d adjacent points"
             : "level 3: each thread computes one point", columns);
      else
        {
          ADD ("level 3: each thread walks %d points along %c%s",
               k->tile[p->march], axis[p->march],
               plan_rolled (k) ? " in a rolled loop" : "");
          if (columns > 1 && p->march > 1)
            ADD (" and computes %dx%d columns", k->chunk[0], k->chunk[1]);
          else if (columns > 1)
            ADD (" and computes %d columns", k->chunk[0]);
        }
      if (p->cells && p->cells->sums)
        ADD (", each %s it loads adding to the sums of the %d points it "
             "touches (plane sums)", p->march > 1 ? "plane" : "row",
             p->cells->sums->hi - p->cells->sums->lo + 1);
      else
        ADD (", its own %s in registers", p->march >= k->ndims ? "cells"
             : columns > 1 ? "columns" : "column");
      if (p->cells && p->cells->hoisted)
        ADD (", %d of the body's calls and divisions computed once before "
             "the walk", p->cells->hoisted);
      if (p->cells && p->cells->ntables)
        ADD (", %d cell%s of tables read once before the walk",
             p->cells->ntables, p->cells->ntables > 1 ? "s" : "");
    }
  for (int i = 0; i < p->ntiled; i++)
    {
      const struct tiled *t = &p->tiled[i];
      ADD ("%s %s", i ? "," : ";", kir_array_text (k, t->array));
      const struct level3_ring *r = p->cells ? &p->cells->ring : NULL;
      if (t->slots)
        ADD (" in %d x %dx%dx%d shared", t->slots, t->ext[0], t->ext[1],
             t->ext[2]);
      else if (r && r->ti == i)
        ADD (" through a ring of %d shared planes of %dx%d, copied %d "
             "plane%s ahead%s", r->slots, r->width, r->rows, r->ahead,
             r->ahead > 1 ? "s" : "",
             r->vector ? ", read 16 bytes at a time" : "");
      else
        ADD (" in registers");
    }
  int in_place = 0;
  for (int a = 0; a < k->narrays && a < 64; a++)
    if (p->cells && level3_preloaded (k, p->cells, a))
      n = add_listed (buf, len, n, &in_place, "; ", kir_array_text (k, a));
  if (in_place)
    ADD (" updated in place in registers");
  int ldg = 0;
  for (int a = 0; a < k->narrays; a++)
    if ((a >= 64 || p->tiled_of[a] < 0) && plan_read_only_path (&k->arrays[a])
        && !k->arrays[a].written)
      n = add_listed (buf, len, n, &ldg, "; read-only path for ",
                      kir_array_text (k, a));
  int carried = 0;
  n = add_arrays (buf, len, n, &carried, "; values stored to ", k,
                  k->carried);
  if (carried)
    ADD (" carried to the next iteration of their loop in registers");
  int recomputed = 0;
  n = add_arrays (buf, len, n, &recomputed, "; forward sweeps of ", k,
                  k->recomputed & ~k->recomputed_rows);
  if (recomputed)
    ADD (" stored every %d cells and computed again by the backward sweep",
         RECOMPUTE_SEGMENT);
  int recomputed_rows = 0;
  n = add_arrays (buf, len, n, &recomputed_rows, "; forward sweeps of ", k,
                  k->recomputed_rows);
  if (recomputed_rows)
    ADD (" along the rows computed again by the backward sweep from a "
         "value kept every %d cells", RECOMPUTE_ROW_SEGMENT);
  int stored_whole = 0;
  n = add_arrays (buf, len, n, &stored_whole, "; forward sweeps of ", k,
                  k->stored_whole);
  if (stored_whole)
    ADD (" stored whole: computed again, they would read more than they "
         "save");
  int staged = 0;
  for (int i = 0; i < p->rows.n; i++)
    n = add_listed (buf, len, n, &staged, "; rows of ",
                    kir_array_text (k, p->rows.array[i]));
  if (staged)
    ADD (" staged by warps through shared memory, %d cells at a time",
         STAGED_WINDOW);
  if (p->rows_why[0])
    ADD ("; rows not staged: %s", p->rows_why);
  if (p->level == 3 && n < len)
    {
      describe_wide_accesses (k, p, buf, len);
      n = strlen (buf);
    }
  if (p->level == 3 && k->max_registers > 0 && p->min_blocks > 0)
    ADD ("; at most %d registers a thread", k->max_registers);
  if (p->level == 3 && k->clamp_rows && p->march > 1)
    ADD ("; rows through a clamp");
  int asked = k->opt_level > 3 ? 3 : k->opt_level;
  if (p->level < asked && p->why[0])
    ADD (" (not level %d: %s)", k->exact_level ? p->level + 1 : asked,
         p->why);
#undef ADD
}

/* The plan of K at its launch shape, into P: its level (plan_level), the
   cells of level 3, its MINT_SHARED_SUFFIX twin where CLASSES has arrays
   share strides, and its description.  INFO is K's analysis.  */
static void
plan_shape (const struct kir_kernel *k, const struct stencil_info *info,
            const char *classes, struct level_plan *p)
{
  plan_level (k, info, p);
  if (p->level == 3)
    p->cells = level3_plan_new (k, p);
  /* Level 3 is limited by registers (occupancy), and one index per shape
     instead of one per array saves them.  */
  p->classes = p->level == 3 && classes[0] ? classes : NULL;
  describe (k, p, p->description, sizeof p->description);
}

/* The level of K at its launch shape (INFO its analysis), and where
   NTILED is not NULL the arrays its plan keeps on chip.  */
static int
level_of (const struct kir_kernel *k, const struct stencil_info *info,
          int *ntiled)
{
  struct level_plan p;
  plan_level (k, info, &p);
  if (ntiled)
    *ntiled = p.ntiled;
  return p.level;
}

/* Levels 2 and 3 walk each thread along the outermost parallel dimension
   over the block's whole tile there (chunksize = tile).  Without a
   chunksize clause (!CHUNK_GIVEN), a 2-D or 3-D nest at those levels gets
   that shape where the plan then uses such a level for it: chunksize =
   the tile given for the outermost dimension, or, where none (or 1) was
   given, tile = chunksize = MINT_MARCH_CHUNK there.  At level 3 a thread
   that computes one column (chunksize 1 below the walk, given or not)
   then computes the register block the cost model picks
   (plan_register_block) instead: the block keeps its threads, and the
   tile grows by the register block.  So does a thread of a 1-D nest at
   level 3 (a walk of one step: plan_march_dim).
   -fplugin-arg-mint-exact-level keeps one column.  */
#define MINT_MARCH_CHUNK 32

static void
choose_march_shape (struct kir_kernel *k, const struct stencil_info *info,
                    bool chunk_given)
{
  int m = plan_march_dim (k);
  if (k->opt_level < (m < k->ndims ? 2 : 3))
    return;
  if (!chunk_given && m < k->ndims)
    {
      int tile = k->tile[m], chunk = k->chunk[m];
      if (k->tile[m] < 2)
        k->tile[m] = MINT_MARCH_CHUNK;
      k->chunk[m] = k->tile[m];
      if (level_of (k, info, NULL) < 2)
        {
          k->tile[m] = tile;
          k->chunk[m] = chunk;
          return;
        }
    }
  for (int d = 0; d < m; d++)
    if (k->chunk[d] != 1)
      return;
  int rb[KIR_MAX_DIMS];
  if (k->exact_level || !plan_register_block (k, info, rb))
    return;
  for (int d = 0; d < m; d++)
    if (rb[d] > 1 && k->tile[d] <= INT_MAX / rb[d])
      {
        k->tile[d] *= rb[d];
        k->chunk[d] = rb[d];
      }
}

/* A plan of K with its analyses and, where mint chooses the shape, the
   candidates; no decision at a shape yet.  */
static struct mint_plan *
plan_analyses (const struct kir_kernel *k)
{
  struct mint_plan *p = mint_xcalloc (1, sizeof *p);
  stencil_analyze (k, &p->info);
  for (int a = 0; a < k->narrays; a++)
    if (stencil_halo_x (k, &p->info, a) > p->halo_x)
      p->halo_x = stencil_halo_x (k, &p->info, a);
  p->classes = mint_xmalloc ((size_t) k->narrays + 1);
  plan_shape_classes (k, &p->info, p->classes);
  if (k->shape_choice != KIR_SHAPE_GIVEN)
    p->ncandidates = tune_candidates (k, &p->info, p->shapes);
  return p;
}

/* P's decisions for K at its launch shape, at each variant's, and at
   level 4.  */
static void
plan_decisions (struct mint_plan *p, const struct kir_kernel *k)
{
  plan_shape (k, &p->info, p->classes, &p->kernel);
  p->tuned = k->shape_choice == KIR_SHAPE_TUNED
             || (k->shape_choice == KIR_SHAPE_GIVEN && p->ncandidates > 0);
  for (int i = 0; p->tuned && i < p->ncandidates; i++)
    {
      struct kir_kernel variant = *k;
      tune_apply (&variant, &p->shapes[i]);
      plan_shape (&variant, &p->info, p->classes, &p->variants[i]);
    }
  if (k->opt_level >= 4)
    plan_temporal (k, &p->info, &p->temporal);
}

/* Where mint chose K's shape and it walks no dimension although a
   walking level was asked, because no walk applies: the note gives the
   reason of a walk (such as an array read at too many offsets), not the
   chosen shape's own (a tile of 1 in z).  */
static void
explain_no_walk (const struct kir_kernel *k, struct mint_plan *p)
{
  int m = k->ndims - 1;
  if (k->opt_level < 2 || m < 1 || p->kernel.level >= 2)
    return;
  struct kir_kernel walk = *k;
  for (int d = 0; d < m; d++)
    walk.chunk[d] = 1;
  walk.tile[m] = walk.chunk[m] = MINT_MARCH_CHUNK;
  struct level_plan w;
  plan_level (&walk, &p->info, &w);
  if (w.level >= 2 || !w.why[0])
    return;
  memcpy (p->kernel.why, w.why, sizeof w.why);
  describe (k, &p->kernel, p->kernel.description,
            sizeof p->kernel.description);
}

/* The shape of K that the clauses give (choose_march_shape), into P's
   candidates where it is two variants: where the runtime may choose
   (runtime_choice) and K walks at level 3 only with loads into the
   copies' margins (the boundary handled in the body), or keeps more
   arrays on chip so (an array read beside its point under a
   condition), that walk as variant 0, rolled (its body's condition made
   the unrolled walks of several columns slower: plan-tune.c,
   margin_candidates), and the shape without them as variant 1, the
   fallback (mintrt.h, MINT_VARIANT_MARGIN); given to K.  */
static void
choose_given_shape (struct kir_kernel *k, struct mint_plan *p,
                    bool chunk_given)
{
  struct kir_kernel walked = *k;
  int ntiled, walked_ntiled;
  choose_march_shape (k, &p->info, chunk_given);
  if (!k->runtime_choice || k->opt_level < 3)
    return;
  int level = level_of (k, &p->info, &ntiled);
  walked.margin_reads = 1;
  walked.max_registers = LEVEL3_ROLLED_REGISTERS;
  choose_march_shape (&walked, &p->info, chunk_given);
  if (level_of (&walked, &p->info, &walked_ntiled) != 3
      || (level == 3 && walked_ntiled <= ntiled))
    return;
  tune_shape_of (&walked, &p->shapes[0]);
  tune_shape_of (k, &p->shapes[1]);
  p->ncandidates = 2;
  tune_apply (k, &p->shapes[0]);
}

/* K's plan, its launch shape chosen first (plan_kernel).  */
static struct mint_plan *
plan_shape_and_decisions (struct kir_kernel *k, bool chunk_given)
{
  struct mint_plan *p = plan_analyses (k);
  if (k->shape_choice == KIR_SHAPE_GIVEN)
    choose_given_shape (k, p, chunk_given);
  else
    tune_apply (k, &p->shapes[0]);
  plan_decisions (p, k);
  if (k->shape_choice != KIR_SHAPE_GIVEN)
    explain_no_walk (k, p);
  return p;
}

/* P's sentence (describe) for the inside of EDGES: where it runs, and
   the body as written elsewhere.  */
static void
describe_inside (struct level_plan *p, const struct edge_fold *edges)
{
  char sentence[sizeof p->description];
  const char *level = "level 3";
  int lines[EDGE_MAX_CHECKS], nlines = 0;
  size_t n = (size_t) snprintf (sentence, sizeof sentence,
                                "%s where the conditions on the loop "
                                "variables (line", level);
  for (int i = 0; i < edges->nchecks; i++)
    {
      int seen = 0;
      for (int j = 0; j < nlines; j++)
        seen |= lines[j] == edges->checks[i].line;
      if (!seen)
        lines[nlines++] = edges->checks[i].line;
    }
  for (int j = 0; j < nlines && n < sizeof sentence; j++)
    n += (size_t) snprintf (sentence + n, sizeof sentence - n, "%s %d",
                            j ? "," : nlines > 1 ? "s" : "", lines[j]);
  if (n < sizeof sentence && strncmp (p->description, level,
                                      strlen (level)) == 0)
    snprintf (sentence + n, sizeof sentence - n, ") keep one value over a "
              "thread's points%s; level 0 elsewhere",
              p->description + strlen (level));
  memcpy (p->description, sentence, sizeof sentence);
}

/* Whether the arrays whose accesses IN's device code checks are all
   among those of K's: the kernel has K's parameters (emit-kernel.c).  */
static bool
checks_within (const struct kir_kernel *in, const struct kir_kernel *k)
{
  char *mine = mint_xmalloc ((size_t) k->narrays + 1);
  char *theirs = mint_xmalloc ((size_t) k->narrays + 1);
  stencil_checked_arrays (in, mine);
  stencil_checked_arrays (k, theirs);
  bool within = true;
  for (int a = 0; a < k->narrays; a++)
    within &= mine[a] != 'c' || theirs[a] == 'c';
  free (mine);
  free (theirs);
  return within;
}

/* Where K asks for level 3 and P, its plan, gets a lower level, or
   keeps fewer arrays on chip than K's inside (edge-fold.h) would (an
   array read through wrapped subscripts beside one read at the point):
   the plan of the inside where that gets level 3 at its first shape,
   planned from K's shape before P (SHAPE) and given to K; else NULL.
   Level 4 does not apply: its steps would cross the edges.  */
static struct mint_plan *
plan_inside (struct kir_kernel *k, const struct mint_plan *p,
             const struct tune_shape *shape, bool chunk_given)
{
  struct edge_fold edges;
  if (k->opt_level < 3 || !edge_fold_kernel (k, &edges))
    return NULL;
  struct kir_kernel *in = edges.inside;
  tune_apply (in, shape);
  in->opt_level = 3;
  struct mint_plan *q = plan_shape_and_decisions (in, chunk_given);
  in->opt_level = k->opt_level;
  bool better = p->kernel.level < 3 || q->kernel.ntiled > p->kernel.ntiled;
  if (q->kernel.level < 3 || !better || !checks_within (in, k))
    {
      plan_free (q);
      edge_fold_free (&edges);
      return NULL;
    }
  q->edges = edges;
  struct tune_shape chosen;
  tune_shape_of (in, &chosen);
  tune_apply (k, &chosen);
  describe_inside (&q->kernel, &q->edges);
  for (int i = 0; q->tuned && i < q->ncandidates; i++)
    if (q->variants[i].level == 3)
      describe_inside (&q->variants[i], &q->edges);
  if (k->opt_level >= 4)
    snprintf (q->temporal.why, sizeof q->temporal.why,
              "level 3 runs only where the conditions on the loop "
              "variables keep one value, and steps of level 4 would cross "
              "the points where they change");
  return q;
}

struct mint_plan *
plan_kernel (struct kir_kernel *k, bool chunk_given)
{
  struct tune_shape shape;
  tune_shape_of (k, &shape);
  struct mint_plan *p = plan_shape_and_decisions (k, chunk_given);
  struct mint_plan *inside = plan_inside (k, p, &shape, chunk_given);
  if (!inside)
    return p;
  plan_free (p);
  return inside;
}

struct mint_plan *
plan_kernel_shaped (const struct kir_kernel *k)
{
  struct mint_plan *p = plan_analyses (k);
  plan_decisions (p, k);
  return p;
}

void
plan_free (struct mint_plan *p)
{
  if (!p)
    return;
  level3_plan_free (p->kernel.cells);
  for (int i = 0; i < TUNE_MAX_VARIANTS; i++)
    level3_plan_free (p->variants[i].cells);
  free (p->classes);
  stencil_info_free (&p->info);
  edge_fold_free (&p->edges);
  free (p);
}

int
plan_variant_count (const struct mint_plan *p)
{
  return p->tuned && p->ncandidates > 1 ? p->ncandidates : 0;
}

/* The arrays of a shape class share strides in nearly every program
   (equal extents, equal pitches), where only the twins run; where they
   do not, the runtime runs variant 0 untuned.  A general kernel for
   every variant would double nvcc's work for launches that rarely
   happen.  */
bool
plan_variant_has_general (const struct mint_plan *p, int i)
{
  return i == 0 || i == plan_margin_fallback (p)
         || p->variants[i].classes == NULL;
}

bool
plan_variant_unchecked_only (const struct mint_plan *p, int i,
                             const struct kir_kernel *k)
{
  return i > plan_margin_fallback (p) && stencil_checks_may_pass (k);
}

int
plan_margin_fallback (const struct mint_plan *p)
{
  return plan_variant_count (p) > 0 && p->shapes[0].margin_reads ? 1 : 0;
}

const char *
plan_descriptor_classes (const struct mint_plan *p)
{
  int n = plan_variant_count (p);
  bool twin = n == 0 && p->kernel.classes;
  for (int i = 0; i < n; i++)
    twin |= p->variants[i].classes != NULL;
  return twin ? p->classes : "";
}
