/* Several points per thread in the plane (chunksize below the walk: level
   3's register blocks) at extents no block divides: 16-byte accesses where
   the rows are aligned (the loops start after a halo of one), one element
   at a time where they are not (a loop from x = 2), float and int
   elements (four per access), a 2-D walk, and bodies that store under a
   condition or read an array at a mirrored point (those points must
   not run for threads whose points are partly outside).
   Usage: register-block [NX NY NZ]  (default 97 61 45).  */
/* { dg-do run } */
#include "mint-test.h"

#define STEPS 3
#define STAR7(U, z, y, x)                                                \
  (0.4 * U[z][y][x] + 0.1 * (U[z][y][x - 1] + U[z][y][x + 1]             \
                             + U[z][y - 1][x] + U[z][y + 1][x]           \
                             + U[z - 1][y][x] + U[z + 1][y][x]))
#define PLANE9(U, z, y, x)                                               \
  (0.2f * U[z][y][x] + 0.05f * (U[z][y - 1][x - 1] + U[z][y - 1][x + 1]  \
                                + U[z][y + 1][x - 1] + U[z][y + 1][x + 1]) \
   + 0.1f * (U[z - 1][y][x] + U[z + 1][y][x] + U[z][y][x - 1]           \
             + U[z][y][x + 1]))

static int nx, ny, nz;

/* STEPS steps of STAR7 with 2 x 4 points per thread, over x from X0.  */
static double ***
star7_mint (double ***U, double ***V, int x0)
{
#pragma mint copy(U, toDevice, nx, ny, nz)
#pragma mint copy(V, toDevice, nx, ny, nz)
#pragma mint parallel
  {
    for (int t = 0; t < STEPS; t++)
      {
#pragma mint for nest(all) tile(64, 32, 5) chunksize(2, 4, 5)
        for (int z = 1; z < nz - 1; z++)
          for (int y = 1; y < ny - 1; y++)
            for (int x = x0; x < nx - 1; x++)
              V[z][y][x] = STAR7 (U, z, y, x);
#pragma mint single
        {
          double ***tmp = U;
          U = V;
          V = tmp;
        }
      }
  }
#pragma mint copy(U, fromDevice, nx, ny, nz)
  return U;
}

static double ***
star7_cpu (double ***U, double ***V, int x0)
{
  for (int t = 0; t < STEPS; t++)
    {
      for (int z = 1; z < nz - 1; z++)
        for (int y = 1; y < ny - 1; y++)
          for (int x = x0; x < nx - 1; x++)
            V[z][y][x] = STAR7 (U, z, y, x);
      double ***tmp = U;
      U = V;
      V = tmp;
    }
  return U;
}

/* A float stencil with edges in the plane, 4 x 2 points per thread.  */
static void
plane9_mint (float ***U, float ***V)
{
#pragma mint copy(U, toDevice, nx, ny, nz)
#pragma mint copy(V, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(64, 16, 3) chunksize(4, 2, 3)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          V[z][y][x] = PLANE9 (U, z, y, x);
  }
#pragma mint copy(V, fromDevice, nx, ny, nz)
}

/* Integers, four per access; the store happens under a condition, and
   another array is read at a mirrored row (not a stencil offset).  */
static void
masked_mint (int ***A, int ***B, int ***M)
{
#pragma mint copy(A, toDevice, nx, ny, nz)
#pragma mint copy(B, toDevice, nx, ny, nz)
#pragma mint copy(M, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(32, 16, 4) chunksize(4, 2, 4)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          {
            int s = A[z][y][x - 1] + A[z][y][x + 1] + A[z - 1][y][x]
                    + A[z][y][x];
            if (s % 3 != 0)
              M[z][y][x] = s + B[z][ny - 1 - y][x];
          }
  }
#pragma mint copy(M, fromDevice, nx, ny, nz)
}

static void
masked_cpu (int ***A, int ***B, int ***M)
{
  for (int z = 1; z < nz - 1; z++)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        {
          int s = A[z][y][x - 1] + A[z][y][x + 1] + A[z - 1][y][x]
                  + A[z][y][x];
          if (s % 3 != 0)
            M[z][y][x] = s + B[z][ny - 1 - y][x];
        }
}

/* 2-D: 2 points per thread in x, each walking 7 rows.  */
static void
heat2d_mint (int n, int m, double (*U)[n], double (*V)[n])
{
#pragma mint copy(U, toDevice, n, m)
#pragma mint copy(V, toDevice, n, m)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(64, 7) chunksize(2, 7)
    for (int y = 1; y < m - 1; y++)
      for (int x = 1; x < n - 1; x++)
        V[y][x] = 0.6 * U[y][x] + 0.1 * (U[y][x - 1] + U[y][x + 1]
                                         + U[y - 1][x] + U[y + 1][x]);
  }
#pragma mint copy(V, fromDevice, n, m)
}

int
main (int argc, char **argv)
{
  int n[3] = { 97, 61, 45 };
  test_size_args (argc, argv, 3, n);
  nx = n[0], ny = n[1], nz = n[2];
  size_t points = (size_t) nx * ny * nz;
  int status = 0;

  for (int x0 = 1; x0 <= 2; x0++)
    {
      double ***g[4];
      for (int i = 0; i < 4; i++)
        {
          g[i] = alloc3d_double (nx, ny, nz);
          fill (g[i][0][0], nx, ny, nz, 1 + i % 2);
        }
      double ***got = star7_mint (g[0], g[1], x0);
      double ***ref = star7_cpu (g[2], g[3], x0);
      status |= test_report (x0 == 1 ? "star7, rows aligned"
                                     : "star7, rows from x = 2",
                             max_error (got[0][0], ref[0][0], points),
                             TOL_DOUBLE);
      for (int i = 0; i < 4; i++)
        free3d_double (g[i]);
    }

  float ***fu = alloc3d_float (nx, ny, nz), ***fv = alloc3d_float (nx, ny, nz);
  float ***fr = alloc3d_float (nx, ny, nz);
  fill (fu[0][0], nx, ny, nz, 3);
  fill (fv[0][0], nx, ny, nz, 4);
  fill (fr[0][0], nx, ny, nz, 4);
  plane9_mint (fu, fv);
  for (int z = 1; z < nz - 1; z++)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        fr[z][y][x] = PLANE9 (fu, z, y, x);
  status |= test_report ("plane9 float", max_error (fv[0][0], fr[0][0],
                                                    points), TOL_FLOAT);
  free3d_float (fu);
  free3d_float (fv);
  free3d_float (fr);

  int ***ia = alloc3d_int (nx, ny, nz), ***im = alloc3d_int (nx, ny, nz);
  int ***ir = alloc3d_int (nx, ny, nz), ***ib = alloc3d_int (nx, ny, nz);
  fill (ia[0][0], nx, ny, nz, 5);
  fill (ib[0][0], nx, ny, nz, 9);
  fill (im[0][0], nx, ny, nz, 6);
  fill (ir[0][0], nx, ny, nz, 6);
  masked_mint (ia, ib, im);
  masked_cpu (ia, ib, ir);
  status |= test_report ("masked int", max_error (im[0][0], ir[0][0], points),
                         TOL_EXACT);
  free3d_int (ia);
  free3d_int (im);
  free3d_int (ir);
  free3d_int (ib);

  int n2 = nx + 4, m2 = ny + 2;
  double (*u)[n2] = test_xmalloc (sizeof (double) * n2 * m2);
  double (*v)[n2] = test_xmalloc (sizeof (double) * n2 * m2);
  double (*r)[n2] = test_xmalloc (sizeof (double) * n2 * m2);
  fill (&u[0][0], n2, m2, 1, 7);
  fill (&v[0][0], n2, m2, 1, 8);
  fill (&r[0][0], n2, m2, 1, 8);
  heat2d_mint (n2, m2, u, v);
  for (int y = 1; y < m2 - 1; y++)
    for (int x = 1; x < n2 - 1; x++)
      r[y][x] = 0.6 * u[y][x] + 0.1 * (u[y][x - 1] + u[y][x + 1]
                                       + u[y - 1][x] + u[y + 1][x]);
  status |= test_report ("heat2d", max_error (&v[0][0], &r[0][0],
                                              (size_t) n2 * m2), TOL_DOUBLE);
  free (u);
  free (v);
  free (r);
  return status;
}
