/* emit-temporal.c -- level 4: the variants of a kernel that run several
   time steps per launch (temporal blocking), from their plan
   (plan-temporal.h).

   The variant of S steps (S odd; a launch may ask for fewer, odd, down
   to the plan's fewest) reads array A (the stencil's, the
   runtime's temporal_read) and writes array B (temporal_write): step 1
   reads A and writes B, step 2 reads B and writes A, ... step S writes B.
   Only B is written: the runtime runs the step after the batch as an
   ordinary launch, which writes A's points, so A's intermediate values
   are never seen.  The closing variant (MINT_CLOSING_SUFFIX), the same
   pipeline for S = 2, stores step 2 into a buffer laid out as A
   (mint_scratch) that libmintrt then makes A's device copy (its cells
   outside the space hold A's).  B's points keep the step before the
   first: libmintrt rebuilds them from A's old copy only where something
   reads them before the nest's next step overwrites them.

   The 2.5-D pipeline (bench/probe/temporal/heat7-temporal.cu, heat7_lean,
   is its hand-written model): a block of 32 x 16 threads owns a tile of
   32 x 16 RY cells, each thread RY consecutive rows of one column, that
   is its share of the space grown by S times the in-plane halo; it walks
   z over its chunk of planes.  In 2-D the same pipeline walks y, its
   planes rows: a block of 128 threads owns 256 cells of a row, two
   consecutive cells a thread, and the plane's y has one cell
   (plan-temporal.h names the pipeline's axes x, y and w; pipeline_point
   maps them onto the nest's).  A thread's cells are laid out in the ring
   a row of the block apart (cell R of thread I at R THREADS[0] + I), so
   that a warp's reads of one cell are consecutive.
   A block walks its chunk (or fewer, equal chunks in the kernels'
   chunked form, MINT_CHUNKED_SUFFIX, which libmintrt launches where the
   GPU's waves of blocks are filled better that way: small grids; in 2-D,
   the only form, always).  Stage
   0 loads A, one iteration ahead; stage k = 1 .. S computes step k, L
   planes behind stage k - 1 (the plan's lag), in that order within an
   iteration, so that stage k reads the plane stage k - 1 has just made
   from registers.  Each stage before the last keeps its last ZR + L
   planes (ZR the z halo) twice: the thread's own cells in registers and
   the whole tile in a ring of planes in shared memory for the neighbours
   in x and y, which a stage reads an iteration after they were made, so
   one barrier per plane suffices; the walk is unrolled over the ring's
   slots, so that every slot is named at compile time.  Stage S stores
   the middle of the tile into B.  A cell outside the iteration space
   keeps its array's value at every step (kernels write only the space):
   where A and B hold the same there, in the cells of the block, the stage
   passes stage k - 1's on, else it takes it from A (even steps) or B
   (odd), copied into shared memory an iteration ahead, where it lies in
   the box the program reads (such blocks walk in a second kernel,
   launched after the variant); beyond that box no point inside needs it
   (put_shell_check).  A block whose cells all lie in the space in x and
   y runs a walk that tests only the plane; one inside in z too, none,
   where the body reads no other array (enum walk).  Stage 0 also loads
   each plane of the coefficients (plan-temporal.h) once, an iteration
   ahead, into their rings, where the stages read them.  */

#include "emit-temporal.h"
#include "emit-cuda.h"
#include "plan-temporal.h"
#include "kir-type.h"
#include "xalloc.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* After the nest's parameters (mintrt.h, MINT_TEMPORAL_SUFFIX): a word
   per block that libmintrt zeroes once, the number of the run of steps,
   never 0 (put_shell_check), and the steps of the launch (put_plane).  */
#define MINT_TEMPORAL_PARAMS "unsigned long long *__restrict__ mint_tiles, " \
  "unsigned long long mint_run, unsigned mint_steps"
static const char axis[] = "xyz";
/* The extents of the plane's x and y (put_walk_chunk).  */
static const char *const plane_extent[2] = { "mint_n_x", "mint_ny" };

/* The walks of a block (put_walk): its cells all in the space in x, y
   and z at every plane a stored point needs (mint_inside), where a body
   that reads no array but A runs without a test; or in x and y
   (mint_inside_xy), and in z too or A and B the same outside the space in
   its cells (mint_same_shell), so that only whole planes, the same for
   every thread, are outside; or not, where A and B are the same there; or
   not either (in the second kernel, put_reload_kernel).  */
enum walk
{
  WALK_INSIDE,
  WALK_INSIDE_XY,
  WALK_SAME_SHELL,
  WALK_RELOAD
};

/* What is being printed: a variant by its plan, and where.  */
struct temporal
{
  const struct temporal_plan *p;
  bool chunked;                 /* its blocks' chunk from the grid
                                   (MINT_CHUNKED_SUFFIX) */
  int k, row, phase;            /* stage, row, iteration of the round */
  int edge;                     /* the walk's tests (enum walk) */
};

/* The ring slot of the plane made AGE iterations before iteration
   t->phase of the round.  */
static int
slot_of (const struct temporal *t, int age)
{
  return ((t->phase - age) % t->p->slots + t->p->slots) % t->p->slots;
}

/* The nest's point AT of the pipeline's point X, Y, W (the plane's
   cell and the walk's plane; Y unused in 2-D).  */
static void
pipeline_point (const struct temporal *t, const char *x, const char *y,
                const char *w, const char **at)
{
  const char *axes[3] = { x, y, w };
  for (int d = 0; d < t->p->ndims; d++)
    at[d] = axes[temporal_axis (t->p, d)];
}

/* The nest's dimension along which a thread's cells lie: y in 3-D, x in
   2-D.  */
static int
cell_dim (const struct temporal_plan *p)
{
  return p->ndims == 3 ? 1 : 0;
}

/* The thread's cells along x: 1 in 3-D, where they are rows.  */
static int
x_cells (const struct temporal_plan *p)
{
  return p->ndims == 3 ? 1 : p->cells;
}

/* The plane's point of the thread's cell R into X and Y (in parentheses
   where PAREN): 3-D's rows, 2-D's cells of a row.  */
static void
cell_point (const struct temporal *t, int r, bool paren, char *x, char *y,
            size_t len)
{
  const char *fmt = paren ? "(%s + %d)" : "%s + %d";
  bool plane = t->p->ndims == 3;
  if (plane || t->p->cells == 1)
    snprintf (x, len, "mint_X");
  else
    snprintf (x, len, fmt, "mint_X", r);
  snprintf (y, len, fmt, "mint_Y0", plane ? r : 0);
}

/* The test WHAT (space, box, keep: put_setup) of the thread's cell R in
   the plane, into BUF.  */
static const char *
cell_test (const struct temporal *t, const char *what, int r, char *buf,
           size_t len)
{
  if (t->p->ndims == 3)
    snprintf (buf, len, "mint_%s_x && mint_%s_y%d", what, what, r);
  else
    snprintf (buf, len, "mint_%s_x%d", what, r);
  return buf;
}

/* The number of the cells of a plane's tile (a ring slot).  */
static int
tile_cells (const struct temporal *t)
{
  return t->p->width * t->p->rows;
}

/* ---- printing ----------------------------------------------------------- */

/* "AT >= -LO && AT < EXTENT + HI": AT in a box reaching LO below 0 and
   HI beyond EXTENT.  */
static void
put_range (FILE *out, const char *at, const char *extent, int lo, int hi)
{
  fprintf (out, "%s >= -%d && %s < %s + %d", at, lo, at, extent, hi);
}

/* " + OFFSET" in a ring's plane from the thread's first cell to cell C
   of the thread DX away in x (temporal_own_cell).  */
static void
put_ring_cell (FILE *out, const struct temporal *t, int c, int dx)
{
  int cells = t->p->cells;
  if (c < 0)
    fputs (" + mint_below", out);
  else if (c < cells)
    fprintf (out, " + %d", c * t->p->threads[0]);
  else
    fprintf (out, " + %d + mint_above", (cells - 1) * t->p->threads[0]);
  if (dx < 0)
    fprintf (out, " + mint_left%d", -dx);
  else if (dx > 0)
    fprintf (out, " + mint_right%d", dx);
}

/* The index of coefficient C in T's plan.  */
static int
coef_index (const struct temporal *t, const struct temporal_coef *c)
{
  return (int) (c - t->p->coefs);
}

/* "mint_cJ_ring[SLOT * CELLS + mint_cell": the start of coefficient J's
   element in its ring at row PLANE + DW (PLANE's slot, the ring a power
   of 2 in rows), at the thread's first cell.  */
static void
put_coef_slot (FILE *out, const struct temporal *t,
               const struct temporal_coef *c, const char *plane, int dw)
{
  fprintf (out, "mint_c%d_ring[((%s + %d) & %d) * %d + mint_cell",
           coef_index (t, c), plane, dw, c->slots - 1, tile_cells (t));
}

/* Stage t->k's read of coefficient C at ACC, from its ring: row mint_pk
   plus the access's offset along the walk.  */
static void
put_coef_read (FILE *out, const struct temporal *t,
               const struct temporal_coef *c, const struct kir_access *acc)
{
  int d[KIR_MAX_DIMS], o[3], cell, dx;
  plan_access_offsets (c->s, acc, d);
  temporal_offsets (t->p, d, o);
  temporal_own_cell (t->p, t->row, o, &cell, &dx);
  put_coef_slot (out, t, c, "mint_p0", o[2] - t->k * t->p->lag);
  put_ring_cell (out, t, cell, dx);
  fputc (']', out);
}

/* "X in C's box && ", and Y in 3-D, of the thread's cell R.  */
static void
put_coef_box (FILE *out, const struct temporal *t,
              const struct temporal_coef *c, int r)
{
  char at[2][32];
  cell_point (t, r, false, at[0], at[1], sizeof at[0]);
  for (int d = 0; d < t->p->ndims - 1; d++)
    {
      put_range (out, at[d], plane_extent[d], c->hlo[d], c->hhi[d]);
      fputs (" && ", out);
    }
}

/* Coefficient C's loads of plane PLANE + HHI[2] (its pointer's) into its
   registers, where they lie in its box (in the plane only in the walks
   of blocks at the edge: put_loads), and the pointer's move to the next
   plane.  */
static void
put_coef_loads (FILE *out, const struct kir_kernel *k,
                const struct temporal *t, const struct temporal_coef *c,
                const char *plane, const char *indent)
{
  int j = coef_index (t, c);
  fprintf (out, "%s{\n%s  const int mint_pc = %s + %d;\n%s  const bool "
           "mint_load_c = ", indent, indent, plane, c->hhi[2], indent);
  put_range (out, "mint_pc", "mint_nz", c->hlo[2], c->hhi[2]);
  fputs (";\n", out);
  for (int r = 0; r < t->p->cells; r++)
    {
      fprintf (out, "%s  mint_c%d_n%d = ", indent, j, r);
      if (t->edge >= WALK_SAME_SHELL)
        put_coef_box (out, t, c, r);
      fputs ("mint_load_c ? ", out);
      cuda_put_read (out, k, &c->tiled, "mint_c%dk + %d * mint_c%dy", j, r,
                     j);
      fputs (" : 0;\n", out);
    }
  fprintf (out, "%s  mint_c%dk += mint_c%dz;\n%s}\n", indent, j, j, indent);
}

/* Coefficient C's registers into its ring at row PLANE + HHI[2].  */
static void
put_coef_stores (FILE *out, const struct temporal *t,
                 const struct temporal_coef *c, const char *plane,
                 const char *indent)
{
  for (int r = 0; r < t->p->cells; r++)
    {
      fputs (indent, out);
      put_coef_slot (out, t, c, plane, c->hhi[2]);
      fprintf (out, " + %d] = mint_c%d_n%d;\n", r * t->p->threads[0],
               coef_index (t, c), r);
    }
}

/* Before the walk's first iteration (stage 0's row PLANE): the rows of
   each coefficient that iteration does not load and a stage reads
   (temporal_coef_ring), then the row that iteration stores.  */
static void
put_coef_prefill (FILE *out, const struct kir_kernel *k,
                  const struct temporal *t, const char *plane)
{
  for (int j = 0; j < t->p->ncoefs; j++)
    {
      const struct temporal_coef *c = &t->p->coefs[j];
      if (c->prefill)
        {
          fprintf (out, "        for (int mint_pf = %s - %d; mint_pf < %s; "
                   "mint_pf++)\n          {\n", plane, c->prefill, plane);
          put_coef_loads (out, k, t, c, "mint_pf", "            ");
          put_coef_stores (out, t, c, "mint_pf", "            ");
          fputs ("          }\n", out);
        }
      put_coef_loads (out, k, t, c, plane, "        ");
    }
}

/* Stage t->k reads A from stage t->k - 1, its plane DZ planes from the
   one stage t->k computes, made L - DZ iterations before (age 0: in this
   one): the thread's own rows from registers, the rest from the ring
   (clamped to the tile at its edge, where the cells compute values no
   stored point needs).  */
static int
temporal_load (FILE *out, const struct kir_kernel *k,
               const struct kir_access *acc, const void *data)
{
  const struct temporal *t = data;
  (void) k;
  const struct temporal_coef *coef = temporal_coef_of (t->p, acc->array);
  if (coef)
    {
      put_coef_read (out, t, coef, acc);
      return 1;
    }
  if (acc->array != t->p->a)
    return 0;
  int d[KIR_MAX_DIMS], o[3];
  plan_access_offsets (t->p->sa, acc, d);
  temporal_offsets (t->p, d, o);
  int age = t->p->lag - o[2], c, dx;
  if (temporal_own_cell (t->p, t->row, o, &c, &dx))
    {
      if (age == 0)
        fprintf (out, "mint_f%d_%d", t->k - 1, c);
      else
        fprintf (out, "mint_q%d_%d_%d", t->k - 1, c, age);
      return 1;
    }
  fprintf (out, "mint_ring[%d + mint_cell", ((t->k - 1) * t->p->slots
                                              + slot_of (t, age))
           * tile_cells (t));
  put_ring_cell (out, t, c, dx);
  fputc (']', out);
  return 1;
}

/* "PTR[ROW * STRIDE] = ": the last stage's store of row ROW into B, or
   in the closing variant into the buffer laid out as A that becomes A's
   copy (mintrt.h, closing_tile).  */
static void
put_last_store (FILE *out, const struct temporal *t, int row)
{
  fprintf (out, t->p->closing ? "mint_sk[%d * mint_ay] = "
                           : "mint_bk[%d * mint_by] = ", row);
}

/* Stages before the last keep B's value on chip; the last stores it
   through the thread's pointer (put_pointers), after all its rows where
   the body can run at every cell (put_stage_keep).  */
static int
temporal_store (FILE *out, const struct kir_kernel *k,
                const struct kir_access *acc, const struct kir_operand *value,
                const void *data)
{
  const struct temporal *t = data;
  if (acc->array != t->p->b)
    return 0;
  if (t->k == t->p->steps && !t->p->anywhere)
    put_last_store (out, t, t->row);
  else
    fprintf (out, "mint_v%d = ", t->row);
  cuda_put_operand (out, k, value);
  return 1;
}

/* The body of stage t->k at row t->row of plane mint_pk: the statement
   of an `if' where GUARDED, else a block.  */
static void
put_stage_body (FILE *out, const struct kir_kernel *k, struct temporal *t,
                bool guarded)
{
  if (!guarded)
    fputs ("            {\n", out);
  char x[32], y[32];
  cell_point (t, t->row, false, x, y, sizeof x);
  const char *at[KIR_MAX_DIMS];
  pipeline_point (t, x, y, "mint_pk", at);
  fputs ("              [&]\n                {\n", out);
  cuda_put_point_locals (out, k, "                  ");
  for (int d = 0; d < k->ndims; d++)
    {
      const struct kir_local *iv = &k->locals[k->dims[d].iv];
      fputs ("                  ", out);
      cuda_put_name (out, iv->name);
      fprintf (out, " = (%s) (mint_lo_%c + %s);\n",
               kir_type_cuda (iv->type), axis[d], at[d]);
    }
  struct cuda_access_hook hook = { .load = temporal_load,
                                   .store = temporal_store, .data = t };
  fputs ("                  do\n                    {\n", out);
  cuda_put_body (out, k, &hook, "                      ");
  fputs ("                    }\n                  while (0);\n"
         "                } ();\n", out);
  if (!guarded)
    fputs ("            }\n", out);
}

/* Each coefficient's column at the first plane the walk loads
   (put_coef_prefill), mint_cJk, and its strides from one of the thread's
   cells to the next (mint_cJy) and along the walk (mint_cJz).  */
static void
put_coef_pointers (FILE *out, const struct kir_kernel *k,
                   const struct temporal *t)
{
  for (int j = 0; j < t->p->ncoefs; j++)
    {
      const struct temporal_coef *c = &t->p->coefs[j];
      char first[64];
      snprintf (first, sizeof first, "mint_Z0 - %d",
                t->p->steps * t->p->zr - c->hhi[2] + c->prefill);
      const char *at[KIR_MAX_DIMS];
      pipeline_point (t, "mint_X", "mint_Y0", first, at);
      fprintf (out, "  const %s *mint_c%dk = ", cuda_tiled_type (k, &c->tiled),
               j);
      cuda_put_address (out, k, &c->tiled, at);
      fprintf (out, ";\n  const long long mint_c%dy = ", j);
      cuda_put_stride (out, k, &c->tiled, cell_dim (t->p));
      fprintf (out, ", mint_c%dz = ", j);
      cuda_put_stride (out, k, &c->tiled, t->p->ndims - 1);
      fputs (";\n", out);
    }
}

/* The thread's column of A at the plane stage 0 loads first (mint_ak) and
   of B at the one stage S computes first (mint_bk), and their strides
   from one of the thread's cells to the next (mint_ay: y in 3-D, x in
   2-D) and along the walk (mint_az): the walk advances the pointers a
   plane per iteration, so that a cell is one sum away, not a product per
   access.  */
static void
put_pointers (FILE *out, const struct kir_kernel *k, const struct temporal *t)
{
  char first[2][64];
  snprintf (first[0], sizeof first[0], "mint_Z0 - %d",
            t->p->steps * t->p->zr);
  snprintf (first[1], sizeof first[1], "mint_Z0 - %d",
            t->p->steps * (t->p->zr + t->p->lag));
  const struct tiled *arrays[2] = { &t->p->ta, &t->p->tb };
  for (int i = 0; i < 2; i++)
    {
      const char *at[KIR_MAX_DIMS];
      pipeline_point (t, "mint_X", "mint_Y0", first[i], at);
      char c = i ? 'b' : 'a';
      fprintf (out, "  %s%s *mint_%ck = ", i ? "" : "const ",
               kir_type_cuda (k->arrays[arrays[i]->array].elem), c);
      cuda_put_address (out, k, arrays[i], at);
      /* The closing variant stores no row of B (put_stage_keep).  */
      fprintf (out, ";\n  %sconst long long mint_%cy = ",
               i && t->p->closing ? "[[maybe_unused]] " : "", c);
      cuda_put_stride (out, k, arrays[i], cell_dim (t->p));
      fprintf (out, ", mint_%cz = ", c);
      cuda_put_stride (out, k, arrays[i], t->p->ndims - 1);
      fputs (";\n", out);
    }
  put_coef_pointers (out, k, t);
  if (!t->p->closing)
    return;
  /* The scratch's column at mint_bk's plane, by A's strides.  */
  const char *at[KIR_MAX_DIMS];
  pipeline_point (t, "mint_X", "mint_Y0", first[1], at);
  fprintf (out, "  %s *mint_sk = mint_scratch + (",
           kir_type_cuda (k->arrays[t->p->a].elem));
  cuda_put_address (out, k, &t->p->ta, at);
  fputs (" - ", out);
  cuda_put_name (out, k->arrays[t->p->a].name);
  fputs (");\n", out);
}

/* The rings: the block's dynamic shared memory.  */
static void
put_ring (FILE *out, const struct kir_kernel *k, const struct temporal *t)
{
  const char *elem = kir_type_cuda (k->arrays[t->p->b].elem);
  fprintf (out, "  MINT_DYNAMIC_SHARED (mint_dynamic_shared);\n"
           "  %s *const mint_ring = (%s *) mint_dynamic_shared;\n", elem,
           elem);
  for (int j = 0; j < t->p->ncoefs; j++)
    {
      const char *type = cuda_tiled_type (k, &t->p->coefs[j].tiled);
      fprintf (out, "  %s *const mint_c%d_ring = (%s *) (mint_dynamic_shared "
               "+ %ld);\n", type, j, type, t->p->coefs[j].offset);
    }
}

/* The pipeline's extents: mint_n_x, mint_ny in the plane (1 in 2-D),
   mint_nw along the walk, and the planes of the walk as ints (mint_nz):
   libmintrt launches at most 65535 blocks of at most TEMPORAL_WALK_2D
   planes (plan-temporal.c) along it.  The walk's blocks are blockIdx.z,
   or blockIdx.y in 2-D; the chunked form's walk equal chunks, as many as
   libmintrt chose (mintrt_level4_chunks); the other's chunk is a
   constant, which nvcc compiles to faster code
   (bench/results/HISTORY-codegen.md).  */
static void
put_walk_chunk (FILE *out, const struct temporal *t)
{
  bool plane = t->p->ndims == 3;
  char w = plane ? 'z' : 'y';
  fprintf (out, "  const long long mint_ny = %s, mint_nw = mint_n_%c;\n"
           "  const int mint_nz = (int) mint_nw;\n",
           plane ? "mint_n_y" : "1LL", w);
  if (t->chunked)
    fprintf (out, "  const int mint_chunk = (mint_nz + (int) gridDim.%c - 1) "
             "/ (int) gridDim.%c;\n", w, w);
  else
    fprintf (out, "  const int mint_chunk = %d;\n", t->p->out[2]);
  fprintf (out, "  const int mint_Z0 = (int) blockIdx.%c * mint_chunk;\n"
           "  const int mint_Z1 = mint_min (mint_Z0 + mint_chunk, mint_nz);\n",
           w);
}

/* The thread's neighbours in the ring: D threads to the left and right
   (mint_leftD, mint_rightD), the row below and above, clamped to the
   tile.  */
static void
put_neighbours (FILE *out, const struct temporal *t)
{
  int tx = t->p->threads[0], ty = t->p->threads[1], xc = x_cells (t->p);
  /* One thread away, the clamped offset is 0 (the form 3-D's walk was
     measured with: the other, recomputed where registers run short,
     cost it 4%).  */
  for (int d = 1; d <= (t->p->hlo[0] + xc - 1) / xc; d++)
    fprintf (out, "  const int mint_left%d = mint_i > %d ? -%d : %s;\n", d,
             d - 1, d, d == 1 ? "0" : "-mint_i");
  for (int d = 1; d <= (t->p->hhi[0] + xc - 1) / xc; d++)
    {
      char edge[32];
      snprintf (edge, sizeof edge, "%d - mint_i", tx - 1);
      fprintf (out, "  const int mint_right%d = mint_i < %d ? %d : %s;\n",
               d, tx - d, d, d == 1 ? "0" : edge);
    }
  if (t->p->ndims == 3)
    fprintf (out, "  const int mint_below = mint_j > 0 ? -%d : 0, mint_above "
             "= mint_j < %d ? %d : 0;\n", tx, ty - 1, tx);
}

/* The tests of a cell AT (the thread's POS-th along the axis) in the
   plane's axis D: in the space (mint_space_NAME), in A's box (box), and
   stored: beyond the cells of the tile that no stored point has right
   (keep).  */
static void
put_axis_tests (FILE *out, const struct temporal *t, int d, const char *name,
                const char *at, const char *pos)
{
  int s = t->p->steps, lo = t->p->hlo[d], hi = t->p->hhi[d];
  int cells = d ? t->p->rows : t->p->width;
  fprintf (out, "  const bool mint_space_%s = %s >= 0 && %s < %s;\n"
           "  const bool mint_box_%s = ", name, at, at, plane_extent[d],
           name);
  put_range (out, at, plane_extent[d], lo, hi);
  fprintf (out, ";\n  const bool mint_keep_%s = mint_space_%s && %s >= %d "
           "&& %s < %d;\n", name, name, pos, s * lo, pos, cells - s * hi);
}

/* Each cell's tests (put_axis_tests): in 3-D, the column's in x and each
   row's in y; in 2-D, each cell's in x.  */
static void
put_cell_tests (FILE *out, const struct temporal *t)
{
  int cells = t->p->cells;
  if (t->p->ndims == 3)
    put_axis_tests (out, t, 0, "x", "mint_X", "mint_i");
  for (int r = 0; r < cells; r++)
    {
      char name[16], x[32], y[32], pos[48];
      cell_point (t, r, false, x, y, sizeof x);
      snprintf (name, sizeof name, "%c%d", t->p->ndims == 3 ? 'y' : 'x', r);
      if (t->p->ndims == 3)
        {
          snprintf (pos, sizeof pos, "mint_j * %d + %d", cells, r);
          put_axis_tests (out, t, 1, name, y, pos);
        }
      else
        {
          snprintf (pos, sizeof pos, cells == 1 ? "mint_i"
                    : "mint_i * %d + %d", cells, r);
          put_axis_tests (out, t, 0, name, x, pos);
        }
    }
}

static void
put_setup (FILE *out, const struct kir_kernel *k, const struct temporal *t)
{
  int tx = t->p->threads[0], s = t->p->steps, xc = x_cells (t->p);
  int cells = t->p->cells;
  const int *hlo = t->p->hlo;
  char thread_x[32] = "mint_i";
  if (xc > 1)
    snprintf (thread_x, sizeof thread_x, "mint_i * %d", xc);
  put_ring (out, k, t);
  fprintf (out, "  const int mint_i = threadIdx.x, mint_j = threadIdx.y;\n"
           "  const long long mint_X = (long long) blockIdx.x * %d + %s "
           "- %d;\n", t->p->out[0], thread_x, s * hlo[0]);
  if (t->p->ndims == 3)
    fprintf (out, "  const long long mint_Y0 = (long long) blockIdx.y * %d + "
             "mint_j * %d - %d;\n", t->p->out[1], cells, s * hlo[1]);
  else
    fputs ("  const long long mint_Y0 = 0;\n", out);
  put_walk_chunk (out, t);
  fprintf (out, "  const int mint_cell = mint_j * %d + mint_i;\n",
           cells * tx);
  put_neighbours (out, t);
  put_cell_tests (out, t);
  /* The tile's corner; the stages compute planes Z0 - (S - k) ZR ..
     Z1 - 1 + (S - k) ZR that a stored point needs.  */
  fprintf (out, "  const long long mint_tx = mint_X - %s, "
           "mint_ty = mint_Y0 - mint_j * %d;\n  const bool mint_inside_xy = "
           "mint_tx >= 0 && mint_tx + %d <= mint_n_x\n    && mint_ty >= 0 && "
           "mint_ty + %d <= mint_ny;\n  const bool mint_inside = "
           "mint_inside_xy && mint_Z0 - %d >= 0 && mint_Z1 + %d <= "
           "mint_nz;\n", thread_x, t->p->ndims == 3 ? cells : 1,
           t->p->width, t->p->rows,
           (s - 1) * t->p->zr, (s - 1) * t->p->zr);
  /* The block's word (put_shell_check).  */
  fputs ("  unsigned long long *const mint_tile = mint_tiles + ((unsigned "
         "long long) blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + "
         "blockIdx.x;\n", out);
}

/* A walk's own variables: the pointers, each stage's registers and stage
   0's loads.  */
static void
put_walk_state (FILE *out, const struct kir_kernel *k,
                const struct temporal *t)
{
  const char *elem = kir_type_cuda (k->arrays[t->p->b].elem);
  put_pointers (out, k, t);
  for (int st = 0; st < t->p->steps; st++)
    for (int r = 0; r < t->p->cells; r++)
      {
        /* A stencil that does not read its own cell reads no age.  */
        fprintf (out, "  [[maybe_unused]] %s mint_f%d_%d = 0", elem, st, r);
        for (int a = 1; a <= t->p->ages; a++)
          fprintf (out, ", mint_q%d_%d_%d = 0", st, r, a);
        fputs (";\n", out);
      }
  for (int r = 0; r < t->p->cells; r++)
    fprintf (out, "  %s mint_n%d = 0;\n", elem, r);
  for (int j = 0; j < t->p->ncoefs; j++)
    for (int r = 0; r < t->p->cells; r++)
      fprintf (out, "  %s mint_c%d_n%d = 0;\n",
               cuda_tiled_type (k, &t->p->coefs[j].tiled), j, r);
}

/* "PLANE in the box of A in z" / "in the space".  */
static void
put_z_range (FILE *out, const struct temporal *t, const char *plane, int box)
{
  if (box)
    put_range (out, plane, "mint_nz", t->p->hlo[2], t->p->hhi[2]);
  else
    fprintf (out, "%s >= 0 && %s < mint_nz", plane, plane);
}

/* Stage 0's loads of plane mint_pn (at mint_ak) into mint_n0 ..: where
   it lies in A's box and a stored point needs it.  */
static void
put_loads (FILE *out, const struct kir_kernel *k, const struct temporal *t,
           const char *indent)
{
  fprintf (out, "%sconst bool mint_load_z = mint_pn < mint_Z1 + %d && ",
           indent, t->p->steps * t->p->zr);
  put_z_range (out, t, "mint_pn", 1);
  fputs (";\n", out);
  for (int r = 0; r < t->p->cells; r++)
    {
      char box[64];
      fprintf (out, "%smint_n%d = ", indent, r);
      if (t->edge >= WALK_SAME_SHELL)
        fprintf (out, "%s && ", cell_test (t, "box", r, box, sizeof box));
      fputs ("mint_load_z ? ", out);
      cuda_put_read (out, k, &t->p->ta, "mint_ak + %d * mint_ay", r);
      fputs (" : 0;\n", out);
    }
  fprintf (out, "%smint_ak += mint_az;\n", indent);
}

/* The element of the reloads' buffer that holds stage S's value at row R
   of plane PLANE (put_reload_copies).  */
static void
put_reload_cell (FILE *out, const struct temporal *t, int s,
                 const char *plane, int r)
{
  fprintf (out, "mint_ring[%d + ((%s) & 1) * %d + mint_cell + %d]",
           (t->p->steps * t->p->slots + 2 * (s - 1)) * tile_cells (t),
           plane, tile_cells (t), r * t->p->threads[0]);
}

/* The reloads of the next iteration (WALK_RELOAD): each stage S but the
   last will need the array's value at its plane, mint_pn - S L, where a
   cell of the thread lies in A's box but outside the space: from A (even
   steps) or B (odd).  They are copied into the reloads' buffer, two planes
   a stage, without waiting (cp.async), and waited for at the start of the
   next iteration.  mint_ak is at plane mint_pn + 1, mint_bk B_LAG planes
   below mint_pn - S_last L (stage S_last's plane of the iteration: 1, or
   0 before the walk).  Loaded in mid-iteration, where the barrier behind
   them makes every thread wait for them, or an iteration ahead in
   registers, which spill, the reloads made the edge blocks' walk slower
   than level 3 (bench/results/HISTORY-codegen.md).  */
static void
put_reload_copies (FILE *out, const struct temporal *t, const char *indent,
                   int b_lag)
{
  for (int s = 1; s < t->p->steps; s++)
    {
      char plane[64];
      snprintf (plane, sizeof plane, "mint_pn - %d", s * t->p->lag);
      fprintf (out, "%sif (", indent);
      put_z_range (out, t, plane, 1);
      fputs (")\n", out);
      fprintf (out, "%s  {\n%s    const bool mint_space_z = ", indent, indent);
      put_z_range (out, t, plane, 0);
      fputs (";\n", out);
      for (int r = 0; r < t->p->cells; r++)
        {
          char box[64], space[64];
          fprintf (out, "%s    if (%s && !(%s && mint_space_z))\n%s      "
                   "mint_copy_async (&", indent,
                   cell_test (t, "box", r, box, sizeof box),
                   cell_test (t, "space", r, space, sizeof space), indent);
          put_reload_cell (out, t, s, plane, r);
          if (s % 2)
            fprintf (out, ", mint_bk + %d * mint_bz + %d * mint_by);\n",
                     (t->p->steps - s) * t->p->lag + b_lag, r);
          else
            fprintf (out, ", mint_ak - %d * mint_az + %d * mint_ay);\n",
                     s * t->p->lag + 1, r);
        }
      fprintf (out, "%s  }\n", indent);
    }
}

/* "if (the thread's cell R at mint_pk is stored)".  */
static void
put_kept_test (FILE *out, const struct temporal *t, int r)
{
  char keep[64];
  fprintf (out, "            if (%s && mint_pk >= mint_Z0 && mint_pk < "
           "mint_Z1)\n", cell_test (t, "keep", r, keep, sizeof keep));
}

/* The last stage's store of the thread's cell R where it is stored,
   without its value: "if (...)\n  PTR[R * STRIDE] = ".  */
static void
put_kept_store (FILE *out, const struct temporal *t, int r)
{
  put_kept_test (out, t, r);
  fputs ("              ", out);
  put_last_store (out, t, r);
}

/* Stage t->k > 0 at row t->row: the last stage stores its kept points into
   B; the others compute their value into mint_vROW, or, outside the space
   (in a walk that tests cells), take the array's: from A (even steps) or
   B (odd), or where the two are the same in the block's cells
   (put_shell_check), stage k - 1's value passed on.  A body that reads no
   array but A (from registers and the ring) runs at every cell, and the
   value is replaced outside the space: no branch around it, which is
   faster (bench/results/HISTORY-codegen.md).  One that reads other arrays
   runs only in the space.  In the walk of a block
   inside in x and y (WALK_INSIDE_XY) only the plane is tested, the same
   for every thread (its first and last iterations compute planes beyond
   the space, whose cells no stored point needs); in that of one inside in
   z too (WALK_INSIDE, only for a body that reads no other array, which
   could lie beyond the planes allocated there) nothing.  */
static void
put_stage_row (FILE *out, const struct kir_kernel *k, struct temporal *t)
{
  int r = t->row, s = t->k, anywhere = t->p->anywhere;
  if (s == t->p->steps || t->edge == WALK_INSIDE)
    {
      bool kept_test = s == t->p->steps && !anywhere;
      if (kept_test)
        put_kept_test (out, t, r);
      put_stage_body (out, k, t, kept_test);
      return;
    }
  char space[128], cell[64];
  if (t->edge == WALK_INSIDE_XY)
    snprintf (space, sizeof space, "mint_space_z");
  else
    snprintf (space, sizeof space, "%s && mint_space_z",
              cell_test (t, "space", r, cell, sizeof cell));
  if (!anywhere)
    fprintf (out, "            if (%s)\n", space);
  put_stage_body (out, k, t, !anywhere);
  if (anywhere)
    fprintf (out, "            if (!(%s))\n", space);
  else
    fputs ("            else\n", out);
  fprintf (out, "              mint_v%d = ", r);
  if (t->edge == WALK_RELOAD)
    {
      fprintf (out, "%s && mint_box_z\n                ? ",
               cell_test (t, "box", r, cell, sizeof cell));
      put_reload_cell (out, t, s, "mint_pk", r);
      fputs (" : ", out);
    }
  fprintf (out, "mint_q%d_%d_%d;\n", s - 1, r, t->p->lag);
}

/* Stage t->k of a launch of fewer steps (mint_steps): stage k - 1's
   values passed on, stored by the last stage.  */
static void
put_stage_pass (FILE *out, const struct temporal *t)
{
  int s = t->k;
  for (int r = 0; r < t->p->cells; r++)
    {
      if (s == t->p->steps && !t->p->anywhere)
        put_kept_store (out, t, r);
      else
        fprintf (out, "            mint_v%d = ", r);
      fprintf (out, "mint_q%d_%d_%d;\n", s - 1, r, t->p->lag);
    }
}

/* Stage S's value of row R, PREFIX<R>, as its newest (mint_fS_R) and into
   its ring slot of the iteration.  */
static void
put_keep_value (FILE *out, const struct temporal *t, int s, int r,
                const char *prefix)
{
  fprintf (out, "            mint_f%d_%d = %s%d;\n"
           "            mint_ring[%d + mint_cell + %d] = %s%d;\n", s, r,
           prefix, r, (s * t->p->slots + slot_of (t, 0)) * tile_cells (t),
           r * t->p->threads[0], prefix, r);
}

/* After stage t->k: stage t->k - 1's registers age by an iteration; the
   stage's own values become its newest and go into its ring slot of the
   iteration, unless it is the last, which stores them and moves to the
   next plane of B.  */
static void
put_stage_keep (FILE *out, const struct temporal *t)
{
  int s = t->k;
  for (int r = 0; r < t->p->cells; r++)
    {
      fputs ("            ", out);
      for (int a = t->p->ages; a > 1; a--)
        fprintf (out, "mint_q%d_%d_%d = mint_q%d_%d_%d; ", s - 1, r, a, s - 1,
                 r, a - 1);
      fprintf (out, "mint_q%d_%d_1 = mint_f%d_%d;\n", s - 1, r, s - 1, r);
      if (s == t->p->steps && t->p->anywhere)
        {
          put_kept_store (out, t, r);
          fprintf (out, "mint_v%d;\n", r);
        }
      if (s < t->p->steps)
        put_keep_value (out, t, s, r, "mint_v");
    }
  if (s == t->p->steps)
    fprintf (out, "            mint_bk += mint_bz;%s\n",
             t->p->closing ? " mint_sk += mint_az;" : "");
}

/* Iteration mint_it + t->phase of the walk: stage 0 takes plane mint_p0,
   loaded an iteration before, and loads the next; the stages compute
   theirs from 1 up to S, each L planes behind the one before.  The
   stages after the FEWEST compute only in a launch of as many steps
   (mint_steps, the same for every thread); in one of fewer they pass
   the last step's values on to the store.  */
static void
put_plane (FILE *out, const struct kir_kernel *k, struct temporal *t)
{
  const char *elem = kir_type_cuda (k->arrays[t->p->b].elem);
  int s = t->p->steps;
  fprintf (out, "        {\n          const int mint_p0 = mint_Z0 - %d "
           "+ mint_it + %d;\n          const int mint_pn = mint_p0 + 1;"
           "\n", s * t->p->zr, t->phase);
  if (t->edge == WALK_RELOAD)
    fputs ("          mint_copies_wait ();\n", out);
  for (int r = 0; r < t->p->cells; r++)
    put_keep_value (out, t, 0, r, "mint_n");
  put_loads (out, k, t, "          ");
  for (int j = 0; j < t->p->ncoefs; j++)
    {
      put_coef_stores (out, t, &t->p->coefs[j], "mint_p0", "          ");
      put_coef_loads (out, k, t, &t->p->coefs[j], "mint_pn", "          ");
    }
  if (t->edge == WALK_RELOAD)
    put_reload_copies (out, t, "          ", 1);
  for (t->k = 1; t->k <= s; t->k++)
    {
      fprintf (out, "          {\n            const int mint_pk = "
               "mint_p0 - %d;\n            [[maybe_unused]] const bool "
               "mint_space_z = ", t->k * t->p->lag);
      put_z_range (out, t, "mint_pk", 0);
      fputs (";\n            [[maybe_unused]] const bool mint_box_z = ", out);
      put_z_range (out, t, "mint_pk", 1);
      fputs (";\n", out);
      if (t->k < s || t->p->anywhere)
        {
          fprintf (out, "            %s", elem);
          for (int r = 0; r < t->p->cells; r++)
            fprintf (out, "%s mint_v%d", r ? "," : "", r);
          fputs (";\n", out);
        }
      bool passes = t->k > t->p->fewest;
      if (passes)
        fprintf (out, "            if (mint_steps >= %d)\n            {\n",
                 t->k);
      for (t->row = 0; t->row < t->p->cells; t->row++)
        put_stage_row (out, k, t);
      if (passes)
        {
          fputs ("            }\n            else\n            {\n", out);
          put_stage_pass (out, t);
          fputs ("            }\n", out);
        }
      put_stage_keep (out, t);
      fputs ("          }\n", out);
    }
  fputs ("          __syncthreads ();\n        }\n", out);
}

/* The walk T->edge (enum walk).  Stage S's last plane is made S (ZR + L)
   iterations after stage 0 loads it; the count rounded up to whole
   unrolled rounds (the extra iterations load and store nothing).  */
static void
put_walk (FILE *out, const struct kir_kernel *k, struct temporal *t)
{
  put_walk_state (out, k, t);
  fprintf (out, "      {\n        const int mint_pn = mint_Z0 - %d;\n",
           t->p->steps * t->p->zr);
  put_loads (out, k, t, "        ");
  put_coef_prefill (out, k, t, "mint_pn");
  if (t->edge == WALK_RELOAD)
    put_reload_copies (out, t, "        ", 0);
  fprintf (out, "      }\n      for (int mint_it = 0; mint_it < "
           "mint_Z1 - mint_Z0 + %d; mint_it += %d)\n        {\n",
           t->p->steps * (t->p->zr + t->p->lag), t->p->slots);
  for (t->phase = 0; t->phase < t->p->slots; t->phase++)
    put_plane (out, k, t);
  fputs ("        }\n", out);
}

/* The condition of walk T->edge in the variant (put_walks).  */
static const char *
walk_head (const struct temporal *t)
{
  if (t->edge == WALK_INSIDE)
    return "if (mint_inside)";
  if (t->edge == WALK_INSIDE_XY)
    return t->p->anywhere ? "else if (mint_inside_xy && mint_same_shell)"
                       : "if (mint_inside || (mint_inside_xy && "
                         "mint_same_shell))";
  return "else if (mint_same_shell)";
}

/* The variant's walks that pass the values outside the space on, or
   have none: the blocks that reload run in the second kernel
   (put_reload_kernel).  The walks are printed in place rather than as
   instances of a lambda, which nvcc called with its captures on the
   stack (2.3 KB a thread).  */
static void
put_walks (FILE *out, const struct kir_kernel *k, struct temporal *t)
{
  for (t->edge = t->p->anywhere ? WALK_INSIDE : WALK_INSIDE_XY;
       t->edge <= WALK_SAME_SHELL; t->edge++)
    {
      fprintf (out, "  %s\n    {\n", walk_head (t));
      put_walk (out, k, t);
      fputs ("    }\n", out);
    }
}

/* mint_seen |= A and B differ at cell (X, Y, P) of the pipeline.  */
static void
put_shell_compare (FILE *out, const struct kir_kernel *k,
                   const struct temporal *t, const char *x, const char *y,
                   const char *p, const char *indent)
{
  const char *point[KIR_MAX_DIMS];
  pipeline_point (t, x, y, p, point);
  fprintf (out, "%smint_seen |= !mint_same_bits (", indent);
  cuda_put_tiled_element (out, k, &t->p->ta, point);
  fputs (", ", out);
  cuda_put_tiled_element (out, k, &t->p->tb, point);
  fputs (");\n", out);
}

/* The cells outside the space in x and y, lines of the box's faces (x =
   -1 .. -halo, x = n_x .. n_x + halo - 1, the same in y, where A's halo
   reaches them) that cross the block's tile, over planes [mint_zlo,
   mint_zhi): the block's threads take them in turn (the cells of a line
   in x are a row apart: one thread's loop over its own would wait for
   each).  */
static void
put_line_check (FILE *out, const struct kir_kernel *k,
                const struct temporal *t)
{
  char cx[1024] = "", cy[1024] = "";
  int lines = 0, line = 0;
  const int *hlo = t->p->hlo, *hhi = t->p->hhi;
  for (int d = 0; d < 2; d++)
    for (int side = 0; side < 2; side++)
      for (int dist = 1; dist <= (side ? hhi[d] : hlo[d]); dist++)
        {
          char face[64], *own = d ? cy : cx, *other = d ? cx : cy;
          if (side && dist == 1)
            snprintf (face, sizeof face, "%s", plane_extent[d]);
          else if (side)
            snprintf (face, sizeof face, "%s + %dLL", plane_extent[d],
                      dist - 1);
          else
            snprintf (face, sizeof face, "-%dLL", dist);
          size_t o = strlen (own), q = strlen (other);
          snprintf (own + o, sizeof cx - o, "mint_line == %d ? %s : ",
                    lines, face);
          snprintf (other + q, sizeof cx - q, "mint_line == %d ? mint_t%c "
                    "+ mint_at : ", lines, axis[1 - d]);
          lines++;
          /* A line in x crosses the tile's rows, one in y its columns.  */
          int cells = d ? t->p->width : t->p->rows;
          line = cells > line ? cells : line;
        }
  if (lines == 0)
    return;
  fprintf (out, "      const int mint_span = %d * (int) "
           "(mint_zhi - mint_zlo);\n#pragma unroll 4\n      for (int mint_c "
           "= mint_j * %d + mint_i; mint_c < %d * mint_span; mint_c += %d)\n"
           "        {\n          const int mint_line = mint_c / mint_span, "
           "mint_at = mint_c %% %d;\n          const long long mint_cp = "
           "mint_zlo + mint_c %% mint_span / %d;\n",
           line, t->p->threads[0], lines,
           t->p->threads[0] * t->p->threads[1], line, line);
  /* The chains of choices end in 0, which no line takes.  */
  fprintf (out, "          const long long mint_cx = %s0, mint_cy = %s0;\n",
           cx, cy);
  fprintf (out, "          if (mint_cx >= mint_tx && mint_cx < mint_tx + %d "
           "&& mint_cy >= mint_ty && mint_cy < mint_ty + %d\n"
           "              && mint_cx >= -%d && mint_cx < mint_n_x + %d && "
           "mint_cy >= -%d && mint_cy < mint_ny + %d)\n", t->p->width,
           t->p->rows, hlo[0], hhi[0], hlo[1], hhi[1]);
  put_shell_compare (out, k, t, "mint_cx", "mint_cy", "mint_cp",
                     "            ");
  fputs ("        }\n", out);
}

/* Whether A and B hold the same values in every cell outside the space
   that the block's walk could reload (the cells of its tile, the planes
   of its chunk grown by the pipeline's depth, within A's box): then the
   walk passes stage 0's values on instead, which is faster than
   reloading them.  The block checks at
   its first launch of each run of steps (mint_run, from libmintrt, which
   keeps the answer per block in mint_tiles: the kernel writes neither
   array outside the space, so the answer holds for every batch of the
   run).  */
static void
put_shell_check (FILE *out, const struct kir_kernel *k,
                 const struct temporal *t)
{
  fputs ("  const unsigned long long mint_known = mint_inside ? 0 : "
         "*mint_tile;\n  bool mint_same_shell = mint_known & 1;\n"
         "  if (!mint_inside && mint_known >> 1 != mint_run)\n    {\n"
         "      bool mint_seen = false;\n", out);
  /* The planes the stages compute: from S ZR + (S - 1) L below the
     chunk to (S - 1) L + the unrolled round's extra above it.  */
  fprintf (out, "      const long long mint_zlo = mint_max (mint_Z0 - %dLL, "
           "-%dLL);\n      const long long mint_zhi = mint_min (mint_Z1 + "
           "%dLL, mint_nw + %dLL);\n", t->p->steps * (t->p->zr + t->p->lag),
           t->p->hlo[2], t->p->steps * t->p->lag + t->p->slots,
           t->p->hhi[2]);
  put_line_check (out, k, t);
  /* The planes outside the space in z, every cell of the tile.  */
  for (int r = 0; r < t->p->cells; r++)
    {
      char x[32], y[32], box[64];
      cell_point (t, r, true, x, y, sizeof x);
      fprintf (out, "      if (%s)\n        {\n",
               cell_test (t, "box", r, box, sizeof box));
      for (int side = 0; side < 2; side++)
        {
          fprintf (out, "          for (long long mint_p = %s; mint_p < %s; "
                   "mint_p++)\n", side ? "mint_max (mint_zlo, mint_nw)"
                   : "mint_zlo", side ? "mint_zhi"
                   : "mint_min (mint_zhi, 0LL)");
          put_shell_compare (out, k, t, x, y, "mint_p",
                             "            ");
        }
      fputs ("        }\n", out);
    }
  fputs ("      mint_same_shell = !__syncthreads_or (mint_seen);\n"
         "      if (mint_i == 0 && mint_j == 0)\n"
         "        *mint_tile = mint_run << 1 | mint_same_shell;\n"
         "    }\n", out);
}

/* The second kernel (MINT_TEMPORAL_RELOAD_SUFFIX), launched after the
   variant with the same grid: the blocks whose word (put_shell_check)
   says A and B differ outside the space walk with reloads.  In the
   variant's function, such a walk costs the others registers, and as a
   lambda not inlined it copies what it reads
   (bench/results/HISTORY-codegen.md).  */
static void
put_reload_kernel (FILE *out, const struct kir_kernel *k, struct temporal *t)
{
  put_setup (out, k, t);
  fputs ("  if (mint_inside || (*mint_tile & 1))\n    return;\n", out);
  t->edge = WALK_RELOAD;
  put_walk (out, k, t);
}

/* Kernel NAME SUFFIX, K's variant (T) with WHY for its note, printed by
   PUT_BODY, MINT_CHUNKED_SUFFIX appended in the chunked form.  */
static void
put_temporal_kernel (FILE *out, const struct kir_kernel *k, struct temporal *t,
                     const char *suffix, const char *why,
                     void (*put_body) (FILE *, const struct kir_kernel *,
                                       struct temporal *))
{
  struct kir_kernel variant = *k;
  const char *form = t->chunked ? MINT_CHUNKED_SUFFIX : "";
  size_t n = strlen (k->name) + strlen (suffix) + strlen (form) + 1;
  char *name = mint_xmalloc (n);
  snprintf (name, n, "%s%s%s", k->name, suffix, form);
  variant.name = name;
  char params[256];
  snprintf (params, sizeof params, "%s%s%s%s", MINT_TEMPORAL_PARAMS,
            t->p->closing ? ", " : "",
            t->p->closing ? kir_type_cuda (k->arrays[t->p->a].elem) : "",
            t->p->closing ? " *__restrict__ mint_scratch" : "");
  cuda_put_kernel_head (out, &variant, 4, t->p->threads[0] * t->p->threads[1],
                        t->p->min_blocks, why, NULL, false, params);
  cuda_put_head_locals (out, &variant, 4);
  put_body (out, k, t);
  fputs ("}\n\n", out);
  free (name);
}

/* The variant: the set-up, the check of the cells outside the space, the
   walks.  */
static void
put_variant (FILE *out, const struct kir_kernel *k, struct temporal *t)
{
  put_setup (out, k, t);
  put_shell_check (out, k, t);
  put_walks (out, k, t);
}

/* K's variant T (SUFFIX) and its second kernel (RELOAD), chunked and,
   where CONSTANT, also with a constant chunk.  */
static void
put_level4_kernels (FILE *out, const struct kir_kernel *k, struct temporal *t,
                    bool constant, const char *suffix, const char *reload,
                    const char *why)
{
  for (int chunked = !constant; chunked < 2; chunked++)
    {
      t->chunked = chunked;
      put_temporal_kernel (out, k, t, suffix, why, put_variant);
      put_temporal_kernel (out, k, t, reload, why, put_reload_kernel);
    }
}

/* ---- the interface ---------------------------------------------------- */

/* nvcc compiles a 3-D walk of planes with a constant chunk into faster
   code than a chunked one (bench/results/optimizer-notes.md, round 81);
   a 2-D walk of rows is as fast either way, and libmintrt launches the
   chunked form alone for every grid.  */
bool
cuda_level4_constant_chunk (const struct level4_plan *p)
{
  return !MINT_LEVEL4_CHUNKED_ONLY (p->step.ndims);
}

/* The variants are compiled, as the tuner's candidates are
   (emit-kernel.c), only for MINT_CANDIDATE_ARCH and newer, the
   architecture whose model planned them: nvcc's time on the largest
   kernels of a unit goes to one architecture, and on an older GPU
   libmintrt runs the steps one launch each (temporal-launch.c).  */
void
cuda_put_level4 (FILE *out, const struct kir_kernel *k,
                 const struct level4_plan *p)
{
  if (!p->launch.steps)
    return;
  fputs ("#if !defined __CUDA_ARCH__ "
         "|| __CUDA_ARCH__ >= MINT_CANDIDATE_ARCH\n", out);
  struct temporal t = { &p->step, false, 0, 0, 0, 0 };
  bool constant = cuda_level4_constant_chunk (p);
  put_level4_kernels (out, k, &t, constant, MINT_TEMPORAL_SUFFIX,
                      MINT_TEMPORAL_RELOAD_SUFFIX, p->why);
  if (p->closes)
    {
      struct temporal closing = { &p->closing, false, 0, 0, 0, 0 };
      put_level4_kernels (out, k, &closing, constant, MINT_CLOSING_SUFFIX,
                          MINT_CLOSING_RELOAD_SUFFIX, p->why);
    }
  fputs ("#endif\n", out);
}
