/* mint_launch_value (mintrt.h) on the fake driver of fake-cuda.c, whose
   kernel "step" writes w[i] = c * (u[i - 1] + u[i] + u[i + 1]): after a
   launch of it, a value read at a later launch from an element of w
   comes from w's device copy, newer than the host's; one from u, which
   no kernel wrote, from the host; on the host fallback, from the host.
   A value that covers parts of two elements of the newer copy stops
   the program.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "mint/mintrt.h"

#define N 16

static const unsigned char image_bytes[] = { 0x7f, 'F', 'A', 'T' };
static struct mint_image image = { MINT_ABI_VERSION, sizeof image_bytes,
                                   image_bytes, NULL };
static struct mint_kernel kernel = {
  .abi_version = MINT_ABI_VERSION, .ndims = 1, .narrays = 2, .nscalars = 1,
  .line = 20, .tile = { 32, 1, 1 }, .chunk = { 1, 1, 1 }, .name = "step",
  .step = { 1, 1, 1 },
  .file = "lv.c", .array_names = "u,w", .scalar_sig = "d",
  .reduction_sig = "", .shape_classes = "",
  .footprint = "r p0:-1:1 * *;w p0:0:0 * *", .image = &image
};
static const struct mint_site site = { MINT_ABI_VERSION, 10, "lv.c" };

static double u[N + 2], w[N + 2];

/* One step, then the values of w[3] and u[3] a later launch reads, on
   standard error.  A NOWAIT step leaves the read to wait for it.  */
static void
program (void)
{
  for (int i = 0; i < N + 2; i++)
    u[i] = i, w[i] = -1;
  mint_copy_to_device (&site, u, sizeof u[0], N + 2, 1, 1, 0, 0);
  mint_copy_to_device (&site, w, sizeof w[0], N + 2, 1, 1, 0, 0);
  mint_region_begin (&site);
  if (!mint_launch (&kernel, 1LL, (long long) N, (void *) u, (void *) w,
                    0.5))
    for (int i = 1; i <= N; i++)
      w[i] = 0.5 * (u[i - 1] + u[i] + u[i + 1]);
  double from_w, from_u;
  mint_launch_value (&kernel, "w[3]", &w[3], sizeof w[3], &from_w);
  mint_launch_value (&kernel, "u[3]", &u[3], sizeof u[3], &from_u);
  fprintf (stderr, "w[3] %g (host %g), u[3] %g\n", from_w, w[3], from_u);
  mint_region_end (&site);
}

/* Four bytes across w[2] and w[3].  */
static void
straddle (void)
{
  mint_copy_to_device (&site, u, sizeof u[0], N + 2, 1, 1, 0, 0);
  mint_copy_to_device (&site, w, sizeof w[0], N + 2, 1, 1, 0, 0);
  mint_region_begin (&site);
  mint_launch (&kernel, 1LL, (long long) N, (void *) u, (void *) w, 0.5);
  float f;
  mint_launch_value (&kernel, "*q", (char *) &w[3] - 2, sizeof f, &f);
  mint_region_end (&site);
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

  run_child (program, device, &r);
  CHECK (r.exit_status == 0);
  CHECK_CONTAINS (r.err, "w[3] 4.5 (host -1), u[3] 3\n");
  kernel.flags = MINT_KERNEL_NOWAIT;
  run_child (program, device, &r);
  CHECK (r.exit_status == 0);
  CHECK_CONTAINS (r.err, "w[3] 4.5 (host -1), u[3] 3\n");
  kernel.flags = 0;
  run_child (program, host, &r);
  CHECK (r.exit_status == 0);
  CHECK_CONTAINS (r.err, "w[3] 4.5 (host 4.5), u[3] 3\n");
  run_child (straddle, device, &r);
  CHECK (r.exit_status == 1);
  CHECK_CONTAINS (r.err, "mint: lv.c:20: kernel step reads *q at its launch "
                  "from parts of two elements of the array copied at "
                  "lv.c:10, whose device copy is newer than the host's");
  return check_status ();
}
