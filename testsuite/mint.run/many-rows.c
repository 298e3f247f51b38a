/* 2-D nests over more rows than a grid holds blocks along y (65535 of
   at most 32 rows in every variant): a stencil along the rows of two
   components a point (a particle's, say), autotuned over several steps,
   and the sum of the squares of its result, a reduction.  libmintrt
   spreads the blocks along y over z, and the blocks past the last row
   return.  The nests are written once, for mint and for the plain C
   loops.  */
/* { dg-do run } */
#include "mint-test.h"

#define ROWS 2300000
#define STEPS 8

static float p[ROWS][2], q[ROWS][2], rp[ROWS][2], rq[ROWS][2];

/* STEPS smoothings along the rows, P and Q swapped after each, then the
   sum of the squares of P.  */
#define NESTS(PRAGMA)                                                    \
  for (int t = 0; t < STEPS; t++)                                        \
    {                                                                    \
      PRAGMA (for nest(all))                                             \
      for (int i = 1; i < ROWS - 1; i++)                                 \
        for (int c = 0; c < 2; c++)                                      \
          q[i][c] = 0.5f * p[i][c] + 0.25f * (p[i - 1][c] + p[i + 1][c]); \
      PRAGMA (single)                                                    \
      {                                                                  \
        float (*tmp)[2] = p;                                             \
        p = q;                                                           \
        q = tmp;                                                         \
      }                                                                  \
    }                                                                    \
  PRAGMA (for nest(all) reduction(+:sum))                                \
  for (int i = 0; i < ROWS; i++)                                         \
    for (int c = 0; c < 2; c++)                                          \
      sum += (double) p[i][c] * p[i][c];

typedef float (*rows)[2];

static rows
run_mint (rows p, rows q, double *out)
{
  double sum = 0;
#pragma mint copy(p, toDevice, 2, ROWS)
#pragma mint copy(q, toDevice, 2, ROWS)
#pragma mint parallel
  {
    NESTS (MINT_PRAGMA)
  }
#pragma mint copy(p, fromDevice, 2, ROWS)
  *out = sum;
  return p;
}

static rows
run_c (rows p, rows q, double *out)
{
  double sum = 0;
  NESTS (NO_PRAGMA)
  *out = sum;
  return p;
}

int
main (void)
{
  int bad = 0;
  double sum = 0, want_sum = 0;

  fill (&p[0][0], 2, ROWS, 1, 1);
  memcpy (q, p, sizeof p);
  memcpy (rp, p, sizeof p);
  memcpy (rq, p, sizeof p);
  rows got = run_mint (p, q, &sum);
  rows want = run_c (rp, rq, &want_sum);
  bad |= test_report ("smoothing along 2300000 rows",
                      max_error (&got[0][0], &want[0][0], 2 * (size_t) ROWS),
                      TOL_FLOAT);
  bad |= test_report ("sum of squares",
                      fabs (sum - want_sum) / fabs (want_sum), 1e-9);
  return bad;
}
