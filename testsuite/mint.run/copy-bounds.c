/* A copy that holds fewer elements than the loops use: the device copy
   has nothing there (on the host the program reads the rest of its
   allocation), so the first launch that would touch them at every point
   stops the program, naming the array, the axis and the copy, with or
   without a GPU.  Built without the plugin it runs to the end.  An
   access that a branch guards at the edges (x > 0 ? u[x - 1] : ...)
   over the whole copy runs and computes what the CPU does.  */
/* { dg-do run } */
#include "mint-test.h"

#define STAR(u, z, y, x)                                                  \
  (0.5 * u[z][y][x] + 0.125 * (u[z][y][x - 1] + u[z][y][x + 1]           \
                               + u[z - 1][y][x] + u[z + 1][y][x]))

/* The interior of planes 1 .. NZ - 2, from a copy of COPY_NZ planes.  */
static void
star_mint (double ***v, double ***u, int nx, int ny, int nz, int copy_nz)
{
#pragma mint copy(u, toDevice, nx, ny, copy_nz)
#pragma mint copy(v, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          v[z][y][x] = STAR (u, z, y, x);
  }
#pragma mint copy(v, fromDevice, nx, ny, nz)
}
enum { star_line = __LINE__ - 8 };

/* Every element, its left neighbour where there is one.  */
static void
edges_mint (double ***v, double ***u, int nx, int ny, int nz)
{
#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint copy(v, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 0; z < nz; z++)
      for (int y = 0; y < ny; y++)
        for (int x = 0; x < nx; x++)
          v[z][y][x] = u[z][y][x] + (x > 0 ? 0.5 * u[z][y][x - 1] : 1.0);
  }
#pragma mint copy(v, fromDevice, nx, ny, nz)
}

struct child
{
  double ***v, ***u;
  int nx, ny, nz;
};

static void
star_short_copy (void *arg)
{
  struct child *c = arg;
  star_mint (c->v, c->u, c->nx, c->ny, c->nz, c->nz - 2);
}

int
main (void)
{
  int nx = 21, ny = 13, nz = 9;
  size_t n = (size_t) nx * ny * nz;
  double ***u = alloc3d_double (nx, ny, nz);
  double ***v = alloc3d_double (nx, ny, nz);
  double ***r = alloc3d_double (nx, ny, nz);
  fill (u[0][0], nx, ny, nz, 1);
  fill (v[0][0], nx, ny, nz, 2);

  char expected[160];
  snprintf (expected, sizeof expected, "copy-bounds.c:%d: kernel "
            "mint_star_mint_%d uses elements 0 to 8 of array u in z, "
            "outside the 7 elements in z of its copy (21x13x7 elements",
            star_line, star_line);
  struct child c = { v, u, nx, ny, nz };
  int status = test_stops ("copy of 7 planes of 9", star_short_copy, &c,
                           expected, "");

  edges_mint (v, u, nx, ny, nz);
  for (int z = 0; z < nz; z++)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++)
        r[z][y][x] = u[z][y][x] + (x > 0 ? 0.5 * u[z][y][x - 1] : 1.0);
  int result = test_report ("guarded edges", max_error (v[0][0], r[0][0], n),
                            TOL_DOUBLE);
  free3d_double (u);
  free3d_double (v);
  free3d_double (r);
  return result | status;
}
