/* Offsets held in a 64-bit unsigned variable that C adds modulo 2^64:
   `u[y][x + s]' with size_t s = (size_t) -1 is u[y][x - 1], and
   `u[y][t + 1]' with t = (size_t) -1 is u[y][0].  The kernel adds such an
   offset in 64-bit arithmetic, as C does; the launch check took every
   value past 2^63 for an element past any array and stopped the program
   ('uses elements 9223372036854775807 to 9223372036854775807 of array
   u'), on the host fallback too.  Each runs, and computes what the
   loops do.  */
/* { dg-do run } */
#include "mint-test.h"

enum { NX = 40, NY = 12 };

static void
shifted (double (*u)[NX], double (*w)[NX], double (*v)[NX], size_t s,
         size_t t)
{
#pragma mint copy(u, toDevice, NX, NY)
#pragma mint copy(w, toDevice, NX, NY)
#pragma mint copy(v, toDevice, NX, NY)
#pragma mint parallel
  {
#pragma mint for nest(2)
    for (int y = 0; y < NY; y++)
      for (int x = 1; x < NX; x++)
        v[y][x] = u[y][x + s] + 0.5 * w[y][t + 1];
  }
#pragma mint copy(v, fromDevice, NX, NY)
}

int
main (void)
{
  TWO_FILLED (double, u, NX, NY, 1, 1);
  TWO_FILLED (double, w, NX, NY, 1, 2);
  TWO_FILLED (double, v, NX, NY, 1, 3);
  size_t s = (size_t) -1, t = (size_t) -1;
  shifted ((double (*)[NX]) u[0], (double (*)[NX]) w[0], (double (*)[NX]) v[0],
           s, t);
  double (*u1)[NX] = (double (*)[NX]) u[1], (*w1)[NX] = (double (*)[NX]) w[1];
  double (*v1)[NX] = (double (*)[NX]) v[1];
  for (int y = 0; y < NY; y++)
    for (int x = 1; x < NX; x++)
      v1[y][x] = u1[y][x + s] + 0.5 * w1[y][t + 1];
  return test_report ("size_t offsets", max_error (v[0], v[1], NX * NY),
                      TOL_DOUBLE);
}
