/* switch statements in the loop body: on a byte grid of materials, with
   a case range (GNU C), a case that falls through, a default, a switch
   without a default, a switch inside a loop of the body whose cases
   break out of the switch or continue the loop, and a default and an if
   that say __builtin_unreachable ().  */
/* { dg-do run } */
#include "mint-test.h"

#define MATERIALS 9

#define BODY(a, mat, b, bias, y, x)                                      \
  do                                                                     \
    {                                                                    \
      double v = a[y][x];                                                \
      if (mat[y][x] >= MATERIALS)                                        \
        __builtin_unreachable ();                                        \
      switch (mat[y][x])                                                 \
        {                                                                \
        case 0:                                                          \
          v += a[y][x - 1];                                              \
          /* Fall through.  */                                           \
        case 1:                                                          \
          v *= 2.0;                                                      \
          break;                                                         \
        case 2 ... 4:                                                    \
          v -= bias * a[y + 1][x];                                       \
          break;                                                         \
        case 7:                                                          \
          for (int k = 0; k < 4; k++)                                    \
            {                                                            \
              switch (k & 1)                                             \
                {                                                        \
                case 0:                                                  \
                  v += k;                                                \
                  break;                                                 \
                case 1:                                                  \
                  v -= 0.5 * k;                                          \
                  continue;                                              \
                }                                                        \
              v *= 1.01;                                                 \
            }                                                            \
          break;                                                         \
        default:                                                         \
          v = -v;                                                        \
        }                                                                \
      switch (mat[y - 1][x])                                             \
        {                                                                \
        case 5:                                                          \
        case 8:                                                          \
          v += 100.0;                                                    \
        }                                                                \
      switch (mat[y][x + 1] % 3)                                         \
        {                                                                \
        case 0:                                                          \
          v += 0.25;                                                     \
          break;                                                         \
        case 1:                                                          \
          v *= 0.75;                                                     \
          break;                                                         \
        case 2:                                                          \
          v -= a[y - 1][x];                                              \
          break;                                                         \
        default:                                                         \
          __builtin_unreachable ();                                      \
        }                                                                \
      b[y][x] = v;                                                       \
    }                                                                    \
  while (0)

static void
compute_mint (int nx, int ny, double (*a)[nx], unsigned char (*mat)[nx],
              double (*b)[nx], double bias)
{
#pragma mint copy(a, toDevice, nx, ny)
#pragma mint copy(mat, toDevice, nx, ny)
#pragma mint copy(b, toDevice, nx, ny)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(32, 4)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        BODY (a, mat, b, bias, y, x);
  }
#pragma mint copy(b, fromDevice, nx, ny)
}

int
main (void)
{
  int nx = 67, ny = 45;
  double (*a)[nx] = test_xmalloc (sizeof (double) * nx * ny);
  double (*b)[nx] = test_xmalloc (sizeof (double) * nx * ny);
  double (*ref)[nx] = test_xmalloc (sizeof (double) * nx * ny);
  unsigned char (*mat)[nx] = test_xmalloc ((size_t) nx * ny);
  fill (a[0], nx, ny, 1, 1);
  fill (b[0], nx, ny, 1, 2);
  memcpy (ref, b, sizeof (double) * nx * ny);
  for (int y = 0; y < ny; y++)
    for (int x = 0; x < nx; x++)
      mat[y][x] = (x * 3 + y * 5) % MATERIALS;

  compute_mint (nx, ny, a, mat, b, 0.5);
  for (int y = 1; y < ny - 1; y++)
    for (int x = 1; x < nx - 1; x++)
      BODY (a, mat, ref, 0.5, y, x);
  return test_report ("switch", max_error (b[0], ref[0], (size_t) nx * ny),
                      TOL_DOUBLE);
}
