/* plan-level3.c -- the cells of a level-3 kernel (plan-level3.h).

   Two paths (mint_v): the fast one, for threads whose points are all
   inside in x where the rows of the arrays are aligned at run time, loads
   cells adjacent in x 16 bytes at a time (w cells), stores the results
   the same way, and unrolls the walk over a full tile; the slow path, for
   the other threads, accesses one element at a time, guards what lies
   beyond the space, and stays rolled.  So does every walk of a kernel
   limited to LEVEL3_ROLLED_REGISTERS (plan-level.h), whose threads
   compute one column each.  An array the body stores at its point only,
   at every point, is stored after the points (deferred) where a thread
   computes several, or where its walk is rolled; one it also reads there
   (updated in place) is loaded before them, the same way.  Points beyond
   the space compute on values of the box the program reads, and nothing
   of theirs is stored; where their body could store or load by itself,
   it does not run for them (guard).  */

#include "plan-level3.h"
#include "walk-invariants.h"
#include "kir-type.h"
#include "kir-props.h"
#include "xalloc.h"

#include <stdlib.h>
#include <string.h>

#define MAX_UNROLL 32                   /* steps unrolled per tile */
/* At most about this many machine instructions of the body in an
   unrolled walk (kir_code_size times the points of the steps).  nvcc's
   time grows with it (a body of libm calls, mint.run/body-math.c,
   unrolled 32 times takes nvcc minutes), and a high-order stencil ran
   faster unrolled within it than unrolled over its whole walk
   (bench/results/HISTORY-codegen.md).  */
#define MAX_UNROLLED_CODE 1024
/* But at least this many steps: fewer run a long body slower, more no
   faster (bench/results/HISTORY-codegen.md).  */
#define MIN_UNROLL 4
/* A walk that asks to be unrolled whole (kir_kernel.unroll_whole) is,
   within this budget; beyond it (a longer body: the stencil family's box
   with a coefficient per point) whole ran slower than rounds, and it is
   unrolled as any other walk
   (bench/results/probe/2026-11-29-box27-unroll.txt).  */
#define MAX_UNROLLED_WHOLE 3072

/* Cells of T's array per vector access in x with a register block of RBX
   in x (plan_vector_lanes): x must be the array's last subscript and RBX
   a whole number of accesses.  */
static int
vector_width (const struct kir_kernel *k, const struct tiled *t, int rbx)
{
  const struct kir_array *a = &k->arrays[t->array];
  int w = plan_vector_lanes (a->elem);
  if (rbx < 2 || w < 2 || t->subscript[0] != a->rank - 1)
    return 1;
  return rbx % w == 0 ? w : 1;
}

/* Cell (CX, CY) is one of the thread's own points.  */
static bool
own (const struct level3_plan *c, int cx, int cy)
{
  return cx >= 0 && cx < c->rb[0] && cy >= 0 && cy < c->rb[1];
}

size_t
level3_plane_cell (const struct level3_array *a, int cy, int cx)
{
  return (size_t) (cy + a->lo[1]) * a->nx + (size_t) (cx + a->lo[0]);
}

static char *
cell (const struct level3_array *a, int q, int cy, int cx)
{
  return &a->need[(size_t) q * a->ny * a->nx
                  + level3_plane_cell (a, cy, cx)];
}

bool
level3_needed (const struct level3_array *a, int q, int cy, int cx)
{
  return *cell (a, q, cy, cx);
}

bool
level3_queued (const struct level3_plan *c, const struct level3_array *a,
               int cy, int cx)
{
  size_t i = level3_plane_cell (a, cy, cx);
  return !c->sums && ((a->column && own (c, cx, cy)) || a->q1[i] > a->q0[i]);
}

/* The plane slots each cell is read in; a queued cell gets every slot
   from its first to its last (it passes through them).  */
static void
find_queues (const struct level3_plan *c, struct level3_array *a)
{
  a->q0 = mint_xcalloc ((size_t) a->nx * a->ny, 1);
  a->q1 = mint_xcalloc ((size_t) a->nx * a->ny, 1);
  for (int cy = -a->lo[1]; cy < c->rb[1] + a->hi[1]; cy++)
    for (int cx = -a->lo[0]; cx < c->rb[0] + a->hi[0]; cx++)
      {
        size_t i = level3_plane_cell (a, cy, cx);
        int q0 = a->nm, q1 = -1;
        for (int q = 0; q < a->nm; q++)
          if ((!c->sums && a->column && own (c, cx, cy))
              || *cell (a, q, cy, cx))
            {
              q0 = q < q0 ? q : q0;
              q1 = q;
            }
        a->q0[i] = (signed char) q0;
        a->q1[i] = (signed char) q1;
        if (level3_queued (c, a, cy, cx))
          for (int q = q0; q <= q1; q++)
            *cell (a, q, cy, cx) = 1;
      }
}

/* A's cells and what its points read.  */
static void
init_array (const struct kir_kernel *k, const struct level_plan *p,
            const struct level3_plan *c, int ti, struct level3_array *a)
{
  const struct tiled *t = &p->tiled[ti];
  const struct stencil_array *s = &p->info->arrays[t->array];
  memset (a, 0, sizeof *a);
  a->t = t;
  a->ti = ti;
  a->w = vector_width (k, t, c->rb[0]);
  for (int d = 0; d < 2; d++)
    if (d < c->m)
      {
        a->lo[d] = t->hlo[d];
        a->hi[d] = t->hhi[d];
      }
  a->mlo = t->hlo[c->m];
  a->mhi = t->hhi[c->m];
  a->nx = a->lo[0] + c->rb[0] + a->hi[0];
  a->ny = a->lo[1] + c->rb[1] + a->hi[1];
  a->nm = a->mlo + a->mhi + 1;
  a->need = mint_xcalloc ((size_t) a->nx * a->ny * a->nm, 1);
  a->column = plan_column_read (k, p->info, p, t->array);
  for (int i = 0; i < s->noffsets; i++)
    {
      int o[KIR_MAX_DIMS];
      plan_dim_offsets (&k->arrays[t->array], s, s->offsets[i].offset, o);
      /* Plane sums load every cell in the front plane.  */
      int q = c->sums ? a->nm - 1 : o[c->m] + a->mlo;
      for (int py = 0; py < c->rb[1]; py++)
        for (int px = 0; px < c->rb[0]; px++)
          *cell (a, q, py + (c->m > 1 ? o[1] : 0), px + o[0]) = 1;
    }
  find_queues (c, a);
}

/* Whether ACC's subscripts name no local: the same element at every
   point.  */
static bool
same_at_every_point (const struct kir_access *acc)
{
  for (int r = 0; r < acc->rank; r++)
    for (int t = 0; t < acc->index[r].nterms; t++)
      if (acc->index[r].terms[t].var.kind == KIR_OPND_LOCAL)
        return false;
  return true;
}

/* Whether every point runs every statement of K's body (no branch).  */
static bool
straight_body (const struct kir_kernel *k)
{
  for (int b = 0; b < k->nblocks; b++)
    if (k->blocks[b].term == KIR_BRANCH)
      return false;
  return true;
}

/* Whether the body, run for a point beyond the space, could store, load
   outside the box, divide by zero, add to a reduction or find an access
   it checks outside its copy (stencil_access_checked) by itself.  A body
   without branches loads an element the same at every point (a table's
   weight) for the thread's first point too, which lies inside.  */
static int
body_needs_guard (const struct kir_kernel *k, const struct level_plan *p,
                  const struct level3_plan *c)
{
  if (k->nreductions > 0)
    return 1;
  bool straight = straight_body (k);
  for (int b = 0; b < k->nblocks; b++)
    for (int i = 0; i < k->blocks[b].nstmts; i++)
      {
        const struct kir_stmt *st = &k->blocks[b].stmts[i];
        int a = st->access.array;
        if ((st->kind == KIR_STORE && (a >= 64 || !c->deferred[a]))
            || (st->kind == KIR_LOAD
                && (a >= 64
                    || (p->tiled_of[a] < 0
                        && !level3_read_in_registers (k, c, a)))
                && !(straight && same_at_every_point (&st->access)))
            || (st->kind == KIR_ASSIGN
                && (st->op == KIR_DIV || st->op == KIR_MOD)
                && !kir_type_is_float (k->locals[st->dst].type))
            || stencil_access_checked (k, b, st))
          return 1;
      }
  return 0;
}


/* Whether a point of K may read array A before it stores it: not where
   the body's entry block stores it before any load of it.  */
static bool
read_before_store (const struct kir_kernel *k, int a)
{
  const struct kir_block *b = &k->blocks[0];
  for (int i = 0; i < b->nstmts; i++)
    if (b->stmts[i].access.array == a
        && (b->stmts[i].kind == KIR_STORE || b->stmts[i].kind == KIR_LOAD))
      return b->stmts[i].kind == KIR_LOAD;
  return true;
}

bool
level3_read_in_registers (const struct kir_kernel *k,
                          const struct level3_plan *c, int a)
{
  return a < 64 && c->deferred[a] && k->arrays[a].read;
}

bool
level3_preloaded (const struct kir_kernel *k, const struct level3_plan *c,
                  int a)
{
  return level3_read_in_registers (k, c, a) && read_before_store (k, a);
}

bool
level3_row_clamped (const struct kir_kernel *k, const struct level3_plan *c,
                    const struct level3_array *a, int cy)
{
  return (c->rb[1] > 1 && cy > a->hi[1])
         || (k->clamp_rows && c->m > 1 && cy != 0);
}

bool
level3_column_guarded (const struct level3_plan *c,
                       const struct level3_array *a, int cx)
{
  return c->rb[0] > 1 && cx > a->hi[0];
}

int
level3_access_width (const struct level_plan *p, const struct level3_plan *c,
                     int a)
{
  int ti = p->tiled_of[a];
  return ti >= 0 ? c->arr[ti].w : c->deferred[a] ? c->out_w[a] : 1;
}

/* The steps of a walk of WALK the fast path unrolls: the tile's, at most
   MAX_UNROLL, where they fit MAX_UNROLLED_CODE (MAX_UNROLLED_WHOLE for
   unroll_whole); else the most steps from MIN_UNROLL within
   MAX_UNROLLED_CODE that divide the walk (steps left over after the
   unrolled rounds run slower), else a power of 2 from MIN_UNROLL; 1
   where the walk is rolled or one step of the thread's columns is more
   than MAX_UNROLLED_CODE (a periodic lattice's four sinf a point in 4
   columns, unrolled 4 times, took nvcc twice as long: optimizer-notes.md,
   round 82).  */
static int
unrolled_steps (const struct kir_kernel *k, const struct level3_plan *c,
                int walk)
{
  if (c->rolled)
    return 1;
  unsigned long long step = kir_code_size (k) * c->rb[0] * c->rb[1];
  unsigned long long fit = step ? MAX_UNROLLED_CODE / step : MAX_UNROLL;
  if (fit == 0 && !k->unroll_whole)
    return 1;
  int steps = walk < MAX_UNROLL ? walk : MAX_UNROLL;
  if (fit >= (unsigned long long) steps
      || (k->unroll_whole && step * steps <= MAX_UNROLLED_WHOLE))
    return steps;
  for (int n = (int) fit; n >= MIN_UNROLL; n--)
    if (walk % n == 0)
      return n;
  int n = MIN_UNROLL;
  while (2ULL * n <= fit)
    n *= 2;
  return n < steps ? n : steps;
}


/* A's points read, beside the thread's own columns, only cells of the
   step's plane (a star's).  */
static bool
star_cells (const struct level3_plan *c, const struct level3_array *a)
{
  for (int q = 0; q < a->nm; q++)
    for (int cy = -a->lo[1]; cy < c->rb[1] + a->hi[1]; cy++)
      for (int cx = -a->lo[0]; cx < c->rb[0] + a->hi[0]; cx++)
        if (level3_needed (a, q, cy, cx) && q != a->mlo && !own (c, cx, cy))
          return false;
  return true;
}

/* Whether A's planes can pass through a ring: read at a star, not
   written, its x subscript the last (rows contiguous), its cells whole
   fractions of 16 bytes.  */
static bool
ring_fits_array (const struct kir_kernel *k, const struct level3_plan *c,
                 const struct level3_array *a)
{
  const struct kir_array *arr = &k->arrays[a->t->array];
  unsigned size = kir_type_size (arr->elem);
  return !arr->written && a->t->subscript[0] == arr->rank - 1
         && size > 0 && 16 % size == 0 && star_cells (c, a);
}

int
level3_plane_halo (const struct level3_array *a)
{
  int h = 0;
  for (int d = 0; d < 2; d++)
    {
      h = a->lo[d] > h ? a->lo[d] : h;
      h = a->hi[d] > h ? a->hi[d] : h;
    }
  return h;
}

/* Ring slots ahead of the front: 2 where they fit ring_shared_bytes,
   else 1 (the hand-written walk at radius 3 ran 0.633 ms with 2 against
   0.713 with 1: bench/results/optimizer-notes.md, round 34).  */
#define RING_AHEAD 2
/* A block's ring: what the blocks a multiprocessor holds at P's
   register limit (P's min_blocks), at most two, leave each.  */
static long
ring_shared_bytes (const struct level_plan *p)
{
  int blocks = p->min_blocks == 1 ? 1 : 2;
  return SHARED_PER_MULTIPROCESSOR / blocks - SHARED_PER_BLOCK;
}

/* C's ring (level3_ring) for K, where K asks for one, its walk along z
   is no plane sum, its threads' columns one cell or 16 bytes wide in x,
   and an array fits: the one with the widest in-plane halo, within
   ring_shared_bytes, with a thread of P's block for each 16 bytes of a
   ring row (emit-level3.c copies a row's units in one pass).  */
static void
plan_ring (const struct kir_kernel *k, const struct level_plan *p,
           struct level3_plan *c)
{
  struct level3_ring *r = &c->ring;
  r->ti = -1;
  if (!k->stage_planes || c->m != 2 || c->sums || c->rolled)
    return;
  int best = -1;
  for (int i = 0; i < p->ntiled; i++)
    if (ring_fits_array (k, c, &c->arr[i])
        && (best < 0 || level3_plane_halo (&c->arr[i])
                          > level3_plane_halo (&c->arr[best])))
      best = i;
  if (best < 0)
    return;
  const struct level3_array *a = &c->arr[best];
  int size = (int) kir_type_size (k->arrays[a->t->array].elem);
  int vec = 16 / size;
  if (c->rb[0] != 1 && c->rb[0] != vec)
    return;
  int cells = vec - 1 + a->lo[0] + k->tile[0] + a->hi[0];
  r->vec = vec;
  r->vector = c->rb[0] > 1;
  r->width = (cells + vec - 1) / vec * vec;
  r->rows = a->lo[1] + k->tile[1] + a->hi[1];
  for (r->ahead = RING_AHEAD; r->ahead >= 1; r->ahead--)
    {
      r->slots = a->mhi + r->ahead + 1;
      r->bytes = (long) r->slots * r->rows * r->width * size;
      if (r->bytes <= ring_shared_bytes (p) && p->threads >= r->width / vec)
        {
          r->ti = best;
          return;
        }
    }
}

long
plan_dynamic_shared (const struct level_plan *p)
{
  return p->cells && p->cells->ring.ti >= 0 ? p->cells->ring.bytes : 0;
}

/* Whether C's plane sums are printed interleaved (level3_plan): in
   double, for a register block whose points all compute (no guard).
   ptxas gives every FP64 product its coefficient through a uniform
   register loaded just before it; with the points' chains printed one
   after the other it spilled at 128 registers and more at 80, with
   them interleaved the 125-point box ran 13% faster at 80 (six blocks a
   multiprocessor).  In float, whose products take the coefficient from
   the constant bank, interleaved chains ran 1.8x slower.  */
static int
interleaves_sums (const struct level3_plan *c)
{
  return c->sums && !c->guard && c->rb[0] * c->rb[1] > 1
         && c->sums->sum_type == KIR_F64;
}

struct level3_plan *
level3_plan_new (const struct kir_kernel *k, const struct level_plan *p)
{
  struct level3_plan *c = mint_xcalloc (1, sizeof *c);
  c->m = p->march;
  c->rb[0] = c->m > 0 ? k->chunk[0] : 1;
  c->rb[1] = c->m > 1 ? k->chunk[1] : 1;
  c->rolled = plan_rolled (k);
  if (plan_wide_window (p->info))
    c->sums = plane_sums_find (k, p->info, c->m);
  for (int i = 0; i < p->ntiled; i++)
    {
      init_array (k, p, c, i, &c->arr[i]);
      c->vector |= c->arr[i].w > 1;
    }
  int blocked = c->rb[0] * c->rb[1] > 1;
  for (int a = 0; a < k->narrays && a < 64; a++)
    if ((blocked || c->rolled)
        && (c->sums ? plan_stored_once (k, p->info, a)
                    : plan_kept_at_point (k, p->info, a)))
      {
        c->deferred[a] = 1;
        plan_tile_array (k, p->info, p, a, &c->out[a]);
        c->out_w[a] = vector_width (k, &c->out[a], c->rb[0]);
        c->vector |= c->out_w[a] > 1;
      }
  c->guard = blocked && body_needs_guard (k, p, c);
  c->split = c->vector || c->rb[0] > 1;
  /* A walk of plane sums stays rolled: a 2-D 81-point box unrolled 4
     steps at a time gave wrong sums on the GPU (NVVM at -O3; right with
     NVVM at -O0, rolled, and on the CPU), and the 125-point box ran as
     fast rolled (bench/results/optimizer-notes.md, round 32).  */
  plan_ring (k, p, c);
  c->interleaved = interleaves_sums (c);
  c->streamed = c->interleaved && c->m == 2
                && plane_sums_groups_apart (k, c->sums);
  /* A walk through a ring stays rolled: unrolled, its copies and steps
     took more registers for no gain (optimizer-notes.md, round 34).  */
  c->unrolled = c->sums || c->ring.ti >= 0 ? 1
                : unrolled_steps (k, c, k->tile[c->m]);
  if (!c->sums)
    {
      c->walk_role = mint_xmalloc ((size_t) k->blocks[0].nstmts + 1);
      c->hoisted = walk_invariants (k, c->m, c->walk_role);
    }
  c->tables = mint_xmalloc (WALK_TABLE_WORDS * sizeof *c->tables);
  c->ntables = walk_table_loads (k, c->tables);
  return c;
}

void
level3_plan_free (struct level3_plan *c)
{
  if (!c)
    return;
  for (int i = 0; i < MAX_TILED; i++)
    {
      free (c->arr[i].need);
      free (c->arr[i].q0);
      free (c->arr[i].q1);
    }
  plane_sums_free (c->sums);
  free (c->walk_role);
  free (c->tables);
  free (c);
}
