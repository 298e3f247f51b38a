/* Line sweeps along z whose forward pass the backward pass computes
   again in segments of 8 (kir/recompute.h), over lines of every length
   from 1 to 27 (the whole segments, the cells above them, none at all):
   the Thomas algorithm as the family writes it (forward from 2, backward
   from the last but one down to 1); one whose backward pass runs below
   the forward one's first cell (down to 0); a float one that divides by
   a coefficient array; one over flat arrays with macro indices; one along
   y whose right-hand side adds two arrays; one along the rows (x), its
   lines of 17 to 69 cells, whose warps stage the rows' windows and keep
   the value before each; and three left as written:
   a backward pass that starts at the forward one's last cell, a forward
   pass that carries a local of its own to the next iteration, and one
   whose right-hand side adds four arrays (computed again, they would be
   read twice).  Each is compared with the same loops on the CPU.  */
/* { dg-do run } */
#include "mint-test.h"

#define N 30                    /* planes, and points a side */
#define P 6
#define IDX(z, y, x) (((z) * P + (y)) * P + (x))

static const double ta = -1, tb = 4;

#define NESTS(PRAGMA)                                                     \
  PRAGMA (for nest(2))                                                  \
  for (int y = 0; y < P; y++)                                             \
    for (int x = 0; x < P; x++)                                           \
      {                                                                   \
        s[1][y][x] = d[1][y][x] * m[1];                                   \
        for (int z = 2; z <= len; z++)                                    \
          s[z][y][x] = (d[z][y][x] - ta * s[z - 1][y][x]) * m[z];         \
        for (int z = len - 1; z >= 1; z--)                                \
          s[z][y][x] = s[z][y][x] - cp[z] * s[z + 1][y][x];               \
      }                                                                   \
  PRAGMA (for nest(2))                                                  \
  for (int y = 0; y < P; y++)                                             \
    for (int x = 0; x < P; x++)                                           \
      {                                                                   \
        int z;                                                            \
        b[0][y][x] = 0.5 * d[0][y][x];                                    \
        for (z = 1; z < len + 1; z++)                                     \
          b[z][y][x] = 0.5 * (d[z][y][x] + b[z - 1][y][x]) * m[z];        \
        for (z = len - 1; z > -1; z--)                                    \
          b[z][y][x] -= 0.25 * b[z + 1][y][x];                            \
      }                                                                   \
  PRAGMA (for nest(2))                                                  \
  for (int y = 0; y < P; y++)                                             \
    for (int x = 0; x < P; x++)                                           \
      {                                                                   \
        g[1][y][x] = h[1][y][x] / w[1][y][x];                             \
        for (int z = 2; z < len + 1; z++)                                 \
          g[z][y][x] = (h[z][y][x] + 0.5f * g[z - 1][y][x]) / w[z][y][x]; \
        for (int z = len - 1; z >= 1; z--)                                \
          g[z][y][x] = g[z][y][x] - 0.125f * g[z + 1][y][x];              \
      }                                                                   \
  PRAGMA (for nest(2) independent)                                        \
  for (int y = 0; y < P; y++)                                             \
    for (int x = 0; x < P; x++)                                           \
      {                                                                   \
        fs[IDX (0, y, x)] = fd[IDX (0, y, x)] / tb;                       \
        for (int z = 1; z <= len; z++)                                    \
          fs[IDX (z, y, x)] = (fd[IDX (z, y, x)]                          \
                               - ta * fs[IDX (z - 1, y, x)]) / tb;        \
        for (int z = len - 1; z >= 0; z--)                                \
          fs[IDX (z, y, x)] -= 0.25 * fs[IDX (z + 1, y, x)];              \
      }                                                                   \
  PRAGMA (for nest(2))                                                  \
  for (int y = 0; y < P; y++)                                             \
    for (int x = 0; x < P; x++)                                           \
      {                                                                   \
        a[1][y][x] = d[1][y][x];                                          \
        for (int z = 2; z <= len; z++)                                    \
          a[z][y][x] = d[z][y][x] + 0.5 * a[z - 1][y][x];                 \
        for (int z = len; z >= 1; z--)                                    \
          a[z][y][x] = a[z][y][x] - 0.25 * a[z + 1][y][x];                \
      }                                                                   \
  PRAGMA (for nest(2))                                                  \
  for (int y = 0; y < P; y++)                                             \
    for (int x = 0; x < P; x++)                                           \
      {                                                                   \
        double prev = 0;                                                  \
        e[1][y][x] = d[1][y][x];                                          \
        for (int z = 2; z <= len; z++)                                    \
          {                                                               \
            double t = d[z][y][x] + 0.5 * prev;                           \
            e[z][y][x] = t + 0.25 * e[z - 1][y][x];                       \
            prev = t;                                                     \
          }                                                               \
        for (int z = len - 1; z >= 1; z--)                                \
          e[z][y][x] = e[z][y][x] - 0.25 * e[z + 1][y][x];                \
      }                                                                   \
  PRAGMA (for nest(2))                                                  \
  for (int z = 0; z < P; z++)                                             \
    for (int x = 0; x < P; x++)                                           \
      {                                                                   \
        u[z][1][x] = (ud[z][1][x] + uq[z][1][x]) * m[1];                  \
        for (int y = 2; y <= len; y++)                                    \
          u[z][y][x] = (ud[z][y][x] + uq[z][y][x]                         \
                        - ta * u[z][y - 1][x]) * m[y];                    \
        for (int y = len - 1; y >= 1; y--)                                \
          u[z][y][x] = u[z][y][x] - cp[y] * u[z][y + 1][x];               \
      }                                                                   \
  PRAGMA (for nest(2))                                                  \
  for (int y = 0; y < P; y++)                                             \
    for (int x = 0; x < P; x++)                                           \
      {                                                                   \
        v[1][y][x] = RHS4 (1) * m[1];                                     \
        for (int z = 2; z <= len; z++)                                    \
          v[z][y][x] = (RHS4 (z) - ta * v[z - 1][y][x]) * m[z];           \
        for (int z = len - 1; z >= 1; z--)                                \
          v[z][y][x] = v[z][y][x] - cp[z] * v[z + 1][y][x];               \
      }

#define ROW_NEST(PRAGMA)                                                  \
  PRAGMA (for nest(2))                                                  \
  for (int z = 0; z < P; z++)                                             \
    for (int y = 0; y < P; y++)                                           \
      {                                                                   \
        r[z][y][1] = rd[z][y][1] * mx[1];                                 \
        for (int x = 2; x <= xl; x++)                                     \
          r[z][y][x] = (rd[z][y][x] - ta * r[z][y][x - 1]) * mx[x];       \
        for (int x = xl - 1; x >= 1; x--)                                 \
          r[z][y][x] = r[z][y][x] - cpx[x] * r[z][y][x + 1];              \
      }

/* A right-hand side of four arrays.  */
#define RHS4(z) (d[z][y][x] + q[z][y][x] + o[z][y][x] + fd[IDX (z, y, x)])

typedef double grid[N][P][P];
typedef float fgrid[N][P][P];
typedef double ygrid[P][N][P];  /* lines along y */
#define X 72
typedef double xgrid[P][P][X];  /* long rows */

static void
sweeps_mint (int len, grid d, grid s, grid b, grid a, grid e, fgrid h, fgrid w,
             fgrid g, double *fd, double *fs, grid q, grid o, grid v, ygrid ud,
             ygrid uq, ygrid u, int xl, xgrid rd, xgrid r, const double *mx,
             const double *cpx, const double *m, const double *cp)
{
#pragma mint copy(d, toDevice, P, P, N)
#pragma mint copy(s, toDevice, P, P, N)
#pragma mint copy(b, toDevice, P, P, N)
#pragma mint copy(a, toDevice, P, P, N)
#pragma mint copy(e, toDevice, P, P, N)
#pragma mint copy(h, toDevice, P, P, N)
#pragma mint copy(w, toDevice, P, P, N)
#pragma mint copy(g, toDevice, P, P, N)
#pragma mint copy(fd, toDevice, N * P * P)
#pragma mint copy(fs, toDevice, N * P * P)
#pragma mint copy(q, toDevice, P, P, N)
#pragma mint copy(o, toDevice, P, P, N)
#pragma mint copy(v, toDevice, P, P, N)
#pragma mint copy(ud, toDevice, P, N, P)
#pragma mint copy(uq, toDevice, P, N, P)
#pragma mint copy(u, toDevice, P, N, P)
#pragma mint copy(rd, toDevice, X, P, P)
#pragma mint copy(r, toDevice, X, P, P)
#pragma mint copy(mx, toDevice, X)
#pragma mint copy(cpx, toDevice, X)
#pragma mint copy(m, toDevice, N)
#pragma mint copy(cp, toDevice, N)
#pragma mint parallel
  {
    NESTS (MINT_PRAGMA)
    ROW_NEST (MINT_PRAGMA)
  }
#pragma mint copy(s, fromDevice, P, P, N)
#pragma mint copy(b, fromDevice, P, P, N)
#pragma mint copy(a, fromDevice, P, P, N)
#pragma mint copy(e, fromDevice, P, P, N)
#pragma mint copy(g, fromDevice, P, P, N)
#pragma mint copy(fs, fromDevice, N * P * P)
#pragma mint copy(v, fromDevice, P, P, N)
#pragma mint copy(u, fromDevice, P, N, P)
#pragma mint copy(r, fromDevice, X, P, P)
}

static void
sweeps_cpu (int len, grid d, grid s, grid b, grid a, grid e, fgrid h, fgrid w,
            fgrid g, double *fd, double *fs, grid q, grid o, grid v, ygrid ud,
            ygrid uq, ygrid u, int xl, xgrid rd, xgrid r, const double *mx,
            const double *cpx, const double *m, const double *cp)
{
  NESTS (NO_PRAGMA)
  ROW_NEST (NO_PRAGMA)
}

static grid d, s, b, a, e, rs, rb, ra, re, q, o, v, rv;
static fgrid h, w, g, rg;
static double fd[N * P * P], fs[N * P * P], rfs[N * P * P];
static ygrid ud, uq, u, ru;
static xgrid rd, r, rr;

int
main (void)
{
  double m[N], cp[N];
  test_thomas_factors (m, cp, N, ta, tb);
  double mx[X], cpx[X];
  test_thomas_factors (mx, cpx, X, ta, tb);
  fill (&rd[0][0][0], X, P, P, 17);
  fill (&d[0][0][0], P, P, N, 1);
  fill (&h[0][0][0], P, P, N, 2);
  fill (&w[0][0][0], P, P, N, 3);
  for (int i = 0; i < N * P * P; i++)
    (&w[0][0][0])[i] += 2.0f;
  fill (fd, P, P, N, 4);
  fill (&q[0][0][0], P, P, N, 11);
  fill (&o[0][0][0], P, P, N, 12);
  fill (&ud[0][0][0], P, N, P, 13);
  fill (&uq[0][0][0], P, N, P, 14);
  int bad = 0, n3 = N * P * P;
  double es = 0, eb = 0, ea = 0, ee = 0, eg = 0, ef = 0, ev = 0, eu = 0;
  double er = 0;
  for (int len = 1; len <= N - 3; len++)
    {
      fill (&s[0][0][0], P, P, N, 5);
      fill (&b[0][0][0], P, P, N, 6);
      fill (&a[0][0][0], P, P, N, 7);
      fill (&e[0][0][0], P, P, N, 10);
      fill (&g[0][0][0], P, P, N, 8);
      fill (fs, P, P, N, 9);
      fill (&v[0][0][0], P, P, N, 15);
      fill (&u[0][0][0], P, N, P, 16);
      fill (&r[0][0][0], X, P, P, 18);
      int xl = 2 * len + 15;
      memcpy (rs, s, sizeof s);
      memcpy (rb, b, sizeof b);
      memcpy (ra, a, sizeof a);
      memcpy (re, e, sizeof e);
      memcpy (rg, g, sizeof g);
      memcpy (rfs, fs, sizeof fs);
      memcpy (rv, v, sizeof v);
      memcpy (ru, u, sizeof u);
      memcpy (rr, r, sizeof r);
      sweeps_mint (len, d, s, b, a, e, h, w, g, fd, fs, q, o, v, ud, uq, u,
                   xl, rd, r, mx, cpx, m, cp);
      sweeps_cpu (len, d, rs, rb, ra, re, h, w, rg, fd, rfs, q, o, rv, ud, uq,
                  ru, xl, rd, rr, mx, cpx, m, cp);
      es = fmax (es, max_error (&s[0][0][0], &rs[0][0][0], n3));
      eb = fmax (eb, max_error (&b[0][0][0], &rb[0][0][0], n3));
      ea = fmax (ea, max_error (&a[0][0][0], &ra[0][0][0], n3));
      ee = fmax (ee, max_error (&e[0][0][0], &re[0][0][0], n3));
      eg = fmax (eg, max_error (&g[0][0][0], &rg[0][0][0], n3));
      ef = fmax (ef, max_error (fs, rfs, n3));
      ev = fmax (ev, max_error (&v[0][0][0], &rv[0][0][0], n3));
      eu = fmax (eu, max_error (&u[0][0][0], &ru[0][0][0], n3));
      er = fmax (er, max_error (&r[0][0][0], &rr[0][0][0], X * P * P));
    }
  bad |= test_report ("Thomas along z, lines of 1 to 27", es, TOL_DOUBLE);
  bad |= test_report ("backward pass below the forward one's first cell", eb, TOL_DOUBLE);
  bad |= test_report ("float, dividing by an array", eg, TOL_FLOAT);
  bad |= test_report ("flat arrays, macro indices", ef, TOL_DOUBLE);
  bad |= test_report ("along y, two arrays on the right", eu, TOL_DOUBLE);
  bad |= test_report ("along the rows, lines of 17 to 69", er, TOL_DOUBLE);
  bad |= test_report ("backward pass from the last cell (not rewritten)", ea, TOL_DOUBLE);
  bad |= test_report ("forward pass carrying a local (not rewritten)", ee, TOL_DOUBLE);
  bad |= test_report ("four arrays on the right (not rewritten)", ev, TOL_DOUBLE);
  return bad;
}
