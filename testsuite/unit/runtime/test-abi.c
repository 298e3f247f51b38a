/* Descriptors built for another runtime ABI are refused at first use with
   a message naming the kernel (or directive) and its source line.  */

#include <stdio.h>

#include "check.h"
#include "mint/mintrt.h"

static const unsigned char image_bytes[] = { 0x7f, 'F', 'A', 'T' };
static struct mint_image good_image = { MINT_ABI_VERSION,
                                        sizeof image_bytes, image_bytes,
                                        NULL };
static struct mint_image old_image = { MINT_ABI_VERSION + 1,
                                       sizeof image_bytes, image_bytes,
                                       NULL };
static double a[8];
static const struct mint_site site = { MINT_ABI_VERSION, 3, "abi.c" };

#define KERNEL(version, img, sig, classes, foot)                        \
  { .abi_version = (version), .ndims = 1, .narrays = 1, .nscalars = 1,  \
    .line = 42, .tile = { 32, 1, 1 }, .chunk = { 1, 1, 1 },             \
    .step = { 1, 1, 1 },                                                \
    .name = "old_kernel", .file = "abi.c", .array_names = "a",          \
    .scalar_sig = (sig), .reduction_sig = "", .shape_classes = (classes), \
    .footprint = (foot), .image = (img) }
#define FOOTPRINT "w p0:-1:1 * *"

static struct mint_kernel wrong_kernel
  = KERNEL (MINT_ABI_VERSION + 98, &good_image, "d", "", FOOTPRINT);
static struct mint_kernel wrong_image
  = KERNEL (MINT_ABI_VERSION, &old_image, "d", "", FOOTPRINT);
static struct mint_kernel corrupt_signature
  = KERNEL (MINT_ABI_VERSION, &good_image, "q", "", FOOTPRINT);
/* One array, two shape-class characters.  */
static struct mint_kernel corrupt_classes
  = KERNEL (MINT_ABI_VERSION, &good_image, "d", "33", FOOTPRINT);
/* Indexed by scalar 0, which is a double.  */
static struct mint_kernel corrupt_footprint
  = KERNEL (MINT_ABI_VERSION, &good_image, "d", "", "w s0:0:0 * *");
/* One array, two checked-array characters.  */
static struct mint_kernel corrupt_checked
  = KERNEL (MINT_ABI_VERSION, &good_image, "d", "", FOOTPRINT);
static struct mint_kernel good_kernel
  = KERNEL (MINT_ABI_VERSION, &good_image, "d", "", FOOTPRINT);
/* A variant with a _shared twin, but no shape classes to share by.  */
static const struct mint_variant shared_variant[1]
  = { { { 32, 1, 1 }, { 1, 1, 1 }, MINT_VARIANT_SHARED, 0, 0 } };
static struct mint_kernel corrupt_variants
  = KERNEL (MINT_ABI_VERSION, &good_image, "d", "", FOOTPRINT);
/* Variant 0 only as a twin: nothing to run where strides differ.  */
static const struct mint_variant twin_only_variant[1]
  = { { { 32, 1, 1 }, { 1, 1, 1 },
        MINT_VARIANT_SHARED | MINT_VARIANT_SHARED_ONLY, 0, 0 } };
static struct mint_kernel corrupt_first_variant
  = KERNEL (MINT_ABI_VERSION, &good_image, "d", "0", FOOTPRINT);

static void
launch (struct mint_kernel *k)
{
  mint_copy_to_device (&site, a, sizeof a[0], 8, 1, 1, 0, 0);
  mint_region_begin (&site);
  mint_launch (k, 0LL, 8LL, (void *) a, 2.0);
}

static void launch_wrong_kernel (void) { launch (&wrong_kernel); }
static void launch_wrong_image (void) { launch (&wrong_image); }
static void launch_corrupt (void) { launch (&corrupt_signature); }
static void launch_corrupt_classes (void) { launch (&corrupt_classes); }
static void launch_corrupt_footprint (void) { launch (&corrupt_footprint); }
static void launch_good (void) { launch (&good_kernel); }

static void
launch_corrupt_checked (void)
{
  corrupt_checked.checked_arrays = "cc";
  launch (&corrupt_checked);
}

static void
launch_corrupt_variants (void)
{
  corrupt_variants.nvariants = 1;
  corrupt_variants.variants = shared_variant;
  launch (&corrupt_variants);
}

static void
launch_corrupt_first_variant (void)
{
  corrupt_first_variant.nvariants = 1;
  corrupt_first_variant.variants = twin_only_variant;
  launch (&corrupt_first_variant);
}

static void
copy_with_old_site (void)
{
  static const struct mint_site old = { MINT_ABI_VERSION + 1, 9, "abi.c" };
  mint_copy_to_device (&old, a, sizeof a[0], 8, 1, 1, 0, 0);
}

int
main (void)
{
  static const char *const env[] = { "MINT_OFFLOAD=disabled", NULL };
  struct child_result r;
  char expect[256];

  run_child (launch_wrong_kernel, env, &r);
  CHECK (r.exit_status == 1);
  snprintf (expect, sizeof expect, "mint: abi.c:42: kernel old_kernel was "
            "compiled for mint runtime ABI version %u, but libmintrt "
            "implements version %u", MINT_ABI_VERSION + 98,
            MINT_ABI_VERSION);
  CHECK_CONTAINS (r.err, expect);
  CHECK_CONTAINS (r.err, "rebuild the program");

  run_child (launch_wrong_image, env, &r);
  CHECK (r.exit_status == 1);
  CHECK_CONTAINS (r.err, "mint: abi.c:42: the device image of kernel "
                  "old_kernel was built for mint runtime ABI version");

  run_child (launch_corrupt, env, &r);
  CHECK (r.exit_status == 1);
  CHECK_CONTAINS (r.err, "mint: abi.c:42: kernel old_kernel has a corrupt "
                  "descriptor");

  run_child (launch_corrupt_classes, env, &r);
  CHECK (r.exit_status == 1);
  CHECK_CONTAINS (r.err, "shape classes \"33\"");

  run_child (launch_corrupt_footprint, env, &r);
  CHECK (r.exit_status == 1);
  CHECK_CONTAINS (r.err, "mint: abi.c:42: kernel old_kernel has a corrupt "
                  "descriptor (footprint \"w s0:0:0 * *\")");

  run_child (launch_corrupt_checked, env, &r);
  CHECK (r.exit_status == 1);
  CHECK_CONTAINS (r.err, "mint: abi.c:42: kernel old_kernel has a corrupt "
                  "descriptor");

  run_child (launch_corrupt_variants, env, &r);
  CHECK (r.exit_status == 1);
  CHECK_CONTAINS (r.err, "corrupt descriptor");
  CHECK_CONTAINS (r.err, "nvariants 1)");

  run_child (launch_corrupt_first_variant, env, &r);
  CHECK (r.exit_status == 1);
  CHECK_CONTAINS (r.err, "corrupt descriptor");
  CHECK_CONTAINS (r.err, "nvariants 1)");

  run_child (copy_with_old_site, env, &r);
  CHECK (r.exit_status == 1);
  CHECK_CONTAINS (r.err, "mint: abi.c:9: this directive was compiled for "
                  "mint runtime ABI version");

  run_child (launch_good, env, &r);
  CHECK (r.exit_status == 0);
  CHECK (r.err[0] == '\0');
  return check_status ();
}
