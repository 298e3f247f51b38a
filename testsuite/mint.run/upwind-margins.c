/* Upwinding: an array read beside its point only under a condition on
   values (`u > 0 ? q[x] - q[x - 1] : q[x + 1] - q[x]').  Autotuned, the
   walks that load the whole box of such an array into the copies'
   margins keep it on chip (MINT_VARIANT_MARGIN), beside variant 1,
   which loads only what the program reads and runs where a launch's
   reads leave the margins.  A 2-D advection over the interior, a 3-D
   one over the whole grid whose conditions also keep the reads inside
   it, and a grid of a few rows; enough steps that the tuner runs every
   variant, extents that no tile divides.  The nests are written once,
   for mint and for the plain C loops.  */
/* { dg-do run } */
#include "mint-test.h"

#define STEPS 12

#define ADVECT2(PRAGMA, ny, nx, u, w, q, r)                              \
  for (int t = 0; t < STEPS; t++)                                        \
    {                                                                    \
      PRAGMA (for nest(all) nowait)                                      \
      for (int y = 1; y < ny - 1; y++)                                   \
        for (int x = 1; x < nx - 1; x++)                                 \
          {                                                              \
            double ux = u[y][x], vy = w[y][x];                           \
            double fx = ux > 0 ? ux * (q[y][x] - q[y][x - 1])            \
                               : ux * (q[y][x + 1] - q[y][x]);           \
            double fy = vy > 0 ? vy * (q[y][x] - q[y - 1][x])            \
                               : vy * (q[y + 1][x] - q[y][x]);           \
            r[y][x] = q[y][x] - 0.2 * (fx + fy);                         \
          }                                                              \
      PRAGMA (single)                                                    \
      TEST_SWAP (q, r)                                                   \
    }

#define ADVECT3(PRAGMA, nz, ny, nx, c, q, r)                             \
  for (int t = 0; t < STEPS; t++)                                        \
    {                                                                    \
      PRAGMA (for nest(all) nowait)                                      \
      for (int z = 0; z < nz; z++)                                       \
        for (int y = 0; y < ny; y++)                                     \
          for (int x = 0; x < nx; x++)                                   \
            {                                                            \
              float s = c[z][y][x], f = 0.0f;                            \
              if (s > 0.0f && x > 0)                                     \
                f = s * (q[z][y][x] - q[z][y][x - 1]);                   \
              else if (s < 0.0f && x < nx - 1)                           \
                f = s * (q[z][y][x + 1] - q[z][y][x]);                   \
              if (s > 0.5f && z > 1)                                     \
                f += 0.5f * (q[z - 2][y][x] - q[z][y][x]);               \
              r[z][y][x] = q[z][y][x] - 0.3f * f;                        \
            }                                                            \
      PRAGMA (single)                                                    \
      TEST_SWAP (q, r)                                                   \
    }

static void
advect2_mint (int ny, int nx, double (*u)[nx], double (*w)[nx],
              double (*q)[nx], double (*r)[nx])
{
#pragma mint copy(u, toDevice, nx, ny)
#pragma mint copy(w, toDevice, nx, ny)
#pragma mint copy(q, toDevice, nx, ny)
#pragma mint copy(r, toDevice, nx, ny)
#pragma mint parallel
  {
    ADVECT2 (MINT_PRAGMA, ny, nx, u, w, q, r)
  }
#pragma mint copy(q, fromDevice, nx, ny)
#pragma mint copy(r, fromDevice, nx, ny)
}

static void
advect2_c (int ny, int nx, double (*u)[nx], double (*w)[nx],
           double (*q)[nx], double (*r)[nx])
{
  ADVECT2 (NO_PRAGMA, ny, nx, u, w, q, r)
}

static void
advect3_mint (int nz, int ny, int nx, float (*c)[ny][nx],
              float (*q)[ny][nx], float (*r)[ny][nx])
{
#pragma mint copy(c, toDevice, nx, ny, nz)
#pragma mint copy(q, toDevice, nx, ny, nz)
#pragma mint copy(r, toDevice, nx, ny, nz)
#pragma mint parallel
  {
    ADVECT3 (MINT_PRAGMA, nz, ny, nx, c, q, r)
  }
#pragma mint copy(q, fromDevice, nx, ny, nz)
#pragma mint copy(r, fromDevice, nx, ny, nz)
}

static void
advect3_c (int nz, int ny, int nx, float (*c)[ny][nx], float (*q)[ny][nx],
           float (*r)[ny][nx])
{
  ADVECT3 (NO_PRAGMA, nz, ny, nx, c, q, r)
}

/* Velocities of both signs: the values minus the middle of their
   range.  */
static void
centre (double *v, size_t n)
{
  for (size_t i = 0; i < n; i++)
    v[i] -= 0.5;
}

static int
check_advect2 (int ny, int nx)
{
  size_t cells = (size_t) nx * ny;
  TWO_FILLED (double, u, nx, ny, 1, 1);
  TWO_FILLED (double, w, nx, ny, 1, 2);
  TWO_FILLED (double, q, nx, ny, 1, 3);
  TWO_FILLED (double, r, nx, ny, 1, 3);
  for (int i = 0; i < 2; i++)
    {
      centre (u[i], cells);
      centre (w[i], cells);
    }
  advect2_mint (ny, nx, (double (*)[nx]) u[0], (double (*)[nx]) w[0],
                (double (*)[nx]) q[0], (double (*)[nx]) r[0]);
  advect2_c (ny, nx, (double (*)[nx]) u[1], (double (*)[nx]) w[1],
             (double (*)[nx]) q[1], (double (*)[nx]) r[1]);
  char what[64];
  snprintf (what, sizeof what, "2-D upwind advection, %dx%d", ny, nx);
  int bad = test_report (what, max_error (q[0], q[1], cells), TOL_DOUBLE);
  for (int i = 0; i < 2; i++)
    {
      free (u[i]);
      free (w[i]);
      free (q[i]);
      free (r[i]);
    }
  return bad;
}

static int
check_advect3 (int nz, int ny, int nx)
{
  size_t cells = (size_t) nx * ny * nz;
  TWO_FILLED (float, c, nx, ny, nz, 4);
  TWO_FILLED (float, q, nx, ny, nz, 5);
  TWO_FILLED (float, r, nx, ny, nz, 5);
  for (int i = 0; i < 2; i++)
    for (size_t j = 0; j < cells; j++)
      c[i][j] -= 0.4f;
  advect3_mint (nz, ny, nx, (float (*)[ny][nx]) c[0],
                (float (*)[ny][nx]) q[0], (float (*)[ny][nx]) r[0]);
  advect3_c (nz, ny, nx, (float (*)[ny][nx]) c[1], (float (*)[ny][nx]) q[1],
             (float (*)[ny][nx]) r[1]);
  char what[64];
  snprintf (what, sizeof what, "3-D upwind advection, %dx%dx%d", nz, ny,
            nx);
  int bad = test_report (what, max_error (q[0], q[1], cells), TOL_FLOAT);
  for (int i = 0; i < 2; i++)
    {
      free (c[i]);
      free (q[i]);
      free (r[i]);
    }
  return bad;
}

int
main (void)
{
  int bad = check_advect2 (203, 1031);
  bad |= check_advect2 (4, 3);
  bad |= check_advect3 (37, 45, 301);
  bad |= check_advect3 (3, 2, 5);
  return bad;
}
