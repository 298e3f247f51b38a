/* A z-slab decomposition inside one process, the way an MPI program
   exchanges halos: the grid's planes are split over two slab arrays with
   a ghost plane on each side.  Each step computes the boundary planes
   each slab sends (kernels over one plane), then the slabs' other planes
   (nowait), moves the boundary planes to the host (update
   toHost), copies them into the neighbour's ghost plane on the host and
   moves those back (update toDevice) while the interiors may still run,
   then swaps the grids.  Compared with the same steps on one grid.  */
/* { dg-do run } */
#include "mint-test.h"

#define STEPS 5
#define C1 0.11
#define STEP(U, z, y, x)                                                  \
  ((1.0 - 6.0 * C1) * U[z][y][x]                                          \
   + C1 * (U[z][y][x - 1] + U[z][y][x + 1] + U[z][y - 1][x]               \
           + U[z][y + 1][x] + U[z - 1][y][x] + U[z + 1][y][x]))

/* Slab S: planes 1..nz[S] of its arrays are global planes first[S]+1...;
   planes 0 and nz[S]+1 are ghosts (the global boundary at the ends).  */
struct slabs
{
  double ***u[2], ***v[2];
  int nz[2];
};

static void
step_slabs (struct slabs *s, int nx, int ny)
{
  double ***U0 = s->u[0], ***V0 = s->v[0], ***U1 = s->u[1], ***V1 = s->v[1];
  int nz0 = s->nz[0], nz1 = s->nz[1];
  size_t plane = (size_t) nx * ny * sizeof (double);

#pragma mint copy(U0, toDevice, nx, ny, nz0 + 2)
#pragma mint copy(V0, toDevice, nx, ny, nz0 + 2)
#pragma mint copy(U1, toDevice, nx, ny, nz1 + 2)
#pragma mint copy(V1, toDevice, nx, ny, nz1 + 2)
#pragma mint parallel
  {
    for (int t = 0; t < STEPS; t++)
      {
        /* The planes the neighbour needs first, then the rest.  */
#pragma mint for nest(all) tile(16, 4) nowait
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            V0[nz0][y][x] = STEP (U0, nz0, y, x);
#pragma mint for nest(all) tile(16, 4) nowait
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            V1[1][y][x] = STEP (U1, 1, y, x);
#pragma mint for nest(all) tile(16, 4, 2) nowait
        for (int z = 1; z < nz0; z++)
          for (int y = 1; y < ny - 1; y++)
            for (int x = 1; x < nx - 1; x++)
              V0[z][y][x] = STEP (U0, z, y, x);
#pragma mint for nest(all) tile(16, 4, 2) nowait
        for (int z = 2; z <= nz1; z++)
          for (int y = 1; y < ny - 1; y++)
            for (int x = 1; x < nx - 1; x++)
              V1[z][y][x] = STEP (U1, z, y, x);
#pragma mint update(V0, toHost, 0:nx, 0:ny, nz0:1)
#pragma mint update(V1, toHost, 0:nx, 0:ny, 1:1)
        memcpy (V0[nz0 + 1][0], V1[1][0], plane);
        memcpy (V1[0][0], V0[nz0][0], plane);
#pragma mint update(V0, toDevice, 0:nx, 0:ny, nz0 + 1:1)
#pragma mint update(V1, toDevice, 0:nx, 0:ny, 0:1)
#pragma mint single
        {
          double ***tmp = U0;
          U0 = V0;
          V0 = tmp;
          tmp = U1;
          U1 = V1;
          V1 = tmp;
        }
      }
  }
#pragma mint copy(U0, fromDevice, nx, ny, nz0 + 2)
#pragma mint copy(U1, fromDevice, nx, ny, nz1 + 2)
  s->u[0] = U0;
  s->u[1] = U1;
  s->v[0] = V0;
  s->v[1] = V1;
}

static double ***
step_cpu (double ***U, double ***V, int nx, int ny, int nz)
{
  for (int t = 0; t < STEPS; t++)
    {
      for (int z = 1; z < nz - 1; z++)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            V[z][y][x] = STEP (U, z, y, x);
      double ***tmp = U;
      U = V;
      V = tmp;
    }
  return U;
}

int
main (void)
{
  int nx = 37, ny = 19, nz = 23;        /* global, boundary included */
  struct slabs s = { .nz = { 9, nz - 2 - 9 } };
  double ***g = alloc3d_double (nx, ny, nz);
  double ***h = alloc3d_double (nx, ny, nz);
  fill (g[0][0], nx, ny, nz, 3);
  fill (h[0][0], nx, ny, nz, 3);

  /* Slab k holds global planes first .. first + nz[k] + 1, ghosts too.  */
  int first[2] = { 0, s.nz[0] };
  for (int k = 0; k < 2; k++)
    {
      s.u[k] = alloc3d_double (nx, ny, s.nz[k] + 2);
      s.v[k] = alloc3d_double (nx, ny, s.nz[k] + 2);
      size_t bytes = (size_t) nx * ny * (s.nz[k] + 2) * sizeof (double);
      memcpy (s.u[k][0][0], g[first[k]][0], bytes);
      memcpy (s.v[k][0][0], g[first[k]][0], bytes);
    }

  step_slabs (&s, nx, ny);
  double ***ref = step_cpu (g, h, nx, ny, nz);

  double worst = 0.0;
  for (int k = 0; k < 2; k++)
    for (int z = 1; z <= s.nz[k]; z++)
      worst = fmax (worst, max_error (s.u[k][z][0], ref[first[k] + z][0],
                                      (size_t) nx * ny));
  int status = test_report ("halo exchange through update", worst,
                            TOL_DOUBLE);
  for (int k = 0; k < 2; k++)
    {
      free3d_double (s.u[k]);
      free3d_double (s.v[k]);
    }
  free3d_double (g);
  free3d_double (h);
  return status;
}
