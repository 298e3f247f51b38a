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
   -DMINT_TILE=... to try others); in 3D, levels 0 to 2 get one point per
   thread; in 2D, level 2 gets a tile that lets each thread walk 32 rows.
   Level 3 sweeps its walks: one `mint for' per walk length, chosen at run
   time by the configuration (-c 32x8x6 in 3D, -c 128x32 in 2D), and the
   runner keeps the fastest.  Built with -DMINT_AUTO (and opt=3), the `mint
   for' has no tile and chunksize clauses: the plugin makes its variants
   and libmintrt times them on the first launches (mint-auto).  Level 4
   is built so too (mint-O4): its single steps, the ones that do not run
   in the temporal variant, run the variant libmintrt chose.  At level 3
   each thread computes MINT_RB_X x MINT_RB_Y columns (a register block;
   1 x 1 leaves the choice to the cost model: 2 x 1).  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "stencils.h"

/* The variant's name in the results: mint-O<level>, or mint-host for a
   build without the plugin.  */
#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_(x)
#if defined MINT_AUTO && !defined MINT_OPT_LEVEL
# define MINT_VARIANT "mint-auto"
#elif defined MINT_OPT_LEVEL
# define MINT_VARIANT "mint-O" STRINGIFY (MINT_OPT_LEVEL)
#else
# define MINT_VARIANT "mint-host"
#endif

/* Level 3 walks each thread along z (2D: y) over the tile's planes; the
   sweep's walk lengths (cuda-tuned sweeps the same in 3D), fastest of
   them per kernel on the H200: 3 planes for varcoef7, 4 for poisson19, 6
   for the others (bench/results/optimizer-notes.md).  */
#if !defined MINT_AUTO && defined MINT_OPT_LEVEL && MINT_OPT_LEVEL >= 3
# define MINT_SWEEP 1
#else
# define MINT_SWEEP 0
#endif
#if ST_DIMS == 3
# define MINT_SWEEP_CONFIGS "32x8x3,32x8x4,32x8x6,32x8x8"
#else
# define MINT_SWEEP_CONFIGS "128x16,128x32,128x64"
#endif

/* bench/probe sets other blocks.  */
#ifndef MINT_RB_X
# define MINT_RB_X 1
#endif
#ifndef MINT_RB_Y
# define MINT_RB_Y 1
#endif

#if MINT_SWEEP || defined MINT_AUTO
/* No tile or chunk of their own.  */
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
/* Level 2 walks each thread along y over the tile's 32 rows.  */
# ifndef MINT_TILE
#  define MINT_TILE 128, 32
# endif
# ifndef MINT_CHUNK
#  define MINT_CHUNK 1, 32
# endif
#else
# ifndef MINT_TILE
#  define MINT_TILE 32, 8
# endif
# ifndef MINT_CHUNK
#  define MINT_CHUNK 1, 1
# endif
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
     double *block_seconds, double *device_seconds)
{
  (void) device_seconds;
  const int nx = (int) p->g.nx, ny = (int) p->g.ny, nz = (int) p->g.nz;
  const long ez = nz + 2 * p->g.hz;   /* planes including the ghost layer */
  field u = field_index (p->u, ez, ny + 2, nx + 2);
  field unew = field_index (p->unew, ez, ny + 2, nx + 2);
  field b = p->b ? field_index (p->b, ez, ny + 2, nx + 2) : NULL;
  field k = p->k ? field_index (p->k, ez, ny + 2, nx + 2) : NULL;
  (void) b;
  (void) k;
#if MINT_SWEEP
  /* "32x8x6" or "128x32", one of the list: the walk is the last size.  */
  const char *last = strrchr (config, 'x');
  int walk = last ? atoi (last + 1) : 0;
  static const char known[] = MINT_SWEEP_CONFIGS;
  size_t len = strlen (config);
  const char *found = strstr (known, config);
  if (!found || (found > known && found[-1] != ',')
      || (found[len] != ',' && found[len] != '\0'))
    {
      fprintf (stderr, "bench: unknown configuration %s (known: %s)\n",
               config, MINT_SWEEP_CONFIGS);
      return 1;
    }
#else
  if (strcmp (config, "default") != 0)
    {
      fprintf (stderr, "bench: unknown configuration %s (known: default)\n",
               config);
      return 1;
    }
#endif

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
    for (int r = -1; r < reps; r++)
      {
        int nsteps = r < 0 ? warmup : steps;
        double start = wall_seconds ();
        for (int t = 0; t < nsteps; t++)
          {
# define STEP_LOOPS                                                      \
            for (int z = 1; z <= nz; z++)                                 \
              for (int y = 1; y <= ny; y++)                               \
                for (int x = 1; x <= nx; x++)                             \
                  unew[z][y][x] = ST_EXPR
# if MINT_SWEEP
            switch (walk)
              {
              case 3:
#pragma mint for nest(all) tile(32 * MINT_RB_X, 8 * MINT_RB_Y, 3) \
    chunksize(MINT_RB_X, MINT_RB_Y, 3) nowait
                STEP_LOOPS;
                break;
              case 4:
#pragma mint for nest(all) tile(32 * MINT_RB_X, 8 * MINT_RB_Y, 4) \
    chunksize(MINT_RB_X, MINT_RB_Y, 4) nowait
                STEP_LOOPS;
                break;
              case 6:
#pragma mint for nest(all) tile(32 * MINT_RB_X, 8 * MINT_RB_Y, 6) \
    chunksize(MINT_RB_X, MINT_RB_Y, 6) nowait
                STEP_LOOPS;
                break;
              default:
#pragma mint for nest(all) tile(32 * MINT_RB_X, 8 * MINT_RB_Y, 8) \
    chunksize(MINT_RB_X, MINT_RB_Y, 8) nowait
                STEP_LOOPS;
                break;
              }
# elif defined MINT_AUTO
#pragma mint for nest(all) nowait
            STEP_LOOPS;
# else
#pragma mint for nest(all) tile(MINT_TILE) chunksize(MINT_CHUNK) nowait
            STEP_LOOPS;
# endif
# undef STEP_LOOPS
#pragma mint single
            {
              field tmp = u;
              u = unew;
              unew = tmp;
            }
          }
#pragma mint barrier
        if (r >= 0)
          block_seconds[r] = wall_seconds () - start;
      }
  }
#pragma mint copy(u, fromDevice, nx + 2, ny + 2, nz + 2)
#pragma mint copy(unew, fromDevice, nx + 2, ny + 2, nz + 2)

#else /* ST_DIMS == 2 */
# define U(dz, dy, dx) u[y + (dy)][x + (dx)]
# define B(dz, dy, dx) b[y + (dy)][x + (dx)]
# define K(dz, dy, dx) k[y + (dy)][x + (dx)]
  (void) nz;
#pragma mint copy(u, toDevice, nx + 2, ny + 2)
#pragma mint copy(unew, toDevice, nx + 2, ny + 2)
#pragma mint parallel
  {
    for (int r = -1; r < reps; r++)
      {
        int nsteps = r < 0 ? warmup : steps;
        double start = wall_seconds ();
        for (int t = 0; t < nsteps; t++)
          {
# define STEP_LOOPS                                                      \
            for (int y = 1; y <= ny; y++)                                 \
              for (int x = 1; x <= nx; x++)                               \
                unew[y][x] = ST_EXPR
# if MINT_SWEEP
            switch (walk)
              {
              case 16:
#pragma mint for nest(all) tile(128 * MINT_RB_X, 16) \
    chunksize(MINT_RB_X, 16) nowait
                STEP_LOOPS;
                break;
              case 32:
#pragma mint for nest(all) tile(128 * MINT_RB_X, 32) \
    chunksize(MINT_RB_X, 32) nowait
                STEP_LOOPS;
                break;
              default:
#pragma mint for nest(all) tile(128 * MINT_RB_X, 64) \
    chunksize(MINT_RB_X, 64) nowait
                STEP_LOOPS;
                break;
              }
# elif defined MINT_AUTO
#pragma mint for nest(all) nowait
            STEP_LOOPS;
# else
#pragma mint for nest(all) tile(MINT_TILE) chunksize(MINT_CHUNK) nowait
            STEP_LOOPS;
# endif
# undef STEP_LOOPS
#pragma mint single
            {
              field tmp = u;
              u = unew;
              unew = tmp;
            }
          }
#pragma mint barrier
        if (r >= 0)
          block_seconds[r] = wall_seconds () - start;
      }
  }
#pragma mint copy(u, fromDevice, nx + 2, ny + 2)
#pragma mint copy(unew, fromDevice, nx + 2, ny + 2)
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
    MINT_VARIANT, MINT_SWEEP ? MINT_SWEEP_CONFIGS : "default", NULL, run
  };
  return bench_main (argc, argv, &v);
}
