/* The tuner's choice and its cache (runtime/tune.c), without a device:
   which variant each launch runs, which one wins, and that a cache entry
   is trusted only when it is whole, undamaged and written for this kernel
   code, GPU and extents (truncated at every length, each byte changed,
   foreign fields, unreadable files, no regular file: a FIFO is neither
   waited for nor replaced); stores by concurrent writers; messages that
   keep their reason after a long file name.  */

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "tune.h"

static const struct mint_variant variants[4] = {
  { { 32, 8, 6 }, { 1, 1, 6 }, 0, 0, 0 },
  { { 32, 8, 3 }, { 1, 1, 3 }, 0, 0, 0 },
  { { 32, 8, 4 }, { 1, 1, 4 }, 0, 0, 0 },
  { { 64, 4, 6 }, { 1, 1, 6 }, 0, 0, 0 },
};
static struct mint_kernel kernel = {
  .abi_version = MINT_ABI_VERSION, .ndims = 3, .narrays = 1, .line = 42,
  .tile = { 32, 8, 6 }, .chunk = { 1, 1, 6 }, .name = "mint_solve_42",
  .step = { 1, 1, 1 },
  .file = "solve.c", .nvariants = 4, .variants = variants,
  .code_hash = 0x5e0c27a1d3b9f844ull
};
static const struct mintrt_tune_key key = {
  0x5e0c27a1d3b9f844ull, "NVIDIA H200", 3, { 512, 512, 512 }, 4
};
static const bool all_usable[4] = { true, true, true, true };

/* The variants of the next N launches into SEQ; counts the timed ones.  */
static unsigned
next_launches (struct mintrt_tuning *t, unsigned n, unsigned *seq)
{
  unsigned timed_count = 0;
  for (unsigned i = 0; i < n; i++)
    {
      bool timed;
      seq[i] = mintrt_tune_next (t, &timed);
      timed_count += timed;
    }
  return timed_count;
}

static void
test_schedule (void)
{
  static const double ms[4] = { 0.70, 0.52, 0.55, 0.61 };
  struct mintrt_tuning *t = mintrt_tuning_new (&kernel, &key, all_usable);
  unsigned seq[12];

  /* Two rounds, the second reversed, then (nothing read yet) variant 0.  */
  CHECK (next_launches (t, 10, seq) == 8);
  static const unsigned want[10] = { 0, 1, 2, 3, 3, 2, 1, 0, 0, 0 };
  CHECK (memcmp (seq, want, sizeof want) == 0);
  CHECK (!t->decided);

  /* Read back in launch order; before the last, the fastest so far.  */
  for (unsigned i = 0; i < 7; i++)
    CHECK (!mintrt_tune_record (t, ms[want[i]] + (i < 4 ? 0.01 : 0)));
  CHECK (mintrt_tune_next (t, &(bool) { false }) == 1);
  CHECK (mintrt_tune_record (t, ms[0]));
  CHECK (t->decided && t->choice == 1 && t->source == MINTRT_TUNED_MEASURED);
  CHECK (t->nsamples[1] == 2 && t->best_ms[1] == 0.52);
  CHECK (next_launches (t, 3, seq) == 0);
  CHECK (seq[0] == 1 && seq[1] == 1 && seq[2] == 1);
  mintrt_tuning_free (t);
}

static void
test_schedule_unusable_and_ties (void)
{
  static const bool usable[4] = { false, true, false, true };
  struct mintrt_tuning *t = mintrt_tuning_new (&kernel, &key, usable);
  unsigned seq[6];

  CHECK (t->planned == 4);
  CHECK (next_launches (t, 6, seq) == 4);
  static const unsigned want[6] = { 1, 3, 3, 1, 1, 1 };
  CHECK (memcmp (seq, want, sizeof want) == 0);
  /* Equal times: the earlier variant (the compile-time order) wins.  */
  for (unsigned i = 0; i < 4; i++)
    mintrt_tune_record (t, 0.5);
  CHECK (t->decided && t->choice == 1);
  mintrt_tuning_free (t);
}

/* A decided tuning's cache entry, malloc'ed.  */
static char *
entry_text (const struct mintrt_tune_key *k, unsigned choice)
{
  struct mintrt_tuning *t = mintrt_tuning_new (&kernel, k, all_usable);
  bool timed;
  while (mintrt_tune_next (t, &timed), timed)
    ;
  for (unsigned i = 0; i < t->planned; i++)
    mintrt_tune_record (t, t->samples[i].variant == choice ? 0.25 : 0.5);
  char *text = mintrt_tune_cache_format (t);
  mintrt_tuning_free (t);
  return text;
}

static bool
parses (const char *text, size_t len, const struct mintrt_tune_key *k,
        unsigned *choice, char *why)
{
  return mintrt_tune_cache_parse (text, len, k, choice, why, 256);
}

static void
test_format_and_parse (void)
{
  char *text = entry_text (&key, 2);
  size_t len = strlen (text);
  unsigned choice = 99;
  char why[256];

  CHECK_CONTAINS (text, "mint tuning cache 1\nkernel 5e0c27a1d3b9f844 "
                  "mint_solve_42 solve.c:42\ngpu NVIDIA H200\nextents 512 "
                  "512 512\nvariants 4\nvariant 0 tile 32 8 6 chunk 1 1 6 ms "
                  "0.500000\n");
  CHECK_CONTAINS (text, "\nchoice 2\nchecksum ");
  CHECK (parses (text, len, &key, &choice, why) && choice == 2);

  /* Truncated anywhere: never trusted.  */
  bool all_rejected = true;
  for (size_t cut = 0; cut < len; cut++)
    all_rejected &= !parses (text, cut, &key, &choice, why);
  CHECK (all_rejected);
  CHECK (!parses (text, len - 1, &key, &choice, why));
  CHECK_CONTAINS (why, "is truncated");

  /* Any one byte changed: never trusted.  */
  all_rejected = true;
  for (size_t i = 0; i < len; i++)
    {
      text[i] ^= 0x04;
      all_rejected &= !parses (text, len, &key, &choice, why);
      text[i] ^= 0x04;
    }
  CHECK (all_rejected);
  text[strstr (text, "choice 2") - text + 7] = '3';
  CHECK (!parses (text, len, &key, &choice, why));
  CHECK_CONTAINS (why, "its checksum does not match");
  free (text);

  /* Not an entry at all.  */
  CHECK (!parses ("", 0, &key, &choice, why));
  CHECK_CONTAINS (why, "is not a mint tuning cache entry");
  static const char binary[] = "\x7f" "ELF\x02\x01\x01\0\0\0";
  CHECK (!parses (binary, sizeof binary, &key, &choice, why));
  CHECK_CONTAINS (why, "is not a mint tuning cache entry");
}

/* An entry written for WRITTEN is refused when read for READ, and why.  */
static void
check_refused (const struct mintrt_tune_key *written,
               const struct mintrt_tune_key *read, const char *reason)
{
  char *text = entry_text (written, 1);
  unsigned choice;
  char why[256];
  CHECK (!parses (text, strlen (text), read, &choice, why));
  CHECK_CONTAINS (why, reason);
  free (text);
}

static void
test_foreign_entries (void)
{
  struct mintrt_tune_key other = key;

  other.gpu = "NVIDIA H100 80GB HBM3";
  check_refused (&other, &key, "was written on another GPU (NVIDIA H100 "
                 "80GB HBM3, not NVIDIA H200)");
  other = key;
  other.code_hash ^= 1;
  check_refused (&other, &key, "is for other device code");
  other = key;
  other.extents[2] = 256;
  check_refused (&other, &key, "is for other extents");
  /* Read for a 2-D nest: a line of the wrong shape.  */
  other = key;
  other.ndims = 2;
  other.extents[2] = 1;
  check_refused (&key, &other, "for a nest of other dimensions");
  other = key;
  other.nvariants = 3;
  check_refused (&key, &other, "has 4 variants, not 3");
}

/* An entry whose checksum is right but whose choice is out of range: a
   tool (or another version) wrote nonsense.  */
static void
test_choice_out_of_range (void)
{
  struct mintrt_tuning *t = mintrt_tuning_new (&kernel, &key, all_usable);
  unsigned choice;
  char why[256];

  mintrt_tune_settle (t, 7, MINTRT_TUNED_MEASURED);
  char *text = mintrt_tune_cache_format (t);
  CHECK (!parses (text, strlen (text), &key, &choice, why));
  CHECK_CONTAINS (why, "chooses variant 7 of 4");
  CHECK_CONTAINS (text, "ms -\n");
  free (text);
  mintrt_tuning_free (t);
}

static void
test_directory_and_path (void)
{
  char dir[512], path[512];

  setenv ("HOME", "/home/ada", 1);
  unsetenv ("XDG_CACHE_HOME");
  CHECK (mintrt_tune_cache_dir (dir, sizeof dir));
  CHECK (strcmp (dir, "/home/ada/.cache/mint") == 0);
  setenv ("XDG_CACHE_HOME", "relative/cache", 1);
  CHECK (mintrt_tune_cache_dir (dir, sizeof dir));
  CHECK (strcmp (dir, "/home/ada/.cache/mint") == 0);
  setenv ("XDG_CACHE_HOME", "/scratch/cache", 1);
  CHECK (mintrt_tune_cache_dir (dir, sizeof dir));
  CHECK (strcmp (dir, "/scratch/cache/mint") == 0);
  unsetenv ("XDG_CACHE_HOME");
  unsetenv ("HOME");
  CHECK (!mintrt_tune_cache_dir (dir, sizeof dir));

  CHECK (mintrt_tune_cache_path (path, sizeof path, "/c/mint", &key));
  CHECK (strcmp (path, "/c/mint/5e0c27a1d3b9f844-512x512x512-NVIDIA_H200"
                 ".tune") == 0);
  struct mintrt_tune_key odd = key;
  odd.gpu = "GPU/../x y";
  odd.ndims = 1;
  CHECK (mintrt_tune_cache_path (path, sizeof path, "/c", &odd));
  CHECK (strcmp (path, "/c/5e0c27a1d3b9f844-512-GPU_.._x_y.tune") == 0);
  CHECK (!mintrt_tune_cache_path (path, 20, "/c", &key));
}

static char scratch[] = "/tmp/mint-test-tune.XXXXXX";

static void
test_store_and_load (void)
{
  char dir[600], path[700], why[512];
  unsigned choice = 99;
  char *text = entry_text (&key, 3);

  snprintf (dir, sizeof dir, "%s/new/cache/mint", scratch);
  CHECK (mintrt_tune_cache_path (path, sizeof path, dir, &key));
  CHECK (mintrt_tune_cache_load (path, &key, &choice, why, sizeof why)
         == MINTRT_CACHE_MISSING);
  CHECK (mintrt_tune_cache_store (dir, path, text, why, sizeof why));
  CHECK (mintrt_tune_cache_load (path, &key, &choice, why, sizeof why)
         == MINTRT_CACHE_FOUND && choice == 3);
  struct stat st;
  CHECK (stat (dir, &st) == 0 && (st.st_mode & 0777) == 0700);

  /* No regular file (a directory where the file should be) and
     damaged.  */
  char odd[800];
  snprintf (odd, sizeof odd, "%s/dir.tune", scratch);
  CHECK (mkdir (odd, 0700) == 0);
  CHECK (mintrt_tune_cache_load (odd, &key, &choice, why, sizeof why)
         == MINTRT_CACHE_INVALID);
  CHECK_CONTAINS (why, "is not a regular file");
  text[strlen (text) / 2] = '#';
  CHECK (mintrt_tune_cache_store (dir, path, text, why, sizeof why));
  CHECK (mintrt_tune_cache_load (path, &key, &choice, why, sizeof why)
         == MINTRT_CACHE_INVALID);
  CHECK_CONTAINS (why, "is corrupt");

  /* A directory that cannot be made (a file is in the way), as a
     read-only one: the store fails and says why.  */
  char blocked[800];
  snprintf (blocked, sizeof blocked, "%s/file", scratch);
  FILE *f = fopen (blocked, "w");
  CHECK (f && fclose (f) == 0);
  snprintf (blocked, sizeof blocked, "%s/file/mint", scratch);
  CHECK (!mintrt_tune_cache_store (blocked, path, text, why, sizeof why));
  CHECK_CONTAINS (why, "cannot create");
  free (text);
}

/* A FIFO or a symbolic link at an entry's path is refused at once (an
   open or read of a FIFO without a writer would wait forever; SIGALRM
   ends the test if it does) and neither replaced nor followed.  */
static void
test_not_regular_entries (void)
{
  char fifo[700], link[700], why[512];
  unsigned choice;
  struct stat st;
  char *text = entry_text (&key, 1);

  snprintf (fifo, sizeof fifo, "%s/fifo.tune", scratch);
  snprintf (link, sizeof link, "%s/link.tune", scratch);
  CHECK (mkfifo (fifo, 0600) == 0);
  CHECK (symlink ("fifo.tune", link) == 0);
  alarm (20);
  CHECK (mintrt_tune_cache_load (fifo, &key, &choice, why, sizeof why)
         == MINTRT_CACHE_INVALID);
  CHECK_CONTAINS (why, "is not a regular file");
  CHECK (!mintrt_tune_cache_store (scratch, fifo, text, why, sizeof why));
  CHECK_CONTAINS (why, "/fifo.tune is not a regular file");
  CHECK (mintrt_tune_cache_load (link, &key, &choice, why, sizeof why)
         == MINTRT_CACHE_INVALID);
  CHECK_CONTAINS (why, "is not a regular file");
  CHECK (!mintrt_tune_cache_store (scratch, link, text, why, sizeof why));
  alarm (0);
  CHECK (lstat (fifo, &st) == 0 && S_ISFIFO (st.st_mode));
  CHECK (lstat (link, &st) == 0 && S_ISLNK (st.st_mode));
  free (text);
}

/* A directory whose name is longer than a message's buffer and that cannot
   be made: the message quotes the start of the name and keeps the
   reason.  */
static void
test_long_directory (void)
{
  /* Two components a file system takes, then one it does not.  */
  static const size_t lengths[] = { 250, 250, 300 };
  char dir[1000], path[1100], why[512], reason[128];
  char *text = entry_text (&key, 1);
  size_t n = (size_t) snprintf (dir, sizeof dir, "%s", scratch);

  for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++)
    {
      dir[n++] = '/';
      memset (dir + n, 'd', lengths[i]);
      n += lengths[i];
    }
  dir[n] = '\0';
  CHECK (mintrt_tune_cache_path (path, sizeof path, dir, &key));
  CHECK (!mintrt_tune_cache_store (dir, path, text, why, sizeof why));
  snprintf (reason, sizeof reason, "ddd...: %s", strerror (ENAMETOOLONG));
  CHECK_ENDS_WITH (why, reason);
  free (text);
}

/* Writers of the same entry racing each other and a reader: every read
   finds a whole entry, and no temporary file is left.  */
static void
test_concurrent_writers (void)
{
  enum { WRITERS = 6, STORES = 40 };
  char dir[600], path[700], why[512];
  unsigned choice;
  pid_t pids[WRITERS];

  snprintf (dir, sizeof dir, "%s/race", scratch);
  CHECK (mintrt_tune_cache_path (path, sizeof path, dir, &key));
  for (int w = 0; w < WRITERS; w++)
    if ((pids[w] = fork ()) == 0)
      {
        char *text = entry_text (&key, (unsigned) w % 4);
        for (int i = 0; i < STORES; i++)
          if (!mintrt_tune_cache_store (dir, path, text, why, sizeof why))
            _exit (1);
        _exit (0);
      }
  int invalid = 0, found = 0;
  for (int i = 0; i < 400; i++)
    switch (mintrt_tune_cache_load (path, &key, &choice, why, sizeof why))
      {
      case MINTRT_CACHE_INVALID:
        invalid++;
        break;
      case MINTRT_CACHE_FOUND:
        found++;
        break;
      case MINTRT_CACHE_MISSING:
        break;
      }
  for (int w = 0; w < WRITERS; w++)
    {
      int status;
      CHECK (waitpid (pids[w], &status, 0) == pids[w] && WIFEXITED (status)
             && WEXITSTATUS (status) == 0);
    }
  CHECK (invalid == 0);
  CHECK (mintrt_tune_cache_load (path, &key, &choice, why, sizeof why)
         == MINTRT_CACHE_FOUND);
  char command[800];
  snprintf (command, sizeof command, "test `ls -A %s | wc -l` -eq 1", dir);
  CHECK (system (command) == 0);
  (void) found;
}

int
main (void)
{
  test_schedule ();
  test_schedule_unusable_and_ties ();
  test_format_and_parse ();
  test_foreign_entries ();
  test_choice_out_of_range ();
  test_directory_and_path ();
  if (!mkdtemp (scratch))
    {
      perror ("mkdtemp");
      return 99;
    }
  test_store_and_load ();
  test_not_regular_entries ();
  test_long_directory ();
  test_concurrent_writers ();
  char command[128];
  snprintf (command, sizeof command, "rm -rf %s", scratch);
  CHECK (system (command) == 0);
  return check_status ();
}
