/* Game of Life as it is usually written, the centre cell read only where
   the count is 2 (`c == 3 || (c == 2 && a[y][x])', a branch), on int
   grids: level 4 runs its generations several a launch, the conditional
   read inside the box of the unconditional ones.  1 to 9 and 16
   generations over a grid of several blocks and chunks, compared with
   the plain C loops exactly.  Usage: temporal-2d-life [NX NY]  (default
   600 530).  */
/* { dg-do run } */
#include <stdbool.h>
#include "mint-test.h"

#define LIFE(b, a)                                                        \
  for (int y = 1; y < ny - 1; y++)                                        \
    for (int x = 1; x < nx - 1; x++)                                      \
      {                                                                   \
        int c = a[y - 1][x - 1] + a[y - 1][x] + a[y - 1][x + 1]           \
                + a[y][x - 1] + a[y][x + 1] + a[y + 1][x - 1]             \
                + a[y + 1][x] + a[y + 1][x + 1];                          \
        b[y][x] = c == 3 || (c == 2 && a[y][x]);                          \
      }

/* GENS generations from A (B the other grid); returns the last.  */
static void *
life_mint (int nx, int ny, int (*a)[nx], int (*b)[nx], int gens)
{
#pragma mint copy(a, toDevice, nx, ny)
#pragma mint copy(b, toDevice, nx, ny)
#pragma mint parallel
  {
    for (int g = 0; g < gens; g++)
      {
#pragma mint for nest(all)
        LIFE (b, a)
#pragma mint single
        {
          int (*t)[nx] = a;
          a = b;
          b = t;
        }
      }
  }
#pragma mint copy(a, fromDevice, nx, ny)
#pragma mint copy(b, fromDevice, nx, ny)
  return a;
}

static void *
life_cpu (int nx, int ny, int (*a)[nx], int (*b)[nx], int gens)
{
  for (int g = 0; g < gens; g++)
    {
      LIFE (b, a)
      int (*t)[nx] = a;
      a = b;
      b = t;
    }
  return a;
}

/* A random soup, the border dead but for a few cells, which stay.  */
static void
soup (int nx, int ny, int *a)
{
  unsigned s = 2463534242u;
  for (int i = 0; i < nx * ny; i++)
    {
      s ^= s << 13;
      s ^= s >> 17;
      s ^= s << 5;
      int y = i / nx, x = i % nx;
      bool border = y == 0 || x == 0 || y == ny - 1 || x == nx - 1;
      a[i] = border ? (x + y) % 11 == 0 : s % 3 == 0;
    }
}

int
main (int argc, char **argv)
{
  int ext[2] = { 600, 530 };
  test_size_args (argc, argv, 2, ext);
  int nx = ext[0], ny = ext[1], status = 0;
  size_t n = (size_t) nx * ny;
  static const int gens[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 16 };
  for (size_t i = 0; i < sizeof gens / sizeof *gens; i++)
    {
      int *g[4];
      for (int k = 0; k < 4; k++)
        {
          g[k] = test_xmalloc (n * sizeof (int));
          soup (nx, ny, g[k]);
        }
      int *got = life_mint (nx, ny, (int (*)[nx]) g[0], (int (*)[nx]) g[1],
                            gens[i]);
      int *want = life_cpu (nx, ny, (int (*)[nx]) g[2], (int (*)[nx]) g[3],
                            gens[i]);
      double e = (got == g[0]) == (want == g[2])
                 && memcmp (g[0], g[2], n * sizeof (int)) == 0
                 && memcmp (g[1], g[3], n * sizeof (int)) == 0
                 ? 0 : 1;
      char what[64];
      snprintf (what, sizeof what, "life, %d generations", gens[i]);
      status |= test_report (what, e, TOL_EXACT);
      for (int k = 0; k < 4; k++)
        free (g[k]);
    }
  return status;
}
