/* heat3d-mpi.c -- the 3D heat equation (7-point stencil) of heat3d.c on
   several GPUs: MPI, one rank per GPU, the grid split into slabs along z,
   a halo exchange every step.

     mpicc -O2 -fplugin=mint heat3d-mpi.c -lmintrt -lm -o heat3d-mpi   # GPUs
     mpicc -O2 heat3d-mpi.c -lm -o heat3d-mpi                          # CPUs
     mpirun -np 2 ./heat3d-mpi [options] [NX NY NZ [STEPS]]

   NX x NY x NZ interior points (default 64 64 64), fixed boundary values
   around them, STEPS explicit Euler steps (default 20).  Rank r owns a slab
   of about NZ / ranks planes, plus a ghost plane on each side that holds
   its neighbour's boundary plane (or the grid's boundary).  libmintrt
   picks each rank's GPU from the node-local rank mpirun sets.

   Each step computes the new grid, then exchanges the slabs' boundary
   planes with the neighbours, one of two ways:
     host-staged (default)  `#pragma mint update(..., toHost, ...)` of the
                            planes to send, MPI_Sendrecv between host
                            arrays, `update(..., toDevice, ...)` of the
                            ghost planes;
     -d                     MPI_Sendrecv straight between the device
                            copies (mint_device_pointer), for an MPI that
                            is CUDA-aware (Open MPI: MPIX_Query_cuda_support
                            from <mpi-ext.h>); with mint's host fallback, or
                            without the plugin, these are the host arrays;
     -p                     each rank copies its neighbours' planes from
                            their device copies into its own (CUDA IPC:
                            mint_share, mint_peer_pair, mint_peer_get),
                            with any MPI, where the ranks share a node;
                            MPI carries the handles and a message each way
                            before and after the copies.  Where some
                            rank's copies cannot be paired (host fallback,
                            several nodes, GPUs without peer access), the
                            exchange is host-staged.
   -o overlaps the exchange with computing: the two planes a rank sends are
   computed first, the rest of the slab with `nowait` while the planes
   move (an update waits only for the kernels that write what it copies).

   -c  compare with the same steps on one CPU over the whole grid (every
       rank computes it): PASS or FAIL, exit status 1 on FAIL
   -t  time: W warm-up steps, then B blocks of S steps (-w W -b B -s S,
       default 5, 5, 20; STEPS is then ignored); rank 0 prints one RESULT
       line: the ms per step of the median block and the ms per step spent
       in its exchange (each the slowest rank's)
   -x  no exchange (the compute time alone; the results are wrong)  */

#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef __has_include
#if __has_include(<mpi-ext.h>)
#include <mpi-ext.h>            /* Open MPI's MPIX_Query_cuda_support */
#endif
#endif

#ifdef __MINT__                 /* compiled with the mint plugin */
#include <mint/mintrt.h>
#endif

#define TOLERANCE 1e-10
#define MAX_BLOCKS 64

#define STENCIL(U, z, y, x)                                               \
  (c0 * U[z][y][x]                                                        \
   + c1 * (U[z][y][x - 1] + U[z][y][x + 1] + U[z][y - 1][x]               \
           + U[z][y + 1][x] + U[z - 1][y][x] + U[z + 1][y][x]))

struct options
{
  int nx, ny, nz, steps;
  int overlap, device_pointers, peer, check, time, exchange;
  int warmup, blocks, block_steps;
};

/* This rank's part of the grid.  */
struct slab
{
  int rank, ranks;
  int nzl;                      /* planes it computes */
  int nzl_down;                 /* planes the rank below computes */
  int z0;                       /* global index of its ghost plane 0 */
  int down, up;                 /* neighbours, or MPI_PROC_NULL */
};

/* Timing of the run on this rank, per step of each block: all of it, and
   the part spent in the exchange.  */
struct timing
{
  double block_ms[MAX_BLOCKS];
  double halo_ms[MAX_BLOCKS];
};

static void
usage (const char *argv0)
{
  fprintf (stderr, "usage: %s [-c] [-d | -p] [-o] [-t [-w W] [-b B] "
           "[-s S]] [-x] [NX NY NZ [STEPS]]\n", argv0);
  MPI_Abort (MPI_COMM_WORLD, 2);
}

static int
positive (const char *s, const char *argv0)
{
  char *end;
  long v = strtol (s, &end, 10);
  if (*s == '\0' || *end != '\0' || v < 1 || v > 1000000)
    usage (argv0);
  return (int) v;
}

static struct options
parse_options (int argc, char **argv)
{
  struct options o = { 64, 64, 64, 20, 0, 0, 0, 0, 0, 1, 5, 5, 20 };
  int c;

  while ((c = getopt (argc, argv, "cdoptxw:b:s:")) != -1)
    switch (c)
      {
      case 'c': o.check = 1; break;
      case 'd': o.device_pointers = 1; break;
      case 'o': o.overlap = 1; break;
      case 'p': o.peer = 1; break;
      case 't': o.time = 1; break;
      case 'x': o.exchange = 0; break;
      case 'w': o.warmup = atoi (optarg); break;
      case 'b': o.blocks = positive (optarg, argv[0]); break;
      case 's': o.block_steps = positive (optarg, argv[0]); break;
      default: usage (argv[0]);
      }
  if (argc - optind != 0 && argc - optind != 3 && argc - optind != 4)
    usage (argv[0]);
  if (argc - optind >= 3)
    {
      o.nx = positive (argv[optind], argv[0]);
      o.ny = positive (argv[optind + 1], argv[0]);
      o.nz = positive (argv[optind + 2], argv[0]);
    }
  if (argc - optind == 4)
    o.steps = positive (argv[optind + 3], argv[0]);
  if (o.warmup < 0 || o.blocks > MAX_BLOCKS
      || (o.device_pointers && o.peer))
    usage (argv[0]);
  if (o.time)
    o.steps = o.warmup + o.blocks * o.block_steps;
  return o;
}

static struct slab
make_slab (int nz)
{
  struct slab s;
  MPI_Comm_rank (MPI_COMM_WORLD, &s.rank);
  MPI_Comm_size (MPI_COMM_WORLD, &s.ranks);
  s.nzl = nz / s.ranks + (s.rank < nz % s.ranks);
  s.nzl_down = nz / s.ranks + (s.rank - 1 < nz % s.ranks);
  s.z0 = s.rank * (nz / s.ranks) + (s.rank < nz % s.ranks ? s.rank
                                                          : nz % s.ranks);
  s.down = s.rank > 0 ? s.rank - 1 : MPI_PROC_NULL;
  s.up = s.rank < s.ranks - 1 ? s.rank + 1 : MPI_PROC_NULL;
  return s;
}

/* Whether MPI can read and write device memory (CUDA-aware).  */
static int
mpi_is_cuda_aware (void)
{
#if defined MPIX_CUDA_AWARE_SUPPORT && MPIX_CUDA_AWARE_SUPPORT
  return MPIX_Query_cuda_support ();
#else
  return 0;
#endif
}

static void *
xmalloc (size_t bytes)
{
  void *p = malloc (bytes);
  if (!p)
    {
      fprintf (stderr, "heat3d-mpi: out of memory (%zu bytes)\n", bytes);
      MPI_Abort (MPI_COMM_WORLD, 1);
    }
  return p;
}

/* Global planes Z0 .. Z0 + NZ - 1 of the initial grid, boundary included
   (global x, y, z run over 0 .. n + 1): a smooth bump plus a ripple.
   Separable, so filling a large grid costs a multiply-add per point.  */
static void
initialize (int nx, int ny, int nz_global, int z0, int nz,
            double (*u)[ny + 2][nx + 2])
{
  const double pi = 3.14159265358979323846;
  double *fx = xmalloc ((size_t) (nx + 2) * sizeof *fx);
  double *gx = xmalloc ((size_t) (nx + 2) * sizeof *gx);
  double *fy = xmalloc ((size_t) (ny + 2) * sizeof *fy);
  double *gy = xmalloc ((size_t) (ny + 2) * sizeof *gy);

  for (int x = 0; x < nx + 2; x++)
    {
      double t = (double) x / (nx + 1);
      fx[x] = exp (-8.0 * (t - 0.4) * (t - 0.4));
      gx[x] = 0.1 * sin (7.0 * pi * t);
    }
  for (int y = 0; y < ny + 2; y++)
    {
      double t = (double) y / (ny + 1);
      fy[y] = exp (-8.0 * (t - 0.5) * (t - 0.5));
      gy[y] = cos (5.0 * pi * t);
    }
  for (int z = 0; z < nz; z++)
    {
      double t = (double) (z0 + z) / (nz_global + 1);
      double fz = exp (-8.0 * (t - 0.6) * (t - 0.6)), gz = 1.0 + t;
      for (int y = 0; y < ny + 2; y++)
        for (int x = 0; x < nx + 2; x++)
          u[z][y][x] = fx[x] * fy[y] * fz + gx[x] * gy[y] * gz;
    }
  free (fx);
  free (gx);
  free (fy);
  free (gy);
}

/* Send SEND_UP (to the rank above) and SEND_DOWN, receive RECV_DOWN
   (from below) and RECV_UP; COUNT items of TYPE each.  */
static void
sendrecv_neighbours (const struct slab *s, void *send_up, void *send_down,
                     void *recv_down, void *recv_up, int count,
                     MPI_Datatype type)
{
  MPI_Sendrecv (send_up, count, type, s->up, 0, recv_down, count, type,
                s->down, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Sendrecv (send_down, count, type, s->down, 1, recv_up, count, type,
                s->up, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

/* For the exchange between device copies: the address of plane Z of the
   array whose host key is HOST, and the length of a plane there (rows
   are padded on the device, alike on every rank); *ON_DEVICE says
   whether it is device memory.  */
static double *
device_plane (void *host, int nx, int ny, int z, int *count, int *on_device)
{
#ifdef __MINT__
  struct mint_layout layout;
  double *p = mint_device_pointer (host, 0, nx + 2, 0, ny + 2, z, 1,
                                   &layout);
  *count = (int) layout.plane_stride;
  *on_device = layout.on_device;
  return p;
#else
  *count = (nx + 2) * (ny + 2);
  *on_device = 0;
  return (double *) host + (size_t) z * *count;
#endif
}

static void
exchange_device (const struct slab *s, void *host, int nx, int ny)
{
  int count, on_device;
  double *send_up = device_plane (host, nx, ny, s->nzl, &count, &on_device);
  double *send_down = device_plane (host, nx, ny, 1, &count, &on_device);
  double *recv_down = device_plane (host, nx, ny, 0, &count, &on_device);
  double *recv_up = device_plane (host, nx, ny, s->nzl + 1, &count,
                                  &on_device);
  if (on_device && !mpi_is_cuda_aware ())
    {
      if (s->rank == 0)
        fprintf (stderr, "heat3d-mpi: -d hands device memory to MPI, but "
                 "this MPI is not CUDA-aware: run without -d\n");
      MPI_Abort (MPI_COMM_WORLD, 2);
    }
  sendrecv_neighbours (s, send_up, send_down, recv_down, recv_up, count,
                       MPI_DOUBLE);
}

/* A message each way between neighbours: neither goes on before the
   other got here.  */
static void
handshake (const struct slab *s)
{
  sendrecv_neighbours (s, NULL, NULL, NULL, NULL, 0, MPI_BYTE);
}

#ifdef __MINT__
/* -p: pairs the device copy of the array whose host key is HOST with
   the neighbours' copies of theirs; returns 1 where both can be copied
   from.  */
static int
pair_array (const struct slab *s, void *host)
{
  struct mint_share mine, from_down, from_up;
  int paired = 1;

  mint_share (host, &mine);
  sendrecv_neighbours (s, &mine, &mine, &from_down, &from_up, sizeof mine,
                       MPI_BYTE);
  if (s->down != MPI_PROC_NULL)
    paired &= mint_peer_pair (host, s->down, &from_down);
  if (s->up != MPI_PROC_NULL)
    paired &= mint_peer_pair (host, s->up, &from_up);
  return paired;
}
#endif

/* -p: pairs the device copies of A and B with the neighbours' copies of
   theirs (A with A: the ranks swap their arrays in step).  Returns 1
   where every rank's copies can be copied from, else 0 on every rank
   (then the exchange goes through the host).  */
static int
pair_neighbours (const struct slab *s, void *a, void *b)
{
#ifdef __MINT__
  int paired = pair_array (s, a) & pair_array (s, b);
#else
  int paired = 0;
  (void) s;
  (void) a;
  (void) b;
#endif
  int everywhere = 0;
  MPI_Allreduce (&paired, &everywhere, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  return everywhere;
}

/* Ends the pairings of pair_neighbours, and waits for every rank to end
   its own, before any rank frees its device copies (at the end of the
   region).  */
static void
unpair_neighbours (const struct slab *s)
{
#ifdef __MINT__
  if (s->down != MPI_PROC_NULL)
    mint_peer_unpair (s->down);
  if (s->up != MPI_PROC_NULL)
    mint_peer_unpair (s->up);
#else
  (void) s;
#endif
  MPI_Barrier (MPI_COMM_WORLD);
}

/* -p: each rank copies the neighbours' boundary planes of the array
   whose host key is HOST into its ghost planes.  */
static void
exchange_peer (const struct slab *s, void *host, int nx, int ny)
{
#ifdef __MINT__
  /* The planes the neighbours copy are computed...  */
  mint_peer_ready (host, 0, nx + 2, 0, ny + 2, 1, 1);
  mint_peer_ready (host, 0, nx + 2, 0, ny + 2, s->nzl, 1);
  handshake (s);
  /* ...on both sides, before they are copied.  */
  if (s->down != MPI_PROC_NULL)
    mint_peer_get (host, 0, nx + 2, 0, ny + 2, 0, 1, s->down, 0, 0,
                   s->nzl_down);
  if (s->up != MPI_PROC_NULL)
    mint_peer_get (host, 0, nx + 2, 0, ny + 2, s->nzl + 1, 1, s->up, 0, 0,
                   1);
  /* Neither rank writes a plane the other still copies.  */
  handshake (s);
#else
  (void) s;
  (void) host;
  (void) nx;
  (void) ny;
#endif
}

/* STEPS steps on this rank's slab U (UNEW: scratch of the same shape);
   returns the array that holds the result.  */
static void *
heat_mint (const struct options *o, const struct slab *s, int nx, int ny,
           double c0, double c1, double (*U)[ny + 2][nx + 2],
           double (*Unew)[ny + 2][nx + 2], struct timing *timing)
{
  const int nzl = s->nzl;
  const int plane = (nx + 2) * (ny + 2);
  const int down = s->down != MPI_PROC_NULL, up = s->up != MPI_PROC_NULL;
  double block_start = 0, halo_s = 0;

#pragma mint copy(U, toDevice, nx + 2, ny + 2, nzl + 2)
#pragma mint copy(Unew, toDevice, nx + 2, ny + 2, nzl + 2)
#pragma mint parallel
  {
    const int peer = o->exchange && o->peer && pair_neighbours (s, U, Unew);
    if (o->exchange && o->peer && !peer && s->rank == 0)
      printf ("  (-p: the device copies of some ranks cannot be paired: "
              "host-staged)\n");
    for (int t = 0; t < o->steps; t++)
      {
        int timed = o->time && t >= o->warmup;
        if (timed && (t - o->warmup) % o->block_steps == 0)
          {
#pragma mint barrier
            MPI_Barrier (MPI_COMM_WORLD);
            block_start = MPI_Wtime ();
            halo_s = 0;
          }

        if (o->overlap)
          {
            /* The planes the neighbours need first...  */
#pragma mint for nest(all) tile(32, 8) nowait
            for (int y = 1; y <= ny; y++)
              for (int x = 1; x <= nx; x++)
                Unew[1][y][x] = STENCIL (U, 1, y, x);
            if (nzl > 1)
              {
#pragma mint for nest(all) tile(32, 8) nowait
                for (int y = 1; y <= ny; y++)
                  for (int x = 1; x <= nx; x++)
                    Unew[nzl][y][x] = STENCIL (U, nzl, y, x);
              }
            /* ...then the rest of the slab, while they move.  */
#pragma mint for nest(all) tile(32, 8, 6) chunksize(1, 1, 6) nowait
            for (int z = 2; z < nzl; z++)
              for (int y = 1; y <= ny; y++)
                for (int x = 1; x <= nx; x++)
                  Unew[z][y][x] = STENCIL (U, z, y, x);
          }
        else
          {
#pragma mint for nest(all) tile(32, 8, 6) chunksize(1, 1, 6)
            for (int z = 1; z <= nzl; z++)
              for (int y = 1; y <= ny; y++)
                for (int x = 1; x <= nx; x++)
                  Unew[z][y][x] = STENCIL (U, z, y, x);
          }

        double halo_start = MPI_Wtime ();
        if (o->exchange && o->device_pointers)
          exchange_device (s, &Unew[0][0][0], nx, ny);
        else if (peer)
          exchange_peer (s, &Unew[0][0][0], nx, ny);
        else if (o->exchange)
          {
            if (down)
              {
#pragma mint update(Unew, toHost, 0:nx + 2, 0:ny + 2, 1:1)
              }
            if (up)
              {
#pragma mint update(Unew, toHost, 0:nx + 2, 0:ny + 2, nzl:1)
              }
            sendrecv_neighbours (s, &Unew[nzl][0][0], &Unew[1][0][0],
                                 &Unew[0][0][0], &Unew[nzl + 1][0][0],
                                 plane, MPI_DOUBLE);
            if (down)
              {
#pragma mint update(Unew, toDevice, 0:nx + 2, 0:ny + 2, 0:1)
              }
            if (up)
              {
#pragma mint update(Unew, toDevice, 0:nx + 2, 0:ny + 2, nzl + 1:1)
              }
          }
        if (timed)
          halo_s += MPI_Wtime () - halo_start;

#pragma mint single
        {
          double (*tmp)[ny + 2][nx + 2] = U;
          U = Unew;
          Unew = tmp;
        }

        if (timed && (t + 1 - o->warmup) % o->block_steps == 0)
          {
#pragma mint barrier
            MPI_Barrier (MPI_COMM_WORLD);
            int block = (t - o->warmup) / o->block_steps;
            timing->block_ms[block]
              = (MPI_Wtime () - block_start) * 1e3 / o->block_steps;
            timing->halo_ms[block] = halo_s * 1e3 / o->block_steps;
          }
      }
    if (o->exchange && o->peer)
      unpair_neighbours (s);
  }
#pragma mint copy(U, fromDevice, nx + 2, ny + 2, nzl + 2)
  return U;
}

/* The same steps on the whole grid, plain C, as the reference.  */
static void *
heat_cpu (int nx, int ny, int nz, int steps, double c0, double c1,
          double (*U)[ny + 2][nx + 2], double (*Unew)[ny + 2][nx + 2])
{
  for (int t = 0; t < steps; t++)
    {
      for (int z = 1; z <= nz; z++)
        for (int y = 1; y <= ny; y++)
          for (int x = 1; x <= nx; x++)
            Unew[z][y][x] = STENCIL (U, z, y, x);
      double (*tmp)[ny + 2][nx + 2] = U;
      U = Unew;
      Unew = tmp;
    }
  return U;
}

/* max |a - r| / max |r| over this rank's planes, on every rank.  */
static double
check_against_cpu (const struct options *o, const struct slab *s, int nx,
                   int ny, double c0, double c1, double (*u)[ny + 2][nx + 2])
{
  const int nz = o->nz;
  size_t bytes = (size_t) (nz + 2) * (ny + 2) * (nx + 2) * sizeof (double);
  double (*a)[ny + 2][nx + 2] = xmalloc (bytes);
  double (*b)[ny + 2][nx + 2] = xmalloc (bytes);
  double local[2] = { 0, 0 }, global[2];

  initialize (nx, ny, nz, 0, nz + 2, a);
  memcpy (b, a, bytes);
  double (*ref)[ny + 2][nx + 2] = heat_cpu (nx, ny, nz, o->steps, c0, c1,
                                             a, b);
  for (int z = 1; z <= s->nzl; z++)
    for (int y = 1; y <= ny; y++)
      for (int x = 1; x <= nx; x++)
        {
          double r = ref[s->z0 + z][y][x], d = fabs (u[z][y][x] - r);
          local[0] = fmax (local[0], isnan (d) ? INFINITY : d);
          local[1] = fmax (local[1], fabs (r));
        }
  MPI_Allreduce (local, global, 2, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  free (a);
  free (b);
  return global[0] / global[1];
}

/* The block of median time, its time and its exchange's time per step,
   each the slowest rank's, on rank 0.  */
static void
report_time (const struct options *o, const struct slab *s,
             const struct timing *timing)
{
  double ms[MAX_BLOCKS], halo_ms[MAX_BLOCKS];

  MPI_Reduce (timing->block_ms, ms, o->blocks, MPI_DOUBLE, MPI_MAX, 0,
              MPI_COMM_WORLD);
  MPI_Reduce (timing->halo_ms, halo_ms, o->blocks, MPI_DOUBLE, MPI_MAX, 0,
              MPI_COMM_WORLD);
  if (s->rank != 0)
    return;
  for (int b = 0; b < o->blocks; b++)
    {
      int below = 0, same = 0;
      for (int c = 0; c < o->blocks; c++)
        {
          below += ms[c] < ms[b];
          same += ms[c] == ms[b];
        }
      if (below <= o->blocks / 2 && o->blocks / 2 < below + same)
        {
          printf ("RESULT ranks=%d nx=%d ny=%d nz=%d overlap=%d halo=%s "
                  "ms_per_step=%.4f halo_ms_per_step=%.4f\n", s->ranks,
                  o->nx, o->ny, o->nz, o->overlap,
                  !o->exchange ? "none"
                  : o->device_pointers ? "device"
                  : o->peer ? "peer" : "host", ms[b],
                  halo_ms[b]);
          return;
        }
    }
}

int
main (int argc, char **argv)
{
  MPI_Init (&argc, &argv);
  struct options o = parse_options (argc, argv);
  struct slab s = make_slab (o.nz);
  const int nx = o.nx, ny = o.ny;

  if (o.nz < s.ranks)
    {
      if (s.rank == 0)
        fprintf (stderr, "heat3d-mpi: %d planes cannot go to %d ranks\n",
                 o.nz, s.ranks);
      MPI_Finalize ();
      return 2;
    }

  const double n = fmax (fmax (o.nx, o.ny), o.nz);
  const double kappa = 1.0, dx = 1.0 / (n + 1), dt = 0.1 * dx * dx / kappa;
  const double c1 = kappa * dt / (dx * dx), c0 = 1.0 - 6.0 * c1;
  size_t bytes = (size_t) (s.nzl + 2) * (ny + 2) * (nx + 2) * sizeof (double);
  double (*U)[ny + 2][nx + 2] = xmalloc (bytes);
  double (*Unew)[ny + 2][nx + 2] = xmalloc (bytes);
  struct timing timing;

  initialize (nx, ny, o.nz, s.z0, s.nzl + 2, U);
  memcpy (Unew, U, bytes);
  if (s.rank == 0)
    printf ("heat3d-mpi: %dx%dx%d points on %d rank%s, %d steps, halo %s%s\n",
            nx, ny, o.nz, s.ranks, s.ranks == 1 ? "" : "s", o.steps,
            !o.exchange ? "not exchanged"
            : o.device_pointers ? "between device copies (MPI_Sendrecv)"
            : o.peer ? "copied from the neighbours' device copies"
            : "staged through the host (update + MPI_Sendrecv)",
            o.overlap ? ", overlapped with the interior" : "");
  double (*result)[ny + 2][nx + 2] = heat_mint (&o, &s, nx, ny, c0, c1, U,
                                                Unew, &timing);

  int status = 0;
  if (o.check)
    {
      double err = check_against_cpu (&o, &s, nx, ny, c0, c1, result);
      status = !(err <= TOLERANCE);
      if (s.rank == 0)
        printf ("  max relative error %.3e against one CPU (tolerance "
                "%.0e): %s\n", err, TOLERANCE, status ? "FAIL" : "PASS");
    }
  if (o.time)
    report_time (&o, &s, &timing);

  free (U);
  free (Unew);
  MPI_Finalize ();
  return status;
}
