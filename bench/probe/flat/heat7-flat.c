/* heat7-flat.c -- heat7 (stencils.h's 7-point heat step) written over a
   flat double * with an index macro, as many solvers write it; built with
   -DGRID, the same over a pointer to planes, double (*u)[NY][NX].  The
   plugin delinearizes the flat form from level 3 on (delinearize.h), so
   the two should run alike: build.sh builds both autotuned, and its
   run.sh times their kernels with MINT_PROFILE=1; their sums must agree.
   Usage: heat7-flat [N [STEPS]] (default 512, 100).  */

#include <stdio.h>
#include <stdlib.h>

/* STEPS steps over the grid of (NZ + 2) planes of SY rows of SX doubles
   at A, B (ghost cells included); returns the array the last step
   wrote.  */
static double *
sweep (int sx, int sy, int nz, int steps, double *a, double *b)
{
  const int nx = sx - 2, ny = sy - 2;
  size_t cells = (size_t) sx * sy * (nz + 2);
#ifdef GRID
  double (*u)[sy][sx] = (void *) a, (*unew)[sy][sx] = (void *) b;
# define U(z, y, x) u[z][y][x]
# define UNEW(z, y, x) unew[z][y][x]
#pragma mint copy(u, toDevice, sx, sy, nz + 2)
#pragma mint copy(unew, toDevice, sx, sy, nz + 2)
#else
  double *u = a, *unew = b;
# define IDX(z, y, x) (((size_t) (z) * sy + (y)) * sx + (x))
# define U(z, y, x) u[IDX (z, y, x)]
# define UNEW(z, y, x) unew[IDX (z, y, x)]
#pragma mint copy(u, toDevice, cells)
#pragma mint copy(unew, toDevice, cells)
#endif
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        for (int z = 1; z <= nz; z++)
          for (int y = 1; y <= ny; y++)
            for (int x = 1; x <= nx; x++)
              UNEW (z, y, x) = 0.4 * U (z, y, x)
                + 0.1 * (U (z, y, x - 1) + U (z, y, x + 1) + U (z, y - 1, x)
                         + U (z, y + 1, x) + U (z - 1, y, x)
                         + U (z + 1, y, x));
#pragma mint single
        {
          __typeof__ (u) tmp = u;
          u = unew;
          unew = tmp;
        }
      }
  }
#ifdef GRID
#pragma mint copy(u, fromDevice, sx, sy, nz + 2)
  (void) cells;
  return &u[0][0][0];
#else
#pragma mint copy(u, fromDevice, cells)
  return u;
#endif
}

int
main (int argc, char **argv)
{
  const int n = argc > 1 ? atoi (argv[1]) : 512;
  const int steps = argc > 2 ? atoi (argv[2]) : 100;
  size_t cells = (size_t) (n + 2) * (n + 2) * (n + 2);
  double *a = calloc (cells, sizeof *a), *b = calloc (cells, sizeof *b);
  if (!a || !b)
    {
      fprintf (stderr, "heat7-flat: out of memory\n");
      return 1;
    }
  for (size_t i = 0; i < cells; i++)
    a[i] = b[i] = (double) (i % 1009) / 1009.0;
  const double *out = sweep (n + 2, n + 2, n, steps, a, b);
  double sum = 0;
  for (size_t i = 0; i < cells; i++)
    sum += out[i] * (double) (i % 7 + 1);
  printf ("sum %.17g\n", sum);
  free (a);
  free (b);
  return 0;
}
