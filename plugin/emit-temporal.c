/* emit-temporal.c -- level 4: several time steps per launch (temporal
   blocking).

   A program that repeats a nest with the arrays it reads and writes
   swapped after each step (`for (t...) { for-nest; swap }') runs
   TEMPORAL_STEPS (odd) of those steps in one launch of the variant
   NAME MINT_TEMPORAL_SUFFIX; libmintrt decides at run time which launches
   are such steps (mintrt.h).  The variant reads array A (the stencil's, the
   runtime's temporal_read) and writes array B (temporal_write): step 1
   reads A and writes B, step 2 reads B and writes A, ... step S (odd)
   writes B.  Only B is written: the runtime runs the step after the
   batch as an ordinary launch, which writes A's points, so A's
   intermediate values are never seen.

   The 2.5-D pipeline (bench/probe/temporal/heat7-temporal.cu is its
   hand-written model): a block of 32 x 16 threads owns a tile of 32 x 32
   cells, each thread RY = 2 consecutive rows of one column, that is its
   share of the space grown by S times the in-plane halo; it walks z over its
   chunk of TEMPORAL_WALK planes.  Stage 0 loads A; stage k = 1 .. S
   computes step k, k * (ZR + 1) planes behind stage 0 (ZR the z halo).
   Each stage before the last keeps its last R planes (R = 2 ZR + 1, one
   more where A is read beside the point ZR planes below) twice: the
   thread's own cells in registers, and the whole tile in a ring of R
   planes in shared memory for the neighbours in x and y.  Stage k reads
   what stage k - 1 made in earlier iterations only, so one barrier per
   plane suffices; the stages run from S down to 1, so that each reads its
   predecessor's registers before they are overwritten, and the walk is
   unrolled R times, so that every register and ring slot is named at
   compile time.  Stage S stores the middle of the tile into B.  A cell
   outside the iteration space keeps its array's value at every step
   (kernels write only the space): where A and B hold the same there, in
   the cells of the block, the stage passes stage 0's on, else it takes it
   from A (even steps) or B (odd), where it lies in the box the program
   reads; beyond that box no point inside needs it (put_shell_check).
   Measured on the H200 (heat7, 512^3, ms per step): this code 0.45 (0.52
   where A and B differ outside the space), the hand-written model 0.40,
   level 3 0.56.  */

#include "emit-cuda.h"
#include "emit-stencil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TEMPORAL_STEPS 3
#define TEMPORAL_THREADS_X 32   /* a warp: one row of the tile */
#define TEMPORAL_ROWS 32        /* rows of the tile */
#define TEMPORAL_THREAD_ROWS 2  /* RY: rows per thread */
#define TEMPORAL_WALK 64
/* After the nest's parameters (mintrt.h, MINT_TEMPORAL_SUFFIX): a word
   per block that libmintrt zeroes once, and the number of the run of
   steps, never 0 (put_shell_check).  */
#define MINT_TEMPORAL_PARAMS "unsigned long long *__restrict__ mint_tiles, " \
  "unsigned long long mint_run"
/* Shared memory a block may have, opted in, on the largest GPU (sm_90);
   libmintrt runs the steps one at a time where the device has less.  */
#define TEMPORAL_SHARED_MAX (227 * 1024)

static const char axis[] = "xyz";

struct temporal
{
  int a, b;                     /* read and written array */
  struct tiled ta, tb;          /* their subscripts and A's halo */
  const struct stencil_array *sa;       /* A's accesses */
  int zr;                       /* z halo */
  int ring;                     /* R: planes per stage on chip */
  int threads[2];               /* x, y */
  int min_blocks;               /* resident blocks for the launch bounds */
  int out[3];                   /* points per block: x, y, z */
  long shared;                  /* bytes of the rings */
  int k, row, phase;            /* what is being printed */
};

/* R: 2 ZR + 1 planes, one more where a stage reads A beside the point
   ZR planes below (that plane's ring slot is the one its predecessor is
   writing).  */
static int
ring_planes (const struct kir_kernel *k, const struct temporal *t)
{
  for (int i = 0; i < t->sa->noffsets; i++)
    {
      int o[KIR_MAX_DIMS];
      plan_dim_offsets (&k->arrays[t->a], t->sa, t->sa->offsets[i].offset, o);
      if ((o[0] != 0 || o[1] != 0) && o[2] == -t->zr)
        return 2 * t->zr + 2;
    }
  return 2 * t->zr + 1;
}

/* The block's shape: 32 x 16 threads of RY = 2 rows each.  Measured on
   the H200 (heat7, 512^3, ms per step): 2 rows at 64 registers (2 blocks
   of 512 per multiprocessor) 0.518; 4 rows at 128 registers 0.80 (ptxas
   spills), without a limit 1.14; 2 rows without a limit 0.85; 1 row 0.69.
   A ring of 4 planes needs more than 64 registers.  */
static void
temporal_shape (const struct kir_kernel *k, struct temporal *t)
{
  t->ring = ring_planes (k, t);
  t->min_blocks = t->ring == 3 ? 2 : 1;
  t->threads[0] = TEMPORAL_THREADS_X;
  t->threads[1] = TEMPORAL_ROWS / TEMPORAL_THREAD_ROWS;
  t->out[0] = TEMPORAL_THREADS_X
              - TEMPORAL_STEPS * (t->ta.hlo[0] + t->ta.hhi[0]);
  t->out[1] = TEMPORAL_ROWS - TEMPORAL_STEPS * (t->ta.hlo[1] + t->ta.hhi[1]);
  t->out[2] = TEMPORAL_WALK;
  t->shared = (long) TEMPORAL_STEPS * t->ring * TEMPORAL_THREADS_X
              * TEMPORAL_ROWS * (long) kir_type_size (k->arrays[t->b].elem);
}

/* Whether K's body branches (a condition, `?:', `&&').  */
static int
body_branches (const struct kir_kernel *k)
{
  for (int b = 0; b < k->nblocks; b++)
    if (k->blocks[b].term == KIR_BRANCH)
      return 1;
  return 0;
}

/* Why K has no temporal variant, into BUF; NULL when it has one (T).  */
static const char *
temporal_problem (const struct kir_kernel *k, const struct stencil_info *info,
                  struct temporal *t, char *buf, size_t len)
{
  memset (t, 0, sizeof *t);
  t->a = t->b = -1;
  if (k->ndims != 3)
    return "the nest is not 3-D";
  if (k->nreductions > 0)
    return "the nest has a reduction";
  if (info->nested_loops)
    return "the body has inner loops";
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
  if (b->flat && !info->arrays[t->b].regular)
    {
      snprintf (buf, len, "%s is written through a linearized subscript",
                kir_array_text (k, t->b));
      return buf;
    }
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
          || arr->rank != b->rank || arr->flat != b->flat
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
  struct plan p;
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
  /* The cost model: on sm_90 heat7's variant ran 0.45 ms per step against
     0.56 for level 3; the stencils that read another array too (poisson7,
     varcoef7), or A beside the point a plane below (a ring of 4 planes:
     poisson19, box27), ran slower than level 3
     (bench/results/optimizer-notes.md).  */
  if (!k->exact_level && (k->narrays > 2 || t->zr != 1 || t->ring != 3))
    return "the 3-step variant is measured faster than level 3 only where "
           "the nest reads no other array, and A one plane away in z and "
           "beside the point only in its own plane or the one above "
           "(-fplugin-arg-mint-exact-level uses it)";
  /* heat7 with a point source (x == cx && y == cy && z == cz ? s : 0):
     its stages spilled at 64 registers and ran as fast as level 3
     (bench/results/2026-11-23-NVIDIA-H200-round7.md).  */
  if (!k->exact_level && body_branches (k))
    return "the 3-step variant of a body with conditions is measured no "
           "faster than level 3 (-fplugin-arg-mint-exact-level uses it)";
  return NULL;
}

/* ---- printing ------------------------------------------------------------- */

/* The element of T's array at cell (mint_X, mint_Y0 + ROW) of plane
   PLANE.  */
static void
put_cell (FILE *out, const struct kir_kernel *k, const struct tiled *t,
          int row, const char *plane)
{
  char y[32];
  snprintf (y, sizeof y, "(mint_Y0 + %d)", row);
  const char *point[KIR_MAX_DIMS] = { "mint_X", y, plane };
  plan_put_element (out, k, t, point);
}

/* The ring slot, and register, of stage t->k - 1's plane DZ from the one
   stage t->k computes: made R - ZR - 1 + DZ iterations before.  */
static int
earlier_slot (const struct temporal *t, int dz)
{
  int slot = (t->phase - (t->zr + 1) + dz) % t->ring;
  return slot < 0 ? slot + t->ring : slot;
}

/* Stage t->k reads A from stage t->k - 1: the thread's own rows from
   registers, the rest from the ring (clamped to the tile at its edge,
   where the cells compute values no stored point needs).  */
static int
temporal_load (FILE *out, const struct kir_kernel *k,
               const struct kir_access *acc, const void *data)
{
  const struct temporal *t = data;
  (void) k;
  if (acc->array != t->a)
    return 0;
  int o[KIR_MAX_DIMS];
  plan_access_offsets (t->sa, acc, o);
  int slot = earlier_slot (t, o[2]), row = t->row + o[1];
  if (o[0] == 0 && row >= 0 && row < TEMPORAL_THREAD_ROWS)
    {
      fprintf (out, "mint_q%d_%d_%d", t->k - 1, row, slot);
      return 1;
    }
  fprintf (out, "mint_ring[%d + mint_cell", ((t->k - 1) * t->ring + slot)
           * TEMPORAL_THREADS_X * TEMPORAL_ROWS);
  if (row < 0)
    fputs (" + mint_below", out);
  else if (row < TEMPORAL_THREAD_ROWS)
    fprintf (out, " + %d", row * TEMPORAL_THREADS_X);
  else
    fprintf (out, " + %d + mint_above",
             (TEMPORAL_THREAD_ROWS - 1) * TEMPORAL_THREADS_X);
  fputs (o[0] < 0 ? " + mint_left]" : o[0] > 0 ? " + mint_right]" : "]",
         out);
  return 1;
}

/* Stages before the last keep B's value on chip.  */
static int
temporal_store (FILE *out, const struct kir_kernel *k,
                const struct kir_access *acc, const struct kir_operand *value,
                const void *data)
{
  const struct temporal *t = data;
  if (acc->array != t->b || t->k == TEMPORAL_STEPS)
    return 0;
  fputs ("mint_v = ", out);
  cuda_put_operand (out, k, value);
  return 1;
}

/* The body of stage t->k at row t->row of plane mint_pk.  */
static void
put_stage_body (FILE *out, const struct kir_kernel *k, struct temporal *t)
{
  char y[32];
  snprintf (y, sizeof y, "mint_Y0 + %d", t->row);
  const char *at[KIR_MAX_DIMS] = { "mint_X", y, "mint_pk" };
  fputs ("          [&]\n            {\n", out);
  for (int d = 0; d < k->ndims; d++)
    {
      const struct kir_local *iv = &k->locals[k->dims[d].iv];
      fputs ("              ", out);
      cuda_put_name (out, iv->name);
      fprintf (out, " = (%s) (mint_lo_%c + %s);\n",
               kir_type_cuda (iv->type), axis[d], at[d]);
    }
  struct cuda_access_hook hook = { temporal_load, temporal_store, t };
  fputs ("              do\n                {\n", out);
  cuda_put_body (out, k, &hook, "                  ");
  fputs ("                }\n              while (0);\n            } ();\n",
         out);
}

static void
put_setup (FILE *out, const struct kir_kernel *k, const struct temporal *t)
{
  const char *elem = kir_type_cuda (k->arrays[t->b].elem);
  int tx = t->threads[0], ty = t->threads[1], s = TEMPORAL_STEPS;
  int ry = TEMPORAL_THREAD_ROWS;
  fprintf (out, "  MINT_DYNAMIC_SHARED (mint_dynamic_shared);\n"
           "  %s *const mint_ring = (%s *) mint_dynamic_shared;\n", elem,
           elem);
  fprintf (out, "  const int mint_i = threadIdx.x, mint_j = threadIdx.y;\n"
           "  const long long mint_X = (long long) blockIdx.x * %d + mint_i "
           "- %d;\n  const long long mint_Y0 = (long long) blockIdx.y * %d + "
           "mint_j * %d - %d;\n", t->out[0], s * t->ta.hlo[0], t->out[1],
           ry, s * t->ta.hlo[1]);
  fprintf (out, "  const long long mint_Z0 = (long long) blockIdx.z * %d;\n"
           "  const long long mint_Z1 = mint_min (mint_Z0 + %d, mint_n_z);\n",
           t->out[2], t->out[2]);
  fprintf (out, "  const int mint_cell = mint_j * %d + mint_i;\n"
           "  const int mint_left = mint_i > 0 ? -1 : 0, mint_right = mint_i "
           "< %d ? 1 : 0;\n  const int mint_below = mint_j > 0 ? -%d : 0, "
           "mint_above = mint_j < %d ? %d : 0;\n", ry * tx, tx - 1, tx, ty - 1,
           tx);
  fputs ("  const bool mint_space_x = mint_X >= 0 && mint_X < mint_n_x;\n",
         out);
  fprintf (out, "  const bool mint_box_x = mint_X >= -%d && mint_X < mint_n_x "
           "+ %d;\n  const bool mint_keep_x = mint_space_x && mint_i >= %d && "
           "mint_i < %d;\n", t->ta.hlo[0], t->ta.hhi[0], s * t->ta.hlo[0],
           tx - s * t->ta.hhi[0]);
  for (int r = 0; r < ry; r++)
    fprintf (out, "  const bool mint_space_y%d = mint_Y0 + %d >= 0 && mint_Y0 "
             "+ %d < mint_n_y;\n  const bool mint_box_y%d = mint_Y0 + %d >= "
             "-%d && mint_Y0 + %d < mint_n_y + %d;\n  const bool mint_keep_y%d "
             "= mint_space_y%d && mint_j * %d + %d >= %d && mint_j * %d + %d "
             "< %d;\n", r, r, r, r, r, t->ta.hlo[1], r, t->ta.hhi[1], r, r,
             ry, r, s * t->ta.hlo[1], ry, r, TEMPORAL_ROWS - s * t->ta.hhi[1]);
  for (int st = 0; st < s; st++)
    for (int r = 0; r < ry; r++)
      for (int q = 0; q < t->ring; q++)
        fprintf (out, "  %s mint_q%d_%d_%d = 0;\n", elem, st, r, q);
}

/* "mint_pk in the box of A in z" / "in the space".  */
static void
put_z_range (FILE *out, const struct temporal *t, const char *plane, int box)
{
  if (box)
    fprintf (out, "%s >= -%d && %s < mint_n_z + %d", plane, t->ta.hlo[2],
             plane, t->ta.hhi[2]);
  else
    fprintf (out, "%s >= 0 && %s < mint_n_z", plane, plane);
}

/* Stage t->k > 0 at row t->row: the last stage stores its kept points into
   B; the others keep their value, computed or, outside the space, the
   array's, in ring slot t->phase and its register: from A (even steps) or
   B (odd), or where the two are the same in the block's cells
   (put_shell_check), stage 0's value passed on.  A body that reads no
   array but A (from registers and the ring) runs at every cell, and the
   value is replaced outside the space: no branch around it (heat7 on the
   H200: 0.444 ms per step in the probe, 0.464 with the branch).  */
static void
put_stage_row (FILE *out, const struct kir_kernel *k, struct temporal *t)
{
  int r = t->row, s = t->k;
  if (s == TEMPORAL_STEPS)
    {
      fprintf (out, "        if (mint_keep_x && mint_keep_y%d && mint_pk >= "
               "mint_Z0 && mint_pk < mint_Z1)\n", r);
      put_stage_body (out, k, t);
      return;
    }
  const char *elem = kir_type_cuda (k->arrays[t->b].elem);
  char space[64];
  snprintf (space, sizeof space, "mint_space_x && mint_space_y%d && "
            "mint_space_z", r);
  int anywhere = k->narrays == 2;
  fprintf (out, "        {\n          %s mint_v;\n", elem);
  if (!anywhere)
    fprintf (out, "          if (%s)\n", space);
  put_stage_body (out, k, t);
  if (anywhere)
    fprintf (out, "          if (!(%s))\n", space);
  else
    fputs ("          else\n", out);
  fprintf (out, "            mint_v = !mint_same_shell && mint_box_x && "
           "mint_box_y%d && mint_box_z\n              ? ", r);
  put_cell (out, k, s % 2 ? &t->tb : &t->ta, r, "mint_pk");
  fprintf (out, " : mint_q%d_%d_%d;\n"
           "          mint_ring[%d + mint_cell + %d] = mint_v;\n"
           "          mint_q%d_%d_%d = mint_v;\n        }\n", s - 1, r,
           earlier_slot (t, 0),
           (s * t->ring + t->phase) * TEMPORAL_THREADS_X * TEMPORAL_ROWS,
           r * TEMPORAL_THREADS_X, s, r, t->phase);
}

/* Iteration mint_it + t->phase of the walk: stage 0 loads plane mint_p0,
   the stages compute theirs from S down to 1, stage 0 keeps its plane.  */
static void
put_plane (FILE *out, const struct kir_kernel *k, struct temporal *t)
{
  const char *elem = kir_type_cuda (k->arrays[t->b].elem);
  int s = TEMPORAL_STEPS, plane = TEMPORAL_THREADS_X * TEMPORAL_ROWS;
  fprintf (out, "    {\n      const long long mint_p0 = mint_Z0 - %d + mint_it "
           "+ %d;\n      const bool mint_load_z = mint_p0 < mint_Z1 + %d && ",
           s * t->zr, t->phase, s * t->zr);
  put_z_range (out, t, "mint_p0", 1);
  fputs (";\n", out);
  for (int r = 0; r < TEMPORAL_THREAD_ROWS; r++)
    {
      fprintf (out, "      const %s mint_l%d = mint_box_x && mint_box_y%d && "
               "mint_load_z ? ", elem, r, r);
      put_cell (out, k, &t->ta, r, "mint_p0");
      fputs (" : 0;\n", out);
    }
  for (t->k = s; t->k >= 1; t->k--)
    {
      fprintf (out, "      {\n        const long long mint_pk = mint_p0 - %d;"
               "\n        [[maybe_unused]] const bool mint_space_z = ",
               t->k * (t->zr + 1));
      put_z_range (out, t, "mint_pk", 0);
      fputs (";\n        [[maybe_unused]] const bool mint_box_z = ", out);
      put_z_range (out, t, "mint_pk", 1);
      fputs (";\n", out);
      for (t->row = 0; t->row < TEMPORAL_THREAD_ROWS; t->row++)
        put_stage_row (out, k, t);
      fputs ("      }\n", out);
    }
  for (int r = 0; r < TEMPORAL_THREAD_ROWS; r++)
    fprintf (out, "      mint_ring[%d + mint_cell + %d] = mint_l%d;\n"
             "      mint_q0_%d_%d = mint_l%d;\n", t->phase * plane,
             r * TEMPORAL_THREADS_X, r, r, t->phase, r);
  fputs ("      __syncthreads ();\n    }\n", out);
}

/* The walk: stage S's last plane is made S (2 ZR + 1) iterations after
   stage 0 loads it; the count rounded up to whole unrolled rounds (the
   extra iterations load and store nothing).  */
static void
put_walk (FILE *out, const struct kir_kernel *k, struct temporal *t)
{
  fprintf (out, "  for (long long mint_it = 0; mint_it < mint_Z1 - mint_Z0 "
           "+ %d; mint_it += %d)\n    {\n",
           TEMPORAL_STEPS * (2 * t->zr + 1), t->ring);
  for (t->phase = 0; t->phase < t->ring; t->phase++)
    put_plane (out, k, t);
  fputs ("    }\n", out);
}

/* mint_seen |= A and B differ at cell (X, Y, P).  */
static void
put_shell_compare (FILE *out, const struct kir_kernel *k,
                   const struct temporal *t, const char *x, const char *y,
                   const char *p, const char *indent)
{
  const char *point[KIR_MAX_DIMS] = { x, y, p };
  fprintf (out, "%smint_seen |= !mint_same_bits (", indent);
  plan_put_element (out, k, &t->ta, point);
  fputs (", ", out);
  plan_put_element (out, k, &t->tb, point);
  fputs (");\n", out);
}

/* The cells outside the space in x and y, lines of the box's faces (x =
   -1, x = n_x, y = -1, y = n_y where A's halo reaches them) that cross
   the block's tile, over planes [mint_zlo, mint_zhi): the block's threads
   take them in turn (the cells of a line in x are a row apart: one
   thread's loop over its own would wait for each).  */
static void
put_line_check (FILE *out, const struct kir_kernel *k,
                const struct temporal *t)
{
  char cx[512] = "", cy[512] = "";
  int lines = 0;
  for (int d = 0; d < 2; d++)
    for (int side = 0; side < 2; side++)
      if (side ? t->ta.hhi[d] : t->ta.hlo[d])
        {
          char face[64], *own = d ? cy : cx, *other = d ? cx : cy;
          snprintf (face, sizeof face, side ? "mint_n_%c" : "-1LL", axis[d]);
          size_t o = strlen (own), q = strlen (other);
          snprintf (own + o, sizeof cx - o, "mint_line == %d ? %s : ",
                    lines, face);
          snprintf (other + q, sizeof cx - q, "mint_line == %d ? mint_t%c "
                    "+ mint_at : ", lines, axis[1 - d]);
          lines++;
        }
  if (lines == 0)
    return;
  fprintf (out, "      const long long mint_tx = mint_X - mint_i, mint_ty = "
           "mint_Y0 - mint_j * %d;\n      const int mint_span = %d * (int) "
           "(mint_zhi - mint_zlo);\n#pragma unroll 4\n      for (int mint_c "
           "= mint_j * %d + mint_i; mint_c < %d * mint_span; mint_c += %d)\n"
           "        {\n          const int mint_line = mint_c / mint_span, "
           "mint_at = mint_c %% %d;\n          const long long mint_cp = "
           "mint_zlo + mint_c %% mint_span / %d;\n", TEMPORAL_THREAD_ROWS,
           TEMPORAL_THREADS_X, TEMPORAL_THREADS_X, lines,
           t->threads[0] * t->threads[1], TEMPORAL_THREADS_X,
           TEMPORAL_THREADS_X);
  /* The chains of choices end in 0, which no line takes.  */
  fprintf (out, "          const long long mint_cx = %s0, mint_cy = %s0;\n",
           cx, cy);
  fprintf (out, "          if (mint_cx >= mint_tx && mint_cx < mint_tx + %d "
           "&& mint_cy >= mint_ty && mint_cy < mint_ty + %d\n"
           "              && mint_cx >= -%d && mint_cx < mint_n_x + %d && "
           "mint_cy >= -%d && mint_cy < mint_n_y + %d)\n", TEMPORAL_THREADS_X,
           TEMPORAL_ROWS, t->ta.hlo[0], t->ta.hhi[0], t->ta.hlo[1],
           t->ta.hhi[1]);
  put_shell_compare (out, k, t, "mint_cx", "mint_cy", "mint_cp",
                     "            ");
  fputs ("        }\n", out);
}

/* Whether A and B hold the same values in every cell outside the space
   that the block's walk could reload (the cells of its tile, the planes
   of its chunk grown by the pipeline's depth, within A's box): then the
   walk passes stage 0's values on instead.  A reload is a global load in
   the middle of an iteration, which the barrier behind it makes every
   thread wait for: with them the blocks at the edges of the space took
   twice as long (heat7 on the H200: 0.518 ms per step; 0.457 without
   reloads).  The block checks at its first launch of each run of steps
   (mint_run, from libmintrt, which keeps the answer per block in
   mint_tiles: the kernel writes neither array outside the space, so the
   answer holds for every batch of the run).  */
static void
put_shell_check (FILE *out, const struct kir_kernel *k,
                 const struct temporal *t)
{
  fputs ("  unsigned long long *const mint_tile = mint_tiles + ((unsigned "
         "long long) blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + "
         "blockIdx.x;\n  const unsigned long long mint_known = *mint_tile;\n"
         "  bool mint_same_shell = mint_known & 1;\n"
         "  if (mint_known >> 1 != mint_run)\n    {\n"
         "      bool mint_seen = false;\n", out);
  fprintf (out, "      const long long mint_zlo = mint_max (mint_Z0 - %d, "
           "-%dLL);\n      const long long mint_zhi = mint_min (mint_Z1 + %d, "
           "mint_n_z + %dLL);\n", TEMPORAL_STEPS * (2 * t->zr + 1),
           t->ta.hlo[2], TEMPORAL_STEPS * (t->zr + 1) + t->ring, t->ta.hhi[2]);
  put_line_check (out, k, t);
  /* The planes outside the space in z, every cell of the tile.  */
  for (int r = 0; r < TEMPORAL_THREAD_ROWS; r++)
    {
      char y[32];
      snprintf (y, sizeof y, "(mint_Y0 + %d)", r);
      fprintf (out, "      if (mint_box_x && mint_box_y%d)\n        {\n", r);
      for (int side = 0; side < 2; side++)
        {
          fprintf (out, "          for (long long mint_p = %s; mint_p < %s; "
                   "mint_p++)\n", side ? "mint_max (mint_zlo, mint_n_z)"
                   : "mint_zlo", side ? "mint_zhi"
                   : "mint_min (mint_zhi, 0LL)");
          put_shell_compare (out, k, t, "mint_X", y, "mint_p",
                             "            ");
        }
      fputs ("        }\n", out);
    }
  fputs ("      mint_same_shell = !__syncthreads_or (mint_seen);\n"
         "      if (mint_i == 0 && mint_j == 0)\n"
         "        *mint_tile = mint_run << 1 | mint_same_shell;\n    }\n", out);
}

/* ---- the interface ---------------------------------------------------- */

int
cuda_emit_temporal (const struct kir_kernel *k, FILE *out,
                    struct cuda_temporal *info, char *why, size_t whylen)
{
  struct stencil_info sinfo;
  struct temporal t;
  char buf[256];
  memset (info, 0, sizeof *info);
  if (stencil_analyze (k, &sinfo) != 0)
    {
      snprintf (why, whylen, "out of memory in the stencil analysis");
      return 0;
    }
  const char *problem = temporal_problem (k, &sinfo, &t, buf, sizeof buf);
  if (problem)
    {
      snprintf (why, whylen, "no temporal blocking: %s", problem);
      stencil_info_free (&sinfo);
      return 0;
    }
  snprintf (why, whylen, "temporal blocking: %d steps per launch where the "
            "program repeats the nest with %s and %s swapped", TEMPORAL_STEPS,
            kir_array_text (k, t.a), kir_array_text (k, t.b));
  if (out)
    {
      struct kir_kernel variant = *k;
      size_t n = strlen (k->name) + sizeof MINT_TEMPORAL_SUFFIX;
      char *name = cuda_xmalloc (n);
      snprintf (name, n, "%s%s", k->name, MINT_TEMPORAL_SUFFIX);
      variant.name = name;
      cuda_put_kernel_head (out, &variant, 4, t.threads[0] * t.threads[1],
                            t.min_blocks, why, NULL, MINT_TEMPORAL_PARAMS);
      put_setup (out, k, &t);
      put_shell_check (out, k, &t);
      put_walk (out, k, &t);
      fputs ("}\n\n", out);
      free (name);
    }
  info->steps = TEMPORAL_STEPS;
  info->read = t.a;
  info->write = t.b;
  info->shared = (int) t.shared;
  for (int d = 0; d < 3; d++)
    {
      info->tile[d] = t.out[d];
      info->block[d] = d < 2 ? t.threads[d] : 1;
    }
  stencil_info_free (&sinfo);
  return 1;
}
