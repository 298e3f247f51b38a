/* One array passed to a kernel as two of its arrays, where every point
   reads and writes only its own element of both (the last stage of a
   Runge-Kutta step, state = state_init + dt * tend, with state_out and
   state_init one array): the plugin finds that the kernel may take the
   two as one array, and the launch runs, on the GPU and on the host,
   computing what the CPU does; over flat planes of the variables, which
   a loop inside the point selects, and over T *** grids.  A launch whose
   two arrays are one buffer shifted by an element still stops (at its
   copy), and so does one that reads a neighbour of the element it
   writes; `independent' asserts what the plugin cannot prove (a
   permutation's gather in place) and lets such a launch run.  */
/* { dg-do run } */
#include "mint-test.h"

#define NUM_VARS 4
#define CELLS(nx, nz) (((nx) + 2) * ((nz) + 2) * NUM_VARS)

struct grid
{
  int nx, nz;
};

/* OUT = INIT + DT * TEND over the NUM_VARS planes of (nz + 2) x (nx + 2)
   cells (a halo of one) of flat state arrays, TEND without halo.  */
static void
rk_stage_mint (double *out, double *init, const double *tend, double dt,
               const struct grid *g)
{
  int nx = g->nx, nz = g->nz, ll, k, i;
#pragma mint copy(init, toDevice, CELLS (nx, nz))
#pragma mint copy(out, toDevice, CELLS (nx, nz))
#pragma mint copy(tend, toDevice, nx * nz * NUM_VARS)
#pragma mint parallel
  {
#pragma mint for nest(2)
    for (k = 0; k < nz; k++)
      for (i = 0; i < nx; i++)
        for (ll = 0; ll < NUM_VARS; ll++)
          {
            int inds = ll * (nz + 2) * (nx + 2) + (k + 1) * (nx + 2) + i + 1;
            int indt = ll * nz * nx + k * nx + i;
            out[inds] = init[inds] + dt * tend[indt];
          }
  }
#pragma mint copy(out, fromDevice, CELLS (nx, nz))
}
enum { rk_copy_line = __LINE__ - 16 };

static void
rk_stage_plain (double *out, const double *init, const double *tend,
                double dt, const struct grid *g)
{
  int nx = g->nx, nz = g->nz;
  for (int k = 0; k < nz; k++)
    for (int i = 0; i < nx; i++)
      for (int ll = 0; ll < NUM_VARS; ll++)
        {
          int inds = ll * (nz + 2) * (nx + 2) + (k + 1) * (nx + 2) + i + 1;
          out[inds] = init[inds] + dt * tend[ll * nz * nx + k * nx + i];
        }
}

/* OUT = 2 * IN + 1 in the interior of NX x NY x NZ grids.  */
static void
twice_mint (double ***out, double ***in, int nx, int ny, int nz)
{
#pragma mint copy(in, toDevice, nx, ny, nz)
#pragma mint copy(out, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          out[z][y][x] = 2.0 * in[z][y][x] + 1.0;
  }
#pragma mint copy(out, fromDevice, nx, ny, nz)
}

/* OUT[i] = IN[i + 1] / 2: a neighbour.  */
static void
shift_mint (double *out, double *in, int n)
{
#pragma mint copy(in, toDevice, n)
#pragma mint copy(out, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n - 1; i++)
      out[i] = 0.5 * in[i + 1];
  }
#pragma mint copy(out, fromDevice, n)
}
enum { shift_line = __LINE__ - 6 };

/* OUT[P[i]] = 3 * IN[P[i]] for a permutation P: the plugin cannot tell
   that no two points meet, the program asserts it.  */
static void
permuted_mint (double *out, double *in, const int *p, int n)
{
#pragma mint copy(in, toDevice, n)
#pragma mint copy(out, toDevice, n)
#pragma mint copy(p, toDevice, n)
#pragma mint parallel
  {
#pragma mint for independent
    for (int i = 0; i < n; i++)
      out[p[i]] = 3.0 * in[p[i]];
  }
#pragma mint copy(out, fromDevice, n)
}

struct child
{
  const struct grid *g;
  double *flat, *tend;
};

/* The stage with its two arrays one buffer, one element apart.  */
static void
rk_shifted (void *arg)
{
  struct child *c = arg;
  rk_stage_mint (c->flat + 1, c->flat, c->tend, 0.5, c->g);
}

static void
shift_in_place (void *arg)
{
  struct child *c = arg;
  shift_mint (c->flat, c->flat, 64);
}

int
main (void)
{
  struct grid g = { 37, 21 };
  int cells = (g.nx + 2) * (g.nz + 2) * NUM_VARS;
  double *state = test_xmalloc ((cells + 1) * sizeof *state);
  double *ref = test_xmalloc (cells * sizeof *ref);
  double *tend = test_xmalloc (g.nx * g.nz * NUM_VARS * sizeof *tend);
  int status = 0;

  fill (state, cells, 1, 1, 1);
  fill (tend, g.nx * g.nz * NUM_VARS, 1, 1, 2);

  /* The stops first, before this process uses the device: the driver
     does not survive the fork of test_stops.  */
  struct child c = { &g, state, tend };
  char at[2][64];
  snprintf (at[0], sizeof at[0], "alias-in-place.c:%d: ", rk_copy_line);
  snprintf (at[1], sizeof at[1], "alias-in-place.c:%d: ", shift_line);
  status |= test_stops ("rk stage shifted by one", rk_shifted, &c, at[0],
                        "overlap those of array");
  status |= test_stops ("shift (u, u)", shift_in_place, &c, at[1],
                        "as both out and in, and writes out");

  memcpy (ref, state, cells * sizeof *ref);
  for (int step = 0; step < 3; step++)
    {
      rk_stage_mint (state, state, tend, 0.25, &g);
      rk_stage_plain (ref, ref, tend, 0.25, &g);
    }
  status |= test_report ("rk stage (state, state)",
                         max_error (state, ref, cells), TOL_DOUBLE);

  int nx = 19, ny = 13, nz = 9;
  size_t n = (size_t) nx * ny * nz;
  double ***u = alloc3d_double (nx, ny, nz);
  double ***r = alloc3d_double (nx, ny, nz);
  fill (u[0][0], nx, ny, nz, 3);
  memcpy (r[0][0], u[0][0], n * sizeof ***r);
  twice_mint (u, u, nx, ny, nz);
  for (int z = 1; z < nz - 1; z++)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        r[z][y][x] = 2.0 * r[z][y][x] + 1.0;
  status |= test_report ("twice (u, u)", max_error (u[0][0], r[0][0], n),
                         TOL_DOUBLE);

  int m = 64, p[64];
  for (int i = 0; i < m; i++)
    p[i] = (i * 37 + 5) % m;    /* 37 is prime to 64: a permutation */
  memcpy (ref, state, m * sizeof *ref);
  permuted_mint (state, state, p, m);
  for (int i = 0; i < m; i++)
    ref[i] *= 3.0;
  status |= test_report ("permuted (state, state), independent",
                         max_error (state, ref, (size_t) m), TOL_DOUBLE);

  free3d_double (u);
  free3d_double (r);
  free (state);
  free (ref);
  free (tend);
  return status;
}
