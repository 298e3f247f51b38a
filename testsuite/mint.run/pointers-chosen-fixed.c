/* Ping-pong buffers of fixed size chosen by the step's parity: pointers
   to the rows of two global arrays (`double (*src)[N] = (t & 1) ? b :
   a;'), to the planes of two static 3-D arrays, set by if and else,
   and to the elements of two 1-D arrays (`double *src').
   Each launch finds the device array through the pointer; the results
   equal the plain program's.  */
/* { dg-do run } */
#include "mint-test.h"

#define N 40
#define NZ 9
#define NY 14
#define NX 21

static double a[N][N], b[N][N], ra[N][N], rb[N][N];

#define SMOOTH2(dst, src)                                                 \
  dst[y][x] = 0.25 * (src[y][x - 1] + src[y][x + 1] + src[y - 1][x]       \
                      + src[y + 1][x])
#define SMOOTH3(dst, src)                                                 \
  dst[z][y][x] = 0.4f * src[z][y][x]                                      \
                 + 0.1f * (src[z - 1][y][x] + src[z + 1][y][x]            \
                           + src[z][y - 1][x] + src[z][y + 1][x]          \
                           + src[z][y][x - 1] + src[z][y][x + 1])

static void
rows (int steps)
{
#pragma mint copy(a, toDevice, N, N)
#pragma mint copy(b, toDevice, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        double (*src)[N] = (t & 1) ? b : a;
        double (*dst)[N] = (t & 1) ? a : b;
#pragma mint for nest(all)
        for (int y = 1; y < N - 1; y++)
          for (int x = 1; x < N - 1; x++)
            SMOOTH2 (dst, src);
      }
  }
#pragma mint copy(a, fromDevice, N, N)
#pragma mint copy(b, fromDevice, N, N)
}

static void
rows_plain (int steps)
{
  for (int t = 0; t < steps; t++)
    {
      double (*src)[N] = (t & 1) ? rb : ra;
      double (*dst)[N] = (t & 1) ? ra : rb;
      for (int y = 1; y < N - 1; y++)
        for (int x = 1; x < N - 1; x++)
          SMOOTH2 (dst, src);
    }
}

/* Returns the largest difference from the plain steps.  */
static double
planes (int steps)
{
  static float f[NZ][NY][NX], g[NZ][NY][NX], rf[NZ][NY][NX], rg[NZ][NY][NX];
  for (int z = 0; z < NZ; z++)
    for (int y = 0; y < NY; y++)
      for (int x = 0; x < NX; x++)
        {
          f[z][y][x] = rf[z][y][x] = (float) test_value (x, y, z, 4);
          g[z][y][x] = rg[z][y][x] = (float) test_value (x, y, z, 6);
        }
#pragma mint copy(f, toDevice, NX, NY, NZ)
#pragma mint copy(g, toDevice, NX, NY, NZ)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        float (*src)[NY][NX], (*dst)[NY][NX];
        if (t % 2 == 0)
          {
            src = f;
            dst = g;
          }
        else
          {
            src = g;
            dst = f;
          }
#pragma mint for nest(all)
        for (int z = 1; z < NZ - 1; z++)
          for (int y = 1; y < NY - 1; y++)
            for (int x = 1; x < NX - 1; x++)
              SMOOTH3 (dst, src);
      }
  }
#pragma mint copy(f, fromDevice, NX, NY, NZ)
#pragma mint copy(g, fromDevice, NX, NY, NZ)
  for (int t = 0; t < steps; t++)
    {
      float (*src)[NY][NX] = t % 2 == 0 ? rf : rg;
      float (*dst)[NY][NX] = t % 2 == 0 ? rg : rf;
      for (int z = 1; z < NZ - 1; z++)
        for (int y = 1; y < NY - 1; y++)
          for (int x = 1; x < NX - 1; x++)
            SMOOTH3 (dst, src);
    }
  double error = max_error (&f[0][0][0], &rf[0][0][0], NX * NY * NZ);
  double other = max_error (&g[0][0][0], &rg[0][0][0], NX * NY * NZ);
  return error > other ? error : other;
}

static double line_a[N * 3], line_b[N * 3];

/* Returns the largest difference from the plain steps.  */
static double
line (int steps)
{
  int n = N * 3;
  double ra[N * 3], rb[N * 3];
  for (int i = 0; i < n; i++)
    {
      line_a[i] = ra[i] = test_value (i, 0, 0, 8);
      line_b[i] = rb[i] = test_value (i, 0, 0, 9);
    }
#pragma mint copy(line_a, toDevice, N * 3)
#pragma mint copy(line_b, toDevice, N * 3)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        double *src = (t & 1) ? line_b : line_a;
        double *dst = (t & 1) ? line_a : line_b;
#pragma mint for
        for (int i = 1; i < N * 3 - 1; i++)
          dst[i] = 0.5 * (src[i - 1] + src[i + 1]);
      }
  }
#pragma mint copy(line_a, fromDevice, N * 3)
#pragma mint copy(line_b, fromDevice, N * 3)
  for (int t = 0; t < steps; t++)
    {
      double *src = (t & 1) ? rb : ra, *dst = (t & 1) ? ra : rb;
      for (int i = 1; i < n - 1; i++)
        dst[i] = 0.5 * (src[i - 1] + src[i + 1]);
    }
  double error = max_error (line_a, ra, n);
  double other = max_error (line_b, rb, n);
  return error > other ? error : other;
}

int
main (void)
{
  int steps = 7;
  for (int y = 0; y < N; y++)
    for (int x = 0; x < N; x++)
      {
        a[y][x] = ra[y][x] = test_value (x, y, 0, 1);
        b[y][x] = rb[y][x] = test_value (x, y, 0, 2);
      }
  rows (steps);
  rows_plain (steps);
  int status = test_report ("rows a", max_error (&a[0][0], &ra[0][0], N * N),
                            TOL_EXACT);
  status |= test_report ("rows b", max_error (&b[0][0], &rb[0][0], N * N),
                         TOL_EXACT);
  status |= test_report ("planes", planes (steps), TOL_FLOAT);
  status |= test_report ("line", line (steps), TOL_EXACT);
  return status;
}
