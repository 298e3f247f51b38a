/* Double buffers of 3-D grids in one 4-D array whose reads wrap around
   in z, the 3-D grid's first subscript: a[(z + 1) % nz] and a[z == 0 ?
   nz - 1 : z - 1], which the footprint cannot bound, and a neighbour
   read only where z < nz - 1.  The planes a[t % 2] and a[(t + 1) % 2],
   a[cur] and a[1 - cur] always differ: each access lies in its own 3-D
   grid, and the launch takes them for two arrays.  Where the program
   passes one plane as both, libmintrt still stops it.  */
/* { dg-do run } */
/* { dg-options "-Wall -fplugin-arg-mint-Wno-dependence" } */
#include "mint-test.h"

#define NX 19
#define NY 13
#define NZ 11

/* The z neighbours of (z, y, x) in grid W of A, periodic in z.  */
#define WRAP_Z(a, w, z, y, x, nz)                                         \
  (a[w][(z + 1) % nz][y][x] + a[w][z == 0 ? nz - 1 : z - 1][y][x])

/* The z neighbour above, where there is one.  */
#define ABOVE(a, w, z, y, x, nz)                                          \
  (z < nz - 1 ? a[w][z + 1][y][x] : a[w][z][y][x])

static double A[2][NZ][NY][NX], R[2][NZ][NY][NX];

#define FIXED(PRAGMA, A, steps)                                           \
  for (int t = 0; t < steps; t++)                                         \
    {                                                                     \
      PRAGMA (for nest(all))                                              \
      for (int z = 0; z < NZ; z++)                                        \
        for (int y = 1; y < NY - 1; y++)                                  \
          for (int x = 1; x < NX - 1; x++)                                \
            A[(t + 1) % 2][z][y][x]                                       \
              = 0.5 * A[t % 2][z][y][x]                                   \
                + 0.25 * WRAP_Z (A, t % 2, z, y, x, NZ);                  \
    }

static void
fixed_mint (int steps)
{
#pragma mint copy(A, toDevice, NX, NY, NZ, 2)
#pragma mint parallel
  {
    FIXED (MINT_PRAGMA, A, steps)
  }
#pragma mint copy(A, fromDevice, NX, NY, NZ, 2)
}

#define POINTER(PRAGMA, a, cur, steps)                                    \
  for (int t = 0; t < steps; t++)                                         \
    {                                                                     \
      PRAGMA (for nest(all))                                              \
      for (int z = 0; z < nz; z++)                                        \
        for (int y = 1; y < ny - 1; y++)                                  \
          for (int x = 1; x < nx - 1; x++)                                \
            a[1 - cur][z][y][x] = 0.5 * WRAP_Z (a, cur, z, y, x, nz)      \
                                  + 0.25 * ABOVE (a, cur, z, y, x, nz)    \
                                  - 0.125 * a[cur][z][y][x - 1];          \
      cur = 1 - cur;                                                      \
    }

static void
pointer_mint (int nx, int ny, int nz, double (*a)[nz][ny][nx], int steps)
{
#pragma mint copy(a, toDevice, nx, ny, nz, 2)
#pragma mint parallel
  {
    int cur = 1;
    POINTER (MINT_PRAGMA, a, cur, steps)
  }
#pragma mint copy(a, fromDevice, nx, ny, nz, 2)
}

static void
pointer_plain (int nx, int ny, int nz, double (*a)[nz][ny][nx], int steps)
{
  int cur = 1;
  POINTER (NO_PRAGMA, a, cur, steps)
}

/* From grid FROM into grid TO, which the caller makes one.  */
static void
wrap_mint (int nx, int ny, int nz, double (*a)[nz][ny][nx], int from, int to)
{
#pragma mint copy(a, toDevice, nx, ny, nz, 2)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 0; z < nz; z++)
      for (int y = 0; y < ny; y++)
        for (int x = 0; x < nx; x++)
          a[to][z][y][x] = WRAP_Z (a, from, z, y, x, nz);
  }
#pragma mint copy(a, fromDevice, nx, ny, nz, 2)
}
enum { wrap_line = __LINE__ - 8 };

struct child
{
  int n[3];
  double *a;
};

static void
wrap_in_place (void *arg)
{
  struct child *c = arg;
  wrap_mint (c->n[0], c->n[1], c->n[2],
             (double (*)[c->n[2]][c->n[1]][c->n[0]]) c->a, 0, 0);
}

int
main (int argc, char **argv)
{
  int n[3] = { 17, 11, 7 }, steps = 5;
  test_size_args (argc, argv, 3, n);
  size_t all = 2 * (size_t) n[0] * n[1] * n[2];
  double *a = test_xmalloc (all * sizeof *a);
  double *r = test_xmalloc (all * sizeof *r);
  typedef double (*grids)[n[2]][n[1]][n[0]];

  /* First, before this process uses the device: the driver does not
     survive the fork of test_stops.  */
  fill (a, n[0], n[1], 2 * n[2], 3);
  struct child c = { { n[0], n[1], n[2] }, a };
  char at[64];
  snprintf (at, sizeof at, "double-buffer-gather.c:%d: ", wrap_line);
  int status = test_stops ("a[to], a[from] of one grid", wrap_in_place, &c,
                           at, "and writes a[to]");

  fill (&A[0][0][0][0], NX, NY, 2 * NZ, 1);
  memcpy (R, A, sizeof A);
  fixed_mint (steps);
  FIXED (NO_PRAGMA, R, steps)
  status |= test_report ("A[(t + 1) % 2], A[t % 2][(z + 1) % NZ]",
                         max_error (&A[0][0][0][0], &R[0][0][0][0],
                                    2 * (size_t) NX * NY * NZ),
                         TOL_DOUBLE);

  fill (a, n[0], n[1], 2 * n[2], 2);
  memcpy (r, a, all * sizeof *a);
  pointer_mint (n[0], n[1], n[2], (grids) a, steps + 1);
  pointer_plain (n[0], n[1], n[2], (grids) r, steps + 1);
  status |= test_report ("a[1 - cur], a[cur][z == 0 ? nz - 1 : z - 1]",
                         max_error (a, r, all), TOL_DOUBLE);
  free (a);
  free (r);
  return status;
}
