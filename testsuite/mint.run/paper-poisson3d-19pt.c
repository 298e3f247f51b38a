/* The Mint paper's 3D Poisson solver, 19-point Jacobi sweeps (centre, 6
   face and 12 edge neighbours), over double (*)[ny][nx] (Table 1).
   Usage: paper-poisson3d-19pt [N | NX NY NZ]  (default 40^3).  */
/* { dg-do run } */
#define POISSON_NAME "poisson3d-19pt"
#define STEPS 4
#define POISSON_CLAUSES tile(16, 16, 8) chunksize(1, 1, 8)
#define POISSON_SEED_U 2
#define POISSON_SEED_F 5
#define FACES(U, z, y, x)                                                \
  (U[z][y][x - 1] + U[z][y][x + 1] + U[z][y - 1][x] + U[z][y + 1][x]     \
   + U[z - 1][y][x] + U[z + 1][y][x])
#define EDGES(U, z, y, x)                                                \
  (U[z][y - 1][x - 1] + U[z][y - 1][x + 1] + U[z][y + 1][x - 1]          \
   + U[z][y + 1][x + 1] + U[z - 1][y][x - 1] + U[z - 1][y][x + 1]        \
   + U[z + 1][y][x - 1] + U[z + 1][y][x + 1] + U[z - 1][y - 1][x]        \
   + U[z - 1][y + 1][x] + U[z + 1][y - 1][x] + U[z + 1][y + 1][x])
#define POISSON_STENCIL(U, F, z, y, x)                                   \
  ((2.0 * FACES (U, z, y, x) + EDGES (U, z, y, x) - 6.0 * H2 * F[z][y][x]) \
   / 24.0)
#include "paper-poisson3d.h"
