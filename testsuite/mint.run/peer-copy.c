/* Device copies shared between two processes (mint_share, mint_peer_pair,
   mint_peer_ready, mint_peer_get), as ranks of MPI on one node use them
   for a halo exchange: here a parent and its child, with pipes for the
   handles and for the order.  Each computes its slab, copies the other's
   boundary plane into its ghost plane and a box of the other's into a box
   of its own, then a kernel reads them.  On a GPU the copies go between
   the device copies (CUDA IPC); where there are none to pair (the host
   fallback, a build without the plugin) the program sends them through
   the pipes, and the result must be the same.  Then the errors: a get
   without a pairing, a box outside the other's copy, elements of another
   size.  */
/* { dg-do run } */
#include "mint-test.h"

#include <sys/wait.h>
#include <unistd.h>

#ifdef __MINT__
#include <mint/mintrt.h>
#endif

#define NX 21
#define NY 7
#define NZ 6
#define VALUE(role, z, y, x) (1.0 + (role) + 0.01 * (x) + 0.1 * (y) + (z))
/* The box copied besides the plane: x 2:5, y 1:3 of the top ghost plane,
   from (3, 2, 1) of the other's.  */
#define BOX_X 2
#define BOX_NX 5
#define BOX_Y 1
#define BOX_NY 3
#define FROM_X 3
#define FROM_Y 2
#define FROM_Z 1

/* The pipes to and from the other process.  */
struct channel
{
  int to, from;
};

static void
send_bytes (const struct channel *c, const void *p, size_t n)
{
  if (write (c->to, p, n) != (ssize_t) n)
    {
      perror ("peer-copy: write");
      exit (2);
    }
}

static void
receive_bytes (const struct channel *c, void *p, size_t n)
{
  for (size_t got = 0; got < n;)
    {
      ssize_t r = read (c->from, (char *) p + got, n - got);
      if (r <= 0)
        {
          perror ("peer-copy: read");
          exit (2);
        }
      got += (size_t) r;
    }
}

/* Neither process goes on before the other got here.  */
static void
handshake (const struct channel *c)
{
  char token = 't';
  send_bytes (c, &token, 1);
  receive_bytes (c, &token, 1);
}

/* Pairs the device copy of HOST with the other process's copy of its
   array, as peer OTHER; 1 where both pairings hold.  */
static int
pair (const struct channel *c, void *host, int other)
{
  int paired = 0, other_paired;
#ifdef __MINT__
  struct mint_share mine, theirs;
  mint_share (host, &mine);
  send_bytes (c, &mine, sizeof mine);
  receive_bytes (c, &theirs, sizeof theirs);
  paired = mint_peer_pair (host, other, &theirs);
#else
  (void) host;
  (void) other;
#endif
  send_bytes (c, &paired, sizeof paired);
  receive_bytes (c, &other_paired, sizeof other_paired);
  return paired && other_paired;
}

/* Copies the other's plane NZ - 2 into plane 0 of HOST's device copy and
   the box, between the device copies.  */
static void
get_from_peer (void *host, int other)
{
#ifdef __MINT__
  mint_peer_get (host, 0, NX, 0, NY, 0, 1, other, 0, 0, NZ - 2);
  mint_peer_get (host, BOX_X, BOX_NX, BOX_Y, BOX_NY, NZ - 1, 1, other,
                 FROM_X, FROM_Y, FROM_Z);
#else
  (void) host;
  (void) other;
#endif
}

/* One process's part, ROLE 0 or 1: its slab U, the result into W.
   Returns whether the copies went between the device copies.  */
static int
exchange (const struct channel *c, int role, double (*u)[NY][NX],
          double (*w)[NY][NX])
{
  const int other = 1 - role;
  int paired;
#pragma mint copy(u, toDevice, NX, NY, NZ)
#pragma mint copy(w, toDevice, NX, NY, NZ)
#pragma mint parallel
  {
#pragma mint for nest(all) nowait
    for (int z = 1; z < NZ - 1; z++)
      for (int y = 0; y < NY; y++)
        for (int x = 0; x < NX; x++)
          u[z][y][x] = VALUE (role, z, y, x);
    paired = pair (c, &u[0][0][0], other);
#ifdef __MINT__
    /* The other process copies these once computed.  */
    mint_peer_ready (&u[0][0][0], 0, NX, 0, NY, NZ - 2, 1);
    mint_peer_ready (&u[0][0][0], FROM_X, BOX_NX, FROM_Y, BOX_NY, FROM_Z, 1);
#endif
    handshake (c);
    if (paired)
      get_from_peer (&u[0][0][0], other);
    else
      {
#pragma mint update(u, toHost, 0:NX, 0:NY, 1:NZ - 2)
        send_bytes (c, &u[NZ - 2][0][0], sizeof u[0]);
        for (int y = 0; y < BOX_NY; y++)
          send_bytes (c, &u[FROM_Z][FROM_Y + y][FROM_X],
                      BOX_NX * sizeof (double));
        receive_bytes (c, &u[0][0][0], sizeof u[0]);
        for (int y = 0; y < BOX_NY; y++)
          receive_bytes (c, &u[NZ - 1][BOX_Y + y][BOX_X],
                         BOX_NX * sizeof (double));
#pragma mint update(u, toDevice, 0:NX, 0:NY, 0:1)
#pragma mint update(u, toDevice, BOX_X:BOX_NX, BOX_Y:BOX_NY, NZ - 1:1)
      }
    /* Neither writes what the other still copies.  */
    handshake (c);
#pragma mint for nest(all)
    for (int z = 1; z < NZ - 1; z++)
      for (int y = 0; y < NY; y++)
        for (int x = 0; x < NX; x++)
          w[z][y][x] = u[z - 1][y][x] + 2.0 * u[z][y][x] + u[z + 1][y][x];
#ifdef __MINT__
    mint_peer_unpair (other);
#endif
    /* Neither frees a copy the other still has paired.  */
    handshake (c);
  }
#pragma mint copy(w, fromDevice, NX, NY, NZ)
  return paired;
}

/* What ROLE's W must hold; its ghost planes start as START.  */
static void
expected (int role, double start, double (*ref)[NY][NX])
{
  double u[NZ][NY][NX];
  for (int z = 0; z < NZ; z++)
    for (int y = 0; y < NY; y++)
      for (int x = 0; x < NX; x++)
        u[z][y][x] = z == 0 ? VALUE (1 - role, NZ - 2, y, x)
                     : z < NZ - 1 ? VALUE (role, z, y, x) : start;
  for (int y = 0; y < BOX_NY; y++)
    for (int x = 0; x < BOX_NX; x++)
      u[NZ - 1][BOX_Y + y][BOX_X + x]
        = VALUE (1 - role, FROM_Z, FROM_Y + y, FROM_X + x);
  for (int z = 0; z < NZ; z++)
    for (int y = 0; y < NY; y++)
      for (int x = 0; x < NX; x++)
        ref[z][y][x] = z == 0 || z == NZ - 1 ? -1.0
                       : u[z - 1][y][x] + 2.0 * u[z][y][x] + u[z + 1][y][x];
}

/* ROLE's part and its check; its exit status.  */
static int
run_role (const struct channel *c, int role)
{
  static double u[NZ][NY][NX], w[NZ][NY][NX], ref[NZ][NY][NX];
  char what[96];

  for (int z = 0; z < NZ; z++)
    for (int y = 0; y < NY; y++)
      for (int x = 0; x < NX; x++)
        {
          u[z][y][x] = 5.0;
          w[z][y][x] = -1.0;
        }
  int paired = exchange (c, role, u, w);
  expected (role, 5.0, ref);
  snprintf (what, sizeof what, "process %d, planes %s", role,
            paired ? "copied between the device copies"
                   : "sent through the pipes");
  return test_report (what, max_error (&w[0][0][0], &ref[0][0][0],
                                       (size_t) NX * NY * NZ), TOL_DOUBLE);
}

#ifdef __MINT__
/* The errors, each in a process of its own.  */
static void
get_unpaired (void *arg)
{
  static double a[2][4][8];
  (void) arg;
#pragma mint copy(a, toDevice, 8, 4, 2)
#pragma mint parallel
  {
    mint_peer_get (&a[0][0][0], 0, 8, 0, 4, 0, 1, 7, 0, 0, 1);
  }
}

static void
get_outside (void *arg)
{
  static double a[2][4][8], b[2][4][8];
  struct mint_share share;
  (void) arg;
#pragma mint copy(a, toDevice, 8, 4, 2)
#pragma mint copy(b, toDevice, 8, 4, 2)
#pragma mint parallel
  {
    mint_share (&b[0][0][0], &share);
    if (!mint_peer_pair (&a[0][0][0], 3, &share))
      exit (0);                 /* nothing paired: nothing to check */
    mint_peer_get (&a[0][0][0], 0, 8, 0, 4, 0, 1, 3, 0, 1, 0);
  }
}

static void
pair_other_size (void *arg)
{
  static double a[2][4][8];
  static float b[2][4][8];
  struct mint_share share;
  (void) arg;
#pragma mint copy(a, toDevice, 8, 4, 2)
#pragma mint copy(b, toDevice, 8, 4, 2)
#pragma mint parallel
  {
    mint_share (&b[0][0][0], &share);
    mint_peer_pair (&a[0][0][0], 3, &share);
  }
}
#endif

int
main (void)
{
  int to_child[2], to_parent[2], status = 0, child_status;

#ifdef __MINT__
  /* First: the driver does not survive a fork.  */
  status |= test_stops ("get without a pairing", get_unpaired, NULL,
                        "no copy of peer 7 is paired with it",
                        "mint_peer_get");
  status |= test_stops_on_device ("get from outside the other's copy",
                                  get_outside, NULL, "mint_peer_get from "
                                  "peer 3", "its copy has 8x4x2 elements");
  status |= test_stops ("pairing with elements of another size",
                        pair_other_size, NULL, "its elements are of 8 "
                        "bytes, the peer's of 4", "mint_peer_pair");
#endif
  fflush (stdout);
  if (pipe (to_child) != 0 || pipe (to_parent) != 0)
    {
      perror ("peer-copy: pipe");
      return 2;
    }
  pid_t pid = fork ();
  if (pid < 0)
    {
      perror ("peer-copy: fork");
      return 2;
    }
  if (pid == 0)
    {
      struct channel c = { to_parent[1], to_child[0] };
      int s = run_role (&c, 1);
      fflush (stdout);
      _exit (s);
    }
  struct channel c = { to_child[1], to_parent[0] };
  status |= run_role (&c, 0);
  status |= waitpid (pid, &child_status, 0) != pid
            || !WIFEXITED (child_status) || WEXITSTATUS (child_status) != 0;
  return status;
}
