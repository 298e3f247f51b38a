/* nvcc-batch.c -- a unit's nvcc runs in the background while cc1
   compiles its host code.  The process that fork made of cc1 calls
   nvcc_compile_fatbins as cc1 would have, sends what it returned and each
   result through its pipe, and ends with _exit; cc1 flushed its stdio
   buffers before the fork.  */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "nvcc-batch.h"
#include "interrupts.h"
#include "xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

struct nvcc_batch
{
  pid_t pid;
  int fd;                       /* the read end of its pipe */
  int n;                        /* jobs */
  struct interrupts held;       /* from the start to the end */
};

/* What the process sends before the results.  */
struct batch_header
{
  int64_t rc;                   /* nvcc_compile_fatbins's */
  int64_t limit;                /* REPORT's */
  int64_t most_at_once;
};

/* In the process: the runs, what they gave into FD, and the end.  */
static _Noreturn void
run_batch (const struct nvcc_job *jobs, int n, int at_once, int fd,
           const struct interrupts *held)
{
  struct nvcc_result *results = mint_xcalloc ((size_t) n, sizeof *results);
  struct nvcc_jobs_report report;
  struct batch_header header;

  interrupts_reset_in_child (held);
  memset (&header, 0, sizeof header);
  header.rc = nvcc_compile_fatbins (jobs, n, at_once, results, &report);
  header.limit = report.limit;
  header.most_at_once = report.most_at_once;
  nvcc_pipe_write (fd, &header, sizeof header);
  for (int i = 0; i < n; i++)
    nvcc_result_send (fd, results[i].error ? -1 : 0, &results[i]);
  _exit (0);
}

struct nvcc_batch *
nvcc_start_fatbins (const struct nvcc_job *jobs, int n, int at_once)
{
  struct nvcc_batch *batch = mint_xcalloc (1, sizeof *batch);
  int fds[2];

  if (pipe2 (fds, O_CLOEXEC) != 0)
    {
      free (batch);
      return NULL;
    }
  fflush (NULL);
  interrupts_hold (&batch->held);
  batch->pid = fork ();
  if (batch->pid == 0)
    {
      close (fds[0]);
      run_batch (jobs, n, at_once, fds[1], &batch->held);
    }
  close (fds[1]);
  if (batch->pid < 0)
    {
      close (fds[0]);
      interrupts_release (&batch->held);
      free (batch);
      return NULL;
    }
  batch->fd = fds[0];
  batch->n = n;
  return batch;
}

/* All that BATCH's process sends, malloc'ed, into *MESSAGE and *LEN,
   until its pipe ends; then the process is reaped into *STATUS.  STOP,
   or a signal that ends cc1, stops the process (SIGTERM: it stops its
   runs, each removing its directory, and sends what it has).  */
static void
read_all (struct nvcc_batch *batch, bool stop, char **message, size_t *len,
          int *status)
{
  size_t capacity = 0;
  bool stopped = false;

  *message = NULL;
  *len = 0;
  for (;;)
    {
      struct pollfd in = { batch->fd, POLLIN, 0 };
      ssize_t got;

      if ((stop || interrupts_caught ()) && !stopped)
        {
          kill (batch->pid, SIGTERM);
          stopped = true;
        }
      if (ppoll (&in, 1, NULL, &batch->held.wait_mask) <= 0)
        continue;
      if (capacity - *len < 65536)
        *message = mint_xrealloc (*message, capacity = 2 * capacity + 65536);
      got = read (batch->fd, *message + *len, capacity - *len);
      if (got > 0)
        *len += (size_t) got;
      else if (got == 0 || errno != EINTR)
        break;
    }
  close (batch->fd);
  while (waitpid (batch->pid, status, 0) < 0 && errno == EINTR)
    ;
}

/* The results in MESSAGE, LEN bytes, into RESULTS and REPORT; false
   where it is not whole.  */
static bool
decode (const char *message, size_t len, int n, int *rc,
        struct nvcc_result *results, struct nvcc_jobs_report *report)
{
  const char *p = message + sizeof (struct batch_header);
  struct batch_header header;

  if (len < sizeof header)
    return false;
  memcpy (&header, message, sizeof header);
  *rc = (int) header.rc;
  report->limit = (enum nvcc_jobs_limit) header.limit;
  report->most_at_once = (int) header.most_at_once;
  for (int i = 0; i < n; i++)
    if (!nvcc_result_receive (&p, message + len, &results[i]))
      return false;
  return p == message + len;
}

int
nvcc_finish_fatbins (struct nvcc_batch *batch, struct nvcc_result *results,
                     struct nvcc_jobs_report *report)
{
  char *message;
  size_t len;
  int status, rc = -1;

  memset (results, 0, (size_t) batch->n * sizeof *results);
  memset (report, 0, sizeof *report);
  read_all (batch, false, &message, &len, &status);
  if (!decode (message, len, batch->n, &rc, results, report))
    {
      char *why = interrupts_caught ()
        ? mint_xasprintf ("the nvcc runs were stopped: cc1 got signal %d "
                          "(%s)", interrupts_caught (),
                          strsignal (interrupts_caught ()))
        : WIFSIGNALED (status)
        ? mint_xasprintf ("the process of the nvcc runs was killed by "
                          "signal %d (%s)", WTERMSIG (status),
                          strsignal (WTERMSIG (status)))
        : mint_xasprintf ("the process of the nvcc runs ended (exit status "
                          "%d) before it sent the results",
                          WEXITSTATUS (status));
      for (int i = 0; i < batch->n; i++)
        {
          nvcc_result_free (&results[i]);
          results[i].error = mint_xstrdup (why);
        }
      free (why);
      rc = -1;
    }
  free (message);
  interrupts_release (&batch->held);
  free (batch);
  return rc;
}

void
nvcc_stop_fatbins (struct nvcc_batch *batch)
{
  char *message;
  size_t len;
  int status;

  read_all (batch, true, &message, &len, &status);
  free (message);
  interrupts_release (&batch->held);
  free (batch);
}
