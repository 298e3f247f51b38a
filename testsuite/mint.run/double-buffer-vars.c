/* Double buffers selected by int variables: a[cur] and a[nxt] with
   nxt = 1 - cur set just before the nest, and a[cur] and a[1 - cur]: the
   planes always differ.  Where the program cannot show that (nxt a
   variable of its own), the compiler warns, and where they are one plane
   at run time and a point reads what another writes, libmintrt stops the
   program at the kernel's line, with or without a GPU.  */
/* { dg-do run } */
/* { dg-options "-Wall -fplugin-arg-mint-Wno-dependence" } */
#include "mint-test.h"

#define STAR(a, w, z, y, x)                                               \
  (0.4 * a[w][z][y][x]                                                    \
   + 0.1 * (a[w][z][y][x - 1] + a[w][z][y][x + 1] + a[w][z][y - 1][x]     \
            + a[w][z][y + 1][x] + a[w][z - 1][y][x] + a[w][z + 1][y][x]))

static void
next_mint (int nx, int ny, int nz, double (*a)[nz][ny][nx], int steps)
{
#pragma mint copy(a, toDevice, nx, ny, nz, 2)
#pragma mint parallel
  {
    int cur = 0;
    for (int t = 0; t < steps; t++)
      {
        int nxt = 1 - cur;
#pragma mint for nest(all)
        for (int z = 1; z < nz - 1; z++)
          for (int y = 1; y < ny - 1; y++)
            for (int x = 1; x < nx - 1; x++)
              a[nxt][z][y][x] = STAR (a, cur, z, y, x);
        cur = nxt;
      }
  }
#pragma mint copy(a, fromDevice, nx, ny, nz, 2)
}

static void
other_mint (int nx, int ny, int nz, double (*a)[nz][ny][nx], int steps)
{
#pragma mint copy(a, toDevice, nx, ny, nz, 2)
#pragma mint parallel
  {
    int cur = 1;
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        for (int z = 1; z < nz - 1; z++)
          for (int y = 1; y < ny - 1; y++)
            for (int x = 1; x < nx - 1; x++)
              a[1 - cur][z][y][x] = STAR (a, cur, z, y, x);
        cur = 1 - cur;
      }
  }
#pragma mint copy(a, fromDevice, nx, ny, nz, 2)
}

static void
cpu (int nx, int ny, int nz, double (*a)[nz][ny][nx], int cur, int steps)
{
  for (int t = 0; t < steps; t++, cur = 1 - cur)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          a[1 - cur][z][y][x] = STAR (a, cur, z, y, x);
}

/* From plane FROM into plane TO, which may be the same: the compiler
   warns that they may be (mint.dg/dependence-planes.c; not here,
   -fplugin-arg-mint-Wno-dependence), and libmintrt
   stops the launch where they are, as the points read elements that
   others write (`independent' would assert that they never are one).  */
static void
copy_mint (int nx, int ny, int nz, double (*a)[nz][ny][nx], int from, int to)
{
#pragma mint copy(a, toDevice, nx, ny, nz, 2)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          a[to][z][y][x] = STAR (a, from, z, y, x);
  }
#pragma mint copy(a, fromDevice, nx, ny, nz, 2)
}
enum { copy_line = __LINE__ - 8 };

struct child
{
  int n[3];
  double *a;
};

static void
copy_in_place (void *arg)
{
  struct child *c = arg;
  copy_mint (c->n[0], c->n[1], c->n[2],
             (double (*)[c->n[2]][c->n[1]][c->n[0]]) c->a, 1, 1);
}

int
main (int argc, char **argv)
{
  int n[3] = { 23, 17, 11 }, steps = 6;
  test_size_args (argc, argv, 3, n);
  size_t all = 2 * (size_t) n[0] * n[1] * n[2];
  double *a = test_xmalloc (all * sizeof *a);
  double *r = test_xmalloc (all * sizeof *r);
  typedef double (*grids)[n[2]][n[1]][n[0]];

  /* First, before this process uses the device: the driver does not
     survive the fork of test_stops.  */
  fill (a, n[0], n[1], 2 * n[2], 4);
  struct child c = { { n[0], n[1], n[2] }, a };
  char at[64];
  snprintf (at, sizeof at, "double-buffer-vars.c:%d: ", copy_line);
  int status = test_stops ("a[to], a[from] of one plane", copy_in_place, &c,
                           at, "and writes a[to]");

  fill (a, n[0], n[1], 2 * n[2], 1);
  memcpy (r, a, all * sizeof *a);
  next_mint (n[0], n[1], n[2], (grids) a, steps);
  cpu (n[0], n[1], n[2], (grids) r, 0, steps);
  status |= test_report ("a[cur], a[nxt] with nxt = 1 - cur",
                         max_error (a, r, all), TOL_DOUBLE);

  fill (a, n[0], n[1], 2 * n[2], 2);
  memcpy (r, a, all * sizeof *a);
  other_mint (n[0], n[1], n[2], (grids) a, steps + 1);
  cpu (n[0], n[1], n[2], (grids) r, 1, steps + 1);
  status |= test_report ("a[cur], a[1 - cur]", max_error (a, r, all),
                         TOL_DOUBLE);

  fill (a, n[0], n[1], 2 * n[2], 3);
  memcpy (r, a, all * sizeof *a);
  copy_mint (n[0], n[1], n[2], (grids) a, 0, 1);
  cpu (n[0], n[1], n[2], (grids) r, 0, 1);
  status |= test_report ("a[to], a[from] of two planes",
                         max_error (a, r, all), TOL_DOUBLE);

  free (a);
  free (r);
  return status;
}
