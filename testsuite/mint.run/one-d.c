/* 1-D nests at level 3, each thread computing a few adjacent points
   from 16-byte loads (plan_march_dim): a radius-2 float star over a
   struct's extent and coefficients, a byte grid's smoothing, an update
   in place, a row of a 2-D array, a boundary set by a condition, a
   pointer's periodic ring (p[i == 0 ? n - 1 : i - 1]), a residual's
   reduction, and a 3-point double star whose first point is odd (its
   rows never aligned: the slow path), each over extents that no block
   divides and enough steps that the tuner runs every variant.  The
   nests are written once, for mint and for the plain C loops.  */
/* { dg-do run } */
#include "mint-test.h"

#define N 100003
#define ROWS 5
#define STEPS 8

struct params
{
  long n;
  float c0, c1, c2;
};

/* Points 2 .. n - 3 of a float star of radius 2, and a byte smoothing.  */
#define STARS(PRAGMA, s, u, v, g, h)                                     \
  for (int t = 0; t < STEPS; t++)                                        \
    {                                                                    \
      PRAGMA (for nest(all) nowait)                                      \
      for (long x = 2; x < s->n - 2; x++)                                \
        v[x] = s->c0 * u[x] + s->c1 * (u[x - 1] + u[x + 1])              \
               + s->c2 * (u[x - 2] + u[x + 2]);                          \
      PRAGMA (for nest(all) nowait)                                      \
      for (int x = 1; x < N - 1; x++)                                    \
        h[x] = (unsigned char) ((g[x - 1] + 2 * g[x] + g[x + 1] + 2) / 4); \
      PRAGMA (single)                                                    \
      {                                                                  \
        TEST_SWAP (u, v)                                                 \
        TEST_SWAP (g, h)                                                 \
      }                                                                  \
    }

/* An update in place, row R of a 2-D array, and a boundary set by a
   condition in the body.  */
#define FIELDS(PRAGMA, r, a, b, grid, w)                                 \
  for (int t = 0; t < STEPS; t++)                                        \
    {                                                                    \
      PRAGMA (for nest(all) nowait)                                      \
      for (int x = 0; x < N; x++)                                        \
        a[x] += 0.5 * b[x] - 0.25 * a[x];                                \
      PRAGMA (for nest(all) nowait)                                      \
      for (int x = 1; x < N - 1; x++)                                    \
        grid[r][x] = 0.5 * (grid[r - 1][x] + grid[r + 1][x - 1])         \
                     + 0.25 * grid[r][x];                                \
      PRAGMA (for nest(all) nowait)                                      \
      for (int x = 0; x < N; x++)                                        \
        if (x == 0 || x == N - 1)                                        \
          w[x] = b[x];                                                   \
        else                                                             \
          w[x] = (b[x - 1] + b[x] + b[x + 1]) / 3;                       \
      PRAGMA (barrier)                                                   \
    }

/* A periodic ring through pointers, the residual of a 3-point star as a
   reduction, and the star from point 3 on.  */
#define RING(PRAGMA, p, q, odd, res)                                     \
  for (int t = 0; t < STEPS; t++)                                        \
    {                                                                    \
      double sum = 0;                                                    \
      PRAGMA (for nest(all) nowait)                                      \
      for (int i = 0; i < N; i++)                                        \
        q[i] = (p[i == 0 ? N - 1 : i - 1] + 2 * p[i]                     \
                + p[i == N - 1 ? 0 : i + 1]) / 4;                        \
      PRAGMA (for nest(all) reduction(+:sum))                            \
      for (int i = 1; i < N - 1; i++)                                    \
        sum += (q[i - 1] - 2 * q[i] + q[i + 1])                          \
               * (q[i - 1] - 2 * q[i] + q[i + 1]);                       \
      PRAGMA (for nest(all) nowait)                                      \
      for (int i = 3; i < N - 1; i++)                                    \
        odd[i] = 0.25 * q[i - 1] + 0.5 * q[i] + 0.25 * q[i + 1];         \
      PRAGMA (single)                                                    \
      {                                                                  \
        TEST_SWAP (p, q)                                                 \
        res[t] = sum;                                                    \
      }                                                                  \
    }

static void
stars_mint (struct params *s, float *u, float *v, unsigned char *g,
            unsigned char *h)
{
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint copy(g, toDevice, N)
#pragma mint copy(h, toDevice, N)
#pragma mint parallel
  {
    STARS (MINT_PRAGMA, s, u, v, g, h)
  }
#pragma mint copy(u, fromDevice, N)
#pragma mint copy(v, fromDevice, N)
#pragma mint copy(g, fromDevice, N)
#pragma mint copy(h, fromDevice, N)
}

static void
fields_mint (int r, double *a, double *b, double (*grid)[N], double *w)
{
#pragma mint copy(a, toDevice, N)
#pragma mint copy(b, toDevice, N)
#pragma mint copy(grid, toDevice, N, ROWS)
#pragma mint copy(w, toDevice, N)
#pragma mint parallel
  {
    FIELDS (MINT_PRAGMA, r, a, b, grid, w)
  }
#pragma mint copy(a, fromDevice, N)
#pragma mint copy(grid, fromDevice, N, ROWS)
#pragma mint copy(w, fromDevice, N)
}

static void
ring_mint (double *p, double *q, double *odd, double *res)
{
#pragma mint copy(p, toDevice, N)
#pragma mint copy(q, toDevice, N)
#pragma mint copy(odd, toDevice, N)
#pragma mint parallel
  {
    RING (MINT_PRAGMA, p, q, odd, res)
  }
#pragma mint copy(p, fromDevice, N)
#pragma mint copy(q, fromDevice, N)
#pragma mint copy(odd, fromDevice, N)
}

static void
stars_c (struct params *s, float *u, float *v, unsigned char *g,
         unsigned char *h)
{
  STARS (NO_PRAGMA, s, u, v, g, h)
}

static void
fields_c (int r, double *a, double *b, double (*grid)[N], double *w)
{
  FIELDS (NO_PRAGMA, r, a, b, grid, w)
}

static void
ring_c (double *p, double *q, double *odd, double *res)
{
  RING (NO_PRAGMA, p, q, odd, res)
}

int
main (void)
{
  struct params s = { N, 0.5f, 0.2f, 0.05f };
  TWO_FILLED (float, u, N, 1, 1, 1);
  TWO_FILLED (float, v, N, 1, 1, 2);
  TWO_FILLED (unsigned char, g, N, 1, 1, 3);
  TWO_FILLED (unsigned char, h, N, 1, 1, 4);
  TWO_FILLED (double, a, N, 1, 1, 5);
  TWO_FILLED (double, b, N, 1, 1, 6);
  TWO_FILLED (double, grid, N, ROWS, 1, 7);
  TWO_FILLED (double, w, N, 1, 1, 8);
  TWO_FILLED (double, p, N, 1, 1, 9);
  TWO_FILLED (double, q, N, 1, 1, 10);
  TWO_FILLED (double, odd, N, 1, 1, 11);
  double res[2][STEPS];

  stars_mint (&s, u[0], v[0], g[0], h[0]);
  stars_c (&s, u[1], v[1], g[1], h[1]);
  fields_mint (2, a[0], b[0], (double (*)[N]) grid[0], w[0]);
  fields_c (2, a[1], b[1], (double (*)[N]) grid[1], w[1]);
  ring_mint (p[0], q[0], odd[0], res[0]);
  ring_c (p[1], q[1], odd[1], res[1]);

  int status = test_report ("float star radius 2",
                            max_error (u[0], u[1], N), TOL_FLOAT);
  status |= test_report ("byte smoothing", max_error (g[0], g[1], N),
                         TOL_EXACT);
  status |= test_report ("update in place", max_error (a[0], a[1], N),
                         TOL_DOUBLE);
  status |= test_report ("row of a 2-D array",
                         max_error (grid[0], grid[1], (size_t) N * ROWS),
                         TOL_DOUBLE);
  status |= test_report ("boundary by condition", max_error (w[0], w[1], N),
                         TOL_DOUBLE);
  status |= test_report ("periodic ring", max_error (p[0], p[1], N),
                         TOL_DOUBLE);
  status |= test_report ("star from an odd point",
                         max_error (odd[0], odd[1], N), TOL_DOUBLE);
  status |= test_report ("residual reduction",
                         max_error (res[0], res[1], STEPS), 1e-10);
  return status;
}
