/* mint-stencil.c -- the kernel selected by BENCH_KERNEL (stencils.h),
   written as a Mint program: T*** (3D) or T** (2D) arrays over the
   contiguous storage of bench.h, copied to the device, a parallel region
   with the time loop, one `mint for' per step and a pointer swap in a
   `single'.  Build with -fplugin=mint -fplugin-arg-mint-opt=N for the GPU;
   without the plugin it is the same computation on the CPU.

   Timing: the `mint for' has nowait and a `mint barrier' ends each block
   of steps, so a host clock read around the block, after `warmup' steps
   that load the module and touch the data, measures the device time of
   those steps plus one wait; the runner divides by the steps.

   Tile and chunk sizes come from MINT_TILE / MINT_CHUNK (override with
   -DMINT_TILE=... to try others); in 3D, level 3 gets a tile that lets
   each thread walk a few planes, the other levels one point per thread; in
   2D, levels 2 and 3 get a tile that lets each thread walk 8 rows.  Where
   a thread computes one column, level 3's cost model gives it more.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "stencils.h"

/* The variant's name in the results: mint-O<level>, or mint-host for a
   build without the plugin.  */
#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_(x)
#ifdef MINT_OPT_LEVEL
# define MINT_VARIANT "mint-O" STRINGIFY (MINT_OPT_LEVEL)
#else
# define MINT_VARIANT "mint-host"
#endif

#if ST_DIMS == 3 && defined MINT_OPT_LEVEL && MINT_OPT_LEVEL >= 3
/* Level 3 walks each thread along z over the tile's planes; the cost
   model gives each thread two columns (one 16-byte access of doubles), so
   the block of 32 x 8 threads covers 64 x 8 columns.  The walk length per
   kernel is the fastest of 3, 4, 6 and 8 for two columns on the H200
   (bench/results/optimizer-notes.md).  */
# if BENCH_KERNEL == BENCH_VARCOEF7
#  define MINT_WALK 3
# elif BENCH_KERNEL == BENCH_HEAT7
#  define MINT_WALK 4
# else
#  define MINT_WALK 6
# endif
/* Level 4 is built with -fplugin-arg-mint-exact-level (bench/Makefile.am),
   which keeps the one column a thread is given: give it the cost model's
   two.  */
# if MINT_OPT_LEVEL >= 4 && !defined MINT_TILE && !defined MINT_CHUNK
#  define MINT_TILE 64, 8, MINT_WALK
#  define MINT_CHUNK 2, 1, MINT_WALK
# endif
# ifndef MINT_TILE
#  define MINT_TILE 32, 8, MINT_WALK
# endif
# ifndef MINT_CHUNK
#  define MINT_CHUNK 1, 1, MINT_WALK
# endif
#elif ST_DIMS == 3
/* Below level 3 the code is level 0 (the cost model): one point per
   thread, the block shape of the fastest naive CUDA kernel.  */
# ifndef MINT_TILE
#  define MINT_TILE 32, 8, 1
# endif
# ifndef MINT_CHUNK
#  define MINT_CHUNK 1, 1, 1
# endif
#elif defined MINT_OPT_LEVEL && MINT_OPT_LEVEL >= 2
/* Levels 2 to 4 walk each thread along y over the tile's 8 rows (levels
   3 and 4: two columns per thread, the cost model's, given as a clause at
   level 4, which is built with exact-level).  */
# if MINT_OPT_LEVEL >= 4 && !defined MINT_TILE && !defined MINT_CHUNK
#  define MINT_TILE 512, 8
#  define MINT_CHUNK 2, 8
# endif
# ifndef MINT_TILE
#  define MINT_TILE 256, 8
# endif
# ifndef MINT_CHUNK
#  define MINT_CHUNK 1, 8
# endif
#else
# ifndef MINT_TILE
#  define MINT_TILE 32, 8
# endif
# ifndef MINT_CHUNK
#  define MINT_CHUNK 1, 1
# endif
#endif

/* The steps: `warmup' steps, then `reps' timed blocks of `steps' steps,
   each step the loop nest under FOR (a `mint for' as a _Pragma) and a
   pointer swap.  */
#define MINT_STR_(x) #x
#define MINT_STR(x) MINT_STR_(x)
#if ST_DIMS == 3
# define MINT_NEST                                                      \
  for (int z = 1; z <= nz; z++)                                         \
    for (int y = 1; y <= ny; y++)                                       \
      for (int x = 1; x <= nx; x++)                                     \
        unew[z][y][x] = ST_EXPR;
#else
# define MINT_NEST                                                      \
  for (int y = 1; y <= ny; y++)                                         \
    for (int x = 1; x <= nx; x++)                                       \
      unew[y][x] = ST_EXPR;
#endif
#define MINT_STEPS(FOR)                                                 \
  for (int r = -1; r < reps; r++)                                       \
    {                                                                   \
      int nsteps = r < 0 ? warmup : steps;                              \
      double start = wall_seconds ();                                   \
      for (int t = 0; t < nsteps; t++)                                  \
        {                                                               \
          FOR                                                           \
          MINT_NEST                                                     \
          _Pragma ("mint single")                                       \
          {                                                             \
            field tmp = u;                                              \
            u = unew;                                                   \
            unew = tmp;                                                 \
          }                                                             \
        }                                                               \
      _Pragma ("mint barrier")                                          \
      if (r >= 0)                                                       \
        block_seconds[r] = wall_seconds () - start;                     \
    }
#ifdef MINT_CHUNK
# define MINT_FOR _Pragma (MINT_STR (mint for nest(all) tile(MINT_TILE)  \
                                     chunksize(MINT_CHUNK) nowait))
#else
# define MINT_FOR _Pragma (MINT_STR (mint for nest(all) tile(MINT_TILE)  \
                                     nowait))
#endif

/* -DMINT_SWEEP (bench/probe): besides "default", configurations
   "BXxBYxW/RXxRY" with BX x BY threads per block, each walking W points
   along the outermost dimension and computing RX x RY columns (RY = 1 in
   2D), as cuda-tuned names them.  */
#ifdef MINT_SWEEP
# if ST_DIMS == 3
#  define MINT_SWEEP_LIST(X)                                            \
  X (32, 8, 4, 1, 1) X (32, 8, 6, 1, 1) X (32, 8, 8, 1, 1)              \
  X (32, 8, 3, 2, 1) X (32, 8, 4, 2, 1) X (32, 8, 6, 2, 1)              \
  X (32, 8, 4, 2, 2) X (32, 8, 8, 2, 2) X (32, 8, 4, 1, 2)              \
  X (32, 8, 4, 1, 4)
#  define MINT_SWEEP_FOR(BX, BY, W, RX, RY)                             \
  _Pragma (MINT_STR (mint for nest(all) tile(BX * RX, BY * RY, W)       \
                     chunksize(RX, RY, W) nowait))
# else
#  define MINT_SWEEP_LIST(X)                                            \
  X (256, 1, 16, 1, 1) X (256, 1, 16, 2, 1) X (256, 1, 32, 2, 1)        \
  X (128, 1, 16, 1, 1) X (64, 4, 16, 2, 1) X (256, 1, 8, 2, 1)
#  define MINT_SWEEP_FOR(BX, BY, W, RX, RY)                             \
  _Pragma (MINT_STR (mint for nest(all) tile(BX * RX, BY * W)           \
                     chunksize(RX, W) nowait))
# endif
# define MINT_SWEEP_NAME(BX, BY, W, RX, RY) \
  #BX "x" #BY "x" #W "/" #RX "x" #RY
# define MINT_SWEEP_CASE(BX, BY, W, RX, RY)                             \
  else if (strcmp (config, MINT_SWEEP_NAME (BX, BY, W, RX, RY)) == 0)   \
    MINT_STEPS (MINT_SWEEP_FOR (BX, BY, W, RX, RY))
# define MINT_SWEEP_STEPS if (0) ; MINT_SWEEP_LIST (MINT_SWEEP_CASE) else
# define MINT_SWEEP_CONFIG(BX, BY, W, RX, RY) \
  "," MINT_SWEEP_NAME (BX, BY, W, RX, RY)
# define MINT_CONFIGS "default" MINT_SWEEP_LIST (MINT_SWEEP_CONFIG)
#else
# define MINT_SWEEP_STEPS
# define MINT_CONFIGS "default"
#endif

#if ST_DIMS == 3
typedef double ***field;

/* A z/y/x index over DATA, which holds nz*ny*nx doubles, x fastest.  */
static field
field_index (double *data, long nz, long ny, long nx)
{
  double ***planes = malloc (nz * sizeof *planes);
  double **rows = malloc (nz * ny * sizeof *rows);
  if (!planes || !rows)
    {
      fprintf (stderr, "bench: out of host memory for a row index\n");
      exit (1);
    }
  for (long z = 0; z < nz; z++)
    {
      planes[z] = rows + z * ny;
      for (long y = 0; y < ny; y++)
        planes[z][y] = data + (z * ny + y) * nx;
    }
  return planes;
}

static double *
field_data (field f)
{
  return f[0][0];
}

static void
field_free (field f)
{
  if (f)
    {
      free (f[0]);
      free (f);
    }
}
#else
typedef double **field;

static field
field_index (double *data, long nz, long ny, long nx)
{
  (void) nz;
  double **rows = malloc (ny * sizeof *rows);
  if (!rows)
    {
      fprintf (stderr, "bench: out of host memory for a row index\n");
      exit (1);
    }
  for (long y = 0; y < ny; y++)
    rows[y] = data + y * nx;
  return rows;
}

static double *
field_data (field f)
{
  return f[0];
}

static void
field_free (field f)
{
  free (f);
}
#endif

static int
run (struct problem *p, const char *config, int warmup, int steps, int reps,
     double *block_seconds)
{
  const int nx = (int) p->g.nx, ny = (int) p->g.ny, nz = (int) p->g.nz;
  const long ez = nz + 2 * p->g.hz;   /* planes including the ghost layer */
  field u = field_index (p->u, ez, ny + 2, nx + 2);
  field unew = field_index (p->unew, ez, ny + 2, nx + 2);
  field b = p->b ? field_index (p->b, ez, ny + 2, nx + 2) : NULL;
  field k = p->k ? field_index (p->k, ez, ny + 2, nx + 2) : NULL;
  (void) config;
  (void) b;
  (void) k;

#if ST_DIMS == 3
# define U(dz, dy, dx) u[z + (dz)][y + (dy)][x + (dx)]
# define B(dz, dy, dx) b[z + (dz)][y + (dy)][x + (dx)]
# define K(dz, dy, dx) k[z + (dz)][y + (dy)][x + (dx)]
#pragma mint copy(u, toDevice, nx + 2, ny + 2, nz + 2)
#pragma mint copy(unew, toDevice, nx + 2, ny + 2, nz + 2)
# if ST_USES_B
#pragma mint copy(b, toDevice, nx + 2, ny + 2, nz + 2)
# endif
# if ST_USES_K
#pragma mint copy(k, toDevice, nx + 2, ny + 2, nz + 2)
# endif
#pragma mint parallel
  {
    MINT_SWEEP_STEPS
    MINT_STEPS (MINT_FOR)
  }
#pragma mint copy(u, fromDevice, nx + 2, ny + 2, nz + 2)

#else /* ST_DIMS == 2 */
# define U(dz, dy, dx) u[y + (dy)][x + (dx)]
# define B(dz, dy, dx) b[y + (dy)][x + (dx)]
# define K(dz, dy, dx) k[y + (dy)][x + (dx)]
  (void) nz;
#pragma mint copy(u, toDevice, nx + 2, ny + 2)
#pragma mint copy(unew, toDevice, nx + 2, ny + 2)
#pragma mint parallel
  {
    MINT_SWEEP_STEPS
    MINT_STEPS (MINT_FOR)
  }
#pragma mint copy(u, fromDevice, nx + 2, ny + 2)
#endif

  p->u = field_data (u);
  p->unew = field_data (unew);
  field_free (u);
  field_free (unew);
  field_free (b);
  field_free (k);
  return 0;
}

int
main (int argc, char **argv)
{
  static const struct variant v = {
    MINT_VARIANT, MINT_CONFIGS, NULL, run
  };
  return bench_main (argc, argv, &v);
}
