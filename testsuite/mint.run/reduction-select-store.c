/* A convergence loop whose max reduction is a ?: (both orders of the
   comparison) followed by stores in the same body: the ?: becomes two
   branches that join before the stores, which run either way (they were
   refused as stores "where the comparison went one way").  A Jacobi
   sweep into w, then the largest change and u = w, then the largest |u|
   and w = -u; the loop stops on the change.  Against the same loops on
   the CPU.  */
/* { dg-do run } */
#include "mint-test.h"

struct result
{
  double change, spread;
  int sweeps;
};

#define SWEEP(u, w, y, x)                                                \
  w[y][x] = 0.25 * (u[y - 1][x] + u[y + 1][x] + u[y][x - 1] + u[y][x + 1])

/* The largest change, then u = w after the join.  */
#define UPDATE(u, w, change, y, x)                                       \
  do                                                                     \
    {                                                                    \
      double d = fabs (w[y][x] - u[y][x]);                               \
      change = d > change ? d : change;                                  \
      u[y][x] = w[y][x];                                                 \
    }                                                                    \
  while (0)

/* The largest |u| by the other order of ?:, then a store.  */
#define SPREAD(u, w, spread, y, x)                                       \
  do                                                                     \
    {                                                                    \
      spread = spread > fabs (u[y][x]) ? spread : fabs (u[y][x]);        \
      w[y][x] = -u[y][x];                                                \
    }                                                                    \
  while (0)

static void
solve_mint (int ny, int nx, double (*u)[nx], double (*w)[nx],
            struct result *r)
{
  double change = 1, spread = 0;
  int sweeps = 0;
#pragma mint copy(u, toDevice, nx, ny)
#pragma mint copy(w, toDevice, nx, ny)
#pragma mint parallel
  {
    while (change > 1e-3 && sweeps < 400)
      {
#pragma mint for nest(all)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            SWEEP (u, w, y, x);
#pragma mint single
        {
          change = 0;
          spread = 0;
          sweeps++;
        }
#pragma mint for nest(all) reduction(max:change)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            UPDATE (u, w, change, y, x);
#pragma mint for nest(all) reduction(max:spread)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            SPREAD (u, w, spread, y, x);
      }
  }
#pragma mint copy(u, fromDevice, nx, ny)
#pragma mint copy(w, fromDevice, nx, ny)
  *r = (struct result) { change, spread, sweeps };
}

static void
solve_plain (int ny, int nx, double (*u)[nx], double (*w)[nx],
             struct result *r)
{
  double change = 1, spread = 0;
  int sweeps = 0;
  while (change > 1e-3 && sweeps < 400)
    {
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          SWEEP (u, w, y, x);
      change = 0;
      spread = 0;
      sweeps++;
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          UPDATE (u, w, change, y, x);
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          SPREAD (u, w, spread, y, x);
    }
  *r = (struct result) { change, spread, sweeps };
}

int
main (int argc, char **argv)
{
  int n[2] = { 37, 53 };
  test_size_args (argc, argv, 2, n);
  int ny = n[0], nx = n[1];
  double (*u)[nx] = test_xmalloc (sizeof (double) * ny * nx);
  double (*w)[nx] = test_xmalloc (sizeof (double) * ny * nx);
  double (*ref)[nx] = test_xmalloc (sizeof (double) * ny * nx);
  double (*wref)[nx] = test_xmalloc (sizeof (double) * ny * nx);
  fill (u[0], nx, ny, 1, 5);
  fill (ref[0], nx, ny, 1, 5);
  fill (w[0], nx, ny, 1, 6);
  fill (wref[0], nx, ny, 1, 6);

  struct result r, rr;
  solve_mint (ny, nx, u, w, &r);
  solve_plain (ny, nx, ref, wref, &rr);
  printf ("%d sweeps (cpu %d), change %.17g (cpu %.17g), spread %.17g "
          "(cpu %.17g)\n", r.sweeps, rr.sweeps, r.change, rr.change,
          r.spread, rr.spread);
  int status = test_report ("u", max_error (u[0], ref[0], ny * nx),
                            TOL_DOUBLE);
  status |= test_report ("w", max_error (w[0], wref[0], ny * nx),
                         TOL_DOUBLE);
  status |= test_report ("change", max_error (&r.change, &rr.change, 1),
                         TOL_DOUBLE);
  status |= test_report ("spread", max_error (&r.spread, &rr.spread, 1),
                         TOL_DOUBLE);
  return status | (r.sweeps != rr.sweeps) | (rr.sweeps < 3);
}
