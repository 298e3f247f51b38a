/* offload-stencil.c -- the kernel selected by BENCH_KERNEL (stencils.h)
   offloaded by GCC itself (gcc-12-offload-nvptx), built twice:

     -fopenacc -DBENCH_OPENACC   "gcc-openacc": `parallel loop collapse(N)'
                                 inside a `data' region
     -fopenmp                    "gcc-openmp": `target teams distribute
                                 parallel for collapse(N)' inside
                                 `target data'

   Both map u and unew tofrom (the pointers swap every step, so either may
   hold the newest solution at the end) and b, k to the device.  Each
   compute construct is synchronous, so a host clock around a block of
   steps, after `warmup' steps that load and JIT-compile the offload
   image, measures those steps; the runner divides by the steps.

   The loops index the flat layout of bench.h directly.  */

#include <stdio.h>

#include "bench.h"
#include "stencils.h"

#ifdef BENCH_OPENACC
# include <openacc.h>
# define VARIANT_NAME "gcc-openacc"
#else
# include <omp.h>
# define VARIANT_NAME "gcc-openmp"
#endif

#define PRAGMA_(text) _Pragma (#text)
#define PRAGMA(text) PRAGMA_ (text)

/* The arrays the kernel reads besides u.  */
#if ST_USES_K
# define EXTRA_ARRAYS b[0:n], k[0:n]
#elif ST_USES_B
# define EXTRA_ARRAYS b[0:n]
#endif

#if ST_DIMS == 3
# define COLLAPSE collapse(3)
#else
# define COLLAPSE collapse(2)
#endif

#ifdef BENCH_OPENACC
# ifdef EXTRA_ARRAYS
#  define DATA_REGION PRAGMA (acc data copy(u[0:n], unew[0:n]) copyin(EXTRA_ARRAYS))
#  define COMPUTE PRAGMA (acc parallel loop COLLAPSE present(u[0:n], unew[0:n], EXTRA_ARRAYS))
# else
#  define DATA_REGION PRAGMA (acc data copy(u[0:n], unew[0:n]))
#  define COMPUTE PRAGMA (acc parallel loop COLLAPSE present(u[0:n], unew[0:n]))
# endif
#else
# ifdef EXTRA_ARRAYS
#  define DATA_REGION PRAGMA (omp target data map(tofrom: u[0:n], unew[0:n]) map(to: EXTRA_ARRAYS))
#  define COMPUTE PRAGMA (omp target teams distribute parallel for COLLAPSE map(alloc: u[0:n], unew[0:n], EXTRA_ARRAYS))
# else
#  define DATA_REGION PRAGMA (omp target data map(tofrom: u[0:n], unew[0:n]))
#  define COMPUTE PRAGMA (omp target teams distribute parallel for COLLAPSE map(alloc: u[0:n], unew[0:n]))
# endif
#endif

/* One step from u into unew.  */
static void
step (const struct grid *g, const double *u, double *unew, const double *b,
      const double *k, size_t n)
{
  const long nx = g->nx, ny = g->ny, sy = g->sy, sz = g->sz;
#define U(dz, dy, dx) u[i + (dz) * sz + (dy) * sy + (dx)]
#define B(dz, dy, dx) b[i + (dz) * sz + (dy) * sy + (dx)]
#define K(dz, dy, dx) k[i + (dz) * sz + (dy) * sy + (dx)]
#if ST_DIMS == 3
  const long nz = g->nz;
  COMPUTE
  for (long z = 1; z <= nz; z++)
    for (long y = 1; y <= ny; y++)
      for (long x = 1; x <= nx; x++)
        {
          long i = z * sz + y * sy + x;
          unew[i] = ST_EXPR;
        }
#else
  COMPUTE
  for (long y = 1; y <= ny; y++)
    for (long x = 1; x <= nx; x++)
      {
        long i = y * sy + x;
        unew[i] = ST_EXPR;
      }
#endif
#undef U
#undef B
#undef K
  (void) b;
  (void) k;
  (void) n;
  (void) sz;
}

static int
run (struct problem *p, const char *config, int warmup, int steps, int reps,
     double *block_seconds, double *device_seconds)
{
  (void) device_seconds;
  const size_t n = p->g.total;
  double *u = p->u, *unew = p->unew;
  const double *b = p->b, *k = p->k;
  (void) config;
  DATA_REGION
  {
    for (int r = -1; r < reps; r++)
      {
        int nsteps = r < 0 ? warmup : steps;
        double start = wall_seconds ();
        for (int t = 0; t < nsteps; t++)
          {
            step (&p->g, u, unew, b, k, n);
            double *tmp = u;
            u = unew;
            unew = tmp;
          }
        if (r >= 0)
          block_seconds[r] = wall_seconds () - start;
      }
  }
  p->u = u;
  p->unew = unew;
  return 0;
}

static int
probe (const struct bench_options *opt, char *why, size_t len)
{
#ifdef BENCH_OPENACC
  int devices = acc_get_num_devices (acc_device_nvidia);
#else
  int devices = omp_get_num_devices ();
#endif
  if (devices > 0 || opt->allow_host)
    return 0;
  snprintf (why, len, "no offload device (libgomp's nvptx plugin or "
            "libcuda.so.1 not found, or no GPU)");
  return 1;
}

int
main (int argc, char **argv)
{
  static const struct variant v = { VARIANT_NAME, "default", probe, run };
  return bench_main (argc, argv, &v);
}
