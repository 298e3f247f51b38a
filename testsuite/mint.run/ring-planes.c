/* A seismic code's high-order stars, autotuned over grids wide enough
   that the walks through a ring of shared planes (64x16 points a block)
   have blocks inside and at the edges in x and y: a star of radius 4 in
   double with its weights in a structure (the ring read 16 bytes at a
   time by threads of 2x4 columns is among its variants), an 8th-order
   wave step in double (three buffers rotated, a velocity read at the
   point beside the ring's array), a star of radius 3 over a flat
   array with macro indices, and a star of radius 4 in float (the ring
   read 16 bytes at a time by threads of 4x4 columns among its
   variants, a tile 128 points wide), and an 8th-order wave in float in
   two buffers (threads of 4x1 columns on that ring).  More steps than
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

#define LAP8(p) (-2.8 * p[z][y][x] + 0.6 * ARM (p, 1) - 0.08 * ARM (p, 2)  \
                 + 0.01 * ARM (p, 3) - 0.001 * ARM (p, 4))

static double u[NZ][NY][NX], v[NZ][NY][NX], ru[NZ][NY][NX], rv[NZ][NY][NX];
static double p0[NZ][NY][NX], p1[NZ][NY][NX], p2[NZ][NY][NX],
  vel[NZ][NY][NX];
static double r0[NZ][NY][NX], r1[NZ][NY][NX], r2[NZ][NY][NX];
static double f[NZ * NY * NX], g[NZ * NY * NX], rf[NZ * NY * NX],
  rg[NZ * NY * NX];
static float fa[2][NZ][NY][NX], fb[2][NZ][NY][NX];

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

/* P0 the older step, P1 the newer, P2 the one computed; returns the
   newest.  */
static double (*
wave_mint (double (*p0)[NY][NX], double (*p1)[NY][NX],
           double (*p2)[NY][NX]))[NY][NX]
{
#pragma mint copy(p0, toDevice, NX, NY, NZ)
#pragma mint copy(p1, toDevice, NX, NY, NZ)
#pragma mint copy(p2, toDevice, NX, NY, NZ)
#pragma mint copy(vel, toDevice, NX, NY, NZ)
#pragma mint parallel
  {
    for (int t = 0; t < STEPS; t++)
      {
#pragma mint for nest(all)
        for (int z = H; z < NZ - H; z++)
          for (int y = H; y < NY - H; y++)
            for (int x = H; x < NX - H; x++)
              p2[z][y][x] = 2.0 * p1[z][y][x] - p0[z][y][x]
                            + vel[z][y][x] * LAP8 (p1);
#pragma mint single
        {
          double (*tmp)[NY][NX] = p0;
          p0 = p1;
          p1 = p2;
          p2 = tmp;
        }
      }
  }
#pragma mint copy(p1, fromDevice, NX, NY, NZ)
  return p1;
}

static double (*
wave_cpu (double (*p0)[NY][NX], double (*p1)[NY][NX],
          double (*p2)[NY][NX]))[NY][NX]
{
  for (int t = 0; t < STEPS; t++)
    {
      for (int z = H; z < NZ - H; z++)
        for (int y = H; y < NY - H; y++)
          for (int x = H; x < NX - H; x++)
            p2[z][y][x] = 2.0 * p1[z][y][x] - p0[z][y][x]
                          + vel[z][y][x] * LAP8 (p1);
      double (*tmp)[NY][NX] = p0;
      p0 = p1;
      p1 = p2;
      p2 = tmp;
    }
  return p1;
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

/* The float nests' steps, written once: STORE at each point of A and B
   inside the halo, A and B swapped after each.  */
#define FLOAT_STEPS(PRAGMA, STORE)                                        \
  for (int t = 0; t < STEPS; t++)                                         \
    {                                                                     \
      PRAGMA (for nest(all))                                              \
      for (int z = H; z < NZ - H; z++)                                    \
        for (int y = H; y < NY - H; y++)                                  \
          for (int x = H; x < NX - H; x++)                                \
            STORE;                                                        \
      PRAGMA (single)                                                     \
      TEST_SWAP (a, b)                                                    \
    }
#define FLOAT_STAR_STEPS(PRAGMA)                                          \
  FLOAT_STEPS (PRAGMA, b[z][y][x] = 0.3f * a[z][y][x] + 0.07f * ARM (a, 1) \
                       + 0.03f * ARM (a, 2) - 0.01f * ARM (a, 3)          \
                       + 0.005f * ARM (a, 4))

/* A float wave in two buffers: the older step A becomes the newer from B
   in place, with a velocity read at the point (a nest that reads arrays
   besides its ring's, one row of four columns a thread).  */
#define FLAP8(p) (-2.8f * p[z][y][x] + 0.6f * ARM (p, 1)                 \
                  - 0.08f * ARM (p, 2) + 0.01f * ARM (p, 3)               \
                  - 0.001f * ARM (p, 4))
#define FLOAT_WAVE_STEPS(PRAGMA)                                          \
  FLOAT_STEPS (PRAGMA, a[z][y][x] = 2.0f * b[z][y][x] - a[z][y][x]       \
                       + fvel[z][y][x] * FLAP8 (b))

typedef float (*fplanes)[NY][NX];
static float fvel[NZ][NY][NX];

/* The float nests on the GPU and on the CPU: NAME_mint and NAME_cpu run
   LOOPS on A and B (the velocity copied too) and return NEWEST, the
   buffer of the last step.  */
#define FLOAT_FUNCTIONS(NAME, LOOPS, NEWEST)                              \
  static fplanes                                                          \
  NAME##_mint (fplanes a, fplanes b)                                      \
  {                                                                       \
    MINT_PRAGMA (copy (a, toDevice, NX, NY, NZ))                          \
    MINT_PRAGMA (copy (b, toDevice, NX, NY, NZ))                          \
    MINT_PRAGMA (copy (fvel, toDevice, NX, NY, NZ))                       \
    MINT_PRAGMA (parallel)                                                \
    {                                                                     \
      LOOPS (MINT_PRAGMA)                                                 \
    }                                                                     \
    MINT_PRAGMA (copy (NEWEST, fromDevice, NX, NY, NZ))                   \
    return NEWEST;                                                        \
  }                                                                       \
                                                                          \
  static fplanes                                                          \
  NAME##_cpu (fplanes a, fplanes b)                                       \
  {                                                                       \
    LOOPS (NO_PRAGMA)                                                     \
    return NEWEST;                                                        \
  }

FLOAT_FUNCTIONS (float_star, FLOAT_STAR_STEPS, a)
FLOAT_FUNCTIONS (float_wave, FLOAT_WAVE_STEPS, b)

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

  fill (&p0[0][0][0], NX, NY, NZ, 3);
  fill (&p1[0][0][0], NX, NY, NZ, 4);
  fill (&vel[0][0][0], NX, NY, NZ, 5);
  for (size_t i = 0; i < n3; i++)
    (&vel[0][0][0])[i] *= 0.01;
  memcpy (p2, p1, sizeof p1);
  memcpy (r0, p0, sizeof p0);
  memcpy (r1, p1, sizeof p1);
  memcpy (r2, p2, sizeof p2);
  double (*wgot)[NY][NX] = wave_mint (p0, p1, p2);
  double (*wwant)[NY][NX] = wave_cpu (r0, r1, r2);
  bad |= test_report ("8th-order wave, double",
                      max_error (&wgot[0][0][0], &wwant[0][0][0], n3),
                      TOL_DOUBLE);

  fill (f, NX, NY, NZ, 2);
  memcpy (g, f, sizeof f);
  memcpy (rf, f, sizeof f);
  memcpy (rg, f, sizeof f);
  bad |= test_report ("radius-3 star, flat arrays",
                      max_error (flat_mint (f, g), flat_cpu (rf, rg), n3),
                      TOL_DOUBLE);

  for (int i = 0; i < 2; i++)
    {
      fill (&fa[i][0][0][0], NX, NY, NZ, 6);
      memcpy (fb[i], fa[i], sizeof fa[i]);
    }
  bad |= test_report ("radius-4 star, float",
                      max_error (&float_star_mint (fa[0], fb[0])[0][0][0],
                                 &float_star_cpu (fa[1], fb[1])[0][0][0], n3),
                      TOL_FLOAT);

  fill (&fvel[0][0][0], NX, NY, NZ, 7);
  for (size_t i = 0; i < n3; i++)
    (&fvel[0][0][0])[i] *= 0.01f;
  for (int i = 0; i < 2; i++)
    {
      fill (&fa[i][0][0][0], NX, NY, NZ, 8);
      fill (&fb[i][0][0][0], NX, NY, NZ, 9);
    }
  bad |= test_report ("8th-order wave, float, two buffers",
                      max_error (&float_wave_mint (fa[0], fb[0])[0][0][0],
                                 &float_wave_cpu (fa[1], fb[1])[0][0][0], n3),
                      TOL_FLOAT);
  return bad;
}
