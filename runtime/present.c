/* present.c -- the present table: host array (by the address of its first
   element) -> device allocation, with the region that owns it.  Mint
   programs have a handful of arrays, so a linear scan is all it needs.  */

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

#include "present.h"
#include "diag.h"

struct mintrt_present *
mintrt_present_find (const struct mintrt_present_table *table,
                     const void *host)
{
  for (size_t i = 0; i < table->count; i++)
    if (table->entries[i]->host == host)
      return table->entries[i];
  return NULL;
}

struct mintrt_present *
mintrt_present_find_view (const struct mintrt_present_table *table,
                          const void *host, long long *origin)
{
  struct mintrt_present *entry = mintrt_present_find (table, host);

  *origin = 0;
  if (entry)
    return entry;
  for (size_t i = 0; i < table->count; i++)
    {
      struct mintrt_present *e = table->entries[i];
      uintptr_t start = (uintptr_t) e->host, at = (uintptr_t) host;
      size_t row = e->elem_size * (size_t) e->nx;
      size_t rows = (size_t) e->ny * (size_t) e->nz;

      if ((e->flags & MINT_COPY_FLAT) || row == 0 || at <= start
          || (at - start) % row != 0 || (at - start) / row >= rows)
        continue;
      *origin = (long long) ((at - start) / row);
      return e;
    }
  return NULL;
}

CUdeviceptr
mintrt_present_view_address (const struct mintrt_present *entry,
                             long long origin)
{
  return entry->alloc + entry->layout.offset
         + (CUdeviceptr) (origin * entry->layout.row_stride)
           * entry->elem_size;
}

void
mintrt_present_view_extents (const struct mintrt_present *entry,
                             long long origin, long long extent[3])
{
  long long ny = entry->ny > 0 ? entry->ny : 1;
  extent[0] = entry->nx;
  extent[1] = origin % ny == 0 ? entry->ny : ny - origin % ny;
  extent[2] = origin % ny == 0 ? entry->nz - origin / ny : 1;
}

/* The plane of row ORIGIN + Z * NY + Y, or LIMIT where Z or Y is not
   finite (LLONG_MIN, LLONG_MAX) or the row overflows.  */
static long long
row_plane (long long origin, long long z, long long y, long long ny,
           long long limit)
{
  long long r;
  if (z == LLONG_MIN || z == LLONG_MAX || y == LLONG_MIN || y == LLONG_MAX
      || __builtin_mul_overflow (z, ny, &r) || __builtin_add_overflow (r, y, &r)
      || __builtin_add_overflow (r, origin, &r))
    return limit;
  return r >= 0 ? r / ny : -((ny - 1 - r) / ny);
}

struct mintrt_box
mintrt_present_view_box (const struct mintrt_present *entry, long long origin,
                         const struct mintrt_box *box)
{
  struct mintrt_box b = *box;
  long long ny = entry->ny > 0 ? entry->ny : 1, y0 = origin % ny;
  bool exact = y0 == 0 || (box->lo[2] == 0 && box->hi[2] == 0
                           && box->lo[1] >= 0 && box->hi[1] < ny - y0);
  if (origin == 0 || mintrt_box_empty (box))
    return b;
  if (!exact)
    {
      b.lo[1] = LLONG_MIN;
      b.hi[1] = LLONG_MAX;
    }
  else if (box->lo[1] != LLONG_MIN && box->hi[1] != LLONG_MAX)
    {
      b.lo[1] += y0;
      b.hi[1] += y0;
    }
  b.lo[2] = row_plane (origin, box->lo[2], exact ? 0 : box->lo[1], ny,
                       LLONG_MIN);
  b.hi[2] = row_plane (origin, box->hi[2], exact ? 0 : box->hi[1], ny,
                       LLONG_MAX);
  return b;
}

bool
mintrt_present_overlaps (const struct mintrt_present *entry,
                         const void *address, size_t bytes)
{
  uintptr_t start = (uintptr_t) entry->host, at = (uintptr_t) address;
  size_t size = entry->elem_size * (size_t) entry->nx * (size_t) entry->ny
                * (size_t) entry->nz;

  return bytes > 0 && size > 0 && at < start + size && start < at + bytes;
}

struct mintrt_present *
mintrt_present_add (struct mintrt_present_table *table,
                    const struct mintrt_present *entry)
{
  struct mintrt_present *copy;

  if (table->count == table->capacity)
    {
      size_t capacity = table->capacity ? 2 * table->capacity : 16;
      table->entries = mintrt_xrealloc (table->entries,
                                        capacity * sizeof *table->entries);
      table->capacity = capacity;
    }
  copy = mintrt_xcalloc (1, sizeof *copy);
  *copy = *entry;
  copy->region = table->depth;
  table->entries[table->count++] = copy;
  return copy;
}

size_t
mintrt_present_region_begin (struct mintrt_present_table *table)
{
  size_t adopted = 0;

  table->depth++;
  for (size_t i = 0; i < table->count; i++)
    if (table->entries[i]->region == 0)
      {
        table->entries[i]->region = table->depth;
        adopted++;
      }
  return adopted;
}

size_t
mintrt_present_region_end (struct mintrt_present_table *table,
                           void (*release) (struct mintrt_present *, void *),
                           void *context)
{
  size_t kept = 0, released = 0;

  for (size_t i = 0; i < table->count; i++)
    {
      struct mintrt_present *entry = table->entries[i];

      if (entry->region == table->depth)
        {
          release (entry, context);
          free (entry);
          released++;
        }
      else
        table->entries[kept++] = entry;
    }
  table->count = kept;
  table->depth--;
  return released;
}
