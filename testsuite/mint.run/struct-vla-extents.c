/* Variably modified pointers declared in a function body with extents
   read from structure members, double (*u)[g->ny + 2][g->nx + 2] and
   float (*)[2 * g->half], cast from flat allocations: GCC reloads the
   members at each subscript instead of keeping the extents, which must
   still be recognized as the rows and planes.  A time loop swaps the
   pointers in its single block.  */
/* { dg-do run } */
#include "mint-test.h"

struct grid
{
  int nx, ny, nz, half;
  double *data[2];
  float *plane[2];
};

#define STENCIL(u, z, y, x)                                              \
  (0.4 * u[z][y][x] + 0.1 * (u[z][y][x - 1] + u[z][y][x + 1]             \
                             + u[z][y - 1][x] + u[z][y + 1][x]           \
                             + u[z - 1][y][x] + u[z + 1][y][x]))
#define BLUR(p, y, x)                                                    \
  (0.5f * p[y][x] + 0.25f * (p[y - 1][x] + p[y][x + 1]))

static void
run_mint (const struct grid *g, int steps)
{
  double (*u)[g->ny + 2][g->nx + 2]
    = (double (*)[g->ny + 2][g->nx + 2]) g->data[0];
  double (*v)[g->ny + 2][g->nx + 2] = (void *) g->data[1];
  float (*p)[2 * g->half] = (float (*)[2 * g->half]) g->plane[0];
  float (*q)[2 * g->half] = (void *) g->plane[1];
  int nx = g->nx, ny = g->ny, nz = g->nz;
#pragma mint copy(u, toDevice, g->nx + 2, g->ny + 2, g->nz + 2)
#pragma mint copy(v, toDevice, nx + 2, ny + 2, nz + 2)
#pragma mint copy(p, toDevice, 2 * g->half, g->ny)
#pragma mint copy(q, toDevice, 2 * g->half, g->ny)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all) tile(32, 4, 4)
        for (int z = 1; z <= nz; z++)
          for (int y = 1; y <= ny; y++)
            for (int x = 1; x <= nx; x++)
              v[z][y][x] = STENCIL (u, z, y, x);
#pragma mint single
        {
          double (*w)[g->ny + 2][g->nx + 2] = u;
          u = v;
          v = w;
        }
      }
#pragma mint for nest(all)
    for (int y = 1; y < ny; y++)
      for (int x = 0; x < 2 * g->half - 1; x++)
        q[y][x] = BLUR (p, y, x) + (float) u[1][y][1];
  }
#pragma mint copy(u, fromDevice, nx + 2, ny + 2, nz + 2)
#pragma mint copy(q, fromDevice, 2 * g->half, g->ny)
}

static void
run_cpu (int nx, int ny, int nz, int w, double (*u)[ny + 2][nx + 2],
         double (*v)[ny + 2][nx + 2], float (*p)[w], float (*q)[w],
         int steps)
{
  for (int t = 0; t < steps; t++)
    {
      for (int z = 1; z <= nz; z++)
        for (int y = 1; y <= ny; y++)
          for (int x = 1; x <= nx; x++)
            v[z][y][x] = STENCIL (u, z, y, x);
      double (*s)[ny + 2][nx + 2] = u;
      u = v;
      v = s;
    }
  for (int y = 1; y < ny; y++)
    for (int x = 0; x < w - 1; x++)
      q[y][x] = BLUR (p, y, x) + (float) u[1][y][1];
}

int
main (void)
{
  struct grid g = { 45, 19, 11, 20, { NULL, NULL }, { NULL, NULL } };
  int steps = 5, cells = (g.nx + 2) * (g.ny + 2) * (g.nz + 2);
  int pixels = 2 * g.half * g.ny;
  double *a = test_xmalloc (cells * sizeof *a);
  double *b = test_xmalloc (cells * sizeof *b);
  double *ra = test_xmalloc (cells * sizeof *a);
  double *rb = test_xmalloc (cells * sizeof *b);
  float *p = test_xmalloc (pixels * sizeof *p);
  float *q = test_xmalloc (pixels * sizeof *q);
  float *rq = test_xmalloc (pixels * sizeof *q);
  fill (a, g.nx + 2, g.ny + 2, g.nz + 2, 1);
  fill (ra, g.nx + 2, g.ny + 2, g.nz + 2, 1);
  fill (b, g.nx + 2, g.ny + 2, g.nz + 2, 2);
  fill (rb, g.nx + 2, g.ny + 2, g.nz + 2, 2);
  fill (p, 2 * g.half, g.ny, 1, 3);
  fill (q, 2 * g.half, g.ny, 1, 4);
  fill (rq, 2 * g.half, g.ny, 1, 4);
  g.data[0] = a;
  g.data[1] = b;
  g.plane[0] = p;
  g.plane[1] = q;

  run_mint (&g, steps);
  run_cpu (g.nx, g.ny, g.nz, 2 * g.half, (void *) ra, (void *) rb,
           (void *) p, (void *) rq, steps);

  /* After an odd number of steps the result is in the second buffer.  */
  int status = test_report ("double (*)[g->ny + 2][g->nx + 2]",
                            max_error (steps % 2 ? b : a, steps % 2 ? rb : ra,
                                       cells), TOL_DOUBLE);
  status |= test_report ("float (*)[2 * g->half]",
                         max_error (q, rq, pixels), TOL_FLOAT);
  free (a);
  free (b);
  free (ra);
  free (rb);
  free (p);
  free (q);
  free (rq);
  return status;
}
