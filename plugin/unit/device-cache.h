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
#include "sha256.h"

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

/* The characters of an entry's name: the key in hex.  */
#define DEVICE_CACHE_NAME_SIZE (2 * SHA256_SIZE)

/* A unit's place in the cache, from device_cache_lookup to
   device_cache_store.  */
struct device_cache_entry
{
  int dir;                      /* the cache directory; -1: none */
  char *nvcc;                   /* malloc'ed: the nvcc file the key names */
  unsigned char key[SHA256_SIZE];
  char name[DEVICE_CACHE_NAME_SIZE + 1];
};

/* Looks JOB up in the cache when ENABLED.  Returns 1 where the cache has
   a sound entry: RESULT holds its fatbin (free it with nvcc_result_free)
   and nvcc need not run.  Else 0, with *RUN the job for nvcc (JOB, run
   as the nvcc file that the key names) and *ENTRY where
   device_cache_store keeps its fatbin.  Says in *REPORT what the cache
   did.  Call device_cache_entry_free and device_cache_report_free
   either way.  */
int device_cache_lookup (const struct nvcc_job *job, int enabled,
                         unsigned long long max_bytes,
                         struct device_cache_entry *entry,
                         struct nvcc_job *run, struct nvcc_result *result,
                         struct device_cache_report *report);

/* Keeps RESULT, the fatbin nvcc made for ENTRY's job, as its entry; then
   the least recently used entries go until they take MAX_BYTES at most.
   Never fails a compile: says in *REPORT whether the cache keeps it.  */
void device_cache_store (const struct device_cache_entry *entry,
                         const struct nvcc_result *result,
                         unsigned long long max_bytes,
                         struct device_cache_report *report);

void device_cache_entry_free (struct device_cache_entry *entry);

void device_cache_report_free (struct device_cache_report *report);

#ifdef __cplusplus
}
#endif

#endif /* MINT_DEVICE_CACHE_H */
