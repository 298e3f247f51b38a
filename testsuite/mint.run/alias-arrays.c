/* One array passed to a kernel as two of its arrays.  The program's
   loops touch the elements in their order, the GPU's threads in none, so
   where the kernel writes one of the two at elements the other may touch
   (an in-place sweep, relax (u, u)), libmintrt stops the program at the
   kernel's line, with or without a GPU; and two copies whose host
   elements overlap (two views of one buffer) would each get device
   memory of their own, so the second copy stops it too.  Built without
   the plugin both run to the end.  The same array passed twice and only
   read, or written where the other is not read (one plane copied to
   another), computes what the CPU does.  */
/* { dg-do run } */
#include "mint-test.h"

#define STAR(u, z, y, x)                                                  \
  (0.4 * u[z][y][x] + 0.1 * (u[z][y][x - 1] + u[z][y][x + 1]             \
                             + u[z - 1][y][x] + u[z + 1][y][x]           \
                             + u[z][y - 1][x] + u[z][y + 1][x]))

struct grid
{
  int nx, ny, nz;
};

static void
relax_mint (double ***out, double ***in, const struct grid *g)
{
#pragma mint copy(in, toDevice, g->nx, g->ny, g->nz)
#pragma mint copy(out, toDevice, g->nx, g->ny, g->nz)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 1; z < g->nz - 1; z++)
      for (int y = 1; y < g->ny - 1; y++)
        for (int x = 1; x < g->nx - 1; x++)
          out[z][y][x] = STAR (in, z, y, x);
  }
#pragma mint copy(out, fromDevice, g->nx, g->ny, g->nz)
}
enum { relax_line = __LINE__ - 8 };

/* OUT = A * B, where A and B may be one array.  */
static void
product_mint (double ***out, double ***a, double ***b, const struct grid *g)
{
#pragma mint copy(a, toDevice, g->nx, g->ny, g->nz)
#pragma mint copy(b, toDevice, g->nx, g->ny, g->nz)
#pragma mint copy(out, toDevice, g->nx, g->ny, g->nz)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 0; z < g->nz; z++)
      for (int y = 0; y < g->ny; y++)
        for (int x = 1; x < g->nx; x++)
          out[z][y][x] = a[z][y][x] * b[z][y][x - 1];
  }
#pragma mint copy(out, fromDevice, g->nx, g->ny, g->nz)
}

/* DST's first plane from SRC's last, where DST and SRC may be one
   array: a periodic boundary.  */
static void
wrap_mint (double ***dst, double ***src, const struct grid *g)
{
  int last = g->nz - 1;
#pragma mint copy(src, toDevice, g->nx, g->ny, g->nz)
#pragma mint copy(dst, toDevice, g->nx, g->ny, g->nz)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 0; y < g->ny; y++)
      for (int x = 0; x < g->nx; x++)
        dst[0][y][x] = 0.5 * src[last][y][x];
  }
#pragma mint copy(dst, fromDevice, g->nx, g->ny, g->nz)
}

/* Twice every element of the planes of flat arrays OUT and IN.  */
static void
twice_mint (double *out, double *in, const struct grid *g)
{
  int nx = g->nx, ny = g->ny, nz = g->nz;
#pragma mint copy(in, toDevice, nx, ny, nz)
#pragma mint copy(out, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 0; z < nz; z++)
      for (int y = 0; y < ny; y++)
        for (int x = 0; x < nx; x++)
          out[(z * ny + y) * nx + x] = 2.0 * in[(z * ny + y) * nx + x];
  }
#pragma mint copy(out, fromDevice, nx, ny, nz)
}
enum { twice_copy_line = __LINE__ - 11 };

struct child
{
  const struct grid *g;
  double ***u;
  double *flat;
};

static void
relax_in_place (void *arg)
{
  struct child *c = arg;
  relax_mint (c->u, c->u, c->g);
}

/* Its second view starts a plane after the first.  */
static void
twice_overlapping (void *arg)
{
  struct child *c = arg;
  twice_mint (c->flat + (size_t) c->g->nx * c->g->ny, c->flat, c->g);
}

int
main (void)
{
  struct grid g = { 23, 19, 11 };
  size_t n = (size_t) g.nx * g.ny * g.nz;
  double ***u = alloc3d_double (g.nx, g.ny, g.nz);
  double ***v = alloc3d_double (g.nx, g.ny, g.nz);
  double ***r = alloc3d_double (g.nx, g.ny, g.nz);
  double *flat = test_xmalloc ((n + (size_t) g.nx * g.ny) * sizeof *flat);
  fill (u[0][0], g.nx, g.ny, g.nz, 1);
  fill (flat, g.nx, g.ny, g.nz + 1, 3);

  struct child c = { &g, u, flat };
  char at[2][64];
  snprintf (at[0], sizeof at[0], "alias-arrays.c:%d: ", relax_line);
  snprintf (at[1], sizeof at[1], "alias-arrays.c:%d: ", twice_copy_line);
  int status = test_stops ("relax (u, u)", relax_in_place, &c, at[0],
                           "as both out and in, and writes out");
  status |= test_stops ("overlapping copies", twice_overlapping, &c, at[1],
                        "overlap those of array");

  fill (v[0][0], g.nx, g.ny, g.nz, 2);
  fill (r[0][0], g.nx, g.ny, g.nz, 2);
  relax_mint (v, u, &g);
  for (int z = 1; z < g.nz - 1; z++)
    for (int y = 1; y < g.ny - 1; y++)
      for (int x = 1; x < g.nx - 1; x++)
        r[z][y][x] = STAR (u, z, y, x);
  status |= test_report ("relax (v, u)", max_error (v[0][0], r[0][0], n),
                         TOL_DOUBLE);

  product_mint (v, u, u, &g);
  for (int z = 0; z < g.nz; z++)
    for (int y = 0; y < g.ny; y++)
      for (int x = 1; x < g.nx; x++)
        r[z][y][x] = u[z][y][x] * u[z][y][x - 1];
  status |= test_report ("product (v, u, u)",
                         max_error (v[0][0], r[0][0], n), TOL_DOUBLE);

  memcpy (r[0][0], u[0][0], n * sizeof ***r);
  wrap_mint (u, u, &g);
  for (int y = 0; y < g.ny; y++)
    for (int x = 0; x < g.nx; x++)
      r[0][y][x] = 0.5 * r[g.nz - 1][y][x];
  status |= test_report ("wrap (u, u)", max_error (u[0][0], r[0][0], n),
                         TOL_DOUBLE);
  free3d_double (u);
  free3d_double (v);
  free3d_double (r);
  free (flat);
  return status;
}
