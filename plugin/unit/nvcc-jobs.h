/* nvcc-jobs.h -- several CUDA sources of a translation unit compiled into
   fatbins by nvcc runs at once (plain C, no GCC).

   Each source is one nvcc_compile_fatbin (nvcc.h) per architecture
   (nvcc_split_job), each in a child process of its own (fork), which
   sends the fatbin or the error back through a pipe; cc1 waits for them
   all and merges each source's fatbins (nvcc_merge_parts).  How many run at once: as many as GNU
   make's jobserver grants where there is one (MAKEFLAGS), else as many as
   the CPUs this process may use, at most NVCC_MAX_AUTO_JOBS; or the
   number -fplugin-arg-mint-nvcc-jobs gives.  One at a time, they run in
   the calling process, one after the other, as a single source always
   does.  The caller is cc1, or the process of nvcc-batch.h.  */

#ifndef MINT_NVCC_JOBS_H
#define MINT_NVCC_JOBS_H

#include "nvcc.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The most nvcc runs at once without a jobserver or the option: each
   takes 140 to 220 MB for a group of the default size, and a unit seldom
   has more groups than this (device-code.cc;
   bench/results/2026-11-28-compile-groups.md).  */
#define NVCC_MAX_AUTO_JOBS 8

/* What decided the number of runs at once.  */
enum nvcc_jobs_limit
{
  NVCC_JOBS_OPTION,             /* -fplugin-arg-mint-nvcc-jobs=N */
  NVCC_JOBS_JOBSERVER,          /* make's jobserver, token by token */
  NVCC_JOBS_JOBSERVER_CLOSED,   /* MAKEFLAGS names a jobserver this process
                                   cannot use: one at a time */
  NVCC_JOBS_CPUS                /* the CPUs this process may use */
};

struct nvcc_jobs_report
{
  enum nvcc_jobs_limit limit;
  int most_at_once;             /* runs that were under way at once */
};

/* Compiles JOBS[0] ... JOBS[N - 1] as nvcc_compile_fatbin does, each into
   RESULTS[I]: AT_ONCE at a time (-fplugin-arg-mint-nvcc-jobs), or with 0
   as many as REPORT->limit says.  Once one has failed, none starts and
   those under way are stopped: the results of those are empty (neither
   a fatbin nor an error).  Signals as nvcc_compile_fatbin has them: one
   that ends cc1 stops every run and removes their directories first.
   Returns 0 when all compiled, else -1.  Free every result with
   nvcc_result_free either way.  */
int nvcc_compile_fatbins (const struct nvcc_job *jobs, int n, int at_once,
                          struct nvcc_result *results,
                          struct nvcc_jobs_report *report);

/* The LEN bytes at DATA into the pipe FD, from a process that fork made
   of cc1, which ends (_exit) where FD's reader is gone.  */
void nvcc_pipe_write (int fd, const void *data, size_t len);

/* A run's result through a pipe, from the process that ran it: RC (0
   or -1) and RESULT into FD (nvcc_pipe_write).  */
void nvcc_result_send (int fd, int rc, const struct nvcc_result *result);

/* One result that nvcc_result_send sent, from the bytes at *P before
   END, into RESULT (empty before); *P moves past it.  False where they
   do not hold a whole one.  */
bool nvcc_result_receive (const char **p, const char *end,
                          struct nvcc_result *result);

#ifdef __cplusplus
}
#endif

#endif /* MINT_NVCC_JOBS_H */
