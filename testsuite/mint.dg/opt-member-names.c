/* The optimizer's notes (kept in the .cu beside each kernel) name arrays
   the way the program does: g->u, not the kernel parameter's name.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=4" } */

struct grid
{
  int nx, ny, nz;
  double (*u)[64][64], (*v)[64][64];
};

void
heat (struct grid *g, int steps)
{
#pragma mint copy(g->u, toDevice, 64, 64, g->nz)
#pragma mint copy(g->v, toDevice, 64, 64, g->nz)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all) tile(32, 8, 4) chunksize(1, 1, 4) nowait
        for (int z = 1; z < g->nz - 1; z++)
          for (int y = 1; y < 63; y++)
            for (int x = 1; x < 63; x++)
              g->v[z][y][x] = 0.4 * g->u[z][y][x]
                + 0.1 * (g->u[z][y][x - 1] + g->u[z][y][x + 1]
                         + g->u[z][y - 1][x] + g->u[z][y + 1][x]
                         + g->u[z - 1][y][x] + g->u[z + 1][y][x]);
#pragma mint single
        {
          double (*tmp)[64][64] = g->u;
          g->u = g->v;
          g->v = tmp;
        }
      }
  }
#pragma mint copy(g->u, fromDevice, 64, 64, g->nz)
}

/* { dg-final { scan-mint-cu "level 3: each thread walks 4 points along z\[^;\]*; g->u in registers; 16-byte accesses to g->u, g->v where rows are aligned" } } */
/* { dg-final { scan-mint-cu "temporal blocking: 3 steps per launch where the program repeats the nest with g->u and g->v swapped" } } */
