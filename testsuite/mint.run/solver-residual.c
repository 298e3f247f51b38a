/* Jacobi sweeps run to convergence, the test of each sweep computed in the
   sweep's own nest: the sum of the squared updates, the largest update and
   the count of points still moving, three reductions of one kernel, which
   level 3 walks (each block combines its threads' partial results, one
   atomic a block).  The first sweep that moves no point by more than the
   tolerance ends the loop.  The parameters live in a struct; the grids'
   extents are not multiples of any tile, in 2-D and in 3-D.  The sweep
   counts must equal the plain C loops' (the same nests, written once)
   and the fields agree to the rounding of the sums' order.  */
/* { dg-do run } */
#include "mint-test.h"

struct solver
{
  double weight, source, tolerance;
  int max_sweeps;
};

#define UPDATE2(u, y, x, s)                                              \
  ((1 - (s)->weight) * u[y][x]                                           \
   + (s)->weight * 0.25 * (u[y][x - 1] + u[y][x + 1] + u[y - 1][x]      \
                           + u[y + 1][x] + (s)->source))
#define UPDATE3(u, z, y, x, s)                                           \
  ((1 - (s)->weight) * u[z][y][x]                                        \
   + (s)->weight / 6 * (u[z][y][x - 1] + u[z][y][x + 1] + u[z][y - 1][x] \
                        + u[z][y + 1][x] + u[z - 1][y][x] + u[z + 1][y][x] \
                        + (s)->source))

/* The 2-D solver's sweeps until the largest update is below the
   tolerance (SWEEPS counts them; SUM, PEAK and COUNT are the last one's
   tests), and the 3-D solver's fixed number of sweeps (SUM the last
   one's), PRAGMA before each nest (mint-test.h).  */
#define SOLVE2(PRAGMA)                                                   \
  while (peak > s->tolerance && sweeps < s->max_sweeps)                  \
    {                                                                    \
      sum = 0;                                                           \
      peak = 0;                                                          \
      count = 0;                                                         \
      PRAGMA (for nest(all) reduction(+:sum, count) reduction(max:peak)) \
      for (int y = 1; y < ny - 1; y++)                                   \
        for (int x = 1; x < nx - 1; x++)                                 \
          {                                                              \
            double next = UPDATE2 (u, y, x, s);                          \
            double change = fabs (next - u[y][x]);                       \
            sum += change * change;                                      \
            peak = fmax (peak, change);                                  \
            count += change > 0.1 * s->tolerance;                        \
            v[y][x] = next;                                              \
          }                                                              \
      PRAGMA (single)                                                    \
      {                                                                  \
        double (*t)[nx] = u;                                             \
        u = v;                                                           \
        v = t;                                                           \
        sweeps++;                                                        \
      }                                                                  \
    }
#define SOLVE3(PRAGMA)                                                   \
  for (int sweep = 0; sweep < s->max_sweeps; sweep++)                    \
    {                                                                    \
      sum = 0;                                                           \
      PRAGMA (for nest(all) reduction(+:sum))                            \
      for (int z = 1; z < nz - 1; z++)                                   \
        for (int y = 1; y < ny - 1; y++)                                 \
          for (int x = 1; x < nx - 1; x++)                               \
            {                                                            \
              double next = UPDATE3 (u, z, y, x, s);                     \
              sum += (next - u[z][y][x]) * (next - u[z][y][x]);          \
              v[z][y][x] = next;                                         \
            }                                                            \
      PRAGMA (single)                                                    \
      {                                                                  \
        double ***t = u;                                                 \
        u = v;                                                           \
        v = t;                                                           \
      }                                                                  \
    }

/* The 2-D solver with mint: returns the sweeps, the field in *OUT.  */
static int
solve2 (int nx, int ny, double (*u)[nx], double (*v)[nx],
        const struct solver *s, double (**out)[nx], double *norm,
        long *moving)
{
  int sweeps = 0;
  double peak = INFINITY, sum = 0;
  long count = 0;
#pragma mint copy(u, toDevice, nx, ny)
#pragma mint copy(v, toDevice, nx, ny)
#pragma mint parallel
  {
    SOLVE2 (MINT_PRAGMA)
  }
#pragma mint copy(u, fromDevice, nx, ny)
#pragma mint copy(v, fromDevice, nx, ny)
  *out = u;
  *norm = sum;
  *moving = count;
  return sweeps;
}

static int
solve2_c (int nx, int ny, double (*u)[nx], double (*v)[nx],
          const struct solver *s, double (**out)[nx], double *norm,
          long *moving)
{
  int sweeps = 0;
  double peak = INFINITY, sum = 0;
  long count = 0;
  SOLVE2 (NO_PRAGMA)
  *out = u;
  *norm = sum;
  *moving = count;
  return sweeps;
}

/* The 3-D solver with mint: returns the last sweep's sum.  */
static double
solve3 (int nx, int ny, int nz, double ***u, double ***v,
        const struct solver *s)
{
  double sum = 0;
#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint copy(v, toDevice, nx, ny, nz)
#pragma mint parallel
  {
    SOLVE3 (MINT_PRAGMA)
  }
#pragma mint copy(u, fromDevice, nx, ny, nz)
#pragma mint copy(v, fromDevice, nx, ny, nz)
  return sum;
}

static double
solve3_c (int nx, int ny, int nz, double ***u, double ***v,
          const struct solver *s)
{
  double sum = 0;
  SOLVE3 (NO_PRAGMA)
  return sum;
}

int
main (int argc, char **argv)
{
  int n[3] = { 203, 141, 37 };
  test_size_args (argc, argv, 3, n);
  int nx = n[0], ny = n[1], nz = n[2];
  struct solver s = { 0.8, 1e-3, 3e-4, 1000 };
  int status = 0;

  double (*u)[nx] = test_xmalloc (sizeof (double) * nx * ny);
  double (*v)[nx] = test_xmalloc (sizeof (double) * nx * ny);
  double (*uc)[nx] = test_xmalloc (sizeof (double) * nx * ny);
  double (*vc)[nx] = test_xmalloc (sizeof (double) * nx * ny);
  fill_double (&u[0][0], nx, ny, 1, 1);
  fill_double (&uc[0][0], nx, ny, 1, 1);
  memcpy (v, u, sizeof (double) * nx * ny);
  memcpy (vc, u, sizeof (double) * nx * ny);
  double (*r)[nx], (*rc)[nx], norm, norm_c;
  long moving, moving_c;
  int sweeps = solve2 (nx, ny, u, v, &s, &r, &norm, &moving);
  int want = solve2_c (nx, ny, uc, vc, &s, &rc, &norm_c, &moving_c);
  status |= test_report_sweeps ("2-D field", sweeps, want,
                                max_error_double (&r[0][0], &rc[0][0],
                                                  nx * ny), 1e-12);
  status |= test_report ("2-D sum of squared updates",
                         test_relative_error (norm, norm_c), 1e-9);
  /* A point whose update lies at the threshold may count on one side
     here and on the other where the GPU contracts to FMA.  */
  status |= test_report ("2-D points still moving",
                         (double) labs (moving - moving_c), 2);

  s.max_sweeps = 7;
  double ***a = alloc3d_double (nx, ny, nz), ***b = alloc3d_double (nx, ny, nz);
  double ***ac = alloc3d_double (nx, ny, nz), ***bc = alloc3d_double (nx, ny, nz);
  fill_double (a[0][0], nx, ny, nz, 2);
  fill_double (ac[0][0], nx, ny, nz, 2);
  memcpy (b[0][0], a[0][0], sizeof (double) * nx * ny * nz);
  memcpy (bc[0][0], a[0][0], sizeof (double) * nx * ny * nz);
  double sum = solve3 (nx, ny, nz, a, b, &s);
  double sum_c = solve3_c (nx, ny, nz, ac, bc, &s);
  double ***last = s.max_sweeps % 2 ? b : a, ***last_c = s.max_sweeps % 2 ? bc : ac;
  status |= test_report ("3-D field",
                         max_error_double (last[0][0], last_c[0][0],
                                           nx * ny * nz), 1e-12);
  status |= test_report ("3-D sum of squared updates",
                         test_relative_error (sum, sum_c), 1e-9);
  return status;
}
