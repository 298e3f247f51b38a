/* Updates of a 4-D array, the double buffer A[2][NZ][NY][NX] of a time
   loop: a fourth range names its 3-D arrays.  The host changes a box of
   the grid the step just wrote (update toHost, then toDevice), and reads
   one plane of both grids.  */
/* { dg-do run } */
#include "mint-test.h"

#define NX 19
#define NY 13
#define NZ 9
enum { STEPS = 8 };

#define STAR(a, w, z, y, x)                                               \
  (0.4 * a[w][z][y][x]                                                    \
   + 0.1 * (a[w][z][y][x - 1] + a[w][z][y][x + 1] + a[w][z][y - 1][x]     \
            + a[w][z][y + 1][x] + a[w][z - 1][y][x] + a[w][z + 1][y][x]))

static double A[2][NZ][NY][NX], R[2][NZ][NY][NX];

/* The host's part of a step, on grid W of B.  */
static void
host_step (double (*b)[NZ][NY][NX], int w)
{
  for (int z = 4; z < 6; z++)
    for (int y = 2; y < 5; y++)
      for (int x = 1; x < NX - 1; x++)
        b[w][z][y][x] = 0.5 * b[w][z][y][x] + 1.0;
}

static double
steps_mint (void)
{
  double seen = 0.0;
#pragma mint copy(A, toDevice, NX, NY, NZ, 2)
#pragma mint parallel
  {
    for (int t = 0; t < STEPS; t++)
      {
#pragma mint for nest(all) nowait
        for (int z = 1; z < NZ - 1; z++)
          for (int y = 1; y < NY - 1; y++)
            for (int x = 1; x < NX - 1; x++)
              A[(t + 1) % 2][z][y][x] = STAR (A, t % 2, z, y, x);
        if (t % 3 == 1)
          {
            int w = (t + 1) % 2;
#pragma mint update(A, toHost, 1:NX - 2, 2:3, 4:2, w:1)
            host_step (A, w);
#pragma mint update(A, toDevice, 1:NX - 2, 2:3, 4:2, w:1)
          }
        if (t % 4 == 3)
          {
#pragma mint update(A, toHost, 0:NX, 0:NY, 3:1, 0:2)
            for (int w = 0; w < 2; w++)
              seen += A[w][3][NY / 2][NX / 3];
          }
      }
  }
#pragma mint copy(A, fromDevice, NX, NY, NZ, 2)
  return seen;
}

int
main (void)
{
  fill (&A[0][0][0][0], NX, NY, 2 * NZ, 1);
  memcpy (R, A, sizeof A);
  double seen = steps_mint ();
  double expected = 0.0;
  for (int t = 0; t < STEPS; t++)
    {
      for (int z = 1; z < NZ - 1; z++)
        for (int y = 1; y < NY - 1; y++)
          for (int x = 1; x < NX - 1; x++)
            R[(t + 1) % 2][z][y][x] = STAR (R, t % 2, z, y, x);
      if (t % 3 == 1)
        host_step (R, (t + 1) % 2);
      if (t % 4 == 3)
        for (int w = 0; w < 2; w++)
          expected += R[w][3][NY / 2][NX / 3];
    }
  int status = test_report ("A[2][NZ][NY][NX] with updates",
                            max_error (&A[0][0][0][0], &R[0][0][0][0],
                                       2 * (size_t) NX * NY * NZ),
                            TOL_DOUBLE);
  status |= test_report ("values the host read",
                         test_relative_error (seen, expected), TOL_DOUBLE);
  return status;
}
