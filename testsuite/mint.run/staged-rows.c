/* Inner loops that walk rows, each thread its own, which warps stage
   through shared memory (opt/staged-rows.h), against the same loops on
   the CPU, every nest repeated so that the autotuner times its shapes:
   - a tridiagonal solve along x, forward and backward, over rows that
     no warp fills (43 a plane);
   - a running sum along the rows of a 2-D float array, a thread a row;
   - a byte grid's running sum along x, wrapping around;
   - a loop that reads its row 33 cells apart and stores both cells,
     moving between windows at every step;
   - a read-only array read on the thread's row and on the next (that
     one in place);
   - a sum whose loop's length is a scalar of a struct;
   - a loop whose condition differs between lanes (a value read from the
     row), which stays unstaged;
   - the solve along x with a tile given, of 8 warps, too many to stage;
   - the byte sum again, two points a thread along the warp's rows
     (chunksize 2 in x: lanes outside the rows at one point step on to
     the next with the others);
   - the solve along x over a flat array indexed by a macro (its rows
     the inner loop's, delinearize.h);
   - a flat array whose index is computed before the loop's variable
     steps and used after (not rewritten: the address is the old one).
   Staging moves the program's values and changes no operation.  */
/* { dg-do run } */
#include "mint-test.h"

#define N 45                    /* points a side, boundary included */
#define M 70                    /* 2-D rows */
#define STEPS 6
#define IDX(z, y, x) (((z) * n + (y)) * n + (x))

static const double ta = -1, tb = 4;
struct params { int len; double scale; };

#define NESTS(PRAGMA)                                                     \
  for (int t = 0; t < STEPS; t++)                                         \
    {                                                                     \
      PRAGMA (for nest(2))                                                \
      for (int z = 1; z < n - 1; z++)                                     \
        for (int y = 1; y < n - 1; y++)                                   \
          {                                                               \
            s[z][y][1] = (d[z][y][1] + t) * m[1];                         \
            for (int x = 2; x < n - 1; x++)                               \
              s[z][y][x] = (d[z][y][x] - ta * s[z][y][x - 1]) * m[x];     \
            for (int x = n - 3; x >= 1; x--)                              \
              s[z][y][x] = s[z][y][x] - cp[x] * s[z][y][x + 1];           \
          }                                                               \
      PRAGMA (for nest(1))                                                \
      for (int y = 0; y < M; y++)                                         \
        {                                                                 \
          float acc = t;                                                  \
          for (int x = 0; x < M; x++)                                     \
            {                                                             \
              acc = acc * 0.5f + a2[y][x];                                \
              c2[y][x] = acc;                                             \
            }                                                             \
        }                                                                 \
      PRAGMA (for nest(2))                                                \
      for (int z = 0; z < n; z++)                                         \
        for (int y = 0; y < n; y++)                                       \
          for (int x = 1; x < n; x++)                                     \
            g[z][y][x] = (unsigned char) (g[z][y][x - 1] + g[z][y][x]     \
                                          + 3);                           \
      PRAGMA (for nest(2))                                                \
      for (int z = 0; z < n; z++)                                         \
        for (int y = 0; y < n; y++)                                       \
          for (int x = 0; x + 33 < n; x++)                                \
            {                                                             \
              double lo = h[z][y][x], hi = h[z][y][x + 33];               \
              h[z][y][x] = 0.5 * (lo + hi);                               \
              h[z][y][x + 33] = hi - 0.25 * lo;                           \
            }                                                             \
      PRAGMA (for nest(2))                                                \
      for (int z = 0; z < n; z++)                                         \
        for (int y = 0; y < n - 1; y++)                                   \
          {                                                               \
            double run = 0;                                               \
            for (int x = 0; x < n; x++)                                   \
              {                                                           \
                run = 0.75 * run + d[z][y][x] - 0.5 * d[z][y + 1][x];     \
                fl[z][y][x] = run;                                        \
              }                                                           \
          }                                                               \
      PRAGMA (for nest(2))                                                \
      for (int z = 0; z < n; z++)                                         \
        for (int y = 0; y < n; y++)                                       \
          {                                                               \
            double run = 0;                                               \
            for (int x = 0; x < p->len; x++)                              \
              run += p->scale * d[z][y][x];                               \
            u[z][y][0] = run;                                             \
          }                                                               \
      PRAGMA (for nest(2))                                                \
      for (int z = 0; z < n; z++)                                         \
        for (int y = 0; y < n; y++)                                       \
          for (int x = 1; x < n && v[z][y][x - 1] < 0.9; x++)             \
            v[z][y][x] = v[z][y][x] + 0.125 * v[z][y][x - 1];             \
      PRAGMA (for nest(2) tile(32, 8))                                    \
      for (int z = 1; z < n - 1; z++)                                     \
        for (int y = 1; y < n - 1; y++)                                   \
          THOMAS_ROW (r, d, z, y, n, m, cp, ta)                           \
      PRAGMA (for nest(2) tile(64, 1) chunksize(2, 1))                    \
      for (int z = 0; z < n; z++)                                         \
        for (int y = 0; y < n; y++)                                       \
          for (int x = 1; x < n; x++)                                     \
            g2[z][y][x] = (unsigned char) (g2[z][y][x - 1] * 3           \
                                           + g2[z][y][x]);                \
      PRAGMA (for nest(2) independent)                                    \
      for (int z = 1; z < n - 1; z++)                                     \
        for (int y = 1; y < n - 1; y++)                                   \
          {                                                               \
            fs[IDX (z, y, 1)] = d[z][y][1] * m[1];                        \
            for (int x = 2; x < n - 1; x++)                               \
              fs[IDX (z, y, x)] = (d[z][y][x] - ta * fs[IDX (z, y, x - 1)]) \
                                  * m[x];                                 \
            for (int x = n - 3; x >= 1; x--)                              \
              fs[IDX (z, y, x)] -= cp[x] * fs[IDX (z, y, x + 1)];         \
          }                                                               \
      PRAGMA (for nest(2) independent)                                    \
      for (int z = 0; z < n; z++)                                         \
        for (int y = 0; y < n; y++)                                       \
          for (int x = 1; x < n;)                                         \
            {                                                             \
              int i = IDX (z, y, x);                                      \
              x++;                                                        \
              fw[i] = 0.5 * fw[i - 1] + fw[i] + x;                        \
            }                                                             \
    }

typedef double grid[N][N][N];
typedef unsigned char bytes[N][N][N];
typedef float plane2[M][M];

static void
staged_mint (int n, grid d, grid s, plane2 a2, plane2 c2, bytes g, grid h,
             grid fl, const struct params *p, grid u, grid v, grid r,
             bytes g2, double *fs, double *fw, const double *m,
            const double *cp)
{
#pragma mint copy(d, toDevice, N, N, N)
#pragma mint copy(s, toDevice, N, N, N)
#pragma mint copy(a2, toDevice, M, M)
#pragma mint copy(c2, toDevice, M, M)
#pragma mint copy(g, toDevice, N, N, N)
#pragma mint copy(h, toDevice, N, N, N)
#pragma mint copy(fl, toDevice, N, N, N)
#pragma mint copy(u, toDevice, N, N, N)
#pragma mint copy(v, toDevice, N, N, N)
#pragma mint copy(r, toDevice, N, N, N)
#pragma mint copy(g2, toDevice, N, N, N)
#pragma mint copy(fs, toDevice, N * N * N)
#pragma mint copy(fw, toDevice, N * N * N)
#pragma mint copy(m, toDevice, N)
#pragma mint copy(cp, toDevice, N)
#pragma mint parallel
  {
    NESTS (MINT_PRAGMA)
  }
#pragma mint copy(s, fromDevice, N, N, N)
#pragma mint copy(c2, fromDevice, M, M)
#pragma mint copy(g, fromDevice, N, N, N)
#pragma mint copy(h, fromDevice, N, N, N)
#pragma mint copy(fl, fromDevice, N, N, N)
#pragma mint copy(u, fromDevice, N, N, N)
#pragma mint copy(v, fromDevice, N, N, N)
#pragma mint copy(r, fromDevice, N, N, N)
#pragma mint copy(g2, fromDevice, N, N, N)
#pragma mint copy(fs, fromDevice, N * N * N)
#pragma mint copy(fw, fromDevice, N * N * N)
}

static void
staged_cpu (int n, grid d, grid s, plane2 a2, plane2 c2, bytes g, grid h,
            grid fl, const struct params *p, grid u, grid v, grid r,
            bytes g2, double *fs, double *fw, const double *m,
            const double *cp)
{
  NESTS (NO_PRAGMA)
}

static grid d, s, h, u, v, r, fl, rs, rh, ru, rv, rr, rfl;
static plane2 a2, c2, rc2;
static bytes g, g2, rg, rg2;
static double fs[N * N * N], fw[N * N * N], rfs[N * N * N], rfw[N * N * N];

int
main (void)
{
  double m[N], cp[N];
  test_thomas_factors (m, cp, N, ta, tb);
  struct params p = { N - 5, 0.03125 };
  fill (&d[0][0][0], N, N, N, 1);
  fill (&s[0][0][0], N, N, N, 2);
  fill (&a2[0][0], M, M, 1, 3);
  fill (&c2[0][0], M, M, 1, 4);
  fill (&g[0][0][0], N, N, N, 5);
  fill (&h[0][0][0], N, N, N, 6);
  fill (&fl[0][0][0], N, N, N, 7);
  fill (&u[0][0][0], N, N, N, 8);
  fill (&v[0][0][0], N, N, N, 9);
  fill (&r[0][0][0], N, N, N, 10);
  fill (&g2[0][0][0], N, N, N, 11);
  fill (fs, N, N, N, 12);
  fill (fw, N, N, N, 13);
  memcpy (rs, s, sizeof s);
  memcpy (rc2, c2, sizeof c2);
  memcpy (rg, g, sizeof g);
  memcpy (rh, h, sizeof h);
  memcpy (rfl, fl, sizeof fl);
  memcpy (ru, u, sizeof u);
  memcpy (rv, v, sizeof v);
  memcpy (rr, r, sizeof r);
  memcpy (rg2, g2, sizeof g2);
  memcpy (rfs, fs, sizeof fs);
  memcpy (rfw, fw, sizeof fw);
  staged_mint (N, d, s, a2, c2, g, h, fl, &p, u, v, r, g2, fs, fw, m, cp);
  staged_cpu (N, d, rs, a2, rc2, rg, rh, rfl, &p, ru, rv, rr, rg2, rfs, rfw, m, cp);
  int n3 = N * N * N, bad = 0;
  bad |= test_report ("solve along x", max_error (&s[0][0][0], &rs[0][0][0], n3), TOL_DOUBLE);
  bad |= test_report ("float running sum", max_error (&c2[0][0], &rc2[0][0], M * M), TOL_FLOAT);
  bad |= test_report ("byte running sum", max_error (&g[0][0][0], &rg[0][0][0], n3), TOL_EXACT);
  bad |= test_report ("cells 33 apart", max_error (&h[0][0][0], &rh[0][0][0], n3), TOL_DOUBLE);
  bad |= test_report ("two rows", max_error (&fl[0][0][0], &rfl[0][0][0], n3), TOL_DOUBLE);
  bad |= test_report ("length from a struct", max_error (&u[0][0][0], &ru[0][0][0], n3), TOL_DOUBLE);
  bad |= test_report ("condition per lane", max_error (&v[0][0][0], &rv[0][0][0], n3), TOL_DOUBLE);
  bad |= test_report ("tile of 8 warps", max_error (&r[0][0][0], &rr[0][0][0], n3), TOL_DOUBLE);
  bad |= test_report ("two points a thread", max_error (&g2[0][0][0], &rg2[0][0][0], n3), TOL_EXACT);
  bad |= test_report ("flat solve along x", max_error (fs, rfs, n3), TOL_DOUBLE);
  bad |= test_report ("index before the step", max_error (fw, rfw, n3), TOL_DOUBLE);
  return bad;
}
