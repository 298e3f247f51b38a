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
   ../include, NVRTC (nvrtc.h) in ../lib64.  nvcc preprocesses with the
   host compiler (gcc on PATH or $NVCC_CCBIN), which tells cicc its
   version, and reads options from $NVCC_PREPEND_FLAGS and
   $NVCC_APPEND_FLAGS.  */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "nvcc-identity.h"
#include "xalloc.h"

#include <dlfcn.h>
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
  "../include/cuda_runtime.h", "../include/crt/math_functions.hpp",
  "../lib64/libnvrtc.so", "../lib64/libnvrtc-builtins.so"
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
nvcc_identity (const char *file, const char *helper)
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
  if (helper)
    put_file (out, helper, helper);
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

/* The real directory of FILE, malloc'ed; NULL where FILE does not
   resolve.  */
static char *
real_directory (const char *file)
{
  char *real = realpath (file, NULL);

  if (real)
    *strrchr (real, '/') = '\0';
  return real;
}

char *
nvcc_toolkit_file (const char *file, const char *relative)
{
  char *dir = real_directory (file), *path;

  if (!dir)
    return NULL;
  path = mint_xasprintf ("%s/%s", dir, relative);
  free (dir);
  return path;
}

/* Whether $NAME gives nvcc options.  */
static int
options_in_environment_p (const char *name)
{
  const char *value = getenv (name);

  return value && value[strspn (value, " \t")] != '\0';
}

char *
nvcc_nvrtc_library (const char *file)
{
  static const char *const tools[] = { "ptxas", "fatbinary" };
  char *path, *library;

  if (options_in_environment_p ("NVCC_PREPEND_FLAGS")
      || options_in_environment_p ("NVCC_APPEND_FLAGS"))
    return NULL;
  for (size_t i = 0; i < sizeof tools / sizeof *tools; i++)
    {
      char *tool = nvcc_toolkit_file (file, tools[i]);
      int found = tool && executable_file_p (tool);

      free (tool);
      if (!found)
        return NULL;
    }
  path = nvcc_toolkit_file (file, "../lib64/libnvrtc.so");
  library = path ? realpath (path, NULL) : NULL;
  free (path);
  if (library && access (library, R_OK) != 0)
    {
      free (library);
      library = NULL;
    }
  return library;
}

char *
nvcc_nvrtc_helper (void)
{
  Dl_info self;
  char *dir, *helper;
  size_t len;

  if (!dladdr ((void *) nvcc_nvrtc_helper, &self) || !self.dli_fname
      || !(dir = real_directory (self.dli_fname)))
    return NULL;
  helper = mint_xasprintf ("%s/mint-nvrtc", dir);
  len = strlen (dir);
  if (!executable_file_p (helper) && len >= 6
      && strcmp (dir + len - 6, "/.libs") == 0)
    {
      free (helper);
      dir[len - 6] = '\0';
      helper = mint_xasprintf ("%s/mint-nvrtc", dir);
    }
  free (dir);
  if (executable_file_p (helper))
    return helper;
  free (helper);
  return NULL;
}

int
nvcc_cuda_version (const char *file)
{
  char *header = nvcc_toolkit_file (file, "../include/cuda.h"), line[256];
  int version = 0;
  FILE *in = header ? fopen (header, "r") : NULL;

  while (in && !version && fgets (line, sizeof line, in))
    sscanf (line, " #define CUDA_VERSION %d", &version);
  if (in)
    fclose (in);
  free (header);
  return version;
}
