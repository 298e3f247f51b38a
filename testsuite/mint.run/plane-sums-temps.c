/* 125-point FP64 boxes summed plane by plane through temporaries, which
   level 3 walks as plane sums with the points of a 2x2 register block
   interleaved.  Where each plane's sum has a local of its own, the step
   runs every plane's statements row by row of the front plane
   (plan-level3.h, streamed); where one temporary takes each plane's sum
   in turn, the planes' statements must stay apart, and do.  A scale
   from a structure multiplies the sum.  Extents that no tile divides.
   The results must equal the plain C loops' (the same nests, written
   once) but for contractions to FMA.  */
/* { dg-do run } */
#include "mint-test.h"
#include "box-planes.h"

struct box
{
  double scale;
};

#define NESTS(PRAGMA)                                                    \
  PRAGMA (for nest(all))                                                 \
  for (int z = 2; z < nz - 2; z++)                                       \
    for (int y = 2; y < ny - 2; y++)                                     \
      for (int x = 2; x < nx - 2; x++)                                   \
        {                                                                \
          double p0 = PLANE (u, -2), p1 = PLANE (u, -1);                 \
          double p2 = PLANE (u, 0), p3 = PLANE (u, 1), p4 = PLANE (u, 2); \
          v[z][y][x] = b->scale * ((((p0 + p1) + p2) + p3) + p4);        \
        }                                                                \
  PRAGMA (for nest(all))                                                 \
  for (int z = 2; z < nz - 2; z++)                                       \
    for (int y = 2; y < ny - 2; y++)                                     \
      for (int x = 2; x < nx - 2; x++)                                   \
        {                                                                \
          double t, s;                                                   \
          t = PLANE (u, -2);                                             \
          s = t;                                                         \
          t = PLANE (u, -1);                                             \
          s += t;                                                        \
          t = PLANE (u, 0);                                              \
          s += t;                                                        \
          t = PLANE (u, 1);                                              \
          s += t;                                                        \
          t = PLANE (u, 2);                                              \
          s += t;                                                        \
          w[z][y][x] = s * b->scale;                                     \
        }

static void
run_mint (int nx, int ny, int nz, const struct box *b, double (*u)[ny][nx],
          double (*v)[ny][nx], double (*w)[ny][nx])
{
#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint copy(v, toDevice, nx, ny, nz)
#pragma mint copy(w, toDevice, nx, ny, nz)
#pragma mint parallel
  {
    NESTS (MINT_PRAGMA)
  }
#pragma mint copy(v, fromDevice, nx, ny, nz)
#pragma mint copy(w, fromDevice, nx, ny, nz)
}

static void
run_c (int nx, int ny, int nz, const struct box *b, double (*u)[ny][nx],
       double (*v)[ny][nx], double (*w)[ny][nx])
{
  NESTS (NO_PRAGMA)
}

int
main (int argc, char **argv)
{
  int n[3] = { 45, 39, 37 };
  test_size_args (argc, argv, 3, n);
  int nx = n[0], ny = n[1], nz = n[2];
  long cells = (long) nx * ny * nz;
  struct box b = { 0.999 };
  double *u = test_xmalloc (sizeof (double) * cells);
  fill (u, nx, ny, nz, 1);
  TWO_FILLED (double, v, nx, ny, nz, 2);
  TWO_FILLED (double, w, nx, ny, nz, 3);
  typedef double (*planes)[ny][nx];
  for (int i = 0; i < 2; i++)
    (i ? run_c : run_mint) (nx, ny, nz, &b, (planes) u, (planes) v[i],
                            (planes) w[i]);
  int status = 0;
  status |= test_report ("a local per plane, row by row",
                         max_error (v[0], v[1], cells), TOL_DOUBLE);
  status |= test_report ("one temporary for every plane",
                         max_error (w[0], w[1], cells), TOL_DOUBLE);
  return status;
}
