/* tune.h -- the choice among the variants of an autotuned kernel
   (mintrt.h) and the tuning cache that remembers it across runs
   (tune.c).  */

#ifndef MINTRT_TUNE_H
#define MINTRT_TUNE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "cuda-min.h"
#include "mint/mintrt.h"

/* Timed launches of each variant; its fastest counts.  */
#define MINTRT_TUNE_ROUNDS 2

/* Most variants a descriptor may have (the plugin makes at most 8).  */
#define MINTRT_MAX_VARIANTS 64

/* What a choice holds for: the tuning cache's key.  */
/* What a launch's code hash is mixed with where it runs the kernel's
   twins without the checks (tune-launch.c): other code, tuned apart.  */
#define MINTRT_UNCHECKED_HASH 0x756e636865636b64ULL

struct mintrt_tune_key
{
  unsigned long long code_hash;
  const char *gpu;              /* the device's name */
  unsigned ndims;
  long long extents[3];         /* points of the iteration space, x first */
  unsigned nvariants;
};

enum mintrt_tune_source
{
  MINTRT_TUNED_MEASURED,
  MINTRT_TUNED_CACHE,           /* read from the tuning cache */
  MINTRT_TUNED_OFF,             /* MINT_TUNE=off: the compile-time choice */
  MINTRT_TUNED_ONLY             /* the only variant that can run here */
};

/* A timed launch: its variant and the events recorded around it.  */
struct mintrt_tune_sample
{
  unsigned variant;
  CUevent start, stop;
};

/* The choice among the variants of one kernel over one set of extents.
   The first MINTRT_TUNE_ROUNDS rounds of launches run each usable variant
   once, timed (every other round in reverse order, so that no variant
   always runs first); until every time is read back, later launches run
   the fastest read so far.  */
struct mintrt_tuning
{
  const struct mint_kernel *kernel;
  struct mintrt_tune_key key;
  bool *usable;                 /* per variant: launchable here */
  unsigned nusable;
  double *best_ms;              /* per variant: fastest sample, < 0: none */
  unsigned *nsamples;           /* per variant */
  struct mintrt_tune_sample *samples;   /* the timed launches, in order */
  unsigned planned, issued, read;       /* timed launches */
  bool decided;
  unsigned choice;
  enum mintrt_tune_source source;
  struct mintrt_tuning *next;   /* the same kernel's next extents */
  struct mintrt_tuning *next_all;       /* every tuning, oldest first */
};

/* A tuning of KEY's kernel K where USABLE[v] says which variants can run
   (at least one can), nothing measured yet.  */
struct mintrt_tuning *mintrt_tuning_new (const struct mint_kernel *k,
                                         const struct mintrt_tune_key *key,
                                         const bool *usable);
void mintrt_tuning_free (struct mintrt_tuning *t);

/* The variant the next launch runs.  *TIMED when it is a timed launch:
   its sample is T->samples[T->issued - 1].  */
unsigned mintrt_tune_next (struct mintrt_tuning *t, bool *timed);

/* MS for the oldest timed launch not yet read back.  Returns true when
   that was the last one: T has then decided (the fastest usable variant,
   the first of equals).  */
bool mintrt_tune_record (struct mintrt_tuning *t, double ms);

/* Decides for CHOICE from SOURCE (cache, off).  */
void mintrt_tune_settle (struct mintrt_tuning *t, unsigned choice,
                         enum mintrt_tune_source source);

/* The tuning cache's directory into BUF: $XDG_CACHE_HOME/mint when that
   is an absolute path, else $HOME/.cache/mint.  False when neither
   applies (a secure-execution process ignores both: it keeps no cache).  */
bool mintrt_tune_cache_dir (char *buf, size_t size);

/* The file of KEY's entry in DIR, into BUF.  False when it is too long.  */
bool mintrt_tune_cache_path (char *buf, size_t size, const char *dir,
                             const struct mintrt_tune_key *key);

/* T's entry (decided) as text, malloc'ed; NULL when a line of it is
   too long.  */
char *mintrt_tune_cache_format (const struct mintrt_tuning *t);

/* Whether TEXT (LEN bytes) is a sound entry for KEY: then *CHOICE is its
   variant; else WHY says what is wrong with it.  */
bool mintrt_tune_cache_parse (const char *text, size_t len,
                              const struct mintrt_tune_key *key,
                              unsigned *choice, char *why, size_t why_size);

enum mintrt_cache_lookup
{
  MINTRT_CACHE_MISSING,         /* no entry */
  MINTRT_CACHE_FOUND,           /* *choice */
  MINTRT_CACHE_INVALID          /* unreadable or unsound: why */
};

/* Reads the entry for KEY at PATH.  */
enum mintrt_cache_lookup mintrt_tune_cache_load
  (const char *path, const struct mintrt_tune_key *key, unsigned *choice,
   char *why, size_t why_size);

/* Writes TEXT as PATH in DIR (made if missing) through a private
   temporary file renamed over it: readers and concurrent writers only ever
   see whole entries.  Something at PATH that is no regular file is left
   alone.  False with the reason in WHY.  */
bool mintrt_tune_cache_store (const char *dir, const char *path,
                              const char *text, char *why, size_t why_size);

/* MINT_PROFILE: the variants, times and choice of every tuning from
   FIRST on (linked by next_all).  */
void mintrt_tune_report (FILE *out, const struct mintrt_tuning *first);

#endif /* MINTRT_TUNE_H */
