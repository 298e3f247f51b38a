/* Autotuning through the ABI, on the fake driver of fake-cuda.c (which
   times each launch by its function's configured cost): each launch runs
   one whole variant; the first rounds time every variant without a
   synchronization per launch; the fastest is kept, named under
   MINT_VERBOSE and saved, and the next run takes it from the cache;
   MINT_TUNE=off and retune; a damaged, foreign or unwritable cache; a FIFO
   at an entry's path (the program neither waits for it nor replaces it);
   extents that change; the host fallback; MINT_PROFILE's table; variants
   that exist only as twins for equal strides, where the strides of a
   shape class differ (variant 0 then runs, timed never); an image that
   holds variant 0 alone; a variant that loads into the copies' margins,
   and its fallback where a launch's reads leave them; variants with
   dynamic shared memory, timed where the device allows it; a kernel's
   twins without the checks, tuned apart from it; variants that exist
   only without the checks, where a launch needs them (variant 0 then
   runs, timed never).  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "mint/mintrt.h"

static const unsigned char image_bytes[] = { 0x7f, 'F', 'A', 'T' };
static struct mint_image image = { MINT_ABI_VERSION, sizeof image_bytes,
                                   image_bytes, NULL };
/* Variant 1 has a register limit; variant 3 has more threads than a
   block may: never launched.  */
static const struct mint_variant variants[4] = {
  { { 8, 4, 2 }, { 1, 1, 2 }, 0, 0, 0 },
  { { 8, 4, 4 }, { 1, 1, 4 }, 0, 64, 0 },
  { { 16, 2, 2 }, { 1, 1, 2 }, 0, 0, 0 },
  { { 64, 32, 1 }, { 1, 1, 1 }, 0, 0, 0 },
};
static struct mint_kernel kernel = {
  .abi_version = MINT_ABI_VERSION, .ndims = 3, .narrays = 1, .line = 7,
  .flags = MINT_KERNEL_NOWAIT, .tile = { 8, 4, 2 }, .chunk = { 1, 1, 2 },
  .step = { 1, 1, 1 },
  .name = "tk", .file = "tune.c", .array_names = "a", .scalar_sig = "",
  .reduction_sig = "", .shape_classes = "",
  .footprint = "w p0:0:0 p1:0:0 p2:0:0", .nvariants = 4,
  .variants = variants, .code_hash = 0xc0ffee, .image = &image
};
static const struct mint_site site = { MINT_ABI_VERSION, 3, "tune.c" };

/* Two arrays of one shape class; variants 1 and 2 only as twins.  */
static const struct mint_variant twin_variants[3] = {
  { { 8, 4, 2 }, { 1, 1, 2 }, MINT_VARIANT_SHARED, 0, 0 },
  { { 8, 4, 4 }, { 1, 1, 4 },
    MINT_VARIANT_SHARED | MINT_VARIANT_SHARED_ONLY, 0, 0 },
  { { 16, 2, 2 }, { 1, 1, 2 },
    MINT_VARIANT_SHARED | MINT_VARIANT_SHARED_ONLY, 0, 0 },
};
static struct mint_kernel twin_kernel = {
  .abi_version = MINT_ABI_VERSION, .ndims = 3, .narrays = 2, .line = 9,
  .flags = MINT_KERNEL_NOWAIT, .tile = { 8, 4, 2 }, .chunk = { 1, 1, 2 },
  .step = { 1, 1, 1 },
  .name = "tw", .file = "tune.c", .array_names = "a,b", .scalar_sig = "",
  .reduction_sig = "", .shape_classes = "00",
  .footprint = "w p0:0:0 p1:0:0 p2:0:0;r p0:0:0 p1:0:0 p2:0:0",
  .nvariants = 3, .variants = twin_variants, .code_hash = 0x7a1,
  .image = &image
};

/* The image the driver loads for a GPU older than the build's newest
   architecture: variant 0 only (MINT_CANDIDATE_ARCH).  */
static const unsigned char old_gpu_bytes[] = "fake-module:og_v0";
static struct mint_image old_gpu_image = { MINT_ABI_VERSION,
                                           sizeof old_gpu_bytes,
                                           old_gpu_bytes, NULL };
static struct mint_kernel old_gpu_kernel = {
  .abi_version = MINT_ABI_VERSION, .ndims = 3, .narrays = 1, .line = 11,
  .flags = MINT_KERNEL_NOWAIT, .tile = { 8, 4, 2 }, .chunk = { 1, 1, 2 },
  .step = { 1, 1, 1 },
  .name = "og", .file = "tune.c", .array_names = "a", .scalar_sig = "",
  .reduction_sig = "", .shape_classes = "",
  .footprint = "w p0:0:0 p1:0:0 p2:0:0", .nvariants = 4,
  .variants = variants, .code_hash = 0x01d, .image = &old_gpu_image
};

/* Variant 0 loads into the copies' margins, variant 1 does not
   (MINT_VARIANT_MARGIN): a 7-point star whose boundary is handled in the
   body.  */
static const struct mint_variant margin_variants[2] = {
  { { 8, 4, 2 }, { 1, 1, 2 }, MINT_VARIANT_MARGIN, 0, 0 },
  { { 8, 4, 1 }, { 1, 1, 1 }, 0, 0, 0 },
};
static struct mint_kernel margin_kernel = {
  .abi_version = MINT_ABI_VERSION, .ndims = 3, .narrays = 2, .line = 13,
  .flags = MINT_KERNEL_NOWAIT, .tile = { 8, 4, 2 }, .chunk = { 1, 1, 2 },
  .step = { 1, 1, 1 },
  .name = "mg", .file = "tune.c", .array_names = "c,d", .scalar_sig = "",
  .reduction_sig = "", .shape_classes = "",
  .footprint = "r p0:-1:1 p1:-1:1 p2:-1:1;w p0:0:0 p1:0:0 p2:0:0",
  .nvariants = 2, .variants = margin_variants, .code_hash = 0x3a6,
  .image = &image
};

/* The same over a flat array, u[x - R] .. u[x + R] (its footprint's
   linear item), R from flat_footprint.  */
static char flat_footprint[64] = "r * * * l,1*p0|-1:1";
static struct mint_kernel flat_margin_kernel = {
  .abi_version = MINT_ABI_VERSION, .ndims = 1, .narrays = 1, .line = 15,
  .flags = MINT_KERNEL_NOWAIT, .tile = { 8, 1, 1 }, .chunk = { 2, 1, 1 },
  .step = { 1, 1, 1 },
  .name = "fm", .file = "tune.c", .array_names = "u", .scalar_sig = "",
  .reduction_sig = "", .shape_classes = "", .footprint = flat_footprint,
  .nvariants = 2, .variants = margin_variants, .code_hash = 0xf1a,
  .image = &image
};

/* Variant 1 takes 64 KiB of dynamic shared memory a block, variant 2
   128 KiB: more than the fake device's FAKE_SHARED_OPTIN.  */
static const struct mint_variant shared_variants[3] = {
  { { 8, 4, 2 }, { 1, 1, 2 }, 0, 0, 0 },
  { { 8, 4, 4 }, { 1, 1, 4 }, 0, 255, 64 * 1024 },
  { { 16, 2, 2 }, { 1, 1, 2 }, 0, 0, 128 * 1024 },
};
static struct mint_kernel shared_kernel = {
  .abi_version = MINT_ABI_VERSION, .ndims = 3, .narrays = 1, .line = 17,
  .flags = MINT_KERNEL_NOWAIT, .tile = { 8, 4, 2 }, .chunk = { 1, 1, 2 },
  .step = { 1, 1, 1 },
  .name = "sk", .file = "tune.c", .array_names = "a", .scalar_sig = "",
  .reduction_sig = "", .shape_classes = "",
  .footprint = "w p0:0:0 p1:0:0 p2:0:0", .nvariants = 3,
  .variants = shared_variants, .code_hash = 0x5a7, .image = &image
};

/* The same kernel as a class of rank 2 (mintrt.h): rows of one length
   share it whatever the planes.  */
static struct mint_kernel rows_kernel = {
  .abi_version = MINT_ABI_VERSION, .ndims = 3, .narrays = 2, .line = 11,
  .flags = MINT_KERNEL_NOWAIT, .tile = { 8, 4, 2 }, .chunk = { 1, 1, 2 },
  .step = { 1, 1, 1 },
  .name = "tr", .file = "tune.c", .array_names = "a,b", .scalar_sig = "",
  .reduction_sig = "", .shape_classes = "22",
  .footprint = "w p0:0:0 p1:0:0 p2:0:0;r p0:0:0 p1:0:0 p2:0:0",
  .nvariants = 3, .variants = twin_variants, .code_hash = 0x7a2,
  .image = &image
};
/* The kernel twin_program launches.  */
static struct mint_kernel *twin = &twin_kernel;

static double a[16 * 16 * 16];
/* Planes of 16 or of 20 rows: B's strides equal A's or not.  */
static double b[16 * 16 * 20];
static long long b_row = 16;
static long long edge = 16;     /* points per dimension of the launches */

/* One region, 10 nowait launches over edge^3 points, then 10 over 8^3
   when SECOND_EXTENTS.  */
static bool second_extents;

static void
program (void)
{
  mint_copy_to_device (&site, a, sizeof a[0], 16, 16, 16, 0, 0);
  mint_region_begin (&site);
  for (int i = 0; i < 10; i++)
    CHECK (mint_launch (&kernel, 0LL, edge, 0LL, edge, 0LL, edge, (void *) a)
           == 1);
  for (int i = 0; second_extents && i < 10; i++)
    CHECK (mint_launch (&kernel, 0LL, 8LL, 0LL, 8LL, 0LL, 8LL, (void *) a)
           == 1);
  mint_barrier (&site);
  mint_copy_from_device (&site, a, sizeof a[0], 16, 16, 16, 0);
  mint_region_end (&site);
}

/* Ten launches of the twin kernel over 16^3 points of A and B.  */
static void
twin_program (void)
{
  mint_copy_to_device (&site, a, sizeof a[0], 16, 16, 16, 0, 0);
  mint_copy_to_device (&site, b, sizeof b[0], 16, b_row, 16, 0, 0);
  mint_region_begin (&site);
  for (int i = 0; i < 10; i++)
    CHECK (mint_launch (twin, 0LL, 16LL, 0LL, 16LL, 0LL, 16LL,
                        (void *) a, (void *) b) == 1);
  mint_barrier (&site);
  mint_region_end (&site);
}

/* Ten launches of K over 16^3 points of A.  */
static void
ten_launches (struct mint_kernel *k)
{
  mint_copy_to_device (&site, a, sizeof a[0], 16, 16, 16, 0, 0);
  mint_region_begin (&site);
  for (int i = 0; i < 10; i++)
    CHECK (mint_launch (k, 0LL, 16LL, 0LL, 16LL, 0LL, 16LL, (void *) a)
           == 1);
  mint_barrier (&site);
  mint_region_end (&site);
}

/* The kernel whose image holds variant 0 alone.  */
static void
old_gpu_program (void)
{
  ten_launches (&old_gpu_kernel);
}

/* Copies of EDGE^3 elements: with an edge of 32 or more they have
   margins of 4 planes and rows (layout.h); MARGIN_LO is the launches'
   first point in each dimension.  */
static double c[40 * 40 * 40], d[40 * 40 * 40];
static long long margin_lo;

static void
margin_program (void)
{
  long long n = edge - 2 * margin_lo;
  mint_copy_to_device (&site, c, sizeof c[0], edge, edge, edge, 0, 0);
  mint_copy_to_device (&site, d, sizeof d[0], edge, edge, edge, 0, 0);
  mint_region_begin (&site);
  for (int i = 0; i < 10; i++)
    CHECK (mint_launch (&margin_kernel, margin_lo, n, margin_lo, n,
                        margin_lo, n, (void *) c, (void *) d) == 1);
  mint_barrier (&site);
  mint_region_end (&site);
}

/* Ten launches of the flat kernel over the whole of a copy of 100
   elements (its margins: 16 doubles, a whole 128 bytes, each side).  */
static void
flat_margin_program (void)
{
  mint_copy_to_device (&site, c, sizeof c[0], 100, 1, 1, MINT_COPY_FLAT, 0);
  mint_region_begin (&site);
  for (int i = 0; i < 10; i++)
    CHECK (mint_launch (&flat_margin_kernel, 0LL, 100LL, (void *) c) == 1);
  mint_barrier (&site);
  mint_region_end (&site);
}

/* A kernel that checks its stores at x + 1 (under a condition) and has
   twins without the checks: the launch over 16^3 points of a copy of 17
   elements in x runs those (the footprint stays in the copy), over one of
   16 the kernel; each form is tuned and cached apart.  */
static const struct mint_variant unchecked_variants[2] = {
  { { 8, 4, 2 }, { 1, 1, 2 }, 0, 0, 0 },
  { { 8, 4, 4 }, { 1, 1, 4 }, 0, 0, 0 },
};
static struct mint_kernel unchecked_kernel = {
  .abi_version = MINT_ABI_VERSION, .ndims = 3, .narrays = 1, .line = 11,
  .flags = MINT_KERNEL_NOWAIT | MINT_KERNEL_UNCHECKED,
  .tile = { 8, 4, 2 }, .chunk = { 1, 1, 2 }, .name = "uk", .file = "tune.c",
  .step = { 1, 1, 1 },
  .array_names = "a", .scalar_sig = "", .reduction_sig = "",
  .shape_classes = "", .footprint = "w p0:0:1 p1:0:0 p2:0:0",
  .every_point_footprint = "w p0:0:0 p1:0:0 p2:0:0", .checked_arrays = "c",
  .nvariants = 2, .variants = unchecked_variants, .code_hash = 0x5eed,
  .image = &image
};
static long long unchecked_copy_x;

static void
unchecked_program (void)
{
  mint_copy_to_device (&site, c, sizeof c[0], unchecked_copy_x, 16, 16, 0,
                       0);
  mint_region_begin (&site);
  for (int i = 0; i < 10; i++)
    CHECK (mint_launch (&unchecked_kernel, 0LL, 16LL, 0LL, 16LL, 0LL, 16LL,
                        (void *) c) == 1);
  mint_barrier (&site);
  mint_region_end (&site);
}

/* The same kernel whose variant 1 exists only without the checks
   (MINT_VARIANT_UNCHECKED_ONLY; the image lacks uo_v1): a launch that
   needs the checks runs variant 0, timed never.  */
static const unsigned char unchecked_only_bytes[]
  = "fake-module:uo_v0,uo_v0_unchecked,uo_v1_unchecked";
static struct mint_image unchecked_only_image = {
  MINT_ABI_VERSION, sizeof unchecked_only_bytes, unchecked_only_bytes, NULL
};
static const struct mint_variant unchecked_only_variants[2] = {
  { { 8, 4, 2 }, { 1, 1, 2 }, 0, 0, 0 },
  { { 8, 4, 4 }, { 1, 1, 4 }, MINT_VARIANT_UNCHECKED_ONLY, 0, 0 },
};
static struct mint_kernel unchecked_only_kernel = {
  .abi_version = MINT_ABI_VERSION, .ndims = 3, .narrays = 1, .line = 17,
  .flags = MINT_KERNEL_NOWAIT | MINT_KERNEL_UNCHECKED,
  .tile = { 8, 4, 2 }, .chunk = { 1, 1, 2 }, .name = "uo", .file = "tune.c",
  .step = { 1, 1, 1 },
  .array_names = "a", .scalar_sig = "", .reduction_sig = "",
  .shape_classes = "", .footprint = "w p0:0:1 p1:0:0 p2:0:0",
  .every_point_footprint = "w p0:0:0 p1:0:0 p2:0:0", .checked_arrays = "c",
  .nvariants = 2, .variants = unchecked_only_variants, .code_hash = 0x5eee,
  .image = &unchecked_only_image
};

static void
unchecked_only_program (void)
{
  mint_copy_to_device (&site, c, sizeof c[0], unchecked_copy_x, 16, 16, 0,
                       0);
  mint_region_begin (&site);
  for (int i = 0; i < 10; i++)
    CHECK (mint_launch (&unchecked_only_kernel, 0LL, 16LL, 0LL, 16LL, 0LL,
                        16LL, (void *) c) == 1);
  mint_barrier (&site);
  mint_region_end (&site);
}

/* The kernel whose variants take shared memory.  */
static void
shared_program (void)
{
  ten_launches (&shared_kernel);
}

static void
host_program (void)
{
  mint_copy_to_device (&site, a, sizeof a[0], 16, 16, 16, 0, 0);
  mint_region_begin (&site);
  CHECK (mint_launch (&kernel, 0LL, edge, 0LL, edge, 0LL, edge, (void *) a)
         == 0);
  mint_region_end (&site);
}

static char scratch[] = "/tmp/mint-test-tune-launch.XXXXXX";
static char log_path[128], cache_home[128], cache_dir[160];
static char env_library[512], env_log[160], env_cache[160];

/* Runs FN with the fake driver, the scratch cache, MINT_VERBOSE and
   EXTRA (up to 3 more variables); returns the launch log ("launch F" and
   "sync" lines) in LOG.  */
static void
run (void (*fn) (void), const char *extra0, const char *extra1,
     const char *extra2, struct child_result *r, char *log, size_t size)
{
  const char *env[] = {
    "MINT_OFFLOAD=mandatory", env_library, env_log, env_cache,
    "MINT_VERBOSE=1",
    "FAKE_CUDA_COST=tk_v0=3,tk_v1=1.5,tk_v2=2", extra0, extra1, extra2, NULL
  };
  unlink (log_path);
  run_child (fn, env, r);
  FILE *f = fopen (log_path, "r");
  size_t n = f ? fread (log, 1, size - 1, f) : 0;
  log[n] = '\0';
  if (f)
    fclose (f);
}

/* The variant numbers of the launches in LOG, as a string ("0123...").  */
static const char *
launches (const char *log)
{
  static char seq[64];
  size_t n = 0;
  for (const char *p = log; (p = strstr (p, "launch tk_v")) && n < 63; p++)
    seq[n++] = p[strlen ("launch tk_v")];
  seq[n] = '\0';
  return seq;
}

/* How often WORD occurs in TEXT.  */
static int
count (const char *text, const char *word)
{
  int n = 0;
  for (const char *p = text; (p = strstr (p, word)); p++)
    n++;
  return n;
}

/* Whether LOG has a synchronization between its first and last launch.  */
static bool
syncs_between_launches (const char *log)
{
  const char *first = strstr (log, "launch"), *last = first, *p;
  for (p = first; p && (p = strstr (p + 1, "launch")); )
    last = p;
  const char *sync = first ? strstr (first, "sync") : NULL;
  return sync && sync < last;
}

static int
cache_files (void)
{
  char command[256];
  snprintf (command, sizeof command, "exit `ls %s 2>/dev/null | wc -l`",
            cache_dir);
  int status = system (command);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

static void
clear_cache (void)
{
  char command[256];
  snprintf (command, sizeof command, "rm -rf %s", cache_home);
  CHECK (system (command) == 0);
}

static void
test_first_and_cached_run (void)
{
  struct child_result r;
  char log[4096];

  /* Events complete only when waited for: two timed rounds queued
     without a synchronization, then one wait for their times before the
     next launch, which runs the fastest.  */
  run (program, "FAKE_CUDA_LAZY=1", NULL, NULL, &r, log, sizeof log);
  CHECK (r.exit_status == 0);
  CHECK (strcmp (launches (log), "0122101111") == 0);
  CHECK (!syncs_between_launches (log));
  CHECK_CONTAINS (log, "launch tk_v0\nwait\nlaunch tk_v1\n");
  CHECK (count (log, "wait") == 1);
  CHECK_CONTAINS (r.err, "kernel tk over 16x16x16 on Fake GPU: timing 3 "
                  "variants on its next 6 launches");
  CHECK_CONTAINS (r.err, "launch tk_v1: grid 2x4x4, block 8x4x1, nowait, "
                  "timed");
  CHECK_CONTAINS (r.err, "kernel tk over 16x16x16 on Fake GPU runs variant "
                  "1 (tile 8x4x4, chunksize 1x1x4, at most 64 registers): "
                  "1.5000 ms, the fastest of 3 variants; saved in ");
  CHECK (cache_files () == 1);

  /* The second run takes the cache's choice for every launch.  */
  run (program, "FAKE_CUDA_LAZY=1", NULL, NULL, &r, log, sizeof log);
  CHECK (r.exit_status == 0);
  CHECK (strcmp (launches (log), "1111111111") == 0);
  CHECK_CONTAINS (r.err, "runs variant 1 (tile 8x4x4, chunksize 1x1x4, "
                  "at most 64 registers): from the tuning cache ");

  /* Events that complete at once: decided at the 7th launch.  */
  run (program, "MINT_TUNE=retune", NULL, NULL, &r, log, sizeof log);
  CHECK (r.exit_status == 0);
  CHECK (strcmp (launches (log), "0122101111") == 0);

  run (program, "MINT_TUNE=off", NULL, NULL, &r, log, sizeof log);
  CHECK (r.exit_status == 0);
  CHECK (strcmp (launches (log), "0000000000") == 0);
  CHECK_CONTAINS (r.err, "runs variant 0 (tile 8x4x2, chunksize 1x1x2): "
                  "MINT_TUNE=off");
}

/* The path of the one cache file, into PATH.  */
static bool
cache_file_path (char *path, size_t size)
{
  char command[256];
  snprintf (command, sizeof command, "ls %s/*.tune", cache_dir);
  FILE *p = popen (command, "r");
  bool ok = p && fgets (path, (int) size, p);
  if (p)
    pclose (p);
  if (ok)
    path[strcspn (path, "\n")] = '\0';
  return ok;
}

/* The one cache file, read into BUF (or written from it).  */
static bool
cache_file (char *buf, size_t size, bool write)
{
  char path[512];
  if (!cache_file_path (path, sizeof path))
    return false;
  FILE *f = fopen (path, write ? "w" : "r");
  bool ok = true;
  if (!f)
    return false;
  if (write)
    ok = fputs (buf, f) >= 0;
  else
    buf[fread (buf, 1, size - 1, f)] = '\0';
  return fclose (f) == 0 && ok;
}

static void
test_untrusted_cache (void)
{
  struct child_result r;
  char log[4096], entry[4096];

  clear_cache ();
  run (program, NULL, NULL, NULL, &r, log, sizeof log);
  if (!CHECK (cache_file (entry, sizeof entry, false)))
    return;

  /* Damaged: noted, timed again, rewritten.  */
  *strstr (entry, "choice 1") = 'C';
  CHECK (cache_file (entry, sizeof entry, true));
  run (program, NULL, NULL, NULL, &r, log, sizeof log);
  CHECK (r.exit_status == 0);
  CHECK_CONTAINS (r.err, "tune.c:7: ignoring the tuning cache entry ");
  CHECK_CONTAINS (r.err, " of kernel tk: it is corrupt (its checksum does "
                  "not match); timing the variants again");
  CHECK (strcmp (launches (log), "0122101111") == 0);
  CHECK (cache_file (entry, sizeof entry, false));
  CHECK_CONTAINS (entry, "\nchoice 1\n");

  /* Another GPU whose name maps to the same file name.  */
  run (program, "FAKE_CUDA_NAME=Fake_GPU", NULL, NULL, &r, log, sizeof log);
  CHECK (r.exit_status == 0);
  CHECK_CONTAINS (r.err, "it was written on another GPU (Fake GPU, not "
                  "Fake_GPU); timing the variants again");
  CHECK (strcmp (launches (log), "0122101111") == 0);
  CHECK (cache_files () == 1);
}

static void
test_unwritable_cache (void)
{
  struct child_result r;
  char log[4096];

  /* XDG_CACHE_HOME is a file: nothing can be saved below it.  */
  clear_cache ();
  FILE *f = fopen (cache_home, "w");
  CHECK (f && fclose (f) == 0);
  run (program, "FAKE_CUDA_COST=tk_v2=0.5", NULL, NULL, &r, log, sizeof log);
  CHECK (r.exit_status == 0);
  CHECK (strcmp (launches (log), "0122102222") == 0);
  CHECK_CONTAINS (r.err, "cannot save the choice among the variants of "
                  "kernel tk in the tuning cache (cannot create ");
  CHECK_CONTAINS (r.err, "they are timed again in the next run");
  clear_cache ();
}

/* The program, killed by SIGALRM if it blocks.  */
static void
program_in_time (void)
{
  alarm (20);
  program ();
}

static void
test_fifo_in_cache (void)
{
  struct child_result r;
  char log[4096], path[512];
  struct stat st;

  clear_cache ();
  run (program, NULL, NULL, NULL, &r, log, sizeof log);
  if (!CHECK (cache_file_path (path, sizeof path)))
    return;
  CHECK (unlink (path) == 0 && mkfifo (path, 0600) == 0);
  run (program_in_time, NULL, NULL, NULL, &r, log, sizeof log);
  CHECK (r.exit_status == 0);
  CHECK_CONTAINS (r.err, " of kernel tk: it is not a regular file; timing "
                  "the variants again");
  CHECK_CONTAINS (r.err, "kernel tk in the tuning cache (");
  CHECK_CONTAINS (r.err, ".tune is not a regular file): they are timed "
                  "again in the next run");
  CHECK (strcmp (launches (log), "0122101111") == 0);
  CHECK (lstat (path, &st) == 0 && S_ISFIFO (st.st_mode));
  CHECK (cache_files () == 1);
  clear_cache ();
}

static void
test_extents_change (void)
{
  struct child_result r;
  char log[8192];

  clear_cache ();
  second_extents = true;
  run (program, NULL, NULL, NULL, &r, log, sizeof log);
  second_extents = false;
  CHECK (r.exit_status == 0);
  CHECK (strcmp (launches (log), "01221011110122101111") == 0);
  CHECK_CONTAINS (r.err, "kernel tk over 8x8x8 on Fake GPU: timing 3 "
                  "variants");
  CHECK (cache_files () == 2);
}

static void
test_profile_and_host (void)
{
  struct child_result r;
  char log[4096];

  run (program, "MINT_PROFILE=1", "MINT_TUNE=retune", NULL, &r, log,
       sizeof log);
  CHECK (r.exit_status == 0);
  CHECK_CONTAINS (r.err, "mint: profile: tuning of tk (tune.c:7) over "
                  "16x16x16: variant 1, measured\n");
  CHECK_CONTAINS (r.err, "mint: profile:     v0  tile 8x4x2        "
                  "chunksize 1x1x2      registers auto     3.0000 ms "
                  "(fastest of 2)\n");
  CHECK_CONTAINS (r.err, "mint: profile:   * v1  tile 8x4x4        "
                  "chunksize 1x1x4      registers 64   ");
  CHECK_CONTAINS (r.err, "mint: profile:     v3  tile 64x32x1      "
                  "chunksize 1x1x1      registers auto not launchable "
                  "here\n");

  clear_cache ();
  run (host_program, "MINT_OFFLOAD=disabled", NULL, NULL, &r, log,
       sizeof log);
  CHECK (r.exit_status == 0);
  CHECK (log[0] == '\0');
  CHECK (cache_files () == 0);
}

static void
test_twin_only_variants (void)
{
  struct child_result r;
  char log[4096];

  /* Equal strides: every variant is timed, as its twin.  */
  clear_cache ();
  b_row = 16;
  run (twin_program, "FAKE_CUDA_COST=tw_v0_shared=3,tw_v1_shared=1,"
       "tw_v2_shared=2", NULL, NULL, &r, log, sizeof log);
  CHECK (r.exit_status == 0);
  CHECK_CONTAINS (log, "launch tw_v1_shared\n");
  CHECK_CONTAINS (log, "launch tw_v2_shared\n");
  CHECK (count (log, "launch tw_v0\n") == 0);
  CHECK_CONTAINS (r.err, "kernel tw over 16x16x16 on Fake GPU: timing 3 "
                  "variants");

  /* More rows in B's planes than in A's: variant 0 for strides apart, every time;
     nothing timed, nothing saved.  */
  clear_cache ();
  b_row = 20;
  run (twin_program, NULL, NULL, NULL, &r, log, sizeof log);
  CHECK (r.exit_status == 0);
  CHECK (count (log, "launch tw_v0\n") == 10);
  CHECK (count (log, "launch ") == 10);
  CHECK (!strstr (r.err, "timing"));
  CHECK (cache_files () == 0);

  /* The same, said under MINT_VERBOSE, once.  */
  clear_cache ();
  run (twin_program, "MINT_VERBOSE=1", NULL, NULL, &r, log, sizeof log);
  CHECK (r.exit_status == 0);
  CHECK (count (r.err, "arrays of a shape class (00) have unequal row or "
                "plane strides") == 1);

  /* A class of rank 2 compares rows only: other planes, every variant
     timed as its twin.  */
  clear_cache ();
  twin = &rows_kernel;
  run (twin_program, "FAKE_CUDA_COST=tr_v0_shared=3,tr_v1_shared=1,"
       "tr_v2_shared=2", NULL, NULL, &r, log, sizeof log);
  CHECK (r.exit_status == 0);
  CHECK_CONTAINS (log, "launch tr_v1_shared\n");
  CHECK_CONTAINS (log, "launch tr_v2_shared\n");
  CHECK (count (log, "launch tr_v0\n") == 0);
  twin = &twin_kernel;
  b_row = 16;
}

/* An image without the candidates after variant 0 (built for newer GPUs
   too): variant 0 runs every time, untimed and unsaved, and MINT_VERBOSE
   says why.  */
static void
test_candidates_absent (void)
{
  struct child_result r;
  char log[4096];

  clear_cache ();
  run (old_gpu_program, NULL, NULL, NULL, &r, log, sizeof log);
  CHECK (r.exit_status == 0);
  CHECK (count (log, "launch og_v0\n") == 10);
  CHECK (count (log, "launch ") == 10);
  CHECK_CONTAINS (r.err, "kernel og: the device code for Fake GPU holds "
                  "only its compile-time choice; its other candidates were "
                  "compiled for newer GPUs");
  CHECK_CONTAINS (r.err, "runs variant 0 (tile 8x4x2, chunksize 1x1x2): "
                  "the only variant that can run here");
  CHECK (!strstr (r.err, "timing"));
  CHECK (cache_files () == 0);
}

/* A launch whose reads reach a plane beyond the copy runs variant 0,
   which loads into the margins, where the copy has a margin of planes,
   and else variant 1, untimed; an inner launch reads only the copy.  */
static void
test_margin_fallback (void)
{
  struct child_result r;
  char log[4096];

  clear_cache ();
  edge = 16;
  run (margin_program, NULL, NULL, NULL, &r, log, sizeof log);
  CHECK (r.exit_status == 0);
  CHECK (count (log, "launch mg_v1\n") == 10);
  CHECK (count (log, "launch ") == 10);
  CHECK_CONTAINS (r.err, "kernel mg reads beside elements that lie beyond "
                  "the margins of its arrays' copies: variant 1, which "
                  "loads only the elements the program reads");
  CHECK (!strstr (r.err, "timing"));

  margin_lo = 1;
  run (margin_program, "FAKE_CUDA_COST=mg_v0=1,mg_v1=2", NULL, NULL, &r,
       log, sizeof log);
  CHECK (r.exit_status == 0);
  CHECK_CONTAINS (r.err, "kernel mg over 14x14x14 on Fake GPU runs variant "
                  "0 (tile 8x4x2, chunksize 1x1x2): 1.0000 ms, the fastest "
                  "of 2 variants");
  margin_lo = 0;

  edge = 40;
  run (margin_program, "FAKE_CUDA_COST=mg_v0=1,mg_v1=2", NULL, NULL, &r,
       log, sizeof log);
  CHECK (r.exit_status == 0);
  CHECK (!strstr (r.err, "beyond the margins"));
  CHECK_CONTAINS (r.err, "kernel mg over 40x40x40 on Fake GPU runs variant "
                  "0 (tile 8x4x2, chunksize 1x1x2): 1.0000 ms, the fastest "
                  "of 2 variants");

  /* A device without room for the margins: copies without them, and
     variant 1.  */
  run (margin_program, "FAKE_CUDA_BYTES=580000", NULL, NULL, &r, log,
       sizeof log);
  CHECK (r.exit_status == 0);
  CHECK_CONTAINS (r.err, "copy toDevice: 617088 bytes with margins do not "
                  "fit on the device; 512000 without them");
  CHECK (count (log, "launch mg_v1\n") == 10);
  CHECK_CONTAINS (r.err, "kernel mg reads beside elements that lie beyond "
                  "the margins");
  edge = 16;

  /* A flat array's footprint is its linear item: 1 or 16 elements beyond
     the copy lie in the margins, 17 do not.  */
  for (int reach = 1; reach <= 17; reach += reach == 1 ? 15 : 1)
    {
      snprintf (flat_footprint, sizeof flat_footprint,
                "r * * * l,1*p0|%d:%d", -reach, reach);
      run (flat_margin_program, "FAKE_CUDA_COST=fm_v0=1,fm_v1=2", NULL, NULL,
           &r, log, sizeof log);
      CHECK (r.exit_status == 0);
      CHECK ((strstr (r.err, "beyond the margins") != NULL) == (reach > 16));
      CHECK (count (log, "launch fm_v1\n") == (reach > 16 ? 10 : 2));
      clear_cache ();
    }
}

/* Variants with dynamic shared memory: launched with it, the function
   opted in above 48 KiB; one that needs more than the device allows is
   never launched, and MINT_VERBOSE says why.  */
static void
test_shared_memory (void)
{
  struct child_result r;
  char log[4096];

  clear_cache ();
  run (shared_program, "FAKE_CUDA_COST=sk_v0=3,sk_v1=1", NULL, NULL, &r, log,
       sizeof log);
  CHECK (r.exit_status == 0);
  CHECK (count (log, "launch sk_v0\n") == 2);
  CHECK (count (log, "launch sk_v1\nshared 65536\n") == 8);
  CHECK (count (log, "launch sk_v2") == 0);
  CHECK (count (log, "shared") == 8);
  CHECK_CONTAINS (r.err, "tune.c:17: kernel sk: variant 2 needs 131072 bytes "
                  "of shared memory per block, Fake GPU allows 101376: not "
                  "timed");
  CHECK_CONTAINS (r.err, "runs variant 1 (tile 8x4x4, chunksize 1x1x4, at "
                  "most 255 registers): 1.0000 ms, the fastest of 2 variants");
  clear_cache ();
}

/* The twins without the checks time otherwise than the kernel: a choice
   among them is no choice for the kernel at the same extents.  */
static void
test_unchecked_apart (void)
{
  struct child_result r;
  char log[4096];
  const char *cost = "FAKE_CUDA_COST=uk_v0=1,uk_v1=2,uk_v0_unchecked=3,"
                     "uk_v1_unchecked=0.5";

  clear_cache ();
  unchecked_copy_x = 17;
  run (unchecked_program, cost, NULL, NULL, &r, log, sizeof log);
  CHECK (r.exit_status == 0);
  CHECK_CONTAINS (r.err, "kernel uk over 16x16x16 on Fake GPU runs variant "
                  "1 (tile 8x4x4, chunksize 1x1x4): 0.5000 ms");
  unchecked_copy_x = 16;
  run (unchecked_program, cost, NULL, NULL, &r, log, sizeof log);
  CHECK (r.exit_status == 0);
  CHECK_CONTAINS (r.err, "kernel uk over 16x16x16 on Fake GPU runs variant "
                  "0 (tile 8x4x2, chunksize 1x1x2): 1.0000 ms");
  CHECK (count (log, "launch uk_v0\n") > 0);
  CHECK (!strstr (log, "_unchecked"));
  /* Both choices in the cache: the third run times nothing.  */
  unchecked_copy_x = 17;
  run (unchecked_program, cost, NULL, NULL, &r, log, sizeof log);
  CHECK (r.exit_status == 0);
  CHECK (count (log, "launch uk_v1_unchecked\n") == 10);
  CHECK (!strstr (r.err, "timing"));
}

static void
test_unchecked_only (void)
{
  struct child_result r;
  char log[4096];
  const char *cost = "FAKE_CUDA_COST=uo_v0=1,uo_v0_unchecked=3,"
                     "uo_v1_unchecked=0.5";

  clear_cache ();
  unchecked_copy_x = 17;
  run (unchecked_only_program, cost, NULL, NULL, &r, log, sizeof log);
  CHECK (r.exit_status == 0);
  CHECK_CONTAINS (r.err, "kernel uo over 16x16x16 on Fake GPU runs variant "
                  "1 (tile 8x4x4, chunksize 1x1x4): 0.5000 ms");
  unchecked_copy_x = 16;
  run (unchecked_only_program, cost, NULL, NULL, &r, log, sizeof log);
  CHECK (r.exit_status == 0);
  CHECK_CONTAINS (r.err, "kernel uo: a check of this launch may fail: "
                  "variant 0, untuned; its other variants exist only "
                  "without the checks");
  CHECK (count (r.err, "a check of this launch may fail") == 1);
  CHECK (count (log, "launch uo_v0\n") == 10);
  CHECK (count (log, "launch ") == 10);
  CHECK (!strstr (r.err, "timing"));
}

int
main (void)
{
  const char *fake = getenv ("MINT_TEST_FAKE_CUDA");
  if (!fake || access (fake, R_OK) != 0 || !mkdtemp (scratch))
    {
      fprintf (stderr, "test-tune-launch: no fake driver (MINT_TEST_FAKE_CUDA)"
               " or no scratch directory\n");
      return 99;
    }
  snprintf (log_path, sizeof log_path, "%s/log", scratch);
  snprintf (cache_home, sizeof cache_home, "%s/cache", scratch);
  snprintf (cache_dir, sizeof cache_dir, "%s/mint", cache_home);
  snprintf (env_library, sizeof env_library, "MINT_CUDA_LIBRARY=%s", fake);
  snprintf (env_log, sizeof env_log, "FAKE_CUDA_LOG=%s", log_path);
  snprintf (env_cache, sizeof env_cache, "XDG_CACHE_HOME=%s", cache_home);

  test_first_and_cached_run ();
  test_untrusted_cache ();
  test_unwritable_cache ();
  test_fifo_in_cache ();
  test_extents_change ();
  test_profile_and_host ();
  test_twin_only_variants ();
  test_candidates_absent ();
  test_margin_fallback ();
  test_shared_memory ();
  test_unchecked_apart ();
  test_unchecked_only ();

  char command[128];
  snprintf (command, sizeof command, "rm -rf %s", scratch);
  CHECK (system (command) == 0);
  return check_status ();
}
