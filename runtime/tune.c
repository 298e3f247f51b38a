/* tune.c -- the choice among the variants of an autotuned kernel
   (mintrt.h): which variant each launch runs, which is fastest, and the
   tuning cache that remembers it across runs.  No CUDA calls: tune-launch.c
   records and reads the events around the timed launches.

   The cache holds one file per kernel code (a kernel's twins without the
   checks, mintrt.h's MINT_KERNEL_UNCHECKED, are other code), GPU and
   extents, in $XDG_CACHE_HOME/mint (default ~/.cache/mint):

     mint tuning cache 1
     kernel 5e0c27a1d3b9f844 mint_solve_42 solver.c:42
     gpu NVIDIA H200
     extents 512 512 512
     variants 7
     variant 0 tile 32 8 6 chunk 1 1 6 ms 0.585120
     ...                                       (ms -: not timed)
     choice 3
     checksum 8f2c61d0a4b7e913

   The checksum (64-bit FNV-1a of everything before its line) makes a
   damaged file fail as a whole; every other field must match the key.  A
   file that fails is not trusted: the kernel is timed again.  Only a
   regular file is read or replaced (a FIFO would block the program).  A
   secure-execution process keeps no cache (mintrt_file_variable).  */

#define _GNU_SOURCE             /* mkostemp */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tune.h"
#include "diag.h"
#include "env.h"

#define CACHE_MAGIC "mint tuning cache 1\n"
#define CACHE_MAX_BYTES 65536

/* ---- the choice --------------------------------------------------------- */

struct mintrt_tuning *
mintrt_tuning_new (const struct mint_kernel *k,
                   const struct mintrt_tune_key *key, const bool *usable)
{
  struct mintrt_tuning *t = mintrt_xcalloc (1, sizeof *t);
  unsigned n = key->nvariants;

  t->kernel = k;
  t->key = *key;
  t->usable = mintrt_xcalloc (n, sizeof *t->usable);
  t->best_ms = mintrt_xcalloc (n, sizeof *t->best_ms);
  t->nsamples = mintrt_xcalloc (n, sizeof *t->nsamples);
  for (unsigned v = 0; v < n; v++)
    {
      t->usable[v] = usable[v];
      t->nusable += usable[v];
      t->best_ms[v] = -1;
    }
  t->planned = MINTRT_TUNE_ROUNDS * t->nusable;
  t->samples = mintrt_xcalloc (t->planned, sizeof *t->samples);
  return t;
}

void
mintrt_tuning_free (struct mintrt_tuning *t)
{
  if (!t)
    return;
  free (t->usable);
  free (t->best_ms);
  free (t->nsamples);
  free (t->samples);
  free (t);
}

/* The Ith usable variant.  */
static unsigned
usable_variant (const struct mintrt_tuning *t, unsigned i)
{
  for (unsigned v = 0; v < t->key.nvariants; v++)
    if (t->usable[v] && i-- == 0)
      return v;
  return 0;
}

/* The fastest usable variant timed so far (the first of equals), else
   the first usable one.  */
static unsigned
fastest (const struct mintrt_tuning *t)
{
  unsigned best = usable_variant (t, 0);
  for (unsigned v = 0; v < t->key.nvariants; v++)
    if (t->usable[v] && t->nsamples[v]
        && (!t->nsamples[best] || t->best_ms[v] < t->best_ms[best]))
      best = v;
  return best;
}

unsigned
mintrt_tune_next (struct mintrt_tuning *t, bool *timed)
{
  *timed = false;
  if (t->decided)
    return t->choice;
  if (t->issued == t->planned)
    return fastest (t);
  unsigned round = t->issued / t->nusable, i = t->issued % t->nusable;
  unsigned v = usable_variant (t, round % 2 ? t->nusable - 1 - i : i);
  t->samples[t->issued++].variant = v;
  *timed = true;
  return v;
}

bool
mintrt_tune_record (struct mintrt_tuning *t, double ms)
{
  unsigned v = t->samples[t->read++].variant;
  if (!t->nsamples[v]++ || ms < t->best_ms[v])
    t->best_ms[v] = ms;
  if (t->read < t->planned || t->decided)
    return false;
  mintrt_tune_settle (t, fastest (t), MINTRT_TUNED_MEASURED);
  return true;
}

void
mintrt_tune_settle (struct mintrt_tuning *t, unsigned choice,
                    enum mintrt_tune_source source)
{
  t->decided = true;
  t->choice = choice;
  t->source = source;
}

/* ---- the cache: where --------------------------------------------------- */

bool
mintrt_tune_cache_dir (char *buf, size_t size)
{
  const char *xdg = mintrt_file_variable ("XDG_CACHE_HOME");
  const char *home = mintrt_file_variable ("HOME");
  int n;

  /* The XDG base directory spec ignores a relative XDG_CACHE_HOME.  */
  if (xdg && xdg[0] == '/')
    n = snprintf (buf, size, "%s/mint", xdg);
  else if (home)
    n = snprintf (buf, size, "%s/.cache/mint", home);
  else
    return false;
  return n > 0 && (size_t) n < size;
}

bool
mintrt_tune_cache_path (char *buf, size_t size, const char *dir,
                        const struct mintrt_tune_key *key)
{
  size_t n = (size_t) snprintf (buf, size, "%s/%016llx-", dir,
                                key->code_hash);
  for (unsigned d = 0; d < key->ndims && n < size; d++)
    n += (size_t) snprintf (buf + n, size - n, d ? "x%lld" : "%lld",
                            key->extents[d]);
  if (n < size)
    n += (size_t) snprintf (buf + n, size - n, "-");
  /* The GPU's name, in characters any file system takes.  */
  for (const char *c = key->gpu; *c && n + 1 < size; c++)
    buf[n++] = (strchr ("._-", *c) || (*c >= 'a' && *c <= 'z')
                || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9'))
               ? *c : '_';
  if (n + sizeof ".tune" > size)
    return false;
  strcpy (buf + n, ".tune");
  return true;
}

/* ---- the cache: format -------------------------------------------------- */

static unsigned long long
fnv1a (const char *data, size_t len)
{
  unsigned long long h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < len; i++)
    h = (h ^ (unsigned char) data[i]) * 0x100000001b3ull;
  return h;
}

/* Appends to the growing string *TEXT (length *LEN); false where the
   line would be longer than 511 bytes.  */
static bool MINTRT_PRINTF (3, 4)
append (char **text, size_t *len, const char *format, ...)
{
  va_list ap;
  char line[512];
  int n;

  va_start (ap, format);
  n = vsnprintf (line, sizeof line, format, ap);
  va_end (ap);
  if (n < 0 || (size_t) n >= sizeof line)
    return false;
  char *grown = mintrt_xrealloc (*text, *len + (size_t) n + 1);
  memcpy (grown + *len, line, (size_t) n + 1);
  *text = grown;
  *len += (size_t) n;
  return true;
}

char *
mintrt_tune_cache_format (const struct mintrt_tuning *t)
{
  const struct mint_kernel *k = t->kernel;
  const struct mintrt_tune_key *key = &t->key;
  char *text = NULL;
  size_t len = 0;
  bool ok = append (&text, &len, "%s", CACHE_MAGIC)
            && append (&text, &len, "kernel %016llx %s %s:%u\n",
                       key->code_hash, k->name, k->file, k->line)
            && append (&text, &len, "gpu %s\n", key->gpu)
            && append (&text, &len, "extents");
  for (unsigned d = 0; ok && d < key->ndims; d++)
    ok = append (&text, &len, " %lld", key->extents[d]);
  ok = ok && append (&text, &len, "\nvariants %u\n", key->nvariants);
  for (unsigned v = 0; ok && v < key->nvariants; v++)
    {
      const struct mint_variant *var = &k->variants[v];
      char ms[32] = "-";
      if (t->nsamples[v])
        snprintf (ms, sizeof ms, "%.6f", t->best_ms[v]);
      ok = append (&text, &len, "variant %u tile %u %u %u chunk %u %u %u "
                   "ms %s\n", v, var->tile[0], var->tile[1], var->tile[2],
                   var->chunk[0], var->chunk[1], var->chunk[2], ms);
    }
  ok = ok && append (&text, &len, "choice %u\n", t->choice)
       && append (&text, &len, "checksum %016llx\n", fnv1a (text, len));
  if (!ok)
    {
      free (text);
      return NULL;
    }
  return text;
}

/* Line-by-line reading of an entry.  */
struct reader
{
  const char *text, *end;
  char line[512];
  unsigned number;
};

/* The next line, without its newline, into R->line; false at the end or
   for a line that is too long or lacks its newline.  */
static bool
next_line (struct reader *r)
{
  const char *nl = memchr (r->text, '\n', (size_t) (r->end - r->text));
  if (!nl || (size_t) (nl - r->text) >= sizeof r->line)
    return false;
  memcpy (r->line, r->text, (size_t) (nl - r->text));
  r->line[nl - r->text] = '\0';
  r->text = nl + 1;
  r->number++;
  return true;
}

static bool MINTRT_PRINTF (3, 4)
reject (char *why, size_t why_size, const char *format, ...)
{
  va_list ap;
  va_start (ap, format);
  vsnprintf (why, why_size, format, ap);
  va_end (ap);
  return false;
}

/* Whether LINE is FORMAT with nothing after the conversions: FORMAT ends
   in "%n", whose count the caller passes as END.  */
#define SCAN_ALL(line, format, ...)                                     \
  (end = -1, sscanf ((line), format "%n", __VA_ARGS__, &end) >= 0       \
   && end >= 0 && (line)[end] == '\0')

/* The lines after the magic one, checksum verified: the key fields, the
   variants and the choice.  */
static bool
parse_fields (struct reader *r, const struct mintrt_tune_key *key,
              unsigned *choice, char *why, size_t why_size)
{
  unsigned long long hash;
  long long extents[3];
  unsigned n, v, u[6];
  int end, rest = -1;
  char ms[32];

  if (!next_line (r) || sscanf (r->line, "kernel %16llx %n", &hash, &rest) < 1
      || rest < 0)
    return reject (why, why_size, "is corrupt (line %u)", r->number);
  if (hash != key->code_hash)
    return reject (why, why_size, "is for other device code (%016llx, not "
                   "%016llx)", hash, key->code_hash);
  if (!next_line (r) || strncmp (r->line, "gpu ", 4) != 0)
    return reject (why, why_size, "is corrupt (line %u)", r->number);
  if (strcmp (r->line + 4, key->gpu) != 0)
    return reject (why, why_size, "was written on another GPU (%.*s%s, not "
                   "%s)", MINTRT_BOUNDED (r->line + 4, MINTRT_VALUE_QUOTED),
                   key->gpu);
  if (!next_line (r)
      || !(key->ndims == 1
           ? SCAN_ALL (r->line, "extents %lld", &extents[0])
           : key->ndims == 2
             ? SCAN_ALL (r->line, "extents %lld %lld", &extents[0],
                         &extents[1])
             : SCAN_ALL (r->line, "extents %lld %lld %lld", &extents[0],
                         &extents[1], &extents[2])))
    return reject (why, why_size, "is corrupt or for a nest of other "
                   "dimensions (line %u)", r->number);
  for (unsigned d = 0; d < key->ndims; d++)
    if (extents[d] != key->extents[d])
      return reject (why, why_size, "is for other extents (line %u)",
                     r->number);
  if (!next_line (r) || !SCAN_ALL (r->line, "variants %u", &n))
    return reject (why, why_size, "is corrupt (line %u)", r->number);
  if (n != key->nvariants)
    return reject (why, why_size, "has %u variants, not %u", n,
                   key->nvariants);
  for (unsigned i = 0; i < n; i++)
    if (!next_line (r)
        || !SCAN_ALL (r->line, "variant %u tile %u %u %u chunk %u %u %u ms "
                      "%31s", &v, &u[0], &u[1], &u[2], &u[3], &u[4], &u[5],
                      ms)
        || v != i)
      return reject (why, why_size, "is corrupt (line %u)", r->number);
  if (!next_line (r) || !SCAN_ALL (r->line, "choice %u", choice))
    return reject (why, why_size, "is corrupt (line %u)", r->number);
  if (*choice >= n)
    return reject (why, why_size, "chooses variant %u of %u", *choice, n);
  return true;
}

bool
mintrt_tune_cache_parse (const char *text, size_t len,
                         const struct mintrt_tune_key *key, unsigned *choice,
                         char *why, size_t why_size)
{
  static const char checksum[] = "checksum ";
  struct reader r = { text + strlen (CACHE_MAGIC), text + len, "", 1 };
  unsigned long long stored;
  int end;

  if (len < strlen (CACHE_MAGIC)
      || memcmp (text, CACHE_MAGIC, strlen (CACHE_MAGIC)) != 0)
    return reject (why, why_size, "is not a mint tuning cache entry "
                   "(version 1)");
  /* The last line is the checksum of all before it.  */
  const char *last = text + len - 1;
  if (*last != '\n')
    return reject (why, why_size, "is truncated");
  while (last > text && last[-1] != '\n')
    last--;
  if (strncmp (last, checksum, strlen (checksum)) != 0)
    return reject (why, why_size, "is truncated");
  char line[64];
  size_t line_len = (size_t) (text + len - 1 - last);
  if (line_len >= sizeof line)
    return reject (why, why_size, "is corrupt (checksum line)");
  memcpy (line, last, line_len);
  line[line_len] = '\0';
  if (!SCAN_ALL (line, "checksum %16llx", &stored))
    return reject (why, why_size, "is corrupt (checksum line)");
  if (stored != fnv1a (text, (size_t) (last - text)))
    return reject (why, why_size, "is corrupt (its checksum does not "
                   "match)");
  r.end = last;
  if (!parse_fields (&r, key, choice, why, why_size))
    return false;
  if (r.text != r.end)
    return reject (why, why_size, "is corrupt (line %u)", r.number + 1);
  return true;
}

#undef SCAN_ALL

/* ---- the cache: files --------------------------------------------------- */

enum mintrt_cache_lookup
mintrt_tune_cache_load (const char *path, const struct mintrt_tune_key *key,
                        unsigned *choice, char *why, size_t why_size)
{
  char *text = NULL;
  size_t len = 0;
  bool not_regular, sound;
  int fd = mintrt_open_regular (path, false, &not_regular);

  if (fd < 0 && not_regular)
    {
      reject (why, why_size, "is not a regular file");
      return MINTRT_CACHE_INVALID;
    }
  if (fd < 0 && errno == ENOENT)
    return MINTRT_CACHE_MISSING;
  if (fd < 0)
    {
      reject (why, why_size, "cannot be read: %s", strerror (errno));
      return MINTRT_CACHE_INVALID;
    }
  text = mintrt_xcalloc (CACHE_MAX_BYTES, 1);
  ssize_t got;
  while ((got = read (fd, text + len, CACHE_MAX_BYTES - len)) != 0)
    if (got > 0)
      len += (size_t) got;
    else if (errno != EINTR || len == CACHE_MAX_BYTES)
      break;
  close (fd);
  if (got < 0)
    sound = reject (why, why_size, "cannot be read: %s", strerror (errno));
  else if (len == CACHE_MAX_BYTES)
    sound = reject (why, why_size, "is too large for an entry");
  else
    sound = mintrt_tune_cache_parse (text, len, key, choice, why, why_size);
  free (text);
  return sound ? MINTRT_CACHE_FOUND : MINTRT_CACHE_INVALID;
}

/* mkdir -p DIR, new directories private (as the XDG spec asks).  */
static bool
make_directories (const char *dir, char *why, size_t why_size)
{
  char path[4096];
  size_t len = strlen (dir);

  if (len >= sizeof path)
    return reject (why, why_size, "the directory name is too long");
  memcpy (path, dir, len + 1);
  for (char *p = path + 1; ; p++)
    if (*p == '/' || *p == '\0')
      {
        char c = *p;
        *p = '\0';
        if (mkdir (path, 0700) != 0 && errno != EEXIST)
          return reject (why, why_size, "cannot create %.*s%s: %s",
                         MINTRT_BOUNDED (path, MINTRT_PATH_QUOTED),
                         strerror (errno));
        if (c == '\0')
          return true;
        *p = c;
      }
}

/* Writes TEXT into a new private file named after PATH (PATH.XXXXXX, in
   its directory DIR) and renames it to PATH; nothing is left of it when
   that fails.  */
static bool
write_and_rename (const char *dir, const char *path, const char *text,
                  char *why, size_t why_size)
{
  char temporary[4096];
  size_t len = strlen (text), written = 0;
  int fd;

  if (snprintf (temporary, sizeof temporary, "%s.XXXXXX", path)
      >= (int) sizeof temporary)
    return reject (why, why_size, "the file name is too long");
  fd = mkostemp (temporary, O_CLOEXEC);
  if (fd < 0)
    return reject (why, why_size, "cannot create a file in %.*s%s: %s",
                   MINTRT_BOUNDED (dir, MINTRT_PATH_QUOTED),
                   strerror (errno));
  while (written < len)
    {
      ssize_t n = write (fd, text + written, len - written);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      written += (size_t) n;
    }
  if (close (fd) != 0 || written < len)
    {
      int e = errno;
      unlink (temporary);
      return reject (why, why_size, "cannot write %.*s%s: %s",
                     MINTRT_BOUNDED (temporary, MINTRT_PATH_QUOTED),
                     strerror (e));
    }
  if (rename (temporary, path) != 0)
    {
      int e = errno;
      unlink (temporary);
      return reject (why, why_size, "cannot rename a file to %.*s%s: %s",
                     MINTRT_BOUNDED (path, MINTRT_PATH_QUOTED),
                     strerror (e));
    }
  return true;
}

bool
mintrt_tune_cache_store (const char *dir, const char *path, const char *text,
                         char *why, size_t why_size)
{
  struct stat st;
  sigset_t all, before;
  bool stored;

  if (!make_directories (dir, why, why_size))
    return false;
  if (lstat (path, &st) == 0 && !S_ISREG (st.st_mode))
    return reject (why, why_size, "%.*s%s is not a regular file",
                   MINTRT_BOUNDED (path, MINTRT_PATH_QUOTED));
  /* No signal between the temporary file's creation and its rename or
     removal: a signal that ends the program leaves no file behind.  */
  sigfillset (&all);
  pthread_sigmask (SIG_BLOCK, &all, &before);
  stored = write_and_rename (dir, path, text, why, why_size);
  pthread_sigmask (SIG_SETMASK, &before, NULL);
  return stored;
}

/* ---- MINT_PROFILE ------------------------------------------------------- */

static const char *
sizes (char *buf, size_t size, const unsigned *v, unsigned ndims)
{
  size_t n = 0;
  for (unsigned d = 0; d < ndims && n < size; d++)
    n += (size_t) snprintf (buf + n, size - n, d ? "x%u" : "%u", v[d]);
  return buf;
}

void
mintrt_tune_report (FILE *out, const struct mintrt_tuning *first)
{
  static const char *const sources[] = { "measured", "from the tuning cache",
                                         "MINT_TUNE=off",
                                         "the only one that can run here" };
  for (const struct mintrt_tuning *t = first; t; t = t->next_all)
    {
      const struct mint_kernel *k = t->kernel;
      char extents[96] = "";
      size_t n = 0;
      for (unsigned d = 0; d < k->ndims && n < sizeof extents; d++)
        n += (size_t) snprintf (extents + n, sizeof extents - n,
                                d ? "x%lld" : "%lld", t->key.extents[d]);
      fprintf (out, "mint: profile: tuning of %s (%s:%u) over %s: ", k->name,
               k->file, k->line, extents);
      if (t->decided)
        fprintf (out, "variant %u, %s\n", t->choice, sources[t->source]);
      else
        fprintf (out, "undecided, %u of %u timed launches read\n", t->read,
                 t->planned);
      for (unsigned v = 0; v < t->key.nvariants; v++)
        {
          char tile[48], chunk[48], registers[16] = "auto";
          if (k->variants[v].max_registers)
            snprintf (registers, sizeof registers, "%u",
                      k->variants[v].max_registers);
          fprintf (out, "mint: profile:   %c v%-2u tile %-12s chunksize %-10s"
                   " registers %-4s", t->decided && v == t->choice ? '*' : ' ',
                   v, sizes (tile, sizeof tile, k->variants[v].tile,
                             k->ndims),
                   sizes (chunk, sizeof chunk, k->variants[v].chunk,
                          k->ndims), registers);
          if (!t->usable[v])
            fputs (" not launchable here\n", out);
          else if (t->nsamples[v])
            fprintf (out, " %10.4f ms (fastest of %u)\n", t->best_ms[v],
                     t->nsamples[v]);
          else
            fputs ("          -\n", out);
        }
    }
}
