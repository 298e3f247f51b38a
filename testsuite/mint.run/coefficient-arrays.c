/* Numbers kept in arrays that the region does not copy, read at constant
   subscripts (passed by value at each launch, as structure members are):
   a parameter `const double c[3]', extents in a parameter `const int
   n[3]' (loop bounds and the arrays' variably modified types), a local
   table of weights, and a local array the region's host code changes
   between two nests.  A table read at a subscript that varies must be
   copied, like any array.  */
/* { dg-do run } */
#include "mint-test.h"

/* A smoothing step over the n[0] x n[1] x n[2] grid U into V, with the
   weights C of the point, of x and of y and z, then back into U with
   W's weights of 5 points in each plane of z and the scale S.  */
#define SMOOTH(PRAGMA)                                                    \
  PRAGMA (for nest(all))                                                  \
  for (int z = 1; z < n[2] - 1; z++)                                      \
    for (int y = 1; y < n[1] - 1; y++)                                    \
      for (int x = 1; x < n[0] - 1; x++)                                  \
        v[z][y][x] = c[0] * u[z][y][x]                                    \
                     + c[1] * (u[z][y][x - 1] + u[z][y][x + 1])           \
                     + c[2] * (u[z][y - 1][x] + u[z][y + 1][x]            \
                               + u[z - 1][y][x] + u[z + 1][y][x]);        \
  s[0] = 0.5;                                                             \
  PRAGMA (for nest(all))                                                  \
  for (int z = 1; z < n[2] - 1; z++)                                      \
    for (int y = 1; y < n[1] - 1; y++)                                    \
      for (int x = 1; x < n[0] - 1; x++)                                  \
        u[z][y][x] = s[0] * (w[0][1] * v[z][y - 1][x]                     \
                             + w[1][0] * v[z][y][x - 1]                   \
                             + w[1][1] * v[z][y][x]                       \
                             + w[1][2] * v[z][y][x + 1]                   \
                             + w[2][1] * v[z][y + 1][x])                  \
                     + s[1];

static void
smooth_mint (const int n[3], const double c[3], double (*u)[n[1]][n[0]],
             double (*v)[n[1]][n[0]])
{
  double w[3][3] = { { 1, 2, 1 }, { 2, 4, 2 }, { 1, 2, 1 } };
  double s[2] = { 0.25, 0.125 };
#pragma mint copy(u, toDevice, n[0], n[1], n[2])
#pragma mint copy(v, toDevice, n[0], n[1], n[2])
#pragma mint parallel
  {
    SMOOTH (MINT_PRAGMA)
  }
#pragma mint copy(u, fromDevice, n[0], n[1], n[2])
#pragma mint copy(v, fromDevice, n[0], n[1], n[2])
}

static void
smooth_plain (const int n[3], const double c[3], double (*u)[n[1]][n[0]],
              double (*v)[n[1]][n[0]])
{
  double w[3][3] = { { 1, 2, 1 }, { 2, 4, 2 }, { 1, 2, 1 } };
  double s[2] = { 0.25, 0.125 };
  SMOOTH (NO_PRAGMA)
}

int
main (int argc, char **argv)
{
  int n[3] = { 21, 13, 9 };
  test_size_args (argc, argv, 3, n);
  const double c[3] = { 0.4, 0.15, 0.075 };
  TWO_FILLED (double, u, n[0], n[1], n[2], 1);
  TWO_FILLED (double, v, n[0], n[1], n[2], 2);
  smooth_mint (n, c, (double (*)[n[1]][n[0]]) u[0],
               (double (*)[n[1]][n[0]]) v[0]);
  smooth_plain (n, c, (double (*)[n[1]][n[0]]) u[1],
                (double (*)[n[1]][n[0]]) v[1]);
  size_t cells = (size_t) n[0] * n[1] * n[2];
  int status = test_report ("u", max_error (u[0], u[1], cells), TOL_DOUBLE);
  status |= test_report ("v", max_error (v[0], v[1], cells), TOL_DOUBLE);
  return status;
}
