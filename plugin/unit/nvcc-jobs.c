/* nvcc-jobs.c -- nvcc runs at once, each in a child process that fork
   made of cc1, under GNU make's jobserver where there is one.

   A child calls nvcc_compile_fatbin, writes the result into its pipe and
   ends with _exit: cc1's exit handlers are not the child's to run.  cc1
   flushes its stdio buffers before the forks, so that a child that ends
   through exit () all the same (mint_xmalloc's) writes nothing of cc1's
   a second time.  cc1 reads the pipes as the results come, holding back
   the signals that end it but while it waits (interrupts.h).  When one
   comes, or a run fails, cc1 sends SIGTERM to the children under way,
   each of which stops its nvcc and removes its directory (nvcc.c), and
   waits for them all before it goes on, or dies of the signal.  */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "nvcc-jobs.h"
#include "interrupts.h"
#include "xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---- make's jobserver ------------------------------------------------- */

/* A client of GNU make's jobserver (GNU make's manual, "Sharing Job Slots
   with GNU make"; GCC's lto-wrapper finds it the same way).  make runs
   this compile on a job slot of its own, which the first nvcc run takes;
   each further run takes a token, a byte read from the jobserver, before
   it starts, and writes the same byte back when it ends.  MAKEFLAGS names
   the jobserver: --jobserver-auth=fifo:PATH, a named pipe (make 4.4 on),
   or --jobserver-auth=R,W (--jobserver-fds=R,W before make 4.2), the
   descriptors of a pipe that make passes on only to the recipe lines it
   takes for a recursive make (marked with '+' or naming $(MAKE)).  In
   other lines they are closed, or by now another file's.  */
struct jobserver
{
  int read_fd;                  /* ours, non-blocking; -1: none */
  int write_fd;
  bool own_write_fd;            /* opened here (fifo:), closed here */
  char *tokens;                 /* those taken, to give back */
  int ntokens;
};

enum jobserver_state
{
  JOBSERVER_NONE,               /* MAKEFLAGS names none */
  JOBSERVER_CONNECTED,
  JOBSERVER_CLOSED              /* MAKEFLAGS names one that is not there */
};

/* The value of the last --jobserver-auth= or --jobserver-fds= among the
   options of MAKEFLAGS (before its "--", which the command line's
   variables follow), malloc'ed; NULL where there is none.  */
static char *
jobserver_auth (void)
{
  static const char *const names[] = { "--jobserver-auth=",
                                       "--jobserver-fds=" };
  const char *flags = secure_getenv ("MAKEFLAGS");
  char *value = NULL;

  for (const char *p = flags ? flags : ""; *p; )
    {
      size_t len = strcspn (p, " \t");

      if (len == 2 && strncmp (p, "--", 2) == 0)
        break;
      for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        {
          size_t name_len = strlen (names[i]);
          if (len > name_len && strncmp (p, names[i], name_len) == 0)
            {
              free (value);
              value = mint_xasprintf ("%.*s", (int) (len - name_len),
                                      p + name_len);
            }
        }
      p += len;
      p += strspn (p, " \t");
    }
  return value;
}

/* Whether A and B are the ends of one pipe or FIFO, A open for reading
   and B for writing.  */
static bool
same_pipe_p (int a, int b)
{
  struct stat sa, sb;
  int fa = fcntl (a, F_GETFL), fb = fcntl (b, F_GETFL);

  return fa >= 0 && fb >= 0 && (fa & O_ACCMODE) != O_WRONLY
         && (fb & O_ACCMODE) != O_RDONLY && fstat (a, &sa) == 0
         && fstat (b, &sb) == 0 && S_ISFIFO (sa.st_mode)
         && S_ISFIFO (sb.st_mode) && sa.st_dev == sb.st_dev
         && sa.st_ino == sb.st_ino;
}

/* A descriptor number of "R,W" at *P, which moves past it.  */
static int
descriptor_number (const char **p)
{
  char *end;
  long fd;

  errno = 0;
  fd = strtol (*p, &end, 10);
  if (end == *p || errno || fd < 0 || fd > INT_MAX)
    return -1;
  *p = end;
  return (int) fd;
}

/* --jobserver-auth=R,W.  make's description of the read end stays
   blocking, as make wants it: this process reads through one of its own,
   opened anew through /proc.  */
static bool
connect_pipe (struct jobserver *js, const char *auth)
{
  int r = descriptor_number (&auth), w;
  char path[64];

  if (r < 0 || *auth++ != ',')
    return false;
  w = descriptor_number (&auth);
  if (w < 0 || *auth || !same_pipe_p (r, w))
    return false;
  snprintf (path, sizeof path, "/proc/self/fd/%d", r);
  js->read_fd = open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  js->write_fd = w;
  return js->read_fd >= 0 && same_pipe_p (js->read_fd, w);
}

/* --jobserver-auth=fifo:PATH.  Both ends are opened without waiting (a
   FIFO without a reader refuses a writer then; read_fd is one), and the
   write end then waits, as make's does.  */
static bool
connect_fifo (struct jobserver *js, const char *path)
{
  struct stat st;

  if (stat (path, &st) != 0 || !S_ISFIFO (st.st_mode))
    return false;
  js->read_fd = open (path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (js->read_fd < 0)
    return false;
  js->write_fd = open (path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  js->own_write_fd = js->write_fd >= 0;
  return js->own_write_fd && same_pipe_p (js->read_fd, js->write_fd)
         && fcntl (js->write_fd, F_SETFL,
                   fcntl (js->write_fd, F_GETFL) & ~O_NONBLOCK) == 0;
}

/* Gives back the token taken last (all are alike to this process; make
   wants back the bytes it handed out).  */
static void
jobserver_give_back (struct jobserver *js)
{
  char token = js->tokens[--js->ntokens];

  while (write (js->write_fd, &token, 1) < 0 && errno == EINTR)
    ;
}

/* Gives back the tokens still taken (none, unless something failed on
   the way) and closes what is ours.  */
static void
jobserver_disconnect (struct jobserver *js)
{
  while (js->ntokens > 0)
    jobserver_give_back (js);
  if (js->read_fd >= 0)
    close (js->read_fd);
  if (js->own_write_fd)
    close (js->write_fd);
  free (js->tokens);
  js->read_fd = js->write_fd = -1;
  js->own_write_fd = false;
  js->tokens = NULL;
}

/* Connects to the jobserver MAKEFLAGS names, for at most MAX_TOKENS
   tokens at a time.  */
static enum jobserver_state
jobserver_connect (struct jobserver *js, int max_tokens)
{
  char *auth = jobserver_auth ();
  bool connected;

  if (!auth)
    return JOBSERVER_NONE;
  connected = strncmp (auth, "fifo:", 5) == 0 ? connect_fifo (js, auth + 5)
                                              : connect_pipe (js, auth);
  free (auth);
  if (!connected)
    {
      jobserver_disconnect (js);
      return JOBSERVER_CLOSED;
    }
  js->tokens = mint_xmalloc ((size_t) max_tokens);
  return JOBSERVER_CONNECTED;
}

/* Takes a token if one is there now.  */
static bool
jobserver_take (struct jobserver *js)
{
  char token;

  if (read (js->read_fd, &token, 1) != 1)
    return false;
  js->tokens[js->ntokens++] = token;
  return true;
}

/* ---- Children ----------------------------------------------------------- */

/* A child's result as it comes through the pipe: this header, then the
   fatbin, the architectures and the error, each of the length the header
   gives.  */
struct wire_header
{
  uint64_t rc;                  /* nvcc_compile_fatbin's, as unsigned */
  uint64_t fatbin_size;
  uint64_t archs_len;
  uint64_t error_len;
};

struct child
{
  pid_t pid;
  int fd;                       /* the read end of its pipe */
  int job;                      /* the index of its job */
  bool token;                   /* runs on a jobserver token */
  bool stopped;                 /* got SIGTERM from cc1: its result does
                                   not count */
  char *message;                /* what it sent so far */
  size_t len, capacity;
};

void
nvcc_pipe_write (int fd, const void *data, size_t len)
{
  const char *p = (const char *) data;

  while (len > 0)
    {
      ssize_t put = write (fd, p, len);
      if (put < 0 && errno == EINTR)
        continue;
      if (put <= 0)
        _exit (1);
      p += put;
      len -= (size_t) put;
    }
}

static size_t
length_of (const char *s)
{
  return s ? strlen (s) : 0;
}

void
nvcc_result_send (int fd, int rc, const struct nvcc_result *result)
{
  struct wire_header header;

  memset (&header, 0, sizeof header);
  header.rc = (uint64_t) (int64_t) rc;
  header.fatbin_size = result->fatbin ? result->size : 0;
  header.archs_len = length_of (result->archs);
  header.error_len = length_of (result->error);
  nvcc_pipe_write (fd, &header, sizeof header);
  nvcc_pipe_write (fd, result->fatbin, header.fatbin_size);
  nvcc_pipe_write (fd, result->archs, header.archs_len);
  nvcc_pipe_write (fd, result->error, header.error_len);
}

/* In the child: JOB's result into FD, and the end.  */
static _Noreturn void
run_child (const struct nvcc_job *job, int fd, const struct interrupts *held)
{
  struct nvcc_result result;
  int rc;

  interrupts_reset_in_child (held);
  rc = nvcc_compile_fatbin (job, &result);
  nvcc_result_send (fd, rc, &result);
  _exit (0);
}

/* Starts JOB (the INDEX-th) in a child C.  Returns 0, or -1 with *ERROR
   set.  */
static int
start_child (struct child *c, const struct nvcc_job *job, int index,
             const struct interrupts *held, char **error)
{
  int fds[2];

  memset (c, 0, sizeof *c);
  c->job = index;
  if (pipe2 (fds, O_CLOEXEC) != 0)
    {
      *error = mint_xasprintf ("cannot create a pipe for an nvcc run: %s",
                               strerror (errno));
      return -1;
    }
  c->pid = fork ();
  if (c->pid == 0)
    {
      close (fds[0]);
      run_child (job, fds[1], held);
    }
  close (fds[1]);
  if (c->pid < 0)
    {
      *error = mint_xasprintf ("cannot start an nvcc run: fork: %s",
                               strerror (errno));
      close (fds[0]);
      return -1;
    }
  c->fd = fds[0];
  return 0;
}

/* Reads what C sent; false at the end of its pipe.  */
static bool
child_read (struct child *c)
{
  const size_t chunk = 65536;
  ssize_t got;

  if (c->capacity - c->len < chunk)
    {
      c->capacity = 2 * c->capacity + chunk;
      c->message = mint_xrealloc (c->message, c->capacity);
    }
  got = read (c->fd, c->message + c->len, chunk);
  if (got > 0)
    c->len += (size_t) got;
  return got > 0 || (got < 0 && errno == EINTR);
}

/* A malloc'ed copy of the LEN bytes at *P, as a string; *P moves past.  */
static char *
take_string (const char **p, uint64_t len)
{
  char *s = mint_xmalloc (len + 1);

  memcpy (s, *p, len);
  s[len] = '\0';
  *p += len;
  return s;
}

bool
nvcc_result_receive (const char **p, const char *end,
                     struct nvcc_result *result)
{
  struct wire_header h;
  size_t left = (size_t) (end - *p);

  if (left < sizeof h)
    return false;
  memcpy (&h, *p, sizeof h);
  left -= sizeof h;
  if (h.fatbin_size > left || h.archs_len > left || h.error_len > left
      || h.fatbin_size + h.archs_len + h.error_len > left)
    return false;
  *p += sizeof h;
  if (h.fatbin_size)
    {
      result->fatbin = mint_xmalloc (h.fatbin_size);
      memcpy (result->fatbin, *p, h.fatbin_size);
      result->size = h.fatbin_size;
      *p += h.fatbin_size;
    }
  result->archs = h.archs_len ? take_string (p, h.archs_len) : NULL;
  result->error = h.error_len ? take_string (p, h.error_len) : NULL;
  if (h.rc != 0 && !result->error)
    result->error = mint_xstrdup ("an nvcc run failed without a reason");
  return true;
}

/* C's message into RESULT; false when it is not whole.  */
static bool
decode_message (const struct child *c, struct nvcc_result *result)
{
  const char *p = c->message;

  return nvcc_result_receive (&p, c->message + c->len, result)
         && p == c->message + c->len;
}

/* Reaps C, whose pipe has ended, and takes its result into *RESULT
   unless cc1 stopped it.  Returns false when the run failed.  */
static bool
finish_child (struct child *c, struct nvcc_result *result)
{
  int status;
  bool ok = true;

  close (c->fd);
  while (waitpid (c->pid, &status, 0) < 0 && errno == EINTR)
    ;
  if (!c->stopped)
    {
      if (WIFSIGNALED (status))
        result->error = mint_xasprintf ("the process of an nvcc run was "
                                        "killed by signal %d (%s)",
                                        WTERMSIG (status),
                                        strsignal (WTERMSIG (status)));
      else if (!WIFEXITED (status) || WEXITSTATUS (status) != 0
               || !decode_message (c, result))
        result->error = mint_xasprintf ("the process of an nvcc run ended "
                                        "(exit status %d) before it sent "
                                        "its result", WEXITSTATUS (status));
      ok = !result->error;
    }
  free (c->message);
  return ok;
}

/* SIGTERM to each of the N children at C that has not had it.  */
static void
stop_children (struct child *c, int n)
{
  for (int i = 0; i < n; i++)
    if (!c[i].stopped)
      {
        kill (c[i].pid, SIGTERM);
        c[i].stopped = true;
      }
}

/* ---- Running them ------------------------------------------------------- */

/* A run that is not the first under way takes a jobserver token where
   there is a jobserver; else LIMIT alone bounds them.  */
static int
run_parallel (const struct nvcc_job *jobs, int n, int limit,
              struct jobserver *js, struct nvcc_result *results,
              struct nvcc_jobs_report *report)
{
  struct interrupts held;
  struct child *children = mint_xcalloc ((size_t) limit, sizeof *children);
  struct pollfd *fds = mint_xcalloc ((size_t) limit + 1, sizeof *fds);
  int running = 0, next = 0, rc = 0;
  bool own_slot_free = true, stopping = false;

  fflush (NULL);
  interrupts_hold (&held);
  for (;;)
    {
      stopping |= interrupts_caught () != 0;
      if (stopping)
        stop_children (children, running);
      while (!stopping && next < n && running < limit)
        {
          struct child *c = &children[running];
          bool token = js->read_fd >= 0 && !own_slot_free;

          if (token && !jobserver_take (js))
            break;
          if (start_child (c, &jobs[next], next, &held,
                           &results[next].error) != 0)
            {
              if (token)
                jobserver_give_back (js);
              rc = -1;
              stopping = true;
              break;
            }
          c->token = token;
          own_slot_free &= token;
          next++;
          running++;
          if (running > report->most_at_once)
            report->most_at_once = running;
        }
      if (running == 0)
        break;

      int nfds = 0;
      for (int i = 0; i < running; i++)
        fds[nfds++] = (struct pollfd) { children[i].fd, POLLIN, 0 };
      /* Waits for a token too where only one is missing.  */
      if (!stopping && next < n && running < limit && js->read_fd >= 0)
        fds[nfds++] = (struct pollfd) { js->read_fd, POLLIN, 0 };
      if (ppoll (fds, (nfds_t) nfds, NULL, &held.wait_mask) <= 0)
        continue;
      /* From the last, so that the one moved into a finished one's place
         has been seen.  */
      for (int i = running - 1; i >= 0; i--)
        if (fds[i].revents && !child_read (&children[i]))
          {
            struct child *c = &children[i];
            if (!finish_child (c, &results[c->job]))
              {
                rc = -1;
                stopping = true;
              }
            if (c->token)
              jobserver_give_back (js);
            else
              own_slot_free = true;
            children[i] = children[--running];
          }
    }
  /* Stopped by a signal that cc1 handles and lives through.  */
  if (rc == 0 && interrupts_caught ())
    {
      int sig = interrupts_caught ();
      for (int i = 0; i < n && rc == 0; i++)
        if (!results[i].fatbin)
          {
            results[i].error = mint_xasprintf ("an nvcc run was stopped: "
                                               "cc1 got signal %d (%s)",
                                               sig, strsignal (sig));
            rc = -1;
          }
    }
  free (fds);
  free (children);
  interrupts_release (&held);
  return rc;
}

static int
run_serially (const struct nvcc_job *jobs, int n, struct nvcc_result *results,
              struct nvcc_jobs_report *report)
{
  report->most_at_once = n > 0;
  for (int i = 0; i < n; i++)
    if (nvcc_compile_fatbin (&jobs[i], &results[i]) != 0)
      return -1;
  return 0;
}

/* The CPUs this process may run on.  */
static int
cpus_available (void)
{
  cpu_set_t set;
  long online;

  if (sched_getaffinity (0, sizeof set, &set) == 0)
    return CPU_COUNT (&set);
  online = sysconf (_SC_NPROCESSORS_ONLN);
  return online > 0 && online < INT_MAX ? (int) online : 1;
}

/* JOBS[0] ... JOBS[N - 1] into RESULTS, AT_ONCE at a time or as many as
   REPORT->limit says.  Where they all start at once on slots of their
   own (not the jobserver's, which other compiles share), JOBS[0], the
   longest, splits its kernels over the slots too, which the shorter runs
   leave as they end.  */
static int
compile_runs (struct nvcc_job *jobs, int n, int at_once,
              struct nvcc_result *results, struct nvcc_jobs_report *report)
{
  struct jobserver js = { -1, -1, false, NULL, 0 };
  int limit, rc;

  memset (results, 0, (size_t) n * sizeof *results);
  report->most_at_once = 0;
  if (at_once > 0)
    {
      report->limit = NVCC_JOBS_OPTION;
      limit = at_once;
    }
  else
    switch (jobserver_connect (&js, n))
      {
      case JOBSERVER_CONNECTED:
        report->limit = NVCC_JOBS_JOBSERVER;
        limit = n;
        break;
      case JOBSERVER_CLOSED:
        report->limit = NVCC_JOBS_JOBSERVER_CLOSED;
        limit = 1;
        break;
      default:
        report->limit = NVCC_JOBS_CPUS;
        limit = cpus_available ();
        if (limit > NVCC_MAX_AUTO_JOBS)
          limit = NVCC_MAX_AUTO_JOBS;
      }
  if (report->limit != NVCC_JOBS_JOBSERVER && limit >= n)
    jobs[0].threads = limit;
  if (limit > n)
    limit = n;
  rc = limit > 1 ? run_parallel (jobs, n, limit, &js, results, report)
                 : run_serially (jobs, n, results, report);
  jobserver_disconnect (&js);
  return rc;
}

/* Whether jobs A and B run the same nvcc for the same list.  */
static bool
same_archs (const struct nvcc_job *a, const struct nvcc_job *b)
{
  return strcmp (a->nvcc, b->nvcc) == 0
         && (a->arch_list == b->arch_list
             || (a->arch_list && b->arch_list
                 && strcmp (a->arch_list, b->arch_list) == 0));
}

/* JOBS[I] split into an nvcc run per architecture, in SPLITS[I]; a job
   of the same nvcc and list as the one before takes its architectures
   (nvcc --list-gpu-code runs once).  0, or -1 with RESULTS[I]'s error.  */
static int
split_jobs (const struct nvcc_job *jobs, int n, struct nvcc_split *splits,
            struct nvcc_result *results)
{
  for (int i = 0; i < n; i++)
    {
      const struct nvcc_split *like
        = i > 0 && same_archs (&jobs[i], &jobs[i - 1]) ? &splits[i - 1] : NULL;
      if (nvcc_split_job (&jobs[i], like, &splits[i], &results[i].error) != 0)
        return -1;
    }
  return 0;
}

/* Whether run A goes before run B: the runs for the newest architecture,
   which also compile the tuning candidates, then the longer source; so
   that the longest runs start first and the short ones fill in.  */
static int
longer_first (const void *a, const void *b)
{
  const struct nvcc_job *x = *(struct nvcc_job *const *) a;
  const struct nvcc_job *y = *(struct nvcc_job *const *) b;
  int x_newest = strcmp (x->arch_list, x->newest_arch) == 0;
  int y_newest = strcmp (y->arch_list, y->newest_arch) == 0;

  if (x_newest != y_newest)
    return y_newest - x_newest;
  return (y->source_len > x->source_len) - (y->source_len < x->source_len);
}

/* RUNS[0] ... RUNS[N - 1] into RAN, the longest started first
   (longer_first).  */
static int
compile_longest_first (const struct nvcc_job *runs, int n, int at_once,
                       struct nvcc_result *ran,
                       struct nvcc_jobs_report *report)
{
  const struct nvcc_job **order = mint_xcalloc (n, sizeof *order);
  struct nvcc_job *sorted = mint_xcalloc (n, sizeof *sorted);
  struct nvcc_result *results = mint_xcalloc (n, sizeof *results);
  int rc;

  for (int i = 0; i < n; i++)
    order[i] = &runs[i];
  qsort (order, n, sizeof *order, longer_first);
  for (int i = 0; i < n; i++)
    sorted[i] = *order[i];
  rc = compile_runs (sorted, n, at_once, results, report);
  for (int i = 0; i < n; i++)
    ran[order[i] - runs] = results[i];
  free (results);
  free (sorted);
  free (order);
  return rc;
}

int
nvcc_compile_fatbins (const struct nvcc_job *jobs, int n, int at_once,
                      struct nvcc_result *results,
                      struct nvcc_jobs_report *report)
{
  struct nvcc_split *splits = mint_xcalloc (n, sizeof *splits);
  struct nvcc_job *runs;
  struct nvcc_result *ran;
  int nruns = 0, rc;

  memset (results, 0, (size_t) n * sizeof *results);
  report->most_at_once = 0;
  report->limit = at_once > 0 ? NVCC_JOBS_OPTION : NVCC_JOBS_CPUS;
  if (split_jobs (jobs, n, splits, results) != 0)
    {
      free (splits);
      return -1;
    }
  for (int i = 0; i < n; i++)
    nruns += splits[i].n;
  runs = mint_xcalloc (nruns, sizeof *runs);
  ran = mint_xcalloc (nruns, sizeof *ran);
  nruns = 0;
  for (int i = 0; i < n; i++)
    for (int k = 0; k < splits[i].n; k++)
      runs[nruns++] = splits[i].parts[k];
  rc = compile_longest_first (runs, nruns, at_once, ran, report);
  nruns = 0;
  for (int i = 0; i < n; i++)
    {
      if (nvcc_merge_parts (&splits[i], ran + nruns, &results[i]) != 0
          && results[i].error)
        rc = -1;
      nruns += splits[i].n;
    }
  for (int i = 0; i < nruns; i++)
    nvcc_result_free (&ran[i]);
  free (ran);
  free (runs);
  free (splits);
  return rc;
}
