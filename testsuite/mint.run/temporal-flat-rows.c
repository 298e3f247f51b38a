/* A flat grid whose nest covers whole rows and reads u[i - 1], u[i + 1]:
   at x = 0 and x = nx - 1 those are the neighbouring rows' last and
   first points, which the nest computes at every step, so level 4 must
   not take them for cells that keep their values through a batch of
   steps (it runs such a nest one step a launch).  And the same nest over
   x = 1 .. nx - 2, which has its variant.  Steps 1 to 9 and 16, against
   the plain C loops exactly.  Usage: temporal-flat-rows [NX [NY]]
   (default 517 and 131).  */
/* { dg-do run } */
/* { dg-options "-ffp-contract=off" } */
#include "mint-test.h"

#define I(x, y) ((y) * nx + (x))
#define AVG(u, x, y) (0.5 * (u[I (x, y) - 1] + u[I (x, y) + 1]))

/* NAME_mint and NAME_cpu: the steps over x = LO .. nx - 1 - HI.  */
#define ROWS(name, lo, hi)                                               \
  static void                                                            \
  name##_mint (int nx, int ny, int steps, double *u, double *v)          \
  {                                                                      \
    _Pragma ("mint copy(u, toDevice, nx * ny)")                          \
    _Pragma ("mint copy(v, toDevice, nx * ny)")                          \
    _Pragma ("mint parallel")                                            \
    {                                                                    \
      for (int t = 0; t < steps; t++)                                    \
        {                                                                \
          _Pragma ("mint for nest(all)")                                 \
          for (int y = 1; y < ny - 1; y++)                               \
            for (int x = lo; x < nx - hi; x++)                           \
              v[I (x, y)] = AVG (u, x, y);                               \
          TEST_SWAP (u, v)                                               \
        }                                                                \
    }                                                                    \
    _Pragma ("mint copy(u, fromDevice, nx * ny)")                        \
    _Pragma ("mint copy(v, fromDevice, nx * ny)")                        \
  }                                                                      \
  static void                                                            \
  name##_cpu (int nx, int ny, int steps, double *u, double *v)           \
  {                                                                      \
    for (int t = 0; t < steps; t++)                                      \
      {                                                                  \
        for (int y = 1; y < ny - 1; y++)                                 \
          for (int x = lo; x < nx - hi; x++)                             \
            v[I (x, y)] = AVG (u, x, y);                                 \
        TEST_SWAP (u, v)                                                 \
      }                                                                  \
  }

ROWS (whole, 0, 0)
ROWS (inside, 1, 1)

int
main (int argc, char **argv)
{
  int nx = argc > 1 ? atoi (argv[1]) : 517;
  int ny = argc > 2 ? atoi (argv[2]) : 131;
  size_t cells = (size_t) nx * ny;
  double *g[4];
  for (int i = 0; i < 4; i++)
    g[i] = test_xmalloc (cells * sizeof (double));
  static const int runs[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 16 };
  int status = 0;
  for (int whole = 0; whole < 2; whole++)
    for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++)
      {
        for (int i = 0; i < 4; i++)
          fill (g[i], nx, ny, 1, i % 2);
        (whole ? whole_mint : inside_mint) (nx, ny, runs[r], g[0], g[1]);
        (whole ? whole_cpu : inside_cpu) (nx, ny, runs[r], g[2], g[3]);
        char name[64];
        snprintf (name, sizeof name, "%s, %d steps",
                  whole ? "whole rows" : "inside", runs[r]);
        status |= test_report (name, max_error (g[0], g[2], cells)
                               + max_error (g[1], g[3], cells), TOL_EXACT);
      }
  for (int i = 0; i < 4; i++)
    free (g[i]);
  return status;
}
