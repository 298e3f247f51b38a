/* mint-nvrtc.c -- the program the plugin runs to make PTX with NVRTC
   (nvrtc.h), installed beside mint.so:

     mint-nvrtc LIBRARY SOURCE PTX [OPTION...]

   compiles the CUDA file SOURCE with the NVRTC library LIBRARY and the
   NVRTC options OPTION..., writes the PTX to PTX; exit status 0, or an
   NVRTC_EXIT_ status with the reason on stderr.  A program of its own,
   not a child that fork made of cc1: in a copy of cc1 NVRTC's optimizer
   did not always make the PTX it makes in a fresh process, which nvcc's
   front end makes too.  */

#include "nvrtc.h"
#include "xalloc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The contents of FILE, malloc'ed, into *TEXT and *LEN; 0 or -1.  */
static int
read_source (const char *file, char **text, size_t *len)
{
  FILE *in = fopen (file, "rb");
  size_t capacity = 65536, got;

  if (!in)
    return -1;
  *text = mint_xmalloc (capacity);
  *len = 0;
  while ((got = fread (*text + *len, 1, capacity - *len, in)) > 0)
    {
      *len += got;
      if (*len == capacity)
        *text = mint_xrealloc (*text, capacity *= 2);
    }
  if (ferror (in))
    {
      fclose (in);
      return -1;
    }
  fclose (in);
  return 0;
}

int
main (int argc, char **argv)
{
  struct nvrtc_request request;
  char *source;
  size_t len;

  if (argc < 4)
    {
      fprintf (stderr, "usage: mint-nvrtc LIBRARY SOURCE PTX [OPTION...]\n");
      return NVRTC_EXIT_SETUP;
    }
  if (read_source (argv[2], &source, &len) != 0)
    {
      fprintf (stderr, "cannot read %s: %s\n", argv[2], strerror (errno));
      return NVRTC_EXIT_SETUP;
    }
  request.library = argv[1];
  request.source = source;
  request.source_len = len;
  request.name = argv[2];
  request.options = (const char *const *) argv + 4;
  request.ptx_file = argv[3];
  return nvrtc_write_ptx (&request);
}
