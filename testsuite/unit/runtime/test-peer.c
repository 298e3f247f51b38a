/* Device copies shared between processes (peer.c) on the fake driver:
   a box copied from a copy of other extents, this process's own and one
   "of another process" (the handle's process changed, so that the copy is
   mapped through cuIpcOpenMemHandle and unmapped by mint_peer_unpair or
   at the region's end); a handle from another node pairs nothing; a copy
   into the box it is copied from stops; on the host fallback nothing is
   shared or paired.  */

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "mint/mintrt.h"
#include "peer.h"

static const struct mint_site site = { MINT_ABI_VERSION, 7, "peer.c" };

/* A: 5 x 3 x 4 elements, B: 6 x 4 x 3, each element its own value.  */
#define AX 5
#define AY 3
#define AZ 4
#define BX 6
#define BY 4
#define BZ 3

static double a[AZ][AY][AX], b[BZ][BY][BX];

static void
fill (void)
{
  for (int z = 0; z < AZ; z++)
    for (int y = 0; y < AY; y++)
      for (int x = 0; x < AX; x++)
        a[z][y][x] = 100 * z + 10 * y + x;
  for (int z = 0; z < BZ; z++)
    for (int y = 0; y < BY; y++)
      for (int x = 0; x < BX; x++)
        b[z][y][x] = -(100 * z + 10 * y + x) - 0.5;
}

/* A holds its own values but in the box x 1:2, y 0:2, z 3:1, which holds
   B's from (3, 1, 2) on.  */
static bool
box_copied (void)
{
  for (int z = 0; z < AZ; z++)
    for (int y = 0; y < AY; y++)
      for (int x = 0; x < AX; x++)
        {
          bool in = z == 3 && y < 2 && x >= 1 && x < 3;
          double want = in ? b[2][1 + y][3 + x - 1] : 100 * z + 10 * y + x;
          if (a[z][y][x] != want)
            {
              fprintf (stderr, "a[%d][%d][%d] = %g, want %g\n", z, y, x,
                       a[z][y][x], want);
              return false;
            }
        }
  return true;
}

static int *
fake_counter (const char *name)
{
  void *fake = dlopen (getenv ("MINT_CUDA_LIBRARY"), RTLD_NOW | RTLD_NOLOAD);
  return fake ? dlsym (fake, name) : NULL;
}

/* Copies A and B to the device, opens a region and makes B's handle.  */
static void
begin (struct mint_share *share)
{
  fill ();
  mint_copy_to_device (&site, a, sizeof (double), AX, AY, AZ, 0, 0);
  mint_copy_to_device (&site, b, sizeof (double), BX, BY, BZ, 0, 0);
  mint_region_begin (&site);
  CHECK (mint_share (b, share) == 1);
}

/* Copies the box from the copy paired as peer 3 and A back.  */
static void
get_box (void)
{
  mint_peer_ready (b, 3, 2, 1, 2, 2, 1);
  mint_peer_get (a, 1, 2, 0, 2, 3, 1, 3, 3, 1, 2);
}

static void
end (void)
{
  mint_copy_from_device (&site, a, sizeof (double), AX, AY, AZ, 0);
  mint_region_end (&site);
}

/* This process's own copy: no mapping.  */
static void
own_copy (void)
{
  struct mint_share share;
  begin (&share);
  CHECK (mint_peer_pair (a, 3, &share) == 1);
  get_box ();
  end ();
  CHECK (box_copied ());
  int *opens = fake_counter ("fake_ipc_opens");
  CHECK (opens && *opens == 0);
}

/* Another process's: mapped, and unmapped by mint_peer_unpair, by a new
   pairing with the same peer, and at the end of the region.  */
static void
other_process (void)
{
  struct mint_share share;
  struct mintrt_share contents;
  begin (&share);
  memcpy (&contents, share.bytes, sizeof contents);
  contents.process ^= 1;
  memcpy (share.bytes, &contents, sizeof contents);
  CHECK (mint_peer_pair (a, 3, &share) == 1);
  get_box ();
  mint_peer_unpair (3);
  int *opens = fake_counter ("fake_ipc_opens");
  int *closes = fake_counter ("fake_ipc_closes");
  CHECK (opens && closes && *opens == 1 && *closes == 1);
  CHECK (mint_peer_pair (a, 3, &share) == 1);
  CHECK (mint_peer_pair (a, 3, &share) == 1);
  CHECK (*opens == 3 && *closes == 2);
  end ();
  CHECK (box_copied ());
  CHECK (*opens == 3 && *closes == 3);
}

/* A handle from another node pairs nothing; a get then stops.  */
static void
other_node (void)
{
  struct mint_share share;
  struct mintrt_share contents;
  begin (&share);
  memcpy (&contents, share.bytes, sizeof contents);
  strcpy (contents.boot_id, "another node");
  memcpy (share.bytes, &contents, sizeof contents);
  CHECK (mint_peer_pair (a, 3, &share) == 0);
  get_box ();
}

/* A copy paired with itself, from a box that overlaps the one copied
   into: an error.  */
static void
overlapping (void)
{
  struct mint_share share;
  begin (&share);
  CHECK (mint_share (a, &share) == 1);
  CHECK (mint_peer_pair (a, 3, &share) == 1);
  mint_peer_get (a, 0, 2, 0, 2, 0, 1, 3, 1, 1, 0);
}

/* Nothing to share on the host: no pairing.  */
static void
host_fallback (void)
{
  struct mint_share share;
  fill ();
  mint_copy_to_device (&site, a, sizeof (double), AX, AY, AZ, 0, 0);
  mint_copy_to_device (&site, b, sizeof (double), BX, BY, BZ, 0, 0);
  mint_region_begin (&site);
  CHECK (mint_share (b, &share) == 0);
  CHECK (mint_peer_pair (a, 3, &share) == 0);
  mint_peer_ready (b, 0, BX, 0, BY, 0, BZ);
  mint_peer_unpair (3);
  end ();
}

int
main (void)
{
  const char *fake = getenv ("MINT_TEST_FAKE_CUDA");
  char library[4096];
  struct child_result r;

  if (!fake)
    {
      fprintf (stderr, "test-peer: MINT_TEST_FAKE_CUDA is not set\n");
      return 1;
    }
  snprintf (library, sizeof library, "MINT_CUDA_LIBRARY=%s", fake);
  const char *const device[] = { library, "MINT_OFFLOAD=mandatory", NULL };
  const char *const host[] = { "MINT_OFFLOAD=disabled", NULL };

  run_child (own_copy, device, &r);
  if (!CHECK (r.exit_status == 0))
    fprintf (stderr, "own copy: %s\n", r.err);
  run_child (other_process, device, &r);
  if (!CHECK (r.exit_status == 0))
    fprintf (stderr, "another process's copy: %s\n", r.err);
  run_child (other_node, device, &r);
  CHECK (r.exit_status == 1);
  CHECK_CONTAINS (r.err, "mint_peer_get into the array at");
  CHECK_CONTAINS (r.err, "no copy of peer 3 is paired with it");
  run_child (overlapping, device, &r);
  CHECK (r.exit_status == 1);
  CHECK_CONTAINS (r.err, "that is the array itself, and the boxes overlap");
  run_child (host_fallback, host, &r);
  if (!CHECK (r.exit_status == 0))
    fprintf (stderr, "host fallback: %s\n", r.err);
  return check_status ();
}
