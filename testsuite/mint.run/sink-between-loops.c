/* Statements between the loops of nest(all) that only set what the inner
   loop's body reads: row pointers of a flat grid, a plane pointer and row
   pointers at two levels of a 3-D nest, a coordinate and a neighbour's
   index computed per row, a row's coefficient loaded, a grid written
   through a row pointer, and the bounds of the inner loops set between
   the loops (int in = nx - 1), which move before the nest; a row's
   coefficient loaded from an array the function allocates itself, with
   the inner loop's variable read after the nest.  The nests run as 2-D
   and 3-D kernels; each must give the CPU's answer.  */
/* { dg-do run } */
#include "mint-test.h"

#define NX 37
#define NY 21
#define NZ 9

#define ROWS_BODY                                                        \
  const double *row = u + j * nx, *up = row - nx;                        \
  const double *dn = &u[(j + 1) * nx];                                   \
  double *out = v + j * nx;                                              \
  double yj = 0.5 + j * dy;                                              \
  int jm = j - 1;                                                        \
  double cj = coef[j];                                                   \
  for (int i = 1; i < nx - 1; i++)                                       \
    out[i] = yj * (up[i] + dn[i] + row[i - 1] + row[i + 1])              \
             - cj * u[jm * nx + i]

#define PLANES_BODY                                                      \
  const double *plane = u + (long) k * nx * ny;                          \
  for (int j = 1; j < ny - 1; j++)                                       \
    {                                                                    \
      const double *p = plane + j * nx;                                  \
      const double *pb = p - nx * ny, *pf = p + nx * ny;                 \
      for (int i = 1; i < nx - 1; i++)                                   \
        v[((long) k * ny + j) * nx + i]                                  \
          = p[i - 1] + p[i + 1] + pb[i] + pf[i] + p[i - nx] + p[i + nx]  \
            - 6 * p[i];                                                  \
    }

#define BOUNDS_BODY                                                      \
  int jn = ny - 1;                                                       \
  for (int j = 1; j < jn; j++)                                           \
    {                                                                    \
      int in = nx - 1;                                                   \
      for (int i = 1; i < in; i++)                                       \
        v[((long) k * ny + j) * nx + i]                                  \
          = 0.5 * u[((long) k * ny + j) * nx + i - 1]                    \
            + 0.25 * u[((long) (k - 1) * ny + j) * nx + i];              \
    }

static void
rows (int nx, int ny, double dy, double *u, double *v, const double *coef)
{
#pragma mint copy(coef, toDevice, ny)
#pragma mint copy(u, toDevice, nx * ny)
#pragma mint copy(v, toDevice, nx * ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int j = 1; j < ny - 1; j++)
      {
        ROWS_BODY;
      }
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
      {
        PLANES_BODY
      }
  }
#pragma mint copy(v, fromDevice, nx * ny * nz)
}

static void
bounds (int nx, int ny, int nz, double *u, double *v)
{
#pragma mint copy(u, toDevice, nx * ny * nz)
#pragma mint copy(v, toDevice, nx * ny * nz)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int k = 1; k < nz - 1; k++)
      {
        BOUNDS_BODY
      }
  }
#pragma mint copy(v, fromDevice, nx * ny * nz)
}

#define ALLOCATED_BODY                                                   \
  double cj = c[j];                                                      \
  for (i = 1; i < nx - 1; i++)                                           \
    v[j * nx + i] = cj * u[j * nx + i] + u[j * nx + i - 1]

/* Into OUT (nx * ny) the nest over arrays of the function's own; the
   inner loop's variable after it.  */
static int
allocated (int nx, int ny, const double *u0, const double *coef,
           double *out)
{
  double *u = test_xmalloc (nx * ny * sizeof *u);
  double *v = test_xmalloc (nx * ny * sizeof *v);
  double *c = test_xmalloc (ny * sizeof *c);
  memcpy (u, u0, nx * ny * sizeof *u);
  memcpy (c, coef, ny * sizeof *c);
  memset (v, 0, nx * ny * sizeof *v);
  int i = -1;
#pragma mint copy(u, toDevice, nx, ny)
#pragma mint copy(v, toDevice, nx, ny)
#pragma mint copy(c, toDevice, ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int j = 1; j < ny - 1; j++)
      {
        ALLOCATED_BODY;
      }
  }
#pragma mint copy(v, fromDevice, nx, ny)
  memcpy (out, v, nx * ny * sizeof *v);
  free (u);
  free (v);
  free (c);
  return i;
}

int
main (void)
{
  const int nx = NX, ny = NY, nz = NZ, n = NX * NY * NZ;
  const double dy = 0.125;
  double *u = test_xmalloc (n * sizeof *u), *v = test_xmalloc (n * sizeof *v);
  double *r = test_xmalloc (n * sizeof *r);
  double *coef = test_xmalloc (NY * sizeof *coef);
  fill (u, NX, NY, NZ, 2);
  fill (coef, NY, 1, 1, 3);

  memset (v, 0, n * sizeof *v);
  memset (r, 0, n * sizeof *r);
  rows (NX, NY, dy, u, v, coef);
  {
    double *keep = v;
    v = r;
    for (int j = 1; j < ny - 1; j++)
      {
        ROWS_BODY;
      }
    v = keep;
  }
  double error = max_error (v, r, NX * NY);

  memset (v, 0, n * sizeof *v);
  memset (r, 0, n * sizeof *r);
  planes (NX, NY, NZ, u, v);
  {
    double *keep = v;
    v = r;
    for (int k = 1; k < nz - 1; k++)
      {
        PLANES_BODY
      }
    v = keep;
  }
  error = fmax (error, max_error (v, r, n));

  memset (v, 0, n * sizeof *v);
  memset (r, 0, n * sizeof *r);
  bounds (NX, NY, NZ, u, v);
  {
    double *keep = v;
    v = r;
    for (int k = 1; k < nz - 1; k++)
      {
        BOUNDS_BODY
      }
    v = keep;
  }
  error = fmax (error, max_error (v, r, n));

  memset (r, 0, n * sizeof *r);
  int last = allocated (NX, NY, u, coef, v), i;
  {
    double *c = coef, *keep = v;
    v = r;
    for (int j = 1; j < ny - 1; j++)
      {
        ALLOCATED_BODY;
      }
    v = keep;
    if (last != i)
      {
        printf ("the inner loop's variable after the nest: %d, not %d\n",
                last, i);
        error = 1;
      }
  }
  error = fmax (error, max_error (v, r, NX * NY));
  printf ("v[%d] %.17g\n", NX * NY + 40, v[NX * NY + 40]);
  return test_report ("statements between the loops", error, TOL_DOUBLE);
}
