/* Ping-pong buffers chosen by the step's parity in the region, as
   published codes write them: `double *src = (t & 1) ? b : a;', the same
   with if and else, and pointers to rows of a variably modified type.
   Each launch finds the device array through the pointer, as after a
   swap; the results equal the plain program's.  */
/* { dg-do run } */
#include "mint-test.h"

/* One Jacobi step of flat DST from SRC, and one smoothing step of rows
   DST from SRC.  */
#define JACOBI(dst, src)                                                  \
  dst[y * n + x] = 0.25 * (src[y * n + x - 1] + src[y * n + x + 1]        \
                           + src[(y - 1) * n + x] + src[(y + 1) * n + x])
#define SMOOTH(dst, src)                                                  \
  dst[y][x] = 0.5f * src[y][x] + 0.125f * (src[y][x - 1] + src[y][x + 1]  \
                                           + src[y - 1][x] + src[y + 1][x])

static void
ternary (int n, int steps, double *a, double *b)
{
#pragma mint copy(a, toDevice, n * n)
#pragma mint copy(b, toDevice, n * n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        double *src = (t & 1) ? b : a;
        double *dst = (t & 1) ? a : b;
#pragma mint for nest(all)
        for (int y = 1; y < n - 1; y++)
          for (int x = 1; x < n - 1; x++)
            JACOBI (dst, src);
      }
  }
#pragma mint copy(a, fromDevice, n * n)
#pragma mint copy(b, fromDevice, n * n)
}

static void
branches (int n, int steps, float (*a)[n], float (*b)[n])
{
#pragma mint copy(a, toDevice, n, n)
#pragma mint copy(b, toDevice, n, n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        float (*src)[n], (*dst)[n];
        if (t % 2 == 0)
          {
            src = a;
            dst = b;
          }
        else
          {
            src = b;
            dst = a;
          }
#pragma mint for nest(all)
        for (int y = 1; y < n - 1; y++)
          for (int x = 1; x < n - 1; x++)
            SMOOTH (dst, src);
      }
  }
#pragma mint copy(a, fromDevice, n, n)
#pragma mint copy(b, fromDevice, n, n)
}

static void
ternary_plain (int n, int steps, double *a, double *b)
{
  for (int t = 0; t < steps; t++)
    {
      double *src = (t & 1) ? b : a;
      double *dst = (t & 1) ? a : b;
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          JACOBI (dst, src);
    }
}

static void
branches_plain (int n, int steps, float (*a)[n], float (*b)[n])
{
  for (int t = 0; t < steps; t++)
    {
      float (*src)[n] = t % 2 == 0 ? a : b, (*dst)[n] = t % 2 == 0 ? b : a;
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          SMOOTH (dst, src);
    }
}

int
main (void)
{
  int n = 45, steps = 7;
  size_t cells = (size_t) n * n;
  double *a = test_xmalloc (cells * sizeof *a), *b = test_xmalloc (cells * sizeof *b);
  double *ra = test_xmalloc (cells * sizeof *ra), *rb = test_xmalloc (cells * sizeof *rb);
  float (*f)[n] = test_xmalloc (cells * sizeof (float));
  float (*g)[n] = test_xmalloc (cells * sizeof (float));
  float (*rf)[n] = test_xmalloc (cells * sizeof (float));
  float (*rg)[n] = test_xmalloc (cells * sizeof (float));
  for (size_t i = 0; i < cells; i++)
    {
      a[i] = ra[i] = (double) (i * 37 % 101) / 7.0;
      b[i] = rb[i] = (double) (i * 11 % 53) / 3.0;
      f[0][i] = rf[0][i] = (float) (i * 13 % 29);
      g[0][i] = rg[0][i] = (float) (i * 7 % 17);
    }
  ternary (n, steps, a, b);
  ternary_plain (n, steps, ra, rb);
  branches (n, steps, f, g);
  branches_plain (n, steps, rf, rg);
  int status = test_report ("ternary a", max_error (a, ra, cells), TOL_EXACT);
  status |= test_report ("ternary b", max_error (b, rb, cells), TOL_EXACT);
  status |= test_report ("branches a", max_error (f[0], rf[0], cells),
                         TOL_FLOAT);
  status |= test_report ("branches b", max_error (g[0], rg[0], cells),
                         TOL_FLOAT);
  return status;
}
