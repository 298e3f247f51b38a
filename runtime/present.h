/* present.h -- the present table: host array (by the address of its first
   element) -> device allocation, with the region that owns it
   (present.c).  */

#ifndef MINTRT_PRESENT_H
#define MINTRT_PRESENT_H

#include <stdbool.h>
#include <stddef.h>

#include "cuda-min.h"
#include "footprint.h"
#include "layout.h"
#include "mint/mintrt.h"

enum mintrt_pinning
{
  MINTRT_PIN_UNTRIED,
  MINTRT_PIN_DONE,              /* registered with the driver */
  MINTRT_PIN_FAILED             /* transfers use pageable memory */
};

/* Writes that may change cells outside a kernel's points: each copy or
   update to the device, and each launch that is not of the kernel and
   bounds of the one before (KERNEL, BOUNDS).  */
struct mintrt_writes
{
  unsigned long long count;
  const struct mint_kernel *kernel;     /* NULL: not a kernel */
  long long bounds[6];
};

/* Another process's device copy paired with one of this process
   (peer.c).  */
struct mintrt_peer_copy
{
  int peer;                     /* the program's number for it */
  CUdeviceptr mapped;           /* its allocation mapped here; 0 where it
                                   is this process's own */
  CUdeviceptr origin;           /* the address of its element (0, 0, 0) */
  size_t pitch;                 /* bytes from a row to the next */
  long long extent[3];          /* x, y (rows from a plane to the next),
                                   z */
};

struct mintrt_present
{
  const void *host;             /* key: address of the first element */
  size_t elem_size;
  long long nx, ny, nz;
  unsigned flags;               /* MINT_COPY_* it was created with */
  struct mintrt_layout layout;
  CUdeviceptr alloc;            /* 0: no device memory (host mode, empty) */
  unsigned region;              /* owning region depth; 0: not yet adopted */
  /* A kernel wrote the device copy after the host's was last brought up
     to date by a copy (mint_copy_to_device).  */
  bool device_newer;
  /* A device pointer to it was handed out (mint_device_pointer): code
     libmintrt does not see may write it.  */
  bool handed_out;
  /* Writes to the device copy that may have changed its cells outside a
     kernel's points.  */
  struct mintrt_writes writes;
  /* 0, or a buffer of the copy's layout whose cells outside the points
     of a closing variant (mintrt.h, closing_tile) hold the copy's as of
     SCRATCH_WRITES (writes).  */
  CUdeviceptr scratch;
  unsigned long long scratch_writes;
  /* Not NULL: a closing variant of this kernel left the copy's points a
     step behind (the array it writes nothing into).  One step of the
     kernel (its state's STALE arguments) from the scratch of STALE_SOURCE
     brings them up to date before anything else uses them, unless the
     kernel's next step overwrites them (mintrt_repair_stale).  */
  struct mint_kernel *stale_kernel;
  struct mintrt_present *stale_source;
  enum mintrt_pinning pinned;   /* host memory page-locked for updates */
  struct mintrt_peer_copy *peers;       /* paired with it (peer.c) */
  unsigned npeers;
  const char *file;             /* the copy that created it */
  unsigned line;
};

struct mintrt_present_table
{
  struct mintrt_present **entries;
  size_t count;
  size_t capacity;
  unsigned depth;               /* regions open */
};

/* The entry whose key is HOST, or NULL.  */
struct mintrt_present *mintrt_present_find
  (const struct mintrt_present_table *table, const void *host);

/* The entry whose key is HOST, or else the one whose host array HOST
   points into at the start of a row (not a flat copy's): a plane of it
   (a kernel's array A[t % 2] of the copied A[2][NZ][NY][NX]).  The rows
   from the entry's first element to HOST into *ORIGIN (0 for the key);
   NULL if there is none.  */
struct mintrt_present *mintrt_present_find_view
  (const struct mintrt_present_table *table, const void *host,
   long long *origin);

/* The device address of element [0][0][0] of the view ORIGIN rows into
   ENTRY's device copy: its rows are the copy's, one pitch apart also
   from a plane to the next.  */
CUdeviceptr mintrt_present_view_address (const struct mintrt_present *entry,
                                         long long origin);

/* The extents x, y, z of the view ORIGIN rows into ENTRY: the planes
   from the one it starts, or where it starts inside a plane, the rest of
   that plane's rows.  */
void mintrt_present_view_extents (const struct mintrt_present *entry,
                                  long long origin, long long extent[3]);

/* BOX of the view ORIGIN rows into ENTRY as elements of ENTRY: the same
   box, planes or rows further, where the view starts a plane or the box
   stays in the plane the view starts in; else every row of the planes
   its rows reach.  */
struct mintrt_box mintrt_present_view_box (const struct mintrt_present *entry,
                                          long long origin,
                                          const struct mintrt_box *box);

/* Whether any of the BYTES bytes at ADDRESS lie in the host array of
   ENTRY (nx * ny * nz contiguous elements).  */
bool mintrt_present_overlaps (const struct mintrt_present *entry,
                              const void *address, size_t bytes);

/* Add a copy of ENTRY, owned by the innermost open region (or by the next
   one to open).  Returns the table's entry.  */
struct mintrt_present *mintrt_present_add
  (struct mintrt_present_table *table, const struct mintrt_present *entry);

/* Open a region: it adopts the entries no region owns.  Returns how many.  */
size_t mintrt_present_region_begin (struct mintrt_present_table *table);

/* Close the innermost region (the caller checks one is open): RELEASE each
   entry it owns, then drop them.  Returns how many.  */
size_t mintrt_present_region_end (struct mintrt_present_table *table,
                                  void (*release) (struct mintrt_present *,
                                                   void *),
                                  void *context);

#endif /* MINTRT_PRESENT_H */
