/* nvcc-identity.c -- the nvcc a compile runs, and what decides its
   output besides the source and the options.

   A cache hit must not start nvcc, so its identity comes from the file
   system, not from `nvcc --version': the real path of nvcc and, for it
   and each file of its toolkit that takes part in making a fatbin, the
   size, the modification time and the status-change time.  That is finer
   than --version, which does not change when a toolkit is patched in
   place or one of its tools replaced; and the status-change time changes
   whenever a file is written or replaced, also by tools that keep the
   modification time (cp -p, tar, package managers).  A toolkit is found
   as nvcc finds it (bin/nvcc.profile): its sub-tools beside nvcc, cicc
   and libdevice in ../nvvm, the headers every source includes in
   ../include.  nvcc preprocesses with the host compiler (gcc on PATH or
   $NVCC_CCBIN), which tells cicc its version, and reads options from
   $NVCC_PREPEND_FLAGS and $NVCC_APPEND_FLAGS.  */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "nvcc-identity.h"
#include "xalloc.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The toolkit's files, relative to nvcc's real directory.  */
static const char *const toolkit_files[] = {
  "nvcc", "nvcc.profile", "cudafe++", "ptxas", "fatbinary",
  "../nvvm/bin/cicc", "../nvvm/libdevice/libdevice.10.bc",
  "../include/cuda_runtime.h", "../include/crt/math_functions.hpp"
};

/* The environment variables nvcc takes options or a host compiler
   from.  */
static const char *const nvcc_variables[] = {
  "NVCC_PREPEND_FLAGS", "NVCC_APPEND_FLAGS", "NVCC_CCBIN"
};

static int
executable_file_p (const char *path)
{
  struct stat st;

  return stat (path, &st) == 0 && S_ISREG (st.st_mode)
         && access (path, X_OK) == 0;
}

char *
nvcc_find (const char *program)
{
  const char *path = getenv ("PATH");

  if (strchr (program, '/'))
    return mint_xstrdup (program);
  if (!path)
    path = "/bin:/usr/bin";
  for (const char *p = path; ; )
    {
      size_t len = strcspn (p, ":");
      /* An empty element is the current directory.  */
      char *candidate = len
        ? mint_xasprintf ("%.*s/%s", (int) len, p, program)
        : mint_xstrdup (program);

      if (executable_file_p (candidate))
        return candidate;
      free (candidate);
      if (p[len] == '\0')
        return NULL;
      p += len + 1;
    }
}

/* Appends a line "NAME SIZE MTIME CTIME" for the file PATH ("NAME
   absent" where there is none) to OUT.  */
static void
put_file (FILE *out, const char *name, const char *path)
{
  struct stat st;

  if (stat (path, &st) != 0)
    fprintf (out, "%s absent\n", name);
  else
    fprintf (out, "%s %lld %lld.%09ld %lld.%09ld\n", name,
             (long long) st.st_size, (long long) st.st_mtim.tv_sec,
             st.st_mtim.tv_nsec, (long long) st.st_ctim.tv_sec,
             st.st_ctim.tv_nsec);
}

/* The host compiler nvcc preprocesses with: $NVCC_CCBIN (a compiler, or
   a directory that holds gcc), else gcc on PATH; malloc'ed, or NULL.  */
static char *
host_compiler (void)
{
  const char *ccbin = getenv ("NVCC_CCBIN");
  struct stat st;

  if (ccbin && *ccbin && stat (ccbin, &st) == 0 && S_ISDIR (st.st_mode))
    return mint_xasprintf ("%s/gcc", ccbin);
  return nvcc_find (ccbin && *ccbin ? ccbin : "gcc");
}

char *
nvcc_identity (const char *file)
{
  char *real = realpath (file, NULL);
  char *text = NULL, *dir, *slash, *compiler = host_compiler ();
  size_t len = 0;
  FILE *out = open_memstream (&text, &len);

  if (!out)
    {
      free (real);
      free (compiler);
      return NULL;
    }
  /* The variables' values are read as nvcc reads them: the cache is off
     anyway where getenv and secure_getenv differ (no cache directory).  */
  dir = mint_xstrdup (real ? real : file);
  slash = strrchr (dir, '/');
  if (slash)
    *slash = '\0';
  fprintf (out, "nvcc %s\n", real ? real : file);
  for (size_t i = 0; i < sizeof toolkit_files / sizeof *toolkit_files; i++)
    {
      char *path = mint_xasprintf ("%s/%s", slash ? dir : ".",
                                   toolkit_files[i]);
      put_file (out, toolkit_files[i], path);
      free (path);
    }
  if (compiler)
    put_file (out, compiler, compiler);
  else
    fprintf (out, "no host compiler\n");
  for (size_t i = 0; i < sizeof nvcc_variables / sizeof *nvcc_variables;
       i++)
    {
      const char *value = getenv (nvcc_variables[i]);
      fprintf (out, "%s%s%s\n", nvcc_variables[i], value ? "=" : " unset",
               value ? value : "");
    }
  free (dir);
  free (real);
  free (compiler);
  if (fclose (out) != 0)
    {
      free (text);
      return NULL;
    }
  return text;
}

int
nvcc_cuda_version (const char *file)
{
  char *real = realpath (file, NULL), *slash, *header, line[256];
  int version = 0;
  FILE *in;

  if (!real)
    return 0;
  slash = strrchr (real, '/');
  *slash = '\0';
  header = mint_xasprintf ("%s/../include/cuda.h", real);
  in = fopen (header, "r");
  while (in && !version && fgets (line, sizeof line, in))
    sscanf (line, " #define CUDA_VERSION %d", &version);
  if (in)
    fclose (in);
  free (header);
  free (real);
  return version;
}
