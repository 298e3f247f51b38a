/* gen-kernels.c -- writes every test kernel as CUDA into one file, the way
   the plugin writes one .cu per translation unit.  Usage: gen-kernels OUT  */

#include "kir-test.h"

#include <stdio.h>

int
main (int argc, char **argv)
{
  FILE *out = t_open_cu (argc, argv);
  if (!out)
    return 2;
  int status = 0;
  for (int i = 0; i < case_count (); i++)
    {
      struct kir_kernel *k = case_build (i);
      char err[256];
      if (t_emit (out, k, NULL, err, sizeof err) != 0)
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
