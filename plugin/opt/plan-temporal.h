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

   The pipeline (emit-temporal.c) walks the nest's last dimension, z in
   3-D, y in 2-D: its planes are the nest's planes, or rows.  A block of
   THREADS[0] x THREADS[1] threads owns a tile of cells of a plane, each
   thread CELLS of them: consecutive rows of one column in 3-D,
   consecutive cells of the row in 2-D; the tile is its share of the
   space grown by S times the in-plane halo; it walks its chunk of
   planes.  Stage k = 1 .. S computes step k, L planes behind stage
   k - 1, and keeps its last ZR + L planes (ZR the halo along the walk)
   in registers and in a ring of planes in shared memory.  The plan names the pipeline's axes x, y (in
   the plane) and w (the walk): in 2-D its y has one cell and no halo.  */

#ifndef MINT_PLAN_TEMPORAL_H
#define MINT_PLAN_TEMPORAL_H

#include <stdbool.h>
#include "kir-core.h"
#include "stencil.h"
#include "plan-level.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TEMPORAL_THREADS_X 32   /* 3-D: a warp, one row of the tile */
#define TEMPORAL_THREADS_Y 16
#define TEMPORAL_MIN_BLOCKS 1   /* one block of 512: 128 registers
                                   (values of 4 bytes or fewer: 2) */
#define TEMPORAL_THREADS_2D 128 /* 2-D: a row of the tile */

#define TEMPORAL_MAX_COEFS 4     /* coefficients a variant stages */

/* A coefficient of a variant: an array other than A that the nest only
   reads, by the subscripts of B, no farther from the point in the plane
   than A.  The walk loads each of its planes (rows in 2-D) once into a
   ring of SLOTS planes (a power of 2) in shared memory, HHI[2] planes
   ahead of stage 0's, where every stage reads it.  */
struct temporal_coef
{
  struct tiled tiled;           /* its subscripts and halo */
  const struct stencil_array *s;        /* its accesses */
  int hlo[3], hhi[3];           /* its halo along the pipeline's x, y, w */
  int slots;                    /* planes of its ring */
  int prefill;                  /* planes the walk loads before its first
                                   iteration */
  long offset;                  /* of its ring in the shared memory */
};

/* One variant: the steps it runs and the shape of its pipeline.  */
struct temporal_plan
{
  int steps;                    /* S: 3 (2-D: 3, 5 or 7), or 2 closing */
  int fewest;                   /* the fewest a launch may run: 3, or 2 */
  bool closing;                 /* the closing variant (MINT_CLOSING_SUFFIX) */
  int a, b;                     /* read and written array */
  struct tiled ta, tb;          /* their subscripts and A's halo */
  const struct stencil_array *sa;       /* A's accesses */
  int ndims;                    /* the nest's: 2 or 3 */
  int hlo[3], hhi[3];           /* A's halo along the pipeline's x, y, w */
  int zr;                       /* the larger halo along the walk */
  int lag;                      /* L: planes a stage is behind the last */
  int slots;                    /* planes of a stage's ring */
  int ages;                     /* planes of a stage in registers */
  int ring_reads;               /* a cell's of other threads' cells */
  int threads[2];               /* x, y */
  int min_blocks;               /* resident blocks, for the registers */
  int cells;                    /* a thread's: along y in 3-D, x in 2-D */
  int width, rows;              /* columns and rows of the tile */
  int out[3];                   /* points per block: x, y, w */
  long shared;                  /* bytes of the rings and reloads */
  int anywhere;                 /* the body reads no array but A and B */
  int ncoefs;
  struct temporal_coef coefs[TEMPORAL_MAX_COEFS];
};

/* What libmintrt needs to launch the variants (mintrt.h, temporal_*).  */
struct temporal_launch
{
  int steps;                    /* odd, > 1; 0: no variant */
  int fewest;                   /* odd, 3 .. steps */
  int read, write;              /* array indices */
  int tile[3];                  /* points per block, by the nest's
                                   dimensions: the walk's chunk last */
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

/* The pipeline's axis of T's nest dimension D: 0 x, 1 y (none in 2-D),
   2 w, the walk, which is the nest's last dimension; -1 beyond the
   nest.  */
int temporal_axis (const struct temporal_plan *t, int d);
/* The offsets O of an access by the nest's dimensions as the pipeline's
   of T: x, y (0 in 2-D), w, into P.  */
void temporal_offsets (const struct temporal_plan *t, const int *o, int *p);

/* Whether a stage of T reads A at the pipeline's offsets O from the
   thread's cell R in registers: from the thread's own cell *C, else from
   the ring: the cell *C of the thread *DX away in x (3-D: a row *C below
   0 or beyond the thread's is the row of the thread below or above).  */
bool temporal_own_cell (const struct temporal_plan *t, int r, const int *o,
                        int *c, int *dx);

/* T's coefficient that ARRAY is, or NULL.  */
const struct temporal_coef *temporal_coef_of (const struct temporal_plan *t,
                                              int array);

/* Level 4's plan of K (INFO its analysis) into P: its variants, or why
   it has none.  */
void plan_temporal (const struct kir_kernel *k,
                    const struct stencil_info *info, struct level4_plan *p);

#ifdef __cplusplus
}
#endif

#endif /* MINT_PLAN_TEMPORAL_H */
