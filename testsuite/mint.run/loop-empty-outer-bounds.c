/* C evaluates an inner loop's bound, and what the body reads, only where
   the loops around have points: with no rows, the launch must not load
   the inner bound `m->nx' through a null pointer, nor divide by a zero
   `k' (both killed the program), also where the inner loop stays in the
   body (the default nest(1)).  */
/* { dg-do run } */
#include "mint-test.h"

enum { NY = 10, NX = 10 };

struct mesh
{
  int nx;
};

static double a[NY][NX], b[NY][NX];

static void
sweep_members (const struct mesh *m, int ny)
{
#pragma mint copy(a, toDevice, NX, NY)
#pragma mint copy(b, toDevice, NX, NY)
#pragma mint parallel
  {
#pragma mint for nest(2)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < m->nx; x++)
        b[y][x] = a[y][x] * 2;
#pragma mint for
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < m->nx; x++)
        b[y][x] += a[y][x];
  }
#pragma mint copy(b, fromDevice, NX, NY)
}

static void
sweep_divided (int ny, int k)
{
#pragma mint copy(a, toDevice, NX, NY)
#pragma mint copy(b, toDevice, NX, NY)
#pragma mint parallel
  {
#pragma mint for nest(2)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < NX / k; x++)
        b[y][x] = a[y][x] * 2;
  }
#pragma mint copy(b, fromDevice, NX, NY)
}

int
main (void)
{
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++)
      a[y][x] = x + y + 1;
  sweep_members (NULL, 0);
  sweep_divided (0, 0);
  struct mesh m = { NX };
  sweep_members (&m, NY);
  sweep_divided (NY, 1);
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++)
      if (b[y][x] != a[y][x] * 2)
        {
          printf ("b[%d][%d] = %g, want %g\n", y, x, b[y][x], a[y][x] * 2);
          return 1;
        }
  return 0;
}
