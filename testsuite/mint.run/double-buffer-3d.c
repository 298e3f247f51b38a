/* The double buffer of many published stencil codes: one 4-D array of
   two 3-D grids, A[2][NZ][NY][NX], read at A[t % 2] and written at
   A[(t + 1) % 2], copied with a fourth extent, x first (copy(A,
   toDevice, NX, NY, NZ, 2)).  Each kernel indexes the two grids as
   arrays of their own.  Also a pointer to whole 3-D grids,
   double (*a)[nz][ny][nx], selected by t & 1, and a local variable-length
   4-D array selected by cur and cur ^ 1.  Odd step counts end on the
   other grid.  */
/* { dg-do run } */
#include "mint-test.h"

#define NX 29
#define NY 21
#define NZ 13

#define STAR(a, w, z, y, x)                                               \
  (0.4 * a[w][z][y][x]                                                    \
   + 0.1 * (a[w][z][y][x - 1] + a[w][z][y][x + 1] + a[w][z][y - 1][x]     \
            + a[w][z][y + 1][x] + a[w][z - 1][y][x] + a[w][z + 1][y][x]))

static double A[2][NZ][NY][NX], R[2][NZ][NY][NX];

static void
fixed_mint (int steps)
{
#pragma mint copy(A, toDevice, NX, NY, NZ, 2)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        for (int z = 1; z < NZ - 1; z++)
          for (int y = 1; y < NY - 1; y++)
            for (int x = 1; x < NX - 1; x++)
              A[(t + 1) % 2][z][y][x] = STAR (A, t % 2, z, y, x);
      }
  }
#pragma mint copy(A, fromDevice, NX, NY, NZ, 2)
}

static void
pointer_mint (int nx, int ny, int nz, double (*a)[nz][ny][nx], int steps)
{
#pragma mint copy(a, toDevice, nx, ny, nz, 2)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all) tile(8, 4, 2)
        for (int z = 1; z < nz - 1; z++)
          for (int y = 1; y < ny - 1; y++)
            for (int x = 1; x < nx - 1; x++)
              a[(t + 1) & 1][z][y][x] = STAR (a, t & 1, z, y, x) + 0.01 * t;
      }
  }
#pragma mint copy(a, fromDevice, nx, ny, nz, 2)
}

static void
pointer_cpu (int nx, int ny, int nz, double (*a)[nz][ny][nx], int steps)
{
  for (int t = 0; t < steps; t++)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          a[(t + 1) & 1][z][y][x] = STAR (a, t & 1, z, y, x) + 0.01 * t;
}

/* The local grids start from OUT and end in it.  */
static void
local_mint (int nx, int ny, int nz, double *out, int steps)
{
  double a[2][nz][ny][nx];
  memcpy (a, out, sizeof a);
#pragma mint copy(a, toDevice, nx, ny, nz, 2)
#pragma mint parallel
  {
    int cur = 0;
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        for (int z = 1; z < nz - 1; z++)
          for (int y = 1; y < ny - 1; y++)
            for (int x = 1; x < nx - 1; x++)
              a[cur ^ 1][z][y][x] = STAR (a, cur, z, y, x) + 0.01 * t;
        cur ^= 1;
      }
  }
#pragma mint copy(a, fromDevice, nx, ny, nz, 2)
  memcpy (out, a, sizeof a);
}

int
main (int argc, char **argv)
{
  int n[3] = { NX, NY, NZ }, steps = 7;
  test_size_args (argc, argv, 3, n);
  size_t volume = (size_t) n[0] * n[1] * n[2];

  fill (&A[0][0][0][0], NX, NY, NZ, 1);
  fill (&A[1][0][0][0], NX, NY, NZ, 2);
  memcpy (R, A, sizeof A);
  fixed_mint (steps);
  for (int t = 0; t < steps; t++)
    for (int z = 1; z < NZ - 1; z++)
      for (int y = 1; y < NY - 1; y++)
        for (int x = 1; x < NX - 1; x++)
          R[(t + 1) % 2][z][y][x] = STAR (R, t % 2, z, y, x);
  int status = test_report ("double A[2][NZ][NY][NX], A[t % 2]",
                            max_error (&A[0][0][0][0], &R[0][0][0][0],
                                       2 * (size_t) NX * NY * NZ),
                            TOL_DOUBLE);

  double *a = test_xmalloc (2 * volume * sizeof *a);
  double *r = test_xmalloc (2 * volume * sizeof *r);
  fill (a, n[0], n[1], 2 * n[2], 3);
  memcpy (r, a, 2 * volume * sizeof *a);
  pointer_mint (n[0], n[1], n[2], (double (*)[n[2]][n[1]][n[0]]) a,
                steps + 1);
  pointer_cpu (n[0], n[1], n[2], (double (*)[n[2]][n[1]][n[0]]) r,
               steps + 1);
  status |= test_report ("double (*a)[nz][ny][nx], a[t & 1]",
                         max_error (a, r, 2 * volume), TOL_DOUBLE);

  /* Small enough for the stack.  */
  int m[3] = { 17, 11, 7 };
  size_t small = 2 * (size_t) m[0] * m[1] * m[2];
  fill (a, m[0], m[1], 2 * m[2], 4);
  memcpy (r, a, small * sizeof *a);
  local_mint (m[0], m[1], m[2], a, steps);
  pointer_cpu (m[0], m[1], m[2], (double (*)[m[2]][m[1]][m[0]]) r, steps);
  status |= test_report ("local double a[2][nz][ny][nx], a[cur ^ 1]",
                         max_error (a, r, small), TOL_DOUBLE);
  free (a);
  free (r);
  return status;
}
