/* D2Q9 lattice Boltzmann, pull scheme, with each lattice a structure of
   nine float planes reached through pointers to whole 2-D arrays
   (`plane *f0', indexed `(*l->f0)[y][x]', copied with an outermost extent
   of 1), two lattices swapped through structure pointers, obstacles in a
   byte grid (bounce-back, then `continue'), periodic in x through `?:'
   indices, a helper function for the equilibrium.  */
/* { dg-do run } */
#include "mint-test.h"

#define NXL 96
#define NYL 40
#define STEPS 25
typedef float plane[NYL][NXL];
struct lattice
{
  plane *f0, *f1, *f2, *f3, *f4, *f5, *f6, *f7, *f8;
};

static inline float
feq (float w, float rho, float cu, float usq)
{
  return w * rho * (1 + 3 * cu + 4.5f * cu * cu - 1.5f * usq);
}

#define XM(x) ((x) == 0 ? NXL - 1 : (x) - 1)
#define XP(x) ((x) == NXL - 1 ? 0 : (x) + 1)
#define W0 (4.f / 9)
#define W1 (1.f / 9)
#define W2 (1.f / 36)
#define RELAX(F, W, CU, G) (*b->F)[y][x] = G + omega * (feq (W, rho, CU, usq) - G)

#define STEP(a, b, solid, omega, y, x)                                   \
  do                                                                     \
    {                                                                    \
      float g0 = (*a->f0)[y][x], g1 = (*a->f1)[y][XM (x)];               \
      float g2 = (*a->f2)[y - 1][x], g3 = (*a->f3)[y][XP (x)];           \
      float g4 = (*a->f4)[y + 1][x], g5 = (*a->f5)[y - 1][XM (x)];       \
      float g6 = (*a->f6)[y - 1][XP (x)], g7 = (*a->f7)[y + 1][XP (x)];  \
      float g8 = (*a->f8)[y + 1][XM (x)];                                \
      if (solid[y][x])                                                   \
        {                                                                \
          (*b->f0)[y][x] = g0;                                           \
          (*b->f1)[y][x] = g3;                                           \
          (*b->f3)[y][x] = g1;                                           \
          (*b->f2)[y][x] = g4;                                           \
          (*b->f4)[y][x] = g2;                                           \
          (*b->f5)[y][x] = g7;                                           \
          (*b->f7)[y][x] = g5;                                           \
          (*b->f6)[y][x] = g8;                                           \
          (*b->f8)[y][x] = g6;                                           \
          continue;                                                      \
        }                                                                \
      float rho = g0 + g1 + g2 + g3 + g4 + g5 + g6 + g7 + g8;            \
      float ux = (g1 - g3 + g5 - g6 - g7 + g8) / rho + 1e-4f;            \
      float uy = (g2 - g4 + g5 + g6 - g7 - g8) / rho;                    \
      float usq = ux * ux + uy * uy;                                     \
      RELAX (f0, W0, 0, g0);                                             \
      RELAX (f1, W1, ux, g1);                                            \
      RELAX (f2, W1, uy, g2);                                            \
      RELAX (f3, W1, -ux, g3);                                           \
      RELAX (f4, W1, -uy, g4);                                           \
      RELAX (f5, W2, ux + uy, g5);                                       \
      RELAX (f6, W2, -ux + uy, g6);                                      \
      RELAX (f7, W2, -ux - uy, g7);                                      \
      RELAX (f8, W2, ux - uy, g8);                                       \
    }                                                                    \
  while (0)

static void
run_mint (struct lattice *a, struct lattice *b, unsigned char (*solid)[NXL],
          float omega)
{
#pragma mint copy(a->f0, toDevice, NXL, NYL, 1)
#pragma mint copy(a->f1, toDevice, NXL, NYL, 1)
#pragma mint copy(a->f2, toDevice, NXL, NYL, 1)
#pragma mint copy(a->f3, toDevice, NXL, NYL, 1)
#pragma mint copy(a->f4, toDevice, NXL, NYL, 1)
#pragma mint copy(a->f5, toDevice, NXL, NYL, 1)
#pragma mint copy(a->f6, toDevice, NXL, NYL, 1)
#pragma mint copy(a->f7, toDevice, NXL, NYL, 1)
#pragma mint copy(a->f8, toDevice, NXL, NYL, 1)
#pragma mint copy(b->f0, toDevice, NXL, NYL, 1)
#pragma mint copy(b->f1, toDevice, NXL, NYL, 1)
#pragma mint copy(b->f2, toDevice, NXL, NYL, 1)
#pragma mint copy(b->f3, toDevice, NXL, NYL, 1)
#pragma mint copy(b->f4, toDevice, NXL, NYL, 1)
#pragma mint copy(b->f5, toDevice, NXL, NYL, 1)
#pragma mint copy(b->f6, toDevice, NXL, NYL, 1)
#pragma mint copy(b->f7, toDevice, NXL, NYL, 1)
#pragma mint copy(b->f8, toDevice, NXL, NYL, 1)
#pragma mint copy(solid, toDevice, NXL, NYL)
#pragma mint parallel
  {
    for (int t = 0; t < STEPS; t++)
      {
#pragma mint for nest(all) tile(32, 4)
        for (int y = 1; y < NYL - 1; y++)
          for (int x = 0; x < NXL; x++)
            STEP (a, b, solid, omega, y, x);
#pragma mint single
        {
          struct lattice *tmp = a;
          a = b;
          b = tmp;
        }
      }
  }
#pragma mint copy(a->f0, fromDevice, NXL, NYL, 1)
#pragma mint copy(a->f1, fromDevice, NXL, NYL, 1)
#pragma mint copy(a->f2, fromDevice, NXL, NYL, 1)
#pragma mint copy(a->f3, fromDevice, NXL, NYL, 1)
#pragma mint copy(a->f4, fromDevice, NXL, NYL, 1)
#pragma mint copy(a->f5, fromDevice, NXL, NYL, 1)
#pragma mint copy(a->f6, fromDevice, NXL, NYL, 1)
#pragma mint copy(a->f7, fromDevice, NXL, NYL, 1)
#pragma mint copy(a->f8, fromDevice, NXL, NYL, 1)
#pragma mint copy(b->f0, fromDevice, NXL, NYL, 1)
#pragma mint copy(b->f1, fromDevice, NXL, NYL, 1)
#pragma mint copy(b->f2, fromDevice, NXL, NYL, 1)
#pragma mint copy(b->f3, fromDevice, NXL, NYL, 1)
#pragma mint copy(b->f4, fromDevice, NXL, NYL, 1)
#pragma mint copy(b->f5, fromDevice, NXL, NYL, 1)
#pragma mint copy(b->f6, fromDevice, NXL, NYL, 1)
#pragma mint copy(b->f7, fromDevice, NXL, NYL, 1)
#pragma mint copy(b->f8, fromDevice, NXL, NYL, 1)
}

static void
run_cpu (struct lattice *a, struct lattice *b, unsigned char (*solid)[NXL],
         float omega)
{
  for (int t = 0; t < STEPS; t++)
    {
      for (int y = 1; y < NYL - 1; y++)
        for (int x = 0; x < NXL; x++)
          STEP (a, b, solid, omega, y, x);
      struct lattice *tmp = a;
      a = b;
      b = tmp;
    }
}

static void
init_lattice (struct lattice *l, int seed)
{
  plane **p = &l->f0;
  static const float w[9] = { W0, W1, W1, W1, W1, W2, W2, W2, W2 };
  for (int i = 0; i < 9; i++)
    {
      p[i] = test_xmalloc (sizeof (plane));
      for (int y = 0; y < NYL; y++)
        for (int x = 0; x < NXL; x++)
          (*p[i])[y][x] = w[i] * (1 + 0.01f * ((x * 7 + y * 3 + i + seed) % 5));
    }
}

int
main (void)
{
  struct lattice l[4];
  for (int i = 0; i < 4; i++)
    init_lattice (&l[i], i % 2);
  unsigned char (*solid)[NXL] = test_xmalloc (NYL * NXL);
  for (int y = 0; y < NYL; y++)
    for (int x = 0; x < NXL; x++)
      solid[y][x] = (x - 30) * (x - 30) + (y - 20) * (y - 20) < 36;

  run_mint (&l[0], &l[1], solid, 1.2f);
  run_cpu (&l[2], &l[3], solid, 1.2f);
  double e = 0;
  for (int k = 0; k < 2; k++)
    {
      plane **p = &l[k].f0, **r = &l[k + 2].f0;
      for (int i = 0; i < 9; i++)
        e = fmax (e, max_error (&(*p[i])[0][0], &(*r[i])[0][0], NXL * NYL));
    }
  return test_report ("lattice Boltzmann", e, TOL_FLOAT);
}
