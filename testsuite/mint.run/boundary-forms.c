/* Boundaries written in the body by the other forms solvers use
   (plugin/opt/edge-fold.h folds those whose conditions are on the loop
   variables): a 3-D star with reflecting walls (x == 0 ? 1 : x - 1), a
   float 2-D box with the nearest cell at the walls (x > 0 ? x - 1 : 0),
   a 2-D star whose subscripts a helper clamps, a 2-D star whose walls
   reflect through abs (abs (x - 1), n - 1 - abs (n - 2 - x)), a
   periodic 2-D star over unsigned loop variables (their arithmetic
   wraps at 2^32: each value a fold reads is checked to lie below), and
   a 2-D star of radius 2 periodic in y only, its extents in a
   structure and its loop variables long, the wrap written as x + 1 == n
   and y >= n - 2.  Each over enough steps that the tuner runs every
   variant, with extents that no tile divides, and on a grid smaller
   than any block.  The nests are written once, for mint and for the
   plain C loops.  */
/* { dg-do run } */
#include "mint-test.h"
#include <stdbool.h>
#include <stdlib.h>

#define STEPS 9
struct extents
{
  long ny, nx;
};

static inline int
clamp_index (int v, int lo, int hi)
{
  return v < lo ? lo : v > hi ? hi : v;
}

#define MIRROR3(PRAGMA, nz, ny, nx, a, b)                                \
  for (int t = 0; t < STEPS; t++)                                        \
    {                                                                    \
      PRAGMA (for nest(all) nowait)                                      \
      for (int z = 0; z < nz; z++)                                       \
        for (int y = 0; y < ny; y++)                                     \
          for (int x = 0; x < nx; x++)                                   \
            b[z][y][x] = 0.4 * a[z][y][x]                                \
              + 0.1 * (a[z][y][x == 0 ? 1 : x - 1]                       \
                       + a[z][y][x == nx - 1 ? nx - 2 : x + 1]           \
                       + a[z][y == 0 ? 1 : y - 1][x]                     \
                       + a[z][y == ny - 1 ? ny - 2 : y + 1][x]           \
                       + a[z == 0 ? 1 : z - 1][y][x]                     \
                       + a[z == nz - 1 ? nz - 2 : z + 1][y][x]);         \
      PRAGMA (single)                                                    \
      TEST_SWAP (a, b)                                                   \
    }

#define NEAREST2(PRAGMA, ny, nx, u, v)                                   \
  for (int t = 0; t < STEPS; t++)                                        \
    {                                                                    \
      PRAGMA (for nest(all) nowait)                                      \
      for (int y = 0; y < ny; y++)                                       \
        for (int x = 0; x < nx; x++)                                     \
          {                                                              \
            int ym = y > 0 ? y - 1 : 0, yp = y < ny - 1 ? y + 1 : ny - 1; \
            int xm = x > 0 ? x - 1 : 0, xp = x < nx - 1 ? x + 1 : nx - 1; \
            v[y][x] = 0.25f * u[y][x]                                    \
              + 0.125f * (u[ym][x] + u[yp][x] + u[y][xm] + u[y][xp])     \
              + 0.0625f * (u[ym][xm] + u[ym][xp] + u[yp][xm]             \
                           + u[yp][xp]);                                 \
          }                                                              \
      PRAGMA (single)                                                    \
      TEST_SWAP (u, v)                                                   \
    }

#define CLAMPED2(PRAGMA, ny, nx, c, d)                                   \
  for (int t = 0; t < STEPS; t++)                                        \
    {                                                                    \
      PRAGMA (for nest(all) nowait)                                      \
      for (int y = 0; y < ny; y++)                                       \
        for (int x = 0; x < nx; x++)                                     \
          d[y][x] = 0.5 * c[y][x]                                        \
            + 0.125 * (c[y][clamp_index (x - 1, 0, nx - 1)]              \
                       + c[y][clamp_index (x + 1, 0, nx - 1)]            \
                       + c[clamp_index (y - 1, 0, ny - 1)][x]            \
                       + c[clamp_index (y + 1, 0, ny - 1)][x]);          \
      PRAGMA (single)                                                    \
      TEST_SWAP (c, d)                                                   \
    }

#define REFLECT2(PRAGMA, ny, nx, c, d)                                   \
  for (int t = 0; t < STEPS; t++)                                        \
    {                                                                    \
      PRAGMA (for nest(all) nowait)                                      \
      for (int y = 1; y < ny - 1; y++)                                   \
        for (int x = 0; x < nx; x++)                                     \
          d[y][x] = 0.5 * c[y][x]                                        \
            + 0.125 * (c[y][abs (x - 1)]                                 \
                       + c[y][nx - 1 - abs (nx - 2 - x)]                 \
                       + c[y - 1][x] + c[y + 1][x]);                     \
      PRAGMA (single)                                                    \
      TEST_SWAP (c, d)                                                   \
    }

#define UNSIGNED2(PRAGMA, ny, nx, p, q)                                  \
  for (int t = 0; t < STEPS; t++)                                        \
    {                                                                    \
      PRAGMA (for nest(all) nowait)                                      \
      for (unsigned y = 0; y < ny; y++)                                  \
        for (unsigned x = 0; x < nx; x++)                                \
          q[y][x] = 0.5 * p[y][x]                                        \
            + 0.125 * (p[y][(x + nx - 1) % nx] + p[y][(x + 1) % nx]      \
                       + p[(y + ny - 1) % ny][x] + p[(y + 1) % ny][x]);  \
      PRAGMA (single)                                                    \
      TEST_SWAP (p, q)                                                   \
    }

#define WRAPY2(PRAGMA, e, f, g)                                          \
  for (int t = 0; t < STEPS; t++)                                        \
    {                                                                    \
      PRAGMA (for nest(all) nowait)                                      \
      for (long y = 0; y < e->ny; y++)                                   \
        for (long x = 2; x < e->nx - 2; x++)                             \
          {                                                              \
            long ym1 = y == 0 ? e->ny - 1 : y - 1;                       \
            long ym2 = y < 2 ? y + e->ny - 2 : y - 2;                    \
            long yp1 = y + 1 == e->ny ? 0 : y + 1;                       \
            long yp2 = y >= e->ny - 2 ? y + 2 - e->ny : y + 2;           \
            g[y][x] = 0.4 * f[y][x]                                      \
              + 0.1 * (f[ym1][x] + f[yp1][x] + f[y][x - 1]               \
                       + f[y][x + 1])                                    \
              + 0.05 * (f[ym2][x] + f[yp2][x] + f[y][x - 2]              \
                        + f[y][x + 2]);                                  \
          }                                                              \
      PRAGMA (single)                                                    \
      TEST_SWAP (f, g)                                                   \
    }

static void
mirror3_mint (int nz, int ny, int nx, double (*a)[ny][nx], double (*b)[ny][nx])
{
#pragma mint copy(a, toDevice, nx, ny, nz)
#pragma mint copy(b, toDevice, nx, ny, nz)
#pragma mint parallel
  {
    MIRROR3 (MINT_PRAGMA, nz, ny, nx, a, b)
  }
#pragma mint copy(a, fromDevice, nx, ny, nz)
#pragma mint copy(b, fromDevice, nx, ny, nz)
}

static void
mirror3_c (int nz, int ny, int nx, double (*a)[ny][nx], double (*b)[ny][nx])
{
  MIRROR3 (NO_PRAGMA, nz, ny, nx, a, b)
}

static void
nearest2_mint (int ny, int nx, float (*u)[nx], float (*v)[nx])
{
#pragma mint copy(u, toDevice, nx, ny)
#pragma mint copy(v, toDevice, nx, ny)
#pragma mint parallel
  {
    NEAREST2 (MINT_PRAGMA, ny, nx, u, v)
  }
#pragma mint copy(u, fromDevice, nx, ny)
#pragma mint copy(v, fromDevice, nx, ny)
}

static void
nearest2_c (int ny, int nx, float (*u)[nx], float (*v)[nx])
{
  NEAREST2 (NO_PRAGMA, ny, nx, u, v)
}

static void
clamped2_mint (int ny, int nx, double (*c)[nx], double (*d)[nx])
{
#pragma mint copy(c, toDevice, nx, ny)
#pragma mint copy(d, toDevice, nx, ny)
#pragma mint parallel
  {
    CLAMPED2 (MINT_PRAGMA, ny, nx, c, d)
  }
#pragma mint copy(c, fromDevice, nx, ny)
#pragma mint copy(d, fromDevice, nx, ny)
}

static void
clamped2_c (int ny, int nx, double (*c)[nx], double (*d)[nx])
{
  CLAMPED2 (NO_PRAGMA, ny, nx, c, d)
}

static void
reflect2_mint (int ny, int nx, double (*c)[nx], double (*d)[nx])
{
#pragma mint copy(c, toDevice, nx, ny)
#pragma mint copy(d, toDevice, nx, ny)
#pragma mint parallel
  {
    REFLECT2 (MINT_PRAGMA, ny, nx, c, d)
  }
#pragma mint copy(c, fromDevice, nx, ny)
#pragma mint copy(d, fromDevice, nx, ny)
}

static void
reflect2_c (int ny, int nx, double (*c)[nx], double (*d)[nx])
{
  REFLECT2 (NO_PRAGMA, ny, nx, c, d)
}

static void
unsigned2_mint (int ny, int nx, double (*p)[nx], double (*q)[nx])
{
  unsigned uny = ny, unx = nx;
#pragma mint copy(p, toDevice, nx, ny)
#pragma mint copy(q, toDevice, nx, ny)
#pragma mint parallel
  {
    UNSIGNED2 (MINT_PRAGMA, uny, unx, p, q)
  }
#pragma mint copy(p, fromDevice, nx, ny)
#pragma mint copy(q, fromDevice, nx, ny)
}

static void
unsigned2_c (int ny, int nx, double (*p)[nx], double (*q)[nx])
{
  unsigned uny = ny, unx = nx;
  UNSIGNED2 (NO_PRAGMA, uny, unx, p, q)
}

static void
wrapy2_mint (const struct extents *e, double (*f)[e->nx], double (*g)[e->nx])
{
#pragma mint copy(f, toDevice, e->nx, e->ny)
#pragma mint copy(g, toDevice, e->nx, e->ny)
#pragma mint parallel
  {
    WRAPY2 (MINT_PRAGMA, e, f, g)
  }
#pragma mint copy(f, fromDevice, e->nx, e->ny)
#pragma mint copy(g, fromDevice, e->nx, e->ny)
}

static void
wrapy2_c (const struct extents *e, double (*f)[e->nx], double (*g)[e->nx])
{
  WRAPY2 (NO_PRAGMA, e, f, g)
}

/* Two copies, mint's and C's, of two arrays of CELLS doubles (or floats
   where FLOATS), filled alike by seed SEED over rows of NX.  */
struct pair
{
  double *a[2], *b[2];
  float *u[2], *v[2];
  size_t cells;
};

static void
pair_new (struct pair *p, size_t cells, int nx, int seed, bool floats)
{
  p->cells = cells;
  for (int i = 0; i < 2; i++)
    {
      p->a[i] = p->b[i] = NULL;
      p->u[i] = p->v[i] = NULL;
      if (floats)
        {
          p->u[i] = test_xmalloc (cells * sizeof (float));
          p->v[i] = test_xmalloc (cells * sizeof (float));
        }
      else
        {
          p->a[i] = test_xmalloc (cells * sizeof (double));
          p->b[i] = test_xmalloc (cells * sizeof (double));
        }
      for (size_t c = 0; c < cells; c++)
        {
          double v = test_value ((int) (c % nx), (int) (c / nx % 97),
                                 (int) (c / nx / 97), seed);
          if (floats)
            p->u[i][c] = p->v[i][c] = (float) v;
          else
            p->a[i][c] = p->b[i][c] = v;
        }
    }
}

static void
pair_free (struct pair *p)
{
  for (int i = 0; i < 2; i++)
    {
      free (p->a[i]);
      free (p->b[i]);
      free (p->u[i]);
      free (p->v[i]);
    }
}

static int
check_mirror3 (int nz, int ny, int nx)
{
  struct pair p;
  pair_new (&p, (size_t) nz * ny * nx, nx, 1, false);
  mirror3_mint (nz, ny, nx, (double (*)[ny][nx]) p.a[0],
                (double (*)[ny][nx]) p.b[0]);
  mirror3_c (nz, ny, nx, (double (*)[ny][nx]) p.a[1],
             (double (*)[ny][nx]) p.b[1]);
  char what[80];
  snprintf (what, sizeof what, "3-D star with reflecting walls, %dx%dx%d",
            nz, ny, nx);
  int bad = test_report (what, max_error (p.a[0], p.a[1], p.cells),
                         TOL_DOUBLE);
  pair_free (&p);
  return bad;
}

static int
check_nearest2 (int ny, int nx)
{
  struct pair p;
  pair_new (&p, (size_t) ny * nx, nx, 2, true);
  nearest2_mint (ny, nx, (float (*)[nx]) p.u[0], (float (*)[nx]) p.v[0]);
  nearest2_c (ny, nx, (float (*)[nx]) p.u[1], (float (*)[nx]) p.v[1]);
  double error = 0;
  for (size_t c = 0; c < p.cells; c++)
    if (test_relative_error (p.u[0][c], p.u[1][c]) > error)
      error = test_relative_error (p.u[0][c], p.u[1][c]);
  char what[80];
  snprintf (what, sizeof what, "float box with the nearest cell at the "
            "walls, %dx%d", ny, nx);
  int bad = test_report (what, error, TOL_FLOAT);
  pair_free (&p);
  return bad;
}

/* A 2-D nest over doubles, WITH_MINT's result against PLAIN's at NY x
   NX, the cells' start values of SEED.  */
typedef void nest2 (int ny, int nx, double (*c)[*], double (*d)[*]);

static int
check2 (nest2 *with_mint, nest2 *plain, const char *what, int ny, int nx,
        int seed)
{
  struct pair p;
  pair_new (&p, (size_t) ny * nx, nx, seed, false);
  with_mint (ny, nx, (double (*)[nx]) p.a[0], (double (*)[nx]) p.b[0]);
  plain (ny, nx, (double (*)[nx]) p.a[1], (double (*)[nx]) p.b[1]);
  char name[96];
  snprintf (name, sizeof name, "%s, %dx%d", what, ny, nx);
  int bad = test_report (name, max_error (p.a[0], p.a[1], p.cells),
                         TOL_DOUBLE);
  pair_free (&p);
  return bad;
}

static int
check_wrapy2 (long ny, long nx)
{
  struct extents e = { ny, nx };
  struct pair p;
  pair_new (&p, (size_t) (ny * nx), (int) nx, 5, false);
  wrapy2_mint (&e, (double (*)[nx]) p.a[0], (double (*)[nx]) p.b[0]);
  wrapy2_c (&e, (double (*)[nx]) p.a[1], (double (*)[nx]) p.b[1]);
  char what[80];
  snprintf (what, sizeof what, "radius-2 star periodic in y, %ldx%ld", ny,
            nx);
  int bad = test_report (what, max_error (p.a[0], p.a[1], p.cells),
                         TOL_DOUBLE);
  pair_free (&p);
  return bad;
}

int
main (void)
{
  static const char clamped[] = "star clamped by a helper";
  static const char reflect[] = "star with walls reflecting through abs";
  static const char wrap[] = "periodic star over unsigned loops";
  int bad = 0;
  bad += check_mirror3 (37, 45, 131);
  bad += check_mirror3 (3, 5, 7);
  bad += check_nearest2 (203, 301);
  bad += check_nearest2 (2, 3);
  bad += check2 (clamped2_mint, clamped2_c, clamped, 157, 259, 3);
  bad += check2 (clamped2_mint, clamped2_c, clamped, 4, 2, 3);
  bad += check2 (reflect2_mint, reflect2_c, reflect, 149, 271, 6);
  bad += check2 (reflect2_mint, reflect2_c, reflect, 3, 2, 6);
  bad += check2 (unsigned2_mint, unsigned2_c, wrap, 141, 263, 4);
  bad += check2 (unsigned2_mint, unsigned2_c, wrap, 3, 5, 4);
  bad += check_wrapy2 (181, 237);
  bad += check_wrapy2 (3, 9);
  return bad != 0;
}
