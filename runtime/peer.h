/* peer.h -- the copies of other processes paired with this process's
   device copies (peer.c).  */

#ifndef MINTRT_PEER_H
#define MINTRT_PEER_H

#include "cuda-min.h"
#include "mint/mintrt.h"
#include "present.h"

/* The first bytes of a handle (mint_share).  */
#define MINTRT_SHARE_MAGIC "mint-share 1"

/* What a struct mint_share holds.  */
struct mintrt_share
{
  char magic[16];               /* MINTRT_SHARE_MAGIC */
  int on_device;                /* 0: nothing to share */
  char boot_id[40];             /* the node's boot, as Linux names it */
  unsigned long long process;   /* the sharing process (peer.c) */
  CUipcMemHandle handle;        /* its allocation */
  CUdeviceptr alloc;            /* the allocation in the sharing process */
  unsigned long long offset;    /* bytes from it to element (0, 0, 0) */
  unsigned long long elem_size;
  unsigned long long pitch;     /* bytes from a row to the next */
  long long extent[3];          /* x, y (rows from a plane to the next),
                                   z */
};

_Static_assert (sizeof (struct mintrt_share) <= MINT_SHARE_BYTES,
                "struct mintrt_share does not fit in struct mint_share");

/* Ends ENTRY's pairings (at the end of its region).  */
CUresult mintrt_release_peers (struct mintrt_present *entry);

#endif /* MINTRT_PEER_H */
