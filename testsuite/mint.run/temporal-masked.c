/* Level 4's variant for nests whose every read of the swapped array is
   under a condition, which the launch cannot bound by the reads at every
   point: a 2-D Jacobi step over the cells a mask of bytes marks (the
   others keep their value), the same with a coefficient read under the
   mask too, the same in 3-D, and a 2-D smoothing of the
   cells above a threshold (two arrays: the closing variant too).  The
   last nest also covers the boundary columns, its reads of x - 1 and
   x + 1 under x > 0 && x < n - 1: at every point they would leave the
   copy, and libmintrt runs its steps one launch each.  Steps 1 to 9 and
   16, compared with the plain C loops exactly (-ffp-contract=off).
   Usage: temporal-masked [N2 [N3]] (default 263 and 45).  */
/* { dg-do run } */
/* { dg-options "-ffp-contract=off" } */
#include "mint-test.h"

#define AVG2(u, y, x)                                                    \
  (0.25 * (u[y][x - 1] + u[y][x + 1] + u[y - 1][x] + u[y + 1][x]))
#define MASKED2(mask, u, y, x) (mask[y][x] ? AVG2 (u, y, x) : u[y][x])
#define AVG3(u, z, y, x)                                                 \
  ((u[z][y][x - 1] + u[z][y][x + 1] + u[z][y - 1][x] + u[z][y + 1][x]   \
    + u[z - 1][y][x] + u[z + 1][y][x]) / 6.0)
#define MASKED3(mask, u, z, y, x)                                        \
  (mask[z][y][x] ? AVG3 (u, z, y, x) : u[z][y][x])
#define ABOVE(u, y, x) (u[y][x] > 2.0 ? AVG2 (u, y, x) : u[y][x])
#define MASKED_COEF(mask, d, u, y, x)                                    \
  (mask[y][x] ? u[y][x] + d[y][x + 1] * (AVG2 (u, y, x) - u[y][x]) : u[y][x])
#define INSIDE(u, n, y, x)                                               \
  (x > 0 && x < n - 1 ? AVG2 (u, y, x) : u[y][x])

/* NAME_mint and NAME_cpu: STEPS steps of the 2-D nest over x = X0 ..
   X1 - 1 that sets v[y][x] = VALUE, its other arguments those after
   COPIES, which the mint form copies first, with the plugin and as plain
   C.  */
#define PRAGMA(text) _Pragma (#text)
#define NEST2(name, x0, x1, value, copies, ...)                          \
  static void                                                            \
  name##_mint (int n, int steps, __VA_ARGS__, double (*u)[n],            \
               double (*v)[n])                                           \
  {                                                                      \
    copies                                                               \
    _Pragma ("mint copy(u, toDevice, n, n)")                             \
    _Pragma ("mint copy(v, toDevice, n, n)")                             \
    _Pragma ("mint parallel")                                            \
    {                                                                    \
      for (int t = 0; t < steps; t++)                                    \
        {                                                                \
          _Pragma ("mint for nest(all)")                                 \
          for (int y = 1; y < n - 1; y++)                                \
            for (int x = x0; x < x1; x++)                                \
              v[y][x] = value;                                           \
          TEST_SWAP (u, v)                                               \
        }                                                                \
    }                                                                    \
    _Pragma ("mint copy(u, fromDevice, n, n)")                           \
    _Pragma ("mint copy(v, fromDevice, n, n)")                           \
  }                                                                      \
  static void                                                            \
  name##_cpu (int n, int steps, __VA_ARGS__, double (*u)[n],             \
              double (*v)[n])                                            \
  {                                                                      \
    for (int t = 0; t < steps; t++)                                      \
      {                                                                  \
        for (int y = 1; y < n - 1; y++)                                  \
          for (int x = x0; x < x1; x++)                                  \
            v[y][x] = value;                                             \
        TEST_SWAP (u, v)                                                 \
      }                                                                  \
  }

NEST2 (masked2, 1, n - 1, MASKED2 (mask, u, y, x),
       PRAGMA (mint copy(mask, toDevice, n, n)), unsigned char (*mask)[n])
NEST2 (masked_coef, 1, n - 1, MASKED_COEF (mask, d, u, y, x),
       PRAGMA (mint copy(mask, toDevice, n, n))
       PRAGMA (mint copy(d, toDevice, n, n)),
       unsigned char (*mask)[n], double (*d)[n])
NEST2 (above, 1, n - 1, ABOVE (u, y, x), , int unused)
NEST2 (inside, 0, n, INSIDE (u, n, y, x), , int unused)

static void
masked3_mint (int n, int steps, unsigned char (*mask)[n][n],
              double (*u)[n][n], double (*v)[n][n])
{
#pragma mint copy(mask, toDevice, n, n, n)
#pragma mint copy(u, toDevice, n, n, n)
#pragma mint copy(v, toDevice, n, n, n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        for (int z = 1; z < n - 1; z++)
          for (int y = 1; y < n - 1; y++)
            for (int x = 1; x < n - 1; x++)
              v[z][y][x] = MASKED3 (mask, u, z, y, x);
        TEST_SWAP (u, v)
      }
  }
#pragma mint copy(u, fromDevice, n, n, n)
#pragma mint copy(v, fromDevice, n, n, n)
}

static void
masked3_cpu (int n, int steps, unsigned char (*mask)[n][n],
             double (*u)[n][n], double (*v)[n][n])
{
  for (int t = 0; t < steps; t++)
    {
      for (int z = 1; z < n - 1; z++)
        for (int y = 1; y < n - 1; y++)
          for (int x = 1; x < n - 1; x++)
            v[z][y][x] = MASKED3 (mask, u, z, y, x);
      TEST_SWAP (u, v)
    }
}

/* Runs NEST's mint and CPU forms (the latter on g[2], g[3]) from the
   same grids of CELLS, and reports.  */
#define COMPARE(name, steps, cells, g, mint_call, cpu_call)              \
  do                                                                     \
    {                                                                    \
      char label[64];                                                    \
      for (int i = 0; i < 4; i++)                                        \
        fill (g[i], cells, 1, 1, i % 2);                                 \
      mint_call;                                                         \
      cpu_call;                                                          \
      snprintf (label, sizeof label, "%s, %d steps", name, steps);       \
      status |= test_report (label, max_error (g[0], g[2], cells)        \
                             + max_error (g[1], g[3], cells),            \
                             TOL_EXACT);                                 \
    }                                                                    \
  while (0)

int
main (int argc, char **argv)
{
  int n2 = argc > 1 ? atoi (argv[1]) : 263;
  int n3 = argc > 2 ? atoi (argv[2]) : 45;
  size_t cells2 = (size_t) n2 * n2, cells3 = (size_t) n3 * n3 * n3;
  size_t most = cells2 > cells3 ? cells2 : cells3;
  unsigned char *mask = test_xmalloc (most);
  double *g[4];
  for (int i = 0; i < 4; i++)
    g[i] = test_xmalloc (most * sizeof (double));
  double *coef = test_xmalloc (cells2 * sizeof (double));
  for (size_t i = 0; i < most; i++)
    mask[i] = i % 5 != 2 && i % 11 != 7;
  for (size_t i = 0; i < cells2; i++)
    coef[i] = 0.1 + 0.05 * (i % 7);
  static const int runs[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 16 };
  int status = 0;
  for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++)
    {
      int s = runs[r];
      COMPARE ("masked 2-D", s, cells2, g,
               masked2_mint (n2, s, (unsigned char (*)[n2]) mask,
                             (double (*)[n2]) g[0], (double (*)[n2]) g[1]),
               masked2_cpu (n2, s, (unsigned char (*)[n2]) mask,
                            (double (*)[n2]) g[2], (double (*)[n2]) g[3]));
      COMPARE ("masked 3-D", s, cells3, g,
               masked3_mint (n3, s, (unsigned char (*)[n3][n3]) mask,
                             (double (*)[n3][n3]) g[0],
                             (double (*)[n3][n3]) g[1]),
               masked3_cpu (n3, s, (unsigned char (*)[n3][n3]) mask,
                            (double (*)[n3][n3]) g[2],
                            (double (*)[n3][n3]) g[3]));
      COMPARE ("masked 2-D, a coefficient", s, cells2, g,
               masked_coef_mint (n2, s, (unsigned char (*)[n2]) mask,
                                 (double (*)[n2]) coef,
                                 (double (*)[n2]) g[0],
                                 (double (*)[n2]) g[1]),
               masked_coef_cpu (n2, s, (unsigned char (*)[n2]) mask,
                                (double (*)[n2]) coef,
                                (double (*)[n2]) g[2],
                                (double (*)[n2]) g[3]));
      COMPARE ("above a threshold", s, cells2, g,
               above_mint (n2, s, 0, (double (*)[n2]) g[0],
                           (double (*)[n2]) g[1]),
               above_cpu (n2, s, 0, (double (*)[n2]) g[2],
                          (double (*)[n2]) g[3]));
      COMPARE ("boundary columns", s, cells2, g,
               inside_mint (n2, s, 0, (double (*)[n2]) g[0],
                            (double (*)[n2]) g[1]),
               inside_cpu (n2, s, 0, (double (*)[n2]) g[2],
                           (double (*)[n2]) g[3]));
    }
  for (int i = 0; i < 4; i++)
    free (g[i]);
  free (mask);
  free (coef);
  return status;
}
