/* Tables of constants that no directive copies, read in kernels from
   their values: a D2Q9 lattice's streaming (directions ex, ey, the
   opposite direction opp for bounce-back walls, weights wt) with the
   direction k a parallel dimension of its own (f[k][y - ey[k]][x -
   ex[k]]), the collision with k a loop of the body unrolled at level 3;
   a 5-tap filter whose taps (a global const table, not static) a loop
   of the body reads and whose tap offsets are a second table, beside a
   table of two rows (partly initialized) read there at constants and
   elsewhere at subscripts that vary; a table of the loop body itself; a
   table of one element; one of 32, the most a kernel reads so, at a
   subscript outside the first few; const tables of the function (one of
   two rows of bytes, one partly initialized, one with a single number
   that is not 0: GCC clears them before it stores their numbers) and of
   the loop body, which C sets at each call;
   and a copied table beside them, which kernels read from the device.  The nests are
   written once, for mint and for the plain C loops.  */
/* { dg-do run } */
#include "mint-test.h"

enum { Q = 9 };
static const int ex[Q] = { 0, 1, 0, -1, 0, 1, -1, -1, 1 };
static const int ey[Q] = { 0, 0, 1, 0, -1, 1, 1, -1, -1 };
static const int opp[Q] = { 0, 3, 4, 1, 2, 7, 8, 5, 6 };
static const double wt[Q] = { 4.0 / 9, 1.0 / 9, 1.0 / 9, 1.0 / 9, 1.0 / 9,
                              1.0 / 36, 1.0 / 36, 1.0 / 36, 1.0 / 36 };
const float taps[5] = { 0.0625f, 0.25f, 0.375f, 0.25f, 0.0625f };
static const short at[5] = { -2, -1, 0, 1, 2 };
static const long one[1] = { 3 };
static const unsigned char ramp[32] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
                                        12, 13, 14, 15, 16, 17, 18, 19, 20,
                                        21, 22, 23, 24, 25, 26, 27, 28, 29,
                                        30, 31, 32 };
static double gain[4] = { 0.5, 1.5, 2.5, 3.5 };
static const double mix[2][5] = { { 0.5, -1, 2 }, { 0.25, 0.75, -0.5, 1, 3 } };

#define LATTICE(PRAGMA, nx, ny, f, g, tmp)                               \
  for (int t = 0; t < 5; t++)                                            \
    {                                                                    \
      PRAGMA (for nest(all))                                             \
      for (int k = 0; k < Q; k++)                                        \
        for (int y = 1; y < ny - 1; y++)                                 \
          for (int x = 1; x < nx - 1; x++)                               \
            g[k][y][x] = y - ey[k] == 0 || y - ey[k] == ny - 1           \
                         ? f[opp[k]][y][x]                               \
                         : f[k][y - ey[k]][x - ex[k]];                   \
      PRAGMA (for nest(all))                                             \
      for (int y = 1; y < ny - 1; y++)                                   \
        for (int x = 1; x < nx - 1; x++)                                 \
          {                                                              \
            double rho = 0, jx = 0, jy = 0;                              \
            for (int k = 0; k < Q; k++)                                  \
              {                                                          \
                rho += g[k][y][x];                                       \
                jx += ex[k] * g[k][y][x];                                \
                jy += ey[k] * g[k][y][x];                                \
              }                                                          \
            double ux = jx / rho, uy = jy / rho;                         \
            double usq = 1.5 * (ux * ux + uy * uy);                      \
            for (int k = 0; k < Q; k++)                                  \
              {                                                          \
                double eu = ex[k] * ux + ey[k] * uy;                     \
                double feq = wt[k] * rho                                 \
                             * (1 + 3 * eu + 4.5 * eu * eu - usq);       \
                g[k][y][x] += 0.6 * (feq - g[k][y][x]);                  \
              }                                                          \
          }                                                              \
      tmp = f;                                                           \
      f = g;                                                             \
      g = tmp;                                                           \
    }

#define ROWS(PRAGMA, n, u, v)                                            \
  PRAGMA (for)                                                           \
  for (int i = 2; i < n - 2; i++)                                        \
    {                                                                    \
      float s = 0;                                                       \
      for (int k = 0; k < 5; k++)                                        \
        s += taps[k] * u[i + at[k]] + (float) mix[k & 1][k] * v[i];      \
      v[i] = s;                                                          \
    }                                                                    \
  PRAGMA (for)                                                           \
  for (int i = 0; i < n; i++)                                            \
    {                                                                    \
      static const float sign[2] = { 1.0f, -1.0f };                      \
      u[i] = sign[i & 1] * v[i] * one[0] + ramp[(i + 7) % 32]            \
             + gain[i & 3] + (float) mix[i & 1][(i >> 1) % 5];           \
    }                                                                    \
  PRAGMA (for)                                                           \
  for (int i = 1; i < n - 1; i++)                                        \
    {                                                                    \
      const float edge[3] = { -0.5f, 0.0f, 0.5f };                       \
      float s = 0;                                                       \
      for (int k = 0; k < 3; k++)                                        \
        s += smooth[k] * u[i + hop[i & 1][k]] + edge[k] * v[i];          \
      v[i] = s + part[i & 3] + spike[i % 5];                             \
    }

/* The function's tables of ROWS.  */
#define LOCAL_TABLES                                                     \
  const double smooth[3] = { 0.25, 0.5, 0.25 };                          \
  const signed char hop[2][3] = { { -1, 0, 1 }, { 1, 0, -1 } };        \
  const short part[4] = { 3, -2 };                                       \
  const float spike[5] = { 0, 0, 1.5f, 0, 0 }

static void
lattice_mint (int nx, int ny, double (*a)[ny][nx], double (*b)[ny][nx])
{
  double (*f)[ny][nx] = a, (*g)[ny][nx] = b, (*tmp)[ny][nx];
#pragma mint copy(a, toDevice, nx, ny, Q)
#pragma mint copy(b, toDevice, nx, ny, Q)
#pragma mint parallel
  {
    LATTICE (MINT_PRAGMA, nx, ny, f, g, tmp)
  }
#pragma mint copy(a, fromDevice, nx, ny, Q)
#pragma mint copy(b, fromDevice, nx, ny, Q)
}

static void
lattice_cpu (int nx, int ny, double (*a)[ny][nx], double (*b)[ny][nx])
{
  double (*f)[ny][nx] = a, (*g)[ny][nx] = b, (*tmp)[ny][nx];
  LATTICE (NO_PRAGMA, nx, ny, f, g, tmp)
}

static void
rows_mint (int n, float *u, float *v)
{
  LOCAL_TABLES;
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint copy(gain, toDevice, 4)
#pragma mint parallel
  {
    ROWS (MINT_PRAGMA, n, u, v)
  }
#pragma mint copy(u, fromDevice, n)
#pragma mint copy(v, fromDevice, n)
}

static void
rows_cpu (int n, float *u, float *v)
{
  LOCAL_TABLES;
  ROWS (NO_PRAGMA, n, u, v)
}

int
main (int argc, char **argv)
{
  int n[2] = { 37, 19 };
  test_size_args (argc, argv, 2, n);
  int nx = n[0], ny = n[1], cells = nx * ny * Q, status = 0;
  double *got[2], *want[2];
  for (int i = 0; i < 2; i++)
    {
      got[i] = test_xmalloc (sizeof (double) * cells);
      want[i] = test_xmalloc (sizeof (double) * cells);
      fill_double (got[i], nx, ny, Q, 1 + i);
      fill_double (want[i], nx, ny, Q, 1 + i);
      for (int c = 0; c < cells; c++)
        got[i][c] = want[i][c] = 1 + 0.1 * got[i][c];
    }
  lattice_mint (nx, ny, (double (*)[ny][nx]) got[0],
                (double (*)[ny][nx]) got[1]);
  lattice_cpu (nx, ny, (double (*)[ny][nx]) want[0],
               (double (*)[ny][nx]) want[1]);
  for (int i = 0; i < 2; i++)
    status |= test_report ("lattice", max_error (got[i], want[i], cells),
                           TOL_DOUBLE);
  int m = nx * ny;
  float *u[2], *v[2];
  for (int i = 0; i < 2; i++)
    {
      u[i] = test_xmalloc (sizeof (float) * m);
      v[i] = test_xmalloc (sizeof (float) * m);
      fill_float (u[i], m, 1, 1, 3);
      fill_float (v[i], m, 1, 1, 4);
    }
  rows_mint (m, u[0], v[0]);
  rows_cpu (m, u[1], v[1]);
  status |= test_report ("filter", max_error (v[0], v[1], m), TOL_FLOAT);
  status |= test_report ("tables", max_error (u[0], u[1], m), TOL_FLOAT);
  for (int i = 0; i < 2; i++)
    {
      free (got[i]);
      free (want[i]);
      free (u[i]);
      free (v[i]);
    }
  return status;
}
