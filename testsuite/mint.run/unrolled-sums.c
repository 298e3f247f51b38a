/* Boxes whose sums are loops of the body, which level 3 unrolls into one
   straight block, against the same loops on the CPU:
   - a 125-point box whose weights the body computes from the loops'
     variables (constants once unrolled), autotuned over several steps:
     plane sums;
   - a float 2-D box of radius 4 (81 points), its weights from a table:
     row sums;
   - a 27-point box, its weights from a 3x3x3 table, in a given tile;
   - a float 125-point box whose weight is a double constant, so that
     each term goes to double and back (plane sums in double).
   The weights the body computes are folded at compile time as the host
   computes them, so in FP64 the results equal the CPU's but for
   contractions to FMA.  The nests are written once, for mint and for the
   plain C loops.  */
/* { dg-do run } */
#include "mint-test.h"

#define N 37                    /* points a side, halo included */
#define N2 150
#define STEPS 4

static double u[N][N][N], v[N][N][N], ru[N][N][N], rv[N][N][N];
static double q[N][N][N], p[N][N][N], rp[N][N][N];
static double w27[3][3][3];
static float a[N2][N2], b[N2][N2], rb[N2][N2];
static float w81[9][9];
static float f[N][N][N], g[N][N][N], rg[N][N][N];

/* The 125-point box: weights from the offsets, as many codes write them.  */
#define BOX125(u, z, y, x, s)                                             \
  do                                                                      \
    {                                                                     \
      s = 0;                                                              \
      for (int dz = -2; dz <= 2; dz++)                                    \
        for (int dy = -2; dy <= 2; dy++)                                  \
          for (int dx = -2; dx <= 2; dx++)                                \
            s += (0.999 + 0.0001 * (25 * dz + 5 * dy + dx)) / 125         \
                 * u[z + dz][y + dy][x + dx];                             \
    }                                                                     \
  while (0)

#define BOX81(a, y, x, s)                                                 \
  do                                                                      \
    {                                                                     \
      s = 0;                                                              \
      for (int dy = -4; dy <= 4; dy++)                                    \
        for (int dx = -4; dx <= 4; dx++)                                  \
          s += w81[dy + 4][dx + 4] * a[y + dy][x + dx];                     \
    }                                                                     \
  while (0)

#define BOX27(u, z, y, x, s)                                              \
  do                                                                      \
    {                                                                     \
      s = 0;                                                              \
      for (int dz = 0; dz < 3; dz++)                                      \
        for (int dy = 0; dy < 3; dy++)                                    \
          for (int dx = 0; dx < 3; dx++)                                  \
            s += w27[dz][dy][dx] * u[z + dz - 1][y + dy - 1][x + dx - 1];   \
    }                                                                     \
  while (0)

#define MIXED(f, z, y, x, s)                                              \
  do                                                                      \
    {                                                                     \
      s = 0;                                                              \
      for (int dz = -2; dz <= 2; dz++)                                    \
        for (int dy = -2; dy <= 2; dy++)                                  \
          for (int dx = -2; dx <= 2; dx++)                                \
            s += 0.0079 * f[z + dz][y + dy][x + dx];                      \
    }                                                                     \
  while (0)

/* The nests, written once: the 125-point box STEPS times, u and v
   swapped after each; the others once.  */
#define NESTS(PRAGMA)                                                    \
  for (int t = 0; t < STEPS; t++)                                        \
    {                                                                    \
      PRAGMA (for nest(all))                                             \
      for (int z = 2; z < N - 2; z++)                                    \
        for (int y = 2; y < N - 2; y++)                                  \
          for (int x = 2; x < N - 2; x++)                                \
            {                                                            \
              double s;                                                  \
              BOX125 (u, z, y, x, s);                                    \
              v[z][y][x] = s;                                            \
            }                                                            \
      PRAGMA (single)                                                    \
      {                                                                  \
        double (*tmp)[N][N] = u;                                         \
        u = v;                                                           \
        v = tmp;                                                         \
      }                                                                  \
    }                                                                    \
  PRAGMA (for nest(all))                                                 \
  for (int y = 4; y < N2 - 4; y++)                                       \
    for (int x = 4; x < N2 - 4; x++)                                     \
      {                                                                  \
        float s;                                                         \
        BOX81 (a, y, x, s);                                              \
        b[y][x] = s;                                                     \
      }                                                                  \
  PRAGMA (for nest(all) tile(16, 4, 5) chunksize(2, 1, 5))               \
  for (int z = 1; z < N - 1; z++)                                        \
    for (int y = 1; y < N - 1; y++)                                      \
      for (int x = 1; x < N - 1; x++)                                    \
        {                                                                \
          double s;                                                      \
          BOX27 (q, z, y, x, s);                                         \
          p[z][y][x] = s;                                                \
        }                                                                \
  PRAGMA (for nest(all))                                                 \
  for (int z = 2; z < N - 2; z++)                                        \
    for (int y = 2; y < N - 2; y++)                                      \
      for (int x = 2; x < N - 2; x++)                                    \
        {                                                                \
          float s;                                                       \
          MIXED (f, z, y, x, s);                                         \
          g[z][y][x] = s;                                                \
        }

typedef double (*planes)[N][N];
typedef float (*fplanes)[N][N];

static planes
run_mint (planes u, planes v, planes q, planes p, float (*a)[N2],
          float (*b)[N2], fplanes f, fplanes g)
{
#pragma mint copy(u, toDevice, N, N, N)
#pragma mint copy(v, toDevice, N, N, N)
#pragma mint copy(q, toDevice, N, N, N)
#pragma mint copy(p, toDevice, N, N, N)
#pragma mint copy(w27, toDevice, 3, 3, 3)
#pragma mint copy(a, toDevice, N2, N2)
#pragma mint copy(b, toDevice, N2, N2)
#pragma mint copy(w81, toDevice, 9, 9)
#pragma mint copy(f, toDevice, N, N, N)
#pragma mint copy(g, toDevice, N, N, N)
#pragma mint parallel
  {
    NESTS (MINT_PRAGMA)
  }
#pragma mint copy(u, fromDevice, N, N, N)
#pragma mint copy(p, fromDevice, N, N, N)
#pragma mint copy(b, fromDevice, N2, N2)
#pragma mint copy(g, fromDevice, N, N, N)
  return u;
}

static planes
run_c (planes u, planes v, planes q, planes p, float (*a)[N2],
       float (*b)[N2], fplanes f, fplanes g)
{
  NESTS (NO_PRAGMA)
  return u;
}

int
main (void)
{
  int bad = 0;
  size_t n3 = (size_t) N * N * N, n2 = (size_t) N2 * N2;

  fill (&u[0][0][0], N, N, N, 1);
  memcpy (v, u, sizeof u);
  memcpy (ru, u, sizeof u);
  memcpy (rv, u, sizeof u);
  fill (&a[0][0], N2, N2, 1, 2);
  for (int i = 0; i < 81; i++)
    (&w81[0][0])[i] = 0.0121f + 0.00003f * (float) (i % 11);
  fill (&q[0][0][0], N, N, N, 3);
  for (int i = 0; i < 27; i++)
    (&w27[0][0][0])[i] = 0.037 + 0.0001 * (i % 5);
  fill (&f[0][0][0], N, N, N, 4);
  planes got = run_mint (u, v, q, p, a, b, f, g);
  planes want = run_c (ru, rv, q, rp, a, rb, f, rg);
  bad |= test_report ("125-point box, weights from the loops",
                      max_error (&got[0][0][0], &want[0][0][0], n3),
                      TOL_DOUBLE);
  bad |= test_report ("81-point 2-D box, float, weight table",
                      max_error (&b[0][0], &rb[0][0], n2), TOL_FLOAT);
  bad |= test_report ("27-point box, weight table",
                      max_error (&p[0][0][0], &rp[0][0][0], n3), TOL_DOUBLE);
  bad |= test_report ("float 125-point box, double weight",
                      max_error (&g[0][0][0], &rg[0][0][0], n3), TOL_FLOAT);
  return bad;
}
