/* bench.h -- host side shared by every benchmark variant: grids, data,
   the CPU reference, validation, timing and the result lines the runner
   reads.

   Every variant binary runs the same protocol (bench_main):
     1. validation: a small grid, fresh random data, the interior of the
        output poisoned with NaN, BENCH_VALIDATE_STEPS steps on the device,
        compared with the same steps on the CPU; prints
          VALID <kernel> <variant> <max rel err>   or
          WRONG <kernel> <variant> <max rel err>   (exit 2, nothing timed)
     2. timing on the full grid: once
          SIZE <kernel> <variant> <n> <interior points> <flops/point>
               <compulsory bytes/point>
        then per configuration (block shape etc.), a warm-up, then `reps'
        blocks of `steps' steps; prints
          TIME <kernel> <variant> <config> <ms per step, median of blocks>
   A variant that finds no device prints NOGPU <kernel> <variant> <why>
   and exits 3.

   Storage: one flat array of nz+2*hz planes, each of ny+2 rows of nx+2
   elements (hz = 1 in 3D, 0 in 2D), x fastest.  Variants that want padded
   device rows lay out their own copy.  */

#ifndef BENCH_BENCH_H
#define BENCH_BENCH_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BENCH_VALIDATE_STEPS 7
#define BENCH_TOLERANCE 1e-10

struct grid
{
  long nx, ny, nz;              /* interior points */
  long hz;                      /* z halo: 1 in 3D, 0 in 2D */
  long sy, sz;                  /* element strides of y and z */
  size_t total;                 /* elements including the ghost layer */
};

/* The arrays of one problem.  b and k are NULL when the kernel does not
   read them.  */
struct problem
{
  struct grid g;
  double *u, *unew, *b, *k;
};

struct bench_options
{
  long validate_n;              /* edge of the validation grid */
  long n;                       /* edge of the timed grid; 0: validate only */
  int steps;                    /* steps per timed block */
  int reps;                     /* timed blocks */
  int warmup;                   /* steps before timing */
  int allow_host;               /* GCC offload: accept the host fallback */
  const char *configs;          /* comma-separated, variant-specific */
  const char *name;             /* the variant's name in the results */
  unsigned long long seed;
};

/* One variant.  run does `warmup' steps and then `reps' blocks of `steps'
   steps on P, starting from P->u and leaving the newest solution in P->u
   (swapping P->u and P->unew as the steps go), and stores the seconds of
   each block in block_seconds[0..reps-1]: a host clock from before the
   block's first launch to the end of its last step (a wait for the
   device, or synchronizing launches).  A variant that can also time the
   device alone (CUDA events) stores those seconds in
   device_seconds[0..reps-1]; others leave it as it is.  Data moves to
   the device before the warm-up and back after the last block, outside
   the timed blocks.  config is one entry of the variant's configuration
   list.  probe says whether the variant can run here; on failure both
   write a message into why / to stderr and return nonzero.  */
struct variant
{
  const char *name;
  const char *default_configs;
  int (*probe) (const struct bench_options *opt, char *why, size_t len);
  int (*run) (struct problem *p, const char *config, int warmup, int steps,
              int reps, double *block_seconds, double *device_seconds);
};

struct grid grid_make (long n, int dims);
int problem_alloc (struct problem *p, long n, int dims, int uses_b,
                   int uses_k);
void problem_free (struct problem *p);
/* Fresh random data in [0.5, 1.5) everywhere (b: small); unew gets u's
   ghost layer and a NaN interior, so unwritten points show up.  */
void problem_fill (struct problem *p, unsigned long long seed);

/* The CPU reference: `steps' steps of the selected stencil (reference.c,
   built once per kernel).  */
void reference_steps (struct problem *p, int steps);

/* max |a - r| / max |r| over the interior; NaN anywhere gives +inf.  */
double max_rel_error (const struct grid *g, const double *a, const double *r);

double wall_seconds (void);
double median (double *v, int n);

/* The whole protocol for variant V of the kernel this binary is built for;
   returns the exit status (0 ok, 1 error, 2 wrong result, 3 no device).  */
int bench_main (int argc, char **argv, const struct variant *v);

#ifdef __cplusplus
}
#endif

#endif /* BENCH_BENCH_H */
