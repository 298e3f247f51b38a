/* Pointers declared in the loop body to rows and planes of the Mint
   paper's T *** grids (double *row = u[k][j]; double **below = u[k - 1]),
   set once before their uses: each stands for the grid, and the nest is
   the one written with u[k][j][i].  Set between the loops, they move
   into the inner loop's body, and nest(all) is 3-D.  Each must give the
   CPU's answer.  */
/* { dg-do run } */
#include "mint-test.h"

#define NX 37
#define NY 21
#define NZ 11

#define ROWS_BODY                                                        \
  const double *row = u[k][j], *north = u[k][j + 1], *south = u[k][j - 1]; \
  double **below = u[k - 1];                                             \
  double *out = v[k][j];                                                 \
  out[i] = 0.4 * row[i] + 0.1 * (row[i - 1] + row[i + 1] + north[i]      \
                                 + south[i] + below[j][i]                \
                                 + u[k + 1][j][i])

#define BETWEEN_BODY                                                     \
  const double *row = u[k][j], *north = u[k][j + 1];                     \
  double *out = v[k][j];                                                 \
  for (int i = 1; i < nx - 1; i++)                                       \
    out[i] = 0.5 * row[i] + 0.25 * (row[i + 1] + north[i])

static void
between (int nx, int ny, int nz, double ***u, double ***v)
{
#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint copy(v, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int k = 1; k < nz - 1; k++)
      for (int j = 1; j < ny - 1; j++)
        {
          BETWEEN_BODY;
        }
  }
#pragma mint copy(v, fromDevice, nx, ny, nz)
}

static void
rows (int nx, int ny, int nz, double ***u, double ***v)
{
#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint copy(v, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int k = 1; k < nz - 1; k++)
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++)
          {
            ROWS_BODY;
          }
  }
#pragma mint copy(v, fromDevice, nx, ny, nz)
}

int
main (void)
{
  double ***u = alloc3d_double (NX, NY, NZ), ***v = alloc3d_double (NX, NY, NZ);
  double ***r = alloc3d_double (NX, NY, NZ);
  const int n = NX * NY * NZ;
  fill (u[0][0], NX, NY, NZ, 5);
  memset (v[0][0], 0, n * sizeof (double));
  memset (r[0][0], 0, n * sizeof (double));
  rows (NX, NY, NZ, u, v);
  {
    double ***keep = v;
    v = r;
    for (int k = 1; k < NZ - 1; k++)
      for (int j = 1; j < NY - 1; j++)
        for (int i = 1; i < NX - 1; i++)
          {
            ROWS_BODY;
          }
    v = keep;
  }
  printf ("v[3][4][5] %.17g\n", v[3][4][5]);
  double error = max_error (v[0][0], r[0][0], n);

  memset (v[0][0], 0, n * sizeof (double));
  memset (r[0][0], 0, n * sizeof (double));
  between (NX, NY, NZ, u, v);
  {
    const int nx = NX;
    double ***keep = v;
    v = r;
    for (int k = 1; k < NZ - 1; k++)
      for (int j = 1; j < NY - 1; j++)
        {
          BETWEEN_BODY;
        }
    v = keep;
  }
  printf ("v[3][4][5] %.17g\n", v[3][4][5]);
  error = fmax (error, max_error (v[0][0], r[0][0], n));
  return test_report ("rows of a T *** grid", error, TOL_DOUBLE);
}
