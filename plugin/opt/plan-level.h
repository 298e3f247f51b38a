/* plan-level.h -- the optimizer's choice for a kernel at one launch
   shape: the level (0 to 3) and why not a higher one, the arrays kept on
   chip, the dimension walked, the threads and the register limit (plain
   C, no GCC, no CUDA text).  plan.h puts these together into the plan of
   a kernel.  */

#ifndef MINT_PLAN_LEVEL_H
#define MINT_PLAN_LEVEL_H

#include <stdbool.h>
#include "kir-core.h"
#include "stencil.h"
#include "staged-rows.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MAX_TILED 8
#define MAX_SEGMENTS 27                 /* 3 per dimension */
#define SHARED_BYTES (48 * 1024)        /* static shared memory per block */
/* A multiprocessor's shared memory on the largest GPU (sm_90), and what
   each resident block takes of it besides its own: the bound of dynamic
   shared memory, which libmintrt opts a kernel in to.  */
#define SHARED_PER_MULTIPROCESSOR (228 * 1024)
#define SHARED_PER_BLOCK 1024

/* "Full occupancy": 8 blocks of 256 threads fill a multiprocessor's
   65536 registers at 32 a thread.  A level-3 kernel whose max_registers
   is at most this computes one column per thread (the cost model picks
   no register block for it) in a rolled walk: an unrolled walk cannot
   keep its loads in flight in so few registers.  */
#define LEVEL3_ROLLED_REGISTERS 32

/* One array kept on chip.  Halo and extents are per parallel dimension.  */
struct tiled
{
  int array;
  int hlo[KIR_MAX_DIMS], hhi[KIR_MAX_DIMS];
  int subscript[KIR_MAX_DIMS];  /* the subscript dimension d follows */
  int ext[KIR_MAX_DIMS];        /* shared-memory extent, 1 beyond the tile */
  int slots;                    /* shared planes (level 1: the whole box) */
  int nseg;
  int seg[MAX_SEGMENTS][KIR_MAX_DIMS];
};

struct level3_plan;             /* plan-level3.h */

/* The plan of a kernel at one launch shape.  plan_level fills it up to
   MIN_BLOCKS; plan.c adds the rest.  */
struct level_plan
{
  const struct stencil_info *info;      /* the kernel's analysis */
  int level;
  int tile_dims;                /* dims < tile_dims are tiled in shared
                                   memory */
  int march;                    /* levels 2, 3: the dimension walked */
  int block[KIR_MAX_DIMS];      /* threads per dimension */
  int ntiled;
  struct tiled tiled[MAX_TILED];
  int tiled_of[64];             /* per array (first 64): index or -1 */
  char why[256];                /* why not a higher level */
  int threads;                  /* per block */
  int min_blocks;               /* resident blocks for __launch_bounds__, 0:
                                   none (min_blocks) */
  struct level3_plan *cells;    /* level 3's cells (plan-level3.h), or NULL */
  /* Level 3 where arrays may share strides: their shape classes
     (mintrt.h), for the kernel's MINT_SHARED_SUFFIX twin; else NULL.  */
  const char *classes;
  char description[512];        /* for -fplugin-arg-mint-verbose and the
                                   kernel's comment */
  /* Level 0: the rows its warps stage through shared memory
     (staged-rows.h), none where rows.n is 0; why the launch shape keeps
     them from it, or "".  */
  struct staged_rows rows;
  char rows_why[160];
};

/* Fills P for K (its launch shape as it is, INFO its analysis): the
   highest level up to K->opt_level (at most 3) that applies and pays,
   else level 0.  */
void plan_level (const struct kir_kernel *k, const struct stencil_info *info,
                 struct level_plan *p);

/* Cells of type T in one vector access of a row at level 3: 2 or 4 of
   8 or 4 bytes (a 16-byte access), 4 of 1 or 2 bytes (char4, short4 and
   their unsigned twins); 1 for a type without a CUDA vector type.  */
int plan_vector_lanes (enum kir_type t);

/* The register block that level 3's cost model picks for K as extracted
   (its chunks below the walk are 1): points per thread per dimension
   below the walk, into RB (1 beyond).  Returns 0 when K is not at level
   3.  */
int plan_register_block (const struct kir_kernel *k,
                         const struct stencil_info *info, int *rb);

/* The dimension that levels 2 and 3 walk along: K's outermost.  A 1-D
   nest's level-3 walk is one step along dimension 1, beyond its own
   (extent 1, stride 0): each thread computes its register block of
   adjacent points once, its own cells loaded 16 bytes at a time; 1-D
   nests have no level 2.  */
int plan_march_dim (const struct kir_kernel *k);

/* K's level-3 threads walk rolled and compute one column each: its
   register limit is at most LEVEL3_ROLLED_REGISTERS.  */
bool plan_rolled (const struct kir_kernel *k);

/* An array that INFO's kernel only reads is read at more offsets than
   level 3's window keeps in registers: level 3 applies only as plane
   sums (plane-sums.h).  */
bool plan_wide_window (const struct stencil_info *info);
/* K's body, walked along parallel dimension MARCH, is a sum over planes
   (plane_sums_find).  */
bool plan_plane_sums (const struct kir_kernel *k,
                      const struct stencil_info *info, int march);

/* Shape classes (mintrt.h) into CLASSES (K->narrays + 1 chars): per
   array, a character its class shares, where the class holds two padded
   grids or more of one rank and element size (INFO: they follow the
   grid), the rank's digit for its first class and letters for others
   (lower case in rank 2, upper case in rank 3);
   else '-'; "" when no array shares.  A table of weights, or a grid of
   bytes beside grids of doubles, has strides of its own: in their class
   it would keep every variant but the first from running.  */
void plan_shape_classes (const struct kir_kernel *k,
                         const struct stencil_info *info, char *classes);

/* ---- what the plans know of the arrays, for plan-level3.c,
   plan-temporal.c and the printers ---- */

/* Whether loads of A go through the read-only data path (__ldg).  */
bool plan_read_only_path (const struct kir_array *a);
/* Every read of ARRAY in K under a condition lies in the box of its
   unconditional reads, of which there is one at least.  */
bool plan_conditional_reads_inside (const struct kir_kernel *k, int array);
/* Array A is written exactly once per point, at the point itself, by a
   statement every point runs, and never read: its store may wait, or go
   elsewhere.  */
bool plan_stored_once (const struct kir_kernel *k,
                       const struct stencil_info *info, int a);
/* Array A is written at the point itself only, by at least one statement
   every point runs, and read, if at all, there only (an update in place,
   u[y][x] += ...): a register can stand for its cell through the body,
   loaded before it where A is read, and stored after it.  */
bool plan_kept_at_point (const struct kir_kernel *k,
                         const struct stencil_info *info, int a);
/* Some read of array A takes a cell of the thread's own column in P's
   walk: any offset along the march dimension, none in the plane.  */
int plan_column_read (const struct kir_kernel *k,
                      const struct stencil_info *info,
                      const struct level_plan *p, int a);
/* Stencil offset OFFSET of array ARR (subscript order) per parallel
   dimension, into O.  */
void plan_dim_offsets (const struct kir_array *arr,
                       const struct stencil_array *s, const int *offset,
                       int *o);
/* The same for access ACC.  */
void plan_access_offsets (const struct stencil_array *s,
                          const struct kir_access *acc, int *o);
/* T's halo and subscripts for array A at level P->level.  */
void plan_tile_array (const struct kir_kernel *k,
                      const struct stencil_info *info,
                      const struct level_plan *p, int a, struct tiled *t);

#ifdef __cplusplus
}
#endif

#endif /* MINT_PLAN_LEVEL_H */
