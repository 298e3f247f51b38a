/* emit-level3.c -- the body of a level-3 kernel (registers), from its
   plan and cells (plan-level3.h).

   Two paths (mint_v): the fast one, for threads whose points are all
   inside in x where the rows of the arrays are aligned at run time
   (mint_fast), loads cells adjacent in x a vector at a time (16 bytes; 4
   or 8 of bytes or shorts: plan_vector_lanes), stores the
   results the same way, and unrolls the walk over a full tile (the step
   is a lambda; the last tile runs a plain loop), with no branch among the
   loads.  The slow path, for the other threads, accesses one element at a
   time, guards what lies beyond the space, and stays rolled.  So does
   every walk of a kernel limited to LEVEL3_ROLLED_REGISTERS
   (plan-level.h).  A deferred array (plan-level3.h) is stored after the
   points, and one updated in place loaded before them.  There is no
   shared memory and no barrier, but in a walk through a ring of planes
   (plan-level3.h, level3_ring), whose fast path is the blocks inside.

   Points beyond the iteration space: a thread whose first point lies
   outside returns at once (with a reduction, skips the walk).  The others
   load only cells of the box the program reads (the array): a row beyond
   the box is clamped to the box's last row, a column beyond it is not
   loaded on the slow path (its value is 0).  A vector's group of cells
   lies in the allocation when one of its cells does, since allocations
   are whole 16-byte units (the runtime rounds them; the group is
   aligned).  Points beyond the space compute on such values, and nothing
   of theirs is stored; where their body could store or load by itself,
   it does not run for them.  */

#include "emit-level3.h"
#include "emit-edges.h"
#include "emit-cuda.h"
#include "plan-level3.h"
#include "if-convert.h"
#include "walk-invariants.h"
#include "kir-edit.h"
#include "kir-type.h"
#include "xalloc.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char axis[] = "xyz";

/* What is being printed: the kernel, its plan and cells, the point.  */
struct l3
{
  const struct kir_kernel *k;
  const struct level_plan *p;
  const struct stencil_info *info;
  const struct level3_plan *c;
  int m;                        /* the march dimension */
  char mc;                      /* its letter */
  int px, py;                   /* the point being printed */
  int in_step;                  /* printing the step (not the walk's
                                   first loads) */
};

/* ---- what the thread reads -------------------------------------------- */

static const char *
vector_type (enum kir_type t)
{
  switch (t)
    {
    case KIR_F64: return "double2";
    case KIR_F32: return "float4";
    case KIR_I32: return "int4";
    case KIR_U32: return "uint4";
    case KIR_I64: return "longlong2";
    case KIR_U64: return "ulonglong2";
    case KIR_I16: return "short4";
    case KIR_U16: return "ushort4";
    case KIR_I8: return "char4";
    case KIR_U8: return "uchar4";
    default: return NULL;
    }
}

static int
floor_div (int a, int b)
{
  return a >= 0 ? a / b : -((-a + b - 1) / b);
}

/* ---- cells ------------------------------------------------------------ */

/* The value of cell (CX, CY) of plane slot Q.  */
static void
put_cell_name (FILE *out, const struct l3 *l, const struct level3_array *a,
               int q, int cy, int cx)
{
  fprintf (out, "mint_%c%d_%d_%d_%d",
           level3_queued (l->c, a, cy, cx) ? 'c' : 'h',
           a->ti, q, cy + a->lo[1], cx + a->lo[0]);
}

/* The address of cell (CX, CY) in plane PLANE (an expression relative to
   the march origin, or in a rolled walk's step to the step's plane).  */
static void
put_cell_address (FILE *out, const struct l3 *l, const struct level3_array *a,
                  const char *plane, int cy, int cx)
{
  fprintf (out, "mint_%c%d + (%s) * mint_dm%d", l->c->rolled ? 'p' : 'g',
           a->ti, plane, a->ti);
  if (level3_row_clamped (l->k, l->c, a, cy))
    fprintf (out, " + mint_r%d_%d", a->ti, cy + a->lo[1]);
  else if (cy != 0)
    {
      fprintf (out, " + %d * ", cy);
      cuda_put_stride (out, l->k, a->t, 1);
    }
  if (cx != 0)
    {
      fprintf (out, " + %d * ", cx);
      cuda_put_stride (out, l->k, a->t, 0);
    }
}

/* Whether the step reads A's cells from the ring of planes.  */
static bool
from_ring (const struct l3 *l, const struct level3_array *a)
{
  return l->in_step && a->ti == l->c->ring.ti;
}

/* Cell (CX, CY) from the thread's own in the ring's plane at PLANE
   (mint_cur, mint_front): 16 bytes at a time on the fast path of a
   vector ring (mint_ring_cell).  */
static void
put_ring_read (FILE *out, const struct l3 *l, const char *plane, int cy,
               int cx)
{
  const struct level3_ring *r = &l->c->ring;
  int i = cy * r->width + cx;
  if (r->vector)
    fprintf (out, "mint_ring_cell<decltype (mint_v)::value> (%s, %d)", plane,
             i);
  else
    fprintf (out, "%s[%d]", plane, i);
}

static void
put_scalar_load (FILE *out, const struct l3 *l, const struct level3_array *a,
                 int q, const char *plane, int cy, int cx, int depth)
{
  int guarded = level3_column_guarded (l->c, a, cx);
  cuda_indent (out, depth);
  put_cell_name (out, l, a, q, cy, cx);
  fputs (" = ", out);
  if (from_ring (l, a))
    {
      /* A queued cell entering its queue, in the front plane: the
         step's others are read where the body reads them (l3_load).  */
      put_ring_read (out, l, "mint_front", cy, cx);
      fputs (";\n", out);
      return;
    }
  if (guarded)
    fprintf (out, "(decltype (mint_v)::value || mint_tx + %d < mint_n_x + %d"
             " ? ", cx, a->hi[0]);
  fputs (plan_read_only_path (&l->k->arrays[a->t->array]) ? "__ldg (" : "*(",
         out);
  put_cell_address (out, l, a, plane, cy, cx);
  fputc (')', out);
  if (guarded)
    fprintf (out, " : (%s) 0)", cuda_tiled_type (l->k, a->t));
  fputs (";\n", out);
}

/* The cells of group G (A->w cells from G) of row CY that NEED marks:
   16 bytes wide on the fast path, one by one on the slow path.  */
static void
put_vector_load (FILE *out, const struct l3 *l, const struct level3_array *a,
                 int q, const char *plane, int cy, int g, const char *need,
                 int depth)
{
  static const char lane[] = "xyzw";
  const char *vt = vector_type (l->k->arrays[a->t->array].elem);
  cuda_indent (out, depth);
  fputs ("if constexpr (decltype (mint_v)::value)\n", out);
  cuda_indent (out, depth + 1);
  fputs ("{\n", out);
  cuda_indent (out, depth + 2);
  fprintf (out, "const %s mint_w = __ldg ((const %s *) (", vt, vt);
  put_cell_address (out, l, a, plane, cy, g);
  fputs ("));\n", out);
  for (int i = 0; i < a->w; i++)
    if (need[i])
      {
        cuda_indent (out, depth + 2);
        put_cell_name (out, l, a, q, cy, g + i);
        fprintf (out, " = mint_w.%c;\n", lane[i]);
      }
  cuda_indent (out, depth + 1);
  fputs ("}\n", out);
  cuda_indent (out, depth);
  fputs ("else\n", out);
  cuda_indent (out, depth + 1);
  fputs ("{\n", out);
  for (int i = 0; i < a->w; i++)
    if (need[i])
      put_scalar_load (out, l, a, q, plane, cy, g + i, depth + 2);
  cuda_indent (out, depth + 1);
  fputs ("}\n", out);
}

/* Which cells of a plane slot a load takes: those loaded in the step
   where they are read (not queued), the queued ones entering the queue
   in the step (in their last slot), or those a walk loads before its
   first step (the earlier slots of the queued ones).  */
enum cell_set { CELLS_STEP, CELLS_LEAD, CELLS_BEHIND };

static int
in_set (const struct l3 *l, const struct level3_array *a, enum cell_set set,
        int q, int cy, int cx)
{
  if (!level3_needed (a, q, cy, cx))
    return 0;
  size_t c = level3_plane_cell (a, cy, cx);
  switch (set)
    {
    case CELLS_STEP: return !level3_queued (l->c, a, cy, cx);
    case CELLS_LEAD: return level3_queued (l->c, a, cy, cx) && q == a->q1[c];
    default: return level3_queued (l->c, a, cy, cx) && q < a->q1[c];
    }
}

/* Loads the cells CX0 .. CX1 - 1 of row CY of plane slot Q (at PLANE)
   that are read and in SET: groups of A->w where two or more of the
   group are, else one by one.  */
static void
put_row_load (FILE *out, const struct l3 *l, const struct level3_array *a,
              int q, const char *plane, int cy, enum cell_set set, int depth)
{
  int cx0 = -a->lo[0], cx1 = l->c->rb[0] + a->hi[0];
  for (int g = floor_div (cx0, a->w) * a->w; g < cx1; g += a->w)
    {
      char need[4] = { 0, 0, 0, 0 };
      int count = 0;
      for (int i = 0; i < a->w; i++)
        {
          int cx = g + i;
          need[i] = cx >= cx0 && cx < cx1 && in_set (l, a, set, q, cy, cx);
          count += need[i];
        }
      /* The ring's cells come 16 bytes at a time from shared memory
         (put_ring_read), not from memory.  */
      if (a->w > 1 && count >= 2 && !from_ring (l, a))
        put_vector_load (out, l, a, q, plane, cy, g, need, depth);
      else
        for (int i = 0; i < a->w; i++)
          if (need[i])
            put_scalar_load (out, l, a, q, plane, cy, g + i, depth);
    }
}

/* The queued cells of SET in plane slot Q, at plane PLANE.  */
static void
put_queue_load (FILE *out, const struct l3 *l, const struct level3_array *a,
                enum cell_set set, int q, const char *plane, int depth)
{
  for (int cy = -a->lo[1]; cy < l->c->rb[1] + a->hi[1]; cy++)
    put_row_load (out, l, a, q, plane, cy, set, depth);
}

/* ---- the point's body ------------------------------------------------- */

/* What a load of the body reads in the walk: a table read once before
   it, the point's own cell of an array updated in place, a cell of a
   tiled array, or none of these.  */
enum walk_read { READ_TABLE, READ_PRELOADED, READ_CELL, READ_OTHER };

struct read_place
{
  int table;                            /* READ_TABLE: its index */
  const struct level3_array *a;         /* READ_CELL: the array, */
  int o[KIR_MAX_DIMS];                  /* ACC's offsets, */
  int cy, cx;                           /* the cell of the point printed */
};

static enum walk_read
walk_read_of (const struct kir_kernel *k, const struct l3 *l,
              const struct kir_access *acc, struct read_place *r)
{
  r->table = walk_table_of (l->c->tables, l->c->ntables, acc);
  if (r->table >= 0)
    return READ_TABLE;
  /* A deferred array is read at the point only, from its registers.  */
  if (level3_read_in_registers (k, l->c, acc->array))
    return READ_PRELOADED;
  int ti = acc->array < 64 ? l->p->tiled_of[acc->array] : -1;
  if (ti < 0)
    return READ_OTHER;
  r->a = &l->c->arr[ti];
  plan_access_offsets (&l->info->arrays[acc->array], acc, r->o);
  r->cy = l->py + (l->m > 1 ? r->o[1] : 0);
  r->cx = l->px + r->o[0];
  return READ_CELL;
}

/* The statements of a branch's arms that it turns into selects, at most:
   a boundary's arms, the star and the centre, but not two arms of a
   large box.  */
#define IF_CONVERT_STMTS 48

/* Whether the walk of plan DATA reads load S where no point's conditions
   matter: not from memory.  */
static bool
read_in_walk (const struct kir_kernel *k, const struct kir_stmt *s,
              void *data)
{
  const struct level_plan *p = data;
  struct l3 l = { .k = k, .p = p, .info = p->info, .c = p->cells,
                  .m = p->march };
  struct read_place r;
  return walk_read_of (k, &l, &s->access, &r) != READ_OTHER;
}

struct kir_kernel *
cuda_level3_if_converted (const struct kir_kernel *k,
                          const struct level_plan *p)
{
  if (p->cells->sums)
    return NULL;
  struct kir_kernel *c = kir_kernel_clone (k);
  if (kir_if_convert (c, read_in_walk, (void *) p, IF_CONVERT_STMTS) > 0)
    return c;
  kir_kernel_free (c);
  return NULL;
}

static int
l3_load (FILE *out, const struct kir_kernel *k, const struct kir_access *acc,
         const void *data)
{
  const struct l3 *l = data;
  struct read_place r;
  switch (walk_read_of (k, l, acc, &r))
    {
    case READ_TABLE:
      fprintf (out, "mint_table%d", r.table);
      return 1;
    case READ_PRELOADED:
      fprintf (out, "mint_o%d_%d_%d", acc->array, l->py, l->px);
      return 1;
    case READ_OTHER:
      return 0;
    default:
      break;
    }
  /* The ring's cells of the step's plane are read where the body reads
     them, as a hand-written walk does: loaded first, into registers,
     they took more than 128 of them at radius 4.  */
  if (r.a->ti == l->c->ring.ti && !level3_queued (l->c, r.a, r.cy, r.cx))
    {
      put_ring_read (out, l, "mint_cur", r.cy, r.cx);
      return 1;
    }
  /* Plane sums read every cell in the front plane (plan-level3.h).  */
  put_cell_name (out, l, r.a, l->c->sums ? r.a->nm - 1 : r.o[l->m] + r.a->mlo,
                 r.cy, r.cx);
  return 1;
}

static int
l3_takes_store (const struct kir_kernel *k, const struct kir_access *acc,
                const void *data)
{
  const struct l3 *l = data;
  (void) k;
  return acc->array < 64 && l->c->deferred[acc->array];
}

static int
l3_store (FILE *out, const struct kir_kernel *k, const struct kir_access *acc,
          const struct kir_operand *value, const void *data)
{
  const struct l3 *l = data;
  if (!l3_takes_store (k, acc, data))
    return 0;
  fprintf (out, "mint_o%d_%d_%d = ", acc->array, l->py, l->px);
  cuda_put_operand (out, k, value);
  return 1;
}

/* Plane slot Q of A in the step, into PLANE (LEN bytes).  */
static void
step_plane (const struct l3 *l, const struct level3_array *a, int q,
            char *plane, size_t len)
{
  if (l->c->rolled)
    snprintf (plane, len, "%d", q - a->mlo);
  else
    snprintf (plane, len, "mint_t%c - mint_o%c + %d", l->mc, l->mc,
              q - a->mlo);
}

/* The cells of the step's rows FROM .. TO - 1 that are not queued: each
   row declared, then loaded.  */
static void
put_step_cells (FILE *out, const struct l3 *l, int from, int to)
{
  char plane[64];
  for (int i = 0; i < l->p->ntiled; i++)
    {
      const struct level3_array *a = &l->c->arr[i];
      for (int q = 0; q < a->nm && i != l->c->ring.ti; q++)
        {
          step_plane (l, a, q, plane, sizeof plane);
          for (int cy = -a->lo[1]; cy < l->c->rb[1] + a->hi[1]; cy++)
            {
              int any = 0;
              for (int cx = -a->lo[0]; cx < l->c->rb[0] + a->hi[0]; cx++)
                if (cy >= from && cy < to
                    && in_set (l, a, CELLS_STEP, q, cy, cx))
                  {
                    if (any)
                      fputs (", ", out);
                    else
                      fprintf (out, "      %s ",
                               cuda_tiled_type (l->k, a->t));
                    put_cell_name (out, l, a, q, cy, cx);
                    any = 1;
                  }
              if (!any)
                continue;
              fputs (";\n", out);
              put_row_load (out, l, a, q, plane, cy, CELLS_STEP, 3);
            }
        }
    }
}

/* ---- plane sums -------------------------------------------------------- */

/* Partial sum I of point (PX, PY): of the point SUMS->hi - I planes ahead
   of the step's (plane-sums.h).  */
static void
put_sum_name (FILE *out, int py, int px, int i)
{
  fprintf (out, "mint_s%d_%d_%d", py, px, i);
}

static int
sum_count (const struct plane_sums *s)
{
  return s->hi - s->lo + 1;
}

/* The statements of the body of ROLE, in order.  */
static void
put_role (FILE *out, const struct l3 *l, const struct cuda_access_hook *hook,
          enum plane_role role, const char *ind)
{
  const struct plane_sums *s = l->c->sums;
  for (int i = 0; i < s->nstmts; i++)
    if (s->role[i] == (signed char) role)
      cuda_put_stmt (out, l->k, &l->k->blocks[0].stmts[i], hook, ind);
}

/* A plane's group, for the point being printed, as items: its
   statements and the chain's operations of the plane (their indices), in
   the body's order, so that a local the body assigns more than once is
   read where the program reads it; the sum started from the leaf
   (SUM_FROM_LEAF) right after the leaf's statement; the store
   (SUM_STORE) last, in the last plane.  */
#define SUM_FROM_LEAF (-1)
#define SUM_STORE (-2)

/* The items of plane PLANE's group into ITEMS; returns how many.  */
static int
sum_items (const struct plane_sums *s, int plane, int *items)
{
  int n = 0;
  for (int i = 0; i < s->nstmts; i++)
    {
      if ((s->role[i] == PLANE_GROUP || s->role[i] == PLANE_SPINE)
          && s->plane[i] == plane)
        items[n++] = i;
      if (i == s->leaf_stmt && plane == s->lo)
        items[n++] = SUM_FROM_LEAF;
    }
  if (plane == s->hi)
    items[n++] = SUM_STORE;
  return n;
}

/* "NAME = SUM;" or "SUM = NAME;" for local LOCAL and the point's partial
   sum AHEAD planes ahead.  */
static void
put_sum_move (FILE *out, const struct l3 *l,
              const struct cuda_access_hook *hook, int local, int ahead,
              bool to_sum, const char *ind)
{
  const char *suffix = hook->local_suffix ? hook->local_suffix : "";
  fputs (ind, out);
  if (!to_sum)
    {
      cuda_put_name (out, l->k->locals[local].name);
      fprintf (out, "%s = ", suffix);
    }
  put_sum_name (out, l->py, l->px, ahead);
  if (to_sum)
    {
      fputs (" = ", out);
      cuda_put_name (out, l->k->locals[local].name);
      fputs (suffix, out);
    }
  fputs (";\n", out);
}

/* Item ITEM of plane PLANE's group.  A chain's operation reads the
   partial sum through its chain operand and puts its result back.  */
static void
put_sum_item (FILE *out, const struct l3 *l,
              const struct cuda_access_hook *hook, int plane, int item,
              const char *ind)
{
  const struct kir_kernel *k = l->k;
  const struct plane_sums *s = l->c->sums;
  int ahead = s->hi - plane;
  if (item == SUM_FROM_LEAF)
    put_sum_move (out, l, hook, s->leaf, ahead, true, ind);
  else if (item == SUM_STORE)
    put_role (out, l, hook, PLANE_STORE, ind);
  else if (s->role[item] == PLANE_GROUP)
    cuda_put_stmt (out, k, &k->blocks[0].stmts[item], hook, ind);
  else
    {
      const struct kir_stmt *st = &k->blocks[0].stmts[item];
      put_sum_move (out, l, hook, st->args[s->chain_arg[item]].index, ahead,
                    false, ind);
      cuda_put_stmt (out, k, st, hook, ind);
      put_sum_move (out, l, hook, st->dst, ahead, true, ind);
    }
}

/* The groups of every plane, one after the other (a local the body
   assigns more than once is so read where the program reads it); where
   GUARDED, each only where its point lies in the block's tile (from
   mint_o<m> to mint_stop).  */
static void
put_sum_groups (FILE *out, const struct l3 *l,
                const struct cuda_access_hook *hook, bool guarded)
{
  const struct plane_sums *s = l->c->sums;
  int *items = mint_xmalloc ((size_t) (s->nstmts + 3) * sizeof *items);
  const char *ind = guarded ? "                  " : "              ";
  for (int plane = s->lo; plane <= s->hi; plane++)
    {
      int ahead = s->hi - plane;
      if (guarded)
        fprintf (out, "              if (mint_t%c + %d >= mint_o%c && mint_t%c"
                 " + %d < mint_stop)\n                {\n", l->mc, ahead,
                 l->mc, l->mc, ahead);
      int n = sum_items (s, plane, items);
      for (int j = 0; j < n; j++)
        put_sum_item (out, l, hook, plane, items[j], ind);
      if (guarded)
        fputs ("                }\n", out);
    }
  free (items);
}

/* The point being printed in a plane-sum step: the statements that read
   no plane, then the groups (only those of steps that are not mint_all
   where the points are interleaved: put_interleaved_sums).  */
static void
put_sum_point (FILE *out, const struct l3 *l,
               const struct cuda_access_hook *hook)
{
  put_role (out, l, hook, PLANE_INVARIANT, "          ");
  if (l->c->interleaved)
    {
      put_sum_groups (out, l, hook, true);
      return;
    }
  fputs ("          if constexpr (decltype (mint_all)::value)\n"
         "            {\n", out);
  put_sum_groups (out, l, hook, false);
  fputs ("            }\n          else\n            {\n", out);
  put_sum_groups (out, l, hook, true);
  fputs ("            }\n", out);
}

/* Makes point I of the register block the point being printed, and its
   copies' suffix (level3_plan's interleaved) BUF.  */
static void
interleaved_point (struct l3 *l, int i, char *buf, size_t len)
{
  l->px = i % l->c->rb[0];
  l->py = i / l->c->rb[0];
  snprintf (buf, len, "_p%d_%d", l->py, l->px);
}

/* Point (PX, PY) of the block is inside (the fast path's threads are
   inside in x).  */
static void
put_point_inside (FILE *out, int px, int py)
{
  if (px > 0)
    fprintf (out, "(decltype (mint_v)::value || %d < mint_nvx)", px);
  if (py > 0)
    fprintf (out, "%s%d < mint_nvy", px > 0 ? " && " : "", py);
}

/* The coordinates of the point being printed in its first DIMS
   dimensions, into the loop variables (their copies named with
   SUFFIX).  */
static void
put_coordinates (FILE *out, const struct l3 *l, const char *suffix,
                 int dims)
{
  const struct kir_kernel *k = l->k;
  for (int d = 0; d < dims; d++)
    {
      const struct kir_local *iv = &k->locals[k->dims[d].iv];
      int extra = d == 0 ? l->px : d == 1 && l->m > 1 ? l->py : 0;
      fputs ("          ", out);
      cuda_put_name (out, iv->name);
      fprintf (out, "%s = (%s) (mint_lo_%c + mint_t%c + %d);\n", suffix,
               kir_type_cuda (iv->type), axis[d], axis[d], extra);
    }
}

/* The declaration of LOCAL's copy named with SUFFIX, after INDENT.  */
static void
put_local_copy (FILE *out, const struct kir_kernel *k, int local,
                const char *suffix, const char *indent)
{
  fprintf (out, "%s%s ", indent, kir_type_cuda (k->locals[local].type));
  cuda_put_name (out, k->locals[local].name);
  fprintf (out, "%s;\n", suffix);
}

/* Rows of the front plane a streamed step loads ahead of the first item
   that reads them, so that their loads are in flight while the rows
   before are summed: 2 ran the 125-point box 1-2% faster than 0 or 1
   (bench/results/optimizer-notes.md, round 49).  */
#define STREAMED_ROWS_AHEAD 2

/* An item of a plane's group for one point in a streamed step
   (level3_plan's streamed), which runs them by ROW, the last row of the
   front plane that the group has read up to it at any point of the
   register block; then as the interleaved step does, by plane, place in
   the group and point.  The points stay in step, so that a coefficient
   serves the block's points one after the other: ordered by each point's
   own rows, the 125-point box ran 7% slower.  */
struct streamed_item
{
  int row, plane, pos, point, item;
};

static int
streamed_order (const void *pa, const void *pb)
{
  const struct streamed_item *a = pa, *b = pb;
  if (a->row != b->row)
    return a->row < b->row ? -1 : 1;
  if (a->plane != b->plane)
    return a->plane - b->plane;
  if (a->pos != b->pos)
    return a->pos - b->pos;
  return a->point - b->point;
}

/* The row of the front plane's cells that item ITEM of the point being
   printed loads, or INT_MIN.  */
static int
item_row (const struct l3 *l, int item)
{
  const struct kir_stmt *st = item >= 0 ? &l->k->blocks[0].stmts[item] : NULL;
  struct read_place r;
  if (!st || st->kind != KIR_LOAD
      || walk_read_of (l->k, l, &st->access, &r) != READ_CELL)
    return INT_MIN;
  return r.cy;
}

/* The items of every group for every point in the order of a streamed
   step, and how many into *COUNT.  */
static struct streamed_item *
streamed_items (struct l3 *l, char *suffix, size_t len, size_t *count)
{
  const struct plane_sums *s = l->c->sums;
  int points = l->c->rb[0] * l->c->rb[1];
  int *items = mint_xmalloc ((size_t) (s->nstmts + 3) * sizeof *items);
  struct streamed_item *e
    = mint_xmalloc ((size_t) (s->nstmts + 3) * (size_t) sum_count (s)
                    * (size_t) points * sizeof *e);
  size_t n = 0;
  for (int plane = s->lo; plane <= s->hi; plane++)
    {
      int ni = sum_items (s, plane, items);
      int row = INT_MIN;
      for (int j = 0; j < ni; j++)
        {
          for (int i = 0; i < points; i++)
            {
              interleaved_point (l, i, suffix, len);
              int r = items[j] == SUM_STORE ? INT_MAX
                      : item_row (l, items[j]);
              row = r > row ? r : row;
            }
          for (int i = 0; i < points; i++)
            e[n++] = (struct streamed_item) { row, plane, j, i, items[j] };
        }
    }
  free (items);
  qsort (e, n, sizeof *e, streamed_order);
  *count = n;
  return e;
}

/* The stored value's local, taken back from the point's last partial
   sum.  */
static void
put_stored_from_sum (FILE *out, const struct l3 *l,
                     const struct cuda_access_hook *hook)
{
  const struct plane_sums *s = l->c->sums;
  for (int i = 0; i < s->nstmts; i++)
    {
      const struct kir_operand *value = &l->k->blocks[0].stmts[i].args[0];
      if (s->role[i] == PLANE_STORE && value->kind == KIR_OPND_LOCAL)
        put_sum_move (out, l, hook, value->index, 0, false, "          ");
    }
}

/* The items of every group for every point by rows (streamed_items),
   each row of the front plane loaded STREAMED_ROWS_AHEAD rows before the
   first item that reads it.  The store comes last, its value taken back
   from the point's last partial sum: the chain's local may since hold
   another group's.  */
static void
put_streamed_sums (FILE *out, struct l3 *l,
                   const struct cuda_access_hook *hook, char *suffix,
                   size_t len)
{
  size_t n;
  struct streamed_item *e = streamed_items (l, suffix, len, &n);
  int loaded = INT_MIN;
  for (size_t j = 0; j < n; j++)
    {
      bool reads_row = e[j].row != INT_MIN && e[j].row != INT_MAX;
      if (reads_row && e[j].row + STREAMED_ROWS_AHEAD + 1 > loaded)
        {
          put_step_cells (out, l, loaded, e[j].row + STREAMED_ROWS_AHEAD + 1);
          loaded = e[j].row + STREAMED_ROWS_AHEAD + 1;
        }
      interleaved_point (l, e[j].point, suffix, len);
      if (e[j].item == SUM_STORE)
        put_stored_from_sum (out, l, hook);
      put_sum_item (out, l, hook, e[j].plane, e[j].item, "          ");
    }
  free (e);
}

/* The items of each plane's group in turn, each item for every point.  */
static void
put_grouped_sums (FILE *out, struct l3 *l,
                  const struct cuda_access_hook *hook, char *suffix,
                  size_t len)
{
  const struct plane_sums *s = l->c->sums;
  int *items = mint_xmalloc ((size_t) (s->nstmts + 3) * sizeof *items);
  for (int plane = s->lo; plane <= s->hi; plane++)
    {
      int n = sum_items (s, plane, items);
      for (int j = 0; j < n; j++)
        for (int i = 0; i < l->c->rb[0] * l->c->rb[1]; i++)
          {
            interleaved_point (l, i, suffix, len);
            put_sum_item (out, l, hook, plane, items[j], "          ");
          }
    }
  free (items);
}

/* The steps of mint_all (level3_plan's interleaved): each point's copies
   of the block's locals and its statements that read no plane, then
   each item of the groups for every point in turn.  */
static void
put_interleaved_sums (FILE *out, struct l3 *l)
{
  const struct kir_kernel *k = l->k;
  int points = l->c->rb[0] * l->c->rb[1];
  char suffix[32];
  struct cuda_access_hook hook = { .load = l3_load, .store = l3_store,
                                   .takes_store = l3_takes_store,
                                   .data = l, .local_suffix = suffix };
  int *named = mint_xcalloc ((size_t) k->nlocals + 1, sizeof *named);
  kir_mark_named_locals (k, named);
  for (int i = 0; i < points; i++)
    {
      interleaved_point (l, i, suffix, sizeof suffix);
      for (int v = 0; v < k->nlocals; v++)
        if (named[v])
          put_local_copy (out, k, v, suffix, "          ");
      put_coordinates (out, l, suffix, k->ndims);
      put_role (out, l, &hook, PLANE_INVARIANT, "          ");
    }
  if (l->c->streamed)
    put_streamed_sums (out, l, &hook, suffix, sizeof suffix);
  else
    put_grouped_sums (out, l, &hook, suffix, sizeof suffix);
  free (named);
}

/* The copies of the walk's invariants that point (PY, PX) of the
   register block names.  */
static void
hoisted_suffix (int py, int px, char *buf, size_t len)
{
  snprintf (buf, len, "_w%d_%d", py, px);
}

/* A statement computed before the walk (walk-invariants.h): its copy
   for the point being printed.  */
static int
l3_hoisted (FILE *out, const struct kir_kernel *k, const struct kir_stmt *s,
            const void *data)
{
  const struct l3 *l = data;
  const struct kir_block *b = &k->blocks[0];
  if (!l->c->hoisted || s < b->stmts || s >= b->stmts + b->nstmts
      || l->c->walk_role[s - b->stmts] != WALK_HOISTED)
    return 0;
  char suffix[32];
  hoisted_suffix (l->py, l->px, suffix, sizeof suffix);
  cuda_put_name (out, k->locals[s->dst].name);
  fputs (" = ", out);
  cuda_put_name (out, k->locals[s->dst].name);
  fputs (suffix, out);
  return 1;
}

/* Before the walk, the cells of tables the body reads (walk_table_loads):
   each thread once, not at every step.  A cell that the kernel checks is
   read only where it lies in its array's copy; where the body reads it,
   it sets the cell's bit of CUDA_CHECK_BITS (l3_table_bits), and after
   the walk put_table_faults notes a cell read outside: a test in each
   block that reads one took nvcc 5 times as long to compile as the bits
   (bench/results/optimizer-notes.md, round 82).  */
static void
put_table_loads (FILE *out, const struct l3 *l)
{
  const struct kir_kernel *k = l->k;
  bool checked = false;
  for (int t = 0; t < l->c->ntables; t++)
    {
      const struct kir_access *acc = &l->c->tables[t].access;
      const char *type = kir_type_cuda (k->arrays[acc->array].elem);
      if (l->c->tables[t].checked)
        {
          fprintf (out, "  const bool mint_table%d_outside = "
                   "mint_checked::value\n      && (", t);
          cuda_put_access_outside (out, k, acc, "    ");
          fputs (");\n", out);
          checked = true;
        }
      fprintf (out, "  const %s mint_table%d = ", type, t);
      if (l->c->tables[t].checked)
        fprintf (out, "mint_table%d_outside ? (%s) 0 : ", t, type);
      cuda_put_load (out, k, acc, NULL);
      fputs (";\n", out);
    }
  if (checked)
    fputs ("  unsigned long long " CUDA_CHECK_BITS " = 0;\n", out);
}

/* The bit of CUDA_CHECK_BITS of the load at ACC where it reads a cell of
   a table that the kernel checks, else 0.  */
static unsigned long long
l3_table_bits (const struct kir_kernel *k, const struct kir_access *acc,
               const void *data)
{
  const struct l3 *l = data;
  struct read_place r;
  if (walk_read_of (k, l, acc, &r) != READ_TABLE
      || !l->c->tables[r.table].checked)
    return 0;
  return 1ULL << r.table;
}

/* After the walk, the first checked cell of a table that the body read
   (CUDA_CHECK_BITS) outside its array's copy.  */
static void
put_table_faults (FILE *out, const struct l3 *l)
{
  for (int t = 0; t < l->c->ntables; t++)
    if (l->c->tables[t].checked)
      {
        fprintf (out, "  if (mint_table%d_outside && (" CUDA_CHECK_BITS
                 " >> %d & 1))\n    ", t, t);
        cuda_put_fault_at (out, l->k, &l->c->tables[t].access, false);
      }
}

/* Before the walk, for each point of the register block: its
   coordinates but the march's and the statements the walk computes
   once, into copies of their locals.  */
static void
put_hoisted (FILE *out, struct l3 *l)
{
  const struct kir_kernel *k = l->k;
  const struct kir_block *b = &k->blocks[0];
  char suffix[32];
  struct cuda_access_hook hook = { .local_suffix = suffix };
  for (l->py = 0; l->py < l->c->rb[1]; l->py++)
    for (l->px = 0; l->px < l->c->rb[0]; l->px++)
      {
        hoisted_suffix (l->py, l->px, suffix, sizeof suffix);
        for (int d = 0; d < l->m; d++)
          put_local_copy (out, k, k->dims[d].iv, suffix, "  ");
        for (int i = 0; i < b->nstmts; i++)
          if (l->c->walk_role[i] != WALK_EACH_STEP)
            put_local_copy (out, k, b->stmts[i].dst, suffix, "  ");
        put_coordinates (out, l, suffix, l->m);
        for (int i = 0; i < b->nstmts; i++)
          if (l->c->walk_role[i] != WALK_EACH_STEP)
            cuda_put_stmt (out, k, &b->stmts[i], &hook, "  ");
      }
  l->px = l->py = 0;
}

static void
put_points (FILE *out, struct l3 *l)
{
  const struct kir_kernel *k = l->k;
  char ind[64];
  snprintf (ind, sizeof ind, "%*s", 14, "");
  if (l->c->interleaved)
    {
      fputs ("      if constexpr (decltype (mint_all)::value)\n"
             "        {\n", out);
      put_interleaved_sums (out, l);
      fputs ("        }\n      else\n        {\n", out);
      if (l->c->streamed)
        put_step_cells (out, l, INT_MIN, INT_MAX);
    }
  for (l->py = 0; l->py < l->c->rb[1]; l->py++)
    for (l->px = 0; l->px < l->c->rb[0]; l->px++)
      {
        if (l->c->guard && (l->px || l->py))
          {
            fputs ("      if (", out);
            put_point_inside (out, l->px, l->py);
            fputs (")\n", out);
          }
        fputs ("      [&]\n        {\n", out);
        cuda_put_point_locals (out, k, "          ");
        put_coordinates (out, l, "", k->ndims);
        struct cuda_access_hook hook = { .load = l3_load, .store = l3_store,
                                         .takes_store = l3_takes_store,
                                         .data = l, .stmt = l3_hoisted,
                                         .check_bits = l3_table_bits };
        if (l->c->sums)
          put_sum_point (out, l, &hook);
        else
          {
            fputs ("          do\n            {\n", out);
            cuda_put_body (out, k, &hook, ind);
            fputs ("            }\n          while (0);\n", out);
          }
        fputs ("        } ();\n", out);
      }
  if (l->c->interleaved)
    fputs ("        }\n", out);
}

/* Opens row PY of array A's cells of the thread's points (a row beyond
   the space in y skipped): mint_p, a pointer to its first.  */
static void
open_own_row (FILE *out, const struct l3 *l, int a, int py, bool load)
{
  const struct tiled *t = &l->c->out[a];
  char yp[64];
  snprintf (yp, sizeof yp, "mint_ty + %d", py);
  const char *point[KIR_MAX_DIMS] = { "mint_tx", yp, "mint_tz" };
  point[l->m] = l->m == 1 ? "mint_ty" : "mint_tz";
  if (py > 0)
    fprintf (out, "      if (%d < mint_nvy)\n", py);
  fprintf (out, "        {\n          %s%s *const mint_p = ",
           load ? "const " : "", cuda_tiled_type (l->k, t));
  cuda_put_address (out, l->k, t, point);
  fputs (";\n", out);
}

/* The vector access of group G of row PY of deferred array A, W cells:
   loaded through __ldcg (the array is written, so not through the
   read-only path) or stored through __stwb (nvcc splits a plain store of
   a double2 into two).  */
static void
put_own_vector (FILE *out, const struct l3 *l, int a, int py, int g, int w,
                bool load)
{
  static const char lane[] = "xyzw";
  const char *vt = vector_type (l->k->arrays[a].elem);
  if (load)
    {
      fprintf (out, "              {\n                const %s mint_w = "
               "__ldcg ((const %s *) (mint_p + %d));\n", vt, vt, g);
      for (int i = 0; i < w; i++)
        fprintf (out, "                mint_o%d_%d_%d = mint_w.%c;\n", a, py,
                 g + i, lane[i]);
      fputs ("              }\n", out);
      return;
    }
  fprintf (out, "              __stwb ((%s *) (mint_p + %d), make_%s (", vt,
           g, vt);
  for (int i = 0; i < w; i++)
    fprintf (out, "%smint_o%d_%d_%d", i ? ", " : "", a, py, g + i);
  fputs ("));\n", out);
}

/* Deferred array A's cells of the thread's points, mint_o<A>_<py>_<px>:
   loaded before the points (LOAD, an array updated in place) or stored
   after them; on the fast path 16 bytes wide where A is, every point of
   the row being inside; else one at a time, those beyond the space
   skipped.  */
static void
put_own_cells (FILE *out, const struct l3 *l, int a, bool load)
{
  const struct kir_kernel *k = l->k;
  int w = l->c->out_w[a];
  for (int py = 0; py < l->c->rb[1]; py++)
    {
      open_own_row (out, l, a, py, load);
      if (w > 1)
        {
          fputs ("          if constexpr (decltype (mint_v)::value)\n"
                 "            {\n", out);
          for (int g = 0; g < l->c->rb[0]; g += w)
            put_own_vector (out, l, a, py, g, w, load);
          fputs ("            }\n          else\n            {\n", out);
        }
      int depth = w > 1 ? 7 : 5;
      for (int px = 0; px < l->c->rb[0]; px++)
        {
          if (px > 0)
            {
              cuda_indent (out, depth);
              fprintf (out, "if (decltype (mint_v)::value || %d < mint_nvx)\n",
                       px);
            }
          cuda_indent (out, depth + (px > 0));
          if (load)
            fprintf (out, "mint_o%d_%d_%d = ", a, py, px);
          fprintf (out, "mint_p[%d * ", px);
          cuda_put_stride (out, k, &l->c->out[a], 0);
          if (load)
            fputs ("];\n", out);
          else
            fprintf (out, "] = mint_o%d_%d_%d;\n", a, py, px);
        }
      if (w > 1)
        fputs ("            }\n", out);
      fputs ("        }\n", out);
    }
}

/* mint_rA_C: the offset of row CY of array A from the thread's row.  Rows
   beyond the box clamp to its last row.  With clamp_rows, the other rows
   go through a clamp that never bites, in the form that ptxas schedules
   best (plan-tune.c): above, (min (ty + CY, n_y - 1 + CY) - ty) *
   stride; below, (ty + CY - max (ty + CY, CY)) * stride + CY * stride.  */
static void
put_row_offset (FILE *out, const struct l3 *l, const struct level3_array *a,
                int cy)
{
  fprintf (out, "  const long long mint_r%d_%d = ", a->ti, cy + a->lo[1]);
  if (l->c->rb[1] > 1 && cy > a->hi[1])
    fprintf (out, "mint_min (%dLL, mint_n_y - 1 + %d - mint_ty)", cy,
             a->hi[1]);
  else if (cy > 0)
    fprintf (out, "(mint_min (mint_ty + %d, mint_n_y - 1 + %d) - mint_ty)",
             cy, cy);
  else
    fprintf (out, "(mint_ty + %d - mint_max (mint_ty + %d, %dLL))", cy, cy,
             cy);
  fputs (" * ", out);
  cuda_put_stride (out, l->k, a->t, 1);
  if (cy < 0)
    {
      fprintf (out, " + %d * ", cy);
      cuda_put_stride (out, l->k, a->t, 1);
    }
  fputs (";\n", out);
}

/* ---- the kernel ------------------------------------------------------- */

/* Whether the walk is a block that threads outside the space skip, for
   they must reach the reductions' combination at the kernel's end.  */
static bool
walk_in_block (const struct l3 *l)
{
  return l->k->nreductions > 0 && l->c->ring.ti < 0;
}

static void
put_setup (FILE *out, struct l3 *l)
{
  const struct kir_kernel *k = l->k;
  int m = l->m;
  for (int d = 0; d < m; d++)
    {
      char c = axis[d];
      fprintf (out, "  const int mint_k%c = threadIdx.%c;\n"
               "  const long long mint_o%c = (long long) %s * %d;\n"
               "  const long long mint_t%c = mint_o%c + (long long) mint_k%c"
               " * %d;\n", c, c, c, cuda_block_index (k, d), k->tile[d], c,
               c, c, l->c->rb[d]);
    }
  /* Through a ring every thread of the block copies and meets the
     barriers; a thread outside computes nothing.  With a reduction, a
     thread outside skips the walk (walk_in_block) but meets the block's
     combination after it.  */
  fputs (l->c->ring.ti >= 0 ? "  const bool mint_live = !("
         : walk_in_block (l) ? "  if (!(" : "  if (", out);
  for (int d = 0; d < m; d++)
    fprintf (out, "%smint_t%c >= mint_n_%c", d ? " || " : "", axis[d],
             axis[d]);
  fputs (l->c->ring.ti >= 0 ? ");\n"
         : walk_in_block (l) ? "))\n  {\n" : ")\n    return;\n", out);
  /* A 1-D nest's walk of one step (plan_march_dim).  */
  if (m >= k->ndims)
    fprintf (out, "  const long long mint_o%c = 0, mint_n_%c = 1;\n", l->mc,
             l->mc);
  else
    fprintf (out, "  const long long mint_o%c = (long long) %s * %d;\n",
             l->mc, cuda_block_index (k, m), k->tile[m]);
  fprintf (out, "  [[maybe_unused]] const long long mint_end = mint_min (mint_o%c"
           " + %d, mint_n_%c);\n", l->mc, k->tile[m], l->mc);
  for (int d = 0; d < m; d++)
    if (l->c->rb[d] > 1)
      fprintf (out, "  [[maybe_unused]] const int mint_nv%c = (int) mint_min "
               "(%dLL, mint_n_%c - mint_t%c);\n", axis[d], l->c->rb[d],
               axis[d], axis[d]);
  for (int i = 0; i < l->p->ntiled; i++)
    {
      const struct level3_array *a = &l->c->arr[i];
      const char *point[KIR_MAX_DIMS] = { "mint_tx", "mint_ty", "mint_tz" };
      point[m] = m == 1 ? "mint_oy" : "mint_oz";
      fprintf (out, "  const %s *const mint_g%d = ", cuda_tiled_type (k, a->t),
               i);
      cuda_put_address (out, k, a->t, point);
      fprintf (out, ";\n  const long long mint_dm%d = ", i);
      if (m < k->ndims)
        cuda_put_stride (out, k, a->t, m);
      else
        fputs ("0LL", out);
      fputs (";\n", out);
      /* The ring's array reads only its own rows from memory.  */
      bool ring = i == l->c->ring.ti;
      for (int cy = -a->lo[1]; cy < l->c->rb[1] + a->hi[1]; cy++)
        if (level3_row_clamped (l->k, l->c, a, cy)
            && (!ring || (cy >= 0 && cy < l->c->rb[1])))
          put_row_offset (out, l, a, cy);
    }
}

/* mint_fill (level3_ring): the copy of plane mint_p into its slot.  On
   the fast path (mint_v: the blocks of mint_inner) 16 bytes at a time,
   unchecked: thread mint_tid takes group mint_tid % G of rows mint_tid / G,
   then every PASS rows (G groups a row, PASS = threads / G), so that its
   offsets are the same in every plane and only move by a constant from
   one copy to the next (the copy's indices computed at each step cost
   about 20 instructions a copy).  Elsewhere each cell checked against
   the box the program reads (mint_ring_edge, out of line).  The branches
   of the if constexpr are braced: unbraced (a for loop, then else), nvcc
   13.0 ran the wrong one, where g++ ran the right one.  */
static void
put_ring_fill (FILE *out, const struct l3 *l)
{
  const struct level3_ring *r = &l->c->ring;
  const struct level3_array *a = &l->c->arr[r->ti];
  const char *type = cuda_tiled_type (l->k, a->t);
  int plane = r->rows * r->width, groups = r->width / r->vec;
  int pass = l->p->threads / groups;
  fprintf (out, "  const int mint_cr = mint_tid / %d,"
           " mint_cg = mint_tid %% %d;\n"
           "  const bool mint_cv = mint_cr < %d && mint_cg < mint_groups;\n"
           "  const int mint_co = mint_cr * %d + mint_cg * %d;\n"
           "  const long long mint_cs = mint_cr * mint_sr + mint_cg * %d;\n"
           "  const long long mint_cp = %d * mint_sr;\n",
           groups, groups, pass, r->width, r->vec, r->vec, pass);
  fprintf (out, "  auto mint_fill = [&] (auto mint_v, long long mint_p)"
           " MINT_INLINE\n"
           "    {\n"
           "      %s *const mint_slot = mint_ring + (int) (mint_p - mint_oz)"
           " %% %d * %d;\n"
           "      const %s *const mint_src = mint_s - mint_m + mint_p"
           " * mint_dm%d;\n"
           "      if constexpr (decltype (mint_v)::value)\n"
           "        {\n"
           "          if (mint_cv)\n"
           "            {\n"
           "              %s *const mint_d = mint_slot + mint_co;\n"
           "              const %s *const mint_g = mint_src + mint_cs;\n",
           type, r->slots, plane, type, r->ti, type, type);
  for (int row = 0; row < r->rows; row += pass)
    {
      fprintf (out, "              ");
      if (row + pass > r->rows)
        fprintf (out, "if (mint_cr + %d < %d)\n                ", row,
                 r->rows);
      fprintf (out, "mint_copy16_async (mint_d + %d, mint_g + %d * mint_cp);"
               "\n", row * r->width, row / pass);
    }
  fprintf (out, "            }\n"
           "        }\n"
           "      else\n"
           "        {\n"
           "          mint_ring_edge (mint_slot, mint_src, mint_sr, %d, %d,"
           " mint_m - mint_ox,\n"
           "                          mint_n_x - mint_ox + %d + mint_m,"
           " mint_n_y - mint_oy + %d,\n"
           "                          mint_tid, %d);\n"
           "        }\n"
           "    };\n",
           r->width, r->rows, a->hi[0] + a->lo[0], a->hi[1] + a->lo[1],
           l->p->threads);
}

/* The ring of planes (level3_ring): its dynamic shared memory (the
   variant's mint_variant.shared_bytes); mint_s, the
   block's first cell (its tile's corner less the halo) in the walk's
   first plane, and mint_m, that cell's place in its 16 bytes; whether
   the block copies whole 16 bytes unchecked (mint_inner: its tile lies
   in the space, and every row and plane of the array starts where its
   first does in its 16 bytes), and how many (mint_groups a row); mint_rc,
   the thread's cell (0, 0) in a ring plane; mint_fill (put_ring_fill).  */
static void
put_ring_setup (FILE *out, const struct l3 *l)
{
  const struct kir_kernel *k = l->k;
  const struct level3_ring *r = &l->c->ring;
  const struct level3_array *a = &l->c->arr[r->ti];
  const char *type = cuda_tiled_type (k, a->t);
  char x0[32], y0[32];
  snprintf (x0, sizeof x0, "mint_ox - %d", a->lo[0]);
  snprintf (y0, sizeof y0, "mint_oy - %d", a->lo[1]);
  const char *corner[KIR_MAX_DIMS] = { x0, y0, "0" };
  fprintf (out, "  MINT_DYNAMIC_SHARED (mint_dynamic_shared);\n"
           "  %s *const mint_ring = (%s *) mint_dynamic_shared;\n"
           "  const int mint_tid = threadIdx.y * %d + threadIdx.x;\n"
           "  const %s *const mint_s = ", type, type, l->p->block[0], type);
  cuda_put_address (out, k, a->t, corner);
  fprintf (out, ";\n  const int mint_m = (int) ((unsigned long long) mint_s"
           " %% 16 / sizeof (%s));\n  const long long mint_sr = ", type);
  cuda_put_stride (out, k, a->t, 1);
  fprintf (out, ";\n  const bool mint_inner = mint_ox + %d <= mint_n_x"
           " && mint_oy + %d <= mint_n_y\n"
           "    && (unsigned long long) mint_s %% sizeof (%s) == 0"
           " && mint_sr %% %d == 0 && mint_dm%d %% %d == 0;\n",
           k->tile[0], k->tile[1], type, r->vec, r->ti, r->vec);
  fprintf (out, "  const int mint_groups = (mint_m + %d) / %d;\n"
           "  const int mint_rc = (mint_ky * %d + %d) * %d + mint_kx * %d + %d"
           " + mint_m;\n",
           a->lo[0] + k->tile[0] + a->hi[0] + r->vec - 1, r->vec,
           l->c->rb[1], a->lo[1], r->width, l->c->rb[0], a->lo[0]);
  put_ring_fill (out, l);
}

/* "const bool mint_fast = ...": the thread's points are all inside in x,
   and the rows of every array accessed 16 bytes wide start their x range
   on a 16-byte boundary and keep it.  */
static void
put_fast_check (FILE *out, const struct l3 *l)
{
  const struct kir_kernel *k = l->k;
  fprintf (out, "  const bool mint_fast = ");
  if (l->c->rb[0] > 1)
    fprintf (out, "mint_nvx == %d", l->c->rb[0]);
  else
    fputs ("true", out);
  for (int a = 0; a < k->narrays && a < 64; a++)
    {
      int w = level3_access_width (l->p, l->c, a);
      if (w < 2)
        continue;
      const struct kir_array *arr = &k->arrays[a];
      fputs ("\n    && (unsigned long long) (", out);
      cuda_put_name (out, arr->name);
      fputs (" + mint_lo_x) % 16 == 0", out);
      for (int r = 1; r < arr->rank; r++)
        {
          fprintf (out, " && mint_%s_", r == 1 ? "row" : "plane");
          cuda_put_name (out, arr->name);
          fprintf (out, " %% %d == 0", w);
        }
    }
  fputs (";\n", out);
}

/* Loops over the slots Q of every queued cell (CX, CY) of A.  */
#define FOR_QUEUED(c, a, q, cy, cx)                                     \
  for (int cy = -(a)->lo[1]; cy < (c)->rb[1] + (a)->hi[1]; cy++)        \
    for (int cx = -(a)->lo[0]; cx < (c)->rb[0] + (a)->hi[0]; cx++)      \
      if (level3_queued (c, a, cy, cx))                                 \
        for (int q = (a)->q0[level3_plane_cell (a, cy, cx)];            \
             q <= (a)->q1[level3_plane_cell (a, cy, cx)]; q++)

/* The partial sums of every point, of the chain's type.  */
static void
put_sum_decls (FILE *out, const struct l3 *l)
{
  const struct plane_sums *s = l->c->sums;
  const char *type = kir_type_cuda (s->sum_type);
  for (int py = 0; py < l->c->rb[1]; py++)
    for (int px = 0; px < l->c->rb[0]; px++)
      for (int i = 0; i < sum_count (s); i++)
        {
          fprintf (out, "  %s ", type);
          put_sum_name (out, py, px, i);
          fputs (" = 0;\n", out);
        }
}

/* After a plane-sum step, each point's sums move a plane on.  */
static void
put_sum_rotation (FILE *out, const struct l3 *l)
{
  for (int py = 0; py < l->c->rb[1]; py++)
    for (int px = 0; px < l->c->rb[0]; px++)
      for (int i = 0; i + 1 < sum_count (l->c->sums); i++)
        {
          fputs ("      ", out);
          put_sum_name (out, py, px, i);
          fputs (" = ", out);
          put_sum_name (out, py, px, i + 1);
          fputs (";\n", out);
        }
}

/* The queued cells; in a rolled walk, the pointer to each array's plane
   of the step (mint_p), which one addition moves on: nvcc then keeps one
   register pair per array for the step's addresses, where the plane's
   offset from the walk's origin takes one per address, and spills at
   LEVEL3_ROLLED_REGISTERS (bench/results/HISTORY-codegen.md).  */
static void
put_queue_decls (FILE *out, const struct l3 *l)
{
  for (int i = 0; i < l->p->ntiled; i++)
    {
      const struct level3_array *a = &l->c->arr[i];
      if (l->c->rolled && l->c->sums)
        fprintf (out, "  const %s *mint_p%d = mint_g%d - %d * mint_dm%d;\n",
                 cuda_tiled_type (l->k, a->t), i, i,
                 sum_count (l->c->sums) - 1, i);
      else if (l->c->rolled)
        fprintf (out, "  const %s *mint_p%d = mint_g%d;\n",
                 cuda_tiled_type (l->k, a->t), i, i);
      FOR_QUEUED (l->c, a, q, cy, cx)
        {
          fprintf (out, "  %s ", cuda_tiled_type (l->k, a->t));
          put_cell_name (out, l, a, q, cy, cx);
          fputs (" = 0;\n", out);
        }
    }
  if (l->c->sums)
    put_sum_decls (out, l);
}

/* The ring's part of a step: once the front plane has come (every copy
   but those of the AHEAD - 1 planes after it), the barrier; then the copy
   of the plane AHEAD beyond the front into the slot that the step before
   read; the ring's planes of the step (mint_cur) and of the front.  */
static void
put_ring_step (FILE *out, const struct l3 *l)
{
  const struct level3_ring *r = &l->c->ring;
  const struct level3_array *a = &l->c->arr[r->ti];
  int plane = r->rows * r->width;
  fprintf (out, "      mint_copies_wait_prior<%d> ();\n"
           "      __syncthreads ();\n"
           "      if (mint_tz + %d < mint_end)\n"
           "        mint_fill (mint_v, mint_tz + %d);\n"
           "      mint_copies_commit ();\n"
           "      const %s *const mint_cur = mint_ring + (int) (mint_tz"
           " - mint_oz) %% %d * %d + mint_rc;\n"
           "      const %s *const mint_front = mint_ring + (int) (mint_tz"
           " + %d - mint_oz) %% %d * %d + mint_rc;\n",
           r->ahead - 1, r->ahead, a->mhi + r->ahead,
           cuda_tiled_type (l->k, a->t), r->slots, plane,
           cuda_tiled_type (l->k, a->t), a->mhi, r->slots, plane);
}

/* The queued cells entering their queues: of the ring's array where
   RING, else of the other arrays.  */
static void
put_lead_loads (FILE *out, const struct l3 *l, bool ring)
{
  char plane[64];
  for (int i = 0; i < l->p->ntiled; i++)
    if ((i == l->c->ring.ti) == ring)
      {
        const struct level3_array *a = &l->c->arr[i];
        for (int q = 0; q < a->nm; q++)
          {
            step_plane (l, a, q, plane, sizeof plane);
            put_queue_load (out, l, a, CELLS_LEAD, q, plane, 3);
          }
      }
}

/* The step at mint_t<m>: the queued cells entering their queues, the
   other cells, the points, the deferred stores, the rotation.  */
static void
put_step (FILE *out, struct l3 *l)
{
  const struct kir_kernel *k = l->k;
  char mc = l->mc;
  if (l->c->sums)
    fprintf (out, "  auto mint_step = [&] (auto mint_v, auto mint_all, "
             "long long mint_t%c,\n                        long long mint_stop)"
             " MINT_INLINE\n"
             "    {\n      (void) mint_v;\n", mc);
  else
    fprintf (out, "  auto mint_step = [&] (auto mint_v, long long mint_t%c)\n"
             "    {\n      (void) mint_v;\n", mc);
  int ring = l->c->ring.ti;
  l->in_step = 1;
  /* Through a ring, the queues take their front from it in every thread,
     and move on (plan-level3.h); the rest only in threads that compute,
     every thread of a block inside (mint_v).  A queue moved on only in
     some threads took ptxas 28 more registers.  */
  if (ring >= 0)
    {
      put_ring_step (out, l);
      put_lead_loads (out, l, true);
      fputs ("      if (decltype (mint_v)::value || mint_live)\n"
             "      {\n", out);
    }
  put_lead_loads (out, l, false);
  if (!l->c->streamed)
    put_step_cells (out, l, INT_MIN, INT_MAX);
  for (int a = 0; a < k->narrays && a < 64; a++)
    if (l->c->deferred[a])
      {
        /* Cells beyond the space that are not loaded hold 0.  */
        for (int py = 0; py < l->c->rb[1]; py++)
          for (int px = 0; px < l->c->rb[0]; px++)
            fprintf (out, "      %s mint_o%d_%d_%d%s;\n",
                     kir_type_cuda (k->arrays[a].elem), a, py, px,
                     level3_preloaded (k, l->c, a) ? " = 0" : "");
        if (level3_preloaded (k, l->c, a))
          put_own_cells (out, l, a, true);
      }
  put_points (out, l);
  if (l->c->sums)
    fprintf (out, "      if (decltype (mint_all)::value || mint_t%c >= mint_o%c)\n"
             "      {\n", mc, mc);
  for (int a = 0; a < k->narrays && a < 64; a++)
    if (l->c->deferred[a])
      put_own_cells (out, l, a, false);
  if (l->c->sums)
    {
      fputs ("      }\n", out);
      put_sum_rotation (out, l);
    }
  if (ring >= 0)
    fputs ("      }\n", out);
  for (int i = 0; i < l->p->ntiled; i++)
    {
      const struct level3_array *a = &l->c->arr[i];
      FOR_QUEUED (l->c, a, q, cy, cx)
        if (q < a->q1[level3_plane_cell (a, cy, cx)])
          {
            fputs ("      ", out);
            put_cell_name (out, l, a, q, cy, cx);
            fputs (" = ", out);
            put_cell_name (out, l, a, q + 1, cy, cx);
            fputs (";\n", out);
          }
      if (l->c->rolled)
        fprintf (out, "      mint_p%d += mint_dm%d;\n", i, i);
    }
  fputs ("    };\n", out);
  l->in_step = 0;
}

/* The walk of plane sums: each tile first runs, rolled, the steps before
   its first point that its points' sums start in; then the steps whose
   groups all belong to points of the tile (mint_all), unrolled for a full
   tile as any walk, with no branch among the groups, so that ptxas
   interleaves their chains; then, rolled, the last steps, whose groups
   of points beyond the tile (from mint_stop on) are left out.  */
static void
put_sum_walk (FILE *out, const struct l3 *l)
{
  char mc = l->mc;
  int walk = l->k->tile[l->m];
  int lead = sum_count (l->c->sums) - 1;
  int whole = walk > lead ? walk - lead : 0;
  const char *fast = l->c->split ? "decltype (mint_v)::value && " : "";
  fprintf (out, "  auto mint_walk = [&] (auto mint_v) MINT_INLINE\n    {\n"
           "      const long long mint_stop = %smint_o%c + %d <= mint_n_%c"
           " ? mint_o%c + %d : mint_end;\n"
           "#pragma unroll 1\n"
           "      for (long long mint_t%c = mint_o%c - %d; mint_t%c < mint_o%c;"
           " ++mint_t%c)\n"
           "        mint_step (mint_v, mint_bool<false> (), mint_t%c, "
           "mint_stop);\n",
           fast, mc, walk, mc, mc, walk, mc, mc, lead, mc, mc, mc, mc);
  fprintf (out, "      if (%smint_o%c + %d <= mint_n_%c)\n        {\n", fast,
           mc, walk, mc);
  if (whole > 0)
    fprintf (out, "#pragma unroll %d\n"
             "          for (int mint_s = 0; mint_s < %d; ++mint_s)\n"
             "            mint_step (mint_v, mint_bool<true> (), mint_o%c + "
             "mint_s, mint_stop);\n", l->c->unrolled, whole, mc);
  fprintf (out, "#pragma unroll 1\n"
           "          for (long long mint_t%c = mint_o%c + %d; mint_t%c < "
           "mint_stop; ++mint_t%c)\n"
           "            mint_step (mint_v, mint_bool<false> (), mint_t%c, "
           "mint_stop);\n        }\n"
           "      else\n#pragma unroll 1\n"
           "        for (long long mint_t%c = mint_o%c; mint_t%c < mint_end;"
           " ++mint_t%c)\n"
           "          mint_step (mint_v, mint_bool<false> (), mint_t%c, "
           "mint_end);\n    };\n",
           mc, mc, whole, mc, mc, mc, mc, mc, mc, mc, mc);
}

/* The rest of a walk through the ring: the copies of the planes up to
   AHEAD beyond the first step's front, a group each, then the steps,
   rolled (plan-level3.c).  */
static void
put_ring_start (FILE *out, const struct l3 *l)
{
  const struct level3_ring *r = &l->c->ring;
  int mhi = l->c->arr[r->ti].mhi;
  fprintf (out, "        }\n"
           "      for (int mint_k = 0; mint_k < %d; mint_k++)\n"
           "        {\n"
           "          if (mint_oz + mint_k < mint_end + %d)\n"
           "            mint_fill (mint_v, mint_oz + mint_k);\n"
           "          mint_copies_commit ();\n"
           "        }\n"
           "#pragma unroll 1\n"
           "      for (long long mint_tz = mint_oz; mint_tz < mint_end;"
           " ++mint_tz)\n"
           "        mint_step (mint_v, mint_tz);\n"
           "      mint_copies_wait_prior<0> ();\n"
           "    };\n", mhi + r->ahead, mhi);
}

/* The walk of queued cells: those of the planes behind the first step,
   then the steps, unrolled for a full tile (unrolled_steps).  */
static void
put_queue_walk (FILE *out, const struct l3 *l)
{
  const struct kir_kernel *k = l->k;
  char mc = l->mc;
  int walk = k->tile[l->m];
  char plane[32];
  int ring = l->c->ring.ti >= 0;
  fputs ("  auto mint_walk = [&] (auto mint_v)\n    {\n", out);
  if (ring)
    fputs ("      if (decltype (mint_v)::value || mint_live)\n        {\n",
           out);
  for (int i = 0; i < l->p->ntiled; i++)
    {
      const struct level3_array *a = &l->c->arr[i];
      for (int q = 0; q + 1 < a->nm; q++)
        {
          snprintf (plane, sizeof plane, "%d", q - a->mlo);
          put_queue_load (out, l, a, CELLS_BEHIND, q, plane, 3 + 2 * ring);
        }
    }
  if (ring)
    {
      put_ring_start (out, l);
      return;
    }
  /* The slow path (rows not aligned, or points outside in x) stays
     rolled, so that its registers do not limit the fast path's
     occupancy.  A rolled walk keeps nvcc from unrolling its last tile
     too.  */
  fprintf (out, "      if (%smint_o%c + %d <= mint_n_%c)\n        {\n"
           "#pragma unroll %d\n"
           "          for (int mint_s = 0; mint_s < %d; ++mint_s)\n"
           "            mint_step (mint_v, mint_o%c + mint_s);\n        }\n"
           "      else\n%s"
           "        for (long long mint_t%c = mint_o%c; mint_t%c < mint_end;"
           " ++mint_t%c)\n          mint_step (mint_v, mint_t%c);\n    };\n",
           l->c->split ? "decltype (mint_v)::value && " : "", mc, walk, mc,
           l->c->unrolled, walk, mc,
           l->c->rolled ? "#pragma unroll 1\n" : "", mc, mc, mc, mc, mc);
}

/* Through a ring, the fast path: the block's tile inside (mint_inner),
   with 16-byte accesses the thread's rows aligned (put_fast_check), and
   for a vector ring the thread's first cell on a 16-byte boundary of its
   ring row.  */
static void
put_ring_walk_choice (FILE *out, const struct l3 *l)
{
  const struct level3_ring *r = &l->c->ring;
  if (l->c->split)
    put_fast_check (out, l);
  fprintf (out, "  if (mint_inner%s", l->c->split ? " && mint_fast" : "");
  if (r->vector)
    fprintf (out, " && (mint_m + %d) %% %d == 0", l->c->arr[r->ti].lo[0],
             r->vec);
  fputs (")\n    mint_walk (mint_bool<true> ());\n"
         "  else\n    mint_walk (mint_bool<false> ());\n", out);
}

/* The walk over the block's tile along the march, on the fast path where
   the thread's rows allow it.  */
static void
put_walk (FILE *out, struct l3 *l)
{
  if (l->c->sums)
    put_sum_walk (out, l);
  else
    put_queue_walk (out, l);
  if (l->c->ring.ti >= 0)
    put_ring_walk_choice (out, l);
  else if (l->c->split)
    {
      put_fast_check (out, l);
      fputs ("  if (mint_fast)\n    mint_walk (mint_bool<true> ());\n"
             "  else\n    mint_walk (mint_bool<false> ());\n", out);
    }
  else
    fputs ("  mint_walk (mint_bool<true> ());\n", out);
}

void
cuda_put_level3_body (FILE *out, const struct kir_kernel *k,
                      const struct level_plan *p,
                      const struct kir_kernel *edge,
                      const struct edge_fold *edges)
{
  struct l3 l = { k, p, p->info, p->cells, p->march, axis[p->march], 0, 0,
                  0 };
  cuda_put_reduction_prologue (out, k);
  put_setup (out, &l);
  if (edge)
    cuda_put_thread_edge (out, edge, edges, l.m, l.c->rb);
  if (l.c->ring.ti >= 0)
    put_ring_setup (out, &l);
  put_table_loads (out, &l);
  if (l.c->hoisted)
    put_hoisted (out, &l);
  put_queue_decls (out, &l);
  put_step (out, &l);
  put_walk (out, &l);
  put_table_faults (out, &l);
  if (edge && edge->nreductions > 0)
    fputs ("  }\n", out);
  if (walk_in_block (&l))
    fputs ("  }\n", out);
  cuda_put_reduction_epilogue (out, k);
}
