/* Stores of one point to two adjacent elements, which the kernel makes
   one store where the first element's address allows: a bilinear
   prolongation (each coarse point writes a 2 x 2 block of fine points),
   a complex field's two parts in float and in int, a pair written high
   part first, a pair whose first element is odd (always two stores),
   a pair between which the array is read (kept apart), and a pair
   between which the first store's value is assigned again (the first
   store keeps its value), and pairs in rows of 7 doubles, whose odd
   pitch leaves every other row's pairs unaligned.  */
/* { dg-do run } */
#include "mint-test.h"

#define N 301
#define M (2 * N + 1)

#define LOOPS(PRAGMA, c, e, z, k, w, a, q)                               \
  PRAGMA (for nest(all))                                                 \
  for (int y = 0; y < N; y++)                                            \
    for (int x = 0; x < N; x++)                                          \
      {                                                                  \
        e[2 * y][2 * x] = c[y][x];                                       \
        e[2 * y][2 * x + 1] = 0.5 * (c[y][x] + c[y][x + 1]);             \
        e[2 * y + 1][2 * x] = 0.5 * (c[y][x] + c[y + 1][x]);             \
        e[2 * y + 1][2 * x + 1]                                          \
          = 0.25 * (c[y][x] + c[y][x + 1] + c[y + 1][x]                  \
                    + c[y + 1][x + 1]);                                  \
      }                                                                  \
  PRAGMA (for)                                                           \
  for (int i = 0; i < N; i++)                                            \
    {                                                                    \
      float re = z[2 * i], im = z[2 * i + 1];                            \
      z[2 * i + 1] = re * 0.5f + im;                                     \
      z[2 * i] = re - im * 0.25f;                                        \
      k[2 * i] = k[2 * i] * 3 + i;                                       \
      k[2 * i + 1] = k[2 * i + 1] - i;                                   \
    }                                                                    \
  PRAGMA (for)                                                           \
  for (int i = 0; i < N - 1; i++)                                        \
    {                                                                    \
      double t = w[0][2 * i + 1];                                        \
      w[1][2 * i + 1] = t * 2.0;                                         \
      w[1][2 * i + 2] = t - 1.0;                                         \
      w[2][2 * i] = t;                                                   \
      t = t + 4.0;                                                       \
      w[2][2 * i + 1] = t;                                               \
      w[3][2 * i] = t * t;                                               \
      w[4][i] = w[3][2 * i];                                             \
      w[3][2 * i + 1] = -t;                                              \
    }                                                                    \
  PRAGMA (for nest(all))                                                 \
  for (int y = 0; y < N; y++)                                            \
    for (int x = 0; x < 3; x++)                                          \
      {                                                                  \
        q[y][2 * x] = a[y][x] + a[y][x + 1];                             \
        q[y][2 * x + 1] = a[y][x] - 0.5 * a[y][x + 1];                   \
      }

static void
run (double (*c)[N + 1], double (*e)[M], float *z, int *k, double (*w)[2 * N],
     double (*a)[4], double (*q)[7])
{
#pragma mint copy(a, toDevice, 4, N)
#pragma mint copy(q, toDevice, 7, N)
#pragma mint copy(c, toDevice, N + 1, N + 1)
#pragma mint copy(e, toDevice, M, M)
#pragma mint copy(z, toDevice, 2 * N)
#pragma mint copy(k, toDevice, 2 * N)
#pragma mint copy(w, toDevice, 2 * N, 5)
#pragma mint parallel
  {
    LOOPS (MINT_PRAGMA, c, e, z, k, w, a, q)
  }
#pragma mint copy(q, fromDevice, 7, N)
#pragma mint copy(e, fromDevice, M, M)
#pragma mint copy(z, fromDevice, 2 * N)
#pragma mint copy(k, fromDevice, 2 * N)
#pragma mint copy(w, fromDevice, 2 * N, 5)
}

int
main (void)
{
  static double c[N + 1][N + 1], e[2][M][M], w[2][5][2 * N], a[N][4],
    q[2][N][7];
  static float z[2][2 * N];
  static int k[2][2 * N];
  fill (&c[0][0], N + 1, N + 1, 1, 1);
  fill (&a[0][0], 4, N, 1, 4);
  for (int s = 0; s < 2; s++)
    {
      fill (&e[s][0][0], M, M, 1, 2);
      fill (&w[s][0][0], 2 * N, 5, 1, 3);
      fill (&q[s][0][0], 7, N, 1, 5);
      for (int i = 0; i < 2 * N; i++)
        {
          z[s][i] = (float) ((i * 7) % 13) / 13.0f;
          k[s][i] = (i * 5) % 17 - 8;
        }
    }
  run (c, e[0], z[0], k[0], w[0], a, q[0]);
  LOOPS (NO_PRAGMA, c, e[1], z[1], k[1], w[1], a, q[1])
  double kerr = 0;
  for (int i = 0; i < 2 * N; i++)
    kerr += k[0][i] != k[1][i];
  printf ("e[1][1] %g z[1] %g k[3] %d w[3][1] %g\n", e[0][1][1], z[0][1],
          k[0][3], w[0][3][1]);
  return test_report ("adjacent stores of a point",
                      max_error (&e[0][0][0], &e[1][0][0], M * M)
                      + max_error (z[0], z[1], 2 * N) + kerr
                      + max_error (&w[0][0][0], &w[1][0][0], 5 * 2 * N)
                      + max_error (&q[0][0][0], &q[1][0][0], 7 * N),
                      TOL_FLOAT);
}
