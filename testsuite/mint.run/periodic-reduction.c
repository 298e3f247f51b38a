/* Periodic domains whose nests also reduce (a Cahn-Hilliard step's
   energy, a residual's maximum, a count): the blocks between the wraps
   run at level 3 and the others as written, both adding to the same
   partial results of the block (plugin/opt/edge-fold.h).  A flat 2-D
   float grid wrapped by conditions with a double sum and a float
   maximum, a 3-D array wrapped by remainders with a long count, each
   over steps enough that the tuner runs every variant, with extents
   that no tile divides, and once on a grid so small that no block lies
   between the wraps.  The nests are written once, for mint and for the
   plain C loops.  */
/* { dg-do run } */
#include "mint-test.h"

#define STEPS 8
#define IX(y, x) ((y) * nx + (x))

struct totals
{
  double energy;
  float peak;
  long count;
};

#define FLAT2(PRAGMA, ny, nx, c, mu, r)                                  \
  for (int t = 0; t < STEPS; t++)                                        \
    {                                                                    \
      PRAGMA (for nest(all) reduction(+:energy) reduction(max:peak))     \
      for (int y = 0; y < ny; y++)                                       \
        for (int x = 0; x < nx; x++)                                     \
          {                                                              \
            int xm = x == 0 ? nx - 1 : x - 1;                            \
            int xp = x == nx - 1 ? 0 : x + 1;                            \
            int ym = y == 0 ? ny - 1 : y - 1;                            \
            int yp = y == ny - 1 ? 0 : y + 1;                            \
            float lap = c[IX (y, xm)] + c[IX (y, xp)] + c[IX (ym, x)]    \
                        + c[IX (yp, x)] - 4.0f * c[IX (y, x)];           \
            mu[IX (y, x)] = c[IX (y, x)] * c[IX (y, x)] * c[IX (y, x)]   \
                            - c[IX (y, x)] - 0.5f * lap;                 \
            energy += 0.25 * c[IX (y, x)] * c[IX (y, x)] + 0.5 * lap;    \
            if (fabsf (lap) > peak)                                      \
              peak = fabsf (lap);                                        \
          }                                                              \
      PRAGMA (for nest(all))                                             \
      for (int y = 0; y < ny; y++)                                       \
        for (int x = 0; x < nx; x++)                                     \
          c[IX (y, x)] += 0.01f * (mu[IX (y, x == 0 ? nx - 1 : x - 1)]   \
                                   + mu[IX (y, x == nx - 1 ? 0 : x + 1)] \
                                   - 2.0f * mu[IX (y, x)]);              \
    }

#define MOD3(PRAGMA, nz, ny, nx, a, b)                                   \
  for (int t = 0; t < STEPS; t++)                                        \
    {                                                                    \
      PRAGMA (for nest(all) reduction(+:count))                          \
      for (int z = 0; z < nz; z++)                                       \
        for (int y = 0; y < ny; y++)                                     \
          for (int x = 0; x < nx; x++)                                   \
            {                                                            \
              b[z][y][x] = 0.5 * a[z][y][x]                              \
                + 0.125 * (a[z][y][(x + nx - 1) % nx]                    \
                           + a[z][y][(x + 1) % nx]                       \
                           + a[z][(y + ny - 1) % ny][x]                  \
                           + a[(z + 1) % nz][y][x]);                     \
              if (b[z][y][x] > 0.5)                                      \
                count++;                                                 \
            }                                                            \
      PRAGMA (single)                                                    \
      {                                                                  \
        TEST_SWAP (a, b)                                                 \
      }                                                                  \
    }

static void
run_mint (int ny, int nx, float *c, float *mu, int nz, int my, int mx,
          double (*a)[my][mx], double (*b)[my][mx], struct totals *s)
{
  double energy = 0;
  float peak = 0;
  long count = 0;
#pragma mint copy(c, toDevice, nx * ny)
#pragma mint copy(mu, toDevice, nx * ny)
#pragma mint copy(a, toDevice, mx, my, nz)
#pragma mint copy(b, toDevice, mx, my, nz)
#pragma mint parallel
  {
    FLAT2 (MINT_PRAGMA, ny, nx, c, mu, r)
    MOD3 (MINT_PRAGMA, nz, my, mx, a, b)
  }
#pragma mint copy(c, fromDevice, nx * ny)
#pragma mint copy(a, fromDevice, mx, my, nz)
#pragma mint copy(b, fromDevice, mx, my, nz)
  *s = (struct totals) { energy, peak, count };
}

static void
run_plain (int ny, int nx, float *c, float *mu, int nz, int my, int mx,
           double (*a)[my][mx], double (*b)[my][mx], struct totals *s)
{
  double energy = 0;
  float peak = 0;
  long count = 0;
  FLAT2 (NO_PRAGMA, ny, nx, c, mu, r)
  MOD3 (NO_PRAGMA, nz, my, mx, a, b)
  *s = (struct totals) { energy, peak, count };
}

static int
check (int ny, int nx, int nz, int my, int mx)
{
  size_t n2 = (size_t) ny * nx, n3 = (size_t) nz * my * mx;
  float *c = test_xmalloc (n2 * sizeof *c), *mu = test_xmalloc (n2 * sizeof *mu);
  float *c0 = test_xmalloc (n2 * sizeof *c0), *mu0 = test_xmalloc (n2 * sizeof *mu0);
  double (*a)[my][mx] = test_xmalloc (n3 * sizeof (double));
  double (*b)[my][mx] = test_xmalloc (n3 * sizeof (double));
  double (*a0)[my][mx] = test_xmalloc (n3 * sizeof (double));
  double (*b0)[my][mx] = test_xmalloc (n3 * sizeof (double));
  for (size_t i = 0; i < n2; i++)
    c[i] = c0[i] = 0.1f * (float) ((i * 7919) % 23) - 1.0f;
  memset (mu, 0, n2 * sizeof *mu);
  memset (mu0, 0, n2 * sizeof *mu0);
  fill (a[0][0], mx, my, nz, 5);
  memcpy (a0, a, n3 * sizeof (double));
  memcpy (b, a, n3 * sizeof (double));
  memcpy (b0, a, n3 * sizeof (double));
  struct totals s, ref;
  run_mint (ny, nx, c, mu, nz, my, mx, a, b, &s);
  run_plain (ny, nx, c0, mu0, nz, my, mx, a0, b0, &ref);
  printf ("%dx%d, %dx%dx%d: energy %.9g (cpu %.9g), peak %.7g (cpu %.7g), "
          "count %ld (cpu %ld)\n", ny, nx, nz, my, mx, s.energy, ref.energy,
          s.peak, ref.peak, s.count, ref.count);
  int status = test_report ("flat float grid", max_error (c, c0, n2),
                            TOL_FLOAT);
  status |= test_report ("energy", max_error (&s.energy, &ref.energy, 1),
                         TOL_FLOAT);
  status |= test_report ("peak", max_error (&s.peak, &ref.peak, 1),
                         TOL_FLOAT);
  status |= test_report ("3-D array", max_error (a[0][0], a0[0][0], n3),
                         TOL_DOUBLE);
  status |= test_report ("count", max_error (&s.count, &ref.count, 1),
                         TOL_EXACT);
  free (c); free (mu); free (c0); free (mu0);
  free (a); free (b); free (a0); free (b0);
  return status;
}

int
main (void)
{
  return check (301, 517, 29, 45, 300) | check (3, 5, 3, 4, 5);
}
