/* A seismic code's high-order stars, autotuned over grids wide enough
   that the walks through a ring of shared planes (64x16 points a block)
   have blocks inside and at the edges in x and y: a star of radius 4 in
   double with its weights in a structure (the ring read 16 bytes at a
   time by threads of 2x4 columns is among its variants), the same over a
   flat array with macro indices and one of radius 3.  More steps than
   the tuner's rounds, so every variant runs and the chosen one after.
   Each is compared with the same loops on the CPU.  */
/* { dg-do run } */
#include "mint-test.h"

#define NX 150                  /* points a row, halo included */
#define NY 44
#define NZ 40
#define H 4                     /* halo */
#define STEPS 20

struct weights
{
  double c0, c[H];
};

#define ARM(u, q) (u[z][y][x - q] + u[z][y][x + q] + u[z][y - q][x]      \
                   + u[z][y + q][x] + u[z - q][y][x] + u[z + q][y][x])
#define STAR4(u, w) (w.c0 * u[z][y][x] + w.c[0] * ARM (u, 1)             \
                     + w.c[1] * ARM (u, 2) + w.c[2] * ARM (u, 3)           \
                     + w.c[3] * ARM (u, 4))

#define AT(z, y, x) (((z) * NY + (y)) * NX + (x))
#define FARM(u, q) (u[AT (z, y, x - q)] + u[AT (z, y, x + q)]            \
                    + u[AT (z, y - q, x)] + u[AT (z, y + q, x)]            \
                    + u[AT (z - q, y, x)] + u[AT (z + q, y, x)])
#define FSTAR3(u) (0.4 * u[AT (z, y, x)] + 0.06 * FARM (u, 1)            \
                   + 0.03 * FARM (u, 2) - 0.01 * FARM (u, 3))

static double u[NZ][NY][NX], v[NZ][NY][NX], ru[NZ][NY][NX], rv[NZ][NY][NX];
static double f[NZ * NY * NX], g[NZ * NY * NX], rf[NZ * NY * NX],
  rg[NZ * NY * NX];

static double (*
star_mint (double (*u)[NY][NX], double (*v)[NY][NX],
           struct weights w))[NY][NX]
{
#pragma mint copy(u, toDevice, NX, NY, NZ)
#pragma mint copy(v, toDevice, NX, NY, NZ)
#pragma mint parallel
  {
    for (int t = 0; t < STEPS; t++)
      {
#pragma mint for nest(all)
        for (int z = H; z < NZ - H; z++)
          for (int y = H; y < NY - H; y++)
            for (int x = H; x < NX - H; x++)
              v[z][y][x] = STAR4 (u, w);
#pragma mint single
        {
          double (*tmp)[NY][NX] = u;
          u = v;
          v = tmp;
        }
      }
  }
#pragma mint copy(u, fromDevice, NX, NY, NZ)
  return u;
}

static double (*
star_cpu (double (*u)[NY][NX], double (*v)[NY][NX],
          struct weights w))[NY][NX]
{
  for (int t = 0; t < STEPS; t++)
    {
      for (int z = H; z < NZ - H; z++)
        for (int y = H; y < NY - H; y++)
          for (int x = H; x < NX - H; x++)
            v[z][y][x] = STAR4 (u, w);
      double (*tmp)[NY][NX] = u;
      u = v;
      v = tmp;
    }
  return u;
}

/* Radius 3 over flat arrays, from 3 (the halo less one) in each
   dimension.  */
static double *
flat_mint (double *f, double *g)
{
#pragma mint copy(f, toDevice, NX * NY * NZ)
#pragma mint copy(g, toDevice, NX * NY * NZ)
#pragma mint parallel
  {
    for (int t = 0; t < STEPS; t++)
      {
#pragma mint for nest(all)
        for (int z = 3; z < NZ - 3; z++)
          for (int y = 3; y < NY - 3; y++)
            for (int x = 3; x < NX - 3; x++)
              g[AT (z, y, x)] = FSTAR3 (f);
#pragma mint single
        {
          double *tmp = f;
          f = g;
          g = tmp;
        }
      }
  }
#pragma mint copy(f, fromDevice, NX * NY * NZ)
  return f;
}

static double *
flat_cpu (double *f, double *g)
{
  for (int t = 0; t < STEPS; t++)
    {
      for (int z = 3; z < NZ - 3; z++)
        for (int y = 3; y < NY - 3; y++)
          for (int x = 3; x < NX - 3; x++)
            g[AT (z, y, x)] = FSTAR3 (f);
      double *tmp = f;
      f = g;
      g = tmp;
    }
  return f;
}

int
main (void)
{
  int bad = 0;
  size_t n3 = (size_t) NX * NY * NZ;
  struct weights w = { 0.2, { 0.1, 0.02, -0.01, 0.005 } };

  fill (&u[0][0][0], NX, NY, NZ, 1);
  memcpy (v, u, sizeof u);
  memcpy (ru, u, sizeof u);
  memcpy (rv, u, sizeof u);
  double (*got)[NY][NX] = star_mint (u, v, w);
  double (*want)[NY][NX] = star_cpu (ru, rv, w);
  bad |= test_report ("radius-4 star, weights in a structure",
                      max_error (&got[0][0][0], &want[0][0][0], n3),
                      TOL_DOUBLE);

  fill (f, NX, NY, NZ, 2);
  memcpy (g, f, sizeof f);
  memcpy (rf, f, sizeof f);
  memcpy (rg, f, sizeof f);
  bad |= test_report ("radius-3 star, flat arrays",
                      max_error (flat_mint (f, g), flat_cpu (rf, rg), n3),
                      TOL_DOUBLE);
  return bad;
}
