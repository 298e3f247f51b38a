/* Loops of the body with control flow, for the unroller of level 3
   (opt-unroll.c): a switch on the loop's variable with a case that falls
   through (unrolled: level 3), a goto out of two loops on the data
   (unrolled, level 0: its reads depend on the data), a while loop whose
   variable the body reads after it and a for loop whose variable the
   body steps too (kept), and a 3-D star whose offsets come through
   locals computed from the variable (int dz = d == 0: level 3).  The
   results must equal the plain C loops' (the same nests, written
   once).  */
/* { dg-do run } */
#include "mint-test.h"

#define NESTS(PRAGMA)                                                    \
  PRAGMA (for nest(all))                                                 \
  for (int y = 2; y < ny - 2; y++)                                       \
    for (int x = 2; x < nx - 2; x++)                                     \
      {                                                                  \
        double s = 0;                                                    \
        for (int k = 0; k < 4; k++)                                      \
          switch (k)                                                     \
            {                                                            \
            case 0: s += a[y][x - 1]; break;                             \
            case 1: s -= 2 * a[y][x + 1]; /* fall through */             \
            case 2: s += a[y - 1][x]; break;                             \
            default: s *= 0.5;                                           \
            }                                                            \
        o1[y][x] = s;                                                    \
      }                                                                  \
  PRAGMA (for nest(all))                                                 \
  for (int y = 2; y < ny - 2; y++)                                       \
    for (int x = 2; x < nx - 2; x++)                                     \
      {                                                                  \
        double s = 0;                                                    \
        for (int i = -1; i <= 1; i++)                                    \
          for (int j = -1; j <= 1; j++)                                  \
            {                                                            \
              if (a[y + i][x + j] > 3.0)                                 \
                goto done;                                               \
              s += a[y + i][x + j];                                      \
            }                                                            \
      done:                                                              \
        o2[y][x] = s;                                                    \
      }                                                                  \
  PRAGMA (for nest(all))                                                 \
  for (int y = 2; y < ny - 2; y++)                                       \
    for (int x = 2; x < nx - 2; x++)                                     \
      {                                                                  \
        double s = 0;                                                    \
        int k = 0;                                                       \
        while (k < 4)                                                    \
          {                                                              \
            s += k * a[y][x + k - 2];                                    \
            k++;                                                         \
          }                                                              \
        for (int m = 0; m < 3; m++)                                      \
          {                                                              \
            s += a[y + m - 1][x];                                        \
            if (s > 10)                                                  \
              m++;                                                       \
          }                                                              \
        o3[y][x] = s + k;                                                \
      }                                                                  \
  PRAGMA (for nest(all))                                                 \
  for (int z = 1; z < nz - 1; z++)                                       \
    for (int y = 1; y < ny - 1; y++)                                     \
      for (int x = 1; x < nx - 1; x++)                                   \
        {                                                                \
          double s = 0;                                                  \
          for (int d = 0; d < 3; d++)                                    \
            {                                                            \
              int dz = d == 0, dy = d == 1, dx = d == 2;                 \
              s += q[z + dz][y + dy][x + dx]                             \
                   + q[z - dz][y - dy][x - dx];                          \
            }                                                            \
          o4[z][y][x] = s / 6;                                           \
        }

static void
run_mint (int nx, int ny, int nz, double (*a)[nx], double (*o1)[nx],
          double (*o2)[nx], double (*o3)[nx], double (*q)[ny][nx],
          double (*o4)[ny][nx])
{
#pragma mint copy(a, toDevice, nx, ny)
#pragma mint copy(o1, toDevice, nx, ny)
#pragma mint copy(o2, toDevice, nx, ny)
#pragma mint copy(o3, toDevice, nx, ny)
#pragma mint copy(q, toDevice, nx, ny, nz)
#pragma mint copy(o4, toDevice, nx, ny, nz)
#pragma mint parallel
  {
    NESTS (MINT_PRAGMA)
  }
#pragma mint copy(o1, fromDevice, nx, ny)
#pragma mint copy(o2, fromDevice, nx, ny)
#pragma mint copy(o3, fromDevice, nx, ny)
#pragma mint copy(o4, fromDevice, nx, ny, nz)
}

static void
run_c (int nx, int ny, int nz, double (*a)[nx], double (*o1)[nx],
       double (*o2)[nx], double (*o3)[nx], double (*q)[ny][nx],
       double (*o4)[ny][nx])
{
  NESTS (NO_PRAGMA)
}

int
main (int argc, char **argv)
{
  int n[3] = { 67, 31, 11 };
  test_size_args (argc, argv, 3, n);
  int nx = n[0], ny = n[1], nz = n[2];
  long plane = (long) nx * ny, cells = plane * nz;
  double *a = test_xmalloc (sizeof (double) * plane);
  double *q = test_xmalloc (sizeof (double) * cells);
  fill (a, nx, ny, 1, 1);
  fill (q, nx, ny, nz, 2);
  TWO_FILLED (double, o1, nx, ny, 1, 3);
  TWO_FILLED (double, o2, nx, ny, 1, 4);
  TWO_FILLED (double, o3, nx, ny, 1, 5);
  TWO_FILLED (double, o4, nx, ny, nz, 6);
  typedef double (*rows)[nx];
  typedef double (*planes)[ny][nx];
  for (int i = 0; i < 2; i++)
    (i ? run_c : run_mint) (nx, ny, nz, (rows) a, (rows) o1[i], (rows) o2[i],
                            (rows) o3[i], (planes) q, (planes) o4[i]);
  int status = 0;
  status |= test_report ("switch in the loop",
                         max_error (o1[0], o1[1], plane), TOL_DOUBLE);
  status |= test_report ("goto out of two loops",
                         max_error (o2[0], o2[1], plane), TOL_DOUBLE);
  status |= test_report ("while, a variable read after, a step in the body",
                         max_error (o3[0], o3[1], plane), TOL_DOUBLE);
  status |= test_report ("3-D, offsets through locals",
                         max_error (o4[0], o4[1], cells), TOL_DOUBLE);
  return status;
}
