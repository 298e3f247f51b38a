/* The ABI on the host fallback: the present table is kept, so the same
   user errors are caught with or without a GPU; mint_launch decodes its
   varargs as mintrt.h says.  */

#include <stdio.h>
#include <string.h>

#include "check.h"
#include "descriptor.h"
#include "layout.h"

#define NX 37
#define NY 29
#define NZ 23

static double U[NZ][NY][NX], Unew[NZ][NY][NX];
static float weights[50];

static const unsigned char image_bytes[] = { 0x7f, 'F', 'A', 'T' };
static struct mint_image image = { MINT_ABI_VERSION, sizeof image_bytes,
                                   image_bytes, NULL };
static struct mint_kernel heat = {
  .abi_version = MINT_ABI_VERSION, .ndims = 3, .narrays = 3, .nscalars = 6,
  .nreductions = 1, .line = 40, .tile = { 32, 4, 4 }, .chunk = { 1, 1, 4 },
  .step = { 1, 1, 1 },
  .bytes_per_point = 16, .name = "heat_k", .file = "heat.c",
  .array_names = "U,Unew,weights", .scalar_sig = "iIlLfd",
  .reduction_sig = "d+", .shape_classes = "",
  .footprint = "r p0:-1:1 p1:-1:1 p2:-1:1;w p0:0:0 p1:0:0 p2:0:0;r * * *",
  .image = &image
};
static const struct mint_site before = { MINT_ABI_VERSION, 30, "heat.c" };
static const struct mint_site inside = { MINT_ABI_VERSION, 45, "heat.c" };
static const struct mint_site after = { MINT_ABI_VERSION, 50, "heat.c" };

static int
launch_heat (double (*u)[NY][NX], double (*unew)[NY][NX], double *sum)
{
  return mint_launch (&heat, 1LL, (long long) NX - 2, 1LL,
                      (long long) NY - 2, 1LL, (long long) NZ - 2,
                      (void *) &u[0][0][0], (void *) &unew[0][0][0],
                      (void *) weights,
                      -5LL, 4000000000LL, -(1LL << 40), ~0ULL,
                      (double) 0.25f, 1.0 / 3.0, sum);
}

static void
copy_in (void)
{
  mint_copy_to_device (&before, U, sizeof (double), NX, NY, NZ, 0, 1);
  mint_copy_to_device (&before, Unew, sizeof (double), NX, NY, NZ, 0, 1);
  mint_copy_to_device (&before, weights, sizeof (float), 50, 1, 1,
                       MINT_COPY_FLAT, 0);
}

static void
whole_program (void)
{
  double (*u)[NY][NX] = U, (*unew)[NY][NX] = Unew, (*tmp)[NY][NX];
  struct mintrt_kernel_state *s;
  struct mintrt_layout pitched;
  double sum = 0;

  copy_in ();
  mint_region_begin (&before);
  CHECK (launch_heat (u, unew, &sum) == 0);
  tmp = u, u = unew, unew = tmp;
  CHECK (launch_heat (u, unew, &sum) == 0);

  /* The slots the device would get, in mintrt.h's order.  */
  s = heat.rt;
  mintrt_layout_compute (&pitched, sizeof (double), NX, NY, NZ, 0, 1);
  CHECK (s->params[0] == &s->bounds[0] && s->params[5] == &s->bounds[5]);
  CHECK (s->bounds[0] == 1 && s->bounds[1] == NX - 2
         && s->bounds[4] == 1 && s->bounds[5] == NZ - 2);
  CHECK (s->params[6] == &s->array_ptrs[0]);
  CHECK (*(long long *) s->params[7] == pitched.row_stride);
  CHECK (*(long long *) s->params[8] == pitched.plane_stride);
  CHECK (s->array_ptrs[0] == pitched.offset);   /* no device memory */
  CHECK (s->array_strides[4] == 50 && s->array_strides[5] == 50);
  CHECK (*(int *) s->params[15] == -5);
  CHECK (*(unsigned *) s->params[16] == 4000000000u);
  CHECK (*(long long *) s->params[17] == -(1LL << 40));
  CHECK (*(unsigned long long *) s->params[18] == ~0ULL);
  CHECK (*(float *) s->params[19] == 0.25f);
  CHECK (*(double *) s->params[20] == 1.0 / 3.0);
  CHECK (s->params[21] == &s->reduction_ptrs[0]);
  CHECK (s->reduction_hosts[0] == &sum);

  mint_copy_from_device (&after, u, sizeof (double), NX, NY, NZ, 0);
  mint_copy_from_device (&after, unew, sizeof (double), NX, NY, NZ, 0);
  mint_region_end (&after);
}

static void
missing_array (void)
{
  double sum;

  mint_copy_to_device (&before, U, sizeof (double), NX, NY, NZ, 0, 1);
  mint_copy_to_device (&before, weights, sizeof (float), 50, 1, 1,
                       MINT_COPY_FLAT, 0);
  mint_region_begin (&before);
  launch_heat (U, Unew, &sum);
}

static void
unknown_from_device (void)
{
  copy_in ();
  mint_region_begin (&before);
  mint_copy_from_device (&after, &U[1][0][0], sizeof (double), NX, NY, 1, 0);
}

static void
from_device_after_region (void)
{
  copy_in ();
  mint_region_begin (&before);
  mint_region_end (&after);
  mint_copy_from_device (&after, U, sizeof (double), NX, NY, NZ, 0);
}

static void
recopy_same_shape (void)
{
  copy_in ();
  mint_region_begin (&before);
  mint_copy_to_device (&before, U, sizeof (double), NX, NY, NZ, 0, 1);
  mint_region_end (&after);
}

static void
recopy_other_shape (void)
{
  copy_in ();
  mint_copy_to_device (&after, U, sizeof (double), NX, NY, NZ - 1, 0, 1);
}

static void
region_end_unbalanced (void)
{
  mint_region_end (&after);
}

static void
bad_extent (void)
{
  mint_copy_to_device (&before, U, sizeof (double), NX, -NY, NZ, 0, 0);
}

/* Extents that fit the type's shape, and those the copy itself reports.  */
static void
shapes_that_fit (void)
{
  mint_check_copy_shape (&before, NX, NY, NZ, NX, NX * NY, NX * NY * NZ);
  mint_check_copy_shape (&before, NX, NY, NZ - 1, NX, NX * NY, NX * NY * NZ);
  mint_check_copy_shape (&before, NX, 5, 1, NX, 0, 0);
  mint_check_copy_shape (&before, 7, 5, 3, 0, 0, 0);
  mint_check_copy_shape (&before, -NX, NY, NZ, NX, NX * NY, 0);
}

static void
shape_other_rows (void)
{
  mint_check_copy_shape (&before, NX - 1, NY, NZ, NX, NX * NY, 0);
}

static void
shape_other_planes (void)
{
  mint_check_copy_shape (&before, NX, NY + 1, NZ, NX, NX * NY, 0);
}

static void
shape_too_many (void)
{
  mint_check_copy_shape (&before, NX, NY, NZ + 1, NX, NX * NY,
                         NX * NY * NZ);
}

/* A T*** table of 2 planes of 3 rows of 5 elements, copied with its
   extents in C's order (2, 3, 5): the hint gives them x first.  */
static void
rows_in_c_order (void)
{
  static double data[2 * 3 * 5];
  static double *rows[2 * 3];
  static double **planes[2];
  for (int r = 0; r < 2 * 3; r++)
    rows[r] = data + r * 5;
  for (int z = 0; z < 2; z++)
    planes[z] = rows + z * 3;
  mint_check_copy_rows (&before, "g", planes, 3, sizeof (double), 2, 3, 5);
}

/* A T** table indexed from 1, as Numerical Recipes' dmatrix (1, 4, 1, 4)
   makes it (rows 1 to 4 of 4 elements, row 0 unset), copied with 5 x 5
   extents: the message says so, not where row 1 "should" be.  */
static void
rows_from_one (void)
{
  static double data[4 * 4 + 1];
  static double *rows[5];
  for (int r = 1; r <= 4; r++)
    rows[r] = data + 1 + (r - 1) * 4 - 1;
  mint_check_copy_rows (&before, "a", rows, 2, sizeof (double), 5, 5, 1);
}

/* Updates are checked, then do nothing: the host array is the truth.  A
   device pointer is the host element, with the host array's layout.  */
static void
updates_and_pointers (void)
{
  struct mint_layout l;
  double *p;

  copy_in ();
  mint_region_begin (&before);
  U[3][2][1] = 7.0;
  mint_update (&inside, "U", U, sizeof (double), MINT_UPDATE_TO_HOST, 0, NX,
               0, NY, 3, 1);
  mint_update (&inside, "U", U, sizeof (double), MINT_UPDATE_TO_DEVICE, 1,
               NX - 2, 2, 1, NZ, 0);
  mint_update (&inside, "weights", weights, sizeof (float),
               MINT_UPDATE_TO_HOST, 10, 40, 0, 1, 0, 1);
  CHECK (U[3][2][1] == 7.0);
  p = mint_device_pointer (U, 1, 2, 3, 4, 5, 6, &l);
  CHECK (p == &U[5][3][1]);
  CHECK (l.elem_size == sizeof (double) && l.nx == NX && l.ny == NY
         && l.nz == NZ);
  CHECK (l.row_stride == NX && l.plane_stride == NX * NY && !l.on_device);
  CHECK (mint_device_pointer (Unew, 0, NX, 0, NY, NZ, 0, NULL)
         == &Unew[0][0][0] + NZ * NY * NX);
  mint_region_end (&after);
}

static void
update_outside (void)
{
  copy_in ();
  mint_region_begin (&before);
  mint_update (&inside, "U", U, sizeof (double), MINT_UPDATE_TO_HOST, 0, NX,
               0, NY, NZ - 3, 4);
}

static void
update_not_copied (void)
{
  copy_in ();
  mint_region_begin (&before);
  mint_update (&inside, "V", &U[1][0][0], sizeof (double),
               MINT_UPDATE_TO_DEVICE, 0, NX, 0, NY, 0, 1);
}

static void
update_other_type (void)
{
  copy_in ();
  mint_region_begin (&before);
  mint_update (&inside, "U", U, sizeof (float), MINT_UPDATE_TO_DEVICE, 0, 1,
               0, 1, 0, 1);
}

static void
update_bad_flags (void)
{
  copy_in ();
  mint_region_begin (&before);
  mint_update (&inside, "U", U, sizeof (double),
               MINT_UPDATE_TO_HOST | MINT_UPDATE_TO_DEVICE, 0, 1, 0, 1, 0, 1);
}

static void
pointer_outside (void)
{
  copy_in ();
  mint_region_begin (&before);
  mint_device_pointer (Unew, 0, 1, 5, -1, 0, 1, NULL);
}
enum { pointer_line = __LINE__ - 2 };

static const char *const host_env[] = {
  "MINT_CUDA_LIBRARY=/nonexistent/libcuda.so.1", NULL };

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
  struct child_result r;

  run_child (whole_program, host_env, &r);
  if (!CHECK (r.exit_status == 0 && r.err[0] == '\0'))
    fputs (r.err, stderr);

  run_child (recopy_same_shape, host_env, &r);
  CHECK (r.exit_status == 0);

  expect_error (missing_array, "mint: heat.c:40: kernel heat_k uses array "
                "Unew (host address ");
  expect_error (missing_array, "add `#pragma mint copy(Unew, toDevice, "
                "...)` before the parallel region");
  expect_error (unknown_from_device, "mint: heat.c:50: copy fromDevice of "
                "the array at ");
  expect_error (unknown_from_device, "which is not on the device");
  expect_error (from_device_after_region, "which is not on the device");
  expect_error (recopy_other_shape, "mint: heat.c:50: copy toDevice of the "
                "array at ");
  expect_error (recopy_other_shape, "as 37x29x22 elements of 8 bytes, but "
                "it is on the device as 37x29x23 elements of 8 bytes "
                "(copied at heat.c:30)");
  expect_error (region_end_unbalanced, "mint: heat.c:50: end of a parallel "
                "region that was never begun");
  expect_error (bad_extent, "mint: heat.c:30: cannot copy toDevice "
                "37x-29x23 elements of 8 bytes: an extent is negative");

  run_child (shapes_that_fit, host_env, &r);
  if (!CHECK (r.exit_status == 0 && r.err[0] == '\0'))
    fputs (r.err, stderr);
  expect_error (shape_other_rows, "mint: heat.c:30: copy of 36x29x23 "
                "elements: the array's rows hold 37 elements, not 36");
  expect_error (shape_other_planes, "mint: heat.c:30: copy of 37x30x23 "
                "elements: the array's planes hold 29 rows, not 30");
  expect_error (shape_too_many, "mint: heat.c:30: copy of 37x29x24 "
                "elements: the array holds 24679 elements");
  expect_error (rows_in_c_order, "the rows must lie one after another in "
                "one allocation (its rows are 5 elements long: a copy gives "
                "the extents x first, here 5, 3, 2)");

  expect_error (rows_from_one, "copy of a: its rows lie one after another "
                "from a[1] (at ");
  expect_error (rows_from_one, "the row table is indexed from 1 (as "
                "Numerical Recipes' dmatrix (1, n, 1, n) makes it)");
  run_child (updates_and_pointers, host_env, &r);
  if (!CHECK (r.exit_status == 0 && r.err[0] == '\0'))
    fputs (r.err, stderr);
  expect_error (update_outside, "mint: heat.c:45: update toHost of U: the z "
                "range 20:4 (elements 20 to 23) lies outside the array's 23 "
                "elements in z (it is on the device as 37x29x23 elements, "
                "copied at heat.c:30)");
  expect_error (update_not_copied, "mint: heat.c:45: update toDevice of V "
                "(host address ");
  expect_error (update_not_copied, "it is not on the device; copy it "
                "toDevice before the parallel region");
  expect_error (update_other_type, "mint: heat.c:45: update toDevice of U "
                "as elements of 4 bytes, but it is on the device as "
                "elements of 8 bytes (copied at heat.c:30)");
  expect_error (update_bad_flags, "mint: heat.c:45: update of U with the "
                "invalid flags 0x3");
  char expect[256];
  run_child (pointer_outside, host_env, &r);
  snprintf (expect, sizeof expect, "mint: %s:%d: mint_device_pointer of the "
            "array: the y range 5:-1 has a negative count", __FILE__,
            pointer_line);
  CHECK (r.exit_status == 1);
  CHECK_CONTAINS (r.err, expect);
  return check_status ();
}
