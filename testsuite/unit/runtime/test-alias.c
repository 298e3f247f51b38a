/* A launch that passes one array as two of the kernel's arrays, of which
   it writes one (host fallback; the checks come before the choice of
   device or host): it stops, unless the kernel's alias_classes put the
   two in one class and they are the array from one element, or the
   kernel is `independent', or the two are different planes of the
   array.  A plane or row that lies in no copy stops it with a message
   that names it so.  */

#include <stdio.h>

#include "check.h"
#include "mint/mintrt.h"

#define N 8

static double a[N][N], b[N][N];
static double volumes[2][N][N][N];
static double uncopied[N][N];

static const unsigned char image_bytes[] = { 0x7f, 'F', 'A', 'T' };
static struct mint_image image = { MINT_ABI_VERSION, sizeof image_bytes,
                                   image_bytes, NULL };
static const struct mint_site site = { MINT_ABI_VERSION, 10, "rk.c" };

/* out[y][x] = in[y][x] + dt over 2-D points.  */
#define FOOTPRINT "w p0:0:0 p1:0:0 c:0:0;r p0:0:0 p1:0:0 c:0:0"
#define KERNEL(aliases, bits)                                            \
  { .abi_version = MINT_ABI_VERSION, .ndims = 2, .narrays = 2,            \
    .nscalars = 1, .flags = (bits), .line = 20, .tile = { 32, 1, 1 },    \
    .chunk = { 1, 1, 1 }, .name = "rk_k", .file = "rk.c",                 \
    .step = { 1, 1, 1 },                                                  \
    .array_names = "out,in", .scalar_sig = "d", .reduction_sig = "",      \
    .shape_classes = "", .footprint = FOOTPRINT,                          \
    .alias_classes = (aliases), .image = &image }

static struct mint_kernel unclassed = KERNEL ("--", 0);
static struct mint_kernel classed = KERNEL ("aa", 0);
static struct mint_kernel independent = KERNEL ("", MINT_KERNEL_INDEPENDENT);
static struct mint_kernel corrupt = KERNEL ("a", 0);

/* out[z][y][x] = in[(z + 1) % N][y][x] over 3-D points: the footprint
   of in's z is any plane of the copy.  */
#define WRAP_FOOTPRINT "w p0:0:0 p1:0:0 p2:0:0;r p0:0:0 p1:0:0 *"
#define WRAP(marks)                                                      \
  { .abi_version = MINT_ABI_VERSION, .ndims = 3, .narrays = 2,            \
    .nscalars = 1, .line = 30, .tile = { 8, 8, 1 },                       \
    .chunk = { 1, 1, 1 }, .name = "wrap_k", .file = "rk.c",               \
    .step = { 1, 1, 1 },                                                  \
    .array_names = "v[1 - c],v[c]", .scalar_sig = "d",                    \
    .reduction_sig = "", .shape_classes = "",                             \
    .footprint = WRAP_FOOTPRINT, .planes = (marks), .image = &image }

static struct mint_kernel wrap_planes = WRAP ("pp");
static struct mint_kernel wrap_arrays = WRAP ("--");
static struct mint_kernel corrupt_planes = WRAP ("pc");

/* out[x] = in[x] over 1-D points, out and in rows of a 2-D array.  */
static struct mint_kernel rows = {
  .abi_version = MINT_ABI_VERSION, .ndims = 1, .narrays = 2, .nscalars = 1,
  .line = 40, .tile = { 32, 1, 1 }, .chunk = { 1, 1, 1 }, .name = "rows_k",
  .step = { 1, 1, 1 },
  .file = "rk.c", .array_names = "a[1 - c],a[c]", .scalar_sig = "d",
  .reduction_sig = "", .shape_classes = "",
  .footprint = "w p0:0:0 c:0:0 c:0:0;r p0:0:0 c:0:0 c:0:0",
  .planes = "rr", .image = &image
};

/* Launches K over the 3-D points with the volumes W and R of VOLUMES.  */
static int
launch_volumes (struct mint_kernel *k, int w, int r)
{
  return mint_launch (k, 0LL, (long long) N, 0LL, (long long) N, 0LL,
                      (long long) N, (void *) volumes[w], (void *) volumes[r],
                      0.5);
}

static void
begin_volumes (void)
{
  mint_copy_to_device (&site, volumes, sizeof volumes[0][0][0][0], N, N,
                       2 * N, 0, 0);
  mint_region_begin (&site);
}

static const char *const host_env[] = {
  "MINT_CUDA_LIBRARY=/nonexistent/libcuda.so.1", NULL };

/* Launches K over the points (y, x) of rows 0 to N - 2 with OUT and IN;
   the host loops' turn where it returns 0.  */
static int
launch (struct mint_kernel *k, double (*out)[N], double (*in)[N])
{
  return mint_launch (k, 0LL, (long long) N, 0LL, (long long) N - 1,
                      (void *) out, (void *) in, 0.5);
}

static void
begin (void)
{
  mint_copy_to_device (&site, a, sizeof a[0][0], N, N, 1, 0, 0);
  mint_copy_to_device (&site, b, sizeof b[0][0], N, N, 1, 0, 0);
  mint_region_begin (&site);
}

static void
end (void)
{
  mint_region_end (&site);
}

static void
runs_classed (void)
{
  begin ();
  CHECK (launch (&classed, a, a) == 0);
  CHECK (launch (&classed, a, b) == 0);
  end ();
}

static void
runs_independent (void)
{
  begin ();
  CHECK (launch (&independent, a, a) == 0);
  CHECK (launch (&independent, a + 1, a) == 0);
  end ();
}

static void
stops_unclassed (void)
{
  begin ();
  launch (&unclassed, a, a);
}

/* One class, but the two views a row apart: point (y, x) writes the
   element point (y + 1, x) reads.  */
static void
stops_shifted (void)
{
  begin ();
  launch (&classed, a + 1, a);
}

static void
stops_corrupt (void)
{
  begin ();
  launch (&corrupt, a, b);
}

/* Different planes, whatever the footprint of a gather says.  */
static void
runs_planes (void)
{
  begin_volumes ();
  CHECK (launch_volumes (&wrap_planes, 1, 0) == 0);
  CHECK (launch_volumes (&wrap_planes, 0, 1) == 0);
  end ();
}

static void
stops_one_plane (void)
{
  begin_volumes ();
  launch_volumes (&wrap_planes, 1, 1);
}

/* Arrays that are no planes: in's footprint reaches out's elements.  */
static void
stops_views (void)
{
  begin_volumes ();
  launch_volumes (&wrap_arrays, 1, 0);
}

/* A plane that no copy holds.  */
static void
stops_plane_outside (void)
{
  begin_volumes ();
  mint_launch (&wrap_planes, 0LL, (long long) N, 0LL, (long long) N, 0LL,
               (long long) N, (void *) volumes[1], (void *) uncopied, 0.5);
}

static void
runs_rows (void)
{
  begin ();
  CHECK (mint_launch (&rows, 0LL, (long long) N, (void *) a[1],
                      (void *) a[0], 0.5) == 0);
  end ();
}

/* A row that no copy holds.  */
static void
stops_row_outside (void)
{
  begin ();
  mint_launch (&rows, 0LL, (long long) N, (void *) a[1], (void *) uncopied[2],
               0.5);
}

static void
stops_corrupt_planes (void)
{
  begin_volumes ();
  launch_volumes (&corrupt_planes, 1, 0);
}

static void
expect_ok (void (*fn) (void))
{
  struct child_result r;
  run_child (fn, host_env, &r);
  if (!CHECK (r.exit_status == 0 && r.err[0] == '\0'))
    fputs (r.err, stderr);
}

static void
expect_error (void (*fn) (void), const char *message)
{
  struct child_result r;
  run_child (fn, host_env, &r);
  CHECK (r.exit_status == 1);
  CHECK_CONTAINS (r.err, message);
}

int
main (void)
{
  expect_ok (runs_classed);
  expect_ok (runs_independent);
  expect_error (stops_unclassed, "mint: rk.c:20: kernel rk_k gets one array "
                "(host address ");
  expect_error (stops_unclassed, "as both out and in, and writes out");
  expect_error (stops_shifted, "as both out and in, and writes out");
  expect_error (stops_corrupt, "kernel rk_k has a corrupt descriptor");
  expect_ok (runs_planes);
  expect_error (stops_one_plane, "as both v[1 - c] and v[c], and writes "
                "v[1 - c]");
  expect_error (stops_views, "as both v[1 - c] and v[c], and writes "
                "v[1 - c]");
  expect_error (stops_corrupt_planes, "kernel wrap_k has a corrupt "
                "descriptor");
  expect_error (stops_plane_outside, "kernel wrap_k uses the plane v[c] "
                "(host address ");
  expect_error (stops_plane_outside, "its first subscript selects a plane "
                "outside the array's copy");
  expect_ok (runs_rows);
  expect_error (stops_row_outside, "kernel rows_k uses the row a[c] (host "
                "address ");
  expect_error (stops_row_outside, "its first subscript selects a row "
                "outside the array's copy");
  return check_status ();
}
