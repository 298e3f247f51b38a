/* memory.h -- the device copies of the host arrays: the present table of
   this process, device allocations, writes and transfers (memory.c).  */

#ifndef MINTRT_MEMORY_H
#define MINTRT_MEMORY_H

#include <stdbool.h>
#include <stddef.h>

#include "cuda-min.h"
#include "footprint.h"
#include "mint/mintrt.h"
#include "present.h"

/* The arrays copied to the device, in host mode too: a program that
   launches with an array it never copied fails the same way with or
   without a GPU.  */
extern struct mintrt_present_table mintrt_copies;

/* Frees device memory that only saves time (a closing variant's scratch,
   temporal-launch.c) where an allocation finds the device full; set by
   what makes such memory.  False where it freed none.  */
extern bool (*mintrt_free_spare) (const char *file, unsigned line);

/* BYTES of device memory into *PTR, at FILE:LINE, with spare memory
   freed where the device is full (mintrt_free_spare): the driver's
   result.  */
CUresult mintrt_device_try_alloc (CUdeviceptr *ptr, size_t bytes,
                                  const char *file, unsigned line);
/* BYTES of device memory for WHAT, at FILE:LINE; out of memory is
   fatal.  */
CUdeviceptr mintrt_device_alloc (size_t bytes, const char *what,
                                 const char *file, unsigned line);

/* Frees ENTRY's device memory at the end of its region, at SITE_ARG (a
   struct mint_site); the present table's release.  */
void mintrt_release_entry (struct mintrt_present *entry, void *site_arg);

/* Page-lock ENTRY's host array at its first update (at FILE:LINE), so
   that updates move at the bus's speed and without a staging copy in the
   driver.  Where the driver refuses (memory it cannot lock, pages shared
   with an array locked already), updates copy from pageable memory.  */
void mintrt_pin_host (struct mintrt_present *entry, const char *file,
                      unsigned line);

/* Element offset of (x, y, z) in an array of rows ROW and planes PLANE
   elements apart.  */
long long mintrt_element_offset (const struct mintrt_box *box, long long row,
                                 long long plane);

/* Writes to the device copies by anything but the kernel launched last
   over the same bounds: a copy or update to the device (a new device
   copy's first among them), another kernel's launch, or the kernel's over
   other bounds; code libmintrt does not see writes through a device
   pointer, which temporal-launch.c's same_run asks the arrays about.  A
   temporal variant's blocks keep what they found outside the space in a
   run of steps (put_shell_check in plugin/cuda/emit-temporal.c); the next run
   keeps that number, so that they need not look again, while this count
   stays (same_run): the kernel writes only its points.  Each device copy
   counts its own too (struct mintrt_present, writes).  */
extern struct mintrt_writes mintrt_device_writes;

/* A write to what W counts by kernel K over BOUNDS, or by something else
   (K NULL).  */
void mintrt_note_write (struct mintrt_writes *w, const struct mint_kernel *k,
                        const long long *bounds);

/* The present entry of HOST, for WHAT ("mint_share of the array"), at
   FILE:LINE; an array that is not on the device is an error (update.c).  */
struct mintrt_present *mintrt_find_copy (const void *host, const char *what,
                                         const char *file, unsigned line);

/* The present entry of HOST and the box RANGES (x0, nx, y0, ny, z0, nz)
   names in it, for WHAT ("update toHost of U"), at FILE:LINE; errors
   exit (update.c).  */
struct mintrt_present *mintrt_find_box (const void *host,
                                        const long long *ranges,
                                        const char *what, const char *file,
                                        unsigned line,
                                        struct mintrt_box *box);

/* Copy the elements BOX of ENTRY between HOST (contiguous: rows of nx
   elements, planes of ny rows) and the device copy, on the update stream,
   and wait for it.  WHAT says which directive, for a failure at SITE.  */
void mintrt_transfer (struct mintrt_present *entry, void *host,
                      const struct mintrt_box *box, bool to_device,
                      const char *what, const struct mint_site *site);

/* Copy BYTES bytes from SKIP bytes into element BOX->lo of ENTRY's
   device copy into VALUE, on the update stream, and wait for it; a
   failure stops the program at FILE:LINE.  */
void mintrt_read_element (const struct mintrt_present *entry,
                          const struct mintrt_box *box, size_t skip,
                          size_t bytes, void *value, const char *file,
                          unsigned line);

/* Copy all of ENTRY between HOST and the device copy.  */
void mintrt_transfer_whole (struct mintrt_present *entry, void *host,
                            bool to_device, const struct mint_site *site);

#endif /* MINTRT_MEMORY_H */
