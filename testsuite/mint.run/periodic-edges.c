/* Periodic domains: neighbours' indices that wrap in the body run at
   level 3 in the blocks between the wraps and as written in the others
   (plugin/opt/edge-fold.h).  A 3-D star wrapped by conditions, a byte
   grid's game of life wrapped by remainders of a struct's extents, a
   float 2-D star wrapped by `if (xm < 0) xm += nx' with fixed rows in y
   and a point source, a flat 3-D array wrapped by remainders of a
   constant, a 1-D ring, and a 2-D star of radius 5 whose boundary of 5
   points the body copies; each over enough steps that the tuner runs
   every variant, with extents that no tile divides, and once more on a
   grid so small that no block lies between the wraps.  The nests are
   written once, for mint and for the plain C loops.  */
/* { dg-do run } */
#include "mint-test.h"

#define NZ 29
#define NY 45
#define NX 300
#define W 160
#define RING 100003
#define STEPS 10

#define IDX(z, y, x) (((z) * NY + (y)) * W + (x))
struct grid
{
  int nx, ny;
};

#define STAR3(PRAGMA, nz, ny, nx, a, b)                                  \
  for (int t = 0; t < STEPS; t++)                                        \
    {                                                                    \
      PRAGMA (for nest(all) nowait)                                      \
      for (int z = 0; z < nz; z++)                                       \
        for (int y = 0; y < ny; y++)                                     \
          for (int x = 0; x < nx; x++)                                   \
            b[z][y][x] = 0.4 * a[z][y][x]                                \
              + 0.1 * (a[z][y][x == 0 ? nx - 1 : x - 1]                  \
                       + a[z][y][x == nx - 1 ? 0 : x + 1]                \
                       + a[z][y == 0 ? ny - 1 : y - 1][x]                \
                       + a[z][y == ny - 1 ? 0 : y + 1][x]                \
                       + a[z == 0 ? nz - 1 : z - 1][y][x]                \
                       + a[z == nz - 1 ? 0 : z + 1][y][x]);              \
      PRAGMA (single)                                                    \
      TEST_SWAP (a, b)                                   \
    }

#define LIFE(PRAGMA, g, a, b)                                            \
  for (int t = 0; t < STEPS; t++)                                        \
    {                                                                    \
      PRAGMA (for nest(all) nowait)                                      \
      for (int y = 0; y < g->ny; y++)                                    \
        for (int x = 0; x < g->nx; x++)                                  \
          {                                                              \
            int ym = (y + g->ny - 1) % g->ny, yp = (y + 1) % g->ny;      \
            int xm = (x + g->nx - 1) % g->nx, xp = (x + 1) % g->nx;      \
            int live = a[ym][xm] + a[ym][x] + a[ym][xp] + a[y][xm]       \
                       + a[y][xp] + a[yp][xm] + a[yp][x] + a[yp][xp];    \
            b[y][x] = live == 3 || (live == 2 && a[y][x]);               \
          }                                                              \
      PRAGMA (single)                                                    \
      TEST_SWAP (a, b)                             \
    }

#define STAR2(PRAGMA, ny, nx, sy, sx, u, v)                              \
  for (int t = 0; t < STEPS; t++)                                        \
    {                                                                    \
      PRAGMA (for nest(all) nowait)                                      \
      for (int y = 1; y < ny - 1; y++)                                   \
        for (int x = 0; x < nx; x++)                                     \
          {                                                              \
            int xm = x - 1, xp = x + 1;                                  \
            if (xm < 0)                                                  \
              xm += nx;                                                  \
            if (xp >= nx)                                                \
              xp -= nx;                                                  \
            float s = 0.5f * u[y][x]                                     \
                      + 0.125f * (u[y][xm] + u[y][xp] + u[y - 1][x]      \
                                  + u[y + 1][x]);                        \
            if (x == sx && y == sy)                                      \
              s += 1.0f;                                                 \
            v[y][x] = s;                                                 \
          }                                                              \
      PRAGMA (for nest(all) nowait)                                      \
      for (int y = 1; y < ny - 1; y++)                                   \
        for (int x = 0; x < nx; x++)                                     \
          u[y][x] = v[y][x];                                             \
    }

#define FLAT(PRAGMA, nz, f, g)                                           \
  for (int t = 0; t < STEPS; t++)                                        \
    {                                                                    \
      PRAGMA (for nest(all) nowait)                                      \
      for (int z = 0; z < nz; z++)                                       \
        for (int y = 0; y < NY; y++)                                     \
          for (int x = 0; x < W; x++)                                    \
            g[IDX (z, y, x)] = 0.5 * f[IDX (z, y, x)]                    \
              + 0.25 * (f[IDX (z, y, (x + W - 1) % W)]                   \
                        + f[IDX (z, y, (x + 1) % W)]);                   \
      PRAGMA (single)                                                    \
      TEST_SWAP (f, g)                                           \
    }

#define RING1(PRAGMA, n, p, q)                                           \
  for (int t = 0; t < STEPS; t++)                                        \
    {                                                                    \
      PRAGMA (for nest(all) nowait)                                      \
      for (int i = 0; i < n; i++)                                        \
        q[i] = (p[i == 0 ? n - 1 : i - 1] + 2 * p[i]                     \
                + p[i == n - 1 ? 0 : i + 1]) / 4;                        \
      PRAGMA (single)                                                    \
      TEST_SWAP (p, q)                                             \
    }

#define WIDE(PRAGMA, ny, nx, c, d)                                       \
  for (int t = 0; t < STEPS; t++)                                        \
    {                                                                    \
      PRAGMA (for nest(all) nowait)                                      \
      for (int y = 0; y < ny; y++)                                       \
        for (int x = 0; x < nx; x++)                                     \
          if (x < 5 || x >= nx - 5 || y < 5 || y >= ny - 5)              \
            d[y][x] = c[y][x];                                           \
          else                                                           \
            d[y][x] = 0.5 * c[y][x] + 0.125 * (c[y][x - 5] + c[y][x + 5] \
                                               + c[y - 5][x]             \
                                               + c[y + 5][x]);           \
      PRAGMA (single)                                                    \
      TEST_SWAP (c, d)                                                   \
    }

static void
star3_mint (int nz, int ny, int nx, double (*a)[ny][nx], double (*b)[ny][nx])
{
#pragma mint copy(a, toDevice, nx, ny, nz)
#pragma mint copy(b, toDevice, nx, ny, nz)
#pragma mint parallel
  {
    STAR3 (MINT_PRAGMA, nz, ny, nx, a, b)
  }
#pragma mint copy(a, fromDevice, nx, ny, nz)
#pragma mint copy(b, fromDevice, nx, ny, nz)
}

static void
star3_c (int nz, int ny, int nx, double (*a)[ny][nx], double (*b)[ny][nx])
{
  STAR3 (NO_PRAGMA, nz, ny, nx, a, b)
}

static void
life_mint (const struct grid *g, unsigned char (*a)[g->nx],
           unsigned char (*b)[g->nx])
{
#pragma mint copy(a, toDevice, g->nx, g->ny)
#pragma mint copy(b, toDevice, g->nx, g->ny)
#pragma mint parallel
  {
    LIFE (MINT_PRAGMA, g, a, b)
  }
#pragma mint copy(a, fromDevice, g->nx, g->ny)
#pragma mint copy(b, fromDevice, g->nx, g->ny)
}

static void
life_c (const struct grid *g, unsigned char (*a)[g->nx],
        unsigned char (*b)[g->nx])
{
  LIFE (NO_PRAGMA, g, a, b)
}

static void
star2_mint (int ny, int nx, int sy, int sx, float (*u)[nx], float (*v)[nx])
{
#pragma mint copy(u, toDevice, nx, ny)
#pragma mint copy(v, toDevice, nx, ny)
#pragma mint parallel
  {
    STAR2 (MINT_PRAGMA, ny, nx, sy, sx, u, v)
  }
#pragma mint copy(u, fromDevice, nx, ny)
}

static void
star2_c (int ny, int nx, int sy, int sx, float (*u)[nx], float (*v)[nx])
{
  STAR2 (NO_PRAGMA, ny, nx, sy, sx, u, v)
}

static void
flat_mint (int nz, double *f, double *g)
{
#pragma mint copy(f, toDevice, W * NY * nz)
#pragma mint copy(g, toDevice, W * NY * nz)
#pragma mint parallel
  {
    FLAT (MINT_PRAGMA, nz, f, g)
  }
#pragma mint copy(f, fromDevice, W * NY * nz)
#pragma mint copy(g, fromDevice, W * NY * nz)
}

static void
flat_c (int nz, double *f, double *g)
{
  FLAT (NO_PRAGMA, nz, f, g)
}

static void
ring_mint (int n, long *p, long *q)
{
#pragma mint copy(p, toDevice, n)
#pragma mint copy(q, toDevice, n)
#pragma mint parallel
  {
    RING1 (MINT_PRAGMA, n, p, q)
  }
#pragma mint copy(p, fromDevice, n)
#pragma mint copy(q, fromDevice, n)
}

static void
ring_c (int n, long *p, long *q)
{
  RING1 (NO_PRAGMA, n, p, q)
}

static void
wide_mint (int ny, int nx, double (*c)[nx], double (*d)[nx])
{
#pragma mint copy(c, toDevice, nx, ny)
#pragma mint copy(d, toDevice, nx, ny)
#pragma mint parallel
  {
    WIDE (MINT_PRAGMA, ny, nx, c, d)
  }
#pragma mint copy(c, fromDevice, nx, ny)
#pragma mint copy(d, fromDevice, nx, ny)
}

static void
wide_c (int ny, int nx, double (*c)[nx], double (*d)[nx])
{
  WIDE (NO_PRAGMA, ny, nx, c, d)
}

/* Each run's array and the one it swaps with, mint's [0] and C's [1].  */
struct fields
{
  void *a[2], *b[2];
};

static void
fields_new (struct fields *f, size_t bytes)
{
  for (int i = 0; i < 2; i++)
    {
      f->a[i] = test_xmalloc (bytes);
      f->b[i] = test_xmalloc (bytes);
    }
}

static void
fields_free (struct fields *f)
{
  for (int i = 0; i < 2; i++)
    {
      free (f->a[i]);
      free (f->b[i]);
    }
}

/* The 3-D star at NZ x NY x NX, the result of mint's against C's.  */
static int
check_star3 (int nz, int ny, int nx)
{
  size_t cells = (size_t) nz * ny * nx;
  struct fields fs;
  fields_new (&fs, cells * sizeof (double));
  double *a[2] = { fs.a[0], fs.a[1] }, *b[2] = { fs.b[0], fs.b[1] };
  for (int i = 0; i < 2; i++)
    {
      for (size_t c = 0; c < cells; c++)
        a[i][c] = b[i][c] = test_value ((int) (c % nx), (int) (c / nx % ny),
                                        (int) (c / nx / ny), 1);
    }
  star3_mint (nz, ny, nx, (double (*)[ny][nx]) a[0],
              (double (*)[ny][nx]) b[0]);
  star3_c (nz, ny, nx, (double (*)[ny][nx]) a[1], (double (*)[ny][nx]) b[1]);
  char what[64];
  snprintf (what, sizeof what, "3-D star wrapped by conditions, %dx%dx%d",
            nz, ny, nx);
  int bad = test_report (what, max_error (a[0], a[1], cells), TOL_DOUBLE);
  fields_free (&fs);
  return bad;
}

/* The game of life on G, mint's generations against C's.  */
static int
check_life (const struct grid *g)
{
  size_t cells = (size_t) g->nx * g->ny;
  struct fields fs;
  fields_new (&fs, cells);
  unsigned char *a[2] = { fs.a[0], fs.a[1] }, *b[2] = { fs.b[0], fs.b[1] };
  for (int i = 0; i < 2; i++)
    {
      for (size_t c = 0; c < cells; c++)
        a[i][c] = b[i][c] = (c * 2654435761u >> 13) % 3 == 0;
    }
  life_mint (g, (unsigned char (*)[g->nx]) a[0],
             (unsigned char (*)[g->nx]) b[0]);
  life_c (g, (unsigned char (*)[g->nx]) a[1], (unsigned char (*)[g->nx]) b[1]);
  long differ = 0;
  for (size_t c = 0; c < cells; c++)
    differ += a[0][c] != a[1][c];
  char what[64];
  snprintf (what, sizeof what, "game of life wrapped by remainders, %dx%d",
            g->ny, g->nx);
  int bad = test_report (what, (double) differ, TOL_EXACT);
  fields_free (&fs);
  return bad;
}

/* The float star at NY x NX, its source at (NY / 3, NX / 2).  */
static int
check_star2 (int ny, int nx)
{
  size_t cells = (size_t) ny * nx;
  struct fields fs;
  fields_new (&fs, cells * sizeof (float));
  float *u[2] = { fs.a[0], fs.a[1] }, *v[2] = { fs.b[0], fs.b[1] };
  for (int i = 0; i < 2; i++)
    {
      for (size_t c = 0; c < cells; c++)
        u[i][c] = v[i][c] = (float) test_value ((int) (c % nx),
                                                (int) (c / nx), 0, 2);
    }
  star2_mint (ny, nx, ny / 3, nx / 2, (float (*)[nx]) u[0],
              (float (*)[nx]) v[0]);
  star2_c (ny, nx, ny / 3, nx / 2, (float (*)[nx]) u[1], (float (*)[nx]) v[1]);
  double error = 0;
  for (size_t c = 0; c < cells; c++)
    if (test_relative_error (u[0][c], u[1][c]) > error)
      error = test_relative_error (u[0][c], u[1][c]);
  char what[64];
  snprintf (what, sizeof what, "float star wrapped by ifs, %dx%d", ny, nx);
  int bad = test_report (what, error, TOL_FLOAT);
  fields_free (&fs);
  return bad;
}

static int
check_flat (int nz)
{
  size_t cells = (size_t) nz * NY * W;
  struct fields fs;
  fields_new (&fs, cells * sizeof (double));
  double *f[2] = { fs.a[0], fs.a[1] }, *g[2] = { fs.b[0], fs.b[1] };
  for (int i = 0; i < 2; i++)
    {
      for (size_t c = 0; c < cells; c++)
        f[i][c] = g[i][c] = test_value ((int) (c % W), (int) (c / W % NY),
                                        (int) (c / W / NY), 3);
    }
  flat_mint (nz, f[0], g[0]);
  flat_c (nz, f[1], g[1]);
  int bad = test_report ("flat array wrapped by remainders of a constant",
                         max_error (f[0], f[1], cells), TOL_DOUBLE);
  fields_free (&fs);
  return bad;
}

static int
check_ring (int n)
{
  struct fields fs;
  fields_new (&fs, (size_t) n * sizeof (long));
  long *p[2] = { fs.a[0], fs.a[1] }, *q[2] = { fs.b[0], fs.b[1] };
  for (int i = 0; i < 2; i++)
    {
      for (int c = 0; c < n; c++)
        p[i][c] = q[i][c] = (long) (c * 7919L % 100003L) * 4096;
    }
  ring_mint (n, p[0], q[0]);
  ring_c (n, p[1], q[1]);
  long differ = 0;
  for (int c = 0; c < n; c++)
    differ += p[0][c] != p[1][c];
  char what[64];
  snprintf (what, sizeof what, "1-D ring of %d", n);
  int bad = test_report (what, (double) differ, TOL_EXACT);
  fields_free (&fs);
  return bad;
}

/* The star of radius 5 at NY x NX.  */
static int
check_wide (int ny, int nx)
{
  size_t cells = (size_t) ny * nx;
  struct fields fs;
  fields_new (&fs, cells * sizeof (double));
  double *c[2] = { fs.a[0], fs.a[1] }, *d[2] = { fs.b[0], fs.b[1] };
  for (int i = 0; i < 2; i++)
    {
      for (size_t e = 0; e < cells; e++)
        c[i][e] = d[i][e] = test_value ((int) (e % nx), (int) (e / nx), 0, 4);
    }
  wide_mint (ny, nx, (double (*)[nx]) c[0], (double (*)[nx]) d[0]);
  wide_c (ny, nx, (double (*)[nx]) c[1], (double (*)[nx]) d[1]);
  char what[64];
  snprintf (what, sizeof what, "boundary of 5 points copied, %dx%d", ny, nx);
  int bad = test_report (what, max_error (c[0], c[1], cells), TOL_DOUBLE);
  fields_free (&fs);
  return bad;
}

int
main (void)
{
  int bad = 0;
  struct grid big = { 517, 203 }, small = { 5, 3 };
  bad |= check_star3 (NZ, NY, NX);
  bad |= check_star3 (3, 2, 5);
  bad |= check_life (&big);
  bad |= check_life (&small);
  bad |= check_star2 (203, 517);
  bad |= check_star2 (4, 3);
  bad |= check_flat (NZ);
  bad |= check_ring (RING);
  bad |= check_ring (2);
  bad |= check_wide (211, 1031);
  bad |= check_wide (9, 12);
  return bad;
}
