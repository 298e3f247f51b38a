/* device-cache.h -- the device-code cache: fatbins kept across compiles
   (plain C, no GCC).

   A unit whose CUDA source, nvcc (nvcc-identity.h) and nvcc options are
   those of an earlier compile gets that compile's fatbin from
   $XDG_CACHE_HOME/mint/device/ (else $HOME/.cache/mint/device/), without
   starting nvcc.  An entry is a file named by its key, the SHA-256 of
   all that; it is read only where every check passes, written whole or
   not at all, and the least recently used go when the entries outgrow
   the cache's size.  The cache never fails a compile: where it cannot be
   used, nvcc runs as without it.  */

#ifndef MINT_DEVICE_CACHE_H
#define MINT_DEVICE_CACHE_H

#include "nvcc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The default bound on the total size of the entries: 1 GiB, some
   hundreds of units of dozens of autotuned kernels, each for a few
   architectures.  */
#define DEVICE_CACHE_DEFAULT_SIZE (1ull << 30)

enum device_cache_use
{
  DEVICE_CACHE_OFF,             /* switched off: nvcc ran */
  DEVICE_CACHE_HIT,             /* the fatbin is the cache's; nvcc did not
                                   run */
  DEVICE_CACHE_STORED,          /* nvcc ran; the cache keeps its fatbin */
  DEVICE_CACHE_UNUSED           /* nvcc ran; the cache could not keep its
                                   fatbin (WHY) */
};

struct device_cache_report
{
  enum device_cache_use use;
  char key[17];                 /* the first 16 hex digits of the key (the
                                   entry's name begins so); "" when there
                                   is none */
  char *why;                    /* malloc'ed or NULL.  DEVICE_CACHE_UNUSED:
                                   why; DEVICE_CACHE_STORED: why the entry
                                   it replaced was ignored */
};

/* nvcc_compile_fatbin (JOB, RESULT) through the cache when ENABLED: the
   fatbin of the cache's entry for JOB where it has a sound one, else
   nvcc's, which then replaces the entry; after that the least recently
   used entries go until they take MAX_BYTES at most.  Returns what
   nvcc_compile_fatbin returns, 0 for an entry used; says in *REPORT
   what the cache did.  Free RESULT with nvcc_result_free and REPORT with
   device_cache_report_free either way.  */
int device_cache_compile_fatbin (const struct nvcc_job *job, int enabled,
                                 unsigned long long max_bytes,
                                 struct nvcc_result *result,
                                 struct device_cache_report *report);

void device_cache_report_free (struct device_cache_report *report);

#ifdef __cplusplus
}
#endif

#endif /* MINT_DEVICE_CACHE_H */
