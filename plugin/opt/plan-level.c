/* plan-level.c -- the level of a kernel at one launch shape (the Mint
   paper's optimizer, section 4.2), from the stencil analysis
   (plan-level.h).

   Tiled arrays: the regular, read-only arrays read at neighbouring points,
   every read unconditional (so that each halo cell is one the program
   itself reads: the box of cells loaded stays inside the array), halo at
   most the block's threads per side; most reused first, as many as fit
   in 48 KB of static shared memory.  Other arrays are read as at level 0
   (read-only ones through __ldg).

   Level 1 keeps the tiled arrays' sub-tiles with their halo in shared
   memory; level 2 (2 or 3 parallel dimensions, one thread per column
   along the outermost one, "z": chunksize = tile in z, chunk 1 in the
   others) walks each thread along its column with a ring of planes in
   shared memory; level 3 (besides level 2's conditions, a read of the
   array on the thread's own column, or at two offsets or more beside
   it) keeps the column's planes in registers, and may give each thread
   a register block of several columns (plan-level3.h).

   A thread's halo cells at levels 1 and 2: the cells of the padded tile
   at its own position shifted by -1, 0 or +1 block widths per tiled
   dimension ("segments"), kept where some read offset reaches them.  */

#include "plan-level.h"
#include "kir-type.h"
#include "mint/mintrt.h"
#include "plane-sums.h"
#include "xalloc.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Level 3: the points per thread in one dimension and in the plane, and
   the cells one thread may read per array.  */
#define MAX_BLOCK_SIDE 8
#define MAX_BLOCK_POINTS 16
#define MAX_CELLS (1 << 16)
/* Offsets of an array whose window level 3 keeps in registers, beyond
   which it takes plane sums (plane-sums.h) or no level.  */
#define WINDOW_OFFSETS 64
/* What a column's plane sums hold at most: the cells of one plane of the
   walk and a sum per plane it reads (the 125-point box's 25 and 5, a 2-D
   box of radius 6's rows of 13 and 13, a 27x3 box's rows of 27 and 3).
   The 3-D box of radius 3 (49 and 7) spilled at every register limit and
   took ptxas minutes (bench/results/optimizer-notes.md, round 48).  */
#define PLANE_SUM_CELLS 32

static const char axis[] = "xyz";

#define STRINGIFY_VALUE(x) #x
#define STRINGIFY(x) STRINGIFY_VALUE (x)

static void
note (char *buf, size_t len, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (buf, len, fmt, ap);
  va_end (ap);
}

/* ---- what the plans know of the arrays ---------------------------------- */

/* __ldg has no bool overload.  */
bool
plan_read_only_path (const struct kir_array *a)
{
  return !a->written && a->elem != KIR_BOOL;
}

/* Whether every read of ARRAY in K under a condition reaches a cell
   within the box of its reads at every point: at each subscript between
   the least and the greatest offset read there unconditionally.  Those
   cells lie in the array's copy wherever the unconditional ones do (the
   launch checks them), so a walk may load them at every point: the
   centre of the game of life, read only where the count is 2.  */
bool
plan_conditional_reads_inside (const struct kir_kernel *k, int array)
{
  long long lo[KIR_MAX_DIMS], hi[KIR_MAX_DIMS];
  bool any = false;
  for (int pass = 0; pass < 2; pass++)
    for (int b = 0; b < k->nblocks; b++)
      {
        bool every = stencil_every_point_runs (k, b);
        for (int s = 0; s < k->blocks[b].nstmts; s++)
          {
            const struct kir_stmt *st = &k->blocks[b].stmts[s];
            if (st->kind != KIR_LOAD || st->access.array != array
                || every != (pass == 0))
              continue;
            for (int i = 0; i < st->access.rank; i++)
              {
                long long c = st->access.index[i].constant;
                if (pass == 1 && (!any || c < lo[i] || c > hi[i]))
                  return false;
                if (pass == 0 && (!any || c < lo[i]))
                  lo[i] = c;
                if (pass == 0 && (!any || c > hi[i]))
                  hi[i] = c;
              }
            any = true;
          }
      }
  return true;
}

/* Whether every read of ARRAY in K lies within MINT_COPY_MARGIN of the
   point along each subscript and the box of them holds the point, which
   a walk loads too.  The runtime allocates such margins around each copy
   and runs a variant that loads the whole box only where the program's
   reads of the launch lie in the allocations (mintrt.h,
   MINT_VARIANT_MARGIN): the boundary handled in the body, `if (x == 0 ||
   ...) b = a; else b = star (a)'.  (An array read at one offset has no
   cells to share: a red-black sweep's right-hand side, read where the
   colour is the sweep's, ran 6% slower walked.)  */
static bool
plan_reads_within_margin (const struct kir_kernel *k, int array)
{
  bool below[KIR_MAX_DIMS] = { false }, above[KIR_MAX_DIMS] = { false };
  int rank = k->arrays[array].rank;
  for (int b = 0; b < k->nblocks; b++)
    for (int s = 0; s < k->blocks[b].nstmts; s++)
      {
        const struct kir_stmt *st = &k->blocks[b].stmts[s];
        if (st->kind != KIR_LOAD || st->access.array != array)
          continue;
        for (int i = 0; i < st->access.rank; i++)
          {
            long long c = st->access.index[i].constant;
            if (c < -MINT_COPY_MARGIN || c > MINT_COPY_MARGIN)
              return false;
            below[i] |= c <= 0;
            above[i] |= c >= 0;
          }
      }
  for (int i = 0; i < rank; i++)
    if (!below[i] || !above[i])
      return false;
  return true;
}

/* Offset of stencil offset O per parallel dimension.  */
void
plan_dim_offsets (const struct kir_array *arr, const struct stencil_array *s,
                  const int *offset, int *o)
{
  for (int d = 0; d < KIR_MAX_DIMS; d++)
    o[d] = 0;
  for (int i = 0; i < arr->rank; i++)
    o[s->dim_of[i]] = offset[i];
}

void
plan_access_offsets (const struct stencil_array *s,
                     const struct kir_access *acc, int *o)
{
  int offset[KIR_MAX_DIMS];
  for (int i = 0; i < acc->rank; i++)
    offset[i] = (int) acc->index[i].constant;
  for (int d = 0; d < KIR_MAX_DIMS; d++)
    o[d] = 0;
  for (int i = 0; i < acc->rank; i++)
    o[s->dim_of[i]] = offset[i];
}

/* The statements of K that store array A; *EVERY_POINT: one of them is
   in a block every point runs.  */
static int
stores_of (const struct kir_kernel *k, int a, bool *every_point)
{
  int stores = 0;
  *every_point = false;
  for (int b = 0; b < k->nblocks; b++)
    for (int i = 0; i < k->blocks[b].nstmts; i++)
      {
        const struct kir_stmt *st = &k->blocks[b].stmts[i];
        if (st->kind == KIR_STORE && st->access.array == a)
          {
            stores++;
            *every_point |= stencil_every_point_runs (k, b);
          }
      }
  return stores;
}

bool
plan_stored_once (const struct kir_kernel *k, const struct stencil_info *info,
                  int a)
{
  const struct stencil_array *s = &info->arrays[a];
  bool every_point;
  return k->arrays[a].written && !k->arrays[a].read && s->regular
         && s->writes_centre_only && stores_of (k, a, &every_point) == 1
         && every_point;
}

bool
plan_kept_at_point (const struct kir_kernel *k,
                    const struct stencil_info *info, int a)
{
  const struct stencil_array *s = &info->arrays[a];
  bool every_point;
  return k->arrays[a].written && s->regular && s->writes_centre_only
         && (!k->arrays[a].read || (s->noffsets == 1 && s->centre_read))
         && stores_of (k, a, &every_point) > 0 && every_point;
}

/* ---- the arrays on chip ------------------------------------------------ */

/* Distinct offsets read besides the centre: the loads a tile saves.  */
static int
reuse (const struct stencil_array *s)
{
  return s->noffsets - s->centre_read;
}

/* Level 3 keeps array A's cells in registers where its points read it on
   their own column, or at two offsets or more beside it (cells that a
   thread's columns share).  Read at one offset beside the point only (a
   lattice Boltzmann code pulling each distribution from one neighbour),
   it shares none, and the rows' 16-byte loads ran that code 1.25 times
   slower than single loads (bench/results/optimizer-notes.md, round
   39).  */
static int
walk_keeps (const struct kir_kernel *k, const struct stencil_info *info,
            const struct level_plan *p, int a)
{
  return plan_column_read (k, info, p, a) || info->arrays[a].noffsets >= 2;
}

int
plan_march_dim (const struct kir_kernel *k)
{
  return k->ndims > 1 ? k->ndims - 1 : 1;
}

bool
plan_rolled (const struct kir_kernel *k)
{
  return k->max_registers > 0 && k->max_registers <= LEVEL3_ROLLED_REGISTERS;
}

/* T's cells around one thread's points at level 3 are too many to keep
   apart.  */
static int
too_wide (const struct kir_kernel *k, const struct level_plan *p,
          const struct tiled *t)
{
  long long cells = 1;
  for (int d = 0; d < k->ndims; d++)
    cells *= t->hlo[d] + (d < p->march ? k->chunk[d] : 1) + t->hhi[d];
  return cells > MAX_CELLS;
}

/* Why K cannot compute its register block at level 3 (its chunks below
   the walk along MARCH), into BUF (LEN bytes); NULL when it can.  */
static const char *
block_problem (const struct kir_kernel *k, int march, char *buf, size_t len)
{
  int points = 1;
  for (int d = 0; d < march; d++)
    {
      if (k->chunk[d] > MAX_BLOCK_SIDE)
        {
          snprintf (buf, len, "chunksize %d in %c: a thread computes at most "
                    "%d points per dimension below the walk", k->chunk[d],
                    axis[d], MAX_BLOCK_SIDE);
          return buf;
        }
      points *= k->chunk[d];
    }
  if (points > MAX_BLOCK_POINTS)
    {
      snprintf (buf, len, "%d points per thread in the plane (at most %d)",
                points, MAX_BLOCK_POINTS);
      return buf;
    }
  return NULL;
}

bool
plan_wide_window (const struct stencil_info *info)
{
  for (int a = 0; a < info->narrays; a++)
    if (info->arrays[a].read_only && info->arrays[a].noffsets > WINDOW_OFFSETS)
      return true;
  return false;
}

bool
plan_plane_sums (const struct kir_kernel *k, const struct stencil_info *info,
                 int march)
{
  struct plane_sums *s = plane_sums_find (k, info, march);
  plane_sums_free (s);
  return s != NULL;
}

/* The most offsets of S that share their offset along parallel
   dimension MARCH (the cells of one plane of the walk), plus the planes
   that S is read at.  */
static int
plane_sum_cells (const struct stencil_array *s, int march)
{
  int along = -1, most = 0;
  for (int i = 0; i < KIR_MAX_DIMS; i++)
    if (s->dim_of[i] == march)
      along = i;
  if (along < 0)
    return s->noffsets + 1;
  int planes = s->halo_lo[along] + s->halo_hi[along] + 1;
  int *cells = mint_xcalloc ((size_t) planes, sizeof *cells);
  for (int o = 0; o < s->noffsets; o++)
    {
      int n = ++cells[s->offsets[o].offset[along] + s->halo_lo[along]];
      most = n > most ? n : most;
    }
  free (cells);
  return most + planes;
}

/* Why array A cannot be tiled, or NULL.  */
static const char *
untileable (const struct kir_kernel *k, const struct stencil_info *info,
            const struct level_plan *p, int a)
{
  const struct stencil_array *s = &info->arrays[a];
  /* A box of cells around a tile of a flat array may reach beyond its
     copy, which is the program's memory only: level 3 loads only what the
     points read.  */
  if (s->read_only && k->arrays[a].flat && s->nreads > 0 && k->ndims > 1
      && (!s->regular || p->level < 3))
    return k->ndims == 3
           ? "is read through a linearized subscript (a pointer to planes, "
             "T (*a)[NY][NX], indexed a[z][y][x], can use this level)"
           : "is read through a linearized subscript (a pointer to rows, "
             "T (*a)[NX], indexed a[y][x], can use this level)";
  if (s->read_only && s->too_many_offsets)
    return "is read at more than " STRINGIFY (STENCIL_MAX_OFFSETS)
           " offsets";
  if (s->read_only && s->noffsets > WINDOW_OFFSETS && p->level == 3
      && plane_sum_cells (s, p->march) > PLANE_SUM_CELLS)
    return "is read at more cells of one plane of the walk and more planes "
           "than plane sums keep (" STRINGIFY (PLANE_SUM_CELLS) " together)";
  if (s->read_only && s->noffsets > WINDOW_OFFSETS
      && !(p->level == 3 && plan_plane_sums (k, info, p->march)))
    return "is read at more than " STRINGIFY (WINDOW_OFFSETS)
           " offsets, and its value is no sum over the planes of the walk";
  if (s->read_only && !s->regular && s->nreads > 1)
    return "is read at a subscript that is no loop variable plus a "
           "constant";
  if (!s->read_only || !s->regular
      || (p->level == 3 ? !walk_keeps (k, info, p, a) : reuse (s) == 0))
    return "";
  if (!plan_conditional_reads_inside (k, a)
      && !(k->margin_reads && p->level == 3 && s->noffsets > 1
           && plan_reads_within_margin (k, a)))
    return k->start_tested
           ? "is read only at the points that pass the test of their loop's "
             "start (a loop that starts where an outer loop's variable says, "
             "as a red-black sweep's rows do)"
           : "is read under a condition, beyond the cells it reads at every "
             "point";
  if (p->level == 3)
    {
      struct tiled t;
      plan_tile_array (k, info, p, a, &t);
      return too_wide (k, p, &t) ? "has too wide a halo for level 3"
                                        : NULL;
    }
  for (int i = 0; i < k->arrays[a].rank; i++)
    {
      int d = s->dim_of[i];
      if (d < p->tile_dims
          && (s->halo_lo[i] > p->block[d] || s->halo_hi[i] > p->block[d]))
        return "has a halo wider than the block";
    }
  return NULL;
}

/* Does segment SEG of T hold a cell some read at offset O reaches from a
   point of the block?  */
static int
segment_reached (const struct level_plan *p, const struct tiled *t,
                 const int *seg, const int *o)
{
  for (int d = 0; d < p->tile_dims; d++)
    {
      int b = p->block[d];
      int lo = seg[d] * b, hi = lo + b - 1;
      if (lo < -t->hlo[d])
        lo = -t->hlo[d];
      if (hi > b - 1 + t->hhi[d])
        hi = b - 1 + t->hhi[d];
      if (lo > hi || hi < o[d] || lo > b - 1 + o[d])
        return 0;
    }
  return 1;
}

/* The segments of T that reads reach.  Level 3 keeps only the centre
   plane's halo: reads at march offset 0, the own cell excluded.  */
static void
find_segments (const struct kir_kernel *k, const struct stencil_info *info,
               const struct level_plan *p, struct tiled *t)
{
  const struct stencil_array *s = &info->arrays[t->array];
  int n = 1;
  for (int d = 0; d < p->tile_dims; d++)
    n *= 3;
  t->nseg = 0;
  for (int c = 0; c < n; c++)
    {
      int seg[KIR_MAX_DIMS] = { 0, 0, 0 }, own = 1;
      for (int d = 0, r = c; d < p->tile_dims; d++, r /= 3)
        {
          seg[d] = r % 3 - 1;
          own &= seg[d] == 0;
        }
      if (p->level == 3 && own)
        continue;
      for (int i = 0; i < s->noffsets; i++)
        {
          int o[KIR_MAX_DIMS];
          plan_dim_offsets (&k->arrays[t->array], s, s->offsets[i].offset, o);
          if (p->level == 3 && o[p->march] != 0)
            continue;
          if (segment_reached (p, t, seg, o))
            {
              memcpy (t->seg[t->nseg++], seg, sizeof seg);
              break;
            }
        }
    }
}

/* Level 3 keeps in registers what A's reads take from the thread's own
   column (any offset along the march dimension, none in the plane).  */
int
plan_column_read (const struct kir_kernel *k,
                  const struct stencil_info *info,
                  const struct level_plan *p, int a)
{
  const struct stencil_array *s = &info->arrays[a];
  for (int i = 0; i < s->noffsets; i++)
    {
      int o[KIR_MAX_DIMS], in_plane = 0;
      plan_dim_offsets (&k->arrays[a], s, s->offsets[i].offset, o);
      for (int d = 0; d < p->march; d++)
        in_plane |= o[d] != 0;
      if (!in_plane)
        return 1;
    }
  return 0;
}

static long
shared_bytes (const struct kir_kernel *k, const struct tiled *t)
{
  long cells = t->slots;
  for (int d = 0; d < KIR_MAX_DIMS; d++)
    cells *= t->ext[d];
  return cells * (long) kir_type_size (k->arrays[t->array].elem);
}

void
plan_tile_array (const struct kir_kernel *k, const struct stencil_info *info,
                 const struct level_plan *p, int a, struct tiled *t)
{
  const struct stencil_array *s = &info->arrays[a];
  memset (t, 0, sizeof *t);
  t->array = a;
  for (int i = 0; i < k->arrays[a].rank; i++)
    {
      int d = s->dim_of[i];
      t->subscript[d] = i;
      t->hlo[d] = s->halo_lo[i];
      t->hhi[d] = s->halo_hi[i];
    }
  for (int d = 0; d < KIR_MAX_DIMS; d++)
    t->ext[d] = d < p->tile_dims ? t->hlo[d] + p->block[d] + t->hhi[d] : 1;
  if (p->level == 1)
    t->slots = 1;
  else if (p->level == 2)
    t->slots = t->hlo[p->march] + t->hhi[p->march] + 2;
  else
    t->slots = 0;               /* registers only */
  if (p->level < 3)
    find_segments (k, info, p, t);
}

/* Whether array A's reason for staying untiled tells more than array
   B's: A is read more often, or as often and at the loop variables plus
   constants (or at too many such offsets to tile) where B is not.  */
static bool
more_telling (const struct stencil_info *info, int a, int b)
{
  const struct stencil_array *x = &info->arrays[a], *y = &info->arrays[b];
  bool xs = x->regular || x->too_many_offsets;
  bool ys = y->regular || y->too_many_offsets;
  return x->nreads > y->nreads || (x->nreads == y->nreads && xs && !ys);
}

/* The arrays to tile at P->level, most reused first, within the shared
   memory budget.  Returns how many, 0 with a reason in P->why.  */
static int
choose_arrays (const struct kir_kernel *k, const struct stencil_info *info,
               struct level_plan *p)
{
  char *taken = mint_xcalloc ((size_t) k->narrays + 1, 1);
  long bytes = 0;
  p->ntiled = 0;
  const char *reason = NULL;
  int reason_array = -1;
  while (p->ntiled < MAX_TILED)
    {
      int best = -1;
      for (int a = 0; a < k->narrays && a < 64; a++)
        {
          if (taken[a])
            continue;
          /* The reason of the array read the most; of two read as
             often, the one read at the loop variables plus constants,
             rather than a table of weights.  */
          const char *why = untileable (k, info, p, a);
          if (why && *why && (!reason || more_telling (info, a, reason_array)))
            {
              reason = why;
              reason_array = a;
            }
          if (!why && (best < 0 || reuse (&info->arrays[a])
                                   > reuse (&info->arrays[best])))
            best = a;
        }
      if (best < 0)
        break;
      taken[best] = 1;
      struct tiled *t = &p->tiled[p->ntiled];
      plan_tile_array (k, info, p, best, t);
      if (bytes + shared_bytes (k, t) > SHARED_BYTES)
        {
          if (!reason)
            {
              reason = "does not fit in 48 KB of shared memory";
              reason_array = best;
            }
          continue;
        }
      bytes += shared_bytes (k, t);
      p->tiled_of[best] = p->ntiled++;
    }
  free (taken);
  if (p->ntiled == 0)
    {
      if (reason)
        note (p->why, sizeof p->why, "%s %s", kir_array_text (k, reason_array),
              reason);
      else
        note (p->why, sizeof p->why, "no read-only array is read at "
              "neighbouring points");
    }
  return p->ntiled;
}

/* Why the marching level LEVEL (2 or 3) does not apply, or NULL.  Level
   3 takes chunks below the walk as a register block.  */
static const char *
no_march (const struct kir_kernel *k, int level, char *buf, size_t len)
{
  int m = plan_march_dim (k);
  if (k->ndims < 2 && level < 3)
    return "a 1-D nest has no dimension to walk along";
  if (level == 3)
    {
      const char *why = block_problem (k, m, buf, len);
      if (why || m >= k->ndims)
        return why;
    }
  else
    for (int d = 0; d < m; d++)
      if (k->chunk[d] != 1)
        {
          note (buf, len, "chunksize %d in %c (walking along %c in shared "
                "memory needs one column per thread)", k->chunk[d], axis[d],
                axis[m]);
          return buf;
        }
  if (k->chunk[m] != k->tile[m])
    {
      note (buf, len, "chunksize %d in %c differs from the tile's %d (one "
            "thread must walk the block's whole column)", k->chunk[m],
            axis[m], k->tile[m]);
      return buf;
    }
  if (k->tile[m] < 2)
    {
      note (buf, len, "tile 1 in %c leaves nothing to aggregate", axis[m]);
      return buf;
    }
  return NULL;
}

/* The cost model, from measurements on sm_90 (bench/results/
   optimizer-notes.md): shared-memory tiles (levels 1, 2) lose to level 0's
   read-only loads.  Returns why a level that applies does not pay, or
   NULL.  */
static const char *
does_not_pay (const struct kir_kernel *k, const struct level_plan *p)
{
  if (k->exact_level || p->level > 2)
    return NULL;
  return "shared-memory tiles measured slower than level 0's read-only "
         "loads";
}

/* ---- the level ---------------------------------------------------------- */

/* The level of P for K, its arrays on chip and why not a higher level:
   the highest level up to K->opt_level that applies and pays
   (does_not_pay), else level 0.  */
static void
choose_level (const struct kir_kernel *k, const struct stencil_info *info,
              struct level_plan *p)
{
  memset (p, 0, sizeof *p);
  for (int a = 0; a < 64; a++)
    p->tiled_of[a] = -1;
  for (int d = 0; d < KIR_MAX_DIMS; d++)
    p->block[d] = d < k->ndims ? k->tile[d] / k->chunk[d] : 1;
  int level = k->opt_level > 3 ? 3 : k->opt_level;
  if (level <= 0)
    return;
  if (info->nested_loops)
    {
      note (p->why, sizeof p->why, "the body has inner loops");
      return;
    }
  if (k->nprivates > 0)
    {
      note (p->why, sizeof p->why, "the body declares an array");
      return;
    }
  /* Level 3's walk combines a reduction's partial results over the
     block at its end, as level 0 does; levels 1 and 2 do not.  */
  if (k->nreductions > 0 && level < 3)
    {
      note (p->why, sizeof p->why, "the nest has a reduction, which only "
            "level 3 and level 0 combine");
      return;
    }
  if (k->narrays > 64)
    {
      note (p->why, sizeof p->why, "more than 64 arrays");
      return;
    }
  for (int d = 0; d < k->ndims; d++)
    if (k->dims[d].step != 1)
      {
        note (p->why, sizeof p->why, "step %lld in %c", k->dims[d].step,
              axis[d]);
        return;
      }

  /* Lower levels are tried only where they may pay: with exact_level.  */
  int lowest = k->exact_level && k->nreductions == 0 ? 1 : level;
  char buf[200];
  for (; level >= lowest; level--)
    {
      const char *march = level >= 2 ? no_march (k, level, buf, sizeof buf)
                                     : NULL;
      if (march)
        {
          note (p->why, sizeof p->why, "%s", march);
          continue;
        }
      p->level = level;
      p->march = level >= 2 ? plan_march_dim (k) : -1;
      p->tile_dims = level >= 2 ? plan_march_dim (k) : k->ndims;
      for (int a = 0; a < 64; a++)
        p->tiled_of[a] = -1;
      if (choose_arrays (k, info, p) > 0)
        {
          const char *why = does_not_pay (k, p);
          if (!why)
            return;
          note (p->why, sizeof p->why, "%s", why);
          p->ntiled = 0;
          break;
        }
    }
  p->level = 0;
}

/* Registers per multiprocessor on every GPU from sm_50 on.  */
#define MINT_REGISTERS_PER_SM 65536

/* The register limit of a level-3 thread, 0 for none.  Without a minimum
   of resident blocks ptxas stops near 100 registers and issues the walk's
   loads among the arithmetic; given 128 it issues the loads of the whole
   unrolled walk first, which runs the walks faster; no limit at all (one
   block) runs them much slower (bench/results/HISTORY-codegen.md).  */
#define MINT_LEVEL3_REGISTERS 128

/* Resident blocks and threads a multiprocessor of every default target
   (NVCC_DEFAULT_ARCHS: sm_70, sm_80, sm_90) holds.  */
#define MINT_BLOCKS_PER_SM 16
#define MINT_THREADS_PER_SM 2048

/* The minimum of resident blocks that limits a level-3 thread to
   K->max_registers (or MINT_LEVEL3_REGISTERS), 0 for none.  ptxas
   ignores, with a warning, a minimum that the multiprocessor cannot
   hold: small blocks get none.  For a GPU that holds fewer threads
   (sm_75, sm_86, sm_89), 8 blocks of 256 (LEVEL3_ROLLED_REGISTERS) get
   that warning, and their threads no limit.  */
static int
min_blocks (const struct kir_kernel *k, const struct level_plan *p)
{
  int threads = p->block[0] * p->block[1] * p->block[2];
  int regs = p->level != 3 ? 0 : k->max_registers
             ? k->max_registers : MINT_LEVEL3_REGISTERS;
  if (regs <= 0)
    return 0;
  int blocks = MINT_REGISTERS_PER_SM / (threads * regs);
  if (blocks > MINT_BLOCKS_PER_SM || blocks * threads > MINT_THREADS_PER_SM)
    return 0;
  return blocks > 0 ? blocks : 1;
}

/* Whether array A of K (INFO its analysis) is a padded grid of rank 2 or
   3.  */
static bool
padded_grid (const struct kir_kernel *k, const struct stencil_info *info,
             int a)
{
  return !k->arrays[a].flat && k->arrays[a].rank >= 2
         && info->arrays[a].follows_grid;
}

/* The first array of K (INFO its analysis) whose copies of A's extents
   would have A's strides: a padded grid of A's rank and element size
   (rows of another size are padded to other counts of elements); -1
   where A is no padded grid.  */
static int
class_first (const struct kir_kernel *k, const struct stencil_info *info,
             int a)
{
  if (!padded_grid (k, info, a))
    return -1;
  for (int b = 0;; b++)
    if (padded_grid (k, info, b) && k->arrays[b].rank == k->arrays[a].rank
        && kir_type_size (k->arrays[b].elem)
           == kir_type_size (k->arrays[a].elem))
      return b;
}

void
plan_shape_classes (const struct kir_kernel *k,
                    const struct stencil_info *info, char *classes)
{
  int any = 0, letters = 0;
  bool digit_used[KIR_MAX_DIMS + 1] = { false };
  int *first = mint_xmalloc ((size_t) k->narrays * sizeof *first);
  int *members = mint_xcalloc ((size_t) k->narrays, sizeof *members);
  for (int a = 0; a < k->narrays; a++)
    if ((first[a] = class_first (k, info, a)) >= 0)
      members[first[a]]++;
  for (int a = 0; a < k->narrays; a++)
    {
      int rank = k->arrays[a].rank;
      /* A rank's first class is its digit, any other a letter: lower
         case in rank 2, upper case in rank 3 (mintrt.h).  */
      if (first[a] < 0 || members[first[a]] < 2)
        classes[a] = '-';
      else if (first[a] < a)
        classes[a] = classes[first[a]];
      else if (!digit_used[rank])
        {
          classes[a] = (char) ('0' + rank);
          digit_used[rank] = true;
        }
      else
        classes[a] = (char) ((rank == 2 ? 'a' : 'A') + letters++);
      any |= classes[a] != '-';
    }
  free (first);
  free (members);
  classes[any ? k->narrays : 0] = '\0';
}

/* Level 0's staged rows of K (staged-rows.h) at its launch shape, where
   a block's width is whole warps and their windows fit in shared
   memory; P->threads is the block's.  */
static void
plan_staged_rows (const struct kir_kernel *k, const struct stencil_info *info,
                  struct level_plan *p)
{
  if (k->opt_level < 1
      || !staged_rows_find (k, info->nested_loops, &p->rows))
    return;
  long bytes = p->rows.bytes * (p->threads / STAGED_ROWS);
  if ((k->tile[0] / k->chunk[0]) % STAGED_ROWS != 0)
    note (p->rows_why, sizeof p->rows_why, "a block %d threads wide is no "
          "whole number of warps", k->tile[0] / k->chunk[0]);
  else if (bytes > SHARED_BYTES)
    note (p->rows_why, sizeof p->rows_why, "a block of %d threads would "
          "need %ld bytes of shared memory (at most %d)", p->threads, bytes,
          SHARED_BYTES);
  else
    return;
  p->rows.n = 0;
}

void
plan_level (const struct kir_kernel *k, const struct stencil_info *info,
            struct level_plan *p)
{
  choose_level (k, info, p);
  p->info = info;
  p->threads = 1;
  for (int d = 0; d < KIR_MAX_DIMS; d++)
    p->threads *= p->level == 0 ? k->tile[d] / k->chunk[d] : p->block[d];
  p->min_blocks = min_blocks (k, p);
  if (p->level == 0)
    plan_staged_rows (k, info, p);
}

/* Whether K stores to an element whose last subscript steps by more than
   one cell a point in x (e[2 * y][2 * x + 1] of a prolongation): a thread
   of two columns there stores two pieces a row, each half of the warp's
   sectors, where one column a thread stores a row's cells together.  */
static bool
strided_stores_in_x (const struct kir_kernel *k)
{
  int x = k->dims[0].iv;
  for (int b = 0; b < k->nblocks; b++)
    for (int i = 0; i < k->blocks[b].nstmts; i++)
      {
        const struct kir_stmt *st = &k->blocks[b].stmts[i];
        if (st->kind != KIR_STORE)
          continue;
        const struct kir_affine *last = &st->access.index[st->access.rank - 1];
        if (kir_affine_reads_local (last, x)
            && !kir_affine_steps_by_one (last, x))
          return true;
      }
  return false;
}

/* The register block for level-3 plan P of K (whose chunks below the walk
   are 1), into RB: none where K is limited to LEVEL3_ROLLED_REGISTERS or
   stores strided in x.  */
static void
register_block (const struct kir_kernel *k, const struct level_plan *p,
                int *rb)
{
  for (int d = 0; d < KIR_MAX_DIMS; d++)
    rb[d] = 1;
  if (plan_rolled (k) || strided_stores_in_x (k))
    return;
  /* Two or four points in x, as many as one vector access holds of the
     narrowest element read on the thread's columns: a thread of single
     bytes loads 4 a row, where one a row left a warp's 32 bytes to 32
     loads.  */
  enum kir_type narrowest = KIR_VOID;
  for (int i = 0; i < p->ntiled; i++)
    {
      enum kir_type t = k->arrays[p->tiled[i].array].elem;
      if (narrowest == KIR_VOID
          || kir_type_size (t) < kir_type_size (narrowest))
        narrowest = t;
    }
  if (p->march > 0 && plan_vector_lanes (narrowest) > 1)
    rb[0] = plan_vector_lanes (narrowest);
}

int
plan_vector_lanes (enum kir_type t)
{
  switch (t)
    {
    case KIR_F64: case KIR_I64: case KIR_U64:
      return 2;
    case KIR_F32: case KIR_I32: case KIR_U32:
    case KIR_I8: case KIR_U8: case KIR_I16: case KIR_U16:
      return 4;
    default:
      return 1;
    }
}

int
plan_register_block (const struct kir_kernel *k,
                     const struct stencil_info *info, int *rb)
{
  struct level_plan p;
  for (int d = 0; d < KIR_MAX_DIMS; d++)
    rb[d] = 1;
  choose_level (k, info, &p);
  if (p.level == 3)
    register_block (k, &p, rb);
  return p.level == 3;
}
