/* Accesses the device checks (mintrt.h, checked_arrays), on the fake
   driver of fake-cuda.c, whose kernel "guarded" reads u[x + 1] where
   u[x] > 0.5 and notes a read outside u's copy in the fault words: the
   launch passes the extents of u's copy after the kernel's other
   parameters; a launch whose footprint lies in the copies runs the
   kernel's twin without the checks (MINT_KERNEL_UNCHECKED), one whose
   footprint does not the kernel, where the footprint's bounds on the
   loop variable are those of the body's conditions too; a launch whose
   reads stay inside runs
   on; one that leaves
   the copy stops the program at the wait in its launch, or for a nowait
   launch at the copy back, naming kernel, array, element and copy; the
   host runs the loops without a word.  */

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "mint/mintrt.h"

static const unsigned char image_bytes[] = { 0x7f, 'F', 'A', 'T' };
static struct mint_image image = { MINT_ABI_VERSION, sizeof image_bytes,
                                   image_bytes, NULL };
static struct mint_kernel kernel = {
  .abi_version = MINT_ABI_VERSION, .ndims = 1, .narrays = 2, .line = 7,
  .tile = { 32, 1, 1 }, .chunk = { 1, 1, 1 }, .name = "guarded",
  .step = { 1, 1, 1 },
  .file = "chk.c", .array_names = "u,w", .scalar_sig = "",
  .reduction_sig = "", .shape_classes = "",
  .flags = MINT_KERNEL_UNCHECKED,
  .footprint = "r p0:0:1 c:0:0 c:0:0;w p0:0:0 c:0:0 c:0:0",
  .every_point_footprint = "r p0:0:0 * *;w * * *", .checked_arrays = "c-",
  .image = &image
};
static const struct mint_site site = { MINT_ABI_VERSION, 3, "chk.c" };

/* u's copy is its first 8 elements; the ninth is the host's memory next
   to it.  */
static double u[9] = { 0, 1, 0, 1, 0, 0, 0, 1, 0.25 }, w[8];
static long long points;        /* from x = 0 */

static void
program (void)
{
  mint_copy_to_device (&site, u, sizeof u[0], 8, 1, 1, 0, 0);
  mint_copy_to_device (&site, w, sizeof w[0], 8, 1, 1, 0, 0);
  mint_region_begin (&site);
  int launched = mint_launch (&kernel, 0LL, points, (void *) u, (void *) w);
  fprintf (stderr, "launched %d\n", launched);
  if (!launched)
    for (long long x = 0; x < points; x++)
      if (u[x] > 0.5)
        w[x] = u[x] + u[x + 1];
  mint_copy_from_device (&site, w, sizeof w[0], 8, 1, 1, 0);
  fprintf (stderr, "copied back\n");
  mint_region_end (&site);
}

/* Whether the last launch of "guarded" ran its twin without the checks
   (1), the kernel (0), or none (-1).  */
static int
ran_unchecked (void)
{
  void *fake = dlopen (getenv ("MINT_CUDA_LIBRARY"), RTLD_NOW | RTLD_NOLOAD);
  int *u = fake ? dlsym (fake, "fake_guarded_unchecked") : NULL;
  return u ? *u : -1;
}

/* Points 0 to 6 may read u[0] to u[7] (footprint p0:0:1), all in the
   copy: the twin without the checks, with the extents.  */
static void
extents_given (void)
{
  program ();
  void *fake = dlopen (getenv ("MINT_CUDA_LIBRARY"), RTLD_NOW | RTLD_NOLOAD);
  long long *e = fake ? dlsym (fake, "fake_guarded_extents") : NULL;
  CHECK (e && e[0] == 8 && e[1] == 1 && e[2] == 1);
  CHECK (ran_unchecked () == 1);
  CHECK (w[1] == 1.0 && w[3] == 1.0 && w[7] == 0.0);
}

/* Points 0 to 3 of a copy of u's first 4 elements may read u[4]: the
   kernel with its checks, though the values keep the reads inside.  */
static void
checked (void)
{
  u[3] = 0;
  mint_copy_to_device (&site, u, sizeof u[0], 4, 1, 1, 0, 0);
  mint_copy_to_device (&site, w, sizeof w[0], 4, 1, 1, 0, 0);
  mint_region_begin (&site);
  int launched = mint_launch (&kernel, 0LL, 4LL, (void *) u, (void *) w);
  mint_copy_from_device (&site, w, sizeof w[0], 4, 1, 1, 0);
  mint_region_end (&site);
  CHECK (launched == 1 && ran_unchecked () == 0);
  CHECK (w[1] == 1.0);
}

/* Points 0 to 7 whose reads of u[x + 1] the body's conditions keep to
   x <= BOUND (the footprint's piece "0:1<BOUND"): the twin without the
   checks where that stays in u's copy of 8 elements.  */
static int guard_bound;

static void
guarded_bounds (void)
{
  char footprint[128];
  snprintf (footprint, sizeof footprint, "r p0:0:0/0:1<%d c:0:0 c:0:0;"
            "w p0:0:0 c:0:0 c:0:0", guard_bound);
  kernel.footprint = footprint;
  u[7] = 0;
  program ();
  CHECK (ran_unchecked () == (guard_bound < 7));
}

int
main (void)
{
  const char *fake = getenv ("MINT_TEST_FAKE_CUDA");
  if (!fake || !*fake)
    return check_status ();
  char library[4096];
  snprintf (library, sizeof library, "MINT_CUDA_LIBRARY=%s", fake);
  const char *const device[] = { library, "MINT_OFFLOAD=mandatory", NULL };
  const char *const host[] = { library, "MINT_OFFLOAD=disabled", NULL };
  struct child_result r;

  /* Points 0 to 6: the last read is u[7].  */
  points = 7;
  run_child (extents_given, device, &r);
  CHECK (r.exit_status == 0);
  CHECK_CONTAINS (r.err, "launched 1\ncopied back\n");
  run_child (checked, device, &r);
  CHECK (r.exit_status == 0);
  points = 8;
  for (guard_bound = 6; guard_bound <= 7; guard_bound++)
    {
      run_child (guarded_bounds, device, &r);
      CHECK (r.exit_status == 0);
    }

  /* Points 0 to 7: u[7] > 0.5 reads u[8].  */
  points = 8;
  run_child (program, device, &r);
  CHECK (r.exit_status == 1);
  CHECK_CONTAINS (r.err, "mint: chk.c:7: kernel guarded reads "
                  "element x = 8, y = 0, z = 0 of array u outside its copy "
                  "(8x1x1 elements, copied at chk.c:3), in an access the "
                  "launch could not check: the program's loops read the "
                  "host's memory "
                  "next to the array there");
  CHECK (strstr (r.err, "launched") == NULL);

  /* A nowait launch: found where the region ends.  */
  kernel.flags = MINT_KERNEL_NOWAIT;
  run_child (program, device, &r);
  CHECK (r.exit_status == 1);
  CHECK_CONTAINS (r.err, "launched 1\nmint: chk.c:7: kernel guarded reads "
                  "element x = 8");
  CHECK (strstr (r.err, "copied back") == NULL);

  /* A block's test: the kernel and the array, no element.  */
  const char *const block_test[] = { library, "MINT_OFFLOAD=mandatory",
                                     "FAKE_CUDA_BLOCK_TEST=1", NULL };
  run_child (program, block_test, &r);
  CHECK (r.exit_status == 1);
  CHECK_CONTAINS (r.err, "launched 1\nmint: chk.c:7: kernel guarded reads "
                  "array u outside its copy (8x1x1 elements, copied at "
                  "chk.c:3), in an access the launch could not check");

  /* The host runs the loops, which read the host's memory next to u.  */
  run_child (program, host, &r);
  if (!CHECK (r.exit_status == 0))
    fprintf (stderr, "exit status %d: %s", r.exit_status, r.err);
  CHECK_CONTAINS (r.err, "launched 0\ncopied back\n");
  return check_status ();
}
