/* present.c -- the present table: host array (by the address of its first
   element) -> device allocation, with the region that owns it.  Mint
   programs have a handful of arrays, so a linear scan is all it needs.  */

#include <stdint.h>
#include <stdlib.h>

#include "mintrt-internal.h"

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
      struct mintrt_present **entries
        = realloc (table->entries, capacity * sizeof *entries);
      if (!entries)
        return NULL;
      table->entries = entries;
      table->capacity = capacity;
    }
  copy = malloc (sizeof *copy);
  if (!copy)
    return NULL;
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
