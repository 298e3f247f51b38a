/* memory.c -- the device copies of the host arrays: the present table of
   this process, device allocations, the count of writes to the copies, and
   transfers between a host array and its device copy.  */

#include <stdio.h>
#include <string.h>

#include "memory.h"
#include "diag.h"
#include "driver.h"
#include "peer.h"

struct mintrt_present_table mintrt_copies;

bool (*mintrt_free_spare) (const char *file, unsigned line);

CUresult
mintrt_device_try_alloc (CUdeviceptr *ptr, size_t bytes, const char *file,
                         unsigned line)
{
  CUresult r = CU (cuMemAlloc) (ptr, bytes);

  if (r == CUDA_ERROR_OUT_OF_MEMORY && mintrt_free_spare
      && mintrt_free_spare (file, line))
    r = CU (cuMemAlloc) (ptr, bytes);
  return r;
}

CUdeviceptr
mintrt_device_alloc (size_t bytes, const char *what, const char *file,
                     unsigned line)
{
  CUdeviceptr ptr;
  CUresult r = mintrt_device_try_alloc (&ptr, bytes, file, line);

  if (r == CUDA_ERROR_OUT_OF_MEMORY)
    {
      size_t free_bytes = 0, total_bytes = 0;
      CU (cuMemGetInfo) (&free_bytes, &total_bytes);
      mintrt_fatal (file, line, "out of device memory: %s needs %zu bytes, "
                    "%zu of the device's %zu bytes are free", what, bytes,
                    free_bytes, total_bytes);
    }
  if (r != CUDA_SUCCESS)
    mintrt_fatal (file, line, "cannot allocate %zu bytes of device memory "
                  "for %s: %s", bytes, what, mintrt_cu_error (r));
  return ptr;
}

/* Bytes of ENTRY's host array: contiguous rows of nx, planes of ny rows.  */
static size_t
host_bytes (const struct mintrt_present *entry)
{
  return entry->layout.row_bytes * (size_t) entry->ny * (size_t) entry->nz;
}

void
mintrt_release_entry (struct mintrt_present *entry, void *site_arg)
{
  const struct mint_site *site = site_arg;
  CUresult r = CUDA_SUCCESS;

  if (entry->npeers)
    r = mintrt_release_peers (entry);
  if (r == CUDA_SUCCESS && entry->pinned == MINTRT_PIN_DONE)
    r = CU (cuMemHostUnregister) ((void *) entry->host);
  if (r == CUDA_SUCCESS && entry->alloc)
    r = CU (cuMemFree) (entry->alloc);
  if (r == CUDA_SUCCESS && entry->scratch)
    r = CU (cuMemFree) (entry->scratch);
  if (r != CUDA_SUCCESS)
    mintrt_fatal (site->file, site->line, "cannot free the device copy of "
                  "the array at %p: %s", entry->host, mintrt_cu_error (r));
}

void
mintrt_pin_host (struct mintrt_present *entry, const char *file, unsigned line)
{
  CUresult r;

  if (entry->pinned != MINTRT_PIN_UNTRIED)
    return;
  r = CU (cuMemHostRegister) ((void *) entry->host, host_bytes (entry), 0);
  entry->pinned = r == CUDA_SUCCESS ? MINTRT_PIN_DONE : MINTRT_PIN_FAILED;
  if (r == CUDA_SUCCESS)
    mintrt_verbose (file, line, "page-locked the %zu bytes of the array at "
                    "%p for updates", host_bytes (entry), entry->host);
  else
    mintrt_verbose (file, line, "updates of the array at %p copy from "
                    "pageable memory: %s", entry->host, mintrt_cu_error (r));
}

long long
mintrt_element_offset (const struct mintrt_box *box, long long row,
                       long long plane)
{
  return box->lo[2] * plane + box->lo[1] * row + box->lo[0];
}

struct mintrt_writes mintrt_device_writes;

void
mintrt_note_write (struct mintrt_writes *w, const struct mint_kernel *k,
                   const long long *bounds)
{
  size_t size = k ? 2 * k->ndims * sizeof *bounds : 0;
  if (!k || k != w->kernel || memcmp (bounds, w->bounds, size) != 0)
    w->count++;
  w->kernel = k;
  if (k)
    memcpy (w->bounds, bounds, size);
}

/* The device address of element BOX->lo of ENTRY's copy.  */
static CUdeviceptr
device_element (const struct mintrt_present *entry,
                const struct mintrt_box *box)
{
  const struct mintrt_layout *l = &entry->layout;
  return entry->alloc + l->offset
         + (size_t) mintrt_element_offset (box, l->row_stride,
                                           l->plane_stride)
           * entry->elem_size;
}

void
mintrt_transfer (struct mintrt_present *entry, void *host,
                 const struct mintrt_box *box, bool to_device,
                 const char *what, const struct mint_site *site)
{
  const struct mintrt_layout *l = &entry->layout;
  size_t e = entry->elem_size;
  size_t count[3];
  CUstream stream = mintrt_device.update_stream;
  CUdeviceptr device = entry->alloc + l->offset;
  char *h = host;
  CUresult r;

  if (to_device)
    {
      mintrt_note_write (&mintrt_device_writes, NULL, NULL);
      mintrt_note_write (&entry->writes, NULL, NULL);
    }

  for (int i = 0; i < 3; i++)
    count[i] = (size_t) (box->hi[i] - box->lo[i] + 1);
  /* One run of bytes on both sides: a part of a row, or whole rows
     (planes) where the device rows are not padded.  */
  if ((count[1] == 1 && count[2] == 1)
      || (l->pitch == l->row_bytes && count[0] == (size_t) entry->nx
          && (count[2] == 1 || count[1] == (size_t) entry->ny)))
    {
      size_t bytes = count[0] * count[1] * count[2] * e;
      size_t h_off = (size_t) mintrt_element_offset (box, entry->nx,
                                                     entry->nx * entry->ny)
                     * e;
      CUdeviceptr d = device_element (entry, box);
      r = to_device ? CU (cuMemcpyHtoDAsync) (d, h + h_off, bytes, stream)
                    : CU (cuMemcpyDtoHAsync) (h + h_off, d, bytes, stream);
    }
  else
    {
      CUDA_MEMCPY3D copy;

      memset (&copy, 0, sizeof copy);
      copy.srcXInBytes = copy.dstXInBytes = (size_t) box->lo[0] * e;
      copy.srcY = copy.dstY = (size_t) box->lo[1];
      copy.srcZ = copy.dstZ = (size_t) box->lo[2];
      copy.srcHeight = copy.dstHeight = (size_t) entry->ny;
      if (to_device)
        {
          copy.srcMemoryType = CU_MEMORYTYPE_HOST;
          copy.srcHost = host;
          copy.srcPitch = l->row_bytes;
          copy.dstMemoryType = CU_MEMORYTYPE_DEVICE;
          copy.dstDevice = device;
          copy.dstPitch = l->pitch;
        }
      else
        {
          copy.srcMemoryType = CU_MEMORYTYPE_DEVICE;
          copy.srcDevice = device;
          copy.srcPitch = l->pitch;
          copy.dstMemoryType = CU_MEMORYTYPE_HOST;
          copy.dstHost = host;
          copy.dstPitch = l->row_bytes;
        }
      copy.WidthInBytes = count[0] * e;
      copy.Height = count[1];
      copy.Depth = count[2];
      r = CU (cuMemcpy3DAsync) (&copy, stream);
    }
  if (r == CUDA_SUCCESS)
    r = CU (cuStreamSynchronize) (stream);
  if (r != CUDA_SUCCESS)
    mintrt_fatal (site->file, site->line, "%s failed: %s", what,
                  mintrt_cu_error (r));
}

void
mintrt_read_element (const struct mintrt_present *entry,
                     const struct mintrt_box *box, size_t skip, size_t bytes,
                     void *value, const char *file, unsigned line)
{
  CUstream stream = mintrt_device.update_stream;
  CUresult r = CU (cuMemcpyDtoHAsync) (value,
                                       device_element (entry, box) + skip,
                                       bytes, stream);
  if (r == CUDA_SUCCESS)
    r = CU (cuStreamSynchronize) (stream);
  if (r != CUDA_SUCCESS)
    mintrt_fatal (file, line, "reading a value from the device copy of the "
                  "array copied at %s:%u failed: %s", entry->file,
                  entry->line, mintrt_cu_error (r));
}

/* The box of all of ENTRY.  */
static struct mintrt_box
whole_box (const struct mintrt_present *entry)
{
  struct mintrt_box box = {
    { 0, 0, 0 }, { entry->nx - 1, entry->ny - 1, entry->nz - 1 }
  };
  return box;
}

void
mintrt_transfer_whole (struct mintrt_present *entry, void *host,
                       bool to_device, const struct mint_site *site)
{
  struct mintrt_box box = whole_box (entry);
  char what[256];

  snprintf (what, sizeof what, "copy %s of the array at %p (%lldx%lldx%lld "
            "elements of %zu bytes)", to_device ? "toDevice" : "fromDevice",
            entry->host, entry->nx, entry->ny, entry->nz, entry->elem_size);
  mintrt_transfer (entry, host, &box, to_device, what, site);
}
