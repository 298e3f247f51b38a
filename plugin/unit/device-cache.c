/* device-cache.c -- the device-code cache (device-cache.h).

   The directory: $XDG_CACHE_HOME/mint/device, else
   $HOME/.cache/mint/device.  What is missing of it is created with mode
   0700, as the XDG base directory spec asks; mint/ and device/ (or the
   directories they lead to, where a user made them symbolic links) must
   be the user's (the effective user's) and writable by nobody else, or
   the cache is not used.  Everything in it is reached through the
   directory's descriptor, so the path cannot be swapped under the
   compile.

   An entry, named by the 64 hex digits of its key, mode 0600:

     0   8 bytes   "mintfbc\n"
     8   4 bytes   the format version (FORMAT_VERSION)
     12  4 bytes   the length of the architecture list
     16  8 bytes   the length of the fatbin
     24  32 bytes  the key
     56  32 bytes  the SHA-256 of the rest of the file
     88            the architecture list ("sm_80,sm_90"), then the fatbin

   numbers little-endian.  An entry is used only where it is a regular
   file of the user's (not a symbolic link), every field checks out and
   nvcc_fatbin_problem accepts the fatbin; else nvcc runs and its fatbin
   replaces the entry.  An entry is written into a temporary file of the
   directory, mode 0600, renamed to the entry's name once whole: a reader
   sees a whole entry or none, and compiles that write the same entry at
   once (make -j) both succeed.  */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "device-cache.h"
#include "little-endian.h"
#include "nvcc-identity.h"
#include "sha256.h"
#include "xalloc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define ENTRY_MAGIC "mintfbc\n"
#define FORMAT_VERSION 1
#define VERSION_OFFSET 8
#define ARCHS_LENGTH_OFFSET 12
#define FATBIN_LENGTH_OFFSET 16
#define KEY_OFFSET 24
#define CHECKSUM_OFFSET 56
#define HEADER_SIZE 88
/* "sm_XX," for the 16 architectures nvcc.c takes at most, and more.  */
#define MAX_ARCHS_TEXT 255
#define TEMPORARY_PREFIX ".tmp-"
/* A temporary file this old was left by a compile that was killed
   (SIGKILL) while writing it; the next store removes it.  */
#define STALE_TEMPORARY_SECONDS 3600

/* ---- The key --------------------------------------------------------- */

/* Hashes LEN bytes at DATA after their length, so that no two lists of
   fields hash the same bytes.  */
static void
hash_field (struct sha256 *h, const void *data, size_t len)
{
  unsigned char length[8];

  put_little_endian (length, len, 8);
  sha256_update (h, length, sizeof length);
  sha256_update (h, data, len);
}

static void
hash_string (struct sha256 *h, const char *s)
{
  hash_field (h, s, strlen (s));
}

/* The key of JOB, whose nvcc is the file NVCC: the SHA-256 of the cache's
   format, nvcc's identity, the options and the CUDA source.  0, or -1
   with *WHY set.  */
static int
compute_key (const struct nvcc_job *job, const char *nvcc,
             unsigned char key[SHA256_SIZE], char **why)
{
  char *identity = nvcc_identity (nvcc, job->nvrtc ? job->nvrtc_helper
                                                   : NULL);
  char *options = nvcc_options_text (job);
  struct sha256 h;

  if (!identity || !options)
    {
      *why = mint_xstrdup (identity ? "the architecture list is not valid"
                           : "out of memory for nvcc's identity");
      free (identity);
      free (options);
      return -1;
    }
  sha256_init (&h);
  hash_string (&h, ENTRY_MAGIC);
  hash_field (&h, (const unsigned char[]) { FORMAT_VERSION }, 1);
  hash_string (&h, identity);
  hash_string (&h, options);
  hash_field (&h, job->source, job->source_len);
  sha256_final (&h, key);
  free (identity);
  free (options);
  return 0;
}

static void
hex (const unsigned char *bytes, size_t n, char *out)
{
  for (size_t i = 0; i < n; i++)
    sprintf (out + 2 * i, "%02x", bytes[i]);
}

/* ---- The directory ---------------------------------------------------- */

/* mkdir -p DIR, the directories it creates with mode 0700.  */
static int
make_directories (const char *dir, char **why)
{
  char *path = mint_xstrdup (dir);

  for (char *p = path + 1; ; p++)
    if (*p == '/' || *p == '\0')
      {
        char c = *p;

        *p = '\0';
        if (mkdir (path, 0700) != 0 && errno != EEXIST)
          {
            *why = mint_xasprintf ("cannot create %s: %s", path,
                                   strerror (errno));
            free (path);
            return -1;
          }
        if (c == '\0')
          break;
        *p = c;
      }
  free (path);
  return 0;
}

/* The directory NAME in the directory PARENT (called PATH in messages),
   created with mode 0700 where missing, opened; -1 with *WHY set where
   that fails or it is not the user's alone: it must be owned by the
   effective user and writable by nobody else.  */
static int
open_private_directory (int parent, const char *path, const char *name,
                        char **why)
{
  struct stat st;
  int fd;

  if (mkdirat (parent, name, 0700) != 0 && errno != EEXIST)
    {
      *why = mint_xasprintf ("cannot create %s/%s: %s", path, name,
                             strerror (errno));
      return -1;
    }
  fd = openat (parent, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0)
    {
      *why = mint_xasprintf ("cannot open %s/%s: %s", path, name,
                             strerror (errno));
      return -1;
    }
  if (fstat (fd, &st) != 0 || st.st_uid != geteuid ()
      || (st.st_mode & (S_IWGRP | S_IWOTH)))
    {
      *why = mint_xasprintf ("%s/%s is not private: it must belong to the "
                             "user and be writable by nobody else",
                             path, name);
      close (fd);
      return -1;
    }
  return fd;
}

/* The cache directory, opened; -1 with *WHY set.  */
static int
open_cache_directory (char **why)
{
  const char *xdg = secure_getenv ("XDG_CACHE_HOME");
  const char *home = secure_getenv ("HOME");
  char *base, *mint_path;
  int base_fd, mint_fd = -1, device_fd = -1;
  struct stat st;

  /* The XDG base directory spec ignores a relative XDG_CACHE_HOME.  Of
     HOME, only .cache is created.  */
  if (xdg && xdg[0] == '/')
    base = mint_xstrdup (xdg);
  else if (home && *home && stat (home, &st) == 0 && S_ISDIR (st.st_mode))
    base = mint_xasprintf ("%s/.cache", home);
  else
    {
      *why = mint_xstrdup ("there is no XDG_CACHE_HOME and HOME is no "
                           "directory");
      return -1;
    }
  mint_path = mint_xasprintf ("%s/mint", base);
  if (make_directories (base, why) == 0)
    {
      base_fd = open (base, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
      if (base_fd < 0)
        *why = mint_xasprintf ("cannot open %s: %s", base, strerror (errno));
      else
        {
          mint_fd = open_private_directory (base_fd, base, "mint", why);
          close (base_fd);
        }
    }
  if (mint_fd >= 0)
    {
      device_fd = open_private_directory (mint_fd, mint_path, "device", why);
      close (mint_fd);
    }
  free (mint_path);
  free (base);
  return device_fd;
}

/* ---- Reading an entry -------------------------------------------------- */

enum lookup
{
  LOOKUP_FOUND,
  LOOKUP_MISSING,
  LOOKUP_REJECTED               /* with *WHY set */
};

/* Whether the LEN bytes at S are an architecture list as nvcc.c writes
   them.  */
static int
arch_text_p (const unsigned char *s, size_t len)
{
  if (len == 0)
    return 0;
  for (size_t i = 0; i < len; i++)
    if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9')
          || s[i] == '_' || s[i] == ','))
      return 0;
  return 1;
}

/* What is wrong with the entry DATA of SIZE bytes for KEY, malloc'ed, or
   NULL when it is sound.  */
static char *
entry_problem (const unsigned char *data, size_t size,
               const unsigned char key[SHA256_SIZE])
{
  unsigned char checksum[SHA256_SIZE];
  uint64_t archs_len, fatbin_len;
  const char *problem;

  if (size < HEADER_SIZE || memcmp (data, ENTRY_MAGIC, 8) != 0)
    return mint_xstrdup ("it does not start with an entry's header");
  if (little_endian (data + VERSION_OFFSET, 4) != FORMAT_VERSION)
    return mint_xasprintf ("its format is not version %d", FORMAT_VERSION);
  archs_len = little_endian (data + ARCHS_LENGTH_OFFSET, 4);
  fatbin_len = little_endian (data + FATBIN_LENGTH_OFFSET, 8);
  if (archs_len > MAX_ARCHS_TEXT || fatbin_len != size - HEADER_SIZE
                                                   - archs_len)
    return mint_xstrdup ("its length is not the one its header gives");
  if (memcmp (data + KEY_OFFSET, key, SHA256_SIZE) != 0)
    return mint_xstrdup ("its header holds another key");
  sha256 (data + HEADER_SIZE, size - HEADER_SIZE, checksum);
  if (memcmp (data + CHECKSUM_OFFSET, checksum, SHA256_SIZE) != 0)
    return mint_xstrdup ("its checksum does not match its content");
  if (!arch_text_p (data + HEADER_SIZE, archs_len))
    return mint_xstrdup ("its architecture list is not valid");
  problem = nvcc_fatbin_problem (data + HEADER_SIZE + archs_len, fatbin_len);
  return problem ? mint_xasprintf ("its fatbin is not valid: %s", problem)
                 : NULL;
}

/* Reads LEN bytes from FD into BUF; 0 when it has exactly that many.  */
static int
read_exactly (int fd, unsigned char *buf, size_t len)
{
  size_t got = 0;
  unsigned char extra;

  while (got < len)
    {
      ssize_t n = read (fd, buf + got, len - got);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return -1;
      got += (size_t) n;
    }
  return read (fd, &extra, 1) == 0 ? 0 : -1;
}

/* Reads the whole regular file FD of the user's, of at most MAX_BYTES,
   into *DATA and *SIZE; 0, or -1 with *WHY set.  */
static int
read_entry_file (int fd, unsigned long long max_bytes, unsigned char **data,
                 size_t *size, char **why)
{
  struct stat st;

  if (fstat (fd, &st) != 0)
    *why = mint_xasprintf ("cannot read it: %s", strerror (errno));
  else if (!S_ISREG (st.st_mode) || st.st_uid != geteuid ())
    *why = mint_xstrdup ("it is not a regular file of the user's");
  else if ((unsigned long long) st.st_size > max_bytes)
    *why = mint_xstrdup ("it is larger than the cache may grow");
  else
    {
      *size = (size_t) st.st_size;
      *data = mint_xmalloc (*size);
      if (read_exactly (fd, *data, *size) == 0)
        return 0;
      *why = mint_xstrdup ("it could not be read whole");
      free (*data);
    }
  return -1;
}

/* The entry NAME of directory DIR for KEY into RESULT, where it is sound;
   a used entry's modification time becomes now (the least recently used
   go first).  */
static enum lookup
read_entry (int dir, const char *name, const unsigned char key[SHA256_SIZE],
            unsigned long long max_bytes, struct nvcc_result *result,
            char **why)
{
  /* O_NONBLOCK: a FIFO in the entry's place must not block the open.  */
  int fd = openat (dir, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  unsigned char *data;
  size_t size, archs_len;

  if (fd < 0 && errno == ENOENT)
    return LOOKUP_MISSING;
  if (fd < 0)
    {
      *why = errno == ELOOP ? mint_xstrdup ("it is a symbolic link")
             : mint_xasprintf ("cannot open it: %s", strerror (errno));
      return LOOKUP_REJECTED;
    }
  if (read_entry_file (fd, max_bytes, &data, &size, why) != 0)
    {
      close (fd);
      return LOOKUP_REJECTED;
    }
  *why = entry_problem (data, size, key);
  if (*why)
    {
      free (data);
      close (fd);
      return LOOKUP_REJECTED;
    }
  futimens (fd, NULL);
  close (fd);
  archs_len = (size_t) little_endian (data + ARCHS_LENGTH_OFFSET, 4);
  result->archs = mint_xmalloc (archs_len + 1);
  memcpy (result->archs, data + HEADER_SIZE, archs_len);
  result->archs[archs_len] = '\0';
  result->size = size - HEADER_SIZE - archs_len;
  result->fatbin = mint_xmalloc (result->size);
  memcpy (result->fatbin, data + HEADER_SIZE + archs_len, result->size);
  free (data);
  return LOOKUP_FOUND;
}

/* ---- Writing an entry -------------------------------------------------- */

static int
write_all (int fd, const void *data, size_t len)
{
  const unsigned char *p = data;

  while (len > 0)
    {
      ssize_t n = write (fd, p, len);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return -1;
      p += n;
      len -= (size_t) n;
    }
  return 0;
}

/* A new file of directory DIR, mode 0600, opened for writing, its name
   TEMPORARY_PREFIX and 16 random hex digits in NAME: what mkstemp does,
   through the directory's descriptor.  -1 with errno set.  */
static int
create_temporary (int dir, char name[sizeof TEMPORARY_PREFIX + 16])
{
  for (int attempt = 0; attempt < 100; attempt++)
    {
      unsigned long long r;
      int fd;

      if (getrandom (&r, sizeof r, GRND_NONBLOCK) != sizeof r)
        r = (unsigned long long) getpid () << 32
            ^ (unsigned long long) time (NULL) << 8 ^ (unsigned) attempt;
      sprintf (name, TEMPORARY_PREFIX "%016llx", r);
      fd = openat (dir, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW
                              | O_CLOEXEC, 0600);
      if (fd >= 0 || errno != EEXIST)
        return fd;
    }
  return -1;
}

/* The entry's header for KEY, archs ARCHS and fatbin FATBIN of SIZE.  */
static void
make_header (unsigned char header[HEADER_SIZE],
             const unsigned char key[SHA256_SIZE], const char *archs,
             const unsigned char *fatbin, size_t size)
{
  struct sha256 h;

  memcpy (header, ENTRY_MAGIC, 8);
  put_little_endian (header + VERSION_OFFSET, FORMAT_VERSION, 4);
  put_little_endian (header + ARCHS_LENGTH_OFFSET, strlen (archs), 4);
  put_little_endian (header + FATBIN_LENGTH_OFFSET, size, 8);
  memcpy (header + KEY_OFFSET, key, SHA256_SIZE);
  sha256_init (&h);
  sha256_update (&h, archs, strlen (archs));
  sha256_update (&h, fatbin, size);
  sha256_final (&h, header + CHECKSUM_OFFSET);
}

/* Writes the entry's HEADER and RESULT into FD and closes it; 0, or the
   errno of what failed.  */
static int
write_contents (int fd, const unsigned char header[HEADER_SIZE],
                const struct nvcc_result *result)
{
  int error = 0;

  if (write_all (fd, header, HEADER_SIZE) != 0
      || write_all (fd, result->archs, strlen (result->archs)) != 0
      || write_all (fd, result->fatbin, result->size) != 0)
    error = errno;
  if (close (fd) != 0 && !error)
    error = errno;
  return error;
}

/* Takes back the SIGXFSZ that a write past the file size limit raised,
   held back since: the cache gives up, the compile goes on (with its
   default action the signal would end cc1).  SAVED is the signal mask
   from before.  */
static void
take_back_sigxfsz (const sigset_t *saved)
{
  static const struct timespec no_wait;
  sigset_t xfsz;

  sigemptyset (&xfsz);
  sigaddset (&xfsz, SIGXFSZ);
  if (!sigismember (saved, SIGXFSZ))
    sigtimedwait (&xfsz, NULL, &no_wait);
}

/* Writes RESULT as the entry NAME of directory DIR for KEY; nothing is
   left of it where that fails.  0, or -1 with *WHY set.  */
static int
write_entry (int dir, const char *name, const unsigned char key[SHA256_SIZE],
             const struct nvcc_result *result, char **why)
{
  unsigned char header[HEADER_SIZE];
  char temporary[sizeof TEMPORARY_PREFIX + 16];
  sigset_t all, saved;
  int fd, error, rc = -1;

  make_header (header, key, result->archs, result->fatbin, result->size);
  /* No signal between the temporary file's creation and its rename or
     removal: one that ends cc1 would leave the file behind.  */
  sigfillset (&all);
  sigprocmask (SIG_BLOCK, &all, &saved);
  fd = create_temporary (dir, temporary);
  if (fd < 0)
    *why = mint_xasprintf ("cannot create a file in the cache: %s",
                           strerror (errno));
  else if ((error = write_contents (fd, header, result)) != 0)
    {
      if (error == EFBIG)
        take_back_sigxfsz (&saved);
      unlinkat (dir, temporary, 0);
      *why = mint_xasprintf ("cannot write an entry: %s", strerror (error));
    }
  else if (renameat (dir, temporary, dir, name) != 0)
    {
      error = errno;
      unlinkat (dir, temporary, 0);
      *why = mint_xasprintf ("cannot rename an entry: %s", strerror (error));
    }
  else
    rc = 0;
  sigprocmask (SIG_SETMASK, &saved, NULL);
  return rc;
}

/* ---- The size bound ---------------------------------------------------- */

struct entry_file
{
  char name[DEVICE_CACHE_NAME_SIZE + 1];
  unsigned long long size;
  struct timespec used;         /* modification time: written or read */
};

static int
entry_name_p (const char *name)
{
  return strlen (name) == DEVICE_CACHE_NAME_SIZE
         && strspn (name, "0123456789abcdef") == DEVICE_CACHE_NAME_SIZE;
}

static int
least_recent_first (const void *a, const void *b)
{
  const struct entry_file *x = a, *y = b;

  if (x->used.tv_sec != y->used.tv_sec)
    return x->used.tv_sec < y->used.tv_sec ? -1 : 1;
  if (x->used.tv_nsec != y->used.tv_nsec)
    return x->used.tv_nsec < y->used.tv_nsec ? -1 : 1;
  return strcmp (x->name, y->name);
}

/* The entries of directory DIR into *ENTRIES (malloc'ed), their number
   into *N and their total size into *TOTAL; removes the temporary files
   that killed compiles left.  */
static void
list_entries (int dir, struct entry_file **entries, size_t *n,
              unsigned long long *total)
{
  int fd = dup (dir);
  DIR *d = fd >= 0 ? fdopendir (fd) : NULL;
  size_t room = 0;
  struct dirent *e;
  time_t now = time (NULL);

  *entries = NULL;
  *n = 0;
  *total = 0;
  if (!d)
    {
      if (fd >= 0)
        close (fd);
      return;
    }
  while ((e = readdir (d)) != NULL)
    {
      struct stat st;

      if (fstatat (dir, e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0
          || !S_ISREG (st.st_mode))
        continue;
      if (strncmp (e->d_name, TEMPORARY_PREFIX, strlen (TEMPORARY_PREFIX))
          == 0 && now - st.st_mtim.tv_sec > STALE_TEMPORARY_SECONDS)
        unlinkat (dir, e->d_name, 0);
      if (!entry_name_p (e->d_name))
        continue;
      if (*n == room)
        {
          room = room ? 2 * room : 64;
          *entries = mint_xrealloc (*entries, room * sizeof **entries);
        }
      strcpy ((*entries)[*n].name, e->d_name);
      (*entries)[*n].size = (unsigned long long) st.st_size;
      (*entries)[*n].used = st.st_mtim;
      *total += (unsigned long long) st.st_size;
      (*n)++;
    }
  closedir (d);
}

/* Removes the least recently used entries of directory DIR but KEEP
   until they take MAX_BYTES at most.  */
static void
evict (int dir, unsigned long long max_bytes, const char *keep)
{
  struct entry_file *entries;
  size_t n;
  unsigned long long total;

  list_entries (dir, &entries, &n, &total);
  qsort (entries, n, sizeof *entries, least_recent_first);
  for (size_t i = 0; i < n && total > max_bytes; i++)
    if (strcmp (entries[i].name, keep) != 0
        && unlinkat (dir, entries[i].name, 0) == 0)
      total -= entries[i].size;
  free (entries);
}

/* ---- The cache --------------------------------------------------------- */

/* Keeps RESULT as the entry NAME for KEY in directory DIR, within
   MAX_BYTES.  0, or -1 with *WHY set.  */
static int
store (int dir, const char *name, const unsigned char key[SHA256_SIZE],
       const struct nvcc_result *result, unsigned long long max_bytes,
       char **why)
{
  unsigned long long size = HEADER_SIZE + strlen (result->archs)
                            + result->size;

  if (size > max_bytes)
    {
      *why = mint_xasprintf ("its %llu bytes exceed the cache's size (%llu "
                             "bytes, MINT_DEVICE_CACHE_SIZE)", size,
                             max_bytes);
      return -1;
    }
  if (write_entry (dir, name, key, result, why) != 0)
    return -1;
  evict (dir, max_bytes, name);
  return 0;
}

int
device_cache_lookup (const struct nvcc_job *job, int enabled,
                     unsigned long long max_bytes,
                     struct device_cache_entry *entry, struct nvcc_job *run,
                     struct nvcc_result *result,
                     struct device_cache_report *report)
{
  memset (report, 0, sizeof *report);
  memset (result, 0, sizeof *result);
  memset (entry, 0, sizeof *entry);
  entry->dir = -1;
  *run = *job;
  if (!enabled)
    return 0;
  report->use = DEVICE_CACHE_UNUSED;
  /* Where there is no cache directory (secure execution among others),
     nothing more is looked at.  */
  entry->dir = open_cache_directory (&report->why);
  if (entry->dir < 0)
    return 0;
  /* Where nvcc cannot be found, its run says what is wrong.  */
  entry->nvcc = nvcc_find (job->nvcc);
  if (!entry->nvcc || compute_key (job, entry->nvcc, entry->key,
                                   &report->why) != 0)
    {
      device_cache_entry_free (entry);
      return 0;
    }
  hex (entry->key, SHA256_SIZE, entry->name);
  memcpy (report->key, entry->name, sizeof report->key - 1);
  if (read_entry (entry->dir, entry->name, entry->key, max_bytes, result,
                  &report->why) == LOOKUP_FOUND)
    {
      report->use = DEVICE_CACHE_HIT;
      return 1;
    }
  /* The nvcc that the key names runs.  */
  run->nvcc_file = entry->nvcc;
  return 0;
}

void
device_cache_store (const struct device_cache_entry *entry,
                    const struct nvcc_result *result,
                    unsigned long long max_bytes,
                    struct device_cache_report *report)
{
  char *why = NULL;

  if (entry->dir < 0)
    return;
  if (store (entry->dir, entry->name, entry->key, result, max_bytes,
             &why) == 0)
    report->use = DEVICE_CACHE_STORED;
  else
    {
      report->use = DEVICE_CACHE_UNUSED;
      free (report->why);
      report->why = why;
    }
}

void
device_cache_entry_free (struct device_cache_entry *entry)
{
  if (entry->dir >= 0)
    close (entry->dir);
  free (entry->nvcc);
  entry->dir = -1;
  entry->nvcc = NULL;
}

void
device_cache_report_free (struct device_cache_report *report)
{
  free (report->why);
  memset (report, 0, sizeof *report);
}
