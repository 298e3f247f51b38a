/* The 2-D double buffer: one array of two grids, A[2][NY][NX], read at
   A[t % 2] and written at A[(t + 1) % 2] (copy(A, toDevice, NX, NY, 2)),
   also as double (*a)[ny][nx] and with the planes 0 and 1 named by
   constants in a nest of their own.  */
/* { dg-do run } */
#include "mint-test.h"

#define NX 41
#define NY 27

#define STAR(a, w, y, x)                                                  \
  (0.5 * a[w][y][x] + 0.125 * (a[w][y][x - 1] + a[w][y][x + 1]            \
                               + a[w][y - 1][x] + a[w][y + 1][x]))

static float A[2][NY][NX], R[2][NY][NX];

static void
fixed_mint (int steps)
{
#pragma mint copy(A, toDevice, NX, NY, 2)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all) tile(16, 8)
        for (int y = 1; y < NY - 1; y++)
          for (int x = 1; x < NX - 1; x++)
            A[(t + 1) % 2][y][x] = STAR (A, t % 2, y, x);
      }
    /* Plane 0 from plane 1, the other way round.  */
#pragma mint for nest(all)
    for (int y = 1; y < NY - 1; y++)
      for (int x = 1; x < NX - 1; x++)
        A[0][y][x] = A[1][y][x] - 0.5f * A[1][y - 1][x];
  }
#pragma mint copy(A, fromDevice, NX, NY, 2)
}

static void
pointer_mint (int nx, int ny, double (*a)[ny][nx], int steps)
{
#pragma mint copy(a, toDevice, nx, ny, 2)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            a[(t + 1) % 2][y][x] = STAR (a, t % 2, y, x) * (1.0 + 0.01 * t);
      }
  }
#pragma mint copy(a, fromDevice, nx, ny, 2)
}

int
main (int argc, char **argv)
{
  int n[2] = { 53, 31 }, steps = 9;
  test_size_args (argc, argv, 2, n);

  fill (&A[0][0][0], NX, NY, 2, 1);
  memcpy (R, A, sizeof A);
  fixed_mint (steps);
  for (int t = 0; t < steps; t++)
    for (int y = 1; y < NY - 1; y++)
      for (int x = 1; x < NX - 1; x++)
        R[(t + 1) % 2][y][x] = STAR (R, t % 2, y, x);
  for (int y = 1; y < NY - 1; y++)
    for (int x = 1; x < NX - 1; x++)
      R[0][y][x] = R[1][y][x] - 0.5f * R[1][y - 1][x];
  int status = test_report ("float A[2][NY][NX], A[t % 2]",
                            max_error (&A[0][0][0], &R[0][0][0],
                                       2 * (size_t) NX * NY), TOL_FLOAT);

  size_t plane = (size_t) n[0] * n[1];
  double *a = test_xmalloc (2 * plane * sizeof *a);
  double *r = test_xmalloc (2 * plane * sizeof *r);
  fill (a, n[0], n[1], 2, 2);
  memcpy (r, a, 2 * plane * sizeof *a);
  pointer_mint (n[0], n[1], (double (*)[n[1]][n[0]]) a, steps);
  double (*rp)[n[1]][n[0]] = (double (*)[n[1]][n[0]]) r;
  for (int t = 0; t < steps; t++)
    for (int y = 1; y < n[1] - 1; y++)
      for (int x = 1; x < n[0] - 1; x++)
        rp[(t + 1) % 2][y][x] = STAR (rp, t % 2, y, x) * (1.0 + 0.01 * t);
  status |= test_report ("double (*a)[ny][nx], a[t % 2]",
                         max_error (a, r, 2 * plane), TOL_DOUBLE);
  free (a);
  free (r);
  return status;
}
