/* Without a usable CUDA driver (none on the machine, a library without the
   entry points, the toolkit's stub): MINT_OFFLOAD=default runs the host
   loops (silently, or with one line under MINT_VERBOSE), mandatory exits 1
   with the reason, disabled never loads the driver.

   mint_offload_status says the same to the program.  A library name longer
   than the message's buffer keeps the reason after it; a FIFO named as the
   library is refused at once.

   MINT_CUDA_LIBRARY replaces libcuda.so.1 so this does not depend on the
   machine; MINT_TEST_CUDA_STUB, when the Makefile sets it, names the CUDA
   toolkit's stub libcuda.so.  */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "driver.h"
#include "env.h"
#include "mint/mintrt.h"

static const unsigned char image_bytes[] = { 0x7f, 'F', 'A', 'T' };
static struct mint_image image = { MINT_ABI_VERSION, sizeof image_bytes,
                                   image_bytes, NULL };
static struct mint_kernel kernel = {
  .abi_version = MINT_ABI_VERSION, .ndims = 1, .narrays = 1, .line = 12,
  .tile = { 128, 1, 1 }, .chunk = { 1, 1, 1 }, .name = "scale_k",
  .step = { 1, 1, 1 },
  .file = "drv.c", .array_names = "x", .scalar_sig = "", .reduction_sig = "", .shape_classes = "",
  .footprint = "w p0:0:0 * *", .image = &image
};
static const struct mint_site site = { MINT_ABI_VERSION, 10, "drv.c" };

/* A whole region around one launch; exits 3 unless it fell back.  */
static void
program (void)
{
  static double x[100];

  mint_copy_to_device (&site, x, sizeof x[0], 100, 1, 1, MINT_COPY_FLAT, 0);
  mint_region_begin (&site);
  if (mint_launch (&kernel, 0LL, 100LL, (void *) x) != 0)
    exit (3);
  mint_copy_from_device (&site, x, sizeof x[0], 100, 1, 1, MINT_COPY_FLAT);
  mint_region_end (&site);
}

/* mintrt_driver_open of LIBRARY, device 0.  */
static bool
open_library (const char *library, char *why, size_t why_size)
{
  struct mintrt_config config = {
    .offload = MINTRT_OFFLOAD_DEFAULT, .device = 0, .local_rank = -1,
    .cuda_library = library
  };
  return mintrt_driver_open (&config, "t.c", 1, why, why_size);
}

static void
test_open_reasons (void)
{
  char why[512];
  const char *stub = getenv ("MINT_TEST_CUDA_STUB");

  CHECK (!open_library ("/nonexistent/libcuda.so.1", why, sizeof why));
  CHECK_CONTAINS (why, "cannot load the CUDA driver: /nonexistent/libcuda");

  /* Loads, but is no driver: the first mandatory entry point is missing.  */
  CHECK (!open_library ("libm.so.6", why, sizeof why));
  CHECK_CONTAINS (why, "libm.so.6 lacks cuInit");
  CHECK (mintrt_cu.cuInit == NULL);

  if (stub && access (stub, R_OK) == 0)
    {
      CHECK (!open_library (stub, why, sizeof why));
      CHECK_CONTAINS (why, "stub library, not a driver");
    }
  else
    printf ("no CUDA stub library: its case is not tested\n");
}

/* A path and a name longer than WHY: the start of either is quoted, the
   reason stays (from the runtime's own check of a path, from dlerror for
   a name the loader searches).  */
static void
test_long_libraries (void)
{
  char library[700], why[512], reason[128];

  strcpy (library, "/nonexistent");
  while (strlen (library) < 600)
    strcat (library, "/a");
  CHECK (!open_library (library, why, sizeof why));
  CHECK_CONTAINS (why, "cannot load the CUDA driver: /nonexistent/a/a/a");
  snprintf (reason, sizeof reason, "/a...: %s", strerror (ENOENT));
  CHECK_ENDS_WITH (why, reason);

  snprintf (library, sizeof library, "libmint-nonexistent-%0600d.so", 0);
  CHECK (!open_library (library, why, sizeof why));
  CHECK_CONTAINS (why, "cannot load the CUDA driver: libmint-nonexistent-");
  CHECK_CONTAINS (why, "000...: cannot open shared object file");
}

/* A FIFO is refused without blocking (SIGALRM ends the test if the open
   waits for a writer).  */
static void
test_fifo_library (void)
{
  char why[512], reason[128], fifo[64];
  char scratch[] = "/tmp/mint-test-driver.XXXXXX";

  if (!CHECK (mkdtemp (scratch)))
    return;
  snprintf (fifo, sizeof fifo, "%s/libcuda.so.1", scratch);
  CHECK (mkfifo (fifo, 0600) == 0);
  alarm (20);
  CHECK (!open_library (fifo, why, sizeof why));
  alarm (0);
  CHECK (unlink (fifo) == 0 && rmdir (scratch) == 0);
  snprintf (reason, sizeof reason, "cannot load the CUDA driver: %s: not a "
            "regular file", fifo);
  CHECK_ENDS_WITH (why, reason);
}

/* The environments of the children: no driver to load, in each mode.  */
static const char *const quiet[] = {
  "MINT_CUDA_LIBRARY=/nonexistent/libcuda.so.1", NULL };
static const char *const verbose[] = {
  "MINT_CUDA_LIBRARY=/nonexistent/libcuda.so.1", "MINT_VERBOSE=1", NULL };
static const char *const mandatory[] = {
  "MINT_CUDA_LIBRARY=/nonexistent/libcuda.so.1",
  "MINT_OFFLOAD=mandatory", NULL };
static const char *const disabled[] = {
  "MINT_CUDA_LIBRARY=/nonexistent/libcuda.so.1", "MINT_VERBOSE=1",
  "MINT_OFFLOAD=disabled", NULL };

static void
test_modes (void)
{
  struct child_result r;
  const char *first;

  run_child (program, quiet, &r);
  CHECK (r.exit_status == 0);
  CHECK (r.err[0] == '\0');

  run_child (program, verbose, &r);
  CHECK (r.exit_status == 0);
  CHECK_CONTAINS (r.err, "mint: drv.c:10: no GPU, kernels run on the host: "
                  "cannot load the CUDA driver: /nonexistent/libcuda.so.1");
  CHECK_CONTAINS (r.err, "mint: drv.c:10: copy ");
  CHECK_CONTAINS (r.err, "mint: drv.c:10: region begins with 1 array");
  CHECK_CONTAINS (r.err, "mint: drv.c:12: kernel scale_k runs on the host");
  CHECK_CONTAINS (r.err, "mint: drv.c:10: region ends");
  first = strstr (r.err, "no GPU");
  CHECK (first && !strstr (first + 1, "no GPU"));  /* decided once */

  run_child (program, mandatory, &r);
  CHECK (r.exit_status == 1);
  CHECK_CONTAINS (r.err, "mint: drv.c:10: MINT_OFFLOAD=mandatory, but "
                  "kernels cannot run on a GPU: cannot load the CUDA driver");

  run_child (program, disabled, &r);
  CHECK (r.exit_status == 0);
  CHECK_CONTAINS (r.err, "mint: drv.c:10: MINT_OFFLOAD=disabled");
  CHECK (strstr (r.err, "cannot load") == NULL);
}

/* mint_offload_status before any directive: it makes the decision, which
   the directives then keep.  */
static void
status_then_program (void)
{
  char where[256], tiny[5];

  CHECK (mint_offload_status (where, sizeof where) == 0);
  fprintf (stderr, "status: %s\n", where);
  CHECK (mint_offload_status (tiny, sizeof tiny) == 0);
  CHECK (strcmp (tiny, "host") == 0);
  CHECK (mint_offload_status (NULL, 0) == 0);
  program ();
}

static void
program_then_status (void)
{
  char where[256];

  program ();
  CHECK (mint_offload_status (where, sizeof where) == 0);
  fprintf (stderr, "status: %s\n", where);
}

static void
test_status (void)
{
  struct child_result r;
  const char *first;

  run_child (status_then_program, verbose, &r);
  CHECK (r.exit_status == 0);
  CHECK_CONTAINS (r.err, "mint: no GPU, kernels run on the host: cannot "
                  "load the CUDA driver: /nonexistent/libcuda.so.1");
  CHECK_CONTAINS (r.err, "status: host fallback: no GPU (cannot load the "
                  "CUDA driver: /nonexistent/libcuda.so.1");
  CHECK_CONTAINS (r.err, "mint: drv.c:12: kernel scale_k runs on the host");
  first = strstr (r.err, "no GPU,");
  CHECK (first && !strstr (first + 1, "no GPU,"));  /* decided once */

  run_child (program_then_status, disabled, &r);
  CHECK (r.exit_status == 0);
  CHECK_CONTAINS (r.err, "status: host fallback: MINT_OFFLOAD=disabled\n");

  run_child (status_then_program, mandatory, &r);
  CHECK (r.exit_status == 1);
  CHECK_CONTAINS (r.err, "mint: MINT_OFFLOAD=mandatory, but kernels cannot "
                  "run on a GPU: cannot load the CUDA driver");
  CHECK (strstr (r.err, "status:") == NULL);
}

static void
test_stub_modes (void)
{
  const char *stub = getenv ("MINT_TEST_CUDA_STUB");
  char library[1024], *fallback_env[2], *mandatory_env[3];
  struct child_result r;

  if (!stub || access (stub, R_OK) != 0)
    return;
  snprintf (library, sizeof library, "MINT_CUDA_LIBRARY=%s", stub);
  fallback_env[0] = library;
  fallback_env[1] = NULL;
  run_child (program, (const char *const *) fallback_env, &r);
  CHECK (r.exit_status == 0);
  CHECK (r.err[0] == '\0');

  mandatory_env[0] = library;
  mandatory_env[1] = "MINT_OFFLOAD=mandatory";
  mandatory_env[2] = NULL;
  run_child (program, (const char *const *) mandatory_env, &r);
  CHECK (r.exit_status == 1);
  CHECK_CONTAINS (r.err, "stub library, not a driver");
}

int
main (void)
{
  test_open_reasons ();
  test_long_libraries ();
  test_fifo_library ();
  test_modes ();
  test_status ();
  test_stub_modes ();
  return check_status ();
}
