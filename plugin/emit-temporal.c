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

   A run of steps whose count leaves 2 after its batches ends in the
   closing variant (MINT_CLOSING_SUFFIX; for heat7's kind, heat7_kind),
   the same pipeline for S = 2, which stores step 2 into a buffer laid
   out as A (mint_scratch) that libmintrt then makes A's device copy (its
   cells outside the space hold A's).  B's points keep the step before
   the first: libmintrt rebuilds them from A's old copy only where
   something reads them before the nest's next step overwrites them.  On
   an H100 (heat7, 512^3) it ran 1.07 ms where the two ordinary launches
   it replaces ran 1.55, and 1.48 storing step 1 into B too.

   The 2.5-D pipeline (bench/probe/temporal/heat7-temporal.cu, heat7_lean,
   is its hand-written model): a block of 32 x 16 threads owns a tile of
   32 x 64 cells, each thread RY = 4 consecutive rows of one column, that
   is its share of the space grown by S times the in-plane halo; it walks
   z over its chunk of TEMPORAL_WALK planes (or fewer, equal chunks in
   the kernels' chunked form, MINT_CHUNKED_SUFFIX, which libmintrt
   launches where the GPU's waves of blocks are filled better that way:
   small grids).  Stage 0 loads A, one
   iteration ahead; stage k = 1 .. S computes step k, L planes behind
   stage k - 1 (temporal_depth), in that order within an iteration, so
   that stage k reads the plane stage k - 1 has just made from registers.
   Each stage before the last keeps its last ZR + L planes (ZR the z halo)
   twice: the thread's own cells in registers and the whole tile in a
   ring of planes in shared memory for the neighbours in x and y, which a
   stage reads an iteration after they were made, so one barrier per
   plane suffices; the walk is unrolled over the ring's slots, so that
   every slot is named at compile time.  Stage S stores
   the middle of the tile into B.  A cell outside the iteration space
   keeps its array's value at every step (kernels write only the space):
   where A and B hold the same there, in the cells of the block, the stage
   passes stage k - 1's on, else it takes it from A (even steps) or B
   (odd), copied into shared memory an iteration ahead, where it lies in
   the box the program reads (such blocks walk in a second kernel,
   launched after the variant); beyond that box no point inside needs it
   (put_shell_check).  A block whose cells all lie in the space in x and
   y runs a walk that tests only the plane; one inside in z too, none,
   where the body reads no other array (enum walk).  Measured on the H200
   (heat7, 512^3, ms per step): this code 0.315 over 300 steps (0.33
   before the walk without tests), the model 0.28, level 3 0.56; the walk
   of round 6 (stages from S down to 1, a lag of ZR + 1, 2 rows a thread,
   a test at every cell) 0.45 and its model 0.40.  */

#include "emit-temporal.h"
#include "emit-cuda.h"
#include "plan-level.h"
#include "poly.h"
#include "xalloc.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TEMPORAL_STEPS 3
#define TEMPORAL_THREADS_X 32   /* a warp: one row of the tile */
#define TEMPORAL_THREADS_Y 16
#define TEMPORAL_MIN_BLOCKS 1   /* one block of 512: 128 registers */
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

struct temporal
{
  int steps;                    /* S: TEMPORAL_STEPS, or 2 closing */
  bool closing;                 /* the closing variant (MINT_CLOSING_SUFFIX) */
  bool chunked;                 /* its blocks' chunk from the grid
                                   (MINT_CHUNKED_SUFFIX) */
  int a, b;                     /* read and written array */
  struct tiled ta, tb;          /* their subscripts and A's halo */
  const struct stencil_array *sa;       /* A's accesses */
  int zr;                       /* z halo */
  int lag;                      /* L: planes a stage is behind the last */
  int slots;                    /* planes of a stage's ring */
  int ages;                     /* planes of a stage in registers */
  int threads[2];               /* x, y */
  int ry;                       /* rows per thread */
  int rows;                     /* rows of the tile */
  int out[3];                   /* points per block: x, y, z */
  long shared;                  /* bytes of the rings and reloads */
  int k, row, phase;            /* what is being printed */
  int edge;                     /* the walk's tests (enum walk) */
  int anywhere;                 /* the body reads no array but A and B */
};

/* The lag L of a stage behind the one before, and its planes on chip.
   Stage k reads stage k - 1's plane DZ planes from its own L - DZ
   iterations after stage k - 1 made it: the thread's own cells from
   registers, where it may be this iteration's (L >= ZR; ages 1 .. ZR + L
   are kept); the cells beside the point from the ring, where the
   barrier makes them visible only an iteration later (L > DZ for every
   such read), so that the ring holds the planes of ages 1 .. L - DZ_min
   and the one being written.  heat7: L 1, 2 slots; poisson19: L 2, 4.
   (Registers named by iteration as well, so that none moves, walks
   unrolled over 6 iterations for heat7: ptxas spilled 128 bytes, 0.382
   ms per step against 0.344.)  */
static void
temporal_depth (const struct kir_kernel *k, struct temporal *t)
{
  int lo = 0, hi = 0;
  for (int i = 0; i < t->sa->noffsets; i++)
    {
      int o[KIR_MAX_DIMS];
      plan_dim_offsets (&k->arrays[t->a], t->sa, t->sa->offsets[i].offset, o);
      if (o[0] == 0 && o[1] == 0)
        continue;
      lo = o[2] < lo ? o[2] : lo;
      hi = o[2] > hi ? o[2] : hi;
    }
  t->lag = hi + 1 > t->zr ? hi + 1 : t->zr;
  t->slots = t->lag - lo + 1;
  t->ages = t->zr + t->lag;
}

/* The ring slot of the plane made AGE iterations before iteration
   t->phase of the round.  */
static int
slot_of (const struct temporal *t, int age)
{
  return ((t->phase - age) % t->slots + t->slots) % t->slots;
}

/* The block's shape: 32 x 16 threads of RY rows each, one block of 512
   per multiprocessor (at most 128 registers).  Measured on the H200 in
   the model (heat7, 512^3, ms per step): 4 rows 0.284, 2 rows at 64
   registers (2 blocks) 0.334, 64 x 8 threads of 4 rows 0.282.  Where a
   stage keeps more than two planes in registers, or reads another array,
   4 rows spill (ptxas: poisson19 248 bytes, box27 576, varcoef7 364;
   poisson7 none, its speed at 4 rows not measured): those get 2 rows.  */
static void
temporal_shape (const struct kir_kernel *k, struct temporal *t)
{
  temporal_depth (k, t);
  t->anywhere = k->narrays == 2;
  t->ry = t->ages <= 2 && t->anywhere ? 4 : 2;
  t->threads[0] = TEMPORAL_THREADS_X;
  t->threads[1] = TEMPORAL_THREADS_Y;
  t->rows = t->ry * TEMPORAL_THREADS_Y;
  t->out[0] = TEMPORAL_THREADS_X
              - t->steps * (t->ta.hlo[0] + t->ta.hhi[0]);
  t->out[1] = t->rows - t->steps * (t->ta.hlo[1] + t->ta.hhi[1]);
  t->out[2] = TEMPORAL_WALK;
  /* The rings, and the reloads' buffer (put_reload_copies): two planes
     for each stage but the last.  */
  t->shared = (long) (t->steps * t->slots + 2 * (t->steps - 1))
              * TEMPORAL_THREADS_X * t->rows
              * (long) kir_type_size (k->arrays[t->b].elem);
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

/* Whether K's variant T is heat7's kind: it reads no array but A and B,
   and A one plane away in z and beside the point only in its own plane.
   On sm_90 only those ran level 4 faster than level 3: heat7's variant
   ran 0.45 ms per step against 0.56 for level 3; the stencils that read
   another array too (poisson7, varcoef7), or A beside the point in other
   planes (a ring of 4 planes: poisson19, box27), ran slower than level 3
   (bench/results/optimizer-notes.md).  Their closing variants, too, ran
   slower than the two launches they replace (an H100, 512^3, 20-step
   blocks at -fplugin-arg-mint-exact-level: 0.4% to 1.9% more time a
   step), so only heat7's kind gets one.  */
static bool
heat7_kind (const struct kir_kernel *k, const struct temporal *t)
{
  return k->narrays == 2 && t->zr == 1 && t->slots == 2;
}

/* Why K has no temporal variant, into BUF; NULL when it has one (T).  */
static const char *
temporal_problem (const struct kir_kernel *k, const struct stencil_info *info,
                  struct temporal *t, char *buf, size_t len)
{
  memset (t, 0, sizeof *t);
  t->steps = TEMPORAL_STEPS;
  t->a = t->b = -1;
  if (k->ndims != 3)
    return "the nest is not 3-D";
  if (k->nreductions > 0)
    return "the nest has a reduction";
  if (info->nested_loops)
    return "the body has inner loops";
  if (k->nprivates > 0)
    return "the body declares an array";
  char *checked = mint_xmalloc ((size_t) k->narrays + 1);
  int nchecked = stencil_checked_arrays (k, checked);
  free (checked);
  if (nchecked > 0)
    return "an access under a condition may leave its array's copy, "
           "which each step checks";
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
  /* A: of B's shape and type, the one read at the most offsets.  */
  for (int a = 0; a < k->narrays; a++)
    {
      const struct stencil_array *s = &info->arrays[a];
      const struct kir_array *arr = &k->arrays[a];
      if (!s->read_only || !s->regular || arr->elem != b->elem
          || arr->rank != b->rank || !same_strides (arr, b)
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
  struct level_plan p;
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
  /* The cost model (heat7_kind).  */
  if (!k->exact_level && !heat7_kind (k, t))
    {
      const char *a = kir_array_text (k, t->a);
      snprintf (buf, len, "the 3-step variant is measured faster than "
                "level 3 only where the nest reads no array but %s, and %s "
                "one plane away in z and beside the point only in its own "
                "plane (-fplugin-arg-mint-exact-level uses it)", a, a);
      return buf;
    }
  /* heat7 with a point source (x == cx && y == cy && z == cz ? s : 0), a
     body with conditions, ran 0.360 ms per step against level 3's 0.560
     (bench/results/2026-11-23-NVIDIA-H200-round8.md; the walk of round 7
     spilled at 64 registers and ran as fast as level 3).  */
  return NULL;
}

/* ---- printing ----------------------------------------------------------- */

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
  if (acc->array != t->a)
    return 0;
  int o[KIR_MAX_DIMS];
  plan_access_offsets (t->sa, acc, o);
  int age = t->lag - o[2], row = t->row + o[1];
  if (o[0] == 0 && row >= 0 && row < t->ry)
    {
      if (age == 0)
        fprintf (out, "mint_f%d_%d", t->k - 1, row);
      else
        fprintf (out, "mint_q%d_%d_%d", t->k - 1, row, age);
      return 1;
    }
  fprintf (out, "mint_ring[%d + mint_cell", ((t->k - 1) * t->slots
                                              + slot_of (t, age))
           * TEMPORAL_THREADS_X * t->rows);
  if (row < 0)
    fputs (" + mint_below", out);
  else if (row < t->ry)
    fprintf (out, " + %d", row * TEMPORAL_THREADS_X);
  else
    fprintf (out, " + %d + mint_above",
             (t->ry - 1) * TEMPORAL_THREADS_X);
  fputs (o[0] < 0 ? " + mint_left]" : o[0] > 0 ? " + mint_right]" : "]",
         out);
  return 1;
}

/* "PTR[ROW * STRIDE] = ": the last stage's store of row ROW into B, or
   in the closing variant into the buffer laid out as A that becomes A's
   copy (mintrt.h, closing_tile).  */
static void
put_last_store (FILE *out, const struct temporal *t, int row)
{
  fprintf (out, t->closing ? "mint_sk[%d * mint_ay] = "
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
  if (acc->array != t->b)
    return 0;
  if (t->k == t->steps && !t->anywhere)
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
  char y[32];
  snprintf (y, sizeof y, "mint_Y0 + %d", t->row);
  const char *at[KIR_MAX_DIMS] = { "mint_X", y, "mint_pk" };
  fputs ("              [&]\n                {\n", out);
  for (int d = 0; d < k->ndims; d++)
    {
      const struct kir_local *iv = &k->locals[k->dims[d].iv];
      fputs ("                  ", out);
      cuda_put_name (out, iv->name);
      fprintf (out, " = (%s) (mint_lo_%c + %s);\n",
               kir_type_cuda (iv->type), axis[d], at[d]);
    }
  struct cuda_access_hook hook = { temporal_load, temporal_store, t };
  fputs ("                  do\n                    {\n", out);
  cuda_put_body (out, k, &hook, "                      ");
  fputs ("                    }\n                  while (0);\n"
         "                } ();\n", out);
  if (!guarded)
    fputs ("            }\n", out);
}

/* The thread's column of A at the plane stage 0 loads first (mint_ak) and
   of B at the one stage S computes first (mint_bk), and their strides in
   y and z: the walk advances the pointers a plane per iteration, so that
   a row is one sum away (heat7 on the H200: the products per access took
   twice the instructions of the arithmetic).  */
static void
put_pointers (FILE *out, const struct kir_kernel *k, const struct temporal *t)
{
  char first[2][64];
  snprintf (first[0], sizeof first[0], "mint_Z0 - %d",
            t->steps * t->zr);
  snprintf (first[1], sizeof first[1], "mint_Z0 - %d",
            t->steps * (t->zr + t->lag));
  const struct tiled *arrays[2] = { &t->ta, &t->tb };
  for (int i = 0; i < 2; i++)
    {
      const char *at[KIR_MAX_DIMS] = { "mint_X", "mint_Y0", first[i] };
      char c = i ? 'b' : 'a';
      fprintf (out, "  %s%s *mint_%ck = ", i ? "" : "const ",
               kir_type_cuda (k->arrays[arrays[i]->array].elem), c);
      cuda_put_address (out, k, arrays[i], at);
      /* The closing variant stores no row of B (put_stage_keep).  */
      fprintf (out, ";\n  %sconst long long mint_%cy = ",
               i && t->closing ? "[[maybe_unused]] " : "", c);
      cuda_put_stride (out, k, arrays[i], 1);
      fprintf (out, ", mint_%cz = ", c);
      cuda_put_stride (out, k, arrays[i], 2);
      fputs (";\n", out);
    }
  if (!t->closing)
    return;
  /* The scratch's column at mint_bk's plane, by A's strides.  */
  const char *at[KIR_MAX_DIMS] = { "mint_X", "mint_Y0", first[1] };
  fprintf (out, "  %s *mint_sk = mint_scratch + (",
           kir_type_cuda (k->arrays[t->a].elem));
  cuda_put_address (out, k, &t->ta, at);
  fputs (" - ", out);
  cuda_put_name (out, k->arrays[t->a].name);
  fputs (");\n", out);
}

/* The rings: the block's dynamic shared memory.  */
static void
put_ring (FILE *out, const struct kir_kernel *k, const struct temporal *t)
{
  const char *elem = kir_type_cuda (k->arrays[t->b].elem);
  fprintf (out, "  MINT_DYNAMIC_SHARED (mint_dynamic_shared);\n"
           "  %s *const mint_ring = (%s *) mint_dynamic_shared;\n", elem,
           elem);
}

static void
put_setup (FILE *out, const struct kir_kernel *k, const struct temporal *t)
{
  int tx = t->threads[0], ty = t->threads[1], s = t->steps;
  int ry = t->ry;
  put_ring (out, k, t);
  fprintf (out, "  const int mint_i = threadIdx.x, mint_j = threadIdx.y;\n"
           "  const long long mint_X = (long long) blockIdx.x * %d + mint_i "
           "- %d;\n  const long long mint_Y0 = (long long) blockIdx.y * %d + "
           "mint_j * %d - %d;\n", t->out[0], s * t->ta.hlo[0], t->out[1],
           ry, s * t->ta.hlo[1]);
  /* Planes are ints: libmintrt launches at most 65535 blocks of at most
     TEMPORAL_WALK planes in z.  The chunked form's blocks walk equal
     chunks, as many as libmintrt chose (mintrt_level4_chunks); the
     other's chunk is a constant, which made heat7 1.5% faster at 512^3
     on an H100.  */
  fputs ("  const int mint_nz = (int) mint_n_z;\n", out);
  if (t->chunked)
    fputs ("  const int mint_chunk = (mint_nz + (int) gridDim.z - 1) / (int) "
           "gridDim.z;\n", out);
  else
    fprintf (out, "  const int mint_chunk = %d;\n", t->out[2]);
  fputs ("  const int mint_Z0 = (int) blockIdx.z * mint_chunk;\n"
         "  const int mint_Z1 = mint_min (mint_Z0 + mint_chunk, mint_nz);\n",
         out);
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
             "-%d && mint_Y0 + %d < mint_n_y + %d;\n  const bool "
             "mint_keep_y%d = mint_space_y%d && mint_j * %d + %d >= %d && "
             "mint_j * %d + %d < %d;\n", r, r, r, r, r, t->ta.hlo[1], r,
             t->ta.hhi[1], r, r, ry, r, s * t->ta.hlo[1], ry, r,
             t->rows - s * t->ta.hhi[1]);
  /* The tile's corner; the stages compute planes Z0 - (S - k) ZR ..
     Z1 - 1 + (S - k) ZR that a stored point needs.  */
  fprintf (out, "  const long long mint_tx = mint_X - mint_i, "
           "mint_ty = mint_Y0 - mint_j * %d;\n  const bool mint_inside_xy = "
           "mint_tx >= 0 && mint_tx + %d <= mint_n_x\n    && mint_ty >= 0 && "
           "mint_ty + %d <= mint_n_y;\n  const bool mint_inside = "
           "mint_inside_xy && mint_Z0 - %d >= 0 && mint_Z1 + %d <= "
           "mint_nz;\n", ry, tx, t->rows,
           (s - 1) * t->zr, (s - 1) * t->zr);
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
  const char *elem = kir_type_cuda (k->arrays[t->b].elem);
  put_pointers (out, k, t);
  for (int st = 0; st < t->steps; st++)
    for (int r = 0; r < t->ry; r++)
      {
        fprintf (out, "  %s mint_f%d_%d = 0", elem, st, r);
        for (int a = 1; a <= t->ages; a++)
          fprintf (out, ", mint_q%d_%d_%d = 0", st, r, a);
        fputs (";\n", out);
      }
  for (int r = 0; r < t->ry; r++)
    fprintf (out, "  %s mint_n%d = 0;\n", elem, r);
}

/* "PLANE in the box of A in z" / "in the space".  */
static void
put_z_range (FILE *out, const struct temporal *t, const char *plane, int box)
{
  if (box)
    fprintf (out, "%s >= -%d && %s < mint_nz + %d", plane, t->ta.hlo[2],
             plane, t->ta.hhi[2]);
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
           indent, t->steps * t->zr);
  put_z_range (out, t, "mint_pn", 1);
  fputs (";\n", out);
  for (int r = 0; r < t->ry; r++)
    {
      fprintf (out, "%smint_n%d = ", indent, r);
      if (t->edge >= WALK_SAME_SHELL)
        fprintf (out, "mint_box_x && mint_box_y%d && ", r);
      fputs ("mint_load_z ? ", out);
      cuda_put_read (out, k, &t->ta, "mint_ak + %d * mint_ay", r);
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
           (t->steps * t->slots + 2 * (s - 1)) * TEMPORAL_THREADS_X
           * t->rows, plane, TEMPORAL_THREADS_X * t->rows,
           r * TEMPORAL_THREADS_X);
}

/* The reloads of the next iteration (WALK_RELOAD): each stage S but the
   last will need the array's value at its plane, mint_pn - S L, where a
   cell of the thread lies in A's box but outside the space: from A (even
   steps) or B (odd).  They are copied into the reloads' buffer, two planes
   a stage, without waiting (cp.async), and waited for at the start of the
   next iteration.  mint_ak is at plane mint_pn + 1, mint_bk B_LAG planes
   below mint_pn - S_last L (stage S_last's plane of the iteration: 1, or
   0 before the walk).  Loaded in mid-iteration, where the barrier behind
   them made every thread wait for them, or an iteration ahead in
   registers, which spilled, the reloads made the edge blocks' walk
   slower than level 3 (heat7 on the H200, the grids different outside:
   0.595 and 0.735 ms per step against 0.558).  */
static void
put_reload_copies (FILE *out, const struct temporal *t, const char *indent,
                   int b_lag)
{
  for (int s = 1; s < t->steps; s++)
    {
      char plane[64];
      snprintf (plane, sizeof plane, "mint_pn - %d", s * t->lag);
      fprintf (out, "%sif (", indent);
      put_z_range (out, t, plane, 1);
      fputs (")\n", out);
      fprintf (out, "%s  {\n%s    const bool mint_space_z = ", indent, indent);
      put_z_range (out, t, plane, 0);
      fputs (";\n", out);
      for (int r = 0; r < t->ry; r++)
        {
          fprintf (out, "%s    if (mint_box_x && mint_box_y%d "
                   "&& !(mint_space_x && mint_space_y%d && mint_space_z))"
                   "\n%s      mint_copy_async (&", indent, r, r, indent);
          put_reload_cell (out, t, s, plane, r);
          if (s % 2)
            fprintf (out, ", mint_bk + %d * mint_bz + %d * mint_by);\n",
                     (t->steps - s) * t->lag + b_lag, r);
          else
            fprintf (out, ", mint_ak - %d * mint_az + %d * mint_ay);\n",
                     s * t->lag + 1, r);
        }
      fprintf (out, "%s  }\n", indent);
    }
}

/* "if (ROW's point at mint_pk is stored)".  */
static void
put_kept_test (FILE *out, int row)
{
  fprintf (out, "            if (mint_keep_x && mint_keep_y%d && mint_pk >= "
           "mint_Z0 && mint_pk < mint_Z1)\n", row);
}

/* Stage t->k > 0 at row t->row: the last stage stores its kept points into
   B; the others compute their value into mint_vROW, or, outside the space
   (in a walk that tests cells), take the array's: from A (even steps) or
   B (odd), or where the two are the same in the block's cells
   (put_shell_check), stage k - 1's value passed on.  A body that reads no
   array but A (from registers and the ring) runs at every cell, and the
   value is replaced outside the space: no branch around it (heat7 on the
   H200: 0.444 ms per step in the probe, 0.464 with the branch).  One that
   reads other arrays runs only in the space.  In the walk of a block
   inside in x and y (WALK_INSIDE_XY) only the plane is tested, the same
   for every thread (its first and last iterations compute planes beyond
   the space, whose cells no stored point needs); in that of one inside in
   z too (WALK_INSIDE, only for a body that reads no other array, which
   could lie beyond the planes allocated there) nothing (heat7 at 512^3 on
   the H200: 0.315 ms per step over 300 steps, 0.325 with the test).  */
static void
put_stage_row (FILE *out, const struct kir_kernel *k, struct temporal *t)
{
  int r = t->row, s = t->k, anywhere = t->anywhere;
  if (s == t->steps || t->edge == WALK_INSIDE)
    {
      bool kept_test = s == t->steps && !anywhere;
      if (kept_test)
        put_kept_test (out, r);
      put_stage_body (out, k, t, kept_test);
      return;
    }
  char space[128];
  if (t->edge == WALK_INSIDE_XY)
    snprintf (space, sizeof space, "mint_space_z");
  else
    snprintf (space, sizeof space, "mint_space_x && mint_space_y%d && "
              "mint_space_z", r);
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
      fprintf (out, "mint_box_x && mint_box_y%d && mint_box_z\n"
               "                ? ", r);
      put_reload_cell (out, t, s, "mint_pk", r);
      fputs (" : ", out);
    }
  fprintf (out, "mint_q%d_%d_%d;\n", s - 1, r, t->lag);
}

/* Stage S's value of row R, PREFIX<R>, as its newest (mint_fS_R) and into
   its ring slot of the iteration.  */
static void
put_keep_value (FILE *out, const struct temporal *t, int s, int r,
                const char *prefix)
{
  fprintf (out, "            mint_f%d_%d = %s%d;\n"
           "            mint_ring[%d + mint_cell + %d] = %s%d;\n", s, r,
           prefix, r, (s * t->slots + slot_of (t, 0)) * TEMPORAL_THREADS_X
           * t->rows, r * TEMPORAL_THREADS_X, prefix, r);
}

/* After stage t->k: stage t->k - 1's registers age by an iteration; the
   stage's own values become its newest and go into its ring slot of the
   iteration, unless it is the last, which stores them and moves to the
   next plane of B.  */
static void
put_stage_keep (FILE *out, const struct temporal *t)
{
  int s = t->k;
  for (int r = 0; r < t->ry; r++)
    {
      fputs ("            ", out);
      for (int a = t->ages; a > 1; a--)
        fprintf (out, "mint_q%d_%d_%d = mint_q%d_%d_%d; ", s - 1, r, a, s - 1,
                 r, a - 1);
      fprintf (out, "mint_q%d_%d_1 = mint_f%d_%d;\n", s - 1, r, s - 1, r);
      if (s == t->steps && t->anywhere)
        {
          put_kept_test (out, r);
          fputs ("              ", out);
          put_last_store (out, t, r);
          fprintf (out, "mint_v%d;\n", r);
        }
      if (s < t->steps)
        put_keep_value (out, t, s, r, "mint_v");
    }
  if (s == t->steps)
    fprintf (out, "            mint_bk += mint_bz;%s\n",
             t->closing ? " mint_sk += mint_az;" : "");
}

/* Iteration mint_it + t->phase of the walk: stage 0 takes plane mint_p0,
   loaded an iteration before, and loads the next; the stages compute
   theirs from 1 up to S, each L planes behind the one before.  */
static void
put_plane (FILE *out, const struct kir_kernel *k, struct temporal *t)
{
  const char *elem = kir_type_cuda (k->arrays[t->b].elem);
  int s = t->steps;
  fprintf (out, "        {\n          const int mint_p0 = mint_Z0 - %d "
           "+ mint_it + %d;\n          const int mint_pn = mint_p0 + 1;"
           "\n", s * t->zr, t->phase);
  if (t->edge == WALK_RELOAD)
    fputs ("          mint_copies_wait ();\n", out);
  for (int r = 0; r < t->ry; r++)
    put_keep_value (out, t, 0, r, "mint_n");
  put_loads (out, k, t, "          ");
  if (t->edge == WALK_RELOAD)
    put_reload_copies (out, t, "          ", 1);
  for (t->k = 1; t->k <= s; t->k++)
    {
      fprintf (out, "          {\n            const int mint_pk = "
               "mint_p0 - %d;\n            [[maybe_unused]] const bool "
               "mint_space_z = ", t->k * t->lag);
      put_z_range (out, t, "mint_pk", 0);
      fputs (";\n            [[maybe_unused]] const bool mint_box_z = ", out);
      put_z_range (out, t, "mint_pk", 1);
      fputs (";\n", out);
      if (t->k < s || t->anywhere)
        {
          fprintf (out, "            %s", elem);
          for (int r = 0; r < t->ry; r++)
            fprintf (out, "%s mint_v%d", r ? "," : "", r);
          fputs (";\n", out);
        }
      for (t->row = 0; t->row < t->ry; t->row++)
        put_stage_row (out, k, t);
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
           t->steps * t->zr);
  put_loads (out, k, t, "        ");
  if (t->edge == WALK_RELOAD)
    put_reload_copies (out, t, "        ", 0);
  fprintf (out, "      }\n      for (int mint_it = 0; mint_it < "
           "mint_Z1 - mint_Z0 + %d; mint_it += %d)\n        {\n",
           t->steps * (t->zr + t->lag), t->slots);
  for (t->phase = 0; t->phase < t->slots; t->phase++)
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
    return t->anywhere ? "else if (mint_inside_xy && mint_same_shell)"
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
  for (t->edge = t->anywhere ? WALK_INSIDE : WALK_INSIDE_XY;
       t->edge <= WALK_SAME_SHELL; t->edge++)
    {
      fprintf (out, "  %s\n    {\n", walk_head (t));
      put_walk (out, k, t);
      fputs ("    }\n", out);
    }
}

/* mint_seen |= A and B differ at cell (X, Y, P).  */
static void
put_shell_compare (FILE *out, const struct kir_kernel *k,
                   const struct temporal *t, const char *x, const char *y,
                   const char *p, const char *indent)
{
  const char *point[KIR_MAX_DIMS] = { x, y, p };
  fprintf (out, "%smint_seen |= !mint_same_bits (", indent);
  cuda_put_tiled_element (out, k, &t->ta, point);
  fputs (", ", out);
  cuda_put_tiled_element (out, k, &t->tb, point);
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
  /* Cells of a line of the tile in x or y, the longer.  */
  int line = t->rows > TEMPORAL_THREADS_X ? t->rows : TEMPORAL_THREADS_X;
  fprintf (out, "      const int mint_span = %d * (int) "
           "(mint_zhi - mint_zlo);\n#pragma unroll 4\n      for (int mint_c "
           "= mint_j * %d + mint_i; mint_c < %d * mint_span; mint_c += %d)\n"
           "        {\n          const int mint_line = mint_c / mint_span, "
           "mint_at = mint_c %% %d;\n          const long long mint_cp = "
           "mint_zlo + mint_c %% mint_span / %d;\n",
           line, TEMPORAL_THREADS_X, lines,
           t->threads[0] * t->threads[1], line, line);
  /* The chains of choices end in 0, which no line takes.  */
  fprintf (out, "          const long long mint_cx = %s0, mint_cy = %s0;\n",
           cx, cy);
  fprintf (out, "          if (mint_cx >= mint_tx && mint_cx < mint_tx + %d "
           "&& mint_cy >= mint_ty && mint_cy < mint_ty + %d\n"
           "              && mint_cx >= -%d && mint_cx < mint_n_x + %d && "
           "mint_cy >= -%d && mint_cy < mint_n_y + %d)\n", TEMPORAL_THREADS_X,
           t->rows, t->ta.hlo[0], t->ta.hhi[0], t->ta.hlo[1],
           t->ta.hhi[1]);
  put_shell_compare (out, k, t, "mint_cx", "mint_cy", "mint_cp",
                     "            ");
  fputs ("        }\n", out);
}

/* Whether A and B hold the same values in every cell outside the space
   that the block's walk could reload (the cells of its tile, the planes
   of its chunk grown by the pipeline's depth, within A's box): then the
   walk passes stage 0's values on instead (heat7 on the H200: 0.350 ms
   per step, 0.393 where the edge blocks reload).  The block checks at
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
           "%dLL, mint_n_z + %dLL);\n", t->steps * (t->zr + t->lag),
           t->ta.hlo[2], t->steps * t->lag + t->slots, t->ta.hhi[2]);
  put_line_check (out, k, t);
  /* The planes outside the space in z, every cell of the tile.  */
  for (int r = 0; r < t->ry; r++)
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
         "        *mint_tile = mint_run << 1 | mint_same_shell;\n"
         "    }\n", out);
}

/* The second kernel (MINT_TEMPORAL_RELOAD_SUFFIX), launched after the
   variant with the same grid: the blocks whose word (put_shell_check)
   says A and B differ outside the space walk with reloads.  In the
   variant's function, such a walk cost the others registers: heat7 with
   a point source (a condition in the body) ran 0.403 ms per step on the
   H200 with it, 0.367 without; as a lambda not inlined, which copied what
   it read, it ran 0.904 where the grids differed outside, here 0.388.  */
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
            t->closing ? ", " : "",
            t->closing ? kir_type_cuda (k->arrays[t->a].elem) : "",
            t->closing ? " *__restrict__ mint_scratch" : "");
  cuda_put_kernel_head (out, &variant, 4, t->threads[0] * t->threads[1],
                        TEMPORAL_MIN_BLOCKS, why, NULL, params);
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

/* K's variant T (SUFFIX) and its second kernel (RELOAD), each in both
   forms: with a constant chunk and chunked.  */
static void
put_level4_kernels (FILE *out, const struct kir_kernel *k, struct temporal *t,
                    const char *suffix, const char *reload, const char *why)
{
  for (int chunked = 0; chunked < 2; chunked++)
    {
      t->chunked = chunked;
      put_temporal_kernel (out, k, t, suffix, why, put_variant);
      put_temporal_kernel (out, k, t, reload, why, put_reload_kernel);
    }
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
  stencil_analyze (k, &sinfo);
  const char *problem = temporal_problem (k, &sinfo, &t, buf, sizeof buf);
  if (problem)
    {
      snprintf (why, whylen, "no temporal blocking: %s", problem);
      stencil_info_free (&sinfo);
      return 0;
    }
  snprintf (why, whylen, "temporal blocking: %d steps per launch where the "
            "program repeats the nest with %s and %s swapped", t.steps,
            kir_array_text (k, t.a), kir_array_text (k, t.b));
  struct temporal closing = t;
  closing.steps = 2;
  closing.closing = true;
  temporal_shape (k, &closing);
  bool with_closing = heat7_kind (k, &t);
  if (out)
    put_level4_kernels (out, k, &t, MINT_TEMPORAL_SUFFIX,
                        MINT_TEMPORAL_RELOAD_SUFFIX, why);
  if (out && with_closing)
    put_level4_kernels (out, k, &closing, MINT_CLOSING_SUFFIX,
                        MINT_CLOSING_RELOAD_SUFFIX, why);
  info->steps = t.steps;
  info->closing_shared = with_closing ? (int) closing.shared : 0;
  info->read = t.a;
  info->write = t.b;
  info->shared = (int) t.shared;
  for (int d = 0; d < 3; d++)
    {
      info->tile[d] = t.out[d];
      info->closing_tile[d] = with_closing ? closing.out[d] : 0;
      info->block[d] = d < 2 ? t.threads[d] : 1;
    }
  stencil_info_free (&sinfo);
  return 1;
}
