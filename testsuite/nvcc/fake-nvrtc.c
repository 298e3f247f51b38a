/* fake-nvrtc.c -- stands in for the CUDA toolkit's libnvrtc.so in
   nvrtc.sh: the functions the plugin loads, with what they do chosen by
   $FAKE_NVRTC:
     ok     the PTX of PTX_TEXT below (default)
     error  a failed compile with a log that names the source's line 3
     hang   nvrtcCompileProgram never returns (SIGTERM does not end it)
     crash  nvrtcCompileProgram dies of SIGSEGV
   Each compile appends its options, one line, to $FAKE_NVRTC_LOG and its
   process id and its parent's to $FAKE_NVRTC_PIDS, where they are set.  */

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Two variables of NVRTC's built-in headers, one that nothing refers to
   (the plugin drops it) and one that a kernel uses; a variable of the
   program's own.  */
static const char ptx_text[] =
  ".version 8.0\n"
  ".target sm_90\n"
  ".address_size 64\n"
  ".global .align 1 .u8 _ZN26__nv_unused_helperIjE5__valE;\n"
  ".global .align 4 .u32 _ZN9__nv_usedE;\n"
  ".global .align 8 .b8 mint_table[16];\n"
  ".visible .entry k()\n"
  "{\n"
  "  ld.global.u32 %r1, [_ZN9__nv_usedE];\n"
  "}\n";

static const char error_log[] = "mint.cu(3): error: the fake's error\n";

static const char *
mode (void)
{
  const char *m = getenv ("FAKE_NVRTC");

  return m && *m ? m : "ok";
}

static void
append (const char *variable, const char *line)
{
  const char *file = getenv (variable);
  FILE *f = file ? fopen (file, "a") : NULL;

  if (f)
    {
      fprintf (f, "%s\n", line);
      fclose (f);
    }
}

int
nvrtcCreateProgram (void **program, const char *source, const char *name,
                    int nheaders, const char *const *headers,
                    const char *const *include_names)
{
  (void) source, (void) name, (void) nheaders, (void) headers;
  (void) include_names;
  *program = (void *) ptx_text;
  return 0;
}

int
nvrtcCompileProgram (void *program, int noptions, const char *const *options)
{
  char line[4096] = "", pids[64];

  (void) program;
  for (int i = 0; i < noptions; i++)
    {
      if (i)
        strncat (line, " ", sizeof line - strlen (line) - 1);
      strncat (line, options[i], sizeof line - strlen (line) - 1);
    }
  append ("FAKE_NVRTC_LOG", line);
  snprintf (pids, sizeof pids, "%ld %ld", (long) getpid (),
            (long) getppid ());
  append ("FAKE_NVRTC_PIDS", pids);
  if (strcmp (mode (), "hang") == 0)
    {
      signal (SIGTERM, SIG_IGN);
      for (;;)
        pause ();
    }
  if (strcmp (mode (), "crash") == 0)
    raise (SIGSEGV);
  return strcmp (mode (), "error") == 0 ? 6 : 0;  /* 6: a compile error */
}

int
nvrtcGetProgramLogSize (void *program, size_t *size)
{
  (void) program;
  *size = strcmp (mode (), "error") == 0 ? sizeof error_log : 1;
  return 0;
}

int
nvrtcGetProgramLog (void *program, char *log)
{
  (void) program;
  strcpy (log, strcmp (mode (), "error") == 0 ? error_log : "");
  return 0;
}

int
nvrtcGetPTXSize (void *program, size_t *size)
{
  (void) program;
  *size = sizeof ptx_text;
  return 0;
}

int
nvrtcGetPTX (void *program, char *ptx)
{
  (void) program;
  memcpy (ptx, ptx_text, sizeof ptx_text);
  return 0;
}

const char *
nvrtcGetErrorString (int result)
{
  return result == 6 ? "NVRTC_ERROR_COMPILATION" : "NVRTC_SUCCESS";
}
