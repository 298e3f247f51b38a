/* `single' blocks that set the boundary through pointers of their own
   to rows of a copied array (double *top = u + (ny - 1) * nx, and one
   per row in a loop of the block) run on the device, as one thread
   between the kernels; a block whose pointer is set twice stays on the
   host, where its array is not written by a kernel.  Each must give the
   CPU's answer.  */
/* { dg-do run } */
#include "mint-test.h"

#define NX 41
#define NY 23
#define STEPS 7

#define EDGES(u, nx, ny)                                                  \
  {                                                                       \
    double *top = u + (ny - 1) * nx, *below = u + (ny - 2) * nx;          \
    const double *second = &u[nx];                                        \
    double *first = u;                                                    \
    for (int i = 0; i < nx; i++)                                          \
      {                                                                   \
        top[i] = below[i];                                                \
        first[i] = second[i];                                             \
      }                                                                   \
    for (int j = 0; j < ny; j++)                                          \
      {                                                                   \
        double *r = u + j * nx;                                           \
        r[0] = r[1];                                                      \
        r[nx - 1] = r[nx - 2];                                            \
      }                                                                   \
  }

#define SMOOTH(PRAGMA, u, v, nx, ny)                                      \
  PRAGMA (for nest(all))                                                  \
  for (int j = 1; j < ny - 1; j++)                                        \
    for (int i = 1; i < nx - 1; i++)                                      \
      v[j * nx + i] = 0.5 * u[j * nx + i]                                 \
                      + 0.125 * (u[j * nx + i - 1] + u[j * nx + i + 1]    \
                                 + u[(j - 1) * nx + i]                    \
                                 + u[(j + 1) * nx + i]);

static void
run (double *u, double *v, const double *w, double *sum, int nx, int ny)
{
#pragma mint copy(u, toDevice, nx * ny)
#pragma mint copy(v, toDevice, nx * ny)
#pragma mint copy(w, toDevice, nx * ny)
#pragma mint parallel
  {
    for (int t = 0; t < STEPS; t++)
      {
#pragma mint single
        EDGES (u, nx, ny)
        SMOOTH (MINT_PRAGMA, u, v, nx, ny)
#pragma mint single
        EDGES (v, nx, ny)
        SMOOTH (MINT_PRAGMA, v, u, nx, ny)
      }
#pragma mint for
    for (int i = 0; i < nx * ny; i++)
      v[i] = w[i];
#pragma mint single
    {
      const double *p = w;
      double s = p[0];
      p = w + nx;
      sum[0] = s + p[1];
    }
  }
#pragma mint copy(u, fromDevice, nx * ny)
}

int
main (void)
{
  TWO_FILLED (double, u, NX, NY, 1, 1);
  TWO_FILLED (double, v, NX, NY, 1, 2);
  TWO_FILLED (double, w, NX, NY, 1, 3);
  double sum[2];
  run (u[0], v[0], w[0], &sum[0], NX, NY);
  for (int t = 0; t < STEPS; t++)
    {
      EDGES (u[1], NX, NY)
      SMOOTH (NO_PRAGMA, u[1], v[1], NX, NY)
      EDGES (v[1], NX, NY)
      SMOOTH (NO_PRAGMA, v[1], u[1], NX, NY)
    }
  sum[1] = w[1][0] + w[1][NX + 1];
  printf ("u[5][7] %.17g\n", u[0][5 * NX + 7]);
  return test_report ("edges through row pointers",
                      max_error (u[0], u[1], NX * NY), TOL_DOUBLE)
         | test_report ("a pointer set twice, on the host",
                        max_error (&sum[0], &sum[1], 1), TOL_DOUBLE);
}
