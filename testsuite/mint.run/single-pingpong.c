/* `single' blocks that use elements through the function's own pointers
   standing for copied arrays, as a loop nest may: a point source added
   through the middle one of three buffers rotated each step (prev, cur,
   next: t = prev; prev = cur; cur = next; next = t;), and the ghost
   cells of a rod set through the step's ping-pong pointer chosen by
   parity ((t & 1) ? b : a).  Each block runs as one device thread; the
   nests are written once, for mint and for the plain C loops.  */
/* { dg-do run } */
#include "mint-test.h"

#define STEPS 11

#define WAVE(PRAGMA, n, prev, cur, next, tmp)                            \
  for (int t = 0; t < STEPS; t++)                                        \
    {                                                                    \
      double src = t < 6 ? sin (0.7 * t) : 0.0;                          \
      PRAGMA (single)                                                    \
      {                                                                  \
        cur[n / 2][n / 3][n / 2 + 1] += src;                             \
        cur[1][1][1] = cur[2][2][2];                                     \
      }                                                                  \
      PRAGMA (for nest(all))                                             \
      for (int z = 1; z < n - 1; z++)                                    \
        for (int y = 1; y < n - 1; y++)                                  \
          for (int x = 1; x < n - 1; x++)                                \
            next[z][y][x] = 2 * cur[z][y][x] - prev[z][y][x]             \
              + 0.1 * (cur[z][y][x - 1] + cur[z][y][x + 1]               \
                       + cur[z][y - 1][x] + cur[z][y + 1][x]             \
                       + cur[z - 1][y][x] + cur[z + 1][y][x]             \
                       - 6 * cur[z][y][x]);                              \
      tmp = prev;                                                        \
      prev = cur;                                                        \
      cur = next;                                                        \
      next = tmp;                                                        \
    }

#define ROD(PRAGMA, n, a, b)                                             \
  for (int t = 0; t < STEPS; t++)                                        \
    {                                                                    \
      double *src = (t & 1) ? b : a, *dst = (t & 1) ? a : b;             \
      PRAGMA (single)                                                    \
      {                                                                  \
        src[0] = src[n];                                                 \
        src[n + 1] = src[1];                                             \
      }                                                                  \
      PRAGMA (for)                                                       \
      for (int i = 1; i <= n; i++)                                       \
        dst[i] = 0.5 * src[i] + 0.25 * (src[i - 1] + src[i + 1]);        \
    }

static void
wave_mint (int n, double (*a)[n][n], double (*b)[n][n], double (*c)[n][n])
{
  double (*prev)[n][n] = a, (*cur)[n][n] = b, (*next)[n][n] = c, (*tmp)[n][n];
#pragma mint copy(a, toDevice, n, n, n)
#pragma mint copy(b, toDevice, n, n, n)
#pragma mint copy(c, toDevice, n, n, n)
#pragma mint parallel
  {
    WAVE (MINT_PRAGMA, n, prev, cur, next, tmp)
  }
#pragma mint copy(a, fromDevice, n, n, n)
#pragma mint copy(b, fromDevice, n, n, n)
#pragma mint copy(c, fromDevice, n, n, n)
}

static void
wave_cpu (int n, double (*a)[n][n], double (*b)[n][n], double (*c)[n][n])
{
  double (*prev)[n][n] = a, (*cur)[n][n] = b, (*next)[n][n] = c, (*tmp)[n][n];
  WAVE (NO_PRAGMA, n, prev, cur, next, tmp)
}

static void
rod_mint (int n, double *a, double *b)
{
#pragma mint copy(a, toDevice, n + 2)
#pragma mint copy(b, toDevice, n + 2)
#pragma mint parallel
  {
    ROD (MINT_PRAGMA, n, a, b)
  }
#pragma mint copy(a, fromDevice, n + 2)
#pragma mint copy(b, fromDevice, n + 2)
}

static void
rod_cpu (int n, double *a, double *b)
{
  ROD (NO_PRAGMA, n, a, b)
}

int
main (int argc, char **argv)
{
  int n[1] = { 21 };
  test_size_args (argc, argv, 1, n);
  int m = n[0], cells = m * m * m, status = 0;
  double *got[3], *want[3];
  for (int i = 0; i < 3; i++)
    {
      got[i] = test_xmalloc (sizeof (double) * cells);
      want[i] = test_xmalloc (sizeof (double) * cells);
      fill_double (got[i], m, m, m, 1 + i);
      fill_double (want[i], m, m, m, 1 + i);
    }
  wave_mint (m, (double (*)[m][m]) got[0], (double (*)[m][m]) got[1],
             (double (*)[m][m]) got[2]);
  wave_cpu (m, (double (*)[m][m]) want[0], (double (*)[m][m]) want[1],
            (double (*)[m][m]) want[2]);
  for (int i = 0; i < 3; i++)
    status |= test_report ("wave", max_error (got[i], want[i], cells),
                           TOL_DOUBLE);
  int r = 5 * m;
  for (int i = 0; i < 2; i++)
    {
      fill_double (got[i], r + 2, 1, 1, 4 + i);
      fill_double (want[i], r + 2, 1, 1, 4 + i);
    }
  rod_mint (r, got[0], got[1]);
  rod_cpu (r, want[0], want[1]);
  for (int i = 0; i < 2; i++)
    status |= test_report ("rod", max_error (got[i], want[i], r + 2),
                           TOL_DOUBLE);
  for (int i = 0; i < 3; i++)
    {
      free (got[i]);
      free (want[i]);
    }
  return status;
}
