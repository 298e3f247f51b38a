/* nvcc.c -- compiling one translation unit's CUDA source into a fatbin by
   running nvcc.  Plain C: cc1 does not export pex_one, so the child runs
   through posix_spawnp with its stdout and stderr captured in a pipe.  */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "nvcc.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#define MAX_ARCHS 16
#define MAX_ARCH_NAME 16
/* Enough of a failing nvcc's output to see what went wrong.  */
#define MAX_CAPTURED_OUTPUT 16384

static void *
xalloc (size_t size)
{
  void *p = malloc (size ? size : 1);
  if (!p)
    {
      fputs ("mint: out of memory\n", stderr);
      exit (1);
    }
  return p;
}

static char *
xstrdup_printf (const char *fmt, ...)
{
  va_list ap;
  char *s;

  va_start (ap, fmt);
  if (vasprintf (&s, fmt, ap) < 0)
    {
      fputs ("mint: out of memory\n", stderr);
      exit (1);
    }
  va_end (ap);
  return s;
}

/* ---- Architecture list ----------------------------------------------- */

struct arch_list
{
  int n;
  char name[MAX_ARCHS][MAX_ARCH_NAME];   /* "sm_90", "sm_90a" */
};

/* sm_ followed by 2 or 3 digits and an optional variant suffix: sm_90,
   sm_90a (architecture-specific), sm_100f (family-specific).  */
static int
valid_arch_name (const char *s, size_t len)
{
  size_t i = 3;

  if (strncmp (s, "sm_", 3) != 0)
    return 0;
  while (i < len && s[i] >= '0' && s[i] <= '9')
    i++;
  if (i < 5 || i > 6)
    return 0;
  if (i < len && (s[i] == 'a' || s[i] == 'f'))
    i++;
  return i == len;
}

/* Splits LIST at commas into ARCHS.  Returns 0, or -1 with *ERROR set.  */
static int
parse_arch_list (const char *list, struct arch_list *archs, char **error)
{
  const char *p = list;

  archs->n = 0;
  for (;;)
    {
      size_t len = strcspn (p, ",");

      if (archs->n == MAX_ARCHS)
        {
          *error = xstrdup_printf ("too many GPU architectures in '%s' "
                                   "(at most %d)", list, MAX_ARCHS);
          return -1;
        }
      if (!valid_arch_name (p, len))
        {
          *error = xstrdup_printf ("invalid GPU architecture '%.*s' in '%s': "
                                   "expected a list like sm_80,sm_90",
                                   (int) len, p, list);
          return -1;
        }
      memcpy (archs->name[archs->n], p, len);
      archs->name[archs->n][len] = '\0';
      archs->n++;
      if (p[len] == '\0')
        return 0;
      p += len + 1;
    }
}

/* The index of the newest architecture (highest number) of ARCHS.  */
static int
newest_arch (const struct arch_list *archs)
{
  int best = 0;

  for (int i = 1; i < archs->n; i++)
    if (atoi (archs->name[i] + 3) > atoi (archs->name[best] + 3))
      best = i;
  return best;
}

/* Whether NAME is one of the lines of TEXT.  */
static int
has_line (const char *text, const char *name)
{
  size_t len = strlen (name);

  for (const char *p = text; *p; )
    {
      size_t line_len = strcspn (p, "\r\n");
      if (line_len == len && strncmp (p, name, len) == 0)
        return 1;
      p += line_len;
      p += strspn (p, "\r\n");
    }
  return 0;
}

static char *
join_archs (const struct arch_list *archs)
{
  char *s = xalloc ((size_t) archs->n * MAX_ARCH_NAME);

  s[0] = '\0';
  for (int i = 0; i < archs->n; i++)
    {
      if (i)
        strcat (s, ",");
      strcat (s, archs->name[i]);
    }
  return s;
}

/* ---- Running a program ------------------------------------------------ */

static char *
command_line (char *const argv[])
{
  size_t len = 1;
  char *s;

  for (int i = 0; argv[i]; i++)
    len += strlen (argv[i]) + 1;
  s = xalloc (len);
  s[0] = '\0';
  for (int i = 0; argv[i]; i++)
    {
      if (i)
        strcat (s, " ");
      strcat (s, argv[i]);
    }
  return s;
}

/* Reads FD to its end into a malloc'ed string, keeping at most
   MAX_CAPTURED_OUTPUT bytes.  */
static char *
read_all (int fd)
{
  char *buf = xalloc (MAX_CAPTURED_OUTPUT + sizeof "\n[...]");
  size_t len = 0;
  int truncated = 0;
  char chunk[4096];

  for (;;)
    {
      ssize_t got = read (fd, chunk, sizeof chunk);
      if (got < 0 && errno == EINTR)
        continue;
      if (got <= 0)
        break;
      size_t keep = (size_t) got;
      if (keep > MAX_CAPTURED_OUTPUT - len)
        {
          keep = MAX_CAPTURED_OUTPUT - len;
          truncated = 1;
        }
      memcpy (buf + len, chunk, keep);
      len += keep;
    }
  while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == '\r'))
    len--;
  buf[len] = '\0';
  if (truncated)
    strcat (buf, "\n[...]");
  return buf;
}

/* Runs ARGV (ARGV[0] searched in PATH when it has no '/'), stdin from
   /dev/null, stdout and stderr into *OUTPUT (malloc'ed).  Returns 0 when it
   exited with status 0, else -1 with *ERROR saying what happened.  */
static int
run_capture (char *const argv[], char **output, char **error)
{
  posix_spawn_file_actions_t actions;
  int pipefd[2];
  pid_t pid;
  int status, rc;
  char *cmd;

  *output = NULL;
  *error = NULL;
  if (pipe2 (pipefd, O_CLOEXEC) != 0)
    {
      *error = xstrdup_printf ("cannot create a pipe for '%s': %s", argv[0],
                               strerror (errno));
      return -1;
    }
  posix_spawn_file_actions_init (&actions);
  posix_spawn_file_actions_addopen (&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2 (&actions, pipefd[1], 1);
  posix_spawn_file_actions_adddup2 (&actions, pipefd[1], 2);
  rc = posix_spawnp (&pid, argv[0], &actions, NULL, argv, environ);
  posix_spawn_file_actions_destroy (&actions);
  close (pipefd[1]);
  if (rc != 0)
    {
      close (pipefd[0]);
      *error = xstrdup_printf ("cannot run '%s': %s (the CUDA toolkit's nvcc "
                               "is needed; -fplugin-arg-mint-nvcc=PATH "
                               "names it)", argv[0], strerror (rc));
      return -1;
    }
  *output = read_all (pipefd[0]);
  close (pipefd[0]);
  while (waitpid (pid, &status, 0) < 0)
    if (errno != EINTR)
      {
        *error = xstrdup_printf ("cannot wait for '%s': %s", argv[0],
                                 strerror (errno));
        return -1;
      }
  if (WIFEXITED (status) && WEXITSTATUS (status) == 0)
    return 0;
  cmd = command_line (argv);
  if (WIFEXITED (status))
    *error = xstrdup_printf ("'%s' failed with exit status %d:\n%s", cmd,
                             WEXITSTATUS (status), *output);
  else
    *error = xstrdup_printf ("'%s' was killed by signal %d (%s):\n%s", cmd,
                             WTERMSIG (status), strsignal (WTERMSIG (status)),
                             *output);
  free (cmd);
  return -1;
}

/* ---- Temporary files -------------------------------------------------- */

/* Creates an empty file $TMPDIR/mint-XXXXXX<SUFFIX>; returns its malloc'ed
   name, or NULL with *ERROR set.  */
static char *
make_temp_file (const char *suffix, char **error)
{
  const char *dir = getenv ("TMPDIR");
  char *name;
  int fd;

  if (!dir || !*dir)
    dir = P_tmpdir;
  name = xstrdup_printf ("%s/mint-XXXXXX%s", dir, suffix);
  fd = mkstemps (name, (int) strlen (suffix));
  if (fd < 0)
    {
      *error = xstrdup_printf ("cannot create a temporary file in %s: %s", dir,
                               strerror (errno));
      free (name);
      return NULL;
    }
  close (fd);
  return name;
}

static int
write_file (const char *name, const char *data, size_t len, char **error)
{
  FILE *f = fopen (name, "wb");

  if (f && fwrite (data, 1, len, f) == len && fclose (f) == 0)
    return 0;
  *error = xstrdup_printf ("cannot write %s: %s", name, strerror (errno));
  if (f)
    fclose (f);
  return -1;
}

static int
read_file (const char *name, unsigned char **data, size_t *len, char **error)
{
  FILE *f = fopen (name, "rb");
  struct stat st;

  *data = NULL;
  if (f && fstat (fileno (f), &st) == 0)
    {
      *len = (size_t) st.st_size;
      *data = xalloc (*len);
      if (fread (*data, 1, *len, f) == *len)
        {
          fclose (f);
          return 0;
        }
    }
  *error = xstrdup_printf ("cannot read %s: %s", name, strerror (errno));
  free (*data);
  *data = NULL;
  if (f)
    fclose (f);
  return -1;
}

/* ---- nvcc ------------------------------------------------------------- */

/* The default architectures this nvcc supports (nvcc --list-gpu-code):
   CUDA 13 dropped sm_70, for instance.  */
static int
default_archs (const char *nvcc, struct arch_list *archs, char **error)
{
  char *argv[] = { (char *) nvcc, (char *) "--list-gpu-code", NULL };
  struct arch_list all;
  char *supported;

  parse_arch_list (NVCC_DEFAULT_ARCHS, &all, error);
  if (run_capture (argv, &supported, error) != 0)
    {
      free (supported);
      return -1;
    }
  archs->n = 0;
  for (int i = 0; i < all.n; i++)
    if (has_line (supported, all.name[i]))
      strcpy (archs->name[archs->n++], all.name[i]);
  free (supported);
  if (archs->n == 0)
    {
      *error = xstrdup_printf ("'%s' supports none of the default GPU "
                               "architectures %s; choose some with "
                               "-fplugin-arg-mint-arch=", nvcc,
                               NVCC_DEFAULT_ARCHS);
      return -1;
    }
  return 0;
}

/* -gencode arguments: SASS for every architecture, PTX for the newest.
   ARGV receives 2 * ARCHS->n malloc'ed strings.  */
static int
gencode_args (const struct arch_list *archs, char **argv)
{
  int newest = newest_arch (archs);
  int n = 0;

  for (int i = 0; i < archs->n; i++)
    {
      const char *version = archs->name[i] + 3;
      argv[n++] = xstrdup_printf ("-gencode");
      argv[n++] = i == newest
        ? xstrdup_printf ("arch=compute_%s,code=[sm_%s,compute_%s]", version,
                          version, version)
        : xstrdup_printf ("arch=compute_%s,code=sm_%s", version, version);
    }
  return n;
}

/* Whether ERROR, nvcc's failure, may be that it does not know --threads
   (an older CUDA): an unknown option, where the command line names
   --threads (another unknown option only costs a second run).  */
static bool
threads_unknown_p (const char *error)
{
  return error && strstr (error, "Unknown option") && strstr (error, "threads");
}

/* nvcc compiles the architectures in parallel, one thread each
   (--threads: 40 nests for sm_80 and sm_90 took 73-75 s instead of 89-91
   on two cores).  */
static int
run_nvcc (const struct nvcc_job *job, const struct arch_list *archs,
          const char *cu, const char *fatbin, char **error)
{
  char *argv[11 + 2 * MAX_ARCHS];
  char *output, *threads = xstrdup_printf ("%d", archs->n);
  int n = 0, ngencode, rc;

  argv[n++] = (char *) job->nvcc;
  argv[n++] = (char *) "-fatbin";
  argv[n++] = (char *) "-O3";
  ngencode = gencode_args (archs, argv + n);
  n += ngencode;
  if (job->no_contraction)
    argv[n++] = (char *) "-fmad=false";
  argv[n++] = (char *) "-o";
  argv[n++] = (char *) fatbin;
  argv[n++] = (char *) cu;
  if (archs->n > 1)
    {
      argv[n++] = (char *) "--threads";
      argv[n++] = threads;
    }
  argv[n] = NULL;
  rc = run_capture (argv, &output, error);
  free (output);
  if (rc != 0 && archs->n > 1 && threads_unknown_p (*error))
    {
      free (*error);
      argv[n - 2] = NULL;
      rc = run_capture (argv, &output, error);
      free (output);
    }
  for (int i = 3; i < 3 + ngencode; i++)
    free (argv[i]);
  free (threads);
  return rc;
}

int
nvcc_compile_fatbin (const struct nvcc_job *job, struct nvcc_result *result)
{
  struct arch_list archs;
  char *cu = NULL, *fatbin = NULL;
  int rc = -1;

  memset (result, 0, sizeof *result);
  if ((job->arch_list
       ? parse_arch_list (job->arch_list, &archs, &result->error)
       : default_archs (job->nvcc, &archs, &result->error)) != 0)
    return -1;
  result->archs = join_archs (&archs);

  cu = make_temp_file (".cu", &result->error);
  if (cu)
    fatbin = make_temp_file (".fatbin", &result->error);
  if (fatbin
      && write_file (cu, job->source, job->source_len, &result->error) == 0
      && run_nvcc (job, &archs, cu, fatbin, &result->error) == 0)
    rc = read_file (fatbin, &result->fatbin, &result->size, &result->error);
  if (rc == 0 && result->size == 0)
    {
      /* An empty image would only fail when the program runs.  */
      result->error = xstrdup_printf ("'%s' succeeded but wrote an empty "
                                      "fatbin", job->nvcc);
      rc = -1;
    }
  if (cu)
    unlink (cu);
  if (fatbin)
    unlink (fatbin);
  free (cu);
  free (fatbin);
  return rc;
}

void
nvcc_result_free (struct nvcc_result *result)
{
  free (result->fatbin);
  free (result->archs);
  free (result->error);
  memset (result, 0, sizeof *result);
}
