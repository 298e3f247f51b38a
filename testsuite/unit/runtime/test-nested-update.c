/* A region begun through a call inside another, whose host code pushes
   an array's host elements with update toDevice (its copy toDevice has
   MINT_COPY_HOST_USED), on the fake driver of fake-cuda.c: where
   the enclosing region's kernel "step" (w[i] = c * (u[i - 1] + u[i] +
   u[i + 1])) wrote w, the inner copy brings w's device elements to the
   host, so the update pushes them back with the one the host changed,
   not the host's elements from before the step.  Without the flag the
   copy leaves the host's as they were (what an inner region that only
   computes on the device needs).  */

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
  .file = "nu.c", .array_names = "u,w", .scalar_sig = "d",
  .reduction_sig = "", .shape_classes = "",
  .footprint = "r p0:-1:1 * *;w p0:0:0 * *", .image = &image
};
static const struct mint_site site = { MINT_ABI_VERSION, 10, "nu.c" };
static const struct mint_site inner = { MINT_ABI_VERSION, 30, "nu.c" };

static double u[N + 2], w[N + 2];
static unsigned inner_flags;

/* The stage of the inner region: sets w[0] on the host and pushes the
   whole of w.  */
static void
stage (void)
{
  mint_copy_to_device (&inner, w, sizeof w[0], N + 2, 1, 1, inner_flags, 0);
  mint_region_begin (&inner);
  w[0] = 100;
  mint_update (&inner, "w", w, sizeof w[0], MINT_UPDATE_TO_DEVICE, 0, N + 2,
               0, 1, 0, 1);
  mint_region_end (&inner);
}

/* A step in the outer region, then the stage; w[0] and w[3] after the
   copy back, on standard error.  */
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
  stage ();
  mint_copy_from_device (&site, w, sizeof w[0], N + 2, 1, 1, 0);
  mint_region_end (&site);
  fprintf (stderr, "w[0] %g w[3] %g\n", w[0], w[3]);
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

  inner_flags = MINT_COPY_HOST_USED;
  run_child (program, device, &r);
  CHECK (r.exit_status == 0);
  CHECK_CONTAINS (r.err, "w[0] 100 w[3] 4.5\n");
  run_child (program, host, &r);
  CHECK (r.exit_status == 0);
  CHECK_CONTAINS (r.err, "w[0] 100 w[3] 4.5\n");
  inner_flags = 0;
  run_child (program, device, &r);
  CHECK (r.exit_status == 0);
  CHECK_CONTAINS (r.err, "w[0] 100 w[3] -1\n");
  return check_status ();
}
