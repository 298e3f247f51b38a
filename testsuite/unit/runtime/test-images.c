/* The kernels of a file in several images (the plugin's groups, one nvcc
   run each): on the fake driver of fake-cuda.c, whose "fake-module:"
   images hold only the functions they name, each kernel runs from its
   own image, loaded once, at the first launch of one of its kernels,
   however the launches of the images' kernels alternate; a kernel whose
   descriptor named another group's image would not be found there.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "mint/mintrt.h"

#define IMAGE(name, text)                                                 \
  static const char name##_bytes[] = text;                                \
  static struct mint_image name = { MINT_ABI_VERSION, sizeof name##_bytes, \
                                    (const unsigned char *) name##_bytes, \
                                    NULL }

IMAGE (first_group, "fake-module:alpha,beta");
IMAGE (second_group, "fake-module:gamma");

#define KERNEL(kname, line_no, group)                                     \
  {                                                                       \
    .abi_version = MINT_ABI_VERSION, .ndims = 1, .narrays = 1,            \
    .line = line_no, .tile = { 128, 1, 1 }, .chunk = { 1, 1, 1 },         \
    .step = { 1, 1, 1 },                                                  \
    .name = kname, .file = "img.c", .array_names = "x",                   \
    .scalar_sig = "", .reduction_sig = "", .shape_classes = "",           \
    .footprint = "w p0:0:0 * *", .image = &group                          \
  }

static struct mint_kernel kernels[] = {
  KERNEL ("alpha", 11, first_group), KERNEL ("gamma", 12, second_group),
  KERNEL ("beta", 13, first_group)
};
/* gamma's descriptor with the first group's image.  */
static struct mint_kernel misplaced = KERNEL ("gamma", 14, first_group);
static const struct mint_site site = { MINT_ABI_VERSION, 10, "img.c" };

static double x[100];

/* Launches K in a region of its own; exits 3 unless it ran on the
   device.  */
static void
launch (struct mint_kernel *k)
{
  mint_copy_to_device (&site, x, sizeof x[0], 100, 1, 1, MINT_COPY_FLAT, 0);
  mint_region_begin (&site);
  if (mint_launch (k, 0LL, 100LL, (void *) x) == 0)
    exit (3);
  mint_copy_from_device (&site, x, sizeof x[0], 100, 1, 1, MINT_COPY_FLAT);
  mint_region_end (&site);
}

static void
alternating (void)
{
  for (int round = 0; round < 2; round++)
    for (int i = 0; i < 3; i++)
      launch (&kernels[i]);
}

static void
misplaced_kernel (void)
{
  launch (&misplaced);
}

static char log_setting[4200];

/* The "load" and "launch" lines of the fake driver's log, which goes.  */
static const char *
loads_and_launches (char *buf, size_t size)
{
  const char *name = strchr (log_setting, '=') + 1;
  FILE *f = fopen (name, "r");
  char line[256];
  size_t len = 0;

  buf[0] = '\0';
  while (f && fgets (line, sizeof line, f))
    if ((strncmp (line, "load ", 5) == 0 || strncmp (line, "launch ", 7) == 0)
        && len + strlen (line) < size)
      {
        strcpy (buf + len, line);
        len += strlen (line);
      }
  if (f)
    fclose (f);
  unlink (name);
  return buf;
}

int
main (void)
{
  const char *fake = getenv ("MINT_TEST_FAKE_CUDA");
  if (!fake || !*fake)
    return check_status ();
  char library[4096], log[4096];
  snprintf (library, sizeof library, "MINT_CUDA_LIBRARY=%s", fake);
  snprintf (log_setting, sizeof log_setting, "FAKE_CUDA_LOG=%s/test-images-%d.log",
            getenv ("TMPDIR") ? getenv ("TMPDIR") : "/tmp", (int) getpid ());
  const char *const device[] = { library, log_setting,
                                 "MINT_OFFLOAD=mandatory", NULL };
  struct child_result r;

  run_child (alternating, device, &r);
  if (!CHECK (r.exit_status == 0))
    fprintf (stderr, "exit status %d: %s", r.exit_status, r.err);
  /* Each image loaded once, at the first launch of one of its kernels.  */
  CHECK_CONTAINS (loads_and_launches (log, sizeof log),
                  "load alpha,beta\nlaunch alpha\nload gamma\nlaunch gamma\n"
                  "launch beta\nlaunch alpha\nlaunch gamma\nlaunch beta\n");
  CHECK (strlen (log) == strlen ("load alpha,beta\nlaunch alpha\nload gamma\n"
                                 "launch gamma\nlaunch beta\nlaunch alpha\n"
                                 "launch gamma\nlaunch beta\n"));

  run_child (misplaced_kernel, device, &r);
  CHECK (r.exit_status == 1);
  CHECK_CONTAINS (r.err, "mint: img.c:14: kernel gamma is not in its "
                  "device image");
  CHECK_CONTAINS (loads_and_launches (log, sizeof log), "load alpha,beta\n");
  return check_status ();
}
