/* emit-stencil.c -- CUDA for Kernel IR kernels at levels 1 to 3 (the Mint
   paper's optimizer, section 4.2), from the stencil analysis.

   Tiled arrays: the regular, read-only arrays read at neighbouring points,
   every read unconditional (so that each halo cell is one the program
   itself reads: the box of cells loaded stays inside the array), halo at
   most the block's threads per side; most reused first, as many as fit
   in 48 KB of static shared memory.  Other arrays are read as at level 0
   (read-only ones through __ldg).

   Level 1: for each chunk step, the block loads its sub-tile of every
   tiled array plus the halo into shared memory, synchronizes, computes
   its points from there and synchronizes again.

   Level 2 (needs 2 or 3 parallel dimensions, one thread per column along
   the outermost one, "z": chunksize = tile in z, chunk 1 in the others):
   each thread walks its column of tile_z points; the block keeps the
   planes z - halo .. z + halo of each tiled array in a ring of shared
   memory planes with one spare, so every value is loaded once per block
   and one barrier per plane suffices.  The next plane is loaded into
   registers one step ahead.

   Level 3 (needs, besides level 2's conditions, a read of the array on
   the thread's own column): the column's planes live in registers that
   rotate with z; every other read goes through the read-only path.  No
   shared memory, no barrier; full tiles unroll the walk.

   A thread's halo cells: the cells of the padded tile at its own position
   shifted by -1, 0 or +1 block widths per tiled dimension ("segments"),
   kept where some read offset reaches them.  Threads beyond the iteration
   space load but do not compute; every barrier is reached by the whole
   block (the loops are uniform).  */

#include "emit-cuda.h"
#include "emit-stencil.h"
#include "xalloc.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char axis[] = "xyz";

/* ---- formatting ---------------------------------------------------------- */

static void
note (char *buf, size_t len, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (buf, len, fmt, ap);
  va_end (ap);
}

void
plan_indent (FILE *out, int depth)
{
  fprintf (out, "%*s", 2 * depth, "");
}

/* ---- analysis ------------------------------------------------------------ */

int
plan_reads_unconditionally (const struct kir_kernel *k, int array)
{
  for (int b = 0; b < k->nblocks; b++)
    for (int s = 0; s < k->blocks[b].nstmts; s++)
      {
        const struct kir_stmt *st = &k->blocks[b].stmts[s];
        if (st->kind == KIR_LOAD && st->access.array == array
            && !stencil_every_point_runs (k, b))
          return 0;
      }
  return 1;
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
plan_access_offsets (const struct stencil_array *s, const struct kir_access *acc,
                int *o)
{
  int offset[KIR_MAX_DIMS];
  for (int i = 0; i < acc->rank; i++)
    offset[i] = (int) acc->index[i].constant;
  for (int d = 0; d < KIR_MAX_DIMS; d++)
    o[d] = 0;
  for (int i = 0; i < acc->rank; i++)
    o[s->dim_of[i]] = offset[i];
}

/* Distinct offsets read besides the centre: the loads a tile saves.  */
static int
reuse (const struct stencil_array *s)
{
  return s->noffsets - s->centre_read;
}

static int column_read (const struct kir_kernel *k,
                        const struct stencil_info *info,
                        const struct plan *p, int a);

/* Why array A cannot be tiled, or NULL.  */
static const char *
untileable (const struct kir_kernel *k, const struct stencil_info *info,
            const struct plan *p, int a)
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
  if (s->read_only && !s->regular && s->nreads > 1)
    return "is read at a subscript that is no loop variable plus a "
           "constant";
  if (!s->read_only || !s->regular
      || (p->level == 3 ? !column_read (k, info, p, a) : reuse (s) == 0))
    return "";
  if (!plan_reads_unconditionally (k, a))
    return "is read under a condition";
  if (p->level == 3)
    {
      struct tiled t;
      plan_tile_array (k, info, p, a, &t);
      return level3_too_wide (k, p, &t) ? "has too wide a halo for level 3"
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
segment_reached (const struct plan *p, const struct tiled *t, const int *seg,
                 const int *o)
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
               const struct plan *p, struct tiled *t)
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
static int
column_read (const struct kir_kernel *k, const struct stencil_info *info,
             const struct plan *p, int a)
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
                 const struct plan *p, int a, struct tiled *t)
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

/* The arrays to tile at P->level, most reused first, within the shared
   memory budget.  Returns how many, 0 with a reason in P->why.  */
static int
choose_arrays (const struct kir_kernel *k, const struct stencil_info *info,
               struct plan *p)
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
          /* The reason of the array read the most.  */
          const char *why = untileable (k, info, p, a);
          if (why && *why
              && (!reason || info->arrays[a].nreads
                             > info->arrays[reason_array].nreads))
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
  int m = k->ndims - 1;
  if (k->ndims < 2)
    return "a 1-D nest has no dimension to walk along";
  if (level == 3)
    {
      const char *why = level3_block_problem (k, m, buf, len);
      if (why)
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
does_not_pay (const struct kir_kernel *k, const struct plan *p)
{
  if (k->exact_level || p->level > 2)
    return NULL;
  return "shared-memory tiles measured slower than level 0's read-only "
         "loads";
}

/* ---- the cost model of level 3 --------------------------------------------- */

/* Registers per multiprocessor on every GPU from sm_50 on.  */
#define MINT_REGISTERS_PER_SM 65536

/* The register limit of a level-3 thread, 0 for none.  Without a minimum
   of resident blocks ptxas stops near 100 registers and issues the walk's
   loads among the arithmetic; given 128 it issues the loads of the whole
   unrolled walk first.  Measured on the H200 with 2x1 blocks of 256 (ms
   per step at the best walk): poisson19 0.970 -> 0.831, box27 0.733 ->
   0.730, varcoef7 1.121 -> 1.114, heat7 and poisson7 within 0.5%; no
   limit at all (one block) lost up to 40% (box27, varcoef7).  */
#define MINT_LEVEL3_REGISTERS 128

static void plan_kernel (const struct kir_kernel *k,
                         const struct stencil_info *info, struct plan *p);

/* The register block for level-3 plan P of K (whose chunks below the walk
   are 1), into RB: none where K is limited to CUDA_ROLLED_REGISTERS.  */
static void
level3_block (const struct kir_kernel *k, const struct plan *p,
              const struct stencil_info *info, int *rb)
{
  (void) info;
  for (int d = 0; d < KIR_MAX_DIMS; d++)
    rb[d] = 1;
  if (level3_rolled (k))
    return;
  /* Two or four points in x, as many as one 16-byte access holds of the
     narrowest element read on the thread's columns.  */
  unsigned size = 16;
  for (int i = 0; i < p->ntiled; i++)
    {
      unsigned s = kir_type_size (k->arrays[p->tiled[i].array].elem);
      if (s < size)
        size = s;
    }
  if (p->march > 0 && (size == 4 || size == 8))
    rb[0] = (int) (16 / size);
}

int
cuda_level3_block (const struct kir_kernel *k, int *rb)
{
  struct stencil_info info;
  struct plan p;
  for (int d = 0; d < KIR_MAX_DIMS; d++)
    rb[d] = 1;
  stencil_analyze (k, &info);
  plan_kernel (k, &info, &p);
  if (p.level == 3)
    level3_block (k, &p, &info, rb);
  stencil_info_free (&info);
  return p.level == 3;
}

/* Fills P for K: the highest level up to K->opt_level that applies and
   pays (does_not_pay), else level 0.  */
static void
plan_kernel (const struct kir_kernel *k, const struct stencil_info *info,
             struct plan *p)
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
  if (k->nreductions > 0)
    {
      note (p->why, sizeof p->why, "the nest has a reduction");
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
  int lowest = k->exact_level ? 1 : level;
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
      p->march = level >= 2 ? k->ndims - 1 : -1;
      p->tile_dims = level >= 2 ? k->ndims - 1 : k->ndims;
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

/* ---- printing pieces ----------------------------------------------------- */

const char *
plan_elem_type (const struct kir_kernel *k, const struct tiled *t)
{
  return kir_type_cuda (k->arrays[t->array].elem);
}

/* The stride of parallel dimension D in T's array: "1", a row or a plane
   parameter.  */
void
plan_put_stride (FILE *out, const struct kir_kernel *k, const struct tiled *t,
            int d)
{
  const struct kir_array *a = &k->arrays[t->array];
  int from_last = a->rank - 1 - t->subscript[d];
  if (from_last == 0)
    {
      fputs ("1LL", out);
      return;
    }
  fputs (from_last == 1 ? "mint_row_" : "mint_plane_", out);
  cuda_put_name (out, a->name);
}

/* "NAME + (lo_d + POINT_d) * stride_d + ...": the address of T's element
   at point POINT (expressions per parallel dimension).  */
void
plan_put_address (FILE *out, const struct kir_kernel *k, const struct tiled *t,
             const char *const *point)
{
  cuda_put_name (out, k->arrays[t->array].name);
  for (int d = 0; d < k->ndims; d++)
    {
      fprintf (out, " + (mint_lo_%c + %s) * ", axis[d], point[d]);
      plan_put_stride (out, k, t, d);
    }
}

void
plan_put_element (FILE *out, const struct kir_kernel *k,
                  const struct tiled *t, const char *const *point)
{
  fputs (cuda_read_only_path (&k->arrays[t->array]) ? "__ldg (" : "*(", out);
  plan_put_address (out, k, t, point);
  fputc (')', out);
}

void
plan_put_read (FILE *out, const struct kir_kernel *k, const struct tiled *t,
          const char *fmt, ...)
{
  int ldg = cuda_read_only_path (&k->arrays[t->array]);
  va_list ap;
  va_start (ap, fmt);
  fputs (ldg ? "__ldg (" : "*(", out);
  vfprintf (out, fmt, ap);
  fputc (')', out);
  va_end (ap);
}

/* Linear index of a tile cell from its per-dimension offsets.  */
static long
cell_offset (const struct tiled *t, const int *o)
{
  return ((long) o[2] * t->ext[1] + o[1]) * t->ext[0] + o[0];
}

/* "cond && cond": segment S of T holds a cell at this thread (threads
   "mint_k<d>", tile origin "mint_o<d>") inside the padded tile and inside
   the box the program reads.  Dimensions below NDIMS are checked.  */
static void
put_segment_valid (FILE *out, const struct plan *p, const struct tiled *t,
                   const int *seg, int ndims)
{
  const char *sep = "";
  for (int d = 0; d < ndims; d++)
    {
      int shift = seg[d] * p->block[d];
      if (seg[d] < 0)
        fprintf (out, "%smint_k%c >= %d", sep, axis[d],
                 -shift - t->hlo[d]);
      else if (seg[d] > 0)
        fprintf (out, "%smint_k%c < %d", sep, axis[d],
                 p->block[d] + t->hhi[d] - shift);
      if (seg[d] != 0)
        sep = " && ";
      fprintf (out, "%smint_o%c + mint_k%c + %d < mint_n_%c + %d", sep,
               axis[d], axis[d], shift, axis[d], t->hhi[d]);
      sep = " && ";
    }
}

/* ---- the load hook --------------------------------------------------------- */

struct hook_data
{
  const struct plan *p;
  const struct stencil_info *info;
};

static int
put_tiled_load (FILE *out, const struct kir_kernel *k,
                const struct kir_access *acc, const void *data)
{
  (void) k;
  const struct hook_data *h = data;
  const struct plan *p = h->p;
  int ti = acc->array < 64 ? p->tiled_of[acc->array] : -1;
  if (ti < 0)
    return 0;
  const struct tiled *t = &p->tiled[ti];
  int o[KIR_MAX_DIMS], plane[KIR_MAX_DIMS] = { 0, 0, 0 };
  plan_access_offsets (&h->info->arrays[acc->array], acc, o);
  for (int d = 0; d < p->tile_dims; d++)
    plane[d] = o[d];
  if (p->level == 1)
    fprintf (out, "mint_s%d[mint_sc%d + %ld]", ti, ti, cell_offset (t, o));
  else
    fprintf (out, "mint_s%d[(mint_r + %d) %% %d * %ld + mint_sc%d + %ld]",
             ti, o[p->march] + t->hlo[p->march], t->slots,
             (long) t->ext[0] * t->ext[1] * t->ext[2], ti,
             cell_offset (t, plane));
  return 1;
}

/* The IVs of the point and its body, for threads inside the space.  */
static void
put_point (FILE *out, const struct kir_kernel *k, const struct plan *p,
           const struct stencil_info *info, const char *inside, int depth)
{
  plan_indent (out, depth);
  fprintf (out, "if (%s)\n", inside);
  plan_indent (out, depth + 1);
  fputs ("{\n", out);
  for (int d = 0; d < k->ndims; d++)
    {
      const struct kir_local *iv = &k->locals[k->dims[d].iv];
      plan_indent (out, depth + 2);
      cuda_put_name (out, iv->name);
      fprintf (out, " = (%s) (mint_lo_%c + mint_t%c);\n",
               kir_type_cuda (iv->type), axis[d], axis[d]);
    }
  struct hook_data h = { p, info };
  struct cuda_access_hook hook = { put_tiled_load, NULL, &h };
  char ind[64];
  snprintf (ind, sizeof ind, "%*s", 2 * (depth + 4), "");
  plan_indent (out, depth + 2);
  fputs ("do\n", out);
  plan_indent (out, depth + 2);
  fputs ("  {\n", out);
  cuda_put_body (out, k, &hook, ind);
  plan_indent (out, depth + 2);
  fputs ("  }\n", out);
  plan_indent (out, depth + 2);
  fputs ("while (0);\n", out);
  plan_indent (out, depth + 1);
  fputs ("}\n", out);
}

static void
put_shared_decls (FILE *out, const struct kir_kernel *k, const struct plan *p)
{
  for (int i = 0; i < p->ntiled; i++)
    {
      const struct tiled *t = &p->tiled[i];
      if (t->slots == 0)
        continue;
      fprintf (out, "  __shared__ %s mint_s%d[%d * %d * %d * %d];\n",
               plan_elem_type (k, t), i, t->slots, t->ext[2], t->ext[1],
               t->ext[0]);
      fprintf (out, "  const int mint_sc%d = ", i);
      const char *sep = "";
      int mult = 1;
      for (int d = 0; d < KIR_MAX_DIMS; d++)
        {
          if (d < p->tile_dims)
            fprintf (out, "%s(mint_k%c + %d) * %d", sep, axis[d], t->hlo[d],
                     mult);
          else
            continue;
          sep = " + ";
          mult *= t->ext[d];
        }
      if (!*sep)
        fputc ('0', out);
      fputs (";\n", out);
    }
}

/* Thread coordinates in the tiled dimensions (the march dimension has
   one thread).  */
static void
put_thread_coords (FILE *out, const struct plan *p)
{
  for (int d = 0; d < p->tile_dims; d++)
    fprintf (out, "  const int mint_k%c = threadIdx.%c;\n", axis[d], axis[d]);
}

/* ---- level 1 ----------------------------------------------------------------- */

static void
put_level1 (FILE *out, const struct kir_kernel *k, const struct plan *p,
            const struct stencil_info *info)
{
  put_thread_coords (out, p);
  put_shared_decls (out, k, p);
  int depth = 1;
  for (int d = k->ndims - 1; d >= 0; d--)
    {
      char c = axis[d];
      plan_indent (out, depth);
      fprintf (out, "for (int mint_c%c = 0; mint_c%c < %d; ++mint_c%c)\n",
               c, c, k->chunk[d], c);
      plan_indent (out, depth);
      fputs ("  {\n", out);
      depth++;
      plan_indent (out, depth);
      fprintf (out, "const long long mint_o%c = (long long) blockIdx.%c * %d"
               " + mint_c%c * %d;\n", c, c, k->tile[d], c, p->block[d]);
      plan_indent (out, depth);
      fprintf (out, "if (mint_o%c >= mint_n_%c)\n", c, c);
      plan_indent (out, depth);
      fputs ("  break;\n", out);
      plan_indent (out, depth);
      fprintf (out, "const long long mint_t%c = mint_o%c + mint_k%c;\n",
               c, c, c);
    }
  for (int i = 0; i < p->ntiled; i++)
    {
      const struct tiled *t = &p->tiled[i];
      for (int s = 0; s < t->nseg; s++)
        {
          const int *seg = t->seg[s];
          char pt[KIR_MAX_DIMS][64];
          const char *point[KIR_MAX_DIMS];
          int o[KIR_MAX_DIMS] = { 0, 0, 0 };
          for (int d = 0; d < k->ndims; d++)
            {
              o[d] = seg[d] * p->block[d];
              snprintf (pt[d], sizeof pt[d], "mint_t%c + %d", axis[d], o[d]);
              point[d] = pt[d];
            }
          plan_indent (out, depth);
          fputs ("if (", out);
          put_segment_valid (out, p, t, seg, k->ndims);
          fputs (")\n", out);
          plan_indent (out, depth + 1);
          fprintf (out, "mint_s%d[mint_sc%d + %ld] = ", i, i,
                   cell_offset (t, o));
          plan_put_element (out, k, t, point);
          fputs (";\n", out);
        }
    }
  plan_indent (out, depth);
  fputs ("__syncthreads ();\n", out);
  char inside[256] = "";
  for (int d = 0; d < k->ndims; d++)
    {
      size_t n = strlen (inside);
      snprintf (inside + n, sizeof inside - n, "%smint_t%c < mint_n_%c",
                d ? " && " : "", axis[d], axis[d]);
    }
  put_point (out, k, p, info, inside, depth);
  plan_indent (out, depth);
  fputs ("__syncthreads ();\n", out);
  while (depth > 1)
    {
      depth--;
      plan_indent (out, depth);
      fputs ("  }\n", out);
    }
}

/* ---- levels 2 and 3: walking along the march dimension --------------------- */

/* Tile origin, thread point and whether it is inside, per in-plane
   dimension; the march range; each tiled array's column pointer and, per
   segment, validity, offset in memory and cell in the plane.  */
static void
put_march_setup (FILE *out, const struct kir_kernel *k, const struct plan *p)
{
  char m = axis[p->march];
  put_thread_coords (out, p);
  char inside[256] = "";
  for (int d = 0; d < p->march; d++)
    {
      char c = axis[d];
      fprintf (out, "  const long long mint_o%c = (long long) blockIdx.%c * "
               "%d;\n  const long long mint_t%c = mint_o%c + mint_k%c;\n",
               c, c, k->tile[d], c, c, c);
      size_t n = strlen (inside);
      snprintf (inside + n, sizeof inside - n, "%smint_t%c < mint_n_%c",
                d ? " && " : "", c, c);
    }
  fprintf (out, "  const bool mint_inside = %s;\n", inside);
  fprintf (out, "  const long long mint_o%c = (long long) blockIdx.%c * %d;\n"
           "  const long long mint_end = mint_min (mint_o%c + %d, "
           "mint_n_%c);\n", m, m, k->tile[p->march], m, k->tile[p->march],
           m);
  put_shared_decls (out, k, p);
  for (int i = 0; i < p->ntiled; i++)
    {
      const struct tiled *t = &p->tiled[i];
      const char *point[KIR_MAX_DIMS] = { "mint_tx", "mint_ty", "mint_tz" };
      point[p->march] = p->march == 1 ? "mint_oy" : "mint_oz";
      fprintf (out, "  const %s *const mint_g%d = ", plan_elem_type (k, t), i);
      plan_put_address (out, k, t, point);
      fputs (";\n", out);
      fprintf (out, "  const long long mint_dm%d = ", i);
      plan_put_stride (out, k, t, p->march);
      fputs (";\n", out);
      for (int s = 0; s < t->nseg; s++)
        {
          const int *seg = t->seg[s];
          int o[KIR_MAX_DIMS] = { 0, 0, 0 };
          fprintf (out, "  const bool mint_v%d_%d = ", i, s);
          put_segment_valid (out, p, t, seg, p->march);
          fprintf (out, ";\n  const long long mint_d%d_%d = 0", i, s);
          for (int d = 0; d < p->march; d++)
            if (seg[d])
              {
                o[d] = seg[d] * p->block[d];
                fprintf (out, " + %d * ", o[d]);
                plan_put_stride (out, k, t, d);
              }
          fprintf (out, ";\n  const int mint_i%d_%d = mint_sc%d + %ld;\n",
                   i, s, i, cell_offset (t, o));
          fprintf (out, "  %s mint_f%d_%d = 0;\n", plan_elem_type (k, t), i, s);
        }
    }
}

/* Loads plane PLANE (an expression, relative to the march origin) of
   segment S of tiled array I into DEST.  */
static void
put_segment_load (FILE *out, const struct kir_kernel *k,
                  const struct tiled *t, int i, int s, const char *guard,
                  const char *dest, const char *plane, int depth)
{
  plan_indent (out, depth);
  fprintf (out, "if (%smint_v%d_%d)\n", guard, i, s);
  plan_indent (out, depth + 1);
  fprintf (out, "%s = ", dest);
  plan_put_read (out, k, t, "mint_g%d + (%s) * mint_dm%d + mint_d%d_%d", i,
            plane, i, i, s);
  fputs (";\n", out);
}

static void
put_level2 (FILE *out, const struct kir_kernel *k, const struct plan *p,
            const struct stencil_info *info)
{
  int m = p->march;
  char mc = axis[m];
  put_march_setup (out, k, p);
  char dest[160], plane[64];
  /* Planes -hlo .. hhi - 1 straight into the ring, plane hhi ahead.  */
  for (int i = 0; i < p->ntiled; i++)
    {
      const struct tiled *t = &p->tiled[i];
      int lo = t->hlo[m], hi = t->hhi[m];
      long cells = (long) t->ext[0] * t->ext[1] * t->ext[2];
      fprintf (out, "  for (int mint_q = %d; mint_q < %d; ++mint_q)\n    {\n",
               -lo, hi);
      for (int s = 0; s < t->nseg; s++)
        {
          snprintf (dest, sizeof dest, "mint_s%d[(mint_q + %d) %% %d * %ld "
                    "+ mint_i%d_%d]", i, lo, t->slots, cells, i, s);
          put_segment_load (out, k, t, i, s, "", dest, "mint_q", 3);
        }
      fputs ("    }\n", out);
      for (int s = 0; s < t->nseg; s++)
        {
          snprintf (dest, sizeof dest, "mint_f%d_%d", i, s);
          snprintf (plane, sizeof plane, "%d", hi);
          put_segment_load (out, k, t, i, s, "", dest, plane, 1);
        }
    }
  fprintf (out, "  for (long long mint_t%c = mint_o%c; mint_t%c < mint_end; "
           "++mint_t%c)\n    {\n", mc, mc, mc, mc);
  fprintf (out, "      const int mint_r = (int) (mint_t%c - mint_o%c);\n"
           "      const bool mint_more = mint_t%c + 1 < mint_end;\n",
           mc, mc, mc);
  for (int i = 0; i < p->ntiled; i++)
    {
      const struct tiled *t = &p->tiled[i];
      int lo = t->hlo[m], hi = t->hhi[m];
      long cells = (long) t->ext[0] * t->ext[1] * t->ext[2];
      fprintf (out, "      %s *const mint_w%d = mint_s%d + (mint_r + %d) %% %d"
               " * %ld;\n", plan_elem_type (k, t), i, i, lo + hi, t->slots, cells);
      for (int s = 0; s < t->nseg; s++)
        {
          fprintf (out, "      if (mint_v%d_%d)\n        mint_w%d[mint_i%d_%d]"
                   " = mint_f%d_%d;\n", i, s, i, i, s, i, s);
          snprintf (dest, sizeof dest, "mint_f%d_%d", i, s);
          snprintf (plane, sizeof plane, "mint_r + %d", hi + 1);
          put_segment_load (out, k, t, i, s, "mint_more && ", dest, plane, 3);
        }
    }
  fputs ("      __syncthreads ();\n", out);
  put_point (out, k, p, info, "mint_inside", 3);
  fputs ("    }\n", out);
}

/* ---- strategy ------------------------------------------------------------ */

/* Resident blocks and threads a multiprocessor of every default target
   (NVCC_DEFAULT_ARCHS: sm_70, sm_80, sm_90) holds.  */
#define MINT_BLOCKS_PER_SM 16
#define MINT_THREADS_PER_SM 2048

/* The minimum of resident blocks that limits a level-3 thread to
   K->max_registers (or MINT_LEVEL3_REGISTERS), 0 for none.  ptxas
   ignores, with a warning, a minimum that the multiprocessor cannot
   hold: small blocks get none.  For a GPU that holds fewer threads
   (sm_75, sm_86, sm_89), 8 blocks of 256 (CUDA_ROLLED_REGISTERS) get
   that warning, and their threads no limit.  */
static int
min_blocks (const struct kir_kernel *k, const struct plan *p)
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

static void
describe (const struct kir_kernel *k, const struct plan *p,
          const struct stencil_info *info, char *buf, size_t len)
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
      ADD ("level 3: each thread walks %d points along %c%s",
           k->tile[p->march], axis[p->march],
           level3_rolled (k) ? " in a rolled loop" : "");
      if (columns > 1 && p->march > 1)
        ADD (" and computes %dx%d columns", k->chunk[0], k->chunk[1]);
      else if (columns > 1)
        ADD (" and computes %d columns", k->chunk[0]);
      ADD (", its own column%s in registers", columns > 1 ? "s" : "");
    }
  for (int i = 0; i < p->ntiled; i++)
    {
      const struct tiled *t = &p->tiled[i];
      ADD ("%s %s", i ? "," : ";", kir_array_text (k, t->array));
      if (t->slots)
        ADD (" in %d x %dx%dx%d shared", t->slots, t->ext[0], t->ext[1],
             t->ext[2]);
      else
        ADD (" in registers");
    }
  int ldg = 0;
  for (int a = 0; a < k->narrays; a++)
    if ((a >= 64 || p->tiled_of[a] < 0) && cuda_read_only_path (&k->arrays[a])
        && !k->arrays[a].written)
      {
        ADD ("%s%s", ldg ? ", " : "; read-only path for ",
             kir_array_text (k, a));
        ldg = 1;
      }
  if (p->level == 3 && n < len)
    {
      level3_describe (k, p, info, buf, len);
      n = strlen (buf);
    }
  if (p->level == 3 && k->max_registers > 0 && min_blocks (k, p) > 0)
    ADD ("; at most %d registers a thread", k->max_registers);
  if (p->level == 3 && k->clamp_rows && p->march > 1)
    ADD ("; rows through a clamp");
  int asked = k->opt_level > 3 ? 3 : k->opt_level;
  if (p->level < asked && p->why[0])
    ADD (" (not level %d: %s)", k->exact_level ? p->level + 1 : asked,
         p->why);
#undef ADD
}

int
cuda_emit_strategy (const struct kir_kernel *k, char *buf, size_t len)
{
  struct stencil_info info;
  struct plan p;
  stencil_analyze (k, &info);
  plan_kernel (k, &info, &p);
  describe (k, &p, &info, buf, len);
  stencil_info_free (&info);
  return p.level;
}

/* Shape classes (mintrt.h) into CLASSES: per array, the rank digit of a
   padded array of rank 2 or 3 that another array of the kernel shares,
   else '-'; "" when no array shares.  Returns whether any array shares.  */
static int
shape_classes (const struct kir_kernel *k, char *classes)
{
  int count[KIR_MAX_DIMS + 1] = { 0 };
  for (int a = 0; a < k->narrays; a++)
    if (!k->arrays[a].flat && k->arrays[a].rank >= 2)
      count[k->arrays[a].rank]++;
  int any = 0;
  for (int a = 0; a < k->narrays; a++)
    {
      const struct kir_array *arr = &k->arrays[a];
      int shares = !arr->flat && arr->rank >= 2 && count[arr->rank] >= 2;
      classes[a] = shares ? (char) ('0' + arr->rank) : '-';
      any |= shares;
    }
  classes[any ? k->narrays : 0] = '\0';
  return any;
}

static void
put_stencil_kernel (FILE *out, const struct kir_kernel *k,
                    const struct plan *p, const struct stencil_info *info,
                    const char *desc, const char *classes)
{
  int threads = p->block[0] * p->block[1] * p->block[2];
  cuda_put_kernel_head (out, k, p->level, threads, min_blocks (k, p),
                        desc, classes, NULL);
  if (p->level == 1)
    put_level1 (out, k, p, info);
  else if (p->level == 2)
    put_level2 (out, k, p, info);
  else
    level3_put_kernel (out, k, p, info);
  fputs ("}\n\n", out);
}

int
stencil_emit_kernel (const struct kir_kernel *k, FILE *out, char *classes,
                     char *why, size_t whylen, char *err, size_t errlen)
{
  struct stencil_info info;
  struct plan p;
  char desc[512];
  classes[0] = '\0';
  stencil_analyze (k, &info);
  plan_kernel (k, &info, &p);
  describe (k, &p, &info, desc, sizeof desc);
  if (why)
    note (why, whylen, "%s", desc);
  if (p.level > 0)
    put_stencil_kernel (out, k, &p, &info, desc, NULL);
  /* Level 3 is limited by registers (occupancy), and one index per shape
     instead of one per array saves them (64 -> 48 for varcoef7).  */
  if (p.level == 3 && shape_classes (k, classes))
    put_stencil_kernel (out, k, &p, &info, desc, classes);
  stencil_info_free (&info);
  if (ferror (out))
    {
      snprintf (err, errlen, "kernel %s: cannot write the CUDA source",
                k->name);
      return -1;
    }
  return p.level;
}
