/* Autotuned kernels (a 3-D nest without tile or chunksize, which level 3
   tunes, and tile(auto) / chunksize(auto) nests in 3, 2 and 1 dimensions,
   tuned at every level) launched ROUNDS times, two nowait launches per
   parallel region, each region's results checked against the CPU: the
   runtime times each variant on the first launches (twice), so every
   variant runs and every one of its results is checked.  On 37x29x23
   points no candidate tile divides the iteration space.  Usage:
   tune-candidates [NX NY NZ].  */
/* { dg-do run } */
#include "mint-test.h"

#define ROUNDS 10               /* regions; 2 launches each, >= 2 x 8 */

#define HEAT7(U, z, y, x)                                                \
  (0.4 * U[z][y][x]                                                      \
   + 0.1 * (U[z][y][x - 1] + U[z][y][x + 1] + U[z][y - 1][x]             \
            + U[z][y + 1][x] + U[z - 1][y][x] + U[z + 1][y][x]))
#define EDGES(U, z, y, x)                                                \
  (U[z][y - 1][x - 1] + U[z][y - 1][x + 1] + U[z][y + 1][x - 1]          \
   + U[z][y + 1][x + 1] + U[z - 1][y][x - 1] + U[z - 1][y][x + 1]        \
   + U[z + 1][y][x - 1] + U[z + 1][y][x + 1] + U[z - 1][y - 1][x]        \
   + U[z - 1][y + 1][x] + U[z + 1][y - 1][x] + U[z + 1][y + 1][x])
#define POISSON19(U, B, z, y, x)                                         \
  ((2.0 * (U[z][y][x - 1] + U[z][y][x + 1] + U[z][y - 1][x]              \
           + U[z][y + 1][x] + U[z - 1][y][x] + U[z + 1][y][x])           \
    + EDGES (U, z, y, x) - B[z][y][x]) / 24.0)
#define HEAT5(P, y, x)                                                   \
  (0.6 * P[y][x] + 0.1 * (P[y][x - 1] + P[y][x + 1] + P[y - 1][x]        \
                          + P[y + 1][x]))
#define SMOOTH3(L, i) (0.5 * L[i] + 0.25 * (L[i - 1] + L[i + 1]))

#define SWAP(a, b)                                                       \
  do                                                                     \
    {                                                                    \
      __typeof__ (a) swap_ = a;                                          \
      a = b;                                                             \
      b = swap_;                                                         \
    }                                                                    \
  while (0)

/* Every grid of one side (the device's, the CPU's); P and S are ny rows
   of nx, L and M have nl points.  */
struct grids
{
  double ***U, ***V, ***Q, ***R;
  double *P, *S, *L, *M;
};

/* The four nests, twice: U -> V -> U, Q -> R -> Q, P -> S -> P and
   L -> M -> L.  */
static void
steps_mint (struct grids *g, double ***B, int nx, int ny, int nz, int nl)
{
  double ***U = g->U, ***V = g->V, ***Q = g->Q, ***R = g->R;
  double (*P)[nx] = (double (*)[nx]) g->P, (*S)[nx] = (double (*)[nx]) g->S;
  double *L = g->L, *M = g->M;
#pragma mint copy(U, toDevice, nx, ny, nz)
#pragma mint copy(V, toDevice, nx, ny, nz)
#pragma mint copy(B, toDevice, nx, ny, nz)
#pragma mint copy(Q, toDevice, nx, ny, nz)
#pragma mint copy(R, toDevice, nx, ny, nz)
#pragma mint copy(P, toDevice, nx, ny)
#pragma mint copy(S, toDevice, nx, ny)
#pragma mint copy(L, toDevice, nl)
#pragma mint copy(M, toDevice, nl)
#pragma mint parallel
  {
    for (int t = 0; t < 2; t++)
      {
#pragma mint for nest(all) nowait
        for (int z = 1; z < nz - 1; z++)
          for (int y = 1; y < ny - 1; y++)
            for (int x = 1; x < nx - 1; x++)
              V[z][y][x] = HEAT7 (U, z, y, x);
#pragma mint for nest(all) tile(auto) nowait
        for (int z = 1; z < nz - 1; z++)
          for (int y = 1; y < ny - 1; y++)
            for (int x = 1; x < nx - 1; x++)
              R[z][y][x] = POISSON19 (Q, B, z, y, x);
#pragma mint for nest(all) tile(auto) nowait
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            S[y][x] = HEAT5 (P, y, x);
#pragma mint for chunksize(auto) nowait
        for (int i = 1; i < nl - 1; i++)
          M[i] = SMOOTH3 (L, i);
#pragma mint single
        {
          SWAP (U, V);
          SWAP (Q, R);
          SWAP (P, S);
          SWAP (L, M);
        }
      }
  }
#pragma mint copy(U, fromDevice, nx, ny, nz)
#pragma mint copy(Q, fromDevice, nx, ny, nz)
#pragma mint copy(P, fromDevice, nx, ny)
#pragma mint copy(L, fromDevice, nl)
}

static void
steps_cpu (struct grids *g, double ***B, int nx, int ny, int nz, int nl)
{
  double (*P)[nx] = (double (*)[nx]) g->P, (*S)[nx] = (double (*)[nx]) g->S;
  for (int t = 0; t < 2; t++)
    {
      for (int z = 1; z < nz - 1; z++)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            {
              g->V[z][y][x] = HEAT7 (g->U, z, y, x);
              g->R[z][y][x] = POISSON19 (g->Q, B, z, y, x);
            }
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          S[y][x] = HEAT5 (P, y, x);
      for (int i = 1; i < nl - 1; i++)
        g->M[i] = SMOOTH3 (g->L, i);
      SWAP (g->U, g->V);
      SWAP (g->Q, g->R);
      SWAP (P, S);
      SWAP (g->L, g->M);
    }
}

/* Fresh grids, all of test data (seeds 1 to 8).  */
static void
grids_make (struct grids *g, int nx, int ny, int nz, int nl)
{
  double ***g3[4];
  double **g1[4] = { &g->P, &g->S, &g->L, &g->M };
  for (int i = 0; i < 4; i++)
    {
      g3[i] = alloc3d_double (nx, ny, nz);
      fill (g3[i][0][0], nx, ny, nz, 1 + i);
      int n = i < 2 ? nx * ny : nl;
      *g1[i] = test_xmalloc (n * sizeof (double));
      fill (*g1[i], n, 1, 1, 5 + i);
    }
  g->U = g3[0], g->V = g3[1], g->Q = g3[2], g->R = g3[3];
}

int
main (int argc, char **argv)
{
  int n[3] = { 37, 29, 23 };
  test_size_args (argc, argv, 3, n);
  int nx = n[0], ny = n[1], nz = n[2], nl = nx * ny;
  size_t points = (size_t) nx * ny * nz;
  struct grids dev, cpu;
  double ***B = alloc3d_double (nx, ny, nz);
  fill (B[0][0], nx, ny, nz, 9);
  grids_make (&dev, nx, ny, nz, nl);
  grids_make (&cpu, nx, ny, nz, nl);

  int status = 0;
  double worst[4] = { 0, 0, 0, 0 };
  for (int r = 0; r < ROUNDS && !status; r++)
    {
      steps_mint (&dev, B, nx, ny, nz, nl);
      steps_cpu (&cpu, B, nx, ny, nz, nl);
      double e[4] = {
        max_error (dev.U[0][0], cpu.U[0][0], points),
        max_error (dev.Q[0][0], cpu.Q[0][0], points),
        max_error (dev.P, cpu.P, (size_t) nx * ny),
        max_error (dev.L, cpu.L, nl)
      };
      for (int k = 0; k < 4; k++)
        {
          worst[k] = fmax (worst[k], e[k]);
          if (e[k] > TOL_DOUBLE)
            {
              printf ("round %d: nest %d: max error %.3g\n", r, k, e[k]);
              status = 1;
            }
        }
    }
  status |= test_report ("heat7, no clauses", worst[0], TOL_DOUBLE);
  status |= test_report ("poisson19, tile(auto)", worst[1], TOL_DOUBLE);
  status |= test_report ("heat 2-D, tile(auto)", worst[2], TOL_DOUBLE);
  status |= test_report ("1-D, chunksize(auto)", worst[3], TOL_DOUBLE);
  return status;
}
