/* A private array that a counted loop sets whole, then read at
   subscripts mint cannot bound: a 3x3 median filter over bytes sorting
   its window by insertion, and a pick by x % 3.  */
/* { dg-do run } */
#include "mint-test.h"

#define SORTED_MEDIAN(win, med)                                          \
  do                                                                     \
    {                                                                    \
      for (int i = 1; i < 9; i++)                                        \
        {                                                                \
          unsigned char v = win[i];                                      \
          int k = i - 1;                                                 \
          while (k >= 0 && win[k] > v)                                   \
            {                                                            \
              win[k + 1] = win[k];                                       \
              k--;                                                       \
            }                                                            \
          win[k + 1] = v;                                                \
        }                                                                \
      med = win[4];                                                      \
    }                                                                    \
  while (0)

static void
filter_mint (int ny, int nx, unsigned char (*in)[nx],
             unsigned char (*out)[nx], double *pick)
{
  unsigned char win[9];
  double three[3];
#pragma mint copy(in, toDevice, nx, ny)
#pragma mint copy(out, toDevice, nx, ny)
#pragma mint copy(pick, toDevice, nx)
#pragma mint parallel
  {
#pragma mint for nest(2) private(win)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        {
          for (int k = 0; k < 9; k++)
            win[k] = in[y + k / 3 - 1][x + k % 3 - 1];
          unsigned char med;
          SORTED_MEDIAN (win, med);
          out[y][x] = med;
        }
#pragma mint for private(three)
    for (int x = 1; x < nx - 1; x++)
      {
        for (int i = 0; i < 3; i++)
          three[i] = in[1][x - 1 + i] * 0.5;
        pick[x] = three[x % 3];
      }
  }
#pragma mint copy(out, fromDevice, nx, ny)
#pragma mint copy(pick, fromDevice, nx)
}

int
main (void)
{
  int nx = 45, ny = 23;
  unsigned char (*in)[nx] = test_xmalloc (sizeof (unsigned char) * nx * ny);
  unsigned char (*out)[nx] = test_xmalloc (sizeof (unsigned char) * nx * ny);
  unsigned char (*ref)[nx] = test_xmalloc (sizeof (unsigned char) * nx * ny);
  double *pick = test_xmalloc (sizeof (double) * nx);
  double *pref = test_xmalloc (sizeof (double) * nx);
  for (int y = 0; y < ny; y++)
    for (int x = 0; x < nx; x++)
      in[y][x] = ref[y][x] = out[y][x] = (unsigned char) ((y * 37 + x * 101) % 251);
  for (int x = 0; x < nx; x++)
    pick[x] = pref[x] = -1;
  filter_mint (ny, nx, in, out, pick);
  for (int y = 1; y < ny - 1; y++)
    for (int x = 1; x < nx - 1; x++)
      {
        unsigned char win[9], med;
        for (int j = 0; j < 3; j++)
          for (int i = 0; i < 3; i++)
            win[3 * j + i] = in[y + j - 1][x + i - 1];
        SORTED_MEDIAN (win, med);
        ref[y][x] = med;
      }
  for (int x = 1; x < nx - 1; x++)
    pref[x] = in[1][x - 1 + x % 3] * 0.5;
  printf ("median at (5, 7): %d (cpu %d)\n", out[5][7], ref[5][7]);
  return test_report ("median", max_error (out[0], ref[0], nx * ny), TOL_EXACT)
         | test_report ("pick", max_error (pick, pref, nx), TOL_EXACT);
}
