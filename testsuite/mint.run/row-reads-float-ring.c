/* A float radius-3 star scaled by a coefficient array, its weights in a
   structure (the ring of planes in threads of one row of four columns
   among its variants: the nest reads an array besides the ring's); and
   a line solve along x whose right-hand side and diagonal are arrays
   only read (their rows staged and read a whole window at a time) and
   whose solution's row is read and written.  Each is compared with the
   same loops on the CPU.  */
/* { dg-do run } */
#include "mint-test.h"
#define NX 150
#define NY 44
#define NZ 40
#define STEPS 10
struct params { float c0, c[3]; };
static float u[2][NZ][NY][NX], v[2][NZ][NY][NX], k[NZ][NY][NX];
static double rhs[NZ][NY][NX], dg[NZ][NY][NX], sol[2][NZ][NY][NX];
#define ARM(a, q) (a[z][y][x - q] + a[z][y][x + q] + a[z][y - q][x]      \
                   + a[z][y + q][x] + a[z - q][y][x] + a[z + q][y][x])
#define STAR_STEPS(PRAGMA)                                              \
  for (int t = 0; t < STEPS; t++)                                       \
    {                                                                   \
      PRAGMA (for nest(all))                                            \
      for (int z = 3; z < NZ - 3; z++)                                  \
        for (int y = 3; y < NY - 3; y++)                                \
          for (int x = 3; x < NX - 3; x++)                              \
            b[z][y][x] = a[z][y][x] + k[z][y][x] * (p.c0 * a[z][y][x]   \
                + p.c[0] * ARM (a, 1) + p.c[1] * ARM (a, 2)             \
                + p.c[2] * ARM (a, 3));                                 \
      PRAGMA (single)                                                   \
      TEST_SWAP (a, b)                                                  \
    }
typedef float (*fp)[NY][NX];
static fp
star_mint (fp a, fp b, struct params p)
{
#pragma mint copy(a, toDevice, NX, NY, NZ)
#pragma mint copy(b, toDevice, NX, NY, NZ)
#pragma mint copy(k, toDevice, NX, NY, NZ)
#pragma mint parallel
  {
    STAR_STEPS (MINT_PRAGMA)
  }
#pragma mint copy(a, fromDevice, NX, NY, NZ)
  return a;
}
static fp
star_cpu (fp a, fp b, struct params p)
{
  STAR_STEPS (NO_PRAGMA)
  return a;
}
#define SOLVE(s)                                                        \
  for (int z = 0; z < NZ; z++)                                          \
    for (int y = 0; y < NY; y++)                                        \
      {                                                                 \
        s[z][y][0] = rhs[z][y][0] / dg[z][y][0];                        \
        for (int x = 1; x < NX; x++)                                    \
          s[z][y][x] = (rhs[z][y][x] + s[z][y][x - 1]) / dg[z][y][x];   \
        for (int x = NX - 2; x >= 0; x--)                               \
          s[z][y][x] += 0.25 * s[z][y][x + 1] / dg[z][y][x];            \
      }
static void
solve_mint (double (*s)[NY][NX])
{
#pragma mint copy(rhs, toDevice, NX, NY, NZ)
#pragma mint copy(dg, toDevice, NX, NY, NZ)
#pragma mint copy(s, toDevice, NX, NY, NZ)
#pragma mint parallel
  {
#pragma mint for nest(2)
    SOLVE (s)
  }
#pragma mint copy(s, fromDevice, NX, NY, NZ)
}
int
main (void)
{
  int bad = 0;
  size_t n3 = (size_t) NX * NY * NZ;
  struct params p = { -0.5f, { 0.05f, 0.02f, 0.01f } };
  for (int i = 0; i < 2; i++)
    {
      fill (&u[i][0][0][0], NX, NY, NZ, 1);
      fill (&v[i][0][0][0], NX, NY, NZ, 1);
    }
  fill (&k[0][0][0], NX, NY, NZ, 2);
  bad |= test_report ("float radius-3 star times k",
                      max_error (&star_mint (u[0], v[0], p)[0][0][0],
                                 &star_cpu (u[1], v[1], p)[0][0][0], n3),
                      TOL_FLOAT);
  fill (&rhs[0][0][0], NX, NY, NZ, 3);
  fill (&dg[0][0][0], NX, NY, NZ, 4);
  for (size_t i = 0; i < n3; i++)
    (&dg[0][0][0])[i] += 3.0;
  solve_mint (sol[0]);
  double (*s)[NY][NX] = sol[1];
  SOLVE (s)
  bad |= test_report ("line solve along x, read-only rhs and diagonal",
                      max_error (&sol[0][0][0][0], &sol[1][0][0][0], n3),
                      TOL_DOUBLE);
  return bad;
}
