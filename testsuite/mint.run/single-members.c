/* A `single' block that reads numbers from structure members, as a
   point source whose position and strength a solver keeps in a
   parameter structure reached through a pointer (p->at.x, p->amp,
   p->w[1], srcs[1].amp), runs as one device thread: the launch passes
   the members by value, as a loop nest's.  Against the same loops on
   the CPU.  */
/* { dg-do run } */
#include "mint-test.h"

struct position { int x, y; };
struct source { struct position at; double amp; double w[2]; };

#define STEP(to, from, y, x)                                             \
  to[y][x] = 0.25 * (from[y][x - 1] + from[y][x + 1] + from[y - 1][x]    \
                     + from[y + 1][x])
#define SOURCE(q, p, srcs, t)                                            \
  do                                                                     \
    {                                                                    \
      q[p->at.y][p->at.x] += p->amp * p->w[1] + (t);                     \
      q[srcs[1].at.y][srcs[1].at.x] -= srcs[1].amp;                      \
    }                                                                    \
  while (0)

static void
heat_mint (int nx, int ny, double (*a)[nx], double (*b)[nx],
           const struct source *p, const struct source *srcs, int steps)
{
#pragma mint copy(a, toDevice, nx, ny)
#pragma mint copy(b, toDevice, nx, ny)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            STEP (b, a, y, x);
#pragma mint single
        {
          SOURCE (b, p, srcs, t);
        }
        double (*c)[nx] = a;
        a = b;
        b = c;
      }
  }
#pragma mint copy(a, fromDevice, nx, ny)
#pragma mint copy(b, fromDevice, nx, ny)
}

static void
heat_cpu (int nx, int ny, double (*a)[nx], double (*b)[nx],
          const struct source *p, const struct source *srcs, int steps)
{
  for (int t = 0; t < steps; t++)
    {
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          STEP (b, a, y, x);
      SOURCE (b, p, srcs, t);
      double (*c)[nx] = a;
      a = b;
      b = c;
    }
}

int
main (int argc, char **argv)
{
  int n[2] = { 37, 29 };
  test_size_args (argc, argv, 2, n);
  int nx = n[0], ny = n[1], cells = nx * ny, status = 0;
  struct source p = { { nx / 3, ny / 2 }, 1.5, { 0.5, 2.0 } };
  struct source srcs[2] = { { { 1, 1 }, 9.0, { 0, 0 } },
                            { { nx - 3, ny / 4 }, 0.75, { 0, 0 } } };
  double *got[2], *want[2];
  for (int i = 0; i < 2; i++)
    {
      got[i] = test_xmalloc (sizeof (double) * cells);
      want[i] = test_xmalloc (sizeof (double) * cells);
      fill_double (got[i], nx, ny, 1, 1 + i);
      fill_double (want[i], nx, ny, 1, 1 + i);
    }
  heat_mint (nx, ny, (double (*)[nx]) got[0], (double (*)[nx]) got[1], &p,
             srcs, 7);
  heat_cpu (nx, ny, (double (*)[nx]) want[0], (double (*)[nx]) want[1], &p,
            srcs, 7);
  for (int i = 0; i < 2; i++)
    status |= test_report ("point sources from members",
                           max_error (got[i], want[i], cells), TOL_DOUBLE);
  for (int i = 0; i < 2; i++)
    {
      free (got[i]);
      free (want[i]);
    }
  return status;
}
