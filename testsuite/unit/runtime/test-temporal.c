/* Level 4 in libmintrt: launches of a kernel with a temporal variant that
   each swap its two arrays wait, and run in batches of the variant's
   steps, one step always kept back; anything else (another argument, a
   barrier, a copy, the region's end) runs the steps waiting first, those
   but the last 1 or 2 in a batch of fewer where the variant runs more
   than 3, the last 2 in the closing variant where the kernel has one,
   which gives the array read a new device copy (test_programs,
   closing_child).  A fake driver (fake-cuda.c) runs the kernels on the
   host, so every result is compared with the same steps run plainly, both
   arrays whole, and the launches of each kind are counted.  A kernel
   whose variant's grid would exceed the device's in y runs its steps one
   launch each; a 2-D kernel's variant runs in its chunked form.  Which launches go with programmatic stream serialization
   (test_pdl).  Which runs of steps keep the number of the run before,
   so that the variant's blocks need not look outside the space again
   (runs_child).  An autotuned kernel's steps run one launch each until
   its variants are timed, then in batches, and a timed launch over other
   points makes the next run look again (test_tuned).  Also
   mintrt_temporal_follows and
   mintrt_temporal_same_space on their own, and the blocks in z that
   mintrt_level4_chunks gives the variant (test_chunks).  An image
   without the variants, for an older GPU, runs the steps plainly
   (older_image_child).  */

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "fake-cuda.h"
#include "args.h"
#include "present.h"
#include "temporal.h"
#include "tune.h"

#define N 50

static const unsigned char image_bytes[] = { 0x7f, 'F', 'A', 'T' };
static struct mint_image image = { MINT_ABI_VERSION, sizeof image_bytes,
                                   image_bytes, NULL };
static struct mint_kernel kernel = {
  .abi_version = MINT_ABI_VERSION, .ndims = 1, .narrays = 2, .nscalars = 1,
  .flags = MINT_KERNEL_NOWAIT, .line = 20, .tile = { 32, 1, 1 },
  .chunk = { 1, 1, 1 }, .name = "step", .file = "tb.c",
  .step = { 1, 1, 1 },
  .array_names = "u,w", .scalar_sig = "d", .reduction_sig = "",
  .shape_classes = "", .footprint = "r p0:-1:1 * *;w p0:0:0 * *",
  .temporal_steps = 3, .temporal_fewest = 3, .temporal_read = 0,
  .temporal_write = 1, .temporal_tile = { 32, 1, 1 },
  .temporal_block = { 32, 1, 1 }, .image = &image
};
static const struct mint_site site = { MINT_ABI_VERSION, 10, "tb.c" };

/* A program: STEPS steps, a barrier before step BARRIER, scalar 0.25
   from step CHANGE on (else 0.3), the arrays swapped after each step
   unless NO_SWAP, the variant asking for SHARED bytes of shared memory,
   the kernel with a closing variant where CLOSING_TILE, its temporal
   variant running MOST steps (3 where 0), or 3 or 5.  */
struct program
{
  int steps, barrier, change, no_swap;
  int fused, plain;             /* launches the fake driver must see */
  unsigned shared;
  unsigned closing_tile;
  int closing;                  /* launches of the closing variant */
  unsigned most;
};

/* The copies of U and W and the region around a program's steps, where
   DEVICE.  */
static void
open_pair (double *u, double *w, int device)
{
  if (device)
    {
      mint_copy_to_device (&site, u, sizeof *u, N + 2, 1, 1, 0, 1);
      mint_copy_to_device (&site, w, sizeof *w, N + 2, 1, 1, 0, 1);
      mint_region_begin (&site);
    }
}

static void
close_pair (double *u, double *w, int device)
{
  if (device)
    {
      mint_copy_from_device (&site, u, sizeof *u, N + 2, 1, 1, 0);
      mint_copy_from_device (&site, w, sizeof *w, N + 2, 1, 1, 0);
      mint_region_end (&site);
    }
}

/* The step's coefficient as a program keeps it in a structure, which the
   launch reads through mint_launch_value (as the plugin's code does for
   `p->c'): held steps go on.  */
static double coefficient;

static void
run (const struct program *p, double *u, double *w, int device)
{
  double *a = u, *b = w;
  open_pair (u, w, device);
  for (int t = 0; t < p->steps; t++)
    {
      double c;
      coefficient = t >= p->change ? 0.25 : 0.3;
      if (device)
        mint_launch_value (&kernel, "p->c", &coefficient, sizeof c, &c);
      else
        c = coefficient;
      if (device && t == p->barrier)
        mint_barrier (&site);
      if (!device || !mint_launch (&kernel, 1LL, (long long) N, (void *) a,
                                   (void *) b, c))
        for (int i = 1; i <= N; i++)
          b[i] = c * (a[i - 1] + a[i] + a[i + 1]);
      if (!p->no_swap)
        {
          double *t2 = a;
          a = b;
          b = t2;
        }
    }
  close_pair (u, w, device);
}

/* The grids U and W, and their twins RU and RW for the plain steps: W
   with other cells outside the points than U.  */
static void
fill_grids (double *u, double *w, double *ru, double *rw)
{
  for (int i = 0; i < N + 2; i++)
    {
      u[i] = ru[i] = 1.0 + 0.01 * i * (i % 7);
      w[i] = rw[i] = -2.0 - 0.03 * i;
    }
}

/* U and W hold what their twins RU and RW hold.  */
static void
check_grids (const double *u, const double *w, const double *ru,
             const double *rw)
{
  CHECK (memcmp (u, ru, (N + 2) * sizeof *u) == 0);
  CHECK (memcmp (w, rw, (N + 2) * sizeof *w) == 0);
}

/* Runs CHILD in a child process on the fake driver FAKE, with SETTING in
   the environment (may be NULL); WHAT names it where it fails.  */
static void
run_on_fake (void (*child_fn) (void), const char *fake, const char *setting,
             const char *what)
{
  char library[4096];
  snprintf (library, sizeof library, "MINT_CUDA_LIBRARY=%s", fake);
  const char *const env[] = { library, "MINT_OFFLOAD=mandatory", setting,
                              NULL };
  struct child_result r;
  run_child (child_fn, env, &r);
  if (!CHECK (r.exit_status == 0))
    fprintf (stderr, "%s: %s\n", what, r.err);
}

static const struct program *current;
/* Launches that must go with programmatic stream serialization; -1: not
   counted.  */
static int expected_pdl = -1;

static void
child (void)
{
  double u[N + 2], w[N + 2], ru[N + 2], rw[N + 2];
  kernel.temporal_shared = current->shared;
  kernel.temporal_steps = current->most ? current->most : 3;
  kernel.closing_tile[0] = current->closing_tile;
  kernel.closing_tile[1] = kernel.closing_tile[2] = current->closing_tile != 0;
  fill_grids (u, w, ru, rw);
  run (current, u, w, 1);
  run (current, ru, rw, 0);
  check_grids (u, w, ru, rw);
  void *fake = dlopen (getenv ("MINT_CUDA_LIBRARY"), RTLD_NOW | RTLD_NOLOAD);
  int *launches = fake ? dlsym (fake, "fake_launches") : NULL;
  if (!CHECK (launches != NULL))
    return;
  if (!CHECK (launches[1] == current->fused && launches[0] == current->plain
              && launches[2] == current->closing))
    fprintf (stderr, "%d steps: %d temporal, %d closing and %d plain "
             "launches, want %d, %d and %d\n", current->steps, launches[1],
             launches[2], launches[0], current->fused, current->closing,
             current->plain);
  int *pdl = dlsym (fake, "fake_pdl_launches");
  if (expected_pdl >= 0 && !CHECK (pdl && *pdl == expected_pdl))
    fprintf (stderr, "%d launches with programmatic stream serialization, "
             "want %d\n", pdl ? *pdl : -1, expected_pdl);
}

static void
test_programs (const char *fake)
{
  static const struct program programs[] = {
    { 1, -1, 99, 0, 0, 1, 0, 0, 0 }, { 2, -1, 99, 0, 0, 2, 0, 0, 0 },
    { 3, -1, 99, 0, 0, 3, 0, 0, 0 }, { 4, -1, 99, 0, 1, 1, 0, 0, 0 },
    { 7, -1, 99, 0, 2, 1, 0, 0, 0 }, { 8, -1, 99, 0, 2, 2, 0, 0, 0 },
    { 10, -1, 99, 0, 3, 1, 0, 0, 0 },
    /* A barrier before step 5 runs step 4 alone.  */
    { 8, 4, 99, 0, 2, 2, 0, 0, 0 },
    /* Another scalar from step 3 on: steps 1 and 2 run plainly.  */
    { 8, -1, 2, 0, 1, 5, 0, 0, 0 },
    /* Without the swap no step follows another.  */
    { 6, -1, 99, 1, 0, 6, 0, 0, 0 },
    /* Shared memory beyond 48 KB, up to the device's opt-in limit, is
       given to the variant; beyond that the steps run plainly.  */
    { 7, -1, 99, 0, 2, 1, 96 * 1024, 0, 0 },
    { 7, -1, 99, 0, 0, 7, FAKE_SHARED_OPTIN + 8, 0, 0 },
    /* With a closing variant, a run's last 2 steps run in it, after the
       batches and a step where 3 are left; its second step replaces the
       read array's device copy, whose cells outside the points (u's and
       w's differ) stay, and the written array's points, a step behind,
       are brought up to date by a step at the copy back.  */
    { 1, -1, 99, 0, 0, 1, 0, 32, 0 }, { 2, -1, 99, 0, 0, 1, 0, 32, 1 },
    { 3, -1, 99, 0, 0, 2, 0, 32, 1 }, { 4, -1, 99, 0, 1, 1, 0, 32, 0 },
    { 5, -1, 99, 0, 1, 1, 0, 32, 1 }, { 20, -1, 99, 0, 6, 1, 0, 32, 1 },
    /* Two runs, the second closing with the scratch the first left; the
       first step after the first overwrites the points it left behind.  */
    { 8, 2, 99, 0, 1, 2, 0, 32, 2 },
    /* Without the swap none.  */
    { 6, -1, 99, 1, 0, 6, 0, 32, 0 },
    /* A variant of 7 steps: the steps after the last batch of 7 begin
       with a batch of the most, odd, from 3, that leaves 1 or 2 steps
       after it (the 2 in the closing variant where there is one).  */
    { 20, -1, 99, 0, 3, 1, 0, 0, 0, 7 }, { 13, -1, 99, 0, 2, 1, 0, 0, 0, 7 },
    { 7, -1, 99, 0, 1, 2, 0, 0, 0, 7 }, { 4, -1, 99, 0, 1, 1, 0, 0, 0, 7 },
    { 3, -1, 99, 0, 0, 3, 0, 0, 0, 7 }, { 5, -1, 99, 0, 1, 1, 0, 32, 1, 7 },
    { 9, -1, 99, 0, 1, 1, 0, 32, 1, 7 }, { 3, -1, 99, 0, 0, 2, 0, 32, 1, 7 },
    { 19, -1, 99, 0, 3, 1, 0, 32, 1, 7 },
  };
  char library[4096];
  snprintf (library, sizeof library, "MINT_CUDA_LIBRARY=%s", fake);
  const char *const env[] = { library, "MINT_OFFLOAD=mandatory", NULL };
  for (size_t i = 0; i < sizeof programs / sizeof *programs; i++)
    {
      struct child_result r;
      current = &programs[i];
      run_child (child, env, &r);
      if (!CHECK (r.exit_status == 0))
        fprintf (stderr, "program %zu (%d steps): %s\n", i,
                 programs[i].steps, r.err);
    }
}

/* Where the image's code waits for the grids before its kernels, each
   launch that follows a queued launch of the same kernel goes with
   programmatic stream serialization (six steps without the swap: the last
   five), unless MINT_PDL=0, the device is older than sm_90 (FAKE_CUDA_CC)
   or the code lacks the wait (FAKE_CUDA_GRID_WAIT: code for an older GPU,
   or an older plugin's).  A batch of the temporal variant is queued as a
   step is: of seven steps with the swap, two batches and a step, the
   second batch's two kernels and the step go with it.  */
static void
test_pdl (const char *fake)
{
  static const struct program six = { 6, -1, 99, 1, 0, 6, 0, 0, 0 };
  static const struct program seven = { 7, -1, 99, 0, 2, 1, 0, 0, 0 };
  static const struct
  {
    const char *setting;
    int launches;
    bool device_pdl;            /* MINT_VERBOSE says so with the device */
    bool code_waits;            /* else MINT_VERBOSE says it does not */
    const struct program *program;
  } cases[] = { { "MINT_PDL=1", 5, true, true, &six },
                { "MINT_PDL=1", 3, true, true, &seven },
                { "MINT_PDL=0", 0, false, true, &six },
                { "FAKE_CUDA_CC=8", 0, false, true, &six },
                { "FAKE_CUDA_GRID_WAIT=0", 0, true, false, &six },
                { "FAKE_CUDA_GRID_WAIT=none", 0, true, false, &six } };
  char library[4096];
  snprintf (library, sizeof library, "MINT_CUDA_LIBRARY=%s", fake);
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    {
      current = cases[i].program;
      const char *const env[] = { library, "MINT_OFFLOAD=mandatory",
                                  "MINT_VERBOSE=1", cases[i].setting, NULL };
      struct child_result r;
      expected_pdl = cases[i].launches;
      run_child (child, env, &r);
      if (!CHECK (r.exit_status == 0))
        fprintf (stderr, "%s: %s\n", cases[i].setting, r.err);
      bool device = strstr (r.err, "), programmatic dependent launch\n");
      bool plainly = strstr (r.err, "the device code of kernel step does "
                             "not wait for the kernels before it");
      CHECK (device == cases[i].device_pdl);
      CHECK (plainly == !cases[i].code_waits);
    }
  expected_pdl = -1;
}

/* Runs of 7 steps (two batches and a step), each after EVENTS[r]: a
   barrier keeps the run's number, an update of u to the device, a device
   pointer to w (from then on, every run), a launch of another kernel and
   one of the same kernel over other points give the next run a new one.
   The results are those of the steps run plainly.  */
enum between { BARRIER, UPDATE, POINTER, OTHER_KERNEL, OTHER_BOUNDS };

static const enum between events[] = { BARRIER, BARRIER, UPDATE, BARRIER,
                                       OTHER_KERNEL, BARRIER, OTHER_BOUNDS,
                                       BARRIER, POINTER, BARRIER };
#define RUNS (sizeof events / sizeof *events + 1)
/* The run number of each run's batches, counting from 1 (the launch
   over other points begins a run of its own, number 4).  */
static const int run_numbers[RUNS] = { 1, 1, 1, 2, 2, 3, 3, 5, 5, 6, 7 };

/* STEPS steps of the kernel, coefficient 0.3, from *A into *B, the two
   swapped after each.  */
static void
swapped_steps (double **a, double **b, int steps, int device)
{
  for (int t = 0; t < steps; t++)
    {
      if (!device || !mint_launch (&kernel, 1LL, (long long) N, (void *) *a,
                                   (void *) *b, 0.3))
        for (int i = 1; i <= N; i++)
          (*b)[i] = 0.3 * ((*a)[i - 1] + (*a)[i] + (*a)[i + 1]);
      double *t2 = *a;
      *a = *b;
      *b = t2;
    }
}

static struct mint_kernel other = {
  .abi_version = MINT_ABI_VERSION, .ndims = 1, .narrays = 1,
  .flags = MINT_KERNEL_NOWAIT, .line = 40, .tile = { 32, 1, 1 },
  .chunk = { 1, 1, 1 }, .name = "other", .file = "tb.c",
  .step = { 1, 1, 1 },
  .array_names = "v", .scalar_sig = "", .reduction_sig = "",
  .shape_classes = "", .footprint = "w p0:0:0 * *", .image = &image
};

static void
runs (double *u, double *w, double *v, int device)
{
  double *a = u, *b = w;
  if (device)
    {
      mint_copy_to_device (&site, u, sizeof *u, N + 2, 1, 1, 0, 1);
      mint_copy_to_device (&site, w, sizeof *w, N + 2, 1, 1, 0, 1);
      mint_copy_to_device (&site, v, sizeof *v, N + 2, 1, 1, 0, 1);
      mint_region_begin (&site);
    }
  for (size_t r = 0; r < RUNS; r++)
    {
      swapped_steps (&a, &b, 7, device);
      if (!device && r < RUNS - 1 && events[r] == OTHER_BOUNDS)
        for (int i = 2; i < N; i++)
          b[i] = 0.3 * (a[i - 1] + a[i] + a[i + 1]);
      if (r == RUNS - 1 || !device)
        continue;
      switch (events[r])
        {
        case BARRIER:
          mint_barrier (&site);
          break;
        case UPDATE:
          mint_update (&site, "u", u, sizeof *u, MINT_UPDATE_TO_DEVICE, 0,
                       N + 2, 0, 1, 0, 1);
          break;
        case POINTER:
          CHECK (mint_device_pointer (w, 0, 1, 0, 1, 0, 1, NULL) != NULL);
          break;
        case OTHER_KERNEL:
          CHECK (mint_launch (&other, 1LL, (long long) N, (void *) v));
          break;
        case OTHER_BOUNDS:
          CHECK (mint_launch (&kernel, 2LL, (long long) N - 2, (void *) a,
                              (void *) b, 0.3));
          break;
        }
    }
  close_pair (u, w, device);
}

static void
runs_child (void)
{
  double u[N + 2], w[N + 2], v[N + 2], ru[N + 2], rw[N + 2];
  kernel.temporal_shared = 0;
  fill_grids (u, w, ru, rw);
  for (int i = 0; i < N + 2; i++)
    v[i] = 0;
  runs (u, w, v, 1);
  runs (ru, rw, v, 0);
  check_grids (u, w, ru, rw);
  void *fake = dlopen (getenv ("MINT_CUDA_LIBRARY"), RTLD_NOW | RTLD_NOLOAD);
  int *launches = fake ? dlsym (fake, "fake_launches") : NULL;
  unsigned long long *numbers = fake ? dlsym (fake, "fake_runs") : NULL;
  if (!CHECK (launches && numbers && launches[1] == 2 * (int) RUNS))
    return;
  for (size_t r = 0; r < RUNS; r++)
    for (int i = 0; i < 2; i++)
      if (!CHECK (numbers[2 * r + i] - numbers[0] + 1
                  == (unsigned long long) run_numbers[r]))
        fprintf (stderr, "run %zu, batch %d: run number %llu, want %d\n",
                 r, i, numbers[2 * r + i] - numbers[0] + 1, run_numbers[r]);
}

/* The kernel with a closing variant.  */
static void
with_closing (void)
{
  kernel.temporal_shared = 0;
  kernel.closing_tile[0] = 32;
  kernel.closing_tile[1] = kernel.closing_tile[2] = 1;
}

/* Runs of 2 steps with a closing variant: the first gives u the scratch,
   the host then changes u's cell outside the points by an update, which
   the second run's scratch must take (a copy of u again); after a device
   pointer to u was handed out, the third runs its steps one launch each,
   so that the pointer stays u's.  */
static void
closing_runs (double *u, double *w, int device)
{
  open_pair (u, w, device);
  void *pointer = NULL;
  for (int r = 0; r < 3; r++)
    {
      double *a = u, *b = w;
      swapped_steps (&a, &b, 2, device);
      if (r == 0)
        {
          if (device)
            mint_update (&site, "u", u, sizeof *u, MINT_UPDATE_TO_HOST, 0,
                         N + 2, 0, 1, 0, 1);
          u[0] = 7.5;
          if (device)
            mint_update (&site, "u", u, sizeof *u, MINT_UPDATE_TO_DEVICE, 0,
                         N + 2, 0, 1, 0, 1);
        }
      if (device && r == 1)
        pointer = mint_device_pointer (u, 0, 1, 0, 1, 0, 1, NULL);
    }
  if (device)
    {
      CHECK (pointer != NULL);
      mint_copy_from_device (&site, u, sizeof *u, N + 2, 1, 1, 0);
      mint_copy_from_device (&site, w, sizeof *w, N + 2, 1, 1, 0);
      mint_region_end (&site);
    }
}

/* WHAT ran CLOSING launches of the closing variant and PLAIN of step.  */
static void
expect_launches (const char *what, int closing, int plain)
{
  void *fake = dlopen (getenv ("MINT_CUDA_LIBRARY"), RTLD_NOW | RTLD_NOLOAD);
  int *launches = fake ? dlsym (fake, "fake_launches") : NULL;
  if (CHECK (launches != NULL) && !CHECK (launches[2] == closing
                                          && launches[0] == plain))
    fprintf (stderr, "%s: %d closing and %d plain launches, want %d and "
             "%d\n", what, launches[2], launches[0], closing, plain);
}

static void
closing_child (void)
{
  double u[N + 2], w[N + 2], ru[N + 2], rw[N + 2];
  with_closing ();
  fill_grids (u, w, ru, rw);
  closing_runs (u, w, 1);
  closing_runs (ru, rw, 0);
  check_grids (u, w, ru, rw);
  expect_launches ("closing runs", 2, 2);
}

/* The closing variant leaves w's points a step behind: the next run's
   first step overwrites them, an update of w to the host and a step that
   reads w each find them brought up to date first (a step each).  Those
   two steps after three closing launches make the next run's last 2
   steps run one launch each.  */
static void
stale_runs (double *u, double *w, double *seen, int device)
{
  double *a = u, *b = w;
  open_pair (u, w, device);
  for (int r = 0; r < 4; r++)
    {
      swapped_steps (&a, &b, 2, device);
      if (device)
        mint_barrier (&site);
      if (r == 1 && device)
        mint_update (&site, "w", w, sizeof *w, MINT_UPDATE_TO_HOST, 0,
                     N + 2, 0, 1, 0, 1);
      if (r == 1)
        memcpy (seen, w, (N + 2) * sizeof *w);
      if (r == 2)
        {
          double *c = w, *d = u;
          swapped_steps (&c, &d, 1, device);
        }
    }
  close_pair (u, w, device);
}

static void
stale_child (void)
{
  double u[N + 2], w[N + 2], ru[N + 2], rw[N + 2], seen[N + 2], rseen[N + 2];
  with_closing ();
  fill_grids (u, w, ru, rw);
  stale_runs (u, w, seen, 1);
  stale_runs (ru, rw, rseen, 0);
  CHECK (memcmp (seen, rseen, sizeof seen) == 0);
  check_grids (u, w, ru, rw);
  expect_launches ("a step behind", 3, 5);
}

static void
closing_memory (double *u, double *w, double *v, int device)
{
  double *a = u, *b = w;
  open_pair (u, w, device);
  swapped_steps (&a, &b, 2, device);
  if (device)
    mint_copy_to_device (&site, v, sizeof *v, N + 2, 1, 1, 0, 1);
  swapped_steps (&a, &b, 2, device);
  close_pair (u, w, device);
}

static void
closing_memory_child (void)
{
  double u[N + 2], w[N + 2], v[N + 2] = { 0 }, ru[N + 2], rw[N + 2];
  with_closing ();
  fill_grids (u, w, ru, rw);
  closing_memory (u, w, v, 1);
  closing_memory (ru, rw, v, 0);
  check_grids (u, w, ru, rw);
  expect_launches ("closing runs short of memory", 1, 3);
}

/* The kernel with two variants to time, twice each (MINTRT_TUNE_ROUNDS):
   of 10 steps the first 4 run one launch each, then a batch of 3 and 3
   more steps, the last ones held back.  */
static void
tuned_child (void)
{
  static const struct mint_variant variants[2] = {
    { { 32, 1, 1 }, { 1, 1, 1 }, 0, 0, 0 },
    { { 64, 1, 1 }, { 1, 1, 1 }, 0, 0, 0 }
  };
  kernel.nvariants = 2;
  kernel.variants = variants;
  kernel.code_hash = 0xbeef;
  child ();
}

/* The kernel with two variants: 4 steps timed one launch each, a run of
   7 steps (two batches), a launch over other points that is timed (a
   new tuning for its extents: no run of its own), and 7 more steps,
   whose run must not keep the first one's number, since that launch
   wrote cells outside the first run's points.  */
static void
tuned_bounds_child (void)
{
  static const struct mint_variant variants[2] = {
    { { 32, 1, 1 }, { 1, 1, 1 }, 0, 0, 0 },
    { { 64, 1, 1 }, { 1, 1, 1 }, 0, 0, 0 }
  };
  static double u[N + 2], w[N + 2];
  double *a = u, *b = w;
  kernel.nvariants = 2;
  kernel.variants = variants;
  kernel.code_hash = 0xbef0;     /* not tuned_child's cache entry */
  mint_copy_to_device (&site, u, sizeof *u, N + 2, 1, 1, 0, 1);
  mint_copy_to_device (&site, w, sizeof *w, N + 2, 1, 1, 0, 1);
  mint_region_begin (&site);
  for (int t = 0; t < 4 + 7 + 1 + 7; t++)
    {
      bool wide = t == 4 + 7;
      if (wide)
        mint_barrier (&site);
      CHECK (mint_launch (&kernel, wide ? 2LL : 1LL,
                          (long long) (wide ? N - 2 : N), (void *) a,
                          (void *) b, 0.3));
      if (wide)
        {
          mint_barrier (&site);
          continue;
        }
      double *t2 = a;
      a = b;
      b = t2;
    }
  mint_region_end (&site);
  void *fake = dlopen (getenv ("MINT_CUDA_LIBRARY"), RTLD_NOW | RTLD_NOLOAD);
  int *launches = fake ? dlsym (fake, "fake_launches") : NULL;
  unsigned long long *numbers = fake ? dlsym (fake, "fake_runs") : NULL;
  if (CHECK (launches && numbers && launches[1] == 4))
    CHECK (numbers[0] == numbers[1] && numbers[2] == numbers[3]
           && numbers[2] != numbers[0]);
}

static void
test_tuned (const char *fake)
{
  static const struct program ten = { 10, -1, 99, 0, 1, 7, 0, 0, 0 };
  char library[4096], cache[64] = "/tmp/mint-test-temporal-cache.XXXXXX";
  char cache_env[128];
  if (!CHECK (mkdtemp (cache) != NULL))
    return;
  snprintf (library, sizeof library, "MINT_CUDA_LIBRARY=%s", fake);
  snprintf (cache_env, sizeof cache_env, "XDG_CACHE_HOME=%s", cache);
  const char *const env[] = { library, "MINT_OFFLOAD=mandatory", cache_env,
                              NULL };
  struct child_result r;
  current = &ten;
  run_child (tuned_child, env, &r);
  if (!CHECK (r.exit_status == 0))
    fprintf (stderr, "tuned: %s\n", r.err);
  run_child (tuned_bounds_child, env, &r);
  if (!CHECK (r.exit_status == 0))
    fprintf (stderr, "tuned, other bounds: %s\n", r.err);
  char command[128];
  snprintf (command, sizeof command, "rm -rf %s", cache);
  CHECK (system (command) == 0);
}

/* A 2-D kernel over one column whose variant's tile in y, 2 points, is a
   quarter of the ordinary kernel's: more than 65535 * 2 points in y need
   more blocks of the variant than the fake device allows (fake-cuda.c),
   not of the ordinary kernel.  The fake driver runs neither, only logs
   their launches: the variant's in its chunked form, the only one of a
   2-D nest (mintrt.h, MINT_CHUNKED_SUFFIX).  */
#define PLANE_TALL (2 * 65535 + 1)

static struct mint_kernel plane = {
  .abi_version = MINT_ABI_VERSION, .ndims = 2, .narrays = 2,
  .flags = MINT_KERNEL_NOWAIT, .line = 30, .tile = { 1, 8, 1 },
  .chunk = { 1, 1, 1 }, .name = "plane", .file = "tb.c",
  .step = { 1, 1, 1 },
  .array_names = "u,w", .scalar_sig = "", .reduction_sig = "",
  .shape_classes = "", .footprint = "r p0:0:0 p1:-1:1 *;w p0:0:0 p1:0:0 *",
  .temporal_steps = 3, .temporal_fewest = 3, .temporal_read = 0,
  .temporal_write = 1, .temporal_tile = { 1, 2, 1 },
  .temporal_block = { 1, 8, 1 }, .image = &image
};

/* STEPS steps of plane over NY points in y; the launches the fake
   driver must log, and whether the runtime says (MINT_VERBOSE) why the
   variant does not run.  */
struct plane_program
{
  long long ny;
  int steps, fused, plain, said;
};

static const struct plane_program *current_plane;

static void
plane_child (void)
{
  static double u[PLANE_TALL + 2], w[PLANE_TALL + 2];
  double *a = u, *b = w;
  size_t ny = (size_t) current_plane->ny + 2;
  mint_copy_to_device (&site, u, sizeof *u, 1, ny, 1, 0, 1);
  mint_copy_to_device (&site, w, sizeof *w, 1, ny, 1, 0, 1);
  mint_region_begin (&site);
  for (int t = 0; t < current_plane->steps; t++)
    {
      CHECK (mint_launch (&plane, 0LL, 1LL, 1LL, current_plane->ny,
                          (void *) a, (void *) b));
      double *t2 = a;
      a = b;
      b = t2;
    }
  mint_region_end (&site);
}

/* How often LINE is a line of TEXT.  */
static int
count_lines (const char *text, const char *line)
{
  int n = 0;
  size_t len = strlen (line);
  for (const char *p = text; p && *p; p = strchr (p, '\n'), p = p ? p + 1 : p)
    n += strncmp (p, line, len) == 0 && (p[len] == '\n' || !p[len]);
  return n;
}

static void
test_tall_plane (const char *fake)
{
  static const struct plane_program programs[] = {
    { 64, 7, 2, 1, 0 },
    /* The variant's grid is 65536 blocks in y: plain launches only, and
       the reason said once, not at each step.  */
    { PLANE_TALL, 7, 0, 7, 1 },
  };
  char library[4096], log_env[64];
  char log_path[] = "/tmp/mint-test-temporal.XXXXXX";
  int fd = mkstemp (log_path);
  if (!CHECK (fd >= 0))
    return;
  close (fd);
  snprintf (library, sizeof library, "MINT_CUDA_LIBRARY=%s", fake);
  snprintf (log_env, sizeof log_env, "FAKE_CUDA_LOG=%s", log_path);
  const char *const env[] = { library, "MINT_OFFLOAD=mandatory",
                              "MINT_VERBOSE=1", log_env, NULL };
  for (size_t i = 0; i < sizeof programs / sizeof *programs; i++)
    {
      struct child_result r;
      static char log[65536];
      current_plane = &programs[i];
      CHECK (truncate (log_path, 0) == 0);
      run_child (plane_child, env, &r);
      if (!CHECK (r.exit_status == 0))
        fprintf (stderr, "plane program %zu (%lld points in y): %s\n", i,
                 programs[i].ny, r.err);
      FILE *f = fopen (log_path, "r");
      size_t n = f ? fread (log, 1, sizeof log - 1, f) : 0;
      log[n] = '\0';
      if (f)
        fclose (f);
      int fused = count_lines (log, "launch plane_temporal"
                                    MINT_CHUNKED_SUFFIX);
      int reload = count_lines (log, "launch plane_temporal_reload"
                                     MINT_CHUNKED_SUFFIX);
      int plain = count_lines (log, "launch plane");
      if (!CHECK (fused == programs[i].fused && plain == programs[i].plain
                  && reload == fused))
        fprintf (stderr, "plane program %zu: %d temporal (%d second "
                 "kernels) and %d plain launches, want %d and %d\n", i,
                 fused, reload, plain, programs[i].fused, programs[i].plain);
      int said = 0;
      for (const char *p = r.err; (p = strstr (p, "65536 blocks in y")); p++)
        said++;
      if (!CHECK (said == programs[i].said))
        fprintf (stderr, "plane program %zu: %s\n", i, r.err);
    }
  unlink (log_path);
}

static void
test_follows (void)
{
  long long bounds[2][6] = { { 1, 50 }, { 1, 50 } };
  CUdeviceptr arrays[2][3] = { { 100, 200, 300 }, { 200, 100, 300 } };
  long long strides[2][6] = { { 8, 64, 8, 64, 8, 64 },
                              { 8, 64, 8, 64, 8, 64 } };
  union mintrt_scalar scalars[2][1] = { { { .d = 0.5 } }, { { .d = 0.5 } } };
  struct mintrt_present copies[4];
  struct mintrt_present *entries[2][3] = { { &copies[0], &copies[1],
                                             &copies[2] },
                                           { &copies[1], &copies[0],
                                             &copies[2] } };
  long long origins[2][3] = { { 0, 0, 0 }, { 0, 0, 0 } };
  struct mint_kernel k = kernel;
  k.narrays = 3;
  struct mintrt_args before = { bounds[0], arrays[0], strides[0], scalars[0],
                                entries[0], origins[0] };
  struct mintrt_args now = { bounds[1], arrays[1], strides[1], scalars[1],
                             entries[1], origins[1] };
  CHECK (mintrt_temporal_follows (&k, &before, &now));
  CHECK (!mintrt_temporal_follows (&k, &before, &before));   /* no swap */
  scalars[1][0].d = 0.6;
  CHECK (!mintrt_temporal_follows (&k, &before, &now));
  scalars[1][0].d = 0.5;
  bounds[1][1] = 49;
  CHECK (!mintrt_temporal_follows (&k, &before, &now));
  bounds[1][1] = 50;
  arrays[1][2] = 301;                   /* another third array */
  CHECK (!mintrt_temporal_follows (&k, &before, &now));
  arrays[1][2] = 200;                   /* the third is the written one */
  CHECK (!mintrt_temporal_follows (&k, &before, &now));
  CHECK (!mintrt_temporal_usable (&k, &now));
  arrays[1][2] = 300;
  strides[1][0] = 16;                   /* the swapped pair's strides */
  CHECK (!mintrt_temporal_follows (&k, &before, &now));
  strides[1][0] = 8;
  CHECK (mintrt_temporal_same_space (&k, &before, &now));   /* swapped */
  CHECK (mintrt_temporal_same_space (&k, &before, &before));
  arrays[1][2] = 301;                   /* the others do not matter */
  CHECK (mintrt_temporal_same_space (&k, &before, &now));
  arrays[1][2] = 300;
  bounds[1][0] = 2;
  CHECK (!mintrt_temporal_same_space (&k, &before, &now));
  bounds[1][0] = 1;
  arrays[1][1] = 101;                   /* another array read */
  entries[1][1] = &copies[3];
  CHECK (!mintrt_temporal_same_space (&k, &before, &now));
  entries[1][1] = &copies[0];
  /* The same copy at another device address: a closing variant gave it
     its scratch, whose cells outside the points are the same.  */
  CHECK (mintrt_temporal_same_space (&k, &before, &now));
  /* Another plane of that copy (a view of it) is another array.  */
  origins[1][1] = 64;
  CHECK (!mintrt_temporal_same_space (&k, &before, &now));
  arrays[1][1] = 100;
  mintrt_args_swap (&k, &now);
  CHECK (now.arrays[0] == 100 && now.arrays[1] == 200);
  CHECK (now.origins[0] == 64 && now.origins[1] == 0);
}

/* The blocks in z of heat7's 3-step variant (tiles of 26 x 58 points,
   chunks of 64 planes) on an H100 (132 blocks at once) at n^3: the
   fastest measured at each n (bench/results/probe/
   2026-11-27-heat7-level4-chunks.txt); none empty at any n.  */
static void
test_chunks (void)
{
  static const struct
  {
    long long n;
    unsigned long long chunks;
  } fastest[] = { { 64, 4 }, { 96, 6 }, { 128, 8 }, { 160, 6 }, { 192, 4 },
                  { 224, 7 }, { 256, 5 }, { 288, 6 }, { 320, 5 },
                  { 384, 6 }, { 448, 7 }, { 512, 8 } };
  for (size_t i = 0; i < sizeof fastest / sizeof *fastest; i++)
    {
      long long n = fastest[i].n;
      unsigned long long xy = (unsigned long long) ((n + 25) / 26)
                              * (unsigned long long) ((n + 57) / 58);
      unsigned long long c = mintrt_level4_chunks (n, (n + 63) / 64, xy, 132,
                                                   65535);
      if (!CHECK (c == fastest[i].chunks))
        fprintf (stderr, "%lld^3: %llu blocks in z\n", n, c);
    }
  for (unsigned long long xy = 1; xy < 200; xy += 7)
    for (long long n = 1; n < 700; n++)
      {
        unsigned long long fewest = (unsigned long long) (n + 63) / 64;
        unsigned long long c = mintrt_level4_chunks (n, fewest, xy, 132,
                                                     65535);
        long long chunk = (n + (long long) c - 1) / (long long) c;
        if (!CHECK (c >= fewest && chunk <= 64
                    && (long long) (c - 1) * chunk < n))
          fprintf (stderr, "%lld planes, %llu blocks each: %llu chunks of "
                   "%lld\n", n, xy, c, chunk);
      }
  CHECK (mintrt_level4_chunks (128, 2, 15, 0, 65535) == 2);  /* no count */
  CHECK (mintrt_level4_chunks (128, 2, 15, 132, 5) == 5);    /* the limit */
}

/* An image compiled for an older GPU than the variants' (emit-temporal.c
   compiles them for the newest architecture of the build only) holds
   only the kernel: its steps run one launch each, as without level 4.  */
static void
older_image_child (void)
{
  static const char older_bytes[] = "fake-module:step";
  static struct mint_image older = { MINT_ABI_VERSION, sizeof older_bytes,
                                     older_bytes, NULL };
  static const struct program seven = { 7, -1, 99, 0, 0, 7, 0, 0, 0, 0 };
  current = &seven;
  kernel.image = &older;
  child ();
}

int
main (void)
{
  test_follows ();
  test_chunks ();
  const char *fake = getenv ("MINT_TEST_FAKE_CUDA");
  if (fake && *fake)
    {
      test_programs (fake);
      test_pdl (fake);
      test_tall_plane (fake);
      run_on_fake (runs_child, fake, NULL, "runs");
      test_tuned (fake);
      run_on_fake (closing_child, fake, NULL, "closing runs");
      run_on_fake (stale_child, fake, NULL, "a step behind");
      run_on_fake (older_image_child, fake, NULL, "an image without the "
                   "variants");
      /* Room for u, w, the closing variant's block words and a scratch:
         v's copy frees the scratch, after a step brought w, which needs
         it, up to date, and the next 2 steps run one launch each.  */
      run_on_fake (closing_memory_child, fake, "FAKE_CUDA_ALLOCS=4",
                   "closing runs short of memory");
    }
  else
    printf ("no fake driver: the programs are not tested\n");
  return check_status ();
}
