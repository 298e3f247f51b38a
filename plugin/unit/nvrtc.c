/* nvrtc.c -- a unit's CUDA source into PTX with the CUDA toolkit's NVRTC
   library.  The library is loaded with dlopen, and only in the child
   process that compiles: cc1 itself never maps it.  The few functions
   used are declared here from NVRTC's documented C interface, so that
   the plugin builds without the toolkit's headers.  */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "nvrtc.h"
#include "xalloc.h"

#include <dlfcn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int nvrtc_result;       /* nvrtcResult: 0 is NVRTC_SUCCESS */
typedef struct nvrtc_program *nvrtc_program;

struct nvrtc_api
{
  nvrtc_result (*create) (nvrtc_program *, const char *, const char *, int,
                          const char *const *, const char *const *);
  nvrtc_result (*compile) (nvrtc_program, int, const char *const *);
  nvrtc_result (*log_size) (nvrtc_program, size_t *);
  nvrtc_result (*log) (nvrtc_program, char *);
  nvrtc_result (*ptx_size) (nvrtc_program, size_t *);
  nvrtc_result (*ptx) (nvrtc_program, char *);
  const char *(*error_string) (nvrtc_result);
};

/* The functions of LIBRARY into API; false (the reason on stderr) when
   it does not load or lacks one.  */
static bool
load_api (const char *library, struct nvrtc_api *api)
{
  static const char *const names[] = {
    "nvrtcCreateProgram", "nvrtcCompileProgram", "nvrtcGetProgramLogSize",
    "nvrtcGetProgramLog", "nvrtcGetPTXSize", "nvrtcGetPTX",
    "nvrtcGetErrorString"
  };
  void *handle = dlopen (library, RTLD_NOW | RTLD_LOCAL);
  void *symbols[sizeof names / sizeof *names];

  if (!handle)
    {
      fprintf (stderr, "cannot load %s: %s\n", library, dlerror ());
      return false;
    }
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    {
      symbols[i] = dlsym (handle, names[i]);
      if (!symbols[i])
        {
          fprintf (stderr, "%s has no %s\n", library, names[i]);
          return false;
        }
    }
  /* POSIX lets a data pointer from dlsym become a function pointer.  */
  memcpy (&api->create, &symbols[0], sizeof (void *));
  memcpy (&api->compile, &symbols[1], sizeof (void *));
  memcpy (&api->log_size, &symbols[2], sizeof (void *));
  memcpy (&api->log, &symbols[3], sizeof (void *));
  memcpy (&api->ptx_size, &symbols[4], sizeof (void *));
  memcpy (&api->ptx, &symbols[5], sizeof (void *));
  memcpy (&api->error_string, &symbols[6], sizeof (void *));
  return true;
}

/* NVRTC's log of PROGRAM onto stderr, where it has one.  */
static void
print_log (const struct nvrtc_api *api, nvrtc_program program)
{
  size_t size = 0;
  char *log;

  if (api->log_size (program, &size) != 0 || size <= 1)
    return;
  log = mint_xmalloc (size);
  if (api->log (program, log) == 0)
    fprintf (stderr, "%s", log);
  free (log);
}

/* The occurrences of the LEN bytes at NAME in TEXT.  */
static int
occurrences (const char *text, size_t text_len, const char *name, size_t len)
{
  int n = 0;

  for (const char *p = text;
       (p = memmem (p, text_len - (size_t) (p - text), name, len)); p += len)
    n++;
  return n;
}

/* Whether the line of LEN bytes at LINE declares a module variable whose
   name has "__nv_" and appears nowhere else in the PTX TEXT.  */
static bool
header_variable_p (const char *line, size_t len, const char *text,
                   size_t text_len)
{
  size_t end = 0, start;

  if (len < 8 || strncmp (line, ".global ", 8) != 0)
    return false;
  while (end < len && !strchr (";=[", line[end]))
    end++;
  while (end > 0 && line[end - 1] == ' ')
    end--;
  start = end;
  while (start > 0 && line[start - 1] != ' ')
    start--;
  return end > start
         && memmem (line + start, end - start, "__nv_", 5)
         && occurrences (text, text_len, line + start, end - start) == 1;
}

size_t
nvrtc_drop_header_variables (char *ptx, size_t len)
{
  char *copy = mint_xmalloc (len + 1);
  size_t kept = 0;

  memcpy (copy, ptx, len);
  for (size_t pos = 0; pos < len; )
    {
      const char *newline = memchr (copy + pos, '\n', len - pos);
      size_t line_len = newline ? (size_t) (newline - copy) - pos : len - pos;
      size_t with_newline = line_len + (newline != NULL);

      if (!header_variable_p (copy + pos, line_len, copy, len))
        {
          memcpy (ptx + kept, copy + pos, with_newline);
          kept += with_newline;
        }
      pos += with_newline;
    }
  free (copy);
  return kept;
}

/* PROGRAM's PTX, without NVRTC's header variables, into FILE.  */
static bool
write_ptx (const struct nvrtc_api *api, nvrtc_program program,
           const char *file)
{
  size_t size = 0, len;
  char *ptx;
  FILE *out;
  bool written;

  if (api->ptx_size (program, &size) != 0 || size == 0)
    {
      fprintf (stderr, "NVRTC made no PTX\n");
      return false;
    }
  ptx = mint_xmalloc (size);
  if (api->ptx (program, ptx) != 0)
    {
      free (ptx);
      fprintf (stderr, "NVRTC made no PTX\n");
      return false;
    }
  /* The size counts the terminating NUL, which the file does not get.  */
  len = nvrtc_drop_header_variables (ptx, strnlen (ptx, size));
  out = fopen (file, "wb");
  written = out && fwrite (ptx, 1, len, out) == len;
  if (out && fclose (out) != 0)
    written = false;
  if (!written)
    perror (file);
  free (ptx);
  return written;
}

int
nvrtc_write_ptx (const struct nvrtc_request *request)
{
  struct nvrtc_api api;
  nvrtc_program program;
  nvrtc_result rc;
  int noptions = 0;
  char *source;

  if (!load_api (request->library, &api))
    return NVRTC_EXIT_SETUP;
  /* NVRTC reads the source up to a NUL.  */
  source = mint_xmalloc (request->source_len + 1);
  memcpy (source, request->source, request->source_len);
  source[request->source_len] = '\0';
  while (request->options[noptions])
    noptions++;
  rc = api.create (&program, source, request->name, 0, NULL, NULL);
  if (rc != 0)
    {
      fprintf (stderr, "nvrtcCreateProgram: %s\n", api.error_string (rc));
      return NVRTC_EXIT_SETUP;
    }
  rc = api.compile (program, noptions, request->options);
  print_log (&api, program);
  if (rc != 0)
    {
      fprintf (stderr, "nvrtcCompileProgram: %s\n", api.error_string (rc));
      return NVRTC_EXIT_COMPILE;
    }
  return write_ptx (&api, program, request->ptx_file) ? 0 : NVRTC_EXIT_SETUP;
}
