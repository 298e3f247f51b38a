/* nvcc.h -- compiling one translation unit's CUDA source into a fatbin by
   running nvcc, or NVRTC and nvcc's back-end tools (plain C, no GCC: cc1
   does not export pex_one).  */

#ifndef MINT_NVCC_H
#define MINT_NVCC_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

struct nvcc_job
{
  const char *nvcc;             /* a path, or a name searched in PATH */
  const char *nvcc_file;        /* the file to run (nvcc_find's answer,
                                   nvcc-identity.h); NULL: NVCC searched
                                   in PATH */
  const char *arch_list;        /* "sm_80,sm_90"; NULL: the default list */
  const char *source;           /* the .cu text */
  size_t source_len;
  int no_contraction;           /* no fused multiply-adds (-fmad=false) */
  unsigned timeout;             /* seconds for each nvcc run; 0: no limit */
  /* NULL, or the job is one architecture (ARCH_LIST) of a list whose
     newest is NEWEST_ARCH (nvcc_split_job): PTX only where they are the
     same, the tuning candidates compiled for NEWEST_ARCH on.  */
  const char *newest_arch;
  /* Where more than 1 and the toolkit has it (CUDA 12.4 on), cicc's
     -split-compile: cicc shares the kernels out over this many threads.
     Not part of the options' text: the fatbin is the same.  */
  int threads;
  /* NULL, or the toolkit's libnvrtc (nvcc_nvrtc_library): the program
     NVRTC_HELPER (mint-nvrtc, nvcc_nvrtc_helper) makes the PTX with it,
     then ptxas and fatbinary run as nvcc runs them, for the same fatbin
     without nvcc's parse of cuda_runtime.h.  */
  const char *nvrtc;
  const char *nvrtc_helper;
};

struct nvcc_result
{
  unsigned char *fatbin;        /* malloc'ed */
  size_t size;
  char *archs;                  /* what it was compiled for: "sm_80,sm_90" */
  char *error;                  /* on failure: the reason, with the nvcc
                                   command line and its output */
};

/* The most architectures of a list, and the longest name ("sm_100f").  */
#define NVCC_MAX_ARCHS 16
#define NVCC_MAX_ARCH_NAME 16

/* The default architectures: SASS for each of them that the nvcc at hand
   supports, PTX for the newest one.  */
#define NVCC_DEFAULT_ARCHS "sm_70,sm_80,sm_90"

/* The default time limit of an nvcc run, in seconds: ten minutes, several
   times what nvcc takes for the largest units (dozens of loop nests,
   autotuned variants, several architectures), on a loaded machine too;
   enough that only an nvcc that hangs meets it.  */
#define NVCC_DEFAULT_TIMEOUT 600

/* Writes JOB's source into a private temporary directory (under $TMPDIR,
   or where GCC would put its temporary files when $TMPDIR will not do),
   runs nvcc -fatbin -O3 -gencode ... on it with that directory as its
   TMPDIR, and reads the fatbin back, checking that it is one.  SASS for
   every architecture of the list, PTX for the newest.  An nvcc run that
   takes longer than JOB->timeout seconds is stopped (its whole process
   group).  Removes the directory, also when SIGHUP, SIGINT, SIGQUIT or
   SIGTERM arrives meanwhile; that signal then ends cc1 as it would have.
   Returns 0, or -1 with RESULT->error set.  Free RESULT with
   nvcc_result_free either way.  */
int nvcc_compile_fatbin (const struct nvcc_job *job, struct nvcc_result *result);

void nvcc_result_free (struct nvcc_result *result);

/* A job as one nvcc run per architecture, to run at once: nvcc's own
   --threads runs cicc for one architecture after the other.  */
struct nvcc_split
{
  int n;
  struct nvcc_job parts[NVCC_MAX_ARCHS];
  char names[NVCC_MAX_ARCHS][NVCC_MAX_ARCH_NAME];
  char newest[NVCC_MAX_ARCH_NAME];
};

/* JOB's architectures into SPLIT, a job each: LIKE's where LIKE is not
   NULL, else JOB's list or the default ones the nvcc supports.  Returns
   0, or -1 with *ERROR set.  */
int nvcc_split_job (const struct nvcc_job *job, const struct nvcc_split *like,
                    struct nvcc_split *split, char **error);

/* RESULT from the results of SPLIT's parts: their fatbins' entries in one
   fatbin, or the first part's error.  A part without either (stopped)
   leaves RESULT empty.  Returns 0 when RESULT holds a fatbin.  */
int nvcc_merge_parts (const struct nvcc_split *split,
                      const struct nvcc_result *parts,
                      struct nvcc_result *result);

/* The options nvcc_compile_fatbin gives nvcc for JOB that decide what it
   makes of the source, as a malloc'ed text: -fatbin, -O3, a -gencode for
   each architecture, -fmad=false.  Without JOB->arch_list, those of the
   whole default list, marked as the list that --list-gpu-code filters.
   NULL where JOB->arch_list is no valid list.  */
char *nvcc_options_text (const struct nvcc_job *job);

/* NULL when the SIZE bytes at DATA are a well-formed fatbin with code
   the CUDA driver can load (PTX or a cubin), else what is wrong with
   them.  */
const char *nvcc_fatbin_problem (const unsigned char *data, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* MINT_NVCC_H */
