/* Arrays updated in place, read and written at the point only, which a
   level-3 thread loads before its points and stores after them, 16 bytes
   at a time where the rows are aligned (opt-inplace.c): float staggered
   acoustics (two nests, each updating what the other reads) over three
   time steps; a double 3-D update that reads its new value back, next to
   one in two statements, an array only written, again under a condition,
   and one stored only under a condition (kept as written); a byte grid; flat arrays indexed by a macro, the
   parameters in a struct.  Extents that no tile divides, in x neither a
   multiple of 2 nor of 4.  The results must
   equal the plain C loops' (the same nests, written once).  */
/* { dg-do run } */
#include "mint-test.h"
#include <stdint.h>

struct grid
{
  int nx, ny;
  double dt, c;
};

#define I(y, x) ((long) (y) * g->nx + (x))

#define ACOUSTICS(PRAGMA)                                                \
  for (int t = 0; t < 3; t++)                                            \
    {                                                                    \
      PRAGMA (for nest(all))                                             \
      for (int y = 1; y < ny - 1; y++)                                   \
        for (int x = 1; x < nx - 1; x++)                                 \
          {                                                              \
            vx[y][x] -= 0.2f * (p[y][x + 1] - p[y][x]);                  \
            vy[y][x] -= 0.2f * (p[y + 1][x] - p[y][x]);                  \
          }                                                              \
      PRAGMA (for nest(all))                                             \
      for (int y = 1; y < ny - 1; y++)                                   \
        for (int x = 1; x < nx - 1; x++)                                 \
          p[y][x] -= 0.15f * (vx[y][x] - vx[y][x - 1] + vy[y][x]         \
                              - vy[y - 1][x]);                           \
    }

#define VOLUME(PRAGMA)                                                   \
  PRAGMA (for nest(all))                                                 \
  for (int z = 1; z < nz - 1; z++)                                       \
    for (int y = 1; y < ny - 1; y++)                                     \
      for (int x = 1; x < nx - 1; x++)                                   \
        {                                                                \
          u[z][y][x] = 0.5 * u[z][y][x]                                  \
                       + 0.1 * (a[z][y][x - 1] + a[z][y][x + 1]          \
                                + a[z][y - 1][x] + a[z][y + 1][x]        \
                                + a[z - 1][y][x] + a[z + 1][y][x]);      \
          w[z][y][x] = u[z][y][x] * u[z][y][x] - a[z][y][x];             \
          e[z][y][x] *= 0.5;                                             \
          e[z][y][x] += a[z][y][x];                                      \
          g[z][y][x] = a[z][y][x];                                       \
          if (a[z][y][x] > 0.5)                                          \
            {                                                            \
              g[z][y][x] = u[z][y][x];                                   \
              f[z][y][x] = f[z][y][x] + 1;                               \
            }                                                            \
        }

#define BYTES(PRAGMA)                                                    \
  PRAGMA (for nest(all))                                                 \
  for (int y = 1; y < ny - 1; y++)                                       \
    for (int x = 1; x < nx - 1; x++)                                     \
      cells[y][x] = (uint8_t) (cells[y][x] * 3 + (heat[y][x - 1] >> 2)   \
                               + heat[y + 1][x]);

#define FLAT(PRAGMA)                                                     \
  PRAGMA (for nest(all))                                                 \
  for (int y = 1; y < g->ny - 1; y++)                                    \
    for (int x = 1; x < g->nx - 1; x++)                                  \
      q[I (y, x)] += g->dt * (r[I (y, x + 1)] - r[I (y - 1, x)])         \
                     + g->c * q[I (y, x)] * r[I (y, x)];

static void
acoustics_mint (int nx, int ny, float (*p)[nx], float (*vx)[nx],
                float (*vy)[nx])
{
#pragma mint copy(p, toDevice, nx, ny)
#pragma mint copy(vx, toDevice, nx, ny)
#pragma mint copy(vy, toDevice, nx, ny)
#pragma mint parallel
  {
    ACOUSTICS (MINT_PRAGMA)
  }
#pragma mint copy(p, fromDevice, nx, ny)
#pragma mint copy(vx, fromDevice, nx, ny)
#pragma mint copy(vy, fromDevice, nx, ny)
}

static void
acoustics_c (int nx, int ny, float (*p)[nx], float (*vx)[nx],
             float (*vy)[nx])
{
  ACOUSTICS (NO_PRAGMA)
}

static void
volume_mint (int nx, int ny, int nz, double (*a)[ny][nx],
             double (*u)[ny][nx], double (*w)[ny][nx], double (*e)[ny][nx],
             double (*f)[ny][nx], double (*g)[ny][nx])
{
#pragma mint copy(a, toDevice, nx, ny, nz)
#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint copy(w, toDevice, nx, ny, nz)
#pragma mint copy(e, toDevice, nx, ny, nz)
#pragma mint copy(f, toDevice, nx, ny, nz)
#pragma mint copy(g, toDevice, nx, ny, nz)
#pragma mint parallel
  {
    VOLUME (MINT_PRAGMA)
  }
#pragma mint copy(u, fromDevice, nx, ny, nz)
#pragma mint copy(w, fromDevice, nx, ny, nz)
#pragma mint copy(e, fromDevice, nx, ny, nz)
#pragma mint copy(f, fromDevice, nx, ny, nz)
#pragma mint copy(g, fromDevice, nx, ny, nz)
}

static void
volume_c (int nx, int ny, int nz, double (*a)[ny][nx], double (*u)[ny][nx],
          double (*w)[ny][nx], double (*e)[ny][nx], double (*f)[ny][nx],
          double (*g)[ny][nx])
{
  VOLUME (NO_PRAGMA)
}

static void
bytes_mint (int nx, int ny, uint8_t (*cells)[nx], uint8_t (*heat)[nx])
{
#pragma mint copy(cells, toDevice, nx, ny)
#pragma mint copy(heat, toDevice, nx, ny)
#pragma mint parallel
  {
    BYTES (MINT_PRAGMA)
  }
#pragma mint copy(cells, fromDevice, nx, ny)
}

static void
bytes_c (int nx, int ny, uint8_t (*cells)[nx], uint8_t (*heat)[nx])
{
  BYTES (NO_PRAGMA)
}

static void
flat_mint (const struct grid *g, double *q, double *r)
{
#pragma mint copy(q, toDevice, g->nx, g->ny)
#pragma mint copy(r, toDevice, g->nx, g->ny)
#pragma mint parallel
  {
    FLAT (MINT_PRAGMA)
  }
#pragma mint copy(q, fromDevice, g->nx, g->ny)
}

static void
flat_c (const struct grid *g, double *q, double *r)
{
  FLAT (NO_PRAGMA)
}

int
main (int argc, char **argv)
{
  int n[3] = { 69, 29, 23 };
  test_size_args (argc, argv, 3, n);
  int nx = n[0], ny = n[1], nz = n[2];
  long plane = (long) nx * ny, cells = plane * nz;
  int status = 0;

  TWO_FILLED (float, p, nx, ny, 1, 1);
  TWO_FILLED (float, vx, nx, ny, 1, 2);
  TWO_FILLED (float, vy, nx, ny, 1, 3);
  acoustics_mint (nx, ny, (float (*)[nx]) p[0], (float (*)[nx]) vx[0],
                  (float (*)[nx]) vy[0]);
  acoustics_c (nx, ny, (float (*)[nx]) p[1], (float (*)[nx]) vx[1],
               (float (*)[nx]) vy[1]);
  double err = fmax (max_error (p[0], p[1], plane),
                     fmax (max_error (vx[0], vx[1], plane),
                           max_error (vy[0], vy[1], plane)));
  status |= test_report ("float acoustics, 3 steps", err, TOL_FLOAT);

  double *a = test_xmalloc (sizeof (double) * cells);
  fill (a, nx, ny, nz, 4);
  TWO_FILLED (double, u, nx, ny, nz, 5);
  TWO_FILLED (double, w, nx, ny, nz, 6);
  TWO_FILLED (double, e, nx, ny, nz, 7);
  TWO_FILLED (double, f, nx, ny, nz, 8);
  TWO_FILLED (double, h, nx, ny, nz, 13);
  typedef double (*vol)[ny][nx];
  volume_mint (nx, ny, nz, (vol) a, (vol) u[0], (vol) w[0], (vol) e[0],
               (vol) f[0], (vol) h[0]);
  volume_c (nx, ny, nz, (vol) a, (vol) u[1], (vol) w[1], (vol) e[1],
            (vol) f[1], (vol) h[1]);
  status |= test_report ("3-D, the new value read back",
                         fmax (max_error (u[0], u[1], cells),
                               max_error (w[0], w[1], cells)), TOL_DOUBLE);
  status |= test_report ("3-D, stored twice and under a condition",
                         fmax (max_error (e[0], e[1], cells),
                               fmax (max_error (f[0], f[1], cells),
                                     max_error (h[0], h[1], cells))),
                         TOL_DOUBLE);

  TWO_FILLED (uint8_t, grid, nx, ny, 1, 9);
  uint8_t *heat = test_xmalloc ((size_t) plane);
  fill (heat, nx, ny, 1, 10);
  bytes_mint (nx, ny, (uint8_t (*)[nx]) grid[0], (uint8_t (*)[nx]) heat);
  bytes_c (nx, ny, (uint8_t (*)[nx]) grid[1], (uint8_t (*)[nx]) heat);
  status |= test_report ("byte grid", max_error (grid[0], grid[1], plane),
                         TOL_EXACT);

  struct grid g = { nx, ny, 0.01, -0.3 };
  double *r = test_xmalloc (sizeof (double) * plane);
  fill (r, nx, ny, 1, 11);
  TWO_FILLED (double, q, nx, ny, 1, 12);
  flat_mint (&g, q[0], r);
  flat_c (&g, q[1], r);
  status |= test_report ("flat, a struct's parameters",
                         max_error (q[0], q[1], plane), TOL_DOUBLE);
  return status;
}
