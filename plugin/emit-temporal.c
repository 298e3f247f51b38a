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

   The 2.5-D pipeline: a block of TX x TY threads owns one cell (x, y) of
   its tile grown by S times the in-plane halo, and walks z over its tile
   there.  Stage 0 loads A; stage k = 1 .. S computes step k at its cell,
   k * ZR planes behind stage 0 (ZR the z halo) and only where the cell's
   stage-k neighbourhood lies in the block (the region shrinks by the halo
   per stage).  Stages 0 .. S-1 keep their planes in a ring of 2 ZR + 1
   planes in shared memory, and each thread its own column of each in
   registers; stage S stores into B.  A point outside the iteration space
   keeps its array's value at every step (kernels write only the space):
   the stage takes it from A (even steps) or B (odd), where it lies in the
   box the program reads; beyond that box no point inside needs it.  */

#include "emit-cuda.h"
#include "emit-stencil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TEMPORAL_STEPS 3
#define TEMPORAL_THREADS_X 32
#define TEMPORAL_THREADS_Y 16
#define TEMPORAL_WALK 128

static const char axis[] = "xyz";

struct temporal
{
  int a, b;                     /* read and written array */
  struct tiled ta, tb;          /* their subscripts and A's halo */
  int zr;                       /* z halo: the lag between stages */
  int ring;                     /* planes per ring: 2 zr + 1 */
  int threads[2];               /* x, y */
  int out[3];                   /* points per block: x, y, z */
  int k;                        /* the stage being printed */
};

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
  if (!plan_stored_once (k, info, t->b))
    {
      snprintf (buf, len, "%s is read, or not written exactly once at the "
                "point itself", b->name);
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
                "every point", b->name);
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
                  k->arrays[t->a].name, axis[d]);
        return buf;
      }
  t->zr = t->ta.hlo[2] > t->ta.hhi[2] ? t->ta.hlo[2] : t->ta.hhi[2];
  t->ring = 2 * t->zr + 1;
  t->threads[0] = TEMPORAL_THREADS_X;
  t->threads[1] = TEMPORAL_THREADS_Y;
  for (int d = 0; d < 2; d++)
    t->out[d] = t->threads[d]
                - TEMPORAL_STEPS * (t->ta.hlo[d] + t->ta.hhi[d]);
  t->out[2] = TEMPORAL_WALK;
  long bytes = (long) TEMPORAL_STEPS * t->ring * t->threads[0]
               * t->threads[1] * (long) kir_type_size (b->elem);
  if (bytes > SHARED_BYTES)
    {
      snprintf (buf, len, "%ld bytes of shared memory would be needed (at "
                "most %d)", bytes, SHARED_BYTES);
      return buf;
    }
  /* The cost model: on sm_90 the variant ran 1.3 to 2.2 times slower per
     step than level 3 (latency-bound: bench/results/optimizer-notes.md).  */
  if (!k->exact_level)
    return "the 3-step variant measured slower than level 3 on sm_90 "
           "(-fplugin-arg-mint-exact-level uses it)";
  return NULL;
}

/* ---- printing ------------------------------------------------------------- */

/* The element of T's array at cell (mint_X, mint_Y) of plane PLANE.  */
static void
put_cell (FILE *out, const struct kir_kernel *k, const struct tiled *t,
          const char *plane)
{
  const char *point[KIR_MAX_DIMS] = { "mint_X", "mint_Y", plane };
  fputc ('*', out);
  fputc ('(', out);
  plan_put_address (out, k, t, point);
  fputc (')', out);
}

static void
put_ring_cell (FILE *out, const struct temporal *t, int stage, int dz,
               int dy, int dx)
{
  fprintf (out, "mint_ring%d[(mint_slot%d * %d + mint_j + %d) * %d + mint_i "
           "+ %d]", stage, dz + t->zr, t->threads[1], dy, t->threads[0], dx);
}

/* Stage t->k reads A from stage t->k - 1: its own column from registers,
   the rest from the ring.  */
static int
temporal_load (FILE *out, const struct kir_kernel *k,
               const struct kir_access *acc, const void *data)
{
  const struct temporal *t = data;
  (void) k;
  if (acc->array != t->a)
    return 0;
  int o[KIR_MAX_DIMS] = { 0, 0, 0 };
  for (int i = 0; i < acc->rank; i++)
    o[t->ta.subscript[0] == i ? 0 : t->ta.subscript[1] == i ? 1 : 2]
      = (int) acc->index[i].constant;
  if (o[0] == 0 && o[1] == 0)
    fprintf (out, "mint_c%d_%d", t->k - 1, t->zr + o[2]);
  else
    put_ring_cell (out, t, t->k - 1, o[2], o[1], o[0]);
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

/* The body of stage t->k at cell (mint_X, mint_Y) of plane mint_pk.  */
static void
put_stage_body (FILE *out, const struct kir_kernel *k, struct temporal *t)
{
  fputs ("          [&]\n            {\n", out);
  static const char *const at[KIR_MAX_DIMS] = { "mint_X", "mint_Y",
                                                "mint_pk" };
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

/* "mint_pk in the box of A in z" / "in the space".  */
static void
put_z_range (FILE *out, const struct temporal *t, int box)
{
  if (box)
    fprintf (out, "mint_pk >= -%d && mint_pk < mint_n_z + %d",
             t->ta.hlo[2], t->ta.hhi[2]);
  else
    fputs ("mint_pk >= 0 && mint_pk < mint_n_z", out);
}

static void
put_setup (FILE *out, const struct kir_kernel *k, const struct temporal *t)
{
  const char *elem = kir_type_cuda (k->arrays[t->b].elem);
  int cells = t->ring * t->threads[0] * t->threads[1];
  for (int s = 0; s < TEMPORAL_STEPS; s++)
    fprintf (out, "  __shared__ %s mint_ring%d[%d];\n", elem, s, cells);
  fprintf (out, "  const int mint_i = threadIdx.x, mint_j = threadIdx.y;\n"
           "  const long long mint_X = (long long) blockIdx.x * %d + mint_i "
           "- %d;\n  const long long mint_Y = (long long) blockIdx.y * %d + "
           "mint_j - %d;\n", t->out[0], TEMPORAL_STEPS * t->ta.hlo[0],
           t->out[1], TEMPORAL_STEPS * t->ta.hlo[1]);
  fprintf (out, "  const long long mint_Z0 = (long long) blockIdx.z * %d;\n"
           "  const long long mint_Z1 = mint_min (mint_Z0 + %d, mint_n_z);\n",
           t->out[2], t->out[2]);
  fputs ("  const bool mint_space = mint_X >= 0 && mint_X < mint_n_x && "
         "mint_Y >= 0 && mint_Y < mint_n_y;\n", out);
  fprintf (out, "  const bool mint_box = mint_X >= -%d && mint_X < mint_n_x "
           "+ %d && mint_Y >= -%d && mint_Y < mint_n_y + %d;\n",
           t->ta.hlo[0], t->ta.hhi[0], t->ta.hlo[1], t->ta.hhi[1]);
  for (int s = 1; s <= TEMPORAL_STEPS; s++)
    fprintf (out, "  const bool mint_region%d = mint_i >= %d && mint_i < %d "
             "&& mint_j >= %d && mint_j < %d;\n", s, s * t->ta.hlo[0],
             t->threads[0] - s * t->ta.hhi[0], s * t->ta.hlo[1],
             t->threads[1] - s * t->ta.hhi[1]);
  for (int s = 0; s < TEMPORAL_STEPS; s++)
    for (int q = 0; q < t->ring; q++)
      fprintf (out, "  %s mint_c%d_%d = 0;\n", elem, s, q);
}

/* Stage S's value into its ring slot and the top of its column.  */
static void
put_keep (FILE *out, const struct temporal *t, int s)
{
  fprintf (out, "        mint_ring%d[(mint_w * %d + mint_j) * %d + mint_i] = "
           "mint_v;\n", s, t->threads[1], t->threads[0]);
  for (int q = 0; q + 1 < t->ring; q++)
    fprintf (out, "        mint_c%d_%d = mint_c%d_%d;\n", s, q, s, q + 1);
  fprintf (out, "        mint_c%d_%d = mint_v;\n", s, t->ring - 1);
}

static void
put_walk (FILE *out, const struct kir_kernel *k, struct temporal *t)
{
  const char *elem = kir_type_cuda (k->arrays[t->b].elem);
  int lag = TEMPORAL_STEPS * t->zr;
  fprintf (out, "  for (long long mint_it = 0; mint_it < mint_Z1 - mint_Z0 "
           "+ %d; mint_it++)\n    {\n", 2 * lag);
  fprintf (out, "      const int mint_w = (int) (mint_it %% %d);\n", t->ring);
  for (int dz = -t->zr; dz <= t->zr; dz++)
    fprintf (out, "      [[maybe_unused]] const int mint_slot%d = (mint_w + "
             "%d) %% %d;\n", dz + t->zr, t->ring - t->zr + dz, t->ring);
  for (t->k = 0; t->k <= TEMPORAL_STEPS; t->k++)
    {
      int s = t->k;
      fprintf (out, "      {\n        const long long mint_pk = mint_Z0 - %d "
               "+ mint_it - %d;\n", lag, s * t->zr);
      if (s < TEMPORAL_STEPS)
        fprintf (out, "        %s mint_v = 0;\n", elem);
      if (s == 0)
        {
          fputs ("        if (mint_box && ", out);
          put_z_range (out, t, 1);
          fputs (")\n          mint_v = ", out);
          put_cell (out, k, &t->ta, "mint_pk");
          fputs (";\n", out);
        }
      else
        {
          fprintf (out, "        if (mint_it >= %d && mint_region%d", 2 * lag
                   - 2 * (TEMPORAL_STEPS - s) * t->zr, s);
          if (s == TEMPORAL_STEPS)
            fputs (" && mint_space && mint_pk >= mint_Z0 && mint_pk < "
                   "mint_Z1)\n", out);
          else
            {
              fputs (")\n          {\n            if (mint_space && ", out);
              put_z_range (out, t, 0);
              fputs (")\n", out);
            }
          put_stage_body (out, k, t);
          if (s < TEMPORAL_STEPS)
            {
              fputs ("            else if (mint_box && ", out);
              put_z_range (out, t, 1);
              fputs (")\n              mint_v = ", out);
              put_cell (out, k, s % 2 ? &t->tb : &t->ta, "mint_pk");
              fputs (";\n          }\n", out);
            }
        }
      if (s < TEMPORAL_STEPS)
        {
          put_keep (out, t, s);
          fputs ("      }\n      __syncthreads ();\n", out);
        }
      else
        fputs ("      }\n", out);
    }
  fputs ("    }\n", out);
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
            k->arrays[t.a].name, k->arrays[t.b].name);
  if (out)
    {
      struct kir_kernel variant = *k;
      size_t n = strlen (k->name) + sizeof MINT_TEMPORAL_SUFFIX;
      char *name = cuda_xmalloc (n);
      snprintf (name, n, "%s%s", k->name, MINT_TEMPORAL_SUFFIX);
      variant.name = name;
      cuda_put_kernel_head (out, &variant, 4, t.threads[0] * t.threads[1], 0,
                            why, NULL);
      put_setup (out, k, &t);
      put_walk (out, k, &t);
      fputs ("}\n\n", out);
      free (name);
    }
  info->steps = TEMPORAL_STEPS;
  info->read = t.a;
  info->write = t.b;
  for (int d = 0; d < 3; d++)
    {
      info->tile[d] = t.out[d];
      info->block[d] = d < 2 ? t.threads[d] : 1;
    }
  stencil_info_free (&sinfo);
  return 1;
}
