/* emit-rows.c -- level 0's rows staged by warps through shared memory
   (emit-rows.h).  */

#include "emit-rows.h"
#include "emit-cuda.h"
#include "kir-type.h"
#include "xalloc.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

void
cuda_put_rows_prelude (FILE *out)
{
  fputs (
"/* Rows a warp stages through shared memory (level 0, staged-rows.h).\n"
"   TILE: the warp's window, W cells of each lane's row from W0 (lane k's\n"
"   in tile[k]); ROW: the lane's row, CELLS cells long (its stride), or\n"
"   for a flat array read as a grid any of the ELEMENTS from BEGIN that\n"
"   its subscripts reach (mint_rows_flat; BEGIN null for a grid);\n"
"   LANES: the lanes of the point; VALID, DIRTY: the window's cells loaded\n"
"   and stored.  Every lane in LANES makes the same calls with the same\n"
"   cell, so that W0, VALID and DIRTY are the same in each.  Compiled for\n"
"   a host without warps, each lane reads and writes its row in place.  */\n"
"template <typename T, int W>\n"
"struct mint_rows\n"
"{\n"
"  T (*tile)[W + 1];\n"
"  T *row;\n"
"  const T *begin;\n"
"  long long elements, cells, w0;\n"
"  unsigned lanes, valid, dirty;\n"
"};\n"
"__device__ __forceinline__ unsigned mint_warp_lanes (bool in)\n"
"{\n"
"#if defined __CUDA_ARCH__ || defined MINT_EMULATED_WARPS\n"
"  return __ballot_sync (0xffffffffu, in);\n"
"#else\n"
"  return in;\n"
"#endif\n"
"}\n"
"template <typename T, int W>\n"
"__device__ __forceinline__ void\n"
"mint_rows_start (mint_rows<T, W> *r, T (*tile)[W + 1], const T *row,\n"
"                 long long cells, unsigned lanes)\n"
"{\n"
"  r->tile = tile;\n"
"  r->row = (T *) row;\n"
"  r->begin = 0;\n"
"  r->cells = cells;\n"
"  r->w0 = -1;\n"
"  r->lanes = lanes;\n"
"  r->valid = r->dirty = 0;\n"
"}\n"
"/* The row of a flat array of ELEMENTS from BEGIN, read as a grid: its\n"
"   subscripts may reach the rows around it.  */\n"
"template <typename T, int W>\n"
"__device__ __forceinline__ void\n"
"mint_rows_flat (mint_rows<T, W> *r, const T *begin, long long elements)\n"
"{\n"
"  r->begin = begin;\n"
"  r->elements = elements;\n"
"}\n"
"/* Lane k's row.  */\n"
"template <typename T, int W>\n"
"__device__ __forceinline__ T *mint_rows_of (const mint_rows<T, W> *r, int k)\n"
"{\n"
"#if defined __CUDA_ARCH__ || defined MINT_EMULATED_WARPS\n"
"  return (T *) __shfl_sync (r->lanes, (unsigned long long) r->row, k);\n"
"#else\n"
"  return r->row;\n"
"#endif\n"
"}\n"
"/* Whether cell C of the window is in MASK and one that ROW (a lane's)\n"
"   reaches: of a grid's rows, any.  */\n"
"template <typename T, int W>\n"
"__device__ __forceinline__ bool\n"
"mint_rows_in (const mint_rows<T, W> *r, unsigned mask, int c, const T *row)\n"
"{\n"
"  const long long x = r->w0 + c;\n"
"  if (r->begin)\n"
"    return (mask >> c & 1) && row - r->begin + x >= 0\n"
"           && row - r->begin + x < r->elements;\n"
"  return (mask >> c & 1) && x >= 0 && x < r->cells;\n"
"}\n"
"/* Moves the window's cells in MASK between the rows and the tile (to the\n"
"   rows where STORE), 32 / W rows at a time across the lanes, each lane\n"
"   a cell: all loads in flight together.  Where lanes are missing, each\n"
"   takes every so many cells of a row.  */\n"
"template <typename T, int W>\n"
"__device__ __forceinline__ void\n"
"mint_rows_move (mint_rows<T, W> *r, unsigned mask, bool store)\n"
"{\n"
"#if defined __CUDA_ARCH__ || defined MINT_EMULATED_WARPS\n"
"  const int lane = threadIdx.x & 31;\n"
"  __syncwarp (r->lanes);\n"
"  if (r->lanes == 0xffffffffu)\n"
"    {\n"
"      const int c = lane % W, k0 = lane / W;\n"
"      const bool mine = mint_rows_in (r, mask, c, r->row);\n"
"      const long long x = r->w0 + c;\n"
"      T v[W];\n"
"      if (store)\n"
"        {\n"
"#pragma unroll\n"
"          for (int i = 0; i < W; i++)\n"
"            v[i] = r->tile[i * (32 / W) + k0][c];\n"
"        }\n"
"#pragma unroll\n"
"      for (int i = 0; i < W; i++)\n"
"        {\n"
"          T *row = mint_rows_of (r, i * (32 / W) + k0);\n"
"          const bool in = r->begin ? mint_rows_in (r, mask, c, row) : mine;\n"
"          if (in && store)\n"
"            row[x] = v[i];\n"
"          else if (in)\n"
"            {\n"
"              v[i] = row[x];\n"
"              if (r->begin)\n"
"                r->tile[i * (32 / W) + k0][c] = v[i];\n"
"            }\n"
"        }\n"
"      if (!store && mine && !r->begin)\n"
"        {\n"
"#pragma unroll\n"
"          for (int i = 0; i < W; i++)\n"
"            r->tile[i * (32 / W) + k0][c] = v[i];\n"
"        }\n"
"    }\n"
"  else\n"
"    {\n"
"      const int count = __popc (r->lanes);\n"
"      const int first = __popc (r->lanes & ((1u << lane) - 1));\n"
"      for (int k = 0; k < 32; k++)\n"
"        {\n"
"          T *row = mint_rows_of (r, k);\n"
"          for (int c = first; (r->lanes >> k & 1) && c < W; c += count)\n"
"            if (mint_rows_in (r, mask, c, row) && store)\n"
"              row[r->w0 + c] = r->tile[k][c];\n"
"            else if (mint_rows_in (r, mask, c, row))\n"
"              r->tile[k][c] = row[r->w0 + c];\n"
"        }\n"
"    }\n"
"  __syncwarp (r->lanes);\n"
"#endif\n"
"}\n"
"/* Stores the window's stored cells.  */\n"
"template <typename T, int W>\n"
"__device__ __forceinline__ void mint_rows_flush (mint_rows<T, W> *r)\n"
"{\n"
"  if (r->dirty)\n"
"    mint_rows_move (r, r->dirty, true);\n"
"  r->dirty = 0;\n"
"}\n"
"/* Loads the window's cells not yet there.  */\n"
"template <typename T, int W>\n"
"__device__ __forceinline__ void mint_rows_fill (mint_rows<T, W> *r)\n"
"{\n"
"  mint_rows_move (r, ~r->valid, false);\n"
"  r->valid = 0xffffffffu;\n"
"}\n"
"/* The window that holds cell X.  */\n"
"template <typename T, int W>\n"
"__device__ __forceinline__ int mint_rows_cell (mint_rows<T, W> *r, long long x)\n"
"{\n"
"  const long long w0 = x & ~(long long) (W - 1);\n"
"  if (w0 != r->w0)\n"
"    {\n"
"      mint_rows_flush (r);\n"
"      r->w0 = w0;\n"
"      r->valid = 0;\n"
"    }\n"
"  return (int) (x - w0);\n"
"}\n"
"/* Moves the window to the one that holds cell X where the cells from X\n"
"   that the next accesses reach lie in one window; loads its cells not\n"
"   there where one of GOT is not (bit i: cell X + i, loaded before it is\n"
"   stored), and marks those of PUT (stored) as there and stored.  The\n"
"   accesses then go to the tile (mint_rows_at).  */\n"
"template <typename T, int W>\n"
"__device__ __forceinline__ void\n"
"mint_rows_hold (mint_rows<T, W> *r, long long x, unsigned got, unsigned put)\n"
"{\n"
"#if defined __CUDA_ARCH__ || defined MINT_EMULATED_WARPS\n"
"  const int j = mint_rows_cell (r, x);\n"
"  if (~r->valid & got << j)\n"
"    mint_rows_fill (r);\n"
"  r->valid |= put << j;\n"
"  r->dirty |= put << j;\n"
"#endif\n"
"}\n"
"/* mint_rows_hold of a row the kernel never stores to: its windows are\n"
"   never dirty, and each is loaded whole where the warp moves to it.  */\n"
"template <typename T, int W>\n"
"__device__ __forceinline__ void mint_rows_hold_read (mint_rows<T, W> *r, long long x)\n"
"{\n"
"#if defined __CUDA_ARCH__ || defined MINT_EMULATED_WARPS\n"
"  const long long w0 = x & ~(long long) (W - 1);\n"
"  if (w0 != r->w0)\n"
"    {\n"
"      r->w0 = w0;\n"
"      mint_rows_move (r, 0xffffffffu, false);\n"
"    }\n"
"#endif\n"
"}\n"
"/* Cell X of the window held.  */\n"
"template <typename T, int W>\n"
"__device__ __forceinline__ T &mint_rows_at (mint_rows<T, W> *r, long long x)\n"
"{\n"
"#if defined __CUDA_ARCH__ || defined MINT_EMULATED_WARPS\n"
"  return r->tile[threadIdx.x & 31][x - r->w0];\n"
"#else\n"
"  return r->row[x];\n"
"#endif\n"
"}\n"
"template <typename T, int W>\n"
"__device__ __forceinline__ T mint_rows_get (mint_rows<T, W> *r, long long x)\n"
"{\n"
"  mint_rows_hold (r, x, 1u, 0u);\n"
"  return mint_rows_at (r, x);\n"
"}\n"
"template <typename T, int W>\n"
"__device__ __forceinline__ T mint_rows_read (mint_rows<T, W> *r, long long x)\n"
"{\n"
"  mint_rows_hold_read (r, x);\n"
"  return mint_rows_at (r, x);\n"
"}\n"
"template <typename T, int W, typename V>\n"
"__device__ __forceinline__ void mint_rows_put (mint_rows<T, W> *r, long long x, V v)\n"
"{\n"
"  mint_rows_hold (r, x, 0u, 1u);\n"
"  mint_rows_at (r, x) = (T) v;\n"
"}\n"
"\n", out);
}

void
cuda_put_rows_decls (FILE *out, const struct kir_kernel *k,
                     const struct staged_rows *rows)
{
  int warps = 1;
  for (int d = 0; d < k->ndims; d++)
    warps *= k->tile[d] / k->chunk[d];
  warps /= STAGED_ROWS;
  for (int i = 0; i < rows->n; i++)
    {
      const char *type = kir_type_cuda (k->arrays[rows->array[i]].elem);
      fprintf (out, "  __shared__ %s mint_window%d[%d][%d][%d];\n"
               "  mint_rows<%s, %d> mint_rows%d;\n", type, i, warps,
               STAGED_ROWS, STAGED_WINDOW + 1, type, STAGED_WINDOW, i);
    }
  fputs ("  const int mint_warp = (int) ((threadIdx.z * blockDim.y "
         "+ threadIdx.y) * (blockDim.x / 32) + threadIdx.x / 32);\n", out);
}

void
cuda_put_rows_start (FILE *out, const struct kir_kernel *k,
                     const struct staged_rows *rows, const char *indent)
{
  for (int i = 0; i < rows->n; i++)
    {
      const char *name = k->arrays[rows->array[i]].name;
      fprintf (out, "%smint_rows_start (&mint_rows%d, mint_window%d"
               "[mint_warp], &", indent, i, i);
      cuda_put_element (out, k, &rows->row[i]);
      fputs (", mint_row_", out);
      cuda_put_name (out, name);
      fputs (", mint_lanes);\n", out);
      if (!k->arrays[rows->array[i]].flat)
        continue;
      fprintf (out, "%smint_rows_flat (&mint_rows%d, ", indent, i);
      cuda_put_name (out, name);
      fputs (", ", out);
      cuda_put_copy_extent (out, k, rows->array[i], -1);
      fputs (");\n", out);
    }
}

/* A window a block's accesses to a staged row share: the warp holds it
   once, before the first of them, and each then goes to the tile.  */
struct held_window
{
  const struct kir_stmt *first; /* the statement it is held before */
  int row;                      /* its index in the staged rows */
  struct kir_affine cell;       /* the accesses' lowest cell */
  unsigned got, put;            /* mint_rows_hold's */
};

struct rows_printer
{
  const struct staged_rows *rows;
  int nheld, nwindows;
  const struct kir_access **held; /* the accesses through held windows */
  struct held_window *windows;
};

/* Whether statement S accesses staged row ROW of P.  */
static bool
accesses_row (const struct rows_printer *p, const struct kir_stmt *s, int row)
{
  return (s->kind == KIR_LOAD || s->kind == KIR_STORE)
         && staged_rows_access (p->rows, &s->access) == row;
}

/* The local L where F is L + a constant and L's residue is known
   (kir_local), else -1.  */
static int
residue_local (const struct kir_kernel *k, const struct kir_affine *f)
{
  if (f->nterms != 1 || f->terms[0].coeff != 1
      || f->terms[0].var.kind != KIR_OPND_LOCAL
      || k->locals[f->terms[0].var.index].modulus <= 1)
    return -1;
  return f->terms[0].var.index;
}

/* Adds to P the window of block B's accesses to staged row ROW where
   there are several, their cells are one local plus constants that its
   residue puts within one window (the local's modulus a divisor of the
   window's cells), and the block does not assign the local between
   them.  */
static void
find_held_window (const struct kir_kernel *k, int b, int row,
                  struct rows_printer *p)
{
  const struct kir_block *blk = &k->blocks[b];
  int var = -1, first = -1, last = -1;
  long long lo = 0, hi = 0;
  for (int i = 0; i < blk->nstmts; i++)
    {
      const struct kir_stmt *s = &blk->stmts[i];
      if (!accesses_row (p, s, row))
        continue;
      const struct kir_affine *f = &s->access.index[s->access.rank - 1];
      int l = residue_local (k, f);
      if (l < 0 || (var >= 0 && l != var))
        return;
      if (first < 0)
        lo = hi = f->constant;
      lo = f->constant < lo ? f->constant : lo;
      hi = f->constant > hi ? f->constant : hi;
      var = l;
      first = first < 0 ? i : first;
      last = i;
    }
  if (first == last)
    return;
  for (int i = first; i < last; i++)
    if (kir_stmt_writes (&blk->stmts[i], var))
      return;
  const struct kir_local *v = &k->locals[var];
  long long offset = ((v->residue + lo) % v->modulus + v->modulus)
                     % v->modulus;
  if (STAGED_WINDOW % v->modulus != 0 || offset + hi - lo >= v->modulus)
    return;
  struct held_window *w = &p->windows[p->nwindows++];
  memset (w, 0, sizeof *w);
  w->first = &blk->stmts[first];
  w->row = row;
  w->cell = blk->stmts[first].access.index[blk->stmts[first].access.rank - 1];
  w->cell.constant = lo;
  unsigned seen = 0;
  for (int i = first; i <= last; i++)
    {
      const struct kir_stmt *s = &blk->stmts[i];
      if (!accesses_row (p, s, row))
        continue;
      const struct kir_access *acc = &s->access;
      unsigned bit = 1u << (acc->index[acc->rank - 1].constant - lo);
      if (s->kind == KIR_LOAD && !(seen & bit))
        w->got |= bit;
      if (s->kind == KIR_STORE)
        w->put |= bit;
      seen |= bit;
      p->held[p->nheld++] = acc;
    }
}

struct rows_printer *
cuda_rows_printer_new (const struct kir_kernel *k,
                       const struct staged_rows *rows)
{
  struct rows_printer *p = mint_xcalloc (1, sizeof *p);
  int accesses = 0;
  for (int b = 0; b < k->nblocks; b++)
    accesses += k->blocks[b].nstmts;
  p->rows = rows;
  p->held = mint_xcalloc ((size_t) accesses + 1, sizeof *p->held);
  p->windows = mint_xcalloc ((size_t) k->nblocks * STAGED_MAX + 1,
                             sizeof *p->windows);
  for (int b = 0; b < k->nblocks; b++)
    for (int i = 0; i < rows->n; i++)
      find_held_window (k, b, i, p);
  return p;
}

void
cuda_rows_printer_free (struct rows_printer *p)
{
  free (p->held);
  free (p->windows);
  free (p);
}

/* Whether ACC goes through a held window.  */
static bool
held (const struct rows_printer *p, const struct kir_access *acc)
{
  for (int i = 0; i < p->nheld; i++)
    if (p->held[i] == acc)
      return true;
  return false;
}

/* The windows held before statement S.  */
static void
put_holds (FILE *out, const struct kir_kernel *k, const struct kir_stmt *s,
           const void *data, const char *indent)
{
  const struct rows_printer *p = data;
  for (int i = 0; i < p->nwindows; i++)
    {
      const struct held_window *w = &p->windows[i];
      if (w->first != s)
        continue;
      bool written = k->arrays[p->rows->array[w->row]].written;
      fprintf (out, "%smint_rows_hold%s (&mint_rows%d, ", indent,
               written ? "" : "_read", w->row);
      cuda_put_affine (out, k, &w->cell);
      if (written)
        fprintf (out, ", 0x%xu, 0x%xu", w->got, w->put);
      fputs (");\n", out);
    }
}

/* How ACC reaches its array, where its row is staged (I its index in P's
   rows), printed as "mint_rows_FN (&mint_rowsI, CELL": FN "at" where it
   goes through a held window (returns STAGED_HELD), else "put" for a
   STORE, "read" for a load of an array the kernel never stores to, "get"
   for any other load (STAGED_CALL); NOT_STAGED, and nothing printed,
   where the row is not staged.  */
enum staged_access { NOT_STAGED, STAGED_CALL, STAGED_HELD };

static enum staged_access
put_staged_call (FILE *out, const struct kir_kernel *k,
                 const struct rows_printer *p, bool store,
                 const struct kir_access *acc)
{
  int i = staged_rows_access (p->rows, acc);
  if (i < 0)
    return NOT_STAGED;
  bool at = held (p, acc);
  const char *fn = at ? "at" : store ? "put"
                   : k->arrays[p->rows->array[i]].written ? "get" : "read";
  fprintf (out, "mint_rows_%s (&mint_rows%d, ", fn, i);
  cuda_put_affine (out, k, &acc->index[acc->rank - 1]);
  return at ? STAGED_HELD : STAGED_CALL;
}

static int
put_staged_load (FILE *out, const struct kir_kernel *k,
                 const struct kir_access *acc, const void *data)
{
  if (put_staged_call (out, k, data, false, acc) == NOT_STAGED)
    return 0;
  fputc (')', out);
  return 1;
}

/* A store through a held window assigns to the tile's cell; any other
   passes the value to mint_rows_put.  */
static int
put_staged_store (FILE *out, const struct kir_kernel *k,
                  const struct kir_access *acc,
                  const struct kir_operand *value, const void *data)
{
  enum staged_access how = put_staged_call (out, k, data, true, acc);
  if (how == NOT_STAGED)
    return 0;
  fputs (how == STAGED_HELD ? ") = " : ", ", out);
  cuda_put_operand (out, k, value);
  if (how == STAGED_CALL)
    fputc (')', out);
  return 1;
}

static void
put_staged_flushes (FILE *out, const struct kir_kernel *k, const void *data,
                    const char *indent)
{
  const struct rows_printer *p = data;
  for (int i = 0; i < p->rows->n; i++)
    if (k->arrays[p->rows->array[i]].written)
      fprintf (out, "%smint_rows_flush (&mint_rows%d);\n", indent, i);
}

struct cuda_access_hook
cuda_rows_hook (const struct rows_printer *p)
{
  struct cuda_access_hook hook;
  memset (&hook, 0, sizeof hook);
  hook.load = put_staged_load;
  hook.store = put_staged_store;
  hook.next = put_staged_flushes;
  hook.before = put_holds;
  hook.data = p;
  return hook;
}
