/* Boxes wider than the 125-point box, as AN5D's suite and image codes
   write them: a double 2-D box of radius 6 (169 points) with a weight
   table, over steps that swap the arrays, on a grid whose rows no walk of
   256 divides (row sums); a float 2-D box of radius 6 whose weights the
   body computes from the loops' variables; a float 27x3 box (rows of
   27 cells); a 3-D box of radius 3 (343 points, planes of 49 cells:
   level 0).  The results must equal the
   plain C loops' (the same nests, written once) but for contractions to
   FMA.  */
/* { dg-do run } */
#include "mint-test.h"

#define NX 301
#define NY 290
#define N3 19
#define STEPS 3

#define T3(a, y, x) (a[y][x - 1] + a[y][x] + a[y][x + 1])
#define ROW27(a, y, x) (T3 (a, y, x - 12) + T3 (a, y, x - 9)                \
                        + T3 (a, y, x - 6) + T3 (a, y, x - 3) + T3 (a, y, x) \
                        + T3 (a, y, x + 3) + T3 (a, y, x + 6)               \
                        + T3 (a, y, x + 9) + T3 (a, y, x + 12))

#define NESTS(PRAGMA)                                                    \
  for (int t = 0; t < STEPS; t++)                                        \
    {                                                                    \
      PRAGMA (for nest(all))                                             \
      for (int y = 6; y < NY - 6; y++)                                   \
        for (int x = 6; x < NX - 6; x++)                                 \
          {                                                              \
            double s = 0;                                                \
            for (int dy = -6; dy <= 6; dy++)                             \
              for (int dx = -6; dx <= 6; dx++)                           \
                s += w[dy + 6][dx + 6] * a[y + dy][x + dx];              \
            b[y][x] = s;                                                 \
          }                                                              \
      PRAGMA (single)                                                    \
      {                                                                  \
        double (*tmp)[NX] = a;                                           \
        a = b;                                                           \
        b = tmp;                                                         \
      }                                                                  \
    }                                                                    \
  PRAGMA (for nest(all))                                                 \
  for (int y = 6; y < NY - 6; y++)                                       \
    for (int x = 6; x < NX - 6; x++)                                     \
      {                                                                  \
        float s = 0;                                                     \
        for (int dy = -6; dy <= 6; dy++)                                 \
          for (int dx = -6; dx <= 6; dx++)                               \
            s += (0.0059f + 0.00001f * (13 * dy + dx)) * f[y + dy][x + dx]; \
        g[y][x] = s;                                                     \
      }                                                                  \
  PRAGMA (for nest(all))                                                 \
  for (int y = 1; y < NY - 1; y++)                                       \
    for (int x = 13; x < NX - 13; x++)                                   \
      h[y][x] = 0.012f * (ROW27 (f, y - 1, x) + ROW27 (f, y, x)          \
                          + ROW27 (f, y + 1, x));                        \
  PRAGMA (for nest(all))                                                 \
  for (int z = 3; z < N3 - 3; z++)                                       \
    for (int y = 3; y < N3 - 3; y++)                                     \
      for (int x = 3; x < N3 - 3; x++)                                   \
        {                                                                \
          double s = 0;                                                  \
          for (int dz = -3; dz <= 3; dz++)                               \
            for (int dy = -3; dy <= 3; dy++)                             \
              for (int dx = -3; dx <= 3; dx++)                           \
                s += c[dz + 3][dy + 3][dx + 3] * u[z + dz][y + dy][x + dx]; \
          v[z][y][x] = s;                                                \
        }

static double (*
run_mint (const double (*w)[13], double (*a)[NX], double (*b)[NX],
          float (*f)[NX], float (*g)[NX], float (*h)[NX],
          const double (*c)[7][7], double (*u)[N3][N3],
          double (*v)[N3][N3]))[NX]
{
#pragma mint copy(w, toDevice, 13, 13)
#pragma mint copy(a, toDevice, NX, NY)
#pragma mint copy(b, toDevice, NX, NY)
#pragma mint copy(f, toDevice, NX, NY)
#pragma mint copy(g, toDevice, NX, NY)
#pragma mint copy(h, toDevice, NX, NY)
#pragma mint copy(c, toDevice, 7, 7, 7)
#pragma mint copy(u, toDevice, N3, N3, N3)
#pragma mint copy(v, toDevice, N3, N3, N3)
#pragma mint parallel
  {
    NESTS (MINT_PRAGMA)
  }
#pragma mint copy(a, fromDevice, NX, NY)
#pragma mint copy(g, fromDevice, NX, NY)
#pragma mint copy(h, fromDevice, NX, NY)
#pragma mint copy(v, fromDevice, N3, N3, N3)
  return a;
}

static double (*
run_c (const double (*w)[13], double (*a)[NX], double (*b)[NX],
       float (*f)[NX], float (*g)[NX], float (*h)[NX],
       const double (*c)[7][7], double (*u)[N3][N3],
       double (*v)[N3][N3]))[NX]
{
  NESTS (NO_PRAGMA)
  return a;
}

int
main (void)
{
  static double w[13][13], c[7][7][7];
  for (int i = 0; i < 169; i++)
    (&w[0][0])[i] = 0.0058 + 0.00002 * (i % 7);
  for (int i = 0; i < 343; i++)
    (&c[0][0][0])[i] = 0.0029 + 0.00001 * (i % 5);
  TWO_FILLED (double, a, NX, NY, 1, 1);
  TWO_FILLED (double, b, NX, NY, 1, 1);
  TWO_FILLED (float, f, NX, NY, 1, 2);
  TWO_FILLED (float, g, NX, NY, 1, 0);
  TWO_FILLED (float, h, NX, NY, 1, 0);
  TWO_FILLED (double, u, N3, N3, N3, 3);
  TWO_FILLED (double, v, N3, N3, N3, 0);
  double (*got)[NX] = run_mint (w, (double (*)[NX]) a[0],
                                (double (*)[NX]) b[0], (float (*)[NX]) f[0],
                                (float (*)[NX]) g[0], (float (*)[NX]) h[0], c,
                                (double (*)[N3][N3]) u[0],
                                (double (*)[N3][N3]) v[0]);
  double (*want)[NX] = run_c (w, (double (*)[NX]) a[1],
                              (double (*)[NX]) b[1], (float (*)[NX]) f[1],
                              (float (*)[NX]) g[1], (float (*)[NX]) h[1], c,
                              (double (*)[N3][N3]) u[1],
                              (double (*)[N3][N3]) v[1]);
  size_t n2 = (size_t) NX * NY, n3 = (size_t) N3 * N3 * N3;
  int bad = 0;
  bad |= test_report ("169-point 2-D box, weight table, 3 steps",
                      max_error (&got[0][0], &want[0][0], n2), TOL_DOUBLE);
  bad |= test_report ("169-point 2-D box, float, weights from the loops",
                      max_error (g[0], g[1], n2), TOL_FLOAT);
  bad |= test_report ("27x3 2-D box, float",
                      max_error (h[0], h[1], n2), TOL_FLOAT);
  bad |= test_report ("343-point 3-D box, weight table",
                      max_error (v[0], v[1], n3), TOL_DOUBLE);
  return bad;
}
