/* Arrays declared in the loop body are private to each point: weights
   set from scalars, a zeroed array filled by an inner loop, a 3x3 array,
   counts indexed by a loaded value, bytes, constant subscripts in a 3-D
   star without inner loops (variables, so that level 3 applies), and
   one read in a reduction's nest.  Each against the same loops on the
   CPU.  */
/* { dg-do run } */
#include "mint-test.h"

#define NX 37
#define NY 23
#define NZ 11

/* 5 weights from two scalars, products kept in a zeroed array.  */
#define WEIGHTED(u, y, x, a, b, out)                                      \
  do                                                                      \
    {                                                                     \
      double w[5] = { a, b, 1.0, b, a };                                  \
      double z[8] = { 0 };                                                \
      double s = 0;                                                       \
      for (int k = 0; k < 5; k++)                                         \
        {                                                                 \
          z[k] = w[k] * u[y][x + k - 2];                                  \
          s += z[k];                                                      \
        }                                                                 \
      out = s + z[7];                                                     \
    }                                                                     \
  while (0)

/* A 3x3 array of the neighbours, its largest row sum; counts of the
   centre's class (a subscript loaded from memory) in a byte array.  */
#define NEIGHBOURS(u, y, x, out)                                          \
  do                                                                      \
    {                                                                     \
      double m[3][3];                                                     \
      unsigned char seen[4] = { 0 };                                      \
      for (int j = 0; j < 3; j++)                                         \
        for (int i = 0; i < 3; i++)                                       \
          m[j][i] = u[y + j - 1][x + i - 1];                              \
      double best = -1e300;                                               \
      for (int j = 0; j < 3; j++)                                         \
        {                                                                 \
          double r = m[j][0] + m[j][1] + m[j][2];                         \
          best = r > best ? r : best;                                     \
          seen[(int) (4 * u[y + j - 1][x] + 8) % 4]++;                    \
        }                                                                 \
      out = best + seen[0] + 2 * seen[1] + 3 * seen[3];                   \
    }                                                                     \
  while (0)

#define STAR3(u, z, y, x, c0, c1, out)                                    \
  do                                                                      \
    {                                                                     \
      double c[3] = { c0, c1, c0 };                                       \
      out = c[1] * u[z][y][x] + c[0] * (u[z][y][x - 1] + u[z][y][x + 1])   \
            + c[2] * (u[z - 1][y][x] + u[z + 1][y][x]);                   \
    }                                                                     \
  while (0)

static void
planes_mint (double (*v)[NX], double (*n)[NX], double (*u)[NX], double a,
             double b)
{
#pragma mint copy(u, toDevice, NX, NY)
#pragma mint copy(v, toDevice, NX, NY)
#pragma mint copy(n, toDevice, NX, NY)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(16, 4)
    for (int y = 1; y < NY - 1; y++)
      for (int x = 2; x < NX - 2; x++)
        {
          WEIGHTED (u, y, x, a, b, v[y][x]);
          NEIGHBOURS (u, y, x, n[y][x]);
        }
  }
#pragma mint copy(v, fromDevice, NX, NY)
#pragma mint copy(n, fromDevice, NX, NY)
}

static double
star_mint (double ***v, double ***u, double c0, double c1)
{
  double sum = 0;
#pragma mint copy(u, toDevice, NX, NY, NZ)
#pragma mint copy(v, toDevice, NX, NY, NZ)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 1; z < NZ - 1; z++)
      for (int y = 1; y < NY - 1; y++)
        for (int x = 1; x < NX - 1; x++)
          STAR3 (u, z, y, x, c0, c1, v[z][y][x]);
#pragma mint for nest(all) reduction(+:sum)
    for (int z = 1; z < NZ - 1; z++)
      for (int y = 1; y < NY - 1; y++)
        for (int x = 1; x < NX - 1; x++)
          {
            double d[2] = { v[z][y][x], u[z][y][x] };
            sum += d[0] * d[1];
          }
  }
#pragma mint copy(v, fromDevice, NX, NY, NZ)
  return sum;
}

int
main (void)
{
  static double u[NY][NX], v[NY][NX], n[NY][NX], rv[NY][NX], rn[NY][NX];
  fill (&u[0][0], NX, NY, 1, 1);
  double a = 0.125, b = -0.375;
  planes_mint (v, n, u, a, b);
  for (int y = 1; y < NY - 1; y++)
    for (int x = 2; x < NX - 2; x++)
      {
        WEIGHTED (u, y, x, a, b, rv[y][x]);
        NEIGHBOURS (u, y, x, rn[y][x]);
      }
  int result = test_report ("weights", max_error (&v[0][0], &rv[0][0],
                                                  NX * NY), TOL_DOUBLE);
  result |= test_report ("neighbours", max_error (&n[0][0], &rn[0][0],
                                                  NX * NY), TOL_DOUBLE);

  double ***u3 = alloc3d_double (NX, NY, NZ);
  double ***v3 = alloc3d_double (NX, NY, NZ);
  double ***r3 = alloc3d_double (NX, NY, NZ);
  fill (u3[0][0], NX, NY, NZ, 2);
  fill (v3[0][0], NX, NY, NZ, 3);
  fill (r3[0][0], NX, NY, NZ, 3);
  double sum = star_mint (v3, u3, 0.25, 0.5), rsum = 0;
  for (int z = 1; z < NZ - 1; z++)
    for (int y = 1; y < NY - 1; y++)
      for (int x = 1; x < NX - 1; x++)
        {
          STAR3 (u3, z, y, x, 0.25, 0.5, r3[z][y][x]);
          rsum += r3[z][y][x] * u3[z][y][x];
        }
  result |= test_report ("star", max_error (v3[0][0], r3[0][0],
                                            NX * NY * NZ), TOL_DOUBLE);
  result |= test_report ("reduction", test_relative_error (sum, rsum),
                         TOL_DOUBLE);
  free3d_double (u3);
  free3d_double (v3);
  free3d_double (r3);
  return result;
}
