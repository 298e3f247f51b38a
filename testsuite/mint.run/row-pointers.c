/* Pointers declared in the loop body to rows or planes of a copied array,
   each set once before its uses to the array plus an offset that keeps
   its value up to them: the accesses through them are the array's.  Rows
   of a flat 2-D array read and written through such pointers, planes of
   a 3-D one, a plane chosen in a loop of the body, the point's own
   element (w = &u[i]), rows of structure members (g->u + j * g->nx), in
   double and float.  */
/* { dg-do run } */
#include "mint-test.h"

#define NX 45
#define NY 23
#define NZ 11

#define ROWS(u, v, j, i)                                                 \
  do                                                                     \
    {                                                                    \
      const double *up = u + (j - 1) * nx, *uc = u + j * nx;             \
      const double *dn = &u[(j + 1) * nx];                               \
      double *out = v + j * nx;                                          \
      out[i] = 0.25 * (up[i] + dn[i] + uc[i - 1] + uc[i + 1]) - uc[i];   \
    }                                                                    \
  while (0)

#define PLANES(T, u, v, k, j, i)                                         \
  do                                                                     \
    {                                                                    \
      const T *p = u + ((long) k * ny + j) * nx;                         \
      const T *pb = p - nx * ny, *pf = p + nx * ny;                      \
      v[((long) k * ny + j) * nx + i]                                    \
        = p[i - 1] + p[i + 1] + pb[i] + pf[i] + p[i - nx] + p[i + nx]    \
          - 6 * p[i];                                                    \
    }                                                                    \
  while (0)

#define COLUMN(u, w, j, i)                                               \
  do                                                                     \
    {                                                                    \
      double s = 0;                                                      \
      for (int k = 0; k < nz; k++)                                       \
        {                                                                \
          const double *plane = u + k * nx * ny;                         \
          s += plane[j * nx + i] * (k + 1);                              \
        }                                                                \
      w[j * nx + i] = s;                                                 \
    }                                                                    \
  while (0)

struct grid
{
  int nx, ny;
  double *u, *v;
};

static void
member_rows (struct grid *g)
{
#pragma mint copy(g->u, toDevice, g->nx * g->ny)
#pragma mint copy(g->v, toDevice, g->nx * g->ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int j = 1; j < g->ny - 1; j++)
      for (int i = 1; i < g->nx - 1; i++)
        {
          const double *rc = g->u + j * g->nx, *rs = &g->u[(j - 1) * g->nx];
          double *out = g->v + j * g->nx;
          out[i] = rc[i] - 0.25 * (rc[i] - rc[i - 1]) - 0.5 * (rc[i] - rs[i]);
        }
  }
#pragma mint copy(g->v, fromDevice, g->nx * g->ny)
}

static void
rows (int nx, int ny, double *u, double *v)
{
#pragma mint copy(u, toDevice, nx * ny)
#pragma mint copy(v, toDevice, nx * ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        ROWS (u, v, j, i);
  }
#pragma mint copy(v, fromDevice, nx * ny)
}

static void
planes (int nx, int ny, int nz, double *u, double *v)
{
#pragma mint copy(u, toDevice, nx * ny * nz)
#pragma mint copy(v, toDevice, nx * ny * nz)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int k = 1; k < nz - 1; k++)
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++)
          PLANES (double, u, v, k, j, i);
  }
#pragma mint copy(v, fromDevice, nx * ny * nz)
}

static void
planes_float (int nx, int ny, int nz, float *u, float *v)
{
#pragma mint copy(u, toDevice, nx * ny * nz)
#pragma mint copy(v, toDevice, nx * ny * nz)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int k = 1; k < nz - 1; k++)
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++)
          PLANES (float, u, v, k, j, i);
  }
#pragma mint copy(v, fromDevice, nx * ny * nz)
}

static void
column (int nx, int ny, int nz, double *u, double *w)
{
#pragma mint copy(u, toDevice, nx * ny * nz)
#pragma mint copy(w, toDevice, nx * ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx; i++)
        COLUMN (u, w, j, i);
  }
#pragma mint copy(w, fromDevice, nx * ny)
}

static void
own (int n, double *u, double *v)
{
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < n - 1; i++)
      {
        double *w = &u[i];
        v[i] = w[0] + w[1] - w[-1];
      }
  }
#pragma mint copy(v, fromDevice, n)
}

int
main (void)
{
  const int nx = NX, ny = NY, nz = NZ, n = NX * NY * NZ;
  double *u = test_xmalloc (n * sizeof *u), *v = test_xmalloc (n * sizeof *v);
  double *r = test_xmalloc (n * sizeof *r);
  float *f = test_xmalloc (n * sizeof *f), *g = test_xmalloc (n * sizeof *g);
  float *h = test_xmalloc (n * sizeof *h);
  fill (u, NX, NY, NZ, 1);
  for (int k = 0; k < n; k++)
    f[k] = (float) u[k];
  double error = 0;

  memset (v, 0, n * sizeof *v);
  memset (r, 0, n * sizeof *r);
  rows (NX, NY, u, v);
  for (int j = 1; j < ny - 1; j++)
    for (int i = 1; i < nx - 1; i++)
      ROWS (u, r, j, i);
  error = fmax (error, max_error (v, r, NX * NY));

  memset (v, 0, n * sizeof *v);
  memset (r, 0, n * sizeof *r);
  planes (NX, NY, NZ, u, v);
  for (int k = 1; k < nz - 1; k++)
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        PLANES (double, u, r, k, j, i);
  error = fmax (error, max_error (v, r, n));

  memset (v, 0, n * sizeof *v);
  memset (r, 0, n * sizeof *r);
  column (NX, NY, NZ, u, v);
  for (int j = 0; j < ny; j++)
    for (int i = 0; i < nx; i++)
      COLUMN (u, r, j, i);
  error = fmax (error, max_error (v, r, NX * NY));

  memset (v, 0, n * sizeof *v);
  memset (r, 0, n * sizeof *r);
  struct grid grid = { NX, NY, u, v };
  member_rows (&grid);
  for (int j = 1; j < ny - 1; j++)
    for (int i = 1; i < nx - 1; i++)
      r[j * nx + i] = u[j * nx + i] - 0.25 * (u[j * nx + i] - u[j * nx + i - 1])
                      - 0.5 * (u[j * nx + i] - u[(j - 1) * nx + i]);
  error = fmax (error, max_error (v, r, NX * NY));

  memset (v, 0, n * sizeof *v);
  memset (r, 0, n * sizeof *r);
  own (n, u, v);
  for (int i = 1; i < n - 1; i++)
    r[i] = u[i] + u[i + 1] - u[i - 1];
  error = fmax (error, max_error (v, r, n));

  memset (g, 0, n * sizeof *g);
  memset (h, 0, n * sizeof *h);
  planes_float (NX, NY, NZ, f, g);
  for (int k = 1; k < nz - 1; k++)
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        PLANES (float, f, h, k, j, i);
  double ferror = max_error (g, h, n);

  printf ("v[5] %.17g\n", v[5]);
  int status = test_report ("row pointers", error, TOL_DOUBLE);
  return status | test_report ("row pointers, float", ferror, TOL_FLOAT);
}
