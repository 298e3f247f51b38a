/* layout.c -- where an array lives in device memory, and how a kernel's
   points map onto a grid of thread blocks.  Pure arithmetic.  */

#include <stdio.h>
#include <string.h>

#include "layout.h"
#include "mint/mintrt.h"

static size_t
gcd (size_t a, size_t b)
{
  while (b)
    {
      size_t r = a % b;
      a = b;
      b = r;
    }
  return a;
}

/* The pitch of rows of ROW_BYTES bytes of ELEM_SIZE-byte elements, into
   *PITCH, and the rows' alignment, into *ALIGN: the widest power of two
   up to MINTRT_ROW_ALIGN whose padding costs at most an eighth of a row.
   Wide rows take MINTRT_ROW_ALIGN; narrow ones (a few components a
   point, the pixels of an image) are packed closer, since a row alone
   in 128 bytes would multiply the array's bytes, and the sectors that
   DRAM moves, by up to 128 / ROW_BYTES.  False on overflow.  */
static bool
row_pitch (size_t row_bytes, size_t elem_size, size_t *align, size_t *pitch)
{
  for (size_t a = MINTRT_ROW_ALIGN;; a /= 2)
    {
      size_t unit = elem_size / gcd (elem_size, a) * a;
      size_t units = row_bytes / unit + (row_bytes % unit != 0);
      if (__builtin_mul_overflow (units, unit, pitch))
        return false;
      if (a == 1 || (*pitch - row_bytes) * 8 <= row_bytes)
        {
          *align = a;
          return true;
        }
    }
}

/* The largest S with S^K <= N (K of 2 or 3).  */
static size_t
integer_root (size_t n, unsigned k)
{
  size_t lo = 0, hi = n;
  while (lo < hi)
    {
      size_t mid = hi - (hi - lo) / 2, power = mid;
      bool over = false;
      for (unsigned i = 1; i < k && !over; i++)
        over = __builtin_mul_overflow (power, mid, &power);
      if (over || power > n)
        hi = mid - 1;
      else
        lo = mid;
    }
  return lo;
}

/* The elements of what the margin counts as a plane (row) of a flat copy
   of N elements that names one extent: its rows and planes are unknown,
   so those of a cube (else a square) of N elements, where it would have
   MINTRT_MARGIN_MIN_EXTENT of them; else 1 (the margin is elements).  */
static size_t
flat_margin_unit (size_t n)
{
  size_t side = integer_root (n, 3);
  if (side >= MINTRT_MARGIN_MIN_EXTENT)
    return side * side;
  side = integer_root (n, 2);
  return side >= MINTRT_MARGIN_MIN_EXTENT ? side : 1;
}

/* Bytes of the margin on each side of a copy laid out as LAYOUT (its
   pitch and strides set) of NX x NY x NZ elements of ELEM_SIZE bytes
   and FLAGS (mintrt.h, MINT_COPY_MARGIN): MINT_COPY_MARGIN elements, and
   as many rows and planes where the copy has MINTRT_MARGIN_MIN_EXTENT of
   them or more (a flat copy of one extent: flat_margin_unit); a whole
   number of elements of PERIOD each (in bytes a multiple of the rows'
   alignment), so that the rows keep it.  At most a quarter of the copy.
   False on overflow.  */
static bool
margin_bytes (const struct mintrt_layout *layout, size_t elem_size,
              long long nx, long long ny, long long nz, unsigned flags,
              size_t period, size_t *bytes)
{
  size_t elems = MINT_COPY_MARGIN, rows = 0, planes = 0;
  if ((flags & MINT_COPY_FLAT) && ny == 1 && nz == 1)
    elems *= flat_margin_unit ((size_t) nx);
  if (ny >= MINTRT_MARGIN_MIN_EXTENT
      && __builtin_mul_overflow ((size_t) layout->row_stride,
                                 (size_t) MINT_COPY_MARGIN, &rows))
    return false;
  if (nz >= MINTRT_MARGIN_MIN_EXTENT
      && __builtin_mul_overflow ((size_t) layout->plane_stride,
                                 (size_t) MINT_COPY_MARGIN, &planes))
    return false;
  if (__builtin_add_overflow (elems, rows, &elems)
      || __builtin_add_overflow (elems, planes, &elems))
    return false;
  elems = (elems + period - 1) / period * period;
  return !__builtin_mul_overflow (elems, elem_size, bytes);
}

const char *
mintrt_layout_compute (struct mintrt_layout *layout, size_t elem_size,
                       long long nx, long long ny, long long nz,
                       unsigned flags, long long align_x)
{
  size_t rows, plane_bytes, array_bytes, margin;

  memset (layout, 0, sizeof *layout);
  if (elem_size == 0)
    return "element size is 0";
  if (nx < 0 || ny < 0 || nz < 0)
    return "an extent is negative";
  if (align_x < 0)
    return "align_x is negative";
  if (__builtin_mul_overflow ((size_t) nx, elem_size, &layout->row_bytes))
    return "the array is too large";

  /* Rows are a whole number of elements and of ALIGN-byte blocks (a flat
     copy has one row): the pitch is a multiple of their lcm.  Element
     [..][..][ALIGN_X] (of a flat copy, element ALIGN_X) starts on the
     boundary when the offset plus ALIGN_X elements is a multiple of
     ALIGN, i.e. when the element count is a multiple of PERIOD.  */
  size_t align = MINTRT_ROW_ALIGN;
  if (flags & MINT_COPY_FLAT)
    layout->pitch = layout->row_bytes;
  else if (!row_pitch (layout->row_bytes, elem_size, &align, &layout->pitch))
    return "the array is too large";
  size_t period = align / gcd (elem_size, align);
  layout->row_stride = (long long) (layout->pitch / elem_size);
  layout->plane_stride = layout->row_stride * ny;
  if (__builtin_mul_overflow (layout->pitch, (size_t) ny, &plane_bytes)
      || __builtin_mul_overflow (plane_bytes, (size_t) nz, &array_bytes)
      || !margin_bytes (layout, elem_size, nx, ny, nz, flags, period,
                        &margin))
    return "the array is too large";
  if (flags & MINTRT_LAYOUT_NO_MARGIN)
    margin = 0;
  layout->offset = margin
                   + (period - (size_t) align_x % period) % period * elem_size;
  if (__builtin_add_overflow (array_bytes, layout->offset,
                              &layout->alloc_bytes)
      || __builtin_add_overflow (layout->alloc_bytes, margin,
                                 &layout->alloc_bytes))
    return "the array is too large";
  /* Arrays end on a whole MINTRT_ALLOC_UNIT: a kernel's aligned 16-byte
     access that holds one element of the array stays in it.  */
  layout->alloc_bytes = (layout->alloc_bytes + MINTRT_ALLOC_UNIT - 1)
                        / MINTRT_ALLOC_UNIT * MINTRT_ALLOC_UNIT;
  rows = (size_t) ny * (size_t) nz;
  if (layout->row_bytes == 0 || rows == 0)
    layout->alloc_bytes = 0;
  return NULL;
}

/* BLOCKS along y of a 2-D kernel, at most LIMITS' grid in y times its
   grid in z: where the grid's y does not hold them, also along z, whose
   blocks the kernel counts after y's (emit-cuda.h, cuda_block_index); a
   block past the last row returns.  Sets GEOMETRY's grid[1] and
   grid[2].  */
static void
spread_rows (struct mintrt_geometry *geometry, unsigned long long blocks,
             const struct mintrt_limits *limits)
{
  unsigned long long most = (unsigned long long) limits->max_grid[1];
  unsigned long long layers = (blocks + most - 1) / most;
  geometry->grid[2] = (unsigned) layers;
  geometry->grid[1] = (unsigned) ((blocks + layers - 1) / layers);
}

bool
mintrt_geometry_compute (struct mintrt_geometry *geometry, unsigned ndims,
                         const unsigned *tiles, const unsigned *chunks,
                         const long long *count,
                         const struct mintrt_limits *limits,
                         char *error, size_t error_size)
{
  static const char axis[3] = { 'x', 'y', 'z' };
  unsigned long long threads = 1;

  for (unsigned d = 0; d < 3; d++)
    {
      geometry->grid[d] = geometry->block[d] = 1;
      geometry->slab[d] = 0;
    }
  for (unsigned d = 0; d < ndims && d < 3; d++)
    {
      unsigned tile, chunk;
      unsigned long long blocks;

      tile = tiles[d];
      chunk = chunks[d];
      if (tile == 0 || chunk == 0 || tile % chunk != 0)
        {
          snprintf (error, error_size,
                    "tile %u is not a multiple of chunksize %u in %c",
                    tile, chunk, axis[d]);
          return false;
        }
      geometry->block[d] = tile / chunk;
      threads *= geometry->block[d];
      if (geometry->block[d] > (unsigned) limits->max_block[d])
        {
          snprintf (error, error_size,
                    "%u threads per block in %c (tile %u / chunksize %u) "
                    "exceed this GPU's limit of %d",
                    geometry->block[d], axis[d], tile, chunk,
                    limits->max_block[d]);
          return false;
        }
      blocks = ((unsigned long long) count[d] + tile - 1) / tile;
      bool rows = ndims == 2 && d == 1;
      unsigned long long most = (unsigned long long) limits->max_grid[d];
      if (rows)
        most *= (unsigned long long) limits->max_grid[2];
      if (ndims == 3 && d > 0 && blocks > most)
        {
          geometry->grid[d] = (unsigned) most;
          geometry->slab[d] = (long long) most * tile;
          continue;
        }
      if (blocks > most)
        {
          snprintf (error, error_size,
                    "%lld points in %c need %llu blocks of tile %u, more "
                    "than this GPU's limit of %llu; use a larger tile in %c",
                    count[d], axis[d], blocks, tile, most, axis[d]);
          return false;
        }
      if (rows)
        spread_rows (geometry, blocks, limits);
      else
        geometry->grid[d] = (unsigned) blocks;
    }
  if (threads > (unsigned long long) limits->max_threads_per_block)
    {
      snprintf (error, error_size,
                "a block of %ux%ux%u = %llu threads exceeds this GPU's "
                "limit of %d threads per block; use a smaller tile or a "
                "larger chunksize",
                geometry->block[0], geometry->block[1], geometry->block[2],
                threads, limits->max_threads_per_block);
      return false;
    }
  return true;
}
