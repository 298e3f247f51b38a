/* gen-kernels.c -- writes every test kernel as CUDA into one file, the way
   the plugin writes one .cu per translation unit.  Usage: gen-kernels OUT  */

#include "emit-cuda.h"
#include "kir-test.h"

#include <stdio.h>

int
main (int argc, char **argv)
{
  if (argc != 2)
    {
      fprintf (stderr, "usage: %s OUT.cu\n", argv[0]);
      return 2;
    }
  FILE *out = fopen (argv[1], "w");
  if (!out)
    {
      perror (argv[1]);
      return 1;
    }
  cuda_emit_prelude (out);
  int status = 0;
  for (int i = 0; i < case_count (); i++)
    {
      struct kir_kernel *k = case_build (i);
      char err[256];
      if (cuda_emit_kernel (k, out, err, sizeof err) != 0)
        {
          fprintf (stderr, "FAIL: %s\n", err);
          status = 1;
        }
      kir_kernel_free (k);
    }
  if (fclose (out) != 0)
    {
      perror (argv[1]);
      status = 1;
    }
  return status;
}
