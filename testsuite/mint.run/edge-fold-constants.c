/* Folds that round 65 added: clamps to #define'd extents (the interior
   lies before x < NX - 1, a threshold past half the constant count) and
   a periodic field read beside a source term at the point, whose folded
   inside keeps both arrays on chip.  Extents that no tile divides, and
   enough steps that the tuner runs every variant; the periodic grid also
   so small that no block lies between the wraps.  */
/* { dg-do run } */
#include "mint-test.h"

#define NX 1031
#define NY 211
#define STEPS 12

#define CLAMP(PRAGMA, a, b)                                              \
  for (int t = 0; t < STEPS; t++)                                        \
    {                                                                    \
      PRAGMA (for nest(all) nowait)                                      \
      for (int y = 0; y < NY; y++)                                       \
        for (int x = 0; x < NX; x++)                                     \
          b[y][x] = 0.2 * (a[y][x] + a[y][x < NX - 1 ? x + 1 : NX - 1]   \
                           + a[y][x > 0 ? x - 1 : 0]                     \
                           + a[y < NY - 1 ? y + 1 : NY - 1][x]           \
                           + a[y > 0 ? y - 1 : 0][x]);                   \
      PRAGMA (single)                                                    \
      TEST_SWAP (a, b)                                                   \
    }

#define SOURCE(PRAGMA, ny, nx, u, v, s)                                  \
  for (int t = 0; t < STEPS; t++)                                        \
    {                                                                    \
      PRAGMA (for nest(all) nowait)                                      \
      for (int y = 0; y < ny; y++)                                       \
        for (int x = 0; x < nx; x++)                                     \
          v[y][x] = 0.5f * u[y][x]                                       \
                    + 0.125f * (u[y][(x + nx - 1) % nx]                  \
                                + u[y][(x + 1) % nx]                     \
                                + u[(y + ny - 1) % ny][x]                \
                                + u[(y + 1) % ny][x])                    \
                    + 0.01f * s[y][x];                                   \
      PRAGMA (single)                                                    \
      TEST_SWAP (u, v)                                                   \
    }

static void
clamp_mint (double (*a)[NX], double (*b)[NX])
{
#pragma mint copy(a, toDevice, NX, NY)
#pragma mint copy(b, toDevice, NX, NY)
#pragma mint parallel
  {
    CLAMP (MINT_PRAGMA, a, b)
  }
#pragma mint copy(a, fromDevice, NX, NY)
#pragma mint copy(b, fromDevice, NX, NY)
}

static void
clamp_c (double (*a)[NX], double (*b)[NX])
{
  CLAMP (NO_PRAGMA, a, b)
}

static void
source_mint (int ny, int nx, float (*u)[nx], float (*v)[nx], float (*s)[nx])
{
#pragma mint copy(u, toDevice, nx, ny)
#pragma mint copy(v, toDevice, nx, ny)
#pragma mint copy(s, toDevice, nx, ny)
#pragma mint parallel
  {
    SOURCE (MINT_PRAGMA, ny, nx, u, v, s)
  }
#pragma mint copy(u, fromDevice, nx, ny)
#pragma mint copy(v, fromDevice, nx, ny)
}

static void
source_c (int ny, int nx, float (*u)[nx], float (*v)[nx], float (*s)[nx])
{
  SOURCE (NO_PRAGMA, ny, nx, u, v, s)
}

static int
check_clamp (void)
{
  TWO_FILLED (double, a, NX, NY, 1, 1);
  TWO_FILLED (double, b, NX, NY, 1, 2);
  clamp_mint ((double (*)[NX]) a[0], (double (*)[NX]) b[0]);
  clamp_c ((double (*)[NX]) a[1], (double (*)[NX]) b[1]);
  size_t cells = (size_t) NX * NY;
  int bad = test_report ("clamps to constant extents",
                         max_error (a[0], a[1], cells), TOL_DOUBLE);
  for (int i = 0; i < 2; i++)
    {
      free (a[i]);
      free (b[i]);
    }
  return bad;
}

static int
check_source (int ny, int nx)
{
  TWO_FILLED (float, u, nx, ny, 1, 3);
  TWO_FILLED (float, v, nx, ny, 1, 4);
  TWO_FILLED (float, s, nx, ny, 1, 5);
  source_mint (ny, nx, (float (*)[nx]) u[0], (float (*)[nx]) v[0],
               (float (*)[nx]) s[0]);
  source_c (ny, nx, (float (*)[nx]) u[1], (float (*)[nx]) v[1],
            (float (*)[nx]) s[1]);
  char what[64];
  snprintf (what, sizeof what, "periodic field and a source, %dx%d", ny, nx);
  size_t cells = (size_t) nx * ny;
  int bad = test_report (what, max_error (u[0], u[1], cells), TOL_FLOAT);
  for (int i = 0; i < 2; i++)
    {
      free (u[i]);
      free (v[i]);
      free (s[i]);
    }
  return bad;
}

int
main (void)
{
  int bad = check_clamp ();
  bad |= check_source (203, 517);
  bad |= check_source (3, 5);
  return bad;
}
