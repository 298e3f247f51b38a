/* peer.c -- device copies shared between the processes of one node
   (mintrt.h, mint_share): handles to them, the copies of other processes
   paired with this process's, and the copies of boxes from those.  */

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "diag.h"
#include "driver.h"
#include "entry.h"
#include "memory.h"
#include "peer.h"
#include "queue.h"
#include "temporal-launch.h"

/* The boot of this node (/proc/sys/kernel/random/boot_id) into ID, or ""
   where Linux does not say: processes on two nodes see two of them.  */
static void
read_boot_id (char id[40])
{
  int fd = open ("/proc/sys/kernel/random/boot_id", O_RDONLY | O_CLOEXEC);
  ssize_t n = fd < 0 ? -1 : read (fd, id, 39);

  if (fd >= 0)
    close (fd);
  id[n > 0 ? n : 0] = '\0';
}

/* A number that tells this process from the others of the node, which
   may have its pid in another pid namespace.  */
static unsigned long long
process_token (void)
{
  static unsigned long long token;

  while (!token)
    if (getentropy (&token, sizeof token) != 0)
      token = (unsigned long long) getpid () << 32 | (unsigned) time (NULL);
  return token;
}

MINTRT_EXPORT int
mint_share_at (const char *file, unsigned line, const void *host,
               struct mint_share *handle)
{
  RUNTIME_CALL ();
  struct mintrt_share share;
  struct mintrt_present *entry;

  mintrt_decide (file, line);
  mintrt_run_held ();
  entry = mintrt_find_copy (host, "mint_share of the array", file, line);
  memset (&share, 0, sizeof share);
  memcpy (share.magic, MINTRT_SHARE_MAGIC, sizeof MINTRT_SHARE_MAGIC);
  share.elem_size = entry->elem_size;
  if (mintrt_mode == MINTRT_MODE_DEVICE && entry->alloc)
    {
      mintrt_repair_stale (entry);
      CUresult r = CU (cuIpcGetMemHandle) (&share.handle, entry->alloc);
      if (r != CUDA_SUCCESS)
        mintrt_verbose (file, line, "mint_share of the array at %p: the "
                        "driver gives no handle: %s", host,
                        mintrt_cu_error (r));
      share.on_device = r == CUDA_SUCCESS;
    }
  if (share.on_device)
    {
      /* The array stays where it is: no closing variant moves it.  */
      entry->handed_out = true;
      read_boot_id (share.boot_id);
      share.process = process_token ();
      share.alloc = entry->alloc;
      share.offset = entry->layout.offset;
      share.pitch = entry->layout.pitch;
      share.extent[0] = entry->nx;
      share.extent[1] = entry->ny;
      share.extent[2] = entry->nz;
    }
  mintrt_verbose (file, line, "mint_share of the array at %p: %s", host,
                  share.on_device ? "its device copy"
                  : "nothing to share (not on a device)");
  memset (handle, 0, sizeof *handle);
  memcpy (handle->bytes, &share, sizeof share);
  return share.on_device;
}

/* ENTRY's pairing with PEER, or NULL.  */
static struct mintrt_peer_copy *
find_peer (const struct mintrt_present *entry, int peer)
{
  for (unsigned i = 0; i < entry->npeers; i++)
    if (entry->peers[i].peer == peer)
      return &entry->peers[i];
  return NULL;
}

/* Unmaps COPY, if it is mapped.  */
static CUresult
unmap (struct mintrt_peer_copy *copy)
{
  CUresult r = CUDA_SUCCESS;

  if (copy->mapped)
    r = CU (cuIpcCloseMemHandle) (copy->mapped);
  copy->mapped = 0;
  return r;
}

CUresult
mintrt_release_peers (struct mintrt_present *entry)
{
  CUresult r = CUDA_SUCCESS;

  for (unsigned i = 0; i < entry->npeers; i++)
    {
      CUresult ri = unmap (&entry->peers[i]);
      if (r == CUDA_SUCCESS)
        r = ri;
    }
  free (entry->peers);
  entry->peers = NULL;
  entry->npeers = 0;
  return r;
}

/* Points COPY at SHARE's element (0, 0, 0): in SHARE's allocation mapped
   here (COPY's mapped), or where it is this process's own, in it.
   Returns NULL, or why it cannot.  */
static const char *
map_share (const struct mintrt_share *share, struct mintrt_peer_copy *copy)
{
  char boot_id[40];
  CUdeviceptr base = share->alloc;

  read_boot_id (boot_id);
  if (strcmp (boot_id, share->boot_id) != 0)
    return "it is on another node";
  copy->mapped = 0;
  if (share->process != process_token ())
    {
      const unsigned lazy = CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS;
      CUresult r = CU (cuIpcOpenMemHandle) (&base, share->handle, lazy);
      if (r != CUDA_SUCCESS)
        return mintrt_cu_error (r);
      copy->mapped = base;
    }
  copy->origin = base + share->offset;
  return NULL;
}

/* Adds or replaces ENTRY's pairing with PEER.  */
static void
set_peer (struct mintrt_present *entry, const struct mintrt_peer_copy *copy,
          const char *file, unsigned line)
{
  struct mintrt_peer_copy *old = find_peer (entry, copy->peer);

  if (!old)
    {
      entry->peers = mintrt_xrealloc (entry->peers, (entry->npeers + 1)
                                                    * sizeof *entry->peers);
      old = &entry->peers[entry->npeers++];
      old->mapped = 0;
    }
  CUresult r = unmap (old);
  if (r != CUDA_SUCCESS)
    mintrt_fatal (file, line, "mint_peer_pair: cannot unmap the copy of "
                  "peer %d paired before: %s", copy->peer,
                  mintrt_cu_error (r));
  *old = *copy;
}

MINTRT_EXPORT int
mint_peer_pair_at (const char *file, unsigned line, const void *host,
                   int peer, const struct mint_share *handle)
{
  RUNTIME_CALL ();
  struct mintrt_share share;
  struct mintrt_present *entry;
  struct mintrt_peer_copy copy = { .peer = peer };
  const char *why = NULL;

  mintrt_decide (file, line);
  mintrt_run_held ();
  entry = mintrt_find_copy (host, "mint_peer_pair of the array", file,
                            line);
  memcpy (&share, handle->bytes, sizeof share);
  if (memcmp (share.magic, MINTRT_SHARE_MAGIC,
              sizeof MINTRT_SHARE_MAGIC) != 0)
    mintrt_fatal (file, line, "mint_peer_pair of the array at %p with peer "
                  "%d: that is not a handle mint_share made (or not of "
                  "this version of libmintrt)", host, peer);
  if (share.elem_size != entry->elem_size)
    mintrt_fatal (file, line, "mint_peer_pair of the array at %p with peer "
                  "%d: its elements are of %zu bytes, the peer's of %llu",
                  host, peer, entry->elem_size, share.elem_size);
  if (mintrt_mode != MINTRT_MODE_DEVICE || !entry->alloc)
    why = "this array is not on a device";
  else if (!share.on_device)
    why = "the peer's array is not on a device";
  else
    why = map_share (&share, &copy);
  if (why)
    {
      mintrt_verbose (file, line, "mint_peer_pair of the array at %p with "
                      "peer %d: no copies between the devices: %s", host,
                      peer, why);
      return 0;
    }
  copy.pitch = share.pitch;
  memcpy (copy.extent, share.extent, sizeof copy.extent);
  set_peer (entry, &copy, file, line);
  mintrt_verbose (file, line, "mint_peer_pair of the array at %p with peer "
                  "%d: its copy of %lldx%lldx%lld elements%s", host, peer,
                  share.extent[0], share.extent[1], share.extent[2],
                  copy.mapped ? ", mapped here" : " (this process's own)");
  return 1;
}

MINTRT_EXPORT void
mint_peer_ready_at (const char *file, unsigned line, const void *host,
                    long long x0, long long nx, long long y0, long long ny,
                    long long z0, long long nz)
{
  RUNTIME_CALL ();
  const long long ranges[6] = { x0, nx, y0, ny, z0, nz };
  struct mintrt_present *entry;
  struct mintrt_box box;

  mintrt_decide (file, line);
  mintrt_run_held ();
  entry = mintrt_find_box (host, ranges, "mint_peer_ready of the array",
                           file, line, &box);
  if (mintrt_mode != MINTRT_MODE_DEVICE || !entry->alloc)
    return;
  mintrt_repair_stale (entry);
  mintrt_wait_for_kernels (entry, &box, false, file, line);
}

MINTRT_EXPORT void
mint_peer_unpair_at (const char *file, unsigned line, int peer)
{
  RUNTIME_CALL ();
  unsigned ended = 0;

  mintrt_decide (file, line);
  for (size_t i = 0; i < mintrt_copies.count; i++)
    {
      struct mintrt_present *entry = mintrt_copies.entries[i];
      struct mintrt_peer_copy *copy = find_peer (entry, peer);
      if (!copy)
        continue;
      CUresult r = unmap (copy);
      if (r != CUDA_SUCCESS)
        mintrt_fatal (file, line, "mint_peer_unpair of peer %d: cannot "
                      "unmap its copy paired with the array at %p: %s", peer,
                      entry->host, mintrt_cu_error (r));
      *copy = entry->peers[--entry->npeers];
      ended++;
    }
  mintrt_verbose (file, line, "mint_peer_unpair of peer %d: %u pairing%s "
                  "ended", peer, ended, ended == 1 ? "" : "s");
}

/* The box of RANGES in COPY of PEER, at FILE:LINE; errors exit.  */
static struct mintrt_box
peer_box (const struct mintrt_peer_copy *copy, const long long *ranges,
          const char *file, unsigned line)
{
  struct mintrt_box box;
  char error[256];

  if (!mintrt_box_from_ranges (&box, ranges, copy->extent, error,
                               sizeof error))
    mintrt_fatal (file, line, "mint_peer_get from peer %d: %s (its copy has "
                  "%lldx%lldx%lld elements)", copy->peer, error,
                  copy->extent[0], copy->extent[1], copy->extent[2]);
  return box;
}

/* Copies the elements FROM of COPY into the elements BOX of ENTRY's
   device copy, on the update stream, and waits for it.  */
static CUresult
copy_from_peer (const struct mintrt_present *entry,
                const struct mintrt_box *box,
                const struct mintrt_peer_copy *copy,
                const struct mintrt_box *from)
{
  size_t e = entry->elem_size;
  CUDA_MEMCPY3D c;

  memset (&c, 0, sizeof c);
  c.srcMemoryType = CU_MEMORYTYPE_DEVICE;
  c.srcDevice = copy->origin;
  c.srcPitch = copy->pitch;
  c.srcHeight = (size_t) copy->extent[1];
  c.srcXInBytes = (size_t) from->lo[0] * e;
  c.srcY = (size_t) from->lo[1];
  c.srcZ = (size_t) from->lo[2];
  c.dstMemoryType = CU_MEMORYTYPE_DEVICE;
  c.dstDevice = entry->alloc + entry->layout.offset;
  c.dstPitch = entry->layout.pitch;
  c.dstHeight = (size_t) entry->ny;
  c.dstXInBytes = (size_t) box->lo[0] * e;
  c.dstY = (size_t) box->lo[1];
  c.dstZ = (size_t) box->lo[2];
  c.WidthInBytes = (size_t) (box->hi[0] - box->lo[0] + 1) * e;
  c.Height = (size_t) (box->hi[1] - box->lo[1] + 1);
  c.Depth = (size_t) (box->hi[2] - box->lo[2] + 1);

  CUresult r = CU (cuMemcpy3DAsync) (&c, mintrt_device.update_stream);
  if (r == CUDA_SUCCESS)
    r = CU (cuStreamSynchronize) (mintrt_device.update_stream);
  return r;
}

MINTRT_EXPORT void
mint_peer_get_at (const char *file, unsigned line, void *host, long long x0,
                  long long nx, long long y0, long long ny, long long z0,
                  long long nz, int peer, long long px0, long long py0,
                  long long pz0)
{
  RUNTIME_CALL ();
  const long long ranges[6] = { x0, nx, y0, ny, z0, nz };
  const long long from_ranges[6] = { px0, nx, py0, ny, pz0, nz };
  struct mintrt_present *entry;
  struct mintrt_peer_copy *copy;
  struct mintrt_box box, from;

  mintrt_decide (file, line);
  mintrt_run_held ();
  entry = mintrt_find_box (host, ranges, "mint_peer_get into the array",
                           file, line, &box);
  copy = find_peer (entry, peer);
  if (!copy)
    mintrt_fatal (file, line, "mint_peer_get into the array at %p: no copy "
                  "of peer %d is paired with it (mint_peer_pair returned 0, "
                  "or was not called)", host, peer);
  from = peer_box (copy, from_ranges, file, line);
  if (copy->origin == entry->alloc + entry->layout.offset
      && mintrt_box_overlap (&box, &from))
    mintrt_fatal (file, line, "mint_peer_get into the array at %p from peer "
                  "%d: that is the array itself, and the boxes overlap",
                  host, peer);
  mintrt_verbose (file, line, "mint_peer_get into the array at %p: "
                  "%lld:%lld, %lld:%lld, %lld:%lld from peer %d's at (%lld, "
                  "%lld, %lld)", host, x0, nx, y0, ny, z0, nz, peer, px0, py0,
                  pz0);
  if (mintrt_box_empty (&box))
    return;
  mintrt_repair_stale (entry);
  mintrt_wait_for_kernels (entry, &box, true, file, line);
  mintrt_note_write (&mintrt_device_writes, NULL, NULL);
  mintrt_note_write (&entry->writes, NULL, NULL);
  entry->device_newer = true;
  CUresult r = copy_from_peer (entry, &box, copy, &from);
  if (r != CUDA_SUCCESS)
    mintrt_fatal (file, line, "mint_peer_get into the array at %p from peer "
                  "%d failed: %s", host, peer, mintrt_cu_error (r));
}
