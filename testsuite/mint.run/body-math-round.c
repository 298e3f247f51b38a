/* More C math functions in the loop body, double and float versions:
   rounding to integers (lround, llround, lrint, llrint, ilogb, whose
   results are integers), rint, nearbyint, fdim, remainder, the inverse
   hyperbolic functions, logb, and POSIX's Bessel functions.  */
/* { dg-do run } */
#define _DEFAULT_SOURCE
#include "mint-test.h"

#define MATH_D(a, y, x)                                                  \
  ((double) lround (10 * a[y][x]) + (double) llround (-7 * a[y][x + 1])  \
   + (double) lrint (3 * a[y][x]) - (double) llrint (5 * a[y + 1][x])    \
   + ilogb (a[y][x] * 100) + rint (a[y][x] * 4) + nearbyint (a[y][x])    \
   + fdim (a[y][x], a[y][x + 1]) + remainder (a[y][x], 0.7)              \
   + asinh (a[y][x]) + acosh (a[y][x] + 1) + atanh (a[y][x] / 4)         \
   + logb (a[y][x] * 50) + j0 (a[y][x]) + j1 (a[y][x]) + y0 (a[y][x])    \
   + y1 (a[y][x]))
#define MATH_F(f, y, x)                                                  \
  ((float) lroundf (10 * f[y][x]) + (float) lrintf (3 * f[y][x])         \
   + ilogbf (f[y][x] * 100) + rintf (f[y][x] * 4) + fdimf (f[y][x], 1.5f) \
   + asinhf (f[y][x]) + atanhf (f[y][x] / 4) + remainderf (f[y][x], 0.7f))

static void
compute_mint (int nx, int ny, double (*a)[nx], double (*b)[nx],
              float (*f)[nx], float (*g)[nx])
{
#pragma mint copy(a, toDevice, nx, ny)
#pragma mint copy(b, toDevice, nx, ny)
#pragma mint copy(f, toDevice, nx, ny)
#pragma mint copy(g, toDevice, nx, ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 0; y < ny - 1; y++)
      for (int x = 0; x < nx - 1; x++)
        b[y][x] = MATH_D (a, y, x);
#pragma mint for nest(all)
    for (int y = 0; y < ny - 1; y++)
      for (int x = 0; x < nx - 1; x++)
        g[y][x] = MATH_F (f, y, x);
  }
#pragma mint copy(b, fromDevice, nx, ny)
#pragma mint copy(g, fromDevice, nx, ny)
}

int
main (void)
{
  int nx = 61, ny = 37, n = nx * ny;
  double (*a)[nx] = test_xmalloc (sizeof (double[ny][nx]));
  double (*b)[nx] = test_xmalloc (sizeof (double[ny][nx]));
  double (*bref)[nx] = test_xmalloc (sizeof (double[ny][nx]));
  float (*f)[nx] = test_xmalloc (sizeof (float[ny][nx]));
  float (*g)[nx] = test_xmalloc (sizeof (float[ny][nx]));
  float (*gref)[nx] = test_xmalloc (sizeof (float[ny][nx]));
  fill (&a[0][0], nx, ny, 1, 1);
  fill (&b[0][0], nx, ny, 1, 2);
  fill (&bref[0][0], nx, ny, 1, 2);
  fill (&f[0][0], nx, ny, 1, 3);
  fill (&g[0][0], nx, ny, 1, 4);
  fill (&gref[0][0], nx, ny, 1, 4);

  compute_mint (nx, ny, a, b, f, g);
  for (int y = 0; y < ny - 1; y++)
    for (int x = 0; x < nx - 1; x++)
      {
        bref[y][x] = MATH_D (a, y, x);
        gref[y][x] = MATH_F (f, y, x);
      }

  int status = test_report ("double math", max_error (&b[0][0], &bref[0][0], n),
                            TOL_DOUBLE);
  status |= test_report ("float math", max_error (&g[0][0], &gref[0][0], n),
                         TOL_FLOAT);
  free (a);
  free (b);
  free (bref);
  free (f);
  free (g);
  free (gref);
  return status;
}
