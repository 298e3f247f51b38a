/* plan-tune.c -- the candidate launch shapes of an autotuned kernel
   (plan-tune.h).

   Where the kernel walks each thread along its outermost parallel
   dimension (levels 2 and 3), the candidates are walks of a few
   lengths, those that won on some GPU and stencil: in 3-D 6 and 3 planes
   in 32x8 blocks (4 and 3 where three arrays or more are only read,
   which level 3 keeps in registers); in 2-D 16 and 32 rows in 128-wide
   blocks, for row sums also 256 rows (ROW_SUM_WALK), and last one column
   a thread in 256-wide blocks walking 16 rows, as the fastest hand CUDA
   does.  A walk reloads the halo along it
   at both ends: with a halo of h planes the lengths are h times longer,
   but where a 3-D halo of 2 planes or more is wider than the plane's, the
   second walk is the longest.
   At level 3 each walking thread computes the cost model's register
   block (plan_register_block) in at most 128 registers.  Some 3-D
   candidates limit the registers further, as the fastest hand CUDA does:
   the 4-plane walk at 64 registers, and at 80 with its rows through a
   clamp of the row index that never bites (kir-core.h, clamp_rows), which
   ptxas schedules otherwise; only with a one-plane halo, as a longer one
   makes them spill, and where their queues fit (queues_fit); then rolled
   one-column walks at LEVEL3_ROLLED_REGISTERS (plan-level.h) where their
   queues fit: 8 planes for every stencil, 3 and 4 more where every
   array is read at a star of offsets (one axis at a time), whose loads
   are then few; for a 3-D star with an in-plane halo of 3 or more,
   walks through a ring of shared planes (ring_walk in double,
   ring_vector_walk in double and float); and last, for a 3-D star, one
   point a thread.  Each candidate costs nvcc's time at every build (the
   unrolled walks most) and its launches in the tuning run, so shapes
   that never won are not candidates.  A 1-D nest at level 3 (a walk of
   one step, plan_march_dim) gets blocks of 256, 128 and 512 threads,
   each thread computing its register block.  Elsewhere (levels 0 and 1)
   the candidates are block shapes and a few points per thread along the
   outermost dimension.  Every candidate costs its launches in the tuning
   run; the measurements these follow are in
   bench/results/HISTORY-codegen.md.

   A nest with a reduction gets the same candidates, with more points a
   block where a block's atomic would cost (reduction_shapes).  A nest
   that walks only with loads in the copies' margins (the boundary
   handled in the body), or keeps more arrays on chip so (an array read
   beside its point under a condition), gets such walks, with the first
   block shape or walk without them second, which loads only what the
   program reads (margin_candidates).
   Last, every candidate gives a narrow dimension of constant extent one
   thread a point (fit_narrow_extents).  */

#include "plan-tune.h"
#include "plan-level.h"
#include "plan-level3.h"
#include "kir-type.h"

#include <limits.h>
#include <stdbool.h>
#include <string.h>

#define MAX_THREADS 1024
#define MAX_WALK 64

/* Walk lengths with a one-plane halo, the compile-time choice first, and
   the block's width and height in the other dimensions.  */
static const int walks_3d[] = { 6, 3 };             /* 32x8 blocks */
static const int walks_3d_registers[] = { 4, 3 };   /* 3+ arrays */
/* From a halo of this many planes, wider than any in the plane, the
   second 3-D walk is the longest (MAX_WALK): the halo a walk reloads at
   both ends then comes from DRAM (the blocks of the next tile in z start
   after the others of the grid's plane), and with little to read in the
   plane the reloads are much of the walk's traffic, a share that falls
   with the walk's length.  Where the plane's halo is as wide, the
   in-plane reads bound the walk and the shorter walk can win
   (bench/results/optimizer-notes.md, round 50).  */
#define LONG_WALK_HALO 2
static const int walks_2d[] = { 16, 32 };           /* 128-wide blocks */

/* The register-limited 3-D walk (with a one-plane halo) and its limit:
   4 blocks of 256 threads; the same walk with its rows through a clamp
   at 3 blocks.  */
#define LIMITED_WALK 4
#define LIMITED_REGISTERS 64
#define CLAMPED_REGISTERS 80
/* The box candidate: two rows a thread, in blocks of 32 x BOX_ROWS_HEIGHT
   threads walking BOX_ROWS_WALK planes (with a one-plane halo), the walk
   unrolled whole where its body is short (kir_kernel.unroll_whole).  */
#define BOX_ROWS_HEIGHT 4
#define BOX_ROWS_WALK 12
/* The walks of the rolled one-column candidates, with a one-plane halo:
   the first for every stencil, the others for stars only.  */
static const int rolled_walks[] = { 8, 3, 4 };
/* The 2-D walk that keeps one column a thread (no register block): its
   block's width and its length with a one-row halo.  */
#define ONE_COLUMN_WIDTH 256
#define ONE_COLUMN_WALK 16

/* Plane sums (plane-sums.h): a step loads one plane whatever the
   radius, so the walks are long (their first 2R steps, before the tile,
   only start sums).  First as many columns a thread in x as one 16-byte
   access holds (vector_sum_walk, scaled by plan_register_block: 2 in
   FP64, 4 in FP32) in 32x4 threads at most 80 registers: the 125-point
   box's fastest in FP32 (4 columns 0.760-0.767 ms against 0.887-0.897
   for 2, bench/results/optimizer-notes.md, round 46), and in FP64 until
   round 45.  Then 2x2 columns in 32x8 threads at most 128, the FP64
   box's fastest (its four points interleaved, a coefficient's load
   serving four products: 1.73 ms against 1.88 for 2x1 at 80, round 45);
   one column at 80.  */
static const struct tune_shape vector_sum_walk =
  { { 32, 4, 32 }, { 1, 1, 32 }, 80, 0, 0, 0, 0 };
static const struct tune_shape sum_walks[] = {
  { { 64, 16, 32 }, { 2, 2, 32 }, 128, 0, 0, 0, 0 },
  { { 32, 8, 32 }, { 1, 1, 32 }, 80, 0, 0, 0, 0 },
};
/* In 2-D, row sums (plane sums of a row) in 128-wide blocks with the
   register block's columns also walk ROW_SUM_WALK rows, after the walks
   of every 2-D kernel: each walk's first 2R rows only start sums, so a
   long walk pays where the grid gives every multiprocessor blocks enough
   (bench/results/2026-11-30-NVIDIA-H200-wide-boxes.md).  */
#define ROW_SUM_WALK 256

/* Block shapes where nothing walks: { tile, chunk } per dimension and
   the cost model's register limit.  */
static const struct tune_shape blocks_3d[] = {
  { { 32, 8, 1 }, { 1, 1, 1 }, 0, 0, 0, 0, 0 },
  { { 64, 4, 1 }, { 1, 1, 1 }, 0, 0, 0, 0, 0 },
  { { 32, 4, 2 }, { 1, 1, 1 }, 0, 0, 0, 0, 0 },
  { { 128, 2, 1 }, { 1, 1, 1 }, 0, 0, 0, 0, 0 },
  { { 32, 8, 4 }, { 1, 1, 4 }, 0, 0, 0, 0, 0 },
  { { 32, 8, 8 }, { 1, 1, 8 }, 0, 0, 0, 0, 0 },
};
static const struct tune_shape blocks_2d[] = {
  { { 32, 8, 1 }, { 1, 1, 1 }, 0, 0, 0, 0, 0 },
  { { 64, 4, 1 }, { 1, 1, 1 }, 0, 0, 0, 0, 0 },
  { { 128, 2, 1 }, { 1, 1, 1 }, 0, 0, 0, 0, 0 },
  { { 32, 16, 1 }, { 1, 1, 1 }, 0, 0, 0, 0, 0 },
  { { 256, 1, 1 }, { 1, 1, 1 }, 0, 0, 0, 0, 0 },
  { { 32, 32, 1 }, { 1, 4, 1 }, 0, 0, 0, 0, 0 },
};
static const struct tune_shape blocks_1d[] = {
  { { 256, 1, 1 }, { 1, 1, 1 }, 0, 0, 0, 0, 0 },
  { { 128, 1, 1 }, { 1, 1, 1 }, 0, 0, 0, 0, 0 },
  { { 512, 1, 1 }, { 1, 1, 1 }, 0, 0, 0, 0, 0 },
  { { 1024, 1, 1 }, { 1, 1, 1 }, 0, 0, 0, 0, 0 },
  { { 1024, 1, 1 }, { 4, 1, 1 }, 0, 0, 0, 0, 0 },
};
/* A 1-D nest at level 3 (plan_march_dim) gets the first of blocks_1d,
   each thread computing the cost model's register block of adjacent
   points (add_register_block).  Two points a thread from one 16-byte
   load ran the 3-point star at the copy's rate in blocks of 128 and 256
   threads, 98% in 512, 94% in 1024; one point a thread at best 88%
   (bench/results/probe/2026-12-01-one-d.txt).  */
#define VECTOR_BLOCKS_1D 3

/* Where warps stage rows (staged-rows.h): blocks of one or two warps,
   whose windows fit in shared memory (a block of 8 warps staging two
   FP64 arrays would need 68 KB).  One warp taking 4 rows a thread ran
   20-50% slower than these on the family's sweep (optimizer-notes.md,
   round 33).  */
static const struct tune_shape blocks_staged[] = {
  { { 32, 1, 1 }, { 1, 1, 1 }, 0, 0, 0, 0, 0 },
  { { 64, 1, 1 }, { 1, 1, 1 }, 0, 0, 0, 0, 0 },
  { { 32, 2, 1 }, { 1, 1, 1 }, 0, 0, 0, 0, 0 },
};

void
tune_apply (struct kir_kernel *k, const struct tune_shape *s)
{
  for (int d = 0; d < KIR_MAX_DIMS; d++)
    {
      k->tile[d] = d < k->ndims ? s->tile[d] : 1;
      k->chunk[d] = d < k->ndims ? s->chunk[d] : 1;
    }
  k->max_registers = s->max_registers;
  k->clamp_rows = s->clamp_rows;
  k->unroll_whole = s->unroll_whole;
  k->stage_planes = s->stage_planes;
  k->margin_reads = s->margin_reads;
}

void
tune_shape_of (const struct kir_kernel *k, struct tune_shape *s)
{
  for (int d = 0; d < KIR_MAX_DIMS; d++)
    {
      s->tile[d] = k->tile[d];
      s->chunk[d] = k->chunk[d];
    }
  s->max_registers = k->max_registers;
  s->clamp_rows = k->clamp_rows;
  s->unroll_whole = k->unroll_whole;
  s->stage_planes = k->stage_planes;
  s->margin_reads = k->margin_reads;
}

/* K (INFO its analysis) with shape S, into PROBE, and its level plan
   into P.  */
static void
plan_with (const struct kir_kernel *k, const struct stencil_info *info,
           const struct tune_shape *s, struct kir_kernel *probe,
           struct level_plan *p)
{
  *probe = *k;
  tune_apply (probe, s);
  plan_level (probe, info, p);
}

/* The level-3 plan of K (INFO its analysis) with shape S, its kernel
   into PROBE and its level plan into P; NULL where S gives no level 3.  */
static struct level3_plan *
level3_plan_with (const struct kir_kernel *k, const struct stencil_info *info,
                  const struct tune_shape *s, struct kir_kernel *probe,
                  struct level_plan *p)
{
  plan_with (k, info, s, probe, p);
  return p->level == 3 ? level3_plan_new (probe, p) : NULL;
}

/* The level of K (INFO its analysis) with shape S.  */
static int
level_with (const struct kir_kernel *k, const struct stencil_info *info,
            const struct tune_shape *s)
{
  struct kir_kernel probe;
  struct level_plan p;
  plan_with (k, info, s, &probe, &p);
  return p.level;
}

/* Whether K (INFO its analysis) at shape S walks at level 3 and unrolls
   its walk otherwise with S's unroll_whole flipped
   (kir_kernel.unroll_whole).  */
static bool
unroll_whole_differs (const struct kir_kernel *k,
                      const struct stencil_info *info,
                      const struct tune_shape *s)
{
  struct kir_kernel probe;
  struct level_plan p;
  struct level3_plan *given = level3_plan_with (k, info, s, &probe, &p);
  if (!given)
    return false;
  probe.unroll_whole = !probe.unroll_whole;
  struct level3_plan *flipped = level3_plan_new (&probe, &p);
  bool differs = given->unrolled != flipped->unrolled;
  level3_plan_free (given);
  level3_plan_free (flipped);
  return differs;
}

/* Appends S, trimmed to K's dimensions and with margin_reads where K
   has them, to OUT[0..*N) unless it is there already (with the same
   register limit) or has too many threads.  */
static void
add (const struct kir_kernel *k, struct tune_shape *out, int *n,
     const struct tune_shape *s)
{
  struct tune_shape t;
  int threads = 1;
  t.max_registers = s->max_registers;
  t.clamp_rows = s->clamp_rows;
  t.unroll_whole = s->unroll_whole;
  t.stage_planes = s->stage_planes;
  t.margin_reads = s->margin_reads | k->margin_reads;
  for (int d = 0; d < KIR_MAX_DIMS; d++)
    {
      t.tile[d] = d < k->ndims ? s->tile[d] : 1;
      t.chunk[d] = d < k->ndims ? s->chunk[d] : 1;
      threads *= t.tile[d] / t.chunk[d];
    }
  if (threads > MAX_THREADS || *n >= TUNE_MAX_VARIANTS)
    return;
  for (int i = 0; i < *n; i++)
    if (memcmp (&out[i], &t, sizeof t) == 0)
      return;
  out[(*n)++] = t;
}

/* Whether every offset of A moves along one dimension at most.  */
static bool
star_offsets (const struct stencil_array *a)
{
  for (int o = 0; o < a->noffsets; o++)
    {
      int moved = 0;
      for (int d = 0; d < KIR_MAX_DIMS; d++)
        moved += a->offsets[o].offset[d] != 0;
      if (moved > 1)
        return false;
    }
  return true;
}

/* What the walks along parallel dimension M depend on.  */
struct walk_needs
{
  int halo;                     /* the widest any array has along M, at
                                   least 1 */
  int plane_halo;               /* the widest along another dimension */
  int read_only;                /* arrays only read (level 3 keeps a
                                   column of registers for each it reads
                                   along the walk) */
  bool star;                    /* every regular array read at a star of
                                   offsets (the rolled walk's loads are
                                   then few) */
};

static struct walk_needs
walk_needs (const struct kir_kernel *k, const struct stencil_info *info,
            int m)
{
  struct walk_needs w = { 1, 0, 0, true };
  for (int a = 0; a < info->narrays; a++)
    {
      const struct stencil_array *s = &info->arrays[a];
      w.read_only += s->read_only && s->regular;
      w.star &= !s->regular || star_offsets (s);
      for (int i = 0; i < k->arrays[a].rank; i++)
        {
          int *widest = s->dim_of[i] == m ? &w.halo : &w.plane_halo;
          if (s->halo_lo[i] > *widest)
            *widest = s->halo_lo[i];
          if (s->halo_hi[i] > *widest)
            *widest = s->halo_hi[i];
        }
    }
  return w;
}

/* Where S has K walk at level 3, each thread computes the cost model's
   register block (plan_register_block): the block keeps its threads, the
   tile grows.  Not with -fplugin-arg-mint-exact-level unless ALWAYS (the
   plane sums' columns of one 16-byte access are no choice of the cost
   model's).  */
static void
add_register_block (const struct kir_kernel *k,
                    const struct stencil_info *info, struct tune_shape *s,
                    bool always)
{
  struct kir_kernel probe = *k;
  int rb[KIR_MAX_DIMS];
  tune_apply (&probe, s);
  if (always)
    probe.exact_level = 0;
  if (probe.exact_level || !plan_register_block (&probe, info, rb))
    return;
  for (int d = 0; d < plan_march_dim (k); d++)
    if (rb[d] > 1)
      {
        s->tile[d] *= rb[d];
        s->chunk[d] = rb[d];
      }
}

/* The candidates of a 1-D nest at level 3 (VECTOR_BLOCKS_1D), into OUT;
   0 where level 3 does not apply.  */
static int
vector_candidates (const struct kir_kernel *k,
                   const struct stencil_info *info, struct tune_shape *out)
{
  int n = 0;
  for (int i = 0; i < VECTOR_BLOCKS_1D; i++)
    if (level_with (k, info, &blocks_1d[i]) == 3)
      {
        struct tune_shape s = blocks_1d[i];
        add_register_block (k, info, &s, false);
        add (k, out, &n, &s);
      }
  return n;
}

/* A walk of LENGTH (times HALO, at most MAX_WALK) along the outermost
   dimension M of K, in blocks of WIDTH x HEIGHT threads, with the cost
   model's register limit.  */
static struct tune_shape
walk_shape (int m, int width, int height, int length, int halo)
{
  struct tune_shape s = { { width, height, 1 }, { 1, 1, 1 }, 0, 0, 0, 0, 0 };
  int walk = length * halo < MAX_WALK ? length * halo : MAX_WALK;
  s.tile[m] = s.chunk[m] = walk;
  return s;
}

/* The 3-D walks of K (INFO its analysis) with needs W, into
   OUT[0..*N).  */
static void
add_walks_3d (const struct kir_kernel *k, const struct stencil_info *info,
              const struct walk_needs *w, struct tune_shape *out, int *n)
{
  const int *walks = w->read_only >= 3 ? walks_3d_registers : walks_3d;
  bool long_walk = w->halo >= LONG_WALK_HALO && w->halo > w->plane_halo;
  for (size_t i = 0; i < sizeof walks_3d / sizeof *walks_3d; i++)
    {
      int length = i > 0 && long_walk ? MAX_WALK : walks[i] * w->halo;
      struct tune_shape s = walk_shape (2, 32, 8, length, 1);
      add (k, out, n, &s);
    }
  if (w->halo == 1)
    {
      struct tune_shape limited = walk_shape (2, 32, 8, LIMITED_WALK, 1);
      struct tune_shape clamped = limited;
      limited.max_registers = LIMITED_REGISTERS;
      clamped.max_registers = CLAMPED_REGISTERS;
      clamped.clamp_rows = 1;
      add (k, out, n, &limited);
      add (k, out, n, &clamped);
    }
  if (w->halo == 1 && !w->star)
    {
      /* Two rows a thread: a box's neighbours in y are loaded once for
         both.  */
      struct tune_shape rows = walk_shape (2, 32, BOX_ROWS_HEIGHT,
                                           BOX_ROWS_WALK, 1);
      rows.tile[1] *= 2;
      rows.chunk[1] = 2;
      rows.unroll_whole = 1;
      add (k, out, n, &rows);
      /* Whole or in rounds, which is faster depends on more than the
         body's length (bench/results/HISTORY-codegen.md): both, where
         they differ.  */
      rows.unroll_whole = 0;
      if (unroll_whole_differs (k, info, &rows))
        add (k, out, n, &rows);
    }
  size_t rolled_count
    = w->star ? sizeof rolled_walks / sizeof *rolled_walks : 1;
  for (size_t i = 0; i < rolled_count; i++)
    {
      struct tune_shape rolled
        = walk_shape (2, 32, 8, rolled_walks[i], w->halo);
      rolled.max_registers = LEVEL3_ROLLED_REGISTERS;
      add (k, out, n, &rolled);
    }
}

/* The 2-D walks of K with a halo of HALO rows into OUT[0..*N); with a
   wider halo, also the shortest walk as for a halo of one: a 2-D star of
   radius 3 or 4 at 8192^2 ran 7 and 10% faster in walks of 16 rows than
   of 48 and 64, whose fewer blocks leave a multiprocessor idle at the
   end (bench/results/optimizer-notes.md, round 37).  */
static void
add_walks_2d (const struct kir_kernel *k, int halo, struct tune_shape *out,
              int *n)
{
  for (size_t i = 0; i < sizeof walks_2d / sizeof *walks_2d; i++)
    {
      struct tune_shape s = walk_shape (1, 128, 1, walks_2d[i], halo);
      add (k, out, n, &s);
    }
  struct tune_shape shortest = walk_shape (1, 128, 1, walks_2d[0], 1);
  add (k, out, n, &shortest);
}

/* Whether K walks at level 3 with shape S (register limits are level
   3's), or at level 2 without a register limit.  */
static bool
walks_with (const struct kir_kernel *k, const struct stencil_info *info,
            const struct tune_shape *s)
{
  int level = level_with (k, info, s);
  return level == 3 || (level == 2 && s->max_registers == 0);
}

/* The walks through a ring of shared planes (kir_kernel.stage_planes),
   where the array staged has an in-plane halo of RING_HALO or more
   (at radius 2 the walk through L1 stayed faster:
   bench/results/optimizer-notes.md, rounds 34 and 56).  In double,
   64x4 threads of 1x4 columns walking 64 planes at most 128 registers,
   the fastest hand-written CUDA of the radius-3 star
   (ring_walk; in float it lost to the walk through L1, round 39).  In
   double and float, where the queues of the staged array's columns take
   at most RING_QUEUE_WORDS registers, threads of 16-byte units by 4
   columns (2x4 in double, 4x4 in float) reading the ring 16 bytes at a
   time, walking 128 planes, at most 255 registers, which halves the
   loads of the x neighbours (ring_vector_walk): where the nest reads no
   array but the one staged, in one block of 32x8 threads a
   multiprocessor, whose ring of twice as many rows copies fewer halo
   rows a plane; else in 32x4 threads, two blocks a multiprocessor.  On
   an H200 at 512^3 (round 56): the radius-4 star in float 0.333 ms a
   step against 0.413 through L1 (0.326 in 32x8 threads), radius 3 in
   float 0.327 against 0.444 (0.316) and in double 0.612 against 0.651
   for ring_walk (0.617); the radius-4 star in double 0.677 in 32x4
   threads, 0.637 in 32x8; the 8th-order wave in double 1.308 in 32x4
   threads, 1.449 in 32x8, 1.413 through L1.  Where such a nest reads
   other arrays and the 16-byte unit is four cells (float), one row a
   thread at 128 registers: 4x4 columns, 16 points each holding the
   other arrays' cells, ran the float wave 8-22% slower than through L1,
   one row 3% faster (0.600 ms against 0.618, round 56).  */
#define RING_HALO 3
#define RING_WALK_CELL_BYTES 8
#define RING_VECTOR_CELL_BYTES 4
#define RING_QUEUE_WORDS 144
#define RING_ROW_UNIT_CELLS 4
#define RING_ROW_REGISTERS 128
static const struct tune_shape ring_walk =
  { { 64, 16, 64 }, { 1, 4, 64 }, 128, 0, 0, 1, 0 };
/* Made K's by ring_vector_shape.  */
static const struct tune_shape ring_vector_walk =
  { { 32, 16, 128 }, { 1, 4, 128 }, 255, 0, 0, 1, 0 };

/* Whether K (INFO its analysis) walks through a ring at shape S that
   pays: its array staged has cells of CELL_BYTES or more and an
   in-plane halo of RING_HALO or more, and its columns' queues take at
   most WORDS registers.  */
static bool
ring_pays (const struct kir_kernel *k, const struct stencil_info *info,
           const struct tune_shape *s, unsigned cell_bytes, int words)
{
  struct kir_kernel probe;
  struct level_plan p;
  struct level3_plan *c = level3_plan_with (k, info, s, &probe, &p);
  if (!c)
    return false;
  const struct level3_array *a = c->ring.ti >= 0 ? &c->arr[c->ring.ti] : NULL;
  bool pays = false;
  if (a)
    {
      enum kir_type elem = k->arrays[a->t->array].elem;
      int queued = c->rb[0] * c->rb[1] * (a->mlo + a->mhi + 1)
                   * kir_type_words (elem);
      pays = level3_plane_halo (a) >= RING_HALO
             && kir_type_size (elem) >= cell_bytes && queued <= words;
    }
  level3_plan_free (c);
  return pays;
}

/* The arrays that INFO's nest reads.  */
static int
arrays_read (const struct stencil_info *info)
{
  int n = 0;
  for (int a = 0; a < info->narrays; a++)
    n += info->arrays[a].nreads > 0;
  return n;
}

/* ring_vector_walk for K (INFO its analysis): scaled in x by
   plan_register_block to one 16-byte unit a thread; where the nest reads
   no array but the one staged, in y to 8 threads; else, where the unit
   is RING_ROW_UNIT_CELLS cells or more, one row a thread at
   RING_ROW_REGISTERS.  */
static struct tune_shape
ring_vector_shape (const struct kir_kernel *k, const struct stencil_info *info)
{
  bool alone = arrays_read (info) == 1;
  struct tune_shape s = ring_vector_walk;
  if (alone)
    s.tile[1] *= 2;
  add_register_block (k, info, &s, true);
  if (!alone && s.chunk[0] >= RING_ROW_UNIT_CELLS)
    {
      s.tile[1] /= s.chunk[1];
      s.chunk[1] = 1;
      s.max_registers = RING_ROW_REGISTERS;
    }
  return s;
}

/* Adds the walks through a ring to OUT[0..*N) where K (INFO its
   analysis) walks through one that pays.  */
static void
add_ring (const struct kir_kernel *k, const struct stencil_info *info,
          struct tune_shape *out, int *n)
{
  if (ring_pays (k, info, &ring_walk, RING_WALK_CELL_BYTES, INT_MAX))
    add (k, out, n, &ring_walk);
  struct tune_shape vector = ring_vector_shape (k, info);
  if (ring_pays (k, info, &vector, RING_VECTOR_CELL_BYTES,
                 RING_QUEUE_WORDS))
    add (k, out, n, &vector);
}

/* The words of registers that the walk S of K (INFO its analysis) holds
   from one step to the next: its queued cells, each for the planes after
   the one it is loaded in; 0 where S is not a level-3 walk.  */
static int
held_words (const struct kir_kernel *k, const struct stencil_info *info,
            const struct tune_shape *s)
{
  struct kir_kernel probe;
  struct level_plan p;
  struct level3_plan *c = level3_plan_with (k, info, s, &probe, &p);
  if (!c)
    return 0;
  int held = 0;
  for (int i = 0; i < p.ntiled; i++)
    {
      const struct level3_array *a = &c->arr[i];
      int words = kir_type_words (k->arrays[a->t->array].elem);
      for (int cy = -a->lo[1]; cy < c->rb[1] + a->hi[1]; cy++)
        for (int cx = -a->lo[0]; cx < c->rb[0] + a->hi[0]; cx++)
          if (level3_queued (c, a, cy, cx))
            {
              size_t cell = level3_plane_cell (a, cy, cx);
              held += (a->q1[cell] - a->q0[cell]) * words;
            }
    }
  level3_plan_free (c);
  return held;
}

/* Whether the walk S of K (INFO its analysis), its register block
   chosen, keeps its queues in its register limit: the words it holds
   take fewer than half of LEVEL3_ROLLED_REGISTERS in a rolled walk, of
   LIMITED_REGISTERS in the limited and clamped walks.  The rolled walks
   that held more spilled and ran 3 to 17 times slower than the tuner's
   choice (in double poisson19, 20 words held, the 27-point boxes, 36, the
   radius-4 star, 16), where those that won held 4 to 12
   (bench/results/optimizer-notes.md, rounds 16, 45 and 46).  The limited
   and clamped walks that held 32 to 48 words (poisson19, the 27-point
   boxes in double and float) ran 9% to 2 times slower than the tuner's
   choice, where those that won held 8 (round 58).  */
static bool
queues_fit (const struct kir_kernel *k, const struct stencil_info *info,
            const struct tune_shape *s)
{
  if (s->max_registers == LEVEL3_ROLLED_REGISTERS)
    return held_words (k, info, s) < LEVEL3_ROLLED_REGISTERS / 2;
  if (s->max_registers == LIMITED_REGISTERS
      || s->max_registers == CLAMPED_REGISTERS)
    return held_words (k, info, s) < LIMITED_REGISTERS / 2;
  return true;
}

/* Adds K's row sums walking ROW_SUM_WALK rows to OUT[0..*N) where K
   (INFO its analysis) walks so.  */
static void
add_row_sum_walk (const struct kir_kernel *k, const struct stencil_info *info,
                  struct tune_shape *out, int *n)
{
  struct tune_shape s = { { 128, ROW_SUM_WALK, 1 }, { 1, ROW_SUM_WALK, 1 },
                          0, 0, 0, 0, 0 };
  add_register_block (k, info, &s, false);
  if (walks_with (k, info, &s))
    add (k, out, n, &s);
}

/* The walking candidates, where K's level walks; 0 where it does not.  */
static int
walk_candidates (const struct kir_kernel *k, const struct stencil_info *info,
                 struct tune_shape *out)
{
  int m = k->ndims - 1, n = 0;
  struct walk_needs needs = walk_needs (k, info, m);
  if (m == 2 && plan_wide_window (info))
    {
      struct tune_shape vector = vector_sum_walk;
      add_register_block (k, info, &vector, true);
      if (walks_with (k, info, &vector))
        add (k, out, &n, &vector);
      for (size_t i = 0; i < sizeof sum_walks / sizeof *sum_walks; i++)
        if (walks_with (k, info, &sum_walks[i]))
          add (k, out, &n, &sum_walks[i]);
      return n;
    }
  if (m == 2)
    add_walks_3d (k, info, &needs, out, &n);
  else if (m == 1)
    add_walks_2d (k, needs.halo, out, &n);
  /* Every walk must walk: a shape at which the level falls back is not
     the walk it was chosen as.  Register limits are level 3's.  */
  int kept = 0;
  for (int i = 0; i < n; i++)
    if (walks_with (k, info, &out[i]))
      {
        add_register_block (k, info, &out[i], false);
        if (queues_fit (k, info, &out[i]))
          out[kept++] = out[i];
      }
  if (m == 2 && kept > 0 && needs.star)
    add_ring (k, info, out, &kept);
  if (m == 1 && kept > 0 && plan_wide_window (info))
    add_row_sum_walk (k, info, out, &kept);
  struct tune_shape one_column
    = walk_shape (1, ONE_COLUMN_WIDTH, 1, ONE_COLUMN_WALK, needs.halo);
  one_column.margin_reads = k->margin_reads;
  if (m == 1 && kept > 0 && walks_with (k, info, &one_column))
    add (k, out, &kept, &one_column);
  if (m == 2 && kept > 0 && needs.star)
    add (k, out, &kept, &blocks_3d[0]);
  return kept;
}

/* The shapes of blocks_staged at which K's warps stage rows, into
   OUT[0..*N).  */
static void
add_staged (const struct kir_kernel *k, const struct stencil_info *info,
            struct tune_shape *out, int *n)
{
  for (size_t i = 0; i < sizeof blocks_staged / sizeof *blocks_staged; i++)
    {
      struct kir_kernel probe;
      struct level_plan p;
      plan_with (k, info, &blocks_staged[i], &probe, &p);
      if (p.level == 0 && p.rows.n > 0)
        add (k, out, n, &blocks_staged[i]);
    }
}

/* A block adds its partial result of a reduction to the accumulator with
   one atomic, and atomics on one address take turns: about 0.4 ns each on
   an H200, so that blocks of fewer than REDUCTION_POINTS points would
   cost a memory-bound step of 24 bytes a point more than 2%
   (bench/results/optimizer-notes.md, round 37).  */
#define REDUCTION_POINTS 4096

static long
block_points (const struct tune_shape *s)
{
  return (long) s->tile[0] * s->tile[1] * s->tile[2];
}

/* A candidate S of a nest with a reduction, its threads taking up to
   REDUCTION_CHUNK points along the outermost dimension M (a longer walk,
   at level 3) until its block covers REDUCTION_POINTS.  A 1-D nest at
   level 3, whose threads compute a few adjacent points (plan_march_dim),
   gets more threads first, then more points a thread, while it stays at
   level 3 (at most 8 points).  */
#define REDUCTION_CHUNK 16

/* S of 1-D K with twice the points: twice the threads, or each thread
   twice the points (CHUNK); false where that leaves level 3 or has too
   many threads.  */
static bool
doubled_1d (const struct kir_kernel *k, const struct stencil_info *info,
            bool chunk, struct tune_shape *s)
{
  struct tune_shape t = *s;
  t.tile[0] *= 2;
  t.chunk[0] *= chunk ? 2 : 1;
  if (t.tile[0] / t.chunk[0] > MAX_THREADS || level_with (k, info, &t) != 3)
    return false;
  *s = t;
  return true;
}

static void
scale_for_reduction (const struct kir_kernel *k,
                     const struct stencil_info *info, struct tune_shape *s)
{
  int m = k->ndims - 1;
  if (k->ndims == 1 && level_with (k, info, s) == 3)
    {
      while (block_points (s) < REDUCTION_POINTS
             && (doubled_1d (k, info, false, s)
                 || doubled_1d (k, info, true, s)))
        ;
      return;
    }
  while (block_points (s) < REDUCTION_POINTS
         && s->chunk[m] * 2 <= REDUCTION_CHUNK)
    {
      s->tile[m] *= 2;
      s->chunk[m] *= 2;
    }
}

/* OUT[0..N), each changed by CHANGE, those that became alike once;
   returns their number.  */
static int
change_candidates (const struct kir_kernel *k, const struct stencil_info *info,
                   struct tune_shape *out, int n,
                   void (*change) (const struct kir_kernel *,
                                   const struct stencil_info *,
                                   struct tune_shape *))
{
  struct tune_shape changed[TUNE_MAX_VARIANTS];
  int kept = 0;
  for (int i = 0; i < n; i++)
    {
      struct tune_shape s = out[i];
      change (k, info, &s);
      add (k, changed, &kept, &s);
    }
  memcpy (out, changed, (size_t) kept * sizeof *out);
  return kept;
}

/* The block shapes of K's dimensions, and how many into *COUNT.  */
static const struct tune_shape *
block_shapes (const struct kir_kernel *k, size_t *count)
{
  *count = k->ndims == 3 ? sizeof blocks_3d / sizeof *blocks_3d
           : k->ndims == 2 ? sizeof blocks_2d / sizeof *blocks_2d
           : sizeof blocks_1d / sizeof *blocks_1d;
  return k->ndims == 3 ? blocks_3d : k->ndims == 2 ? blocks_2d : blocks_1d;
}

/* Whether walk I of WALKS goes into the margin candidates in PASS: the
   rolled walks, then the first, then in 3-D the others.  */
static bool
margin_pass_takes (const struct kir_kernel *k, const struct tune_shape *walks,
                   int i, int pass)
{
  bool rolled = walks[i].max_registers == LEVEL3_ROLLED_REGISTERS;
  return pass == 0 ? rolled : pass == 1 ? i == 0 : k->ndims == 3 && !rolled;
}

/* Where K walks with loads into the copies' margins
   (kir_kernel.margin_reads: the boundary handled in the body, or an
   array read beside its point under a condition, as upwinding reads it):
   the rolled ones among those walks and the first, with PLAIN[0], which
   loads only what the program reads, as variant 1 for the launches
   whose reads leave the margins (mintrt.h, MINT_VARIANT_MARGIN), in 3-D
   the other walks, then the other shapes of PLAIN[0..NPLAIN) while there
   is room (K's walks without margins, else the block shapes); returns
   their number, 0 where K does not walk so.  In 2-D the blocks of four
   rows a thread beat every walk (0.315 ms against 0.335-0.353).  The
   body's condition makes the unrolled walks of several columns slow
   where the device checks its accesses (BC3, a 3-D star whose boundary
   the body copies: 0.75-1.19 ms, its rolled walks 0.67-0.70; round 41
   of bench/results/optimizer-notes.md), but not without the checks,
   which the footprint that follows the conditions leaves out there
   (0.544-0.615 against 0.618; round 66).  */
static int
margin_candidates (const struct kir_kernel *k,
                   const struct stencil_info *info,
                   const struct tune_shape *plain, int nplain,
                   struct tune_shape *out)
{
  struct kir_kernel probe = *k;
  struct tune_shape walks[TUNE_MAX_VARIANTS];
  int n, kept = 0;
  probe.margin_reads = 1;
  n = walk_candidates (&probe, info, walks);
  for (int pass = 0; pass < 3; pass++)
    for (int i = 0; i < n; i++)
      if (margin_pass_takes (k, walks, i, pass)
          && walks_with (k, info, &walks[i]))
        {
          if (kept == 1)
            add (k, out, &kept, &plain[0]);
          add (k, out, &kept, &walks[i]);
        }
  for (int i = 0; kept > 0 && i < nplain; i++)
    add (k, out, &kept, &plain[i]);
  return kept;
}

/* Whether K's walk S keeps more arrays on chip with loads into the
   copies' margins than without: an array read beside its point only
   under a condition (`u > 0 ? q[x] - q[x - 1] : q[x + 1] - q[x]') is
   otherwise read through the read-only path at every offset.  */
static bool
margins_keep_more (const struct kir_kernel *k, const struct stencil_info *info,
                   const struct tune_shape *s)
{
  struct kir_kernel probe;
  struct level_plan plain, margins;
  struct tune_shape m = *s;
  plan_with (k, info, s, &probe, &plain);
  m.margin_reads = 1;
  plan_with (k, info, &m, &probe, &margins);
  return margins.level == 3 && margins.ntiled > plain.ntiled;
}

#define NARROW_EXTENT 32       /* threads a warp */

int
tune_narrow_dim (const struct kir_kernel *k, int d)
{
  return kir_dim_shorter (k, d, NARROW_EXTENT);
}

/* A narrow dimension (tune_narrow_dim) below the outermost gets one
   thread a point in every candidate that has at least as many threads
   along it as points, and the threads that would have stood idle go to
   the dimension above, or to x where that is the outermost, which a walk
   keeps to one thread a column: the candidates' rows of 32 to 512 points
   left up to 99% of a block idle (bench/results/optimizer-notes.md,
   round 51).  */
static void
fit_narrow_extents (const struct kir_kernel *k,
                    const struct stencil_info *info, struct tune_shape *s)
{
  (void) info;
  int m = k->ndims - 1;
  for (int d = 0; d < m; d++)
    {
      int c = (int) k->dims[d].count;
      if (!tune_narrow_dim (k, d) || s->tile[d] / s->chunk[d] < c)
        continue;
      int spare = s->tile[d] / s->chunk[d] / c;
      int to = d + 1 == m && d > 0 && !tune_narrow_dim (k, 0) ? 0 : d + 1;
      s->tile[d] = c;
      s->chunk[d] = 1;
      if (spare > 1)
        s->tile[to] *= spare;
    }
}

int
tune_candidates (const struct kir_kernel *k, const struct stencil_info *info,
                 struct tune_shape *out)
{
  int n = k->ndims >= 2 ? walk_candidates (k, info, out)
          : vector_candidates (k, info, out);
  int staged = 0;
  if (k->ndims >= 2 && k->shape_choice == KIR_SHAPE_TUNED
      && (n == 0 || margins_keep_more (k, info, &out[0])))
    {
      struct tune_shape plain[TUNE_MAX_VARIANTS];
      size_t nblocks;
      const struct tune_shape *blocks = block_shapes (k, &nblocks);
      int nplain = n > 0 ? n : (int) nblocks;
      memcpy (plain, n > 0 ? out : blocks, (size_t) nplain * sizeof *plain);
      n = margin_candidates (k, info, plain, nplain, out);
    }
  if (n == 0 && info->nested_loops)
    add_staged (k, info, out, &staged);
  if (n == 0)
    {
      size_t count;
      const struct tune_shape *blocks = block_shapes (k, &count);
      /* Beside staged rows, the first block shape, which may not stage
         them.  */
      n = staged;
      for (size_t i = 0; i < (staged ? 1 : count); i++)
        add (k, out, &n, &blocks[i]);
    }
  if (k->nreductions > 0)
    n = change_candidates (k, info, out, n, scale_for_reduction);
  return change_candidates (k, info, out, n, fit_narrow_extents);
}
