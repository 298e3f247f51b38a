/* gen-opt-kernels.c -- writes the optimizer test kernels (opt-cases.h):
   every stencil at levels 0 to 3 with every block shape and, autotuned,
   with every candidate shape of plan-tune.h (plugin/opt/plan-tune.c), and a
   table of
   launchers that test-opt.cc runs; a kernel with a variant whose arrays
   share strides (MINT_SHARED_SUFFIX) gets a second entry that runs the
   variant (the test's arrays all have one shape).  Then, in a second
   table, the level-4 variants that run several steps per launch
   (MINT_TEMPORAL_SUFFIX).  Usage:
   gen-opt-kernels OUT.cu  */

#include "emit-kernel.h"
#include "emit-temporal.h"
#include "mint/mintrt.h"
#include "plan.h"
#include "plan-level3.h"
#include "opt-cases.h"
#include "kir-test.h"

#include <stdbool.h>
#include <stdio.h>

/* The launch of K's function FN (see put_launch_fn); a level-4 variant's
   (TEMPORAL) with the words of its blocks, the run and its steps, and a closing
   variant's (SCRATCH, the type of its read array) with its scratch.  */
static void
put_launch_call (FILE *out, const struct kir_kernel *k, const char *fn,
                 int narrays, int shared, int temporal, const char *scratch)
{
  fputs ("#ifdef __CUDACC__\n", out);
  if (shared)
    fprintf (out, "  cudaFuncSetAttribute (%s, "
             "cudaFuncAttributeMaxDynamicSharedMemorySize, %d);\n",
             fn, shared);
  fprintf (out, "  %s<<<dim3 (grid[0], grid[1], grid[2]), dim3 (block[0], "
           "block[1], block[2]), %d>>> (", fn, shared);
  for (int pass = 0; pass < 2; pass++)
    {
      if (pass)
        fprintf (out, "#else\n  shim_launch (grid, block, [=] { %s (", fn);
      const char *sep = "";
      for (int d = 0; d < k->ndims; d++, sep = ", ")
        fprintf (out, "%slo[%d], n[%d]", sep, d, d);
      for (int i = 0; i < narrays; i++)
        fprintf (out, ", (%s *) a[%d], row[%d], plane[%d]",
                 kir_type_cuda (k->arrays[i].elem), i, i, i);
      /* A flat spec's scalars, row and plane, are the fields' strides,
         the same in every array (opt-cases.h).  */
      for (int i = 0; i < k->nscalars; i++)
        fprintf (out, ", %s[0]", k->scalars[i].name);
      if (temporal)
        fputs (", tiles, run, steps", out);
      if (scratch)
        fprintf (out, ", (%s *) scratch", scratch);
      fputs (pass ? "); });\n#endif\n" : ");\n", out);
    }
}

/* A launcher, opt_launch_LAUNCHER, of K's function FN over blocks of TILE points with BLOCK
   threads and SHARED bytes of dynamic shared memory; a level-4 variant's
   (SECOND, its second kernel, not NULL) also takes the words of its
   blocks (as many as NTILES says), the run, the steps and a scratch, which a closing
   variant's (SCRATCH, the type of its read array) passes on, and launches
   SECOND after FN (mintrt.h, MINT_TEMPORAL_SUFFIX, MINT_CLOSING_SUFFIX),
   over chunks of about OPT_CHUNK planes along the walk (the last
   dimension) where CHUNKED (its form MINT_CHUNKED_SUFFIX).  */
static void
put_launch_fn (FILE *out, const struct kir_kernel *k, const char *launcher,
               const char *fn, const char *second, bool chunked, int narrays,
               const int *tile, const int *block, int shared,
               const char *scratch)
{
  fprintf (out, "static void\nopt_launch_%s (const long long *lo, const "
           "long long *n, void *const *a,\n    const long long *row, const "
           "long long *plane%s)\n{\n  unsigned grid[3] = { 1, 1, 1 }, "
           "block[3] = { 1, 1, 1 };\n", launcher, second ? ", unsigned long long "
           "*tiles,\n    long long ntiles, unsigned long long run, "
           "unsigned steps, [[maybe_unused]] void *scratch" : "");
  for (int d = 0; d < k->ndims; d++)
    if (chunked && d == k->ndims - 1)
      fprintf (out, "  grid[%d] = opt_chunks (n[%d]);\n  block[%d] = 1;\n",
               d, d, d);
    else
      fprintf (out, "  grid[%d] = (unsigned) ((n[%d] + %d) / %d);\n  "
               "block[%d] = %d;\n", d, d, tile[d] - 1, tile[d], d, block[d]);
  /* A 2-D kernel's blocks along y in two layers along z, as libmintrt
     launches them where the grid's y does not hold them
     (mintrt_geometry_compute), an odd count leaving a block past the
     last row.  */
  if (k->ndims == 2 && !second)
    fputs ("  grid[2] = 2;\n  grid[1] = (grid[1] + 1) / 2;\n", out);
  if (second)
    fputs ("  if ((long long) grid[0] * grid[1] * grid[2] > ntiles)\n    {\n"
           "      std::fprintf (stderr, \"FAIL: too few tiles\\n\");\n"
           "      std::exit (1);\n    }\n", out);
  put_launch_call (out, k, fn, narrays, shared, second != NULL, scratch);
  if (second)
    put_launch_call (out, k, second, narrays, shared, 1, scratch);
  fputs ("}\n\n", out);
}

/* A launcher for function FN (K's tile and chunk) and its table entry
   (spec SPEC, shape SHAPE or -1 for a tuning variant, LEVEL asked, the
   level and sentence of plan P of K) into TABLE.  */
static void
put_launcher (FILE *out, FILE *table, const struct kir_kernel *k,
              const struct level_plan *p, const char *fn, int narrays,
              int spec, int shape, int level)
{
  int block[3];
  for (int d = 0; d < 3; d++)
    block[d] = k->tile[d] / k->chunk[d];
  put_launch_fn (out, k, fn, fn, NULL, false, narrays, k->tile, block,
                 (int) plan_dynamic_shared (p), NULL);
  fprintf (table, "  { \"%s\", %d, %d, %d, %d, \"%s\", opt_launch_%s, "
           "{ %d, %d, %d }, { %d, %d, %d } },\n", fn, spec, shape, level,
           p->level, p->description, fn, k->tile[0], k->tile[1], k->tile[2],
           k->chunk[0], k->chunk[1], k->chunk[2]);
}

/* Launchers of K as FN by its plan P where GENERAL (the kernel is printed
   for any strides), and of its MINT_SHARED_SUFFIX twin if P has one.  */
static void
put_launchers (FILE *out, FILE *table, const struct kir_kernel *k,
               const struct level_plan *p, const char *fn, bool general,
               int narrays, int spec, int shape, int level)
{
  char twin[128];
  if (general)
    put_launcher (out, table, k, p, fn, narrays, spec, shape, level);
  snprintf (twin, sizeof twin, "%s%s", fn, MINT_SHARED_SUFFIX);
  if (p->classes)
    put_launcher (out, table, k, p, twin, narrays, spec, shape, level);
}

/* Spec I at LEVEL autotuned: every variant of tune_candidates.  */
static int
put_tuned (FILE *out, FILE *table, int i, int level)
{
  const struct opt_spec *s = opt_spec_get (i);
  char name[64], fn[96], err[256];
  snprintf (name, sizeof name, "%s_L%d_auto", s->name, level);
  struct kir_kernel *k = opt_build (s, level, opt_shape_get (s->ndims, 0),
                                    name);
  k->shape_choice = KIR_SHAPE_TUNED;
  struct mint_plan *p = plan_kernel (k, false);
  int status = cuda_emit_variants (out, k, p, err, sizeof err);
  if (status != 0)
    fprintf (stderr, "FAIL: %s\n", err);
  for (int v = 0; v < p->ncandidates; v++)
    {
      tune_apply (k, &p->shapes[v]);
      snprintf (fn, sizeof fn, "%s%s%d", name, MINT_VARIANT_SUFFIX, v);
      put_launchers (out, table, k, &p->variants[v], fn,
                     plan_variant_has_general (p, v), s->narrays, i, -1,
                     level);
    }
  plan_free (p);
  kir_kernel_free (k);
  return status != 0;
}

int
main (int argc, char **argv)
{
  FILE *out = t_open_cu (argc, argv);
  if (!out)
    return 2;
  fputs ("#include <cstdio>\n#include <cstdlib>\n", out);
  /* Blocks in z for the chunked level-4 launchers: chunks of at most
     OPT_CHUNK planes, none empty (mintrt.h, MINT_CHUNKED_SUFFIX).  */
  fprintf (out, "static unsigned\nopt_chunks (long long n)\n{\n  long long "
           "c = (n + %d) / %d, chunk = (n + c - 1) / c;\n  return (unsigned) "
           "((n + chunk - 1) / chunk);\n}\n\n", OPT_CHUNK - 1, OPT_CHUNK);
  int status = 0;
  FILE *table = tmpfile ();
  if (!table)
    {
      perror ("tmpfile");
      return 1;
    }
  for (int i = 0; i < opt_spec_count (); i++)
    {
      const struct opt_spec *s = opt_spec_get (i);
      for (int level = 0; level <= 3; level++)
        {
          /* A flat spec runs as level 0 below level 3 (check_candidates
             in test-opt.cc checks that).  */
          if (s->flat && (level == 1 || level == 2))
            continue;
          for (int sh = 0; sh < opt_shape_count (s->ndims); sh++)
            {
              char name[64], err[256];
              snprintf (name, sizeof name, "%s_L%d_s%d", s->name, level, sh);
              struct kir_kernel *k
                = opt_build (s, level, opt_shape_get (s->ndims, sh), name);
              struct mint_plan *p = plan_kernel_shaped (k);
              if (cuda_emit_kernel (out, k, &p->kernel, err, sizeof err) != 0)
                {
                  fprintf (stderr, "FAIL: %s\n", err);
                  status = 1;
                }
              put_launchers (out, table, k, &p->kernel, name, true,
                             s->narrays, i, sh, level);
              plan_free (p);
              kir_kernel_free (k);
            }
          status |= put_tuned (out, table, i, level);
        }
    }
  /* Level 4: the temporal variant of every stencil that has one.  */
  FILE *temporal = tmpfile ();
  if (!temporal)
    {
      perror ("tmpfile");
      return 1;
    }
  for (int i = 0; i < opt_spec_count (); i++)
    {
      const struct opt_spec *s = opt_spec_get (i);
      /* [closing][chunked]: the launchers, and the kernels they launch:
         the chunked form for both where it is the only one.  */
      char name[64], fn[2][2][96], kernel[2][2][96], second[2][2][96];
      snprintf (name, sizeof name, "%s_L4", s->name);
      struct kir_kernel *k = opt_build (s, 4, opt_shape_get (s->ndims, 0),
                                        name);
      struct mint_plan *p = plan_kernel_shaped (k);
      const struct temporal_launch info = p->temporal.launch;
      bool constant = cuda_level4_constant_chunk (&p->temporal);
      for (int c = 0; c < 4; c++)
        {
          const char *form = c % 2 ? MINT_CHUNKED_SUFFIX : "";
          const char *kernel_form = c % 2 || !constant ? MINT_CHUNKED_SUFFIX
                                                       : "";
          const char *suffix = c / 2 ? MINT_CLOSING_SUFFIX
                                     : MINT_TEMPORAL_SUFFIX;
          snprintf (fn[c / 2][c % 2], sizeof fn[0][0], "%s%s%s", name,
                    suffix, form);
          snprintf (kernel[c / 2][c % 2], sizeof kernel[0][0], "%s%s%s",
                    name, suffix, kernel_form);
          snprintf (second[c / 2][c % 2], sizeof second[0][0], "%s%s%s", name,
                    c / 2 ? MINT_CLOSING_RELOAD_SUFFIX
                          : MINT_TEMPORAL_RELOAD_SUFFIX, kernel_form);
        }
      cuda_put_level4 (out, k, &p->temporal);
      if (info.steps)
        {
          bool closing = info.closing_tile[0] != 0;
          for (int chunked = 0; chunked < 2; chunked++)
            {
              put_launch_fn (out, k, fn[0][chunked], kernel[0][chunked],
                             second[0][chunked], chunked, s->narrays,
                             info.tile, info.block, info.shared, NULL);
              if (closing)
                put_launch_fn (out, k, fn[1][chunked], kernel[1][chunked],
                               second[1][chunked], chunked, s->narrays,
                               info.closing_tile, info.block,
                               info.closing_shared,
                               kir_type_cuda (k->arrays[info.read].elem));
            }
          fprintf (temporal, "  { \"%s\", %d, %d, %d, %d, %d, { opt_launch_%s, "
                   "opt_launch_%s }, { %s%s, %s%s } },\n", name, i, info.read,
                   info.write, info.steps, info.fewest, fn[0][0], fn[0][1],
                   closing ? "opt_launch_" : "nullptr", closing ? fn[1][0] : "",
                   closing ? "opt_launch_" : "nullptr",
                   closing ? fn[1][1] : "");
        }
      plan_free (p);
      kir_kernel_free (k);
    }
  fputs ("typedef void (*opt_launch_fn) (const long long *, const long long *,"
         " void *const *,\n    const long long *, const long long *);\n"
         "struct opt_kernel\n{\n  const char *name;\n  int spec, shape, level,"
         " effective;\n  const char *strategy;\n  opt_launch_fn launch;\n"
         "  int tile[3], chunk[3];\n};\n"
         "static const struct opt_kernel opt_kernels[] "
         "__attribute__ ((unused)) = {\n", out);
  rewind (table);
  int c;
  while ((c = fgetc (table)) != EOF)
    fputc (c, out);
  fclose (table);
  fputs ("};\ntypedef void (*opt_temporal_launch_fn) (const long long *, "
         "const long long *,\n    void *const *, const long long *, const "
         "long long *, unsigned long long *,\n    long long, unsigned long "
         "long, unsigned, void *);\nstruct opt_temporal_kernel\n{\n  const "
         "char *name;\n  int spec, read, write, steps, fewest;\n  "
         "/* [chunked] */\n  "
         "opt_temporal_launch_fn launch[2], closing[2];\n};\n"
         "static const "
         "struct opt_temporal_kernel opt_temporal_kernels[]\n"
         "  __attribute__ ((unused)) = {\n", out);
  rewind (temporal);
  while ((c = fgetc (temporal)) != EOF)
    fputc (c, out);
  fclose (temporal);
  fputs ("};\n", out);
  if (fclose (out) != 0)
    {
      perror (argv[1]);
      status = 1;
    }
  return status;
}
