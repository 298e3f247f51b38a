/* plan-level3.h -- the cells of a level-3 kernel (plain C, no GCC, no
   CUDA text).

   Each thread walks its columns along the outermost parallel dimension
   (the march: z, or y in 2-D; in 1-D one step along none,
   plan_march_dim) over the block's tile there, and computes a
   register block of chunk[x] x chunk[y] adjacent columns of the plane.
   Of every tiled array (plan-level.h) the values its points read in the
   planes around the step are "cells" of a small grid.  Cells of the
   thread's own columns, and cells read in more than one plane (a 19- or
   27-point stencil's in-plane neighbours), are queued: they live in
   registers that rotate with the walk and are loaded once per plane.  The
   others are loaded once per step, so a value that several of its points
   read is loaded once.  A window too wide for registers is walked as
   plane sums (plane-sums.h): a step loads the front plane's cells, and
   each point keeps a partial sum for each plane of its walk ahead.  */

#ifndef MINT_PLAN_LEVEL3_H
#define MINT_PLAN_LEVEL3_H

#include <stdbool.h>
#include "plan-level.h"
#include "plane-sums.h"
#include "walk-invariants.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A tiled array as level 3 keeps it.  In-plane halos are x and y (0 for
   y in 2-D); cells are indexed from the lowest one read.  */
struct level3_array
{
  const struct tiled *t;        /* in the level plan */
  int ti;                       /* index in the plan's tiled arrays */
  int w;                        /* cells per 16-byte access in x, 1: none */
  int lo[2], hi[2];
  int mlo, mhi;                 /* halo along the march */
  int nx, ny, nm;               /* extents of the cell grid */
  char *need;                   /* cells its points read: [m][y][x] */
  signed char *q0, *q1;         /* per cell of the plane ([y][x]): the
                                   first and last plane slot it is read
                                   in; q1 > q0 or own: queued */
  int column;                   /* read on the thread's own columns (else
                                   only beside them): own cells queued */
};

/* Where K asks for it (kir_kernel.stage_planes): the ring of shared
   planes of one tiled array, read at a star (its cells beside the
   thread's own columns are read in the step's plane only), and not
   written.  The block copies each plane of its tile and halo there once,
   AHEAD planes before the walk's front (the step's plane plus the halo
   above it) needs it, 16 bytes at a time from rows that start on a
   16-byte boundary (a ring row starts up to VEC - 1 cells early); its
   threads read the step's plane and the front from the ring, the planes
   between in registers as in any walk.  One barrier a step: a slot is
   filled again only after every thread has left the step that read it.
   Why: the high-order stars' walks through L1 spent their time in L2;
   a plane staged once per block reads each cell from L2 once
   (bench/results/optimizer-notes.md, round 34).  The ring is the
   block's dynamic shared memory, as much as the blocks a multiprocessor
   holds at the kernel's register limit, at most two, leave each.  */
struct level3_ring
{
  int ti;                       /* the tiled array staged, -1: none */
  int vec;                      /* its cells per 16 bytes */
  int width, rows;              /* cells of a ring row, rows of a plane */
  int slots, ahead;
  /* A thread's columns are VEC wide, and it reads the ring's cells 16
     bytes at a time on the fast path: half the loads of shared memory
     of one-column threads in double.  */
  int vector;
  long bytes;                   /* of dynamic shared memory a block */
};

struct level3_plan
{
  int m;                        /* the march dimension */
  int rb[2];                    /* register block in x and y */
  struct level3_array arr[MAX_TILED];
  /* Per array: stored after the points (an array stored at its point
     only, at every point (plan_kept_at_point), where a thread computes
     several points or walks rolled: the address then follows the walk,
     not the body's subscripts).  */
  int deferred[64];
  struct tiled out[64];         /* the subscripts of deferred arrays */
  int out_w[64];                /* their cells per 16-byte store */
  int vector;                   /* some access is 16 bytes wide */
  int split;                    /* a fast and a slow path (mint_v) */
  int rolled;                   /* plan_rolled: the walk is rolled */
  int guard;                    /* the body runs only for points inside */
  int unrolled;                 /* steps of a full tile the fast path
                                   unrolls */
  /* Where the window is too wide for registers (plan_wide_window): the
     body's plane sums.  Each step then loads the walk's front plane
     only, and nothing is queued.  */
  struct plane_sums *sums;
  /* The points' plane sums are printed statement by statement, each
     point's in turn, each point with its own copies of the locals (FP64
     sums of a register block: bench/results/optimizer-notes.md, round
     36).  */
  int interleaved;
  /* Interleaved sums of a 3-D walk whose groups are apart
     (plane_sums_groups_apart) run row by row of the front plane: every
     group's statements that read a row, then the next row's, each row
     loaded a few rows before, so that a few rows of cells are live
     rather than the plane (the 125-point box spilled holding it).  */
  int streamed;
  struct level3_ring ring;
  /* Where the body has no plane sums: each statement of block 0's role
     in the walk (walk-invariants.h), and how many are computed once
     before it, for each point of the register block.  */
  unsigned char *walk_role;
  int hoisted;
  /* The cells of tables that each thread reads once before the walk
     (walk_table_loads).  */
  struct walk_table *tables;
  int ntables;
};

/* The cells of level-3 plan P of K.  P must stay where it is while the
   result lives (its arrays point into P).  */
struct level3_plan *level3_plan_new (const struct kir_kernel *k,
                                     const struct level_plan *p);
void level3_plan_free (struct level3_plan *c);

/* Bytes of dynamic shared memory a block of P's kernel takes: its
   ring's (level3_ring), else 0.  */
long plan_dynamic_shared (const struct level_plan *p);

/* Cell (CX, CY) of A's plane: its index in A->q0 and A->q1.  */
size_t level3_plane_cell (const struct level3_array *a, int cy, int cx);
/* Whether A's points read cell (CX, CY) in plane slot Q.  */
bool level3_needed (const struct level3_array *a, int q, int cy, int cx);
/* Cell (CX, CY) of A lives in registers that rotate with the walk: it is
   one of the thread's own (A read on its column), or its points read it
   in more than one plane (it is loaded once, in the last plane slot that
   reads it).  */
bool level3_queued (const struct level3_plan *c, const struct level3_array *a,
                    int cy, int cx);
/* Array A is deferred and read at the point: its reads there are of the
   registers of its stores (level3_read_in_registers); where a point may
   read it before it stores it (updated in place), they are loaded before
   a thread's points (level3_preloaded).  */
bool level3_read_in_registers (const struct kir_kernel *k,
                               const struct level3_plan *c, int a);
bool level3_preloaded (const struct kir_kernel *k,
                       const struct level3_plan *c, int a);
/* Row CY of A lies beyond the box for a thread whose last rows are
   outside, or K reads every other row through a clamp (clamp_rows).  */
bool level3_row_clamped (const struct kir_kernel *k,
                         const struct level3_plan *c,
                         const struct level3_array *a, int cy);
/* Column CX of A lies beyond the box for a thread whose last points are
   outside; such threads take the slow path, where the load is guarded.  */
bool level3_column_guarded (const struct level3_plan *c,
                            const struct level3_array *a, int cx);
/* The widest in-plane halo of A.  */
int level3_plane_halo (const struct level3_array *a);
/* Cells of array A (of the kernel) per 16-byte access, 1 for none.  */
int level3_access_width (const struct level_plan *p,
                         const struct level3_plan *c, int a);

#ifdef __cplusplus
}
#endif

#endif /* MINT_PLAN_LEVEL3_H */
