/* A function of the unit that uses an array's pointer only as an
   argument of libmintrt's functions (a halo exchange through
   mint_device_pointer or mint_peer_get), or of functions that do the
   same, reads none of the host's elements: calls of it in a parallel
   region are fine without an update.  One that also reads an element, or
   keeps the pointer elsewhere, still sees the out-of-date copy.  */
/* { dg-do compile } */

#include <mint/mintrt.h>

#define N 64

static void
exchange (double *u, int peer)
{
  mint_peer_ready (u, 1, 1, 0, 1, 0, 1);
  mint_peer_get (u, 0, 1, 0, 1, 0, 1, peer, N - 2, 0, 0);
}

static void
exchange_twice (double *u, int peer)
{
  exchange (u, peer);
  exchange (u, peer + 1);
}

static int
pair (double *u, int peer, const struct mint_share *theirs)
{
  struct mint_share mine;
  mint_share (u, &mine);
  return mint_peer_pair (u, peer, theirs);
}

static double
exchange_and_read (double *u, int peer)
{
  exchange (u, peer);
  return u[0];
}

static void
exchange_kept (double *u, int peer)
{
  double *kept[1] = { u };
  exchange (kept[0], peer);
}

void
step (double *u, double *v, const struct mint_share *theirs, double *out)
{
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint parallel
  {
    int paired = pair (u, 1, theirs);
    for (int t = 0; t < 4; t++)
      {
#pragma mint for
        for (int i = 1; i < N - 1; i++)
          v[i] = 0.5 * (u[i - 1] + u[i + 1]);
#pragma mint for
        for (int i = 1; i < N - 1; i++)
          u[i] = v[i];
        if (paired)
          exchange_twice (u, 1);
      }
    out[0] = exchange_and_read (v, 1); /* { dg-error "the call to .exchange_and_read. can reach the elements of .v." } */
    exchange_kept (u, 1); /* { dg-error "the call to .exchange_kept. can reach the elements of .u." } */
  }
#pragma mint copy(u, fromDevice, N)
}
