/* Line sweeps: a sequential loop in the body whose iteration reads what
   the previous one stored, which level 1 and up carry in a register
   (kir/carry.h).  A tridiagonal solve along z (each thread a column) and
   along x (each thread a row), forward and backward; a running sum in
   steps of 2 whose length depends on the point (zero iterations for
   some); the same sweep repeated by a loop around it (the first
   iteration loads again each time); a loop that stores its element twice
   and one whose body steps its variable again, which are not carried; an
   int running sum.  Each is compared with the same loops on
   the CPU.  */
/* { dg-do run } */
#include "mint-test.h"

#define N 20                    /* points a side, boundary included */

/* The Thomas algorithm's factors for a x[i-1] + b x[i] + c x[i+1] = d.  */
static const double ta = -1, tb = 4;

/* NESTS (PRAGMA) expands to the sweeps, PRAGMA (...) before each nest.  */
#define NESTS(PRAGMA)                                                     \
  PRAGMA (for nest(2))                                                  \
  for (int y = 1; y < n - 1; y++)                                         \
    for (int x = 1; x < n - 1; x++)                                       \
      {                                                                   \
        s[1][y][x] = d[1][y][x] * m[1];                                   \
        for (int z = 2; z < n - 1; z++)                                   \
          s[z][y][x] = (d[z][y][x] - ta * s[z - 1][y][x]) * m[z];         \
        for (int z = n - 3; z >= 1; z--)                                  \
          s[z][y][x] = s[z][y][x] - cp[z] * s[z + 1][y][x];               \
      }                                                                   \
  PRAGMA (for nest(2))                                                  \
  for (int z = 1; z < n - 1; z++)                                         \
    for (int y = 1; y < n - 1; y++)                                       \
      THOMAS_ROW (r, d, z, y, n, m, cp, ta)                               \
  PRAGMA (for nest(2))                                                  \
  for (int z = 0; z < n; z++)                                             \
    for (int x = 0; x < n; x++)                                           \
      for (int y = 2; y < x % 5 + (z & 3) * 4; y += 2)                    \
        q[z][y][x] = q[z][y - 2][x] + 0.5 * d[z][y][x];                   \
  PRAGMA (for nest(2))                                                  \
  for (int y = 0; y < n; y++)                                             \
    for (int x = 0; x < n; x++)                                           \
      for (int pass = 0; pass < 3; pass++)                                \
        for (int z = 1; z < n; z++)                                       \
          w[z][y][x] = 0.5 * w[z - 1][y][x] + 0.25 * w[z][y][x] + pass;   \
  PRAGMA (for nest(2))                                                  \
  for (int y = 0; y < n; y++)                                             \
    for (int x = 0; x < n; x++)                                           \
      for (int z = 1; z < n; z++)                                         \
        {                                                                 \
          e[z][y][x] = e[z - 1][y][x] + d[z][y][x];                       \
          e[z][y][x] = 0.5 * e[z][y][x] + 0.125;                          \
        }                                                                 \
  PRAGMA (for nest(2))                                                  \
  for (int y = 0; y < n; y++)                                             \
    for (int x = 0; x < n; x++)                                           \
      for (int z = 1; z < n - 1; z++)                                     \
        {                                                                 \
          f[z][y][x] = 0.5 * f[z - 1][y][x] + d[z][y][x];                 \
          z++;                                                            \
        }                                                                 \
  PRAGMA (for nest(2))                                                  \
  for (int y = 0; y < n; y++)                                             \
    for (int x = 0; x < n; x++)                                           \
      for (int z = 1; z < n; z++)                                         \
        k[z][y][x] = k[z - 1][y][x] + k[z][y][x] % 7 - 3;

typedef double grid[N][N][N];
typedef int igrid[N][N][N];

static void
sweeps_mint (int n, grid d, grid s, grid r, grid q, grid w, grid e, grid f,
             igrid k, const double *m, const double *cp)
{
#pragma mint copy(d, toDevice, N, N, N)
#pragma mint copy(s, toDevice, N, N, N)
#pragma mint copy(r, toDevice, N, N, N)
#pragma mint copy(q, toDevice, N, N, N)
#pragma mint copy(w, toDevice, N, N, N)
#pragma mint copy(e, toDevice, N, N, N)
#pragma mint copy(f, toDevice, N, N, N)
#pragma mint copy(k, toDevice, N, N, N)
#pragma mint copy(m, toDevice, N)
#pragma mint copy(cp, toDevice, N)
#pragma mint parallel
  {
    NESTS (MINT_PRAGMA)
  }
#pragma mint copy(s, fromDevice, N, N, N)
#pragma mint copy(r, fromDevice, N, N, N)
#pragma mint copy(q, fromDevice, N, N, N)
#pragma mint copy(w, fromDevice, N, N, N)
#pragma mint copy(e, fromDevice, N, N, N)
#pragma mint copy(f, fromDevice, N, N, N)
#pragma mint copy(k, fromDevice, N, N, N)
}

static void
sweeps_cpu (int n, grid d, grid s, grid r, grid q, grid w, grid e, grid f,
            igrid k, const double *m, const double *cp)
{
  NESTS (NO_PRAGMA)
}

static grid d, s, r, q, w, e, f, rs, rr, rq, rw, re, rf;
static igrid k, rk;

int
main (void)
{
  double m[N], cp[N];
  test_thomas_factors (m, cp, N, ta, tb);
  fill (&d[0][0][0], N, N, N, 1);
  fill (&s[0][0][0], N, N, N, 2);
  fill (&r[0][0][0], N, N, N, 3);
  fill (&q[0][0][0], N, N, N, 4);
  fill (&w[0][0][0], N, N, N, 5);
  fill (&e[0][0][0], N, N, N, 6);
  fill (&f[0][0][0], N, N, N, 7);
  fill (&k[0][0][0], N, N, N, 8);
  memcpy (rs, s, sizeof s);
  memcpy (rr, r, sizeof r);
  memcpy (rq, q, sizeof q);
  memcpy (rw, w, sizeof w);
  memcpy (re, e, sizeof e);
  memcpy (rf, f, sizeof f);
  memcpy (rk, k, sizeof k);
  sweeps_mint (N, d, s, r, q, w, e, f, k, m, cp);
  sweeps_cpu (N, d, rs, rr, rq, rw, re, rf, rk, m, cp);
  int n3 = N * N * N, bad = 0;
  bad |= test_report ("solve along z", max_error (&s[0][0][0], &rs[0][0][0], n3), TOL_DOUBLE);
  bad |= test_report ("solve along x", max_error (&r[0][0][0], &rr[0][0][0], n3), TOL_DOUBLE);
  bad |= test_report ("sum in steps of 2", max_error (&q[0][0][0], &rq[0][0][0], n3), TOL_DOUBLE);
  bad |= test_report ("repeated sweep", max_error (&w[0][0][0], &rw[0][0][0], n3), TOL_DOUBLE);
  bad |= test_report ("element stored twice", max_error (&e[0][0][0], &re[0][0][0], n3), TOL_DOUBLE);
  bad |= test_report ("variable stepped twice", max_error (&f[0][0][0], &rf[0][0][0], n3), TOL_DOUBLE);
  bad |= test_report ("int sum", max_error (&k[0][0][0], &rk[0][0][0], n3), TOL_EXACT);
  return bad;
}
