/* staged-rows.h -- rows that a warp stages through shared memory at
   level 0 (plain C, no GCC, no CUDA text).

   A body whose inner loops walk an array along its rows (the last
   subscript), each thread its own row, reads and writes one cell of 32
   rows a step across a warp: 32 sectors a load, each a row apart.  Where
   the lanes of a warp take the same path through the body, the last
   subscript is the same in every lane at every access; then the warp
   moves windows of a few cells of its 32 rows between memory and shared
   memory with accesses along the rows, transposed, and each lane reads and
   writes its row's cells there (mint_rows in the prelude, emit-rows.c).

   The lanes take the same path where every condition of the body is
   uniform: built from constants, scalars, the point's coordinates but x
   (a block's width is a multiple of 32, so a warp shares y and z), and
   loads of arrays the kernel does not write at uniform subscripts.  An
   access is a row access where its last subscript is uniform and the
   others follow the point alone, x among them: the thread's own row,
   fixed for the point.  A written array is staged where all its accesses
   are row accesses of one row; stores then reach memory when the warp
   moves to another window and when the point ends, only the cells the
   program stored.  An array only read is staged for the accesses of its
   first row.  Only arrays accessed in an inner loop are staged: a row
   touched once a point would load a window for one cell.  A flat array
   read as a grid (delinearize.h) may reach the rows before and after
   the thread's, as its subscripts do: its windows hold any of the
   copy's elements, and it is staged where its accesses are checked
   (their kernel then has the copy's extents).  */

#ifndef MINT_STAGED_ROWS_H
#define MINT_STAGED_ROWS_H

#include <stdbool.h>
#include "kir-core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Rows a warp stages: its lanes'; cells of a window of each.  Windows of
   16 cells leave room in shared memory for twice the warps of 32
   (bench/results/optimizer-notes.md, round 33).  */
#define STAGED_ROWS 32
#define STAGED_WINDOW 16
/* Arrays a kernel stages at most.  */
#define STAGED_MAX 4

struct staged_rows
{
  int n;                        /* arrays staged */
  int array[STAGED_MAX];
  /* Each array's row: an access whose last subscript is 0.  */
  struct kir_access row[STAGED_MAX];
  long bytes;                   /* shared memory a warp */
};

/* The rows K's warps stage (none where it has no inner loop, a
   reduction, or a condition that differs between lanes), into R;
   returns R->n.  */
int staged_rows_find (const struct kir_kernel *k, bool nested_loops,
                      struct staged_rows *r);

/* The index in R of the array ACC reads or writes through its staged
   row, or -1 where ACC is an ordinary access.  */
int staged_rows_access (const struct staged_rows *r,
                        const struct kir_access *acc);

#ifdef __cplusplus
}
#endif

#endif /* MINT_STAGED_ROWS_H */
