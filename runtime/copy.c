/* copy.c -- the copy directives: an array to the device (its device copy
   made at the first) and back, and the checks of the shape the program
   gives a copy.  */

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "descriptor.h"
#include "diag.h"
#include "entry.h"
#include "layout.h"
#include "memory.h"
#include "queue.h"
#include "temporal-launch.h"

static void
check_shape (const struct mintrt_present *entry, const char *direction,
             size_t elem_size, long long nx, long long ny, long long nz,
             const struct mint_site *site)
{
  if (entry->elem_size == elem_size && entry->nx == nx && entry->ny == ny
      && entry->nz == nz)
    return;
  mintrt_fatal (site->file, site->line,
                "copy %s of the array at %p as %lldx%lldx%lld elements of "
                "%zu bytes, but it is on the device as %lldx%lldx%lld "
                "elements of %zu bytes (copied at %s:%u)", direction,
                entry->host, nx, ny, nz, elem_size, entry->nx, entry->ny,
                entry->nz, entry->elem_size, entry->file, entry->line);
}

MINTRT_EXPORT void
mint_check_copy_shape (const struct mint_site *site, long long nx,
                       long long ny, long long nz, long long row,
                       long long plane, long long whole)
{
  RUNTIME_CALL ();
  mintrt_check_site (site);
  if (nx <= 0 || ny <= 0 || nz <= 0)
    return;                     /* the copy itself reports them */
  if (row && nx != row)
    mintrt_fatal (site->file, site->line, "copy of %lldx%lldx%lld elements: "
                  "the array's rows hold %lld elements, not %lld", nx, ny,
                  nz, row, nx);
  if (plane && nx * ny != plane)
    mintrt_fatal (site->file, site->line, "copy of %lldx%lldx%lld elements: "
                  "the array's planes hold %lld rows, not %lld", nx, ny, nz,
                  plane / row, ny);
  if (whole && (nx > whole || ny > whole / nx || nz > whole / (nx * ny)))
    mintrt_fatal (site->file, site->line, "copy of %lldx%lldx%lld elements: "
                  "the array holds %lld elements", nx, ny, nz, whole);
}

/* Into HINT (of SIZE bytes), where the INDEX-th row of a copy of
   NX x NY x NZ elements (RANK 2 or 3) of ELEM_SIZE bytes lies BYTES from
   the first and the rows lie evenly at the last extent's length: that
   the extents were given in C's order, with the order to give; else "".  */
static void
row_order_hint (char *hint, size_t size, ptrdiff_t bytes,
                unsigned long elem_size, long long index, long long rank,
                long long nx, long long ny, long long nz)
{
  long long last = rank == 3 ? nz : ny;
  hint[0] = '\0';
  if (index <= 0 || bytes % (ptrdiff_t) elem_size
      || bytes / (ptrdiff_t) elem_size != index * last || last == nx)
    return;
  if (rank == 3)
    snprintf (hint, size, " (its rows are %lld elements long: a copy gives "
              "the extents x first, here %lld, %lld, %lld)", last, nz, ny,
              nx);
  else
    snprintf (hint, size, " (its rows are %lld elements long: a copy gives "
              "the extents x first, here %lld, %lld)", last, ny, nx);
}

/* Whether ROWS[1] to ROWS[NY - 1] of a T ** lie one after another, the
   same number of bytes apart, where ROWS[0] is not the row before them:
   a row table indexed from 1.  */
static bool
rows_from_one (const char *const *rows, long long ny)
{
  if (ny < 3 || rows[2] <= rows[1]
      || (uintptr_t) rows[1] - (uintptr_t) rows[0]
         == (uintptr_t) rows[2] - (uintptr_t) rows[1])
    return false;
  for (long long y = 3; y < ny; y++)
    if (rows[y] - rows[y - 1] != rows[2] - rows[1])
      return false;
  return true;
}

MINTRT_EXPORT void
mint_check_copy_rows (const struct mint_site *site, const char *name,
                      const void *table, long long rank,
                      unsigned long elem_size, long long nx, long long ny,
                      long long nz)
{
  RUNTIME_CALL ();
  mintrt_check_site (site);
  if (!table || nx <= 0 || ny <= 0 || nz <= 0)
    return;                     /* the copy itself reports them */
  const char *const *rows = table;                      /* T ** */
  const char *const *const *planes = table;             /* T *** */
  if (rank != 3)
    nz = 1;
  const char *first = rank == 3 ? planes[0][0] : rows[0];
  for (long long z = 0; z < nz; z++)
    for (long long y = 0; y < ny; y++)
      {
        const char *row = rank == 3 ? planes[z][y] : rows[y];
        const char *want = first + (size_t) (z * ny + y) * nx * elem_size;
        if (row == want)
          continue;
        if (rank != 3 && y == 1 && rows_from_one (rows, ny))
          mintrt_fatal (site->file, site->line, "copy of %s: its rows lie "
                        "one after another from %s[1] (at %p) on, but %s[0] "
                        "(%p) is not the row before them: the row table is "
                        "indexed from 1 (as Numerical Recipes' dmatrix "
                        "(1, n, 1, n) makes it), and a copy moves the block "
                        "from %s[0][0]; allocate the rows with %s[0] at the "
                        "block's start", name, name, (const void *) row,
                        name, (const void *) rows[0], name, name);
        char at[64], hint[160];
        if (rank == 3)
          snprintf (at, sizeof at, "[%lld][%lld]", z, y);
        else
          snprintf (at, sizeof at, "[%lld]", y);
        row_order_hint (hint, sizeof hint, row - first, elem_size, z * ny + y,
                        rank, nx, ny, nz);
        mintrt_fatal (site->file, site->line, "copy of %s: its row %s%s is "
                      "at %p, not at %p, where the one block of %lld-element "
                      "rows from its first element has it; the rows must "
                      "lie one after another in one allocation%s", name,
                      name, at, (const void *) row, (const void *) want, nx,
                      hint);
      }
}

/* Stops the program where the BYTES at HOST, a new array on the device,
   share memory with an array there: each has its own device copy, so a
   write through one would not reach the other.  */
static void
check_overlap (const void *host, size_t bytes, const struct mint_site *site)
{
  for (size_t i = 0; i < mintrt_copies.count; i++)
    {
      const struct mintrt_present *e = mintrt_copies.entries[i];
      if (mintrt_present_overlaps (e, host, bytes))
        mintrt_fatal (site->file, site->line, "copy toDevice of %p: its "
                      "elements overlap those of array %p (copied at %s:%u); "
                      "each copied array has its own device memory, so the "
                      "writes to one would not be seen in the other",
                      host, e->host, e->file, e->line);
    }
}

/* Device memory for a copy laid out as *LAYOUT (of NX x NY x NZ elements
   of ELEM_SIZE bytes, FLAGS and ALIGN_X as mint_copy_to_device's), at
   SITE; where it does not fit with its margins, *LAYOUT without them
   (mintrt.h, MINT_COPY_MARGIN: the walks that would load there do not
   run over it).  Out of memory without margins is fatal.  */
static CUdeviceptr
alloc_copy (struct mintrt_layout *layout, size_t elem_size, long long nx,
            long long ny, long long nz, unsigned flags, long long align_x,
            const struct mint_site *site)
{
  CUdeviceptr ptr;
  struct mintrt_layout bare;

  if (mintrt_device_try_alloc (&ptr, layout->alloc_bytes, site->file,
                               site->line) == CUDA_SUCCESS)
    return ptr;
  mintrt_layout_compute (&bare, elem_size, nx, ny, nz,
                         flags | MINTRT_LAYOUT_NO_MARGIN, align_x);
  mintrt_verbose (site->file, site->line, "copy toDevice: %zu bytes with "
                  "margins do not fit on the device; %zu without them",
                  layout->alloc_bytes, bare.alloc_bytes);
  *layout = bare;
  return mintrt_device_alloc (layout->alloc_bytes, "copy toDevice",
                              site->file, site->line);
}

MINTRT_EXPORT void
mint_copy_to_device (const struct mint_site *site, const void *host,
                     unsigned long elem_size, long long nx, long long ny,
                     long long nz, unsigned flags, long long align_x)
{
  RUNTIME_CALL ();
  struct mintrt_layout layout;
  struct mintrt_present *entry;
  const char *problem;

  mintrt_check_site (site);
  mintrt_decide (site->file, site->line);
  problem = mintrt_layout_compute (&layout, elem_size, nx, ny, nz, flags,
                                   align_x);
  if (problem)
    mintrt_fatal (site->file, site->line, "cannot copy toDevice %lldx%lldx"
                  "%lld elements of %lu bytes: %s", nx, ny, nz, elem_size,
                  problem);
  if (!host && layout.alloc_bytes)
    mintrt_fatal (site->file, site->line, "copy toDevice of a null pointer");

  /* A fault of a kernel still running is reported as such, not as a
     failure of this copy.  */
  if (mintrt_mode == MINTRT_MODE_DEVICE)
    {
      mintrt_run_held ();
      mintrt_synchronize (site->file, site->line, NULL);
    }

  entry = mintrt_present_find (&mintrt_copies, host);
  if (entry)
    {
      check_shape (entry, "toDevice", elem_size, nx, ny, nz, site);
      mintrt_repair_stale (entry);
      /* A region begun inside another (through a call), where the
         enclosing one's kernels wrote the device copy: the newer one.
         Where the region's host code uses the host's elements (reads,
         writes, updates toDevice), the host's copy must be the newer
         one's too.  */
      if (entry->device_newer)
        {
          bool bring = (flags & MINT_COPY_HOST_USED)
                       && mintrt_mode == MINTRT_MODE_DEVICE && entry->alloc;
          mintrt_verbose (site->file, site->line, "copy %p toDevice: the "
                          "device copy (since %s:%u) is newer, written by "
                          "a kernel: %s", host, entry->file, entry->line,
                          bring ? "brought to the host, whose elements the "
                          "region's host code uses" : "no transfer");
          if (bring)
            {
              mintrt_transfer_whole (entry, (void *) host, false, site);
              entry->device_newer = false;
            }
          return;
        }
    }
  else
    {
      check_overlap (host, layout.row_bytes * (size_t) ny * (size_t) nz,
                     site);
      struct mintrt_present init = {
        .host = host, .elem_size = elem_size, .nx = nx, .ny = ny, .nz = nz,
        .flags = flags & MINT_COPY_FLAT, .layout = layout,
        .file = site->file, .line = site->line
      };

      if (mintrt_mode == MINTRT_MODE_DEVICE && layout.alloc_bytes)
        init.alloc = alloc_copy (&init.layout, elem_size, nx, ny, nz, flags,
                                 align_x, site);
      entry = mintrt_present_add (&mintrt_copies, &init);
    }

  mintrt_verbose (site->file, site->line, "copy %p toDevice: %lldx%lldx%lld "
                  "elements of %lu bytes, pitch %zu, offset %zu%s", host, nx,
                  ny, nz, elem_size, entry->layout.pitch,
                  entry->layout.offset,
                  mintrt_mode == MINTRT_MODE_HOST
                  ? " (host mode: no transfer)" : "");
  if (mintrt_mode == MINTRT_MODE_DEVICE && entry->alloc)
    mintrt_transfer_whole (entry, (void *) host, true, site);
}

MINTRT_EXPORT void
mint_copy_from_device (const struct mint_site *site, void *host,
                       unsigned long elem_size, long long nx, long long ny,
                       long long nz, unsigned flags)
{
  RUNTIME_CALL ();
  struct mintrt_present *entry;

  (void) flags;                 /* the layout is the one of toDevice */
  mintrt_check_site (site);
  mintrt_decide (site->file, site->line);
  entry = mintrt_present_find (&mintrt_copies, host);
  if (!entry)
    mintrt_fatal (site->file, site->line,
                  "copy fromDevice of the array at %p, which is not on the "
                  "device: the copy after a parallel region needs a toDevice "
                  "copy of the same array before that region", host);
  check_shape (entry, "fromDevice", elem_size, nx, ny, nz, site);
  mintrt_verbose (site->file, site->line, "copy %p fromDevice: %lldx%lldx"
                  "%lld elements of %lu bytes%s", host, nx, ny, nz,
                  elem_size,
                  mintrt_mode == MINTRT_MODE_HOST
                  ? " (host mode: no transfer)" : "");
  if (mintrt_mode == MINTRT_MODE_DEVICE && entry->alloc)
    {
      mintrt_run_held ();
      mintrt_repair_stale (entry);
      mintrt_synchronize (site->file, site->line, NULL);
      mintrt_transfer_whole (entry, host, false, site);
      entry->device_newer = false;
    }
}
