/* nvcc.c -- compiling one translation unit's CUDA source into a fatbin by
   running nvcc.  Plain C: cc1 does not export pex_one, so the child runs
   through posix_spawnp (posix_spawn of the file the device-code cache
   found, whose identity its key holds) with its stdout and stderr
   captured in a pipe.

   nvcc hands paths under $TMPDIR to its sub-tools through a shell, so it
   gets a private temporary directory with a name a shell takes literally
   as its TMPDIR.  It runs in a process group of its own under a time
   limit, its output is kept to a bounded head and tail, and what it wrote
   is checked to be a fatbin.  The directory goes away whatever happens:
   on a signal that ends cc1 too, which then dies of that signal.

   Where the toolkit has NVRTC (job->nvrtc), the plugin's mint-nvrtc
   makes the PTX with it (nvrtc.h), under the same limits, and ptxas and
   fatbinary run as nvcc runs them.  */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "nvcc.h"
#include "interrupts.h"
#include "nvcc-identity.h"
#include "little-endian.h"
#include "xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

#define MAX_ARCHS NVCC_MAX_ARCHS
#define MAX_ARCH_NAME NVCC_MAX_ARCH_NAME

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
          *error = mint_xasprintf ("too many GPU architectures in '%s' "
                                   "(at most %d)", list, MAX_ARCHS);
          return -1;
        }
      if (!valid_arch_name (p, len))
        {
          *error = mint_xasprintf ("invalid GPU architecture '%.*s' in '%s': "
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
  char *s = mint_xmalloc ((size_t) archs->n * MAX_ARCH_NAME);

  s[0] = '\0';
  for (int i = 0; i < archs->n; i++)
    {
      if (i)
        strcat (s, ",");
      strcat (s, archs->name[i]);
    }
  return s;
}

/* ---- The private temporary directory ---------------------------------- */

/* Whether a shell takes PATH literally: nvcc pastes $TMPDIR unquoted into
   the command lines of its sub-tools.  */
static bool
shell_safe_path_p (const char *path)
{
  static const char safe[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                             "abcdefghijklmnopqrstuvwxyz0123456789/._+-";

  return path[strspn (path, safe)] == '\0';
}

/* Creates BASE/mint-XXXXXX, mode 0700, when BASE is a directory we may
   use whose absolute name is shell safe; returns its malloc'ed absolute
   name, or NULL.  */
static char *
make_private_dir_in (const char *base)
{
  struct stat st;
  char *real, *dir;

  if (!base || !*base || stat (base, &st) != 0 || !S_ISDIR (st.st_mode)
      || access (base, R_OK | W_OK | X_OK) != 0)
    return NULL;
  real = realpath (base, NULL);
  if (!real)
    return NULL;
  dir = shell_safe_path_p (real)
    ? mint_xasprintf ("%s/mint-XXXXXX", strcmp (real, "/") ? real : "")
    : NULL;
  free (real);
  if (dir && !mkdtemp (dir))
    {
      free (dir);
      dir = NULL;
    }
  return dir;
}

/* The private directory for nvcc, in the first place GCC's choose_tmpdir
   (libiberty) would take: $TMPDIR, $TMP, $TEMP, P_tmpdir, /var/tmp,
   /usr/tmp, /tmp, the current directory; passing over those that are no
   writable directory, as GCC does, and those whose names a shell would
   not take literally.  NULL with *ERROR set when none will do.  */
static char *
make_private_dir (char **error)
{
  static const char *const variables[] = { "TMPDIR", "TMP", "TEMP" };
  static const char *const fallbacks[] = { P_tmpdir, "/var/tmp", "/usr/tmp",
                                           "/tmp", "." };
  char *dir = NULL;

  for (size_t i = 0; !dir && i < sizeof variables / sizeof *variables; i++)
    dir = make_private_dir_in (secure_getenv (variables[i]));
  for (size_t i = 0; !dir && i < sizeof fallbacks / sizeof *fallbacks; i++)
    dir = make_private_dir_in (fallbacks[i]);
  if (!dir)
    *error = mint_xasprintf ("no directory for nvcc's temporary files: none "
                             "of $TMPDIR, $TMP, $TEMP, %s, /var/tmp, "
                             "/usr/tmp, /tmp and the current directory is "
                             "a writable directory whose name has only "
                             "letters, digits and '/._+-'", P_tmpdir);
  return dir;
}

static int
remove_entry (const char *path, const struct stat *st, int type,
              struct FTW *ftw)
{
  (void) st, (void) type, (void) ftw;
  remove (path);
  return 0;
}

/* Removes DIR and whatever nvcc left in it (a stopped nvcc leaves its
   own temporary files).  */
static void
remove_private_dir (const char *dir)
{
  nftw (dir, remove_entry, 8, FTW_DEPTH | FTW_PHYS);
}

/* environ with TMPDIR_SETTING ("TMPDIR=...") in place of any TMPDIR
   (nvcc reads no other variable for its temporary files).  */
static char **
environment_with (char *tmpdir_setting)
{
  size_t n = 0, k = 0;
  char **envp;

  while (environ[n])
    n++;
  envp = mint_xmalloc ((n + 2) * sizeof *envp);
  envp[k++] = tmpdir_setting;
  for (size_t i = 0; i < n; i++)
    if (strncmp (environ[i], "TMPDIR=", 7) != 0)
      envp[k++] = environ[i];
  envp[k] = NULL;
  return envp;
}

/* ---- A session: the directory and the signals ------------------------ */

/* What nvcc_compile_fatbin sets up for its nvcc runs, and undoes.  A
   signal that ends cc1 (interrupts.h) stops the nvcc that runs; the
   private directory is removed before it is raised again.  */
struct session
{
  char *dir;                    /* the private directory, nvcc's TMPDIR */
  char *tmpdir_setting;         /* "TMPDIR=" DIR */
  char **envp;                  /* nvcc's environment */
  const char *program;          /* the file to run; NULL: argv[0] searched
                                   in PATH */
  unsigned timeout;             /* seconds per nvcc run; 0: no limit */
  struct interrupts held;       /* nvcc's signal mask is cc1's */
};

/* Holds the signals back, then makes the private directory.  Returns 0,
   or -1 with *ERROR set; call session_end either way.  */
static int
session_begin (struct session *s, const struct nvcc_job *job, char **error)
{
  memset (s, 0, sizeof *s);
  s->program = job->nvcc_file;
  s->timeout = job->timeout;
  interrupts_hold (&s->held);
  s->dir = make_private_dir (error);
  if (!s->dir)
    return -1;
  s->tmpdir_setting = mint_xasprintf ("TMPDIR=%s", s->dir);
  s->envp = environment_with (s->tmpdir_setting);
  return 0;
}

/* Removes the private directory and lets the signals through again.  */
static void
session_end (struct session *s)
{
  if (s->dir)
    remove_private_dir (s->dir);
  free (s->dir);
  free (s->tmpdir_setting);
  free (s->envp);
  interrupts_release (&s->held);
}

/* ---- Output: a bounded head and tail ----------------------------------- */

/* Enough of a failing nvcc's output to see what went wrong, however much
   it writes: its first and its last bytes.  */
#define CAPTURE_HEAD 8192
#define CAPTURE_TAIL 8192

struct capture
{
  char head[CAPTURE_HEAD];
  size_t head_len;
  char tail[CAPTURE_TAIL];      /* a ring: the last bytes after the head */
  unsigned long long after_head;        /* bytes after the head, in all */
};

static void
capture_add (struct capture *c, const char *data, size_t len)
{
  size_t room = CAPTURE_HEAD - c->head_len;
  size_t n = len < room ? len : room;
  size_t unseen = len - n > CAPTURE_TAIL ? len - n - CAPTURE_TAIL : 0;

  memcpy (c->head + c->head_len, data, n);
  c->head_len += n;
  c->after_head += unseen;
  for (size_t i = n + unseen; i < len; i++)
    c->tail[c->after_head++ % CAPTURE_TAIL] = data[i];
}

/* The captured output as a malloc'ed string without trailing newlines;
   what the middle had is left out.  */
static char *
capture_text (const struct capture *c)
{
  size_t kept = c->after_head < CAPTURE_TAIL ? c->after_head : CAPTURE_TAIL;
  size_t start = (size_t) ((c->after_head - kept) % CAPTURE_TAIL);
  char *text = mint_xmalloc (c->head_len + kept + 64);
  size_t len = c->head_len;

  memcpy (text, c->head, c->head_len);
  if (c->after_head > kept)
    len += sprintf (text + len, "\n[... %llu bytes left out ...]\n",
                    c->after_head - kept);
  for (size_t i = 0; i < kept; i++)
    text[len++] = c->tail[(start + i) % CAPTURE_TAIL];
  while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == '\r'))
    len--;
  text[len] = '\0';
  return text;
}

/* Reads once from FD into C; false at its end (or when nothing is there
   to read on a non-blocking FD).  */
static bool
capture_read (struct capture *c, int fd)
{
  char chunk[65536];
  ssize_t got = read (fd, chunk, sizeof chunk);

  if (got > 0)
    capture_add (c, chunk, (size_t) got);
  return got > 0 || (got < 0 && errno == EINTR);
}

/* ---- Running a program ------------------------------------------------ */

/* After the time limit nvcc's process group gets SIGTERM, and SIGKILL
   this many seconds later.  */
#define KILL_GRACE_SECONDS 2

static char *
command_line (char *const argv[])
{
  size_t len = 1;
  char *s;

  for (int i = 0; argv[i]; i++)
    len += strlen (argv[i]) + 1;
  s = mint_xmalloc (len);
  s[0] = '\0';
  for (int i = 0; argv[i]; i++)
    {
      if (i)
        strcat (s, " ");
      strcat (s, argv[i]);
    }
  return s;
}

static struct timespec
seconds_from_now (unsigned seconds)
{
  struct timespec t;

  clock_gettime (CLOCK_MONOTONIC, &t);
  t.tv_sec += seconds;
  return t;
}

/* The time from now to DEADLINE in *LEFT; false when it has passed.  */
static bool
time_left (const struct timespec *deadline, struct timespec *left)
{
  struct timespec now;

  clock_gettime (CLOCK_MONOTONIC, &now);
  left->tv_sec = deadline->tv_sec - now.tv_sec;
  left->tv_nsec = deadline->tv_nsec - now.tv_nsec;
  if (left->tv_nsec < 0)
    {
      left->tv_nsec += 1000000000L;
      left->tv_sec--;
    }
  return left->tv_sec >= 0;
}

/* Whether PID has exited (it stays a zombie, and so does its process
   group's number).  */
static bool
exited_p (pid_t pid)
{
  siginfo_t info;

  info.si_pid = 0;
  if (waitid (P_PID, pid, &info, WEXITED | WNOHANG | WNOWAIT) != 0)
    return errno != EINTR;
  return info.si_pid == pid;
}

enum run_end { RUN_EXITED, RUN_TIMED_OUT, RUN_INTERRUPTED };

/* Reads PID's output from FD into OUT until PID exits: by itself, after
   S->timeout seconds (SIGTERM to its process group, SIGKILL
   KILL_GRACE_SECONDS later), or on a signal to cc1 (SIGKILL).  Signals
   reach cc1 only while it waits here.  Then kills what is left of the
   group, takes the rest of the output that is there, and reaps PID into
   *STATUS.  */
static enum run_end
wait_for (const struct session *s, pid_t pid, int fd, struct capture *out,
          int *status)
{
  enum run_end end = RUN_EXITED;
  bool has_deadline = s->timeout > 0;
  struct timespec deadline = seconds_from_now (s->timeout), left;

  while (!exited_p (pid))
    {
      struct pollfd pipe_in = { fd, POLLIN, 0 };

      if (interrupts_caught () && end != RUN_INTERRUPTED)
        {
          kill (-pid, SIGKILL);
          end = RUN_INTERRUPTED;
          has_deadline = false;
        }
      if (has_deadline && !time_left (&deadline, &left))
        {
          /* SIGTERM at the time limit, SIGKILL after the grace.  */
          kill (-pid, end == RUN_TIMED_OUT ? SIGKILL : SIGTERM);
          has_deadline = end != RUN_TIMED_OUT;
          end = RUN_TIMED_OUT;
          deadline = seconds_from_now (KILL_GRACE_SECONDS);
          continue;
        }
      if (ppoll (&pipe_in, fd >= 0, has_deadline ? &left : NULL,
                 &s->held.wait_mask) > 0
          && !capture_read (out, fd))
        {
          close (fd);
          fd = -1;
        }
    }
  kill (-pid, SIGKILL);
  if (fd >= 0)
    {
      fcntl (fd, F_SETFL, O_NONBLOCK);
      while (capture_read (out, fd))
        ;
      close (fd);
    }
  /* Nothing else reaps PID, and no signal gets through here.  */
  if (waitpid (pid, status, 0) != pid)
    *status = 127 << 8;         /* as a shell reports "cannot run" */
  return end;
}

/* What happened to ARGV, which ended as END with STATUS and wrote OUTPUT
   (the time limit was TIMEOUT seconds): a malloc'ed message.  */
static char *
run_failure (char *const argv[], enum run_end end, int status,
             unsigned timeout, const char *output)
{
  char *cmd = command_line (argv), *what, *message;

  if (end == RUN_INTERRUPTED)
    what = mint_xasprintf ("was stopped: cc1 got signal %d (%s)",
                           interrupts_caught (),
                           strsignal (interrupts_caught ()));
  else if (end == RUN_TIMED_OUT)
    what = mint_xasprintf ("was stopped after %u second%s "
                           "(-fplugin-arg-mint-nvcc-timeout=%u; 0: no limit)",
                           timeout, timeout == 1 ? "" : "s", timeout);
  else if (WIFEXITED (status))
    what = mint_xasprintf ("failed with exit status %d",
                           WEXITSTATUS (status));
  else
    what = mint_xasprintf ("was killed by signal %d (%s)", WTERMSIG (status),
                           strsignal (WTERMSIG (status)));
  message = mint_xasprintf ("'%s' %s%s%s", cmd, what, *output ? ":\n" : "",
                            output);
  free (what);
  free (cmd);
  return message;
}

/* Runs ARGV (the file PROGRAM, else ARGV[0], searched in PATH when it
   has no '/') in a process group of its own with S's environment, stdin
   from /dev/null, stdout and stderr into *OUTPUT (malloc'ed).  Returns 0
   when it exited with status 0, else -1 with *ERROR saying what
   happened.  */
static int
run_capture (const struct session *s, const char *program,
             char *const argv[], char **output, char **error)
{
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  struct capture *out;
  int pipefd[2];
  pid_t pid;
  int status, rc;
  enum run_end end;

  *output = NULL;
  *error = NULL;
  if (pipe2 (pipefd, O_CLOEXEC) != 0)
    {
      *error = mint_xasprintf ("cannot create a pipe for '%s': %s", argv[0],
                               strerror (errno));
      return -1;
    }
  posix_spawn_file_actions_init (&actions);
  posix_spawn_file_actions_addopen (&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2 (&actions, pipefd[1], 1);
  posix_spawn_file_actions_adddup2 (&actions, pipefd[1], 2);
  posix_spawnattr_init (&attributes);
  posix_spawnattr_setflags (&attributes,
                            POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK);
  posix_spawnattr_setpgroup (&attributes, 0);
  posix_spawnattr_setsigmask (&attributes, &s->held.saved_mask);
  rc = program
       ? posix_spawn (&pid, program, &actions, &attributes, argv, s->envp)
       : posix_spawnp (&pid, argv[0], &actions, &attributes, argv, s->envp);
  posix_spawnattr_destroy (&attributes);
  posix_spawn_file_actions_destroy (&actions);
  close (pipefd[1]);
  if (rc != 0)
    {
      close (pipefd[0]);
      *error = mint_xasprintf ("cannot run '%s': %s (the CUDA toolkit's nvcc "
                               "is needed; -fplugin-arg-mint-nvcc=PATH "
                               "names it)", argv[0], strerror (rc));
      return -1;
    }
  out = mint_xmalloc (sizeof *out);
  out->head_len = 0;
  out->after_head = 0;
  end = wait_for (s, pid, pipefd[0], out, &status);
  *output = capture_text (out);
  free (out);
  if (end == RUN_EXITED && WIFEXITED (status) && WEXITSTATUS (status) == 0)
    return 0;
  *error = run_failure (argv, end, status, s->timeout, *output);
  return -1;
}

/* ---- Files ------------------------------------------------------------ */

static int
write_file (const char *name, const char *data, size_t len, char **error)
{
  FILE *f = fopen (name, "wb");

  if (f && fwrite (data, 1, len, f) == len && fclose (f) == 0)
    return 0;
  *error = mint_xasprintf ("cannot write %s: %s", name, strerror (errno));
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
      *data = mint_xmalloc (*len);
      if (fread (*data, 1, *len, f) == *len)
        {
          fclose (f);
          return 0;
        }
    }
  *error = mint_xasprintf ("cannot read %s: %s", name, strerror (errno));
  free (*data);
  *data = NULL;
  if (f)
    fclose (f);
  return -1;
}

/* ---- The fatbin -------------------------------------------------------- */

/* What nvcc -fatbin writes: one container, a 16-byte header (the magic
   number, version 1, the header's size, the size of the entries that
   follow) and entries back to back up to the end.  An entry is a header
   (its kind, a version, the header's size, at least 64 bytes, and the
   payload's size, then the architecture and flags) and its payload: PTX
   or a cubin (an ELF file), possibly compressed.  */
#define FATBIN_MAGIC 0xBA55ED50u
#define FATBIN_VERSION 1
#define FATBIN_HEADER_SIZE 16
#define FATBIN_ENTRY_HEADER_SIZE 64
#define FATBIN_KIND_PTX 1
#define FATBIN_KIND_ELF 2

const char *
nvcc_fatbin_problem (const unsigned char *data, size_t size)
{
  size_t header_size, pos;
  int code_entries = 0;

  if (size < FATBIN_HEADER_SIZE || little_endian (data, 4) != FATBIN_MAGIC)
    return "it does not start with a fatbin header";
  if (little_endian (data + 4, 2) != FATBIN_VERSION)
    return "its fatbin version is not 1";
  header_size = little_endian (data + 6, 2);
  if (header_size < FATBIN_HEADER_SIZE || header_size > size
      || little_endian (data + 8, 8) != size - header_size)
    return "the sizes in its header do not add up to the file's";
  for (pos = header_size; pos < size; )
    {
      uint64_t kind, entry_header_size, payload_size;

      if (size - pos < FATBIN_ENTRY_HEADER_SIZE)
        return "an entry's header is cut off";
      kind = little_endian (data + pos, 2);
      entry_header_size = little_endian (data + pos + 4, 4);
      payload_size = little_endian (data + pos + 8, 8);
      if (entry_header_size < FATBIN_ENTRY_HEADER_SIZE)
        return "an entry's header is too short";
      if (entry_header_size > size - pos
          || payload_size > size - pos - entry_header_size)
        return "an entry runs past its end";
      code_entries += payload_size > 0
                      && (kind == FATBIN_KIND_PTX || kind == FATBIN_KIND_ELF);
      pos += entry_header_size + payload_size;
    }
  return code_entries ? NULL : "it holds neither PTX nor a cubin";
}

/* ---- nvcc ------------------------------------------------------------- */

/* The default architectures this nvcc supports (nvcc --list-gpu-code):
   CUDA 13 dropped sm_70, for instance.  */
static int
default_archs (const struct session *s, const char *nvcc,
               struct arch_list *archs, char **error)
{
  char *argv[] = { (char *) nvcc, (char *) "--list-gpu-code", NULL };
  struct arch_list all;
  char *supported;

  parse_arch_list (NVCC_DEFAULT_ARCHS, &all, error);
  if (run_capture (s, s->program, argv, &supported, error) != 0)
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
      *error = mint_xasprintf ("'%s' supports none of the default GPU "
                               "architectures %s; choose some with "
                               "-fplugin-arg-mint-arch=", nvcc,
                               NVCC_DEFAULT_ARCHS);
      return -1;
    }
  return 0;
}

/* -gencode arguments: SASS for every architecture, PTX for NEWEST (the
   list's newest, where it is in ARCHS).  ARGV receives 2 * ARCHS->n
   malloc'ed strings.  */
static int
gencode_args (const struct arch_list *archs, const char *newest, char **argv)
{
  int n = 0;

  for (int i = 0; i < archs->n; i++)
    {
      const char *version = archs->name[i] + 3;
      argv[n++] = mint_xasprintf ("-gencode");
      argv[n++] = strcmp (archs->name[i], newest) == 0
        ? mint_xasprintf ("arch=compute_%s,code=[sm_%s,compute_%s]", version,
                          version, version)
        : mint_xasprintf ("arch=compute_%s,code=sm_%s", version, version);
    }
  return n;
}

/* The newest architecture of JOB, whose list is ARCHS: the whole list's
   where JOB is one part of a split (nvcc_split_job).  */
static const char *
job_newest_arch (const struct nvcc_job *job, const struct arch_list *archs)
{
  return job->newest_arch ? job->newest_arch
                          : archs->name[newest_arch (archs)];
}

/* The file of JOB's nvcc (nvcc_find's answer, or the cache's), malloc'ed;
   NULL where there is none.  */
static char *
job_nvcc_file (const struct nvcc_job *job)
{
  return job->nvcc_file ? mint_xstrdup (job->nvcc_file)
                        : nvcc_find (job->nvcc);
}

/* The architecture from which on the tuner's candidates are compiled,
   NEWEST (emit-kernel.c), as a -D option, malloc'ed.  */
static char *
candidate_arch_define (const char *newest)
{
  return mint_xasprintf ("-DMINT_CANDIDATE_ARCH=%d", atoi (newest + 3) * 10);
}

/* The most options code_options gives.  */
#define MAX_CODE_OPTIONS (4 + 2 * MAX_ARCHS)

/* The options that decide what nvcc makes of JOB's source for ARCHS:
   -fatbin -O3, the -gencode arguments, the architecture from which on
   the tuner's candidates are compiled (the newest: emit-kernel.c),
   -fmad=false where JOB contracts nothing.  ARGV receives them,
   malloc'ed; returns their number.  */
static int
code_options (const struct nvcc_job *job, const struct arch_list *archs,
              char **argv)
{
  const char *newest = job_newest_arch (job, archs);
  int n = 0;

  argv[n++] = mint_xstrdup ("-fatbin");
  argv[n++] = mint_xstrdup ("-O3");
  n += gencode_args (archs, newest, argv + n);
  argv[n++] = candidate_arch_define (newest);
  if (job->no_contraction)
    argv[n++] = mint_xstrdup ("-fmad=false");
  return n;
}

static void
free_strings (char **strings, int n)
{
  for (int i = 0; i < n; i++)
    free (strings[i]);
}

char *
nvcc_options_text (const struct nvcc_job *job)
{
  struct arch_list archs;
  char *argv[MAX_CODE_OPTIONS + 1], *error = NULL, *options, *text;
  int n;

  if (parse_arch_list (job->arch_list ? job->arch_list : NVCC_DEFAULT_ARCHS,
                       &archs, &error) != 0)
    {
      free (error);
      return NULL;
    }
  n = code_options (job, &archs, argv);
  argv[n] = NULL;
  options = command_line (argv);
  free_strings (argv, n);
  text = mint_xasprintf ("%s%s%s", options, job->arch_list ? ""
                         : " (those of the default architectures that "
                           "nvcc --list-gpu-code lists)",
                         job->nvrtc ? ", through NVRTC" : "");
  free (options);
  return text;
}

/* A version of nvcc that has -split-compile: 12.0.0 did not, 12.4 and
   later do.  */
#define SPLIT_COMPILE_VERSION 12040

/* The threads over which cicc shares out JOB's kernels: JOB's threads
   where there are more than 1 and its toolkit has cicc's -split-compile,
   else 0.  cicc's alone: nvcc's own -split-compile also splits ptxas's
   work and records the option in the fatbin's PTX for the driver, so the
   object would depend on the CPUs of the machine that built it; cicc's
   PTX is the same however many threads make it.  */
static int
split_threads (const struct nvcc_job *job)
{
  char *file;
  int version;

  if (job->threads <= 1)
    return 0;
  file = job_nvcc_file (job);
  version = file ? nvcc_cuda_version (file) : 0;
  free (file);
  return version >= SPLIT_COMPILE_VERSION ? job->threads : 0;
}

/* cicc's -split-compile as an nvcc option (split_threads), malloc'ed;
   NULL where there is none.  */
static char *
split_compile_option (const struct nvcc_job *job)
{
  int threads = split_threads (job);

  return threads ? mint_xasprintf ("-Xcicc=-split-compile,%d", threads)
                 : NULL;
}

/* JOB's source as the file mint.cu in S's directory: its name,
   malloc'ed, or NULL with *ERROR set.  */
static char *
write_source (const struct session *s, const struct nvcc_job *job,
              char **error)
{
  char *cu = mint_xasprintf ("%s/mint.cu", s->dir);

  if (write_file (cu, job->source, job->source_len, error) == 0)
    return cu;
  free (cu);
  return NULL;
}

/* One nvcc run of JOB for ARCHS on its source, written into S's
   directory, into the file FATBIN.  */
static int
run_nvcc (const struct session *s, const struct nvcc_job *job,
          const struct arch_list *archs, const char *fatbin, char **error)
{
  char *argv[5 + MAX_CODE_OPTIONS];
  char *output, *split, *cu = write_source (s, job, error);
  int n = 0, noptions, rc;

  if (!cu)
    return -1;
  split = split_compile_option (job);

  argv[n++] = (char *) job->nvcc;
  noptions = code_options (job, archs, argv + n);
  n += noptions;
  if (split)
    argv[n++] = split;
  argv[n++] = (char *) "-o";
  argv[n++] = (char *) fatbin;
  argv[n++] = (char *) cu;
  argv[n] = NULL;
  rc = run_capture (s, s->program, argv, &output, error);
  free (output);
  free_strings (argv + 1, noptions);
  free (split);
  free (cu);
  return rc;
}

/* ---- NVRTC and nvcc's back end --------------------------------------- */

/* The most options nvrtc_options gives, and its arguments for ptxas and
   fatbinary.  */
#define MAX_NVRTC_OPTIONS 6
#define MAX_PTXAS_ARGS 9
#define MAX_FATBINARY_ARGS (5 + 2 * MAX_ARCHS)

/* Runs the program FILE with the malloc'ed arguments ARGV[1] ... up to
   a NULL, which it frees.  */
static int
run_tool (const struct session *s, const char *file, char **argv,
          char **error)
{
  char *output;
  int rc;

  argv[0] = (char *) file;
  rc = run_capture (s, file, argv, &output, error);
  free (output);
  for (int i = 1; argv[i]; i++)
    free (argv[i]);
  return rc;
}

/* NVRTC's options for ARCH of JOB, whose newest architecture is NEWEST:
   those nvcc gives cicc that are not NVRTC's defaults (the dialect,
   -fmad=false), the -D of code_options, cicc's split, and
   -default-device: NVRTC takes a lambda in a kernel for host code
   without it.  OPTIONS receives them, malloc'ed, and a NULL.  */
static void
nvrtc_options (const struct nvcc_job *job, const char *arch,
               const char *newest, char **options)
{
  int n = 0, threads = split_threads (job);

  options[n++] = mint_xasprintf ("-arch=compute_%s", arch + 3);
  options[n++] = mint_xstrdup ("-default-device");
  options[n++] = mint_xstrdup ("-std=c++17");
  options[n++] = candidate_arch_define (newest);
  if (job->no_contraction)
    options[n++] = mint_xstrdup ("-fmad=false");
  if (threads)
    options[n++] = mint_xasprintf ("-split-compile=%d", threads);
  options[n] = NULL;
}

/* JOB's source, the file CU, into PTX for ARCH with NVRTC, in the file
   PTX: mint-nvrtc LIBRARY CU PTX OPTION...  */
static int
nvrtc_ptx (const struct session *s, const struct nvcc_job *job,
           const char *cu, const char *arch, const char *newest,
           const char *ptx, char **error)
{
  char *argv[MAX_NVRTC_OPTIONS + 5];

  argv[1] = mint_xstrdup (job->nvrtc);
  argv[2] = mint_xstrdup (cu);
  argv[3] = mint_xstrdup (ptx);
  nvrtc_options (job, arch, newest, argv + 4);
  return run_tool (s, job->nvrtc_helper, argv, error);
}

/* ptxas of ARCH on PTX into CUBIN, as nvcc runs it.  */
static int
run_ptxas (const struct session *s, const struct nvcc_job *job,
           const char *ptxas, const char *arch, const char *ptx,
           const char *cubin, char **error)
{
  char *argv[MAX_PTXAS_ARGS];
  int n = 1;

  argv[n++] = mint_xasprintf ("-arch=%s", arch);
  argv[n++] = mint_xstrdup ("-m64");
  if (job->no_contraction)
    {
      argv[n++] = mint_xstrdup ("--fmad");
      argv[n++] = mint_xstrdup ("false");
    }
  argv[n++] = mint_xstrdup (ptx);
  argv[n++] = mint_xstrdup ("-o");
  argv[n++] = mint_xstrdup (cubin);
  argv[n] = NULL;
  return run_tool (s, ptxas, argv, error);
}

/* The files of ARCH's code in S's directory: "DIR/mint.sm_90.cubin".  */
static char *
code_file (const struct session *s, const char *arch, const char *ext)
{
  return mint_xasprintf ("%s/mint.%s.%s", s->dir, arch, ext);
}

/* fatbinary on the cubins of ARCHS and the PTX of NEWEST, in S's
   directory, into FATBIN, as nvcc runs it: an image a code, the PTX
   after its cubin, and the options the driver compiles the PTX with.  */
static int
run_fatbinary (const struct session *s, const struct nvcc_job *job,
               const char *fatbinary, const struct arch_list *archs,
               const char *newest, const char *fatbin, char **error)
{
  char *argv[MAX_FATBINARY_ARGS];
  int n = 1;

  argv[n++] = mint_xasprintf ("--create=%s", fatbin);
  argv[n++] = mint_xstrdup ("-64");
  if (job->no_contraction)
    argv[n++] = mint_xstrdup ("--cmdline= --fmad false ");
  argv[n++] = mint_xasprintf ("--cicc-cmdline=-ftz=0 -prec_div=1 "
                              "-prec_sqrt=1 -fmad=%d ", !job->no_contraction);
  for (int i = 0; i < archs->n; i++)
    {
      const char *arch = archs->name[i];
      char *cubin = code_file (s, arch, "cubin");

      argv[n++] = mint_xasprintf ("--image3=kind=elf,sm=%s,file=%s",
                                  arch + 3, cubin);
      free (cubin);
      if (strcmp (arch, newest) == 0)
        {
          char *ptx = code_file (s, arch, "ptx");
          argv[n++] = mint_xasprintf ("--image3=kind=ptx,sm=%s,file=%s",
                                      arch + 3, ptx);
          free (ptx);
        }
    }
  argv[n] = NULL;
  return run_tool (s, fatbinary, argv, error);
}

/* JOB for ARCHS into the file FATBIN the way nvcc makes it, but with
   NVRTC in place of nvcc's front end: for each architecture NVRTC's PTX
   and ptxas's cubin, then fatbinary.  */
static int
run_nvrtc_and_tools (const struct session *s, const struct nvcc_job *job,
                     const struct arch_list *archs, const char *fatbin,
                     char **error)
{
  const char *newest = job_newest_arch (job, archs);
  char *nvcc = job_nvcc_file (job);
  char *ptxas = nvcc ? nvcc_toolkit_file (nvcc, "ptxas") : NULL;
  char *fatbinary = nvcc ? nvcc_toolkit_file (nvcc, "fatbinary") : NULL;
  char *cu = NULL;
  int rc = -1;

  if (!ptxas || !fatbinary)
    *error = mint_xasprintf ("cannot find the CUDA toolkit of '%s'",
                             job->nvcc);
  else
    {
      cu = write_source (s, job, error);
      rc = cu ? 0 : -1;
    }
  for (int i = 0; rc == 0 && i < archs->n; i++)
    {
      char *ptx = code_file (s, archs->name[i], "ptx");
      char *cubin = code_file (s, archs->name[i], "cubin");

      rc = nvrtc_ptx (s, job, cu, archs->name[i], newest, ptx, error) == 0
           && run_ptxas (s, job, ptxas, archs->name[i], ptx, cubin,
                         error) == 0 ? 0 : -1;
      free (ptx);
      free (cubin);
    }
  if (rc == 0)
    rc = run_fatbinary (s, job, fatbinary, archs, newest, fatbin, error);
  free (cu);
  free (nvcc);
  free (ptxas);
  free (fatbinary);
  return rc;
}

/* Compiles JOB for ARCHS in S's directory and reads the fatbin back into
   RESULT.  */
static int
compile_in (const struct session *s, const struct nvcc_job *job,
            const struct arch_list *archs, struct nvcc_result *result)
{
  char *fatbin = mint_xasprintf ("%s/mint.fatbin", s->dir);
  const char *problem;
  int rc = -1;

  if ((job->nvrtc ? run_nvrtc_and_tools : run_nvcc) (s, job, archs, fatbin,
                                                     &result->error) == 0
      && read_file (fatbin, &result->fatbin, &result->size,
                    &result->error) == 0)
    {
      /* A bad image would only fail when the program runs.  */
      problem = nvcc_fatbin_problem (result->fatbin, result->size);
      if (problem)
        result->error = mint_xasprintf ("'%s' succeeded but wrote no valid "
                                        "fatbin: %s", job->nvcc, problem);
      else
        rc = 0;
    }
  free (fatbin);
  return rc;
}

int
nvcc_compile_fatbin (const struct nvcc_job *job, struct nvcc_result *result)
{
  struct session s;
  struct arch_list archs;
  int rc = -1;

  memset (result, 0, sizeof *result);
  if (session_begin (&s, job, &result->error) == 0
      && (job->arch_list
          ? parse_arch_list (job->arch_list, &archs, &result->error)
          : default_archs (&s, job->nvcc, &archs, &result->error)) == 0)
    {
      result->archs = join_archs (&archs);
      rc = compile_in (&s, job, &archs, result);
    }
  session_end (&s);
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

/* JOB's architectures: its list, or the default ones the nvcc supports.  */
static int
job_archs (const struct nvcc_job *job, struct arch_list *archs, char **error)
{
  struct session s;
  int rc;

  if (job->arch_list)
    return parse_arch_list (job->arch_list, archs, error);
  rc = session_begin (&s, job, error) == 0
       ? default_archs (&s, job->nvcc, archs, error) : -1;
  session_end (&s);
  return rc;
}

/* The architectures SPLIT's parts compile for, into ARCHS.  */
static void
split_archs (const struct nvcc_split *split, struct arch_list *archs)
{
  archs->n = split->n;
  memcpy (archs->name, split->names, sizeof split->names);
}

int
nvcc_split_job (const struct nvcc_job *job, const struct nvcc_split *like,
                struct nvcc_split *split, char **error)
{
  struct arch_list archs;

  memset (split, 0, sizeof *split);
  if (like)
    split_archs (like, &archs);
  else if (job_archs (job, &archs, error) != 0)
    return -1;
  strcpy (split->newest, archs.name[newest_arch (&archs)]);
  split->n = archs.n;
  for (int i = 0; i < archs.n; i++)
    {
      strcpy (split->names[i], archs.name[i]);
      split->parts[i] = *job;
      split->parts[i].arch_list = split->names[i];
      split->parts[i].newest_arch = split->newest;
    }
  return 0;
}

int
nvcc_merge_parts (const struct nvcc_split *split,
                  const struct nvcc_result *parts, struct nvcc_result *result)
{
  size_t size = FATBIN_HEADER_SIZE, pos = FATBIN_HEADER_SIZE;
  struct arch_list archs;

  memset (result, 0, sizeof *result);
  for (int i = 0; i < split->n; i++)
    if (parts[i].error)
      {
        result->error = mint_xstrdup (parts[i].error);
        return -1;
      }
  for (int i = 0; i < split->n; i++)
    {
      if (!parts[i].fatbin)
        return -1;
      size += parts[i].size - little_endian (parts[i].fatbin + 6, 2);
    }
  /* One container: the first part's header with the entries' size, then
     every part's entries (nvcc_fatbin_problem checked each part).  */
  result->fatbin = mint_xmalloc (size);
  memcpy (result->fatbin, parts[0].fatbin, FATBIN_HEADER_SIZE);
  put_little_endian (result->fatbin + 6, FATBIN_HEADER_SIZE, 2);
  put_little_endian (result->fatbin + 8, size - FATBIN_HEADER_SIZE, 8);
  for (int i = 0; i < split->n; i++)
    {
      size_t header = little_endian (parts[i].fatbin + 6, 2);
      memcpy (result->fatbin + pos, parts[i].fatbin + header,
              parts[i].size - header);
      pos += parts[i].size - header;
    }
  result->size = size;
  split_archs (split, &archs);
  result->archs = join_archs (&archs);
  return 0;
}
