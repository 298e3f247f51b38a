/* Line sweeps as solvers write them, whose stored values level 1 and up
   carry to the next iteration (kir/carry.h): a tridiagonal-like sweep
   over flat arrays with macro indices and its coefficients in a struct
   (independent: mint cannot prove its points independent there),
   a running sum with +=, a byte grid, a float sweep backward along z; all
   repeated three times by a loop around them.  Compared with the same
   loops on the CPU.  */
/* { dg-do run } */
#include "mint-test.h"
#include <stdint.h>

#define NX 37
#define NY 29
#define NZ 23
#define IDX(z, y, x) (((z) * NY + (y)) * NX + (x))

struct params { double a, b; };

#define NESTS(PRAGMA)                                                         \
  PRAGMA (for nest(2) independent)                                            \
  for (int y = 0; y < NY; y++)                                             \
    for (int x = 0; x < NX; x++)                                           \
      {                                                                       \
        int z;                                                                \
        s[IDX (0, y, x)] = d[IDX (0, y, x)] / p->b;                           \
        for (z = 1; z < NZ; z++)                                           \
          s[IDX (z, y, x)] = (d[IDX (z, y, x)] - p->a * s[IDX (z - 1, y, x)]) \
                             / p->b;                                          \
        for (z = NZ - 2; z >= 0; z--)                                      \
          s[IDX (z, y, x)] -= 0.25 * s[IDX (z + 1, y, x)];                    \
      }                                                                       \
  PRAGMA (for nest(2))                                                        \
  for (int z = 0; z < NZ; z++)                                                \
    for (int y = 0; y < NY; y++)                                              \
      for (int i = 1; i < NX; i++)                                            \
        r[z][y][i] += r[z][y][i - 1];                                         \
  PRAGMA (for nest(2))                                                        \
  for (int z = 0; z < NZ; z++)                                                \
    for (int y = 0; y < NY; y++)                                              \
      for (int i = 1; i < NX; i++)                                            \
        g[z][y][i] = (uint8_t) (g[z][y][i] | (g[z][y][i - 1] >> 1));          \
  PRAGMA (for nest(2))                                                        \
  for (int y = 0; y < NY; y++)                                                \
    for (int x = 0; x < NX; x++)                                              \
      for (int z = NZ - 2; z >= 0; z--)                                       \
        f[z][y][x] = 0.5f * f[z][y][x] + 0.5f * f[z + 1][y][x];

static void
run_mint (const struct params *p, double *d, double *s, double (*r)[NY][NX],
          uint8_t (*g)[NY][NX], float (*f)[NY][NX])
{
#pragma mint copy(d, toDevice, NX * NY * NZ)
#pragma mint copy(s, toDevice, NX * NY * NZ)
#pragma mint copy(r, toDevice, NX, NY, NZ)
#pragma mint copy(g, toDevice, NX, NY, NZ)
#pragma mint copy(f, toDevice, NX, NY, NZ)
#pragma mint parallel
  {
    for (int sweep = 0; sweep < 3; sweep++)
      {
        NESTS (MINT_PRAGMA)
      }
  }
#pragma mint copy(s, fromDevice, NX * NY * NZ)
#pragma mint copy(r, fromDevice, NX, NY, NZ)
#pragma mint copy(g, fromDevice, NX, NY, NZ)
#pragma mint copy(f, fromDevice, NX, NY, NZ)
}

static void
run_cpu (const struct params *p, double *d, double *s, double (*r)[NY][NX],
         uint8_t (*g)[NY][NX], float (*f)[NY][NX])
{
  for (int sweep = 0; sweep < 3; sweep++)
    {
      NESTS (NO_PRAGMA)
    }
}

static double d[NX * NY * NZ], s[NX * NY * NZ], s2[NX * NY * NZ];
static double r[NZ][NY][NX], r2[NZ][NY][NX];
static uint8_t g[NZ][NY][NX], g2[NZ][NY][NX];
static float f[NZ][NY][NX], f2[NZ][NY][NX];

int
main (void)
{
  struct params p = { -1.0, 4.0 };
  fill (d, NX, NY, NZ, 1);
  fill (s, NX, NY, NZ, 2);
  fill (&r[0][0][0], NX, NY, NZ, 3);
  fill (&f[0][0][0], NX, NY, NZ, 4);
  for (int i = 0; i < NX * NY * NZ; i++)
    (&g[0][0][0])[i] = (uint8_t) (i * 37 % 251);
  memcpy (s2, s, sizeof s);
  memcpy (r2, r, sizeof r);
  memcpy (g2, g, sizeof g);
  memcpy (f2, f, sizeof f);
  run_mint (&p, d, s, r, g, f);
  run_cpu (&p, d, s2, r2, g2, f2);
  int n = NX * NY * NZ, bad = 0;
  bad |= test_report ("flat struct sweep", max_error (s, s2, n), TOL_DOUBLE);
  bad |= test_report ("running sum +=", max_error (&r[0][0][0], &r2[0][0][0], n), TOL_DOUBLE);
  bad |= test_report ("byte grid", max_error (&g[0][0][0], &g2[0][0][0], n), TOL_EXACT);
  bad |= test_report ("float backward", max_error (&f[0][0][0], &f2[0][0][0], n), TOL_FLOAT);
  return bad;
}
