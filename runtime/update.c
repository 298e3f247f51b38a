/* update.c -- the update directives and device pointers: a box of the
   elements of an array's device copy.  */

#include <stdint.h>
#include <stdio.h>

#include "descriptor.h"
#include "diag.h"
#include "entry.h"
#include "footprint.h"
#include "memory.h"
#include "queue.h"
#include "temporal-launch.h"

struct mintrt_present *
mintrt_find_copy (const void *host, const char *what, const char *file,
                  unsigned line)
{
  struct mintrt_present *entry = mintrt_present_find (&mintrt_copies, host);

  if (!entry)
    mintrt_fatal (file, line, "%s (host address %p): it is not on the "
                  "device; copy it toDevice before the parallel region",
                  what, host);
  return entry;
}

struct mintrt_present *
mintrt_find_box (const void *host, const long long *ranges,
                 const char *what, const char *file, unsigned line,
                 struct mintrt_box *box)
{
  struct mintrt_present *entry = mintrt_find_copy (host, what, file, line);
  char error[256];
  long long extent[3] = { entry->nx, entry->ny, entry->nz };
  if (!mintrt_box_from_ranges (box, ranges, extent, error, sizeof error))
    mintrt_fatal (file, line, "%s: %s (it is on the device as "
                  "%lldx%lldx%lld elements, copied at %s:%u)", what, error,
                  entry->nx, entry->ny, entry->nz, entry->file, entry->line);
  return entry;
}

/* An update (mint_update) of the box RANGES of the device copy HOST maps
   to: checks and moves it.  */
static void
update_box (const struct mint_site *site, const char *array, void *host,
            unsigned long elem_size, unsigned flags, const long long *ranges)
{
  bool to_device = flags == MINT_UPDATE_TO_DEVICE;
  char what[160];
  struct mintrt_present *entry;
  struct mintrt_box box;

  if (flags != MINT_UPDATE_TO_HOST && flags != MINT_UPDATE_TO_DEVICE)
    mintrt_fatal (site->file, site->line, "update of %s with the invalid "
                  "flags %#x; %s", array, flags, mintrt_rebuild_hint);
  snprintf (what, sizeof what, "update %s of %s",
            to_device ? "toDevice" : "toHost", array);
  entry = mintrt_find_box (host, ranges, what, site->file, site->line,
                           &box);
  if (entry->elem_size != elem_size)
    mintrt_fatal (site->file, site->line, "%s as elements of %lu bytes, but "
                  "it is on the device as elements of %zu bytes (copied at "
                  "%s:%u)", what, elem_size, entry->elem_size, entry->file,
                  entry->line);
  mintrt_verbose (site->file, site->line, "%s (%p): %lld:%lld, %lld:%lld, "
                  "%lld:%lld%s", what, host, ranges[0], ranges[1], ranges[2],
                  ranges[3], ranges[4], ranges[5],
                  mintrt_mode == MINTRT_MODE_HOST
                  ? " (host mode: no transfer)" : "");
  if (mintrt_mode != MINTRT_MODE_DEVICE || !entry->alloc
      || mintrt_box_empty (&box))
    return;
  mintrt_run_held ();
  mintrt_repair_stale (entry);
  mintrt_wait_for_kernels (entry, &box, to_device, site->file, site->line);
  mintrt_pin_host (entry, site->file, site->line);
  mintrt_transfer (entry, host, &box, to_device, what, site);
}

MINTRT_EXPORT void
mint_update (const struct mint_site *site, const char *array, void *host,
             unsigned long elem_size, unsigned flags, long long x0,
             long long nx, long long y0, long long ny, long long z0,
             long long nz)
{
  RUNTIME_CALL ();
  const long long ranges[6] = { x0, nx, y0, ny, z0, nz };

  mintrt_check_site (site);
  mintrt_decide (site->file, site->line);
  update_box (site, array, host, elem_size, flags, ranges);
}

MINTRT_EXPORT void
mint_update_volumes (const struct mint_site *site, const char *array,
                     void *host, unsigned long elem_size, unsigned flags,
                     long long x0, long long nx, long long y0, long long ny,
                     long long z0, long long nz, long long w0, long long nw,
                     long long volume_planes)
{
  RUNTIME_CALL ();

  mintrt_check_site (site);
  mintrt_decide (site->file, site->line);
  if (volume_planes <= 0 || z0 < 0 || nz < 0 || z0 > volume_planes - nz
      || w0 < 0 || nw < 0)
    mintrt_fatal (site->file, site->line, "update of %s: the range %lld:%lld "
                  "in z of a 3-D array of %lld planes, %lld:%lld of those "
                  "arrays", array, z0, nz, volume_planes, w0, nw);
  /* The 3-D arrays lie one after another: planes of one copy.  */
  for (long long w = w0; w < w0 + nw; w++)
    {
      long long z;
      if (__builtin_mul_overflow (w, volume_planes, &z)
          || __builtin_add_overflow (z, z0, &z))
        mintrt_fatal (site->file, site->line, "update of %s: 3-D array "
                      "%lld is out of range", array, w);
      const long long ranges[6] = { x0, nx, y0, ny, z, nz };
      update_box (site, array, host, elem_size, flags, ranges);
    }
}

MINTRT_EXPORT void *
mint_device_pointer_at (const char *file, unsigned line, const void *host,
                        long long x0, long long nx, long long y0,
                        long long ny, long long z0, long long nz,
                        struct mint_layout *layout)
{
  RUNTIME_CALL ();
  const long long ranges[6] = { x0, nx, y0, ny, z0, nz };
  struct mintrt_present *entry;
  struct mintrt_box box;
  long long row, plane, offset;

  mintrt_decide (file, line);
  mintrt_run_held ();
  entry = mintrt_find_box (host, ranges, "mint_device_pointer of the array",
                           file, line, &box);
  mintrt_repair_stale (entry);
  row = mintrt_mode == MINTRT_MODE_DEVICE ? entry->layout.row_stride
                                          : entry->nx;
  plane = mintrt_mode == MINTRT_MODE_DEVICE ? entry->layout.plane_stride
                                            : entry->nx * entry->ny;
  offset = mintrt_element_offset (&box, row, plane)
           * (long long) entry->elem_size;
  if (layout)
    {
      layout->elem_size = entry->elem_size;
      layout->nx = entry->nx;
      layout->ny = entry->ny;
      layout->nz = entry->nz;
      layout->row_stride = row;
      layout->plane_stride = plane;
      layout->on_device = mintrt_mode == MINTRT_MODE_DEVICE;
    }
  mintrt_verbose (file, line, "device pointer of the array at %p: element "
                  "(%lld, %lld, %lld), row stride %lld, plane stride %lld%s",
                  host, x0, y0, z0, row, plane,
                  mintrt_mode == MINTRT_MODE_HOST
                  ? " (host mode: the host array)" : "");
  if (mintrt_mode != MINTRT_MODE_DEVICE)
    return (char *) host + offset;
  if (!entry->alloc)
    return NULL;
  mintrt_wait_for_kernels (entry, &box, true, file, line);
  entry->handed_out = true;
  return (void *) (uintptr_t) (entry->alloc + entry->layout.offset
                               + (CUdeviceptr) offset);
}
