/* body-math.h -- the program of the body-math tests: MATH_D (a, y, x)
   and MATH_F (f, y, x), defined before this header, computed with
   #pragma mint over a double and a float grid and again by the CPU,
   within MATH_TOL_D and MATH_TOL_F (if defined before this header; else
   TOL_DOUBLE and TOL_FLOAT).  */

#include "mint-test.h"

#ifndef MATH_TOL_D
#define MATH_TOL_D TOL_DOUBLE
#endif
#ifndef MATH_TOL_F
#define MATH_TOL_F TOL_FLOAT
#endif

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
                            MATH_TOL_D);
  status |= test_report ("float math", max_error (&g[0][0], &gref[0][0], n),
                         MATH_TOL_F);
  free (a);
  free (b);
  free (bref);
  free (f);
  free (g);
  free (gref);
  return status;
}
