/* Nests whose directive leaves loops in the body (nest(1), the default,
   over 3-D and 2-D nests; nest(2) over z and y, each thread walking a row
   along x), as programs ported from CPU code write them.  Where no two
   points use one element that either writes, levels 1 and up run the
   loops below in parallel too (opt-nest-deepen.c); where the body's loop
   carries a value from one x to the next, or reads what the row wrote at
   another x, it stays the thread's.  Nests whose loops run in another
   order than the arrays' axes (x outermost, z innermost) map the loop
   that walks the stores' rows to the warp's threads.  The flat array's planes and rows
   that the directives' loops walk are apart, which the dependence
   analysis cannot prove while the body's loops walk them
   (`independent'); the deeper nests are proven without the clause.  Flat arrays indexed by a macro with
   their extents in a struct, a float grid, a byte grid and a reduction;
   extents that no tile divides.  Each result must equal the plain C
   loops' (the same nests, written once).  */
/* { dg-do run } */
#include "mint-test.h"

struct grid
{
  int nx, ny, nz;
  double c0, c1;
};

#define I3(g, x, y, z) (((long) (z) * (g)->ny + (y)) * (g)->nx + (x))

/* The nests, PRAGMA before each (mint-test.h).  */
#define NESTS(PRAGMA)                                                    \
  PRAGMA (for independent)                                               \
  for (int z = 1; z < g->nz - 1; z++)                                    \
    for (int y = 1; y < g->ny - 1; y++)                                  \
      for (int x = 1; x < g->nx - 1; x++)                                \
        b[I3 (g, x, y, z)]                                               \
          = g->c0 * a[I3 (g, x, y, z)]                                   \
            + g->c1 * (a[I3 (g, x - 1, y, z)] + a[I3 (g, x + 1, y, z)]   \
                       + a[I3 (g, x, y - 1, z)] + a[I3 (g, x, y + 1, z)] \
                       + a[I3 (g, x, y, z - 1)] + a[I3 (g, x, y, z + 1)]); \
  PRAGMA (for nest(2))                                                   \
  for (int z = 1; z < g->nz - 1; z++)                                    \
    for (int y = 1; y < g->ny - 1; y++)                                  \
      for (int x = 1; x < g->nx - 1; x++)                                \
        f[z][y][x] = 0.5f * f[z][y][x]                                   \
                     + (float) (b[I3 (g, x - 1, y, z)]                   \
                                - b[I3 (g, x, y, z + 1)]);               \
  PRAGMA (for nest(all))                                                 \
  for (int x = 1; x < g->nx - 1; x++)                                    \
    for (int y = 1; y < g->ny - 1; y++)                                  \
      for (int z = 1; z < g->nz - 1; z++)                                \
        f[z][y][x] += (float) (b[I3 (g, x, y + 1, z)]                    \
                               - b[I3 (g, x, y, z - 1)]);                \
  PRAGMA (for nest(2))                                                   \
  for (int y = 1; y < g->ny - 1; y++)                                    \
    for (int x = 1; x < g->nx - 1; x++)                                  \
      for (int z = 2; z < g->nz - 1; z++)                                \
        f[z][y][x] = 0.5f * f[z][y][x]                                   \
                     + 0.25f * (float) b[I3 (g, x, y, z - 1)];           \
  PRAGMA (for nest(2) independent)                                       \
  for (int z = 1; z < g->nz - 1; z++)                                    \
    for (int y = 1; y < g->ny - 1; y++)                                  \
      for (int x = 2; x < g->nx - 1; x++)                                \
        a[I3 (g, x, y, z)] = 0.5 * a[I3 (g, x - 1, y, z)]                \
                             + b[I3 (g, x, y, z)];                       \
  PRAGMA (for independent)                                               \
  for (int y = 1; y < g->ny - 1; y++)                                    \
    for (int x = 1; x < g->nx - 2; x++)                                  \
      b[I3 (g, x, y, 0)] = b[I3 (g, x + 1, y, 0)] - b[I3 (g, x, y, 1)];  \
  PRAGMA (for reduction(+:live))                                         \
  for (int y = 1; y < g->ny - 1; y++)                                    \
    for (int x = 1; x < g->nx - 1; x++)                                  \
      {                                                                  \
        int s = c[y - 1][x - 1] + c[y - 1][x] + c[y - 1][x + 1]          \
                + c[y][x - 1] + c[y][x + 1] + c[y + 1][x - 1]            \
                + c[y + 1][x] + c[y + 1][x + 1];                         \
        d[y][x] = (s == 3) | ((s == 2) & c[y][x]);                       \
        live += d[y][x];                                                 \
      }                                                                  \
  PRAGMA (for nest(all))                                                 \
  for (int x = 1; x < g->nx - 1; x++)                                    \
    for (int y = 1; y < g->ny - 1; y++)                                  \
      d[y][x] = 2 * d[y][x] + c[y][x];

static long
run_mint (const struct grid *g, double *a, double *b, float (*f)[g->ny][g->nx],
          unsigned char (*c)[g->nx], unsigned char (*d)[g->nx])
{
  long cells = (long) g->nx * g->ny * g->nz, live = 0;
  int nx = g->nx, ny = g->ny, nz = g->nz;
  (void) cells, (void) nx, (void) ny, (void) nz;   /* the copies' only */
#pragma mint copy(a, toDevice, cells)
#pragma mint copy(b, toDevice, cells)
#pragma mint copy(f, toDevice, nx, ny, nz)
#pragma mint copy(c, toDevice, nx, ny)
#pragma mint copy(d, toDevice, nx, ny)
#pragma mint parallel
  {
    NESTS (MINT_PRAGMA)
  }
#pragma mint copy(a, fromDevice, cells)
#pragma mint copy(b, fromDevice, cells)
#pragma mint copy(f, fromDevice, nx, ny, nz)
#pragma mint copy(d, fromDevice, nx, ny)
  return live;
}

static long
run_c (const struct grid *g, double *a, double *b, float (*f)[g->ny][g->nx],
       unsigned char (*c)[g->nx], unsigned char (*d)[g->nx])
{
  long live = 0;
  NESTS (NO_PRAGMA)
  return live;
}

int
main (int argc, char **argv)
{
  int n[3] = { 77, 45, 21 };
  test_size_args (argc, argv, 3, n);
  struct grid g = { n[0], n[1], n[2], 0.4, 0.1 };
  long cells = (long) n[0] * n[1] * n[2];
  double *a[2], *b[2];
  float (*f[2])[n[1]][n[0]];
  unsigned char (*c[2])[n[0]], (*d[2])[n[0]];
  for (int k = 0; k < 2; k++)
    {
      a[k] = test_xmalloc (sizeof (double) * cells);
      b[k] = test_xmalloc (sizeof (double) * cells);
      f[k] = test_xmalloc (sizeof (float) * cells);
      c[k] = test_xmalloc ((size_t) n[0] * n[1]);
      d[k] = test_xmalloc ((size_t) n[0] * n[1]);
      fill (a[k], n[0], n[1], n[2], 1);
      fill (b[k], n[0], n[1], n[2], 2);
      fill (&f[k][0][0][0], n[0], n[1], n[2], 3);
      fill (&c[k][0][0], n[0], n[1], 1, 4);
      memset (d[k], 0, (size_t) n[0] * n[1]);
      for (long i = 0; i < (long) n[0] * n[1]; i++)
        (&c[k][0][0])[i] &= 1;
    }
  long live = run_mint (&g, a[0], b[0], f[0], c[0], d[0]);
  long live_c = run_c (&g, a[1], b[1], f[1], c[1], d[1]);
  int status = 0;
  status |= test_report ("flat 7-point, nest(1)",
                         max_error (b[0], b[1], cells), TOL_DOUBLE);
  status |= test_report ("float updates in place, nest(2) and nest(all) "
                         "with x outermost",
                         max_error (&f[0][0][0][0], &f[1][0][0][0], cells),
                         TOL_FLOAT);
  status |= test_report ("recurrence along x, nest(2)",
                         max_error (a[0], a[1], cells), TOL_DOUBLE);
  status |= test_report ("byte grid, nest(1), nest(all) with x outermost",
                         max_error (&d[0][0][0], &d[1][0][0],
                                    (long) n[0] * n[1]), TOL_EXACT);
  status |= test_report ("live cells", (double) labs (live - live_c),
                         TOL_EXACT);
  return status;
}
