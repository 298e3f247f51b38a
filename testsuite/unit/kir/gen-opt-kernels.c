/* gen-opt-kernels.c -- writes the optimizer test kernels (opt-cases.h):
   every stencil at levels 0 to 3 with every block shape, and a table of
   launchers that test-opt.cc runs; a kernel with a variant whose arrays
   share strides (MINT_SHARED_SUFFIX) gets a second entry that runs the
   variant (the test's arrays all have one shape).  Then, in a second
   table, the level-4 variants that run several steps per launch
   (MINT_TEMPORAL_SUFFIX).  Usage:
   gen-opt-kernels OUT.cu  */

#include "emit-cuda.h"
#include "opt-cases.h"
#include "kir-test.h"

#include <stdio.h>

static const char axis[] = "xyz";

/* A launcher of kernel K (with SUFFIX) over a grid of TILE points per
   block, BLOCK threads each.  */
static void
put_launcher (FILE *out, const struct kir_kernel *k, const char *suffix,
              int narrays, const int *tile, const int *block)
{
  fprintf (out, "static void\nopt_launch_%s%s (const long long *lo, const "
           "long long *n, double *const *a,\n    const long long *row, const "
           "long long *plane)\n{\n  unsigned grid[3] = { 1, 1, 1 }, block[3] "
           "= { 1, 1, 1 };\n", k->name, suffix);
  for (int d = 0; d < k->ndims; d++)
    fprintf (out, "  grid[%d] = (unsigned) ((n[%d] + %d) / %d);\n  block[%d] "
             "= %d;\n", d, d, tile[d] - 1, tile[d], d, block[d]);
  fputs ("#ifdef __CUDACC__\n", out);
  fprintf (out, "  %s%s<<<dim3 (grid[0], grid[1], grid[2]), dim3 (block[0], "
           "block[1], block[2])>>> (", k->name, suffix);
  for (int pass = 0; pass < 2; pass++)
    {
      if (pass)
        fprintf (out, "#else\n  shim_launch (grid, block, [=] { %s%s (",
                 k->name, suffix);
      const char *sep = "";
      for (int d = 0; d < k->ndims; d++, sep = ", ")
        fprintf (out, "%slo[%d], n[%d]", sep, d, d);
      for (int i = 0; i < narrays; i++)
        fprintf (out, ", a[%d], row[%d], plane[%d]", i, i, i);
      fputs (pass ? "); });\n#endif\n}\n\n" : ");\n", out);
    }
  (void) axis;
}

int
main (int argc, char **argv)
{
  FILE *out = t_open_cu (argc, argv);
  if (!out)
    return 2;
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
      for (int sh = 0; sh < opt_shape_count (s->ndims); sh++)
        for (int level = 0; level <= 3; level++)
          {
            char name[64], err[256], why[512], classes[128];
            snprintf (name, sizeof name, "%s_L%d_s%d", s->name, level, sh);
            struct kir_kernel *k = opt_build (s, level,
                                              opt_shape_get (s->ndims, sh),
                                              name);
            int got = cuda_emit_strategy (k, why, sizeof why);
            if (cuda_emit_kernel (k, out, classes, err, sizeof err) != 0)
              {
                fprintf (stderr, "FAIL: %s\n", err);
                status = 1;
              }
            int block[3];
            for (int d = 0; d < 3; d++)
              block[d] = k->tile[d] / k->chunk[d];
            for (int shared = 0; shared <= (classes[0] != '\0'); shared++)
              {
                const char *suffix = shared ? MINT_SHARED_SUFFIX : "";
                put_launcher (out, k, suffix, s->narrays, k->tile, block);
                fprintf (table, "  { \"%s%s\", %d, %d, %d, %d, \"%s\", "
                         "opt_launch_%s%s },\n", name, suffix, i, sh, level,
                         got, why, name, suffix);
              }
            kir_kernel_free (k);
          }
    }
  /* Level 4: the temporal variant of every 3-D stencil that has one.  */
  FILE *temporal = tmpfile ();
  if (!temporal)
    {
      perror ("tmpfile");
      return 1;
    }
  for (int i = 0; i < opt_spec_count (); i++)
    {
      const struct opt_spec *s = opt_spec_get (i);
      char name[64], why[512];
      struct cuda_temporal info;
      snprintf (name, sizeof name, "%s_L4", s->name);
      struct kir_kernel *k = opt_build (s, 4, opt_shape_get (s->ndims, 0),
                                        name);
      if (cuda_emit_temporal (k, out, &info, why, sizeof why))
        {
          put_launcher (out, k, MINT_TEMPORAL_SUFFIX, s->narrays, info.tile,
                        info.block);
          fprintf (temporal, "  { \"%s\", %d, %d, %d, %d, opt_launch_%s%s "
                   "},\n", name, i, info.read, info.write, info.steps, name,
                   MINT_TEMPORAL_SUFFIX);
        }
      kir_kernel_free (k);
    }
  fputs ("typedef void (*opt_launch_fn) (const long long *, const long long *,"
         " double *const *,\n    const long long *, const long long *);\n"
         "struct opt_kernel\n{\n  const char *name;\n  int spec, shape, level,"
         " effective;\n  const char *strategy;\n  opt_launch_fn launch;\n};\n"
         "static const struct opt_kernel opt_kernels[] __attribute__ ((unused))"
         " = {\n", out);
  rewind (table);
  int c;
  while ((c = fgetc (table)) != EOF)
    fputc (c, out);
  fclose (table);
  fputs ("};\nstruct opt_temporal_kernel\n{\n  const char *name;\n  int spec, "
         "read, write, steps;\n  opt_launch_fn launch;\n};\nstatic const "
         "struct opt_temporal_kernel opt_temporal_kernels[]\n  __attribute__ ((unused)) = {\n", out);
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
