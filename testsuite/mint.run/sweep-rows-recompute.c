/* Line sweeps along the rows whose forward pass the backward pass
   computes again, the value before each segment kept by the thread
   (kir/recompute.h), in forms the other tests lack, over lines of 1 to
   40 cells (none, one or several segments, the first cell before or at
   a segment's start):
   - a 2-D float grid, a thread a row, its length a scalar of a struct
     (read into a temporary before the backward pass starts below it);
   - sweeps that store the cell after their variable (s[x + 1]), whose
     segments start at the array's cells 8, 16, ..., not the variable's;
   - a backward pass that runs down to the row's first cell, below the
     forward pass's start (4, before the first segment at 8);
   - a staged 2-D row stored three cells after the variable (segments
     from the variable's 5, 13, ...), its forward pass reading two arrays,
     one at the cells of the store (one window a segment) and one a cell
     before, and its backward pass a third cells before: those straddle
     two windows a segment and go through them one cell at a time.
   The 3-D rows are too narrow for whole warps and stay unstaged.
   Each is compared with the same loops on the CPU.  */
/* { dg-do run } */
#include "mint-test.h"

#define NY 40                   /* rows, and points a 2-D row */
#define NX 48                   /* points a 3-D row */
#define P 5

struct line { int len; float w; };

#define NESTS(PRAGMA)                                                     \
  PRAGMA (for nest(1))                                                  \
  for (int y = 0; y < NY; y++)                                            \
    {                                                                     \
      g[y][1] = h[y][1] * L->w;                                           \
      for (int x = 2; x <= L->len; x++)                                   \
        g[y][x] = (h[y][x] + 0.5f * g[y][x - 1]) * L->w;                  \
      for (int x = L->len - 1; x >= 1; x--)                               \
        g[y][x] = g[y][x] - 0.25f * g[y][x + 1];                          \
    }                                                                     \
  PRAGMA (for nest(1))                                                  \
  for (int y = 0; y < NY; y++)                                            \
    {                                                                     \
      q[y][3] = h[y][3] * L->w;                                           \
      for (int x = 1; x <= L->len - 2; x++)                               \
        q[y][x + 3] = (h[y][x + 3] + 0.5f * q[y][x + 2]                  \
                       - 0.125f * e[y][x + 2]) * L->w;                    \
      for (int x = L->len - 3; x >= 0; x--)                               \
        q[y][x + 3] = q[y][x + 3] - 0.25f * h[y][x] * q[y][x + 4];        \
    }                                                                     \
  PRAGMA (for nest(2))                                                  \
  for (int z = 0; z < P; z++)                                             \
    for (int y = 0; y < P; y++)                                           \
      {                                                                   \
        s[z][y][1] = d[z][y][1];                                          \
        for (int x = 1; x <= len; x++)                                    \
          s[z][y][x + 1] = d[z][y][x + 1] + 0.5 * s[z][y][x];             \
        for (int x = len - 1; x >= 0; x--)                                \
          s[z][y][x + 1] = s[z][y][x + 1] - 0.25 * s[z][y][x + 2];        \
      }                                                                   \
  PRAGMA (for nest(2))                                                  \
  for (int z = 0; z < P; z++)                                             \
    for (int y = 0; y < P; y++)                                           \
      {                                                                   \
        b[z][y][3] = d[z][y][3];                                          \
        for (int x = 4; x <= len + 2; x++)                                \
          b[z][y][x] = d[z][y][x] - 0.5 * b[z][y][x - 1];                 \
        for (int x = len + 1; x >= 0; x--)                                \
          b[z][y][x] = b[z][y][x] + 0.25 * b[z][y][x + 1];                \
      }

typedef float fgrid[NY][NY + 2];
typedef double grid[P][P][NX];

static void
sweeps_mint (const struct line *L, int len, fgrid h, fgrid e, fgrid g,
             fgrid q, grid d, grid s, grid b)
{
#pragma mint copy(h, toDevice, NY + 2, NY)
#pragma mint copy(e, toDevice, NY + 2, NY)
#pragma mint copy(g, toDevice, NY + 2, NY)
#pragma mint copy(q, toDevice, NY + 2, NY)
#pragma mint copy(d, toDevice, NX, P, P)
#pragma mint copy(s, toDevice, NX, P, P)
#pragma mint copy(b, toDevice, NX, P, P)
#pragma mint parallel
  {
    NESTS (MINT_PRAGMA)
  }
#pragma mint copy(g, fromDevice, NY + 2, NY)
#pragma mint copy(q, fromDevice, NY + 2, NY)
#pragma mint copy(s, fromDevice, NX, P, P)
#pragma mint copy(b, fromDevice, NX, P, P)
}

static void
sweeps_cpu (const struct line *L, int len, fgrid h, fgrid e, fgrid g,
            fgrid q, grid d, grid s, grid b)
{
  NESTS (NO_PRAGMA)
}

static fgrid h, e, g, rg, q, rq;
static grid d, s, b, rs, rb;

int
main (void)
{
  fill (&h[0][0], NY + 2, NY, 1, 1);
  fill (&e[0][0], NY + 2, NY, 1, 7);
  fill (&d[0][0][0], NX, P, P, 2);
  double eg = 0, eq = 0, es = 0, eb = 0;
  for (int len = 1; len <= 40; len++)
    {
      struct line L = { len, 0.75f };
      fill (&g[0][0], NY + 2, NY, 1, 3);
      fill (&q[0][0], NY + 2, NY, 1, 6);
      fill (&s[0][0][0], NX, P, P, 4);
      fill (&b[0][0][0], NX, P, P, 5);
      memcpy (rg, g, sizeof g);
      memcpy (rq, q, sizeof q);
      memcpy (rs, s, sizeof s);
      memcpy (rb, b, sizeof b);
      sweeps_mint (&L, len, h, e, g, q, d, s, b);
      sweeps_cpu (&L, len, h, e, rg, rq, d, rs, rb);
      eg = fmax (eg, max_error (&g[0][0], &rg[0][0], NY * (NY + 2)));
      eq = fmax (eq, max_error (&q[0][0], &rq[0][0], NY * (NY + 2)));
      es = fmax (es, max_error (&s[0][0][0], &rs[0][0][0], P * P * NX));
      eb = fmax (eb, max_error (&b[0][0][0], &rb[0][0][0], P * P * NX));
    }
  int bad = 0;
  bad |= test_report ("float rows, a struct's length", eg, TOL_FLOAT);
  bad |= test_report ("float rows stored three cells on", eq, TOL_FLOAT);
  bad |= test_report ("the cell after the variable stored", es, TOL_DOUBLE);
  bad |= test_report ("backward pass down to the first cell", eb, TOL_DOUBLE);
  return bad;
}
