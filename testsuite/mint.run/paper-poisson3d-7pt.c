/* The Mint paper's 3D Poisson solver, 7-point Jacobi sweeps, over C99
   variably modified pointers double (*)[ny][nx] (Table 1).
   Usage: paper-poisson3d-7pt [N | NX NY NZ]  (default 40^3).  */
/* { dg-do run } */
#define POISSON_NAME "poisson3d-7pt"
#define STEPS 6
#define POISSON_CLAUSES tile(32, 8, 1)
#define POISSON_SEED_U 1
#define POISSON_SEED_F 7
#define POISSON_STENCIL(U, F, z, y, x)                                   \
  ((U[z][y][x - 1] + U[z][y][x + 1] + U[z][y - 1][x] + U[z][y + 1][x]    \
    + U[z - 1][y][x] + U[z + 1][y][x] - H2 * F[z][y][x]) / 6.0)
#include "paper-poisson3d.h"
