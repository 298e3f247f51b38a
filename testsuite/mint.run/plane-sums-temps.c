/* FP64 boxes summed plane by plane through temporaries, which level 3
   walks as plane sums with the points of a 2x2 register block
   interleaved:
   - a 125-point box, each plane's sum a local of its own: the step runs
     every plane's statements row by row of the front plane
     (plan-level3.h, streamed), scaled from a structure at the end;
   - the same with one temporary that takes each plane's sum in turn:
     the planes' statements must stay apart, and do;
   - a box of 5x5 cells in three planes, each plane's sum a local
     weighted from a structure, the outer two by the same weight
     (streamed).
   Extents that no tile divides.  The results must equal the plain C
   loops' (the same nests, written once) but for contractions to FMA.  */
/* { dg-do run } */
#include "mint-test.h"
#include "box-planes.h"

/* Each step's nests read the step before's: v from u, w from v, r from
   w, then u and r swap, so that a wrong result of any launch reaches the
   end.  The tuner times each of a nest's three variants twice in the
   first STEPS - 1 steps.  */
#define STEPS 7

struct box
{
  double scale;
  double side, centre;          /* the weights of a 75-point box's planes */
};

#define NESTS(PRAGMA)                                                    \
  for (int step = 0; step < STEPS; step++)                               \
    {                                                                    \
      PRAGMA (for nest(all))                                             \
      for (int z = 2; z < nz - 2; z++)                                   \
        for (int y = 2; y < ny - 2; y++)                                 \
          for (int x = 2; x < nx - 2; x++)                               \
            {                                                            \
              double p0 = PLANE (u, -2), p1 = PLANE (u, -1);             \
              double p2 = PLANE (u, 0), p3 = PLANE (u, 1);               \
              double p4 = PLANE (u, 2);                                  \
              v[z][y][x] = b->scale * ((((p0 + p1) + p2) + p3) + p4);    \
            }                                                            \
      PRAGMA (for nest(all))                                             \
      for (int z = 2; z < nz - 2; z++)                                   \
        for (int y = 2; y < ny - 2; y++)                                 \
          for (int x = 2; x < nx - 2; x++)                               \
            {                                                            \
              double t, s;                                               \
              t = PLANE (v, -2);                                         \
              s = t;                                                     \
              t = PLANE (v, -1);                                         \
              s += t;                                                    \
              t = PLANE (v, 0);                                          \
              s += t;                                                    \
              t = PLANE (v, 1);                                          \
              s += t;                                                    \
              t = PLANE (v, 2);                                          \
              s += t;                                                    \
              w[z][y][x] = s * b->scale;                                 \
            }                                                            \
      PRAGMA (for nest(all))                                             \
      for (int z = 1; z < nz - 1; z++)                                   \
        for (int y = 2; y < ny - 2; y++)                                 \
          for (int x = 2; x < nx - 2; x++)                               \
            {                                                            \
              double below = b->side * PLANE (w, -1);                    \
              double here = b->centre * PLANE (w, 0);                    \
              double above = b->side * PLANE (w, 1);                     \
              r[z][y][x] = (below + here) + above;                       \
            }                                                            \
      PRAGMA (single)                                                    \
      {                                                                  \
        double (*t)[ny][nx] = u;                                         \
        u = r;                                                           \
        r = t;                                                           \
      }                                                                  \
    }

static void
run_mint (int nx, int ny, int nz, const struct box *b, double (*u)[ny][nx],
          double (*v)[ny][nx], double (*w)[ny][nx], double (*r)[ny][nx])
{
#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint copy(v, toDevice, nx, ny, nz)
#pragma mint copy(w, toDevice, nx, ny, nz)
#pragma mint copy(r, toDevice, nx, ny, nz)
#pragma mint parallel
  {
    NESTS (MINT_PRAGMA)
  }
#pragma mint copy(u, fromDevice, nx, ny, nz)
#pragma mint copy(v, fromDevice, nx, ny, nz)
#pragma mint copy(w, fromDevice, nx, ny, nz)
#pragma mint copy(r, fromDevice, nx, ny, nz)
}

static void
run_c (int nx, int ny, int nz, const struct box *b, double (*u)[ny][nx],
       double (*v)[ny][nx], double (*w)[ny][nx], double (*r)[ny][nx])
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
  struct box b = { 0.999, 1.62, 1.7 };
  TWO_FILLED (double, u, nx, ny, nz, 1);
  TWO_FILLED (double, v, nx, ny, nz, 2);
  TWO_FILLED (double, w, nx, ny, nz, 3);
  TWO_FILLED (double, r, nx, ny, nz, 4);
  typedef double (*planes)[ny][nx];
  for (int i = 0; i < 2; i++)
    (i ? run_c : run_mint) (nx, ny, nz, &b, (planes) u[i], (planes) v[i],
                            (planes) w[i], (planes) r[i]);
  int status = 0;
  status |= test_report ("a local per plane, row by row",
                         max_error (v[0], v[1], cells), TOL_DOUBLE);
  status |= test_report ("one temporary for every plane",
                         max_error (w[0], w[1], cells), TOL_DOUBLE);
  status |= test_report ("75-point box, its planes weighted from a struct",
                         max_error (u[0], u[1], cells)
                         + max_error (r[0], r[1], cells), TOL_DOUBLE);
  return status;
}
