/* Pointers to arrays of constant extents, double (*)[NY][NX], held in
   structure members and passed as parameters: a stencil reading planes
   z - 1 and z + 1 (GCC folds (z - 1) * NY * NX * 8 into a product minus a
   constant), a scalar and a bound reached through a pointer member
   (s->in->r, s->in->n), the members swapped in a single block.  */
/* { dg-do run } */
#include "mint-test.h"

#define NX 21
#define NY 13
#define NZ 9
#define STEPS 4
#define STENCIL(u, r, z, y, x)                                           \
  (u[z][y][x] * r + 0.25 * (u[z - 1][y][x] + u[z + 1][y][x - 1])         \
   + 0.125 * u[z][y + 1][x + 1])

struct inner
{
  double r;
  int n;
};

struct sim
{
  double (*grid)[NY][NX], (*next)[NY][NX];
  struct inner *in;
};

static void
run_mint (struct sim *s, double (*plain)[NY][NX], double (*out)[NY][NX])
{
#pragma mint copy(s->grid, toDevice, NX, NY, NZ)
#pragma mint copy(s->next, toDevice, NX, NY, NZ)
#pragma mint copy(plain, toDevice, NX, NY, NZ)
#pragma mint copy(out, toDevice, NX, NY, NZ)
#pragma mint parallel
  {
    for (int t = 0; t < STEPS; t++)
      {
#pragma mint for nest(all) tile(8, 4, 2)
        for (int z = 1; z < NZ - 1; z++)
          for (int y = 1; y < NY - 1; y++)
            for (int x = 1; x < s->in->n; x++)
              s->next[z][y][x] = STENCIL (s->grid, s->in->r, z, y, x);
#pragma mint single
        {
          double (*tmp)[NY][NX] = s->grid;
          s->grid = s->next;
          s->next = tmp;
          s->in->r *= 0.5;
        }
      }
#pragma mint for nest(all)
    for (int z = 1; z < NZ - 1; z++)
      for (int y = 1; y < NY - 1; y++)
        for (int x = 1; x < NX - 1; x++)
          out[z][y][x] = STENCIL (plain, 0.5, z, y, x);
  }
#pragma mint copy(s->grid, fromDevice, NX, NY, NZ)
#pragma mint copy(out, fromDevice, NX, NY, NZ)
}

static void
run_cpu (struct sim *s, double (*plain)[NY][NX], double (*out)[NY][NX])
{
  for (int t = 0; t < STEPS; t++)
    {
      for (int z = 1; z < NZ - 1; z++)
        for (int y = 1; y < NY - 1; y++)
          for (int x = 1; x < s->in->n; x++)
            s->next[z][y][x] = STENCIL (s->grid, s->in->r, z, y, x);
      double (*tmp)[NY][NX] = s->grid;
      s->grid = s->next;
      s->next = tmp;
      s->in->r *= 0.5;
    }
  for (int z = 1; z < NZ - 1; z++)
    for (int y = 1; y < NY - 1; y++)
      for (int x = 1; x < NX - 1; x++)
        out[z][y][x] = STENCIL (plain, 0.5, z, y, x);
}

static double (*grid (int seed))[NY][NX]
{
  double (*g)[NY][NX] = test_xmalloc (sizeof (double[NZ][NY][NX]));
  fill (&g[0][0][0], NX, NY, NZ, seed);
  return g;
}

int
main (void)
{
  struct inner in = { 0.75, NX - 1 }, rin = in;
  struct sim s = { grid (1), grid (2), &in }, rs = { grid (1), grid (2),
                                                     &rin };
  double (*plain)[NY][NX] = grid (3), (*out)[NY][NX] = grid (4);
  double (*rout)[NY][NX] = grid (4);
  run_mint (&s, plain, out);
  run_cpu (&rs, plain, rout);
  size_t n = (size_t) NX * NY * NZ;
  int status = test_report ("member grids", max_error (&s.grid[0][0][0],
                                                       &rs.grid[0][0][0], n),
                            TOL_DOUBLE);
  status |= test_report ("parameter grid", max_error (&out[0][0][0],
                                                      &rout[0][0][0], n),
                         TOL_DOUBLE);
  status |= test_report ("r", max_error (&in.r, &rin.r, 1), TOL_EXACT);
  free (s.grid);
  free (s.next);
  free (rs.grid);
  free (rs.next);
  free (plain);
  free (out);
  free (rout);
  return status;
}
