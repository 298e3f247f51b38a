/* plan-temporal.h -- level 4's plan of a kernel: several time steps per
   launch (temporal blocking; plain C, no GCC, no CUDA text).

   A program that repeats a nest with the arrays it reads and writes
   swapped after each step (`for (t...) { for-nest; swap }') runs S (odd)
   of those steps in one launch of the variant NAME MINT_TEMPORAL_SUFFIX;
   libmintrt decides at run time which launches are such steps
   (mintrt.h).  The variant reads array A and writes array B.  A run of
   steps whose count leaves 2 after its batches ends in the closing
   variant (MINT_CLOSING_SUFFIX), the same pipeline for S = 2, where it
   pays (plan_temporal).

   The 2.5-D pipeline (emit-temporal.c): a block of TEMPORAL_THREADS_X x
   TEMPORAL_THREADS_Y threads owns a tile of cells, each thread RY
   consecutive rows of one column, that is its share of the space grown by
   S times the in-plane halo; it walks z over its chunk of planes.  Stage
   k = 1 .. S computes step k, L planes behind stage k - 1, and keeps its
   last ZR + L planes (ZR the z halo) in registers and in a ring of planes
   in shared memory.  */

#ifndef MINT_PLAN_TEMPORAL_H
#define MINT_PLAN_TEMPORAL_H

#include <stdbool.h>
#include "kir-core.h"
#include "stencil.h"
#include "plan-level.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TEMPORAL_THREADS_X 32   /* a warp: one row of the tile */
#define TEMPORAL_THREADS_Y 16
#define TEMPORAL_MIN_BLOCKS 1   /* one block of 512: 128 registers */

/* One variant: the steps it runs and the shape of its pipeline.  */
struct temporal_plan
{
  int steps;                    /* S: 3, or 2 closing */
  bool closing;                 /* the closing variant (MINT_CLOSING_SUFFIX) */
  int a, b;                     /* read and written array */
  struct tiled ta, tb;          /* their subscripts and A's halo */
  const struct stencil_array *sa;       /* A's accesses */
  int zr;                       /* z halo */
  int lag;                      /* L: planes a stage is behind the last */
  int slots;                    /* planes of a stage's ring */
  int ages;                     /* planes of a stage in registers */
  int threads[2];               /* x, y */
  int ry;                       /* rows per thread */
  int rows;                     /* rows of the tile */
  int out[3];                   /* points per block: x, y, z */
  long shared;                  /* bytes of the rings and reloads */
  int anywhere;                 /* the body reads no array but A and B */
};

/* What libmintrt needs to launch the variants (mintrt.h, temporal_*).  */
struct temporal_launch
{
  int steps;                    /* odd, > 1; 0: no variant */
  int read, write;              /* array indices */
  int tile[3];                  /* points per block */
  int block[3];                 /* threads per block */
  int shared;                   /* bytes of dynamic shared memory */
  int closing_tile[3];          /* the closing variant's
                                   (MINT_CLOSING_SUFFIX) */
  int closing_shared;
};

struct level4_plan
{
  struct temporal_launch launch;
  struct temporal_plan step;    /* the variant, where launch.steps */
  bool closes;                  /* with the closing variant */
  struct temporal_plan closing;
  char why[512];                /* for -fplugin-arg-mint-verbose */
};

/* Level 4's plan of K (INFO its analysis) into P: its variants, or why
   it has none.  */
void plan_temporal (const struct kir_kernel *k,
                    const struct stencil_info *info, struct level4_plan *p);

#ifdef __cplusplus
}
#endif

#endif /* MINT_PLAN_TEMPORAL_H */
