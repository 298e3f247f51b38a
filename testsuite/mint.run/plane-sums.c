/* Boxes read at more offsets than level 3's window keeps in registers,
   walked as plane sums (each plane loaded once adds to the partial sums
   of the points it touches), against the same loops on the CPU:
   - a 125-point box written plane by plane, scaled at the end, autotuned
     over extents that no tile divides;
   - the same in float, its coefficients in a table and a scalar factor;
   - a 2-D box of radius 4 (81 points) summed row by row, walking a
     given tile of rows shorter than the rows it spans, and autotuned;
   - a box whose planes are summed out of order, which stays at level 0.
   Plane sums change no operation and no order: in FP64 the results equal
   the CPU's but for contractions to FMA.  */
/* { dg-do run } */
#include "mint-test.h"
#include "box-planes.h"

#define N 37                    /* points a side, halo included */
#define R 2
#define STEPS 8
#define N2 150
#define R2 4

#define BOX(u) (0.999 * (PLANE (u, -2) + PLANE (u, -1) + PLANE (u, 0)     \
                         + PLANE (u, 1) + PLANE (u, 2)))
#define SHUFFLED(u) (PLANE (u, 1) + PLANE (u, -2) + PLANE (u, 0)          \
                     + PLANE (u, 2) + PLANE (u, -1))

/* The float box: coefficients C[dz][dy][dx] from a table.  */
#define CROW(u, dz, dy)                                                   \
  (c[dz + 2][dy + 2][0] * u[z + dz][y + dy][x - 2]                        \
   + c[dz + 2][dy + 2][1] * u[z + dz][y + dy][x - 1]                      \
   + c[dz + 2][dy + 2][2] * u[z + dz][y + dy][x]                          \
   + c[dz + 2][dy + 2][3] * u[z + dz][y + dy][x + 1]                      \
   + c[dz + 2][dy + 2][4] * u[z + dz][y + dy][x + 2])
#define CPLANE(u, dz) (CROW (u, dz, -2) + CROW (u, dz, -1) + CROW (u, dz, 0) \
                       + CROW (u, dz, 1) + CROW (u, dz, 2))
#define CBOX(u) (s * (CPLANE (u, -2) + CPLANE (u, -1) + CPLANE (u, 0)     \
                      + CPLANE (u, 1) + CPLANE (u, 2)))

/* The 2-D box: rows summed from y - 4 to y + 4.  */
#define R9(u, dy) (u[y + dy][x - 4] + u[y + dy][x - 3] + u[y + dy][x - 2] \
                   + u[y + dy][x - 1] + u[y + dy][x] + u[y + dy][x + 1]   \
                   + u[y + dy][x + 2] + u[y + dy][x + 3] + u[y + dy][x + 4])
#define BOX2(u) ((R9 (u, -4) + R9 (u, -3) + R9 (u, -2) + R9 (u, -1)       \
                  + R9 (u, 0) + R9 (u, 1) + R9 (u, 2) + R9 (u, 3)         \
                  + R9 (u, 4)) / 81.5)

static double u[N][N][N], v[N][N][N], ru[N][N][N], rv[N][N][N];
static double w[N][N][N], rw[N][N][N];
static float f[N][N][N], g[N][N][N], rf[N][N][N], rg[N][N][N];
static float c[5][5][5];
static double a[N2][N2], b[N2][N2], ra[N2][N2], rb[N2][N2];

static double (*
box_mint (double (*u)[N][N], double (*v)[N][N]))[N][N]
{
#pragma mint copy(u, toDevice, N, N, N)
#pragma mint copy(v, toDevice, N, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < STEPS; t++)
      {
#pragma mint for nest(all)
        for (int z = R; z < N - R; z++)
          for (int y = R; y < N - R; y++)
            for (int x = R; x < N - R; x++)
              v[z][y][x] = BOX (u);
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
box_cpu (double (*u)[N][N], double (*v)[N][N]))[N][N]
{
  for (int t = 0; t < STEPS; t++)
    {
      for (int z = R; z < N - R; z++)
        for (int y = R; y < N - R; y++)
          for (int x = R; x < N - R; x++)
            v[z][y][x] = BOX (u);
      double (*tmp)[N][N] = u;
      u = v;
      v = tmp;
    }
  return u;
}

static float (*
cbox_mint (float (*u)[N][N], float (*v)[N][N], float s))[N][N]
{
#pragma mint copy(u, toDevice, N, N, N)
#pragma mint copy(v, toDevice, N, N, N)
#pragma mint copy(c, toDevice, 5, 5, 5)
#pragma mint parallel
  {
    for (int t = 0; t < STEPS; t++)
      {
#pragma mint for nest(all)
        for (int z = R; z < N - R; z++)
          for (int y = R; y < N - R; y++)
            for (int x = R; x < N - R; x++)
              v[z][y][x] = CBOX (u);
#pragma mint single
        {
          float (*tmp)[N][N] = u;
          u = v;
          v = tmp;
        }
      }
  }
#pragma mint copy(u, fromDevice, N, N, N)
  return u;
}

static float (*
cbox_cpu (float (*u)[N][N], float (*v)[N][N], float s))[N][N]
{
  for (int t = 0; t < STEPS; t++)
    {
      for (int z = R; z < N - R; z++)
        for (int y = R; y < N - R; y++)
          for (int x = R; x < N - R; x++)
            v[z][y][x] = CBOX (u);
      float (*tmp)[N][N] = u;
      u = v;
      v = tmp;
    }
  return u;
}

static void
box2_mint (double (*a)[N2], double (*b)[N2])
{
#pragma mint copy(a, toDevice, N2, N2)
#pragma mint copy(b, toDevice, N2, N2)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(32, 6) chunksize(1, 6)
    for (int y = R2; y < N2 - R2; y++)
      for (int x = R2; x < N2 - R2; x++)
        b[y][x] = BOX2 (a);
  }
#pragma mint copy(b, fromDevice, N2, N2)
}

static void
box2_cpu (double (*a)[N2], double (*b)[N2])
{
  for (int y = R2; y < N2 - R2; y++)
    for (int x = R2; x < N2 - R2; x++)
      b[y][x] = BOX2 (a);
}

static double (*
box2_tuned_mint (double (*a)[N2], double (*b)[N2]))[N2]
{
#pragma mint copy(a, toDevice, N2, N2)
#pragma mint copy(b, toDevice, N2, N2)
#pragma mint parallel
  {
    for (int t = 0; t < STEPS; t++)
      {
#pragma mint for nest(all)
        for (int y = R2; y < N2 - R2; y++)
          for (int x = R2; x < N2 - R2; x++)
            b[y][x] = BOX2 (a);
#pragma mint single
        {
          double (*tmp)[N2] = a;
          a = b;
          b = tmp;
        }
      }
  }
#pragma mint copy(a, fromDevice, N2, N2)
  return a;
}

static double (*
box2_tuned_cpu (double (*a)[N2], double (*b)[N2]))[N2]
{
  for (int t = 0; t < STEPS; t++)
    {
      for (int y = R2; y < N2 - R2; y++)
        for (int x = R2; x < N2 - R2; x++)
          b[y][x] = BOX2 (a);
      double (*tmp)[N2] = a;
      a = b;
      b = tmp;
    }
  return a;
}

static void
shuffled_mint (double (*u)[N][N], double (*w)[N][N])
{
#pragma mint copy(u, toDevice, N, N, N)
#pragma mint copy(w, toDevice, N, N, N)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = R; z < N - R; z++)
      for (int y = R; y < N - R; y++)
        for (int x = R; x < N - R; x++)
          w[z][y][x] = SHUFFLED (u);
  }
#pragma mint copy(w, fromDevice, N, N, N)
}

static void
shuffled_cpu (double (*u)[N][N], double (*w)[N][N])
{
  for (int z = R; z < N - R; z++)
    for (int y = R; y < N - R; y++)
      for (int x = R; x < N - R; x++)
        w[z][y][x] = SHUFFLED (u);
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
  double (*got)[N][N] = box_mint (u, v), (*want)[N][N] = box_cpu (ru, rv);
  bad |= test_report ("125-point box", max_error (&got[0][0][0],
                                                  &want[0][0][0], n3),
                      TOL_DOUBLE);

  fill (&u[0][0][0], N, N, N, 2);
  memcpy (ru, u, sizeof u);
  shuffled_mint (u, w);
  shuffled_cpu (ru, rw);
  bad |= test_report ("125-point box, planes out of order",
                      max_error (&w[0][0][0], &rw[0][0][0], n3), TOL_DOUBLE);

  fill (&f[0][0][0], N, N, N, 3);
  memcpy (g, f, sizeof f);
  memcpy (rf, f, sizeof f);
  memcpy (rg, f, sizeof f);
  for (int i = 0; i < 125; i++)
    (&c[0][0][0])[i] = 0.0078f + 0.00002f * (float) (i % 7);
  float (*fgot)[N][N] = cbox_mint (f, g, 1.01f);
  float (*fwant)[N][N] = cbox_cpu (rf, rg, 1.01f);
  bad |= test_report ("125-point box, float, coefficient table",
                      max_error (&fgot[0][0][0], &fwant[0][0][0], n3),
                      TOL_FLOAT);

  fill (&a[0][0], N2, N2, 1, 4);
  memcpy (ra, a, sizeof a);
  memset (b, 0, sizeof b);
  memset (rb, 0, sizeof rb);
  box2_mint (a, b);
  box2_cpu (ra, rb);
  bad |= test_report ("81-point 2-D box", max_error (&b[0][0], &rb[0][0], n2),
                      TOL_DOUBLE);

  fill (&a[0][0], N2, N2, 1, 5);
  memcpy (b, a, sizeof a);
  memcpy (ra, a, sizeof a);
  memcpy (rb, a, sizeof a);
  double (*got2)[N2] = box2_tuned_mint (a, b);
  double (*want2)[N2] = box2_tuned_cpu (ra, rb);
  bad |= test_report ("81-point 2-D box, autotuned",
                      max_error (&got2[0][0], &want2[0][0], n2), TOL_DOUBLE);
  return bad;
}
