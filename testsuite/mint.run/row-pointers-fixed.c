/* Pointers declared in the loop body to rows of arrays of two or three
   subscripts: of a fixed 2-D array (const double *r = A[j], and
   &A[j][0]), of a pointer to planes (u[k][j] of a double
   (*u)[ny][nx]), for reading and for storing, set once before their
   uses, also between the loops.  Each stands for its array; the kernel
   must give the CPU's answer.  */
/* { dg-do run } */
#include "mint-test.h"

#define N 45
#define NX 37
#define NY 13
#define NZ 11

static double A[N][N], B[N][N], R[N][N];

#define GRID_BODY(OUT)                                                   \
  const double *r = A[j], *up = &A[j - 1][0], *dn = A[j + 1];            \
  double *o = OUT[j];                                                    \
  o[i] = 0.5 * r[i] + 0.125 * (r[i - 1] + r[i + 1] + up[i] + dn[i])

#define PLANE_BODY                                                       \
  out[i] = 0.25 * (row[i - 1] + row[i + 1]) + 0.5 * u[k - 1][j][i]

static void
grid (void)
{
#pragma mint copy(A, toDevice, N, N)
#pragma mint copy(B, toDevice, N, N)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int j = 1; j < N - 1; j++)
      for (int i = 1; i < N - 1; i++)
        {
          GRID_BODY (B);
        }
  }
#pragma mint copy(B, fromDevice, N, N)
}

static void
planes (int nx, int ny, int nz, double (*u)[ny][nx], double (*v)[ny][nx])
{
#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint copy(v, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int k = 1; k < nz; k++)
      for (int j = 0; j < ny; j++)
        {
          const double *row = u[k][j];
          double *out = v[k][j];
          for (int i = 1; i < nx - 1; i++)
            {
              PLANE_BODY;
            }
        }
  }
#pragma mint copy(v, fromDevice, nx, ny, nz)
}

int
main (void)
{
  fill (&A[0][0], N, N, 1, 3);
  grid ();
  for (int j = 1; j < N - 1; j++)
    for (int i = 1; i < N - 1; i++)
      {
        GRID_BODY (R);
      }
  int nx = NX, ny = NY, nz = NZ;
  double (*u)[NY][NX] = test_xmalloc (sizeof (double[NZ][NY][NX]));
  double (*v)[NY][NX] = test_xmalloc (sizeof (double[NZ][NY][NX]));
  double (*w)[NY][NX] = test_xmalloc (sizeof (double[NZ][NY][NX]));
  fill (&u[0][0][0], NX, NY, NZ, 5);
  memset (v, 0, sizeof (double[NZ][NY][NX]));
  memset (w, 0, sizeof (double[NZ][NY][NX]));
  planes (NX, NY, NZ, u, v);
  for (int k = 1; k < nz; k++)
    for (int j = 0; j < ny; j++)
      {
        const double *row = u[k][j];
        double *out = w[k][j];
        for (int i = 1; i < nx - 1; i++)
          {
            PLANE_BODY;
          }
      }
  printf ("B[7][9] %.17g v[3][4][5] %.17g\n", B[7][9], v[3][4][5]);
  return test_report ("rows of a fixed 2-D array",
                      max_error (&B[0][0], &R[0][0], N * N), TOL_DOUBLE)
         | test_report ("rows of a pointer to planes",
                        max_error (&v[0][0][0], &w[0][0][0], NX * NY * NZ),
                        TOL_DOUBLE);
}
