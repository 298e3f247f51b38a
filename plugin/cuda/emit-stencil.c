/* emit-stencil.c -- the body of a kernel at levels 1 and 2, which keep
   arrays in shared memory (the Mint paper's optimizer, section 4.2),
   from its plan (plan-level.h).

   Level 1: for each chunk step, the block loads its sub-tile of every
   tiled array plus the halo into shared memory, synchronizes, computes
   its points from there and synchronizes again.

   Level 2: each thread walks its column of tile_z points; the block keeps
   the planes z - halo .. z + halo of each tiled array in a ring of shared
   memory planes with one spare, so every value is loaded once per block
   and one barrier per plane suffices.  The next plane is loaded into
   registers one step ahead.

   A thread loads the cells of its segments (plan-level.h).  Threads beyond
   the iteration space load but do not compute; every barrier is reached
   by the whole block (the loops are uniform).  */

#include "emit-stencil.h"
#include "emit-cuda.h"
#include "kir-type.h"

#include <string.h>

static const char axis[] = "xyz";

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
put_segment_valid (FILE *out, const struct level_plan *p,
                   const struct tiled *t, const int *seg, int ndims)
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

/* ---- the load hook ---------------------------------------------------- */

/* A load of a tiled array of plan DATA reads the array's cell in shared
   memory.  */
static int
put_tiled_load (FILE *out, const struct kir_kernel *k,
                const struct kir_access *acc, const void *data)
{
  (void) k;
  const struct level_plan *p = data;
  int ti = acc->array < 64 ? p->tiled_of[acc->array] : -1;
  if (ti < 0)
    return 0;
  const struct tiled *t = &p->tiled[ti];
  int o[KIR_MAX_DIMS], plane[KIR_MAX_DIMS] = { 0, 0, 0 };
  plan_access_offsets (&p->info->arrays[acc->array], acc, o);
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
put_point (FILE *out, const struct kir_kernel *k, const struct level_plan *p,
           const char *inside, int depth)
{
  cuda_indent (out, depth);
  fprintf (out, "if (%s)\n", inside);
  cuda_indent (out, depth + 1);
  fputs ("{\n", out);
  for (int d = 0; d < k->ndims; d++)
    {
      const struct kir_local *iv = &k->locals[k->dims[d].iv];
      cuda_indent (out, depth + 2);
      cuda_put_name (out, iv->name);
      fprintf (out, " = (%s) (mint_lo_%c + mint_t%c);\n",
               kir_type_cuda (iv->type), axis[d], axis[d]);
    }
  struct cuda_access_hook hook = { .load = put_tiled_load, .data = p };
  char ind[64];
  snprintf (ind, sizeof ind, "%*s", 2 * (depth + 4), "");
  cuda_indent (out, depth + 2);
  fputs ("do\n", out);
  cuda_indent (out, depth + 2);
  fputs ("  {\n", out);
  cuda_put_body (out, k, &hook, ind);
  cuda_indent (out, depth + 2);
  fputs ("  }\n", out);
  cuda_indent (out, depth + 2);
  fputs ("while (0);\n", out);
  cuda_indent (out, depth + 1);
  fputs ("}\n", out);
}

static void
put_shared_decls (FILE *out, const struct kir_kernel *k,
                  const struct level_plan *p)
{
  for (int i = 0; i < p->ntiled; i++)
    {
      const struct tiled *t = &p->tiled[i];
      if (t->slots == 0)
        continue;
      fprintf (out, "  __shared__ %s mint_s%d[%d * %d * %d * %d];\n",
               cuda_tiled_type (k, t), i, t->slots, t->ext[2], t->ext[1],
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
put_thread_coords (FILE *out, const struct level_plan *p)
{
  for (int d = 0; d < p->tile_dims; d++)
    fprintf (out, "  const int mint_k%c = threadIdx.%c;\n", axis[d], axis[d]);
}

/* ---- level 1 ---------------------------------------------------------- */

static void
put_level1 (FILE *out, const struct kir_kernel *k,
            const struct level_plan *p)
{
  put_thread_coords (out, p);
  put_shared_decls (out, k, p);
  int depth = 1;
  for (int d = k->ndims - 1; d >= 0; d--)
    {
      char c = axis[d];
      cuda_indent (out, depth);
      fprintf (out, "for (int mint_c%c = 0; mint_c%c < %d; ++mint_c%c)\n",
               c, c, k->chunk[d], c);
      cuda_indent (out, depth);
      fputs ("  {\n", out);
      depth++;
      cuda_indent (out, depth);
      fprintf (out, "const long long mint_o%c = (long long) %s * %d"
               " + mint_c%c * %d;\n", c, cuda_block_index (k, d), k->tile[d],
               c, p->block[d]);
      cuda_indent (out, depth);
      fprintf (out, "if (mint_o%c >= mint_n_%c)\n", c, c);
      cuda_indent (out, depth);
      fputs ("  break;\n", out);
      cuda_indent (out, depth);
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
          cuda_indent (out, depth);
          fputs ("if (", out);
          put_segment_valid (out, p, t, seg, k->ndims);
          fputs (")\n", out);
          cuda_indent (out, depth + 1);
          fprintf (out, "mint_s%d[mint_sc%d + %ld] = ", i, i,
                   cell_offset (t, o));
          cuda_put_tiled_element (out, k, t, point);
          fputs (";\n", out);
        }
    }
  cuda_indent (out, depth);
  fputs ("__syncthreads ();\n", out);
  char inside[256] = "";
  for (int d = 0; d < k->ndims; d++)
    {
      size_t n = strlen (inside);
      snprintf (inside + n, sizeof inside - n, "%smint_t%c < mint_n_%c",
                d ? " && " : "", axis[d], axis[d]);
    }
  put_point (out, k, p, inside, depth);
  cuda_indent (out, depth);
  fputs ("__syncthreads ();\n", out);
  while (depth > 1)
    {
      depth--;
      cuda_indent (out, depth);
      fputs ("  }\n", out);
    }
}

/* ---- level 2: walking along the march dimension ----------------------- */

/* Tile origin, thread point and whether it is inside, per in-plane
   dimension; the march range; each tiled array's column pointer and, per
   segment, validity, offset in memory and cell in the plane.  */
static void
put_march_setup (FILE *out, const struct kir_kernel *k,
                 const struct level_plan *p)
{
  char m = axis[p->march];
  put_thread_coords (out, p);
  char inside[256] = "";
  for (int d = 0; d < p->march; d++)
    {
      char c = axis[d];
      fprintf (out, "  const long long mint_o%c = (long long) %s * "
               "%d;\n  const long long mint_t%c = mint_o%c + mint_k%c;\n",
               c, cuda_block_index (k, d), k->tile[d], c, c, c);
      size_t n = strlen (inside);
      snprintf (inside + n, sizeof inside - n, "%smint_t%c < mint_n_%c",
                d ? " && " : "", c, c);
    }
  fprintf (out, "  const bool mint_inside = %s;\n", inside);
  fprintf (out, "  const long long mint_o%c = (long long) %s * %d;\n"
           "  const long long mint_end = mint_min (mint_o%c + %d, "
           "mint_n_%c);\n", m, cuda_block_index (k, p->march),
           k->tile[p->march], m, k->tile[p->march], m);
  put_shared_decls (out, k, p);
  for (int i = 0; i < p->ntiled; i++)
    {
      const struct tiled *t = &p->tiled[i];
      const char *point[KIR_MAX_DIMS] = { "mint_tx", "mint_ty", "mint_tz" };
      point[p->march] = p->march == 1 ? "mint_oy" : "mint_oz";
      fprintf (out, "  const %s *const mint_g%d = ", cuda_tiled_type (k, t),
               i);
      cuda_put_address (out, k, t, point);
      fputs (";\n", out);
      fprintf (out, "  const long long mint_dm%d = ", i);
      cuda_put_stride (out, k, t, p->march);
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
                cuda_put_stride (out, k, t, d);
              }
          fprintf (out, ";\n  const int mint_i%d_%d = mint_sc%d + %ld;\n",
                   i, s, i, cell_offset (t, o));
          fprintf (out, "  %s mint_f%d_%d = 0;\n", cuda_tiled_type (k, t), i,
                   s);
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
  cuda_indent (out, depth);
  fprintf (out, "if (%smint_v%d_%d)\n", guard, i, s);
  cuda_indent (out, depth + 1);
  fprintf (out, "%s = ", dest);
  cuda_put_read (out, k, t, "mint_g%d + (%s) * mint_dm%d + mint_d%d_%d", i,
            plane, i, i, s);
  fputs (";\n", out);
}

static void
put_level2 (FILE *out, const struct kir_kernel *k,
            const struct level_plan *p)
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
               " * %ld;\n", cuda_tiled_type (k, t), i, i, lo + hi, t->slots,
               cells);
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
  put_point (out, k, p, "mint_inside", 3);
  fputs ("    }\n", out);
}

void
cuda_put_shared_tiles_body (FILE *out, const struct kir_kernel *k,
                            const struct level_plan *p)
{
  if (p->level == 1)
    put_level1 (out, k, p);
  else
    put_level2 (out, k, p);
}
