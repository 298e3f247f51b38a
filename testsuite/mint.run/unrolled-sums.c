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
   contractions to FMA.  */
/* { dg-do run } */
#include "mint-test.h"

#define N 37                    /* points a side, halo included */
#define N2 150
#define STEPS 4

static double u[N][N][N], v[N][N][N], ru[N][N][N], rv[N][N][N];
static double p[N][N][N], rp[N][N][N];
static double w27[3][3][3];
static float a[N2][N2], b[N2][N2], ra[N2][N2], rb[N2][N2];
static float w81[9][9];
static float f[N][N][N], g[N][N][N], rf[N][N][N], rg[N][N][N];

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

static double (*
box125_mint (double (*u)[N][N], double (*v)[N][N]))[N][N]
{
#pragma mint copy(u, toDevice, N, N, N)
#pragma mint copy(v, toDevice, N, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < STEPS; t++)
      {
#pragma mint for nest(all)
        for (int z = 2; z < N - 2; z++)
          for (int y = 2; y < N - 2; y++)
            for (int x = 2; x < N - 2; x++)
              {
                double s;
                BOX125 (u, z, y, x, s);
                v[z][y][x] = s;
              }
#pragma mint single
        {
          double (*tmp)[N][N] = u;
          u = v;
          v = tmp;
        }
      }
  }
#pragma mint copy(u, fromDevice, N, N, N)
  return u;
}

static double (*
box125_cpu (double (*u)[N][N], double (*v)[N][N]))[N][N]
{
  for (int t = 0; t < STEPS; t++)
    {
      for (int z = 2; z < N - 2; z++)
        for (int y = 2; y < N - 2; y++)
          for (int x = 2; x < N - 2; x++)
            {
              double s;
              BOX125 (u, z, y, x, s);
              v[z][y][x] = s;
            }
      double (*tmp)[N][N] = u;
      u = v;
      v = tmp;
    }
  return u;
}

#define BOX81(a, y, x, s)                                                 \
  do                                                                      \
    {                                                                     \
      s = 0;                                                              \
      for (int dy = -4; dy <= 4; dy++)                                    \
        for (int dx = -4; dx <= 4; dx++)                                  \
          s += w[dy + 4][dx + 4] * a[y + dy][x + dx];                     \
    }                                                                     \
  while (0)

static void
box81_mint (float (*w)[9], float (*a)[N2], float (*b)[N2])
{
#pragma mint copy(w, toDevice, 9, 9)
#pragma mint copy(a, toDevice, N2, N2)
#pragma mint copy(b, toDevice, N2, N2)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 4; y < N2 - 4; y++)
      for (int x = 4; x < N2 - 4; x++)
        {
          float s;
          BOX81 (a, y, x, s);
          b[y][x] = s;
        }
  }
#pragma mint copy(b, fromDevice, N2, N2)
}

static void
box81_cpu (float (*w)[9], float (*a)[N2], float (*b)[N2])
{
  for (int y = 4; y < N2 - 4; y++)
    for (int x = 4; x < N2 - 4; x++)
      {
        float s;
        BOX81 (a, y, x, s);
        b[y][x] = s;
      }
}

#define BOX27(u, z, y, x, s)                                              \
  do                                                                      \
    {                                                                     \
      s = 0;                                                              \
      for (int dz = 0; dz < 3; dz++)                                      \
        for (int dy = 0; dy < 3; dy++)                                    \
          for (int dx = 0; dx < 3; dx++)                                  \
            s += w[dz][dy][dx] * u[z + dz - 1][y + dy - 1][x + dx - 1];   \
    }                                                                     \
  while (0)

static void
box27_mint (double (*w)[3][3], double (*u)[N][N], double (*p)[N][N])
{
#pragma mint copy(w, toDevice, 3, 3, 3)
#pragma mint copy(u, toDevice, N, N, N)
#pragma mint copy(p, toDevice, N, N, N)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(16, 4, 5) chunksize(2, 1, 5)
    for (int z = 1; z < N - 1; z++)
      for (int y = 1; y < N - 1; y++)
        for (int x = 1; x < N - 1; x++)
          {
            double s;
            BOX27 (u, z, y, x, s);
            p[z][y][x] = s;
          }
  }
#pragma mint copy(p, fromDevice, N, N, N)
}

static void
box27_cpu (double (*w)[3][3], double (*u)[N][N], double (*p)[N][N])
{
  for (int z = 1; z < N - 1; z++)
    for (int y = 1; y < N - 1; y++)
      for (int x = 1; x < N - 1; x++)
        {
          double s;
          BOX27 (u, z, y, x, s);
          p[z][y][x] = s;
        }
}

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

static void
mixed_mint (float (*f)[N][N], float (*g)[N][N])
{
#pragma mint copy(f, toDevice, N, N, N)
#pragma mint copy(g, toDevice, N, N, N)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 2; z < N - 2; z++)
      for (int y = 2; y < N - 2; y++)
        for (int x = 2; x < N - 2; x++)
          {
            float s;
            MIXED (f, z, y, x, s);
            g[z][y][x] = s;
          }
  }
#pragma mint copy(g, fromDevice, N, N, N)
}

static void
mixed_cpu (float (*f)[N][N], float (*g)[N][N])
{
  for (int z = 2; z < N - 2; z++)
    for (int y = 2; y < N - 2; y++)
      for (int x = 2; x < N - 2; x++)
        {
          float s;
          MIXED (f, z, y, x, s);
          g[z][y][x] = s;
        }
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
  double (*got)[N][N] = box125_mint (u, v), (*want)[N][N] = box125_cpu (ru, rv);
  bad |= test_report ("125-point box, weights from the loops",
                      max_error (&got[0][0][0], &want[0][0][0], n3),
                      TOL_DOUBLE);

  fill (&a[0][0], N2, N2, 1, 2);
  memcpy (ra, a, sizeof a);
  for (int i = 0; i < 81; i++)
    (&w81[0][0])[i] = 0.0121f + 0.00003f * (float) (i % 11);
  box81_mint (w81, a, b);
  box81_cpu (w81, ra, rb);
  bad |= test_report ("81-point 2-D box, float, weight table",
                      max_error (&b[0][0], &rb[0][0], n2), TOL_FLOAT);

  fill (&u[0][0][0], N, N, N, 3);
  memcpy (ru, u, sizeof u);
  memset (p, 0, sizeof p);
  for (int i = 0; i < 27; i++)
    (&w27[0][0][0])[i] = 0.037 + 0.0001 * (i % 5);
  box27_mint (w27, u, p);
  box27_cpu (w27, ru, rp);
  bad |= test_report ("27-point box, weight table",
                      max_error (&p[0][0][0], &rp[0][0][0], n3), TOL_DOUBLE);

  fill (&f[0][0][0], N, N, N, 4);
  memcpy (rf, f, sizeof f);
  memset (g, 0, sizeof g);
  memset (rg, 0, sizeof rg);
  mixed_mint (f, g);
  mixed_cpu (rf, rg);
  bad |= test_report ("float 125-point box, double weight",
                      max_error (&g[0][0][0], &rg[0][0][0], n3), TOL_FLOAT);
  return bad;
}
