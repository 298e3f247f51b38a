/* Stars whose halo along z is 2 planes or more, and 1 in the plane (as
   vertical derivatives of high order are in atmosphere and ocean codes),
   autotuned over more planes than their longest walk (64) and not a
   multiple of any walk, so that each walk has full tiles and a last,
   shorter one:
   - radius 4 along z, in double, over a flat array indexed by a macro,
     its weights in a structure read through a pointer;
   - radius 2 along z, in float, over a 3-D array, its in-plane weight
     a variable.
   More steps than the tuner's rounds, so every variant runs and the
   chosen one after.  The nests are written once, for mint and for the
   plain C loops.  */
/* { dg-do run } */
#include "mint-test.h"

#define NX 70                   /* points a row, halo included */
#define NY 20
#define NZ 150
#define STEPS 16

struct vertical
{
  double centre, side, z[4];
};

#define AT(z, y, x) (((z) * NY + (y)) * NX + (x))
#define ZPAIR(u, q) (u[AT (z - q, y, x)] + u[AT (z + q, y, x)])
#define VERTICAL(u, w)                                                   \
  (w->centre * u[AT (z, y, x)]                                           \
   + w->side * (u[AT (z, y, x - 1)] + u[AT (z, y, x + 1)]                \
                + u[AT (z, y - 1, x)] + u[AT (z, y + 1, x)])             \
   + w->z[0] * ZPAIR (u, 1) + w->z[1] * ZPAIR (u, 2)                     \
   + w->z[2] * ZPAIR (u, 3) + w->z[3] * ZPAIR (u, 4))

#define FOURTH(f, s)                                                     \
  (f[z][y][x] + s * (f[z][y][x - 1] + f[z][y][x + 1] + f[z][y - 1][x]    \
                     + f[z][y + 1][x] - 4 * f[z][y][x])                  \
   + 0.06f * (-f[z - 2][y][x] + 16 * f[z - 1][y][x] - 30 * f[z][y][x]    \
              + 16 * f[z + 1][y][x] - f[z + 2][y][x]) / 12)

static double u[NZ * NY * NX], v[NZ * NY * NX], ru[NZ * NY * NX],
  rv[NZ * NY * NX];
static float f[NZ][NY][NX], g[NZ][NY][NX], rf[NZ][NY][NX], rg[NZ][NY][NX];

/* Both stars STEPS times, each pair of arrays swapped after each step.  */
#define NESTS(PRAGMA)                                                    \
  for (int t = 0; t < STEPS; t++)                                        \
    {                                                                    \
      PRAGMA (for nest(all))                                             \
      for (int z = 4; z < NZ - 4; z++)                                   \
        for (int y = 1; y < NY - 1; y++)                                 \
          for (int x = 1; x < NX - 1; x++)                               \
            v[AT (z, y, x)] = VERTICAL (u, w);                           \
      PRAGMA (for nest(all))                                             \
      for (int z = 2; z < NZ - 2; z++)                                   \
        for (int y = 1; y < NY - 1; y++)                                 \
          for (int x = 1; x < NX - 1; x++)                               \
            g[z][y][x] = FOURTH (f, side);                               \
      PRAGMA (single)                                                    \
      {                                                                  \
        double *tmp = u;                                                 \
        u = v;                                                           \
        v = tmp;                                                         \
        float (*ftmp)[NY][NX] = f;                                       \
        f = g;                                                           \
        g = ftmp;                                                        \
      }                                                                  \
    }

typedef float (*fplanes)[NY][NX];

static double *
run_mint (double *u, double *v, fplanes f, fplanes g,
          const struct vertical *w, float side, fplanes *fout)
{
#pragma mint copy(u, toDevice, NX * NY * NZ)
#pragma mint copy(v, toDevice, NX * NY * NZ)
#pragma mint copy(f, toDevice, NX, NY, NZ)
#pragma mint copy(g, toDevice, NX, NY, NZ)
#pragma mint parallel
  {
    NESTS (MINT_PRAGMA)
  }
#pragma mint copy(u, fromDevice, NX * NY * NZ)
#pragma mint copy(f, fromDevice, NX, NY, NZ)
  *fout = f;
  return u;
}

static double *
run_c (double *u, double *v, fplanes f, fplanes g, const struct vertical *w,
       float side, fplanes *fout)
{
  NESTS (NO_PRAGMA)
  *fout = f;
  return u;
}

int
main (void)
{
  int bad = 0;
  size_t n3 = (size_t) NX * NY * NZ;
  struct vertical w = { 0.3, 0.04, { 0.12, 0.07, 0.04, 0.02 } };
  float side = 0.05f;
  fplanes fgot, fwant;

  fill (u, NX, NY, NZ, 1);
  memcpy (v, u, sizeof u);
  memcpy (ru, u, sizeof u);
  memcpy (rv, u, sizeof u);
  fill (&f[0][0][0], NX, NY, NZ, 2);
  memcpy (g, f, sizeof f);
  memcpy (rf, f, sizeof f);
  memcpy (rg, f, sizeof f);
  double *got = run_mint (u, v, f, g, &w, side, &fgot);
  double *want = run_c (ru, rv, rf, rg, &w, side, &fwant);
  bad |= test_report ("radius 4 along z, flat, weights in a structure",
                      max_error (got, want, n3), TOL_DOUBLE);
  bad |= test_report ("radius 2 along z, float",
                      max_error (&fgot[0][0][0], &fwant[0][0][0], n3),
                      TOL_FLOAT);
  return bad;
}
