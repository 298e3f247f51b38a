/* layout.h -- where an array lives in device memory, and how a kernel's
   points map onto a grid of thread blocks (layout.c).  */

#ifndef MINTRT_LAYOUT_H
#define MINTRT_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>

/* Device rows are padded to a multiple of this many bytes, or of a
   smaller power of two where that would cost more than an eighth of a
   row (layout.c, row_pitch), and the element at the align_x offset of
   every row (of a flat copy: of its first row, since its rows are not
   padded) starts on such a boundary.  */
#define MINTRT_ROW_ALIGN 128u
/* Allocations are a whole number of these bytes (level 3's wide
   accesses).  */
#define MINTRT_ALLOC_UNIT 16u
/* A copy has MINT_COPY_MARGIN rows (planes) of margin on each side
   where it has at least this many rows (planes), a flat copy of one
   extent where a square (cube) of its elements would: the margin costs
   at most a quarter of the copy.  */
#define MINTRT_MARGIN_MIN_EXTENT 32

struct mintrt_layout
{
  size_t row_bytes;             /* nx * elem_size: one host row */
  size_t pitch;                 /* bytes between device rows */
  /* Allocation to element [0][0][0], bytes: the margin before the copy
     (mintrt.h, MINT_COPY_MARGIN), then the alignment of ALIGN_X.  */
  size_t offset;
  /* What to allocate, the margin after the copy included; 0 for an empty
     array.  */
  size_t alloc_bytes;
  long long row_stride;         /* pitch in elements */
  long long plane_stride;       /* pitch * ny in elements */
};

/* A flag of mintrt_layout_compute beside mint_copy_*'s: no margins (for
   a copy that does not fit with them).  */
#define MINTRT_LAYOUT_NO_MARGIN (1u << 31)

/* Layout of an NZ x NY x NX array of ELEM_SIZE-byte elements: pitched and
   aligned at ALIGN_X, or contiguous under MINT_COPY_FLAT; with margins
   unless MINTRT_LAYOUT_NO_MARGIN.  Returns NULL, or a message saying which
   argument is invalid.  */
const char *mintrt_layout_compute (struct mintrt_layout *layout,
                                   size_t elem_size, long long nx,
                                   long long ny, long long nz,
                                   unsigned flags, long long align_x);

struct mintrt_limits
{
  int max_threads_per_block;
  int max_block[3];
  int max_grid[3];
  int max_shared_optin;         /* bytes of shared memory a block may have */
  int multiprocessors;
};

struct mintrt_geometry
{
  unsigned grid[3];
  unsigned block[3];
  /* A 3-D kernel's points along y and z that one launch covers where the
     grid does not hold all their blocks (at most the grid's limit of
     blocks), else 0: it runs in slabs (device-launch.c).  */
  long long slab[3];
};

/* Grid and block over COUNT[0..NDIMS-1] points (each > 0) with TILE and
   CHUNK (a descriptor's or a variant's) within LIMITS.  Returns false with
   a message in ERROR when the shape or the device's limits do not allow
   the launch.  */
bool mintrt_geometry_compute (struct mintrt_geometry *geometry,
                              unsigned ndims, const unsigned *tile,
                              const unsigned *chunk, const long long *count,
                              const struct mintrt_limits *limits,
                              char *error, size_t error_size);

#endif /* MINTRT_LAYOUT_H */
