/* High-order stencils as a seismic or CFD code writes them, autotuned
   (no clauses) and run over enough steps that the tuner times every
   variant: a 3-D star of radius 4 (FP64, its level-3 walk of 24 planes
   unrolled 8 steps at a time, the walk not dividing the interior's 44
   planes), an 8th-order variable-velocity wave step in float (three
   arrays read, buffers rotated), and a 2-D star of radius 3 with diagonal
   terms walking 18 rows (unrolled 9 at a time).  A halo of more than one
   plane leaves out the register-limited candidates; the radius-4 star's
   include the walks through a ring of shared planes, whose 64x16-point
   blocks here lie at the edges (ring-planes.c has blocks inside).  Each is compared with the
   same loops on the CPU.  */
/* { dg-do run } */
#include "mint-test.h"

#define N 52                    /* points a side, halo included */
#define H 4                     /* halo */
#define STEPS 18
#define N2 300                  /* 2-D */

#define ARM(u, q) (u[z][y][x - q] + u[z][y][x + q] + u[z][y - q][x]      \
                   + u[z][y + q][x] + u[z - q][y][x] + u[z + q][y][x])
#define STAR4(u) (0.2 * u[z][y][x] + 0.1 * ARM (u, 1) + 0.02 * ARM (u, 2)  \
                  - 0.01 * ARM (u, 3) + 0.005 * ARM (u, 4))
#define LAP8(p) (-2.8f * p[z][y][x] + 0.6f * ARM (p, 1) - 0.08f * ARM (p, 2) \
                 + 0.01f * ARM (p, 3) - 0.001f * ARM (p, 4))
#define STAR3_2D(u)                                                      \
  (0.4 * u[y][x] + 0.1 * (u[y][x - 1] + u[y][x + 1] + u[y - 1][x]        \
                          + u[y + 1][x])                                 \
   + 0.05 * (u[y][x - 2] + u[y][x + 2] + u[y - 2][x] + u[y + 2][x])      \
   - 0.02 * (u[y][x - 3] + u[y][x + 3] + u[y - 3][x] + u[y + 3][x])      \
   + 0.01 * (u[y - 1][x - 1] + u[y + 1][x + 1] + u[y - 1][x + 1]         \
             + u[y + 1][x - 1]))

static double u[N][N][N], v[N][N][N], ru[N][N][N], rv[N][N][N];
static float p0[N][N][N], p1[N][N][N], p2[N][N][N], vel[N][N][N];
static float r0[N][N][N], r1[N][N][N], r2[N][N][N];
static double a[N2][N2], b[N2][N2], ra[N2][N2], rb[N2][N2];

static double (*
star_mint (double (*u)[N][N], double (*v)[N][N]))[N][N]
{
#pragma mint copy(u, toDevice, N, N, N)
#pragma mint copy(v, toDevice, N, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < STEPS; t++)
      {
#pragma mint for nest(all)
        for (int z = H; z < N - H; z++)
          for (int y = H; y < N - H; y++)
            for (int x = H; x < N - H; x++)
              v[z][y][x] = STAR4 (u);
#pragma mint single
        {
          double (*tmp)[N][N] = u;
          u = v;
          v = tmp;
        }
      }
  }
#pragma mint copy(u, fromDevice, N, N, N)
  return u;
}

static double (*
star_cpu (double (*u)[N][N], double (*v)[N][N]))[N][N]
{
  for (int t = 0; t < STEPS; t++)
    {
      for (int z = H; z < N - H; z++)
        for (int y = H; y < N - H; y++)
          for (int x = H; x < N - H; x++)
            v[z][y][x] = STAR4 (u);
      double (*tmp)[N][N] = u;
      u = v;
      v = tmp;
    }
  return u;
}

/* P0 the older step, P1 the newer, P2 the one computed; returns the
   newest.  */
static float (*
wave_mint (float (*p0)[N][N], float (*p1)[N][N], float (*p2)[N][N]))[N][N]
{
#pragma mint copy(p0, toDevice, N, N, N)
#pragma mint copy(p1, toDevice, N, N, N)
#pragma mint copy(p2, toDevice, N, N, N)
#pragma mint copy(vel, toDevice, N, N, N)
#pragma mint parallel
  {
    for (int t = 0; t < STEPS; t++)
      {
#pragma mint for nest(all)
        for (int z = H; z < N - H; z++)
          for (int y = H; y < N - H; y++)
            for (int x = H; x < N - H; x++)
              p2[z][y][x] = 2.0f * p1[z][y][x] - p0[z][y][x]
                            + vel[z][y][x] * LAP8 (p1);
#pragma mint single
        {
          float (*tmp)[N][N] = p0;
          p0 = p1;
          p1 = p2;
          p2 = tmp;
        }
      }
  }
#pragma mint copy(p1, fromDevice, N, N, N)
  return p1;
}

static float (*
wave_cpu (float (*p0)[N][N], float (*p1)[N][N], float (*p2)[N][N]))[N][N]
{
  for (int t = 0; t < STEPS; t++)
    {
      for (int z = H; z < N - H; z++)
        for (int y = H; y < N - H; y++)
          for (int x = H; x < N - H; x++)
            p2[z][y][x] = 2.0f * p1[z][y][x] - p0[z][y][x]
                          + vel[z][y][x] * LAP8 (p1);
      float (*tmp)[N][N] = p0;
      p0 = p1;
      p1 = p2;
      p2 = tmp;
    }
  return p1;
}

static double (*
plane_mint (double (*u)[N2], double (*v)[N2]))[N2]
{
#pragma mint copy(u, toDevice, N2, N2)
#pragma mint copy(v, toDevice, N2, N2)
#pragma mint parallel
  {
    for (int t = 0; t < STEPS; t++)
      {
#pragma mint for nest(all) tile(64, 18) chunksize(2, 18)
        for (int y = 3; y < N2 - 3; y++)
          for (int x = 3; x < N2 - 3; x++)
            v[y][x] = STAR3_2D (u);
#pragma mint single
        {
          double (*tmp)[N2] = u;
          u = v;
          v = tmp;
        }
      }
  }
#pragma mint copy(u, fromDevice, N2, N2)
  return u;
}

static double (*
plane_cpu (double (*u)[N2], double (*v)[N2]))[N2]
{
  for (int t = 0; t < STEPS; t++)
    {
      for (int y = 3; y < N2 - 3; y++)
        for (int x = 3; x < N2 - 3; x++)
          v[y][x] = STAR3_2D (u);
      double (*tmp)[N2] = u;
      u = v;
      v = tmp;
    }
  return u;
}

int
main (void)
{
  int bad = 0;
  size_t n3 = (size_t) N * N * N, n2 = (size_t) N2 * N2;

  fill (&u[0][0][0], N, N, N, 1);
  memcpy (v, u, sizeof u);
  memcpy (ru, u, sizeof u);
  memcpy (rv, u, sizeof u);
  double (*got)[N][N] = star_mint (u, v), (*want)[N][N] = star_cpu (ru, rv);
  bad |= test_report ("radius-4 star", max_error (&got[0][0][0],
                                                  &want[0][0][0], n3),
                      TOL_DOUBLE);

  fill (&p0[0][0][0], N, N, N, 2);
  fill (&p1[0][0][0], N, N, N, 3);
  fill (&vel[0][0][0], N, N, N, 4);
  for (size_t i = 0; i < n3; i++)
    (&vel[0][0][0])[i] *= 0.01f;
  memcpy (p2, p1, sizeof p1);
  memcpy (r0, p0, sizeof p0);
  memcpy (r1, p1, sizeof p1);
  memcpy (r2, p2, sizeof p2);
  float (*fgot)[N][N] = wave_mint (p0, p1, p2);
  float (*fwant)[N][N] = wave_cpu (r0, r1, r2);
  bad |= test_report ("8th-order wave, float",
                      max_error (&fgot[0][0][0], &fwant[0][0][0], n3),
                      TOL_FLOAT);

  fill (&a[0][0], N2, N2, 1, 5);
  memcpy (b, a, sizeof a);
  memcpy (ra, a, sizeof a);
  memcpy (rb, a, sizeof a);
  double (*pgot)[N2] = plane_mint (a, b), (*pwant)[N2] = plane_cpu (ra, rb);
  bad |= test_report ("2-D radius-3 star, 18-row walk",
                      max_error (&pgot[0][0], &pwant[0][0], n2), TOL_DOUBLE);
  return bad;
}
