/* Strides of flat arrays held in variables set before the nest: a plane
   of nx * ny cells (int nxy = nx * ny), strides copied into variables of
   another type (ptrdiff_t sy = nx, sz = nx * ny), and the fields of a
   structure of arrays n = nx * ny apart.  The analysis reads them through
   their values, so the points write different elements, also where the
   loops' bounds are variables set to constants; a plane too small for
   its rows keeps the warning.  */
/* { dg-do compile } */
#include <stddef.h>

void
planes (double *a, double *b, int nx, int ny, int nz)
{
  int nxy = nx * ny;
#pragma mint copy(a, toDevice, nx, ny, nz)
#pragma mint copy(b, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int k = 1; k < nz - 1; k++)
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++)
          b[k * nxy + j * nx + i] = a[k * nxy + j * nx + i] /* { dg-bogus "cannot prove" } */
                                    + a[(k - 1) * nxy + j * nx + i]
                                    + a[k * nxy + (j + 1) * nx + i];
  }
#pragma mint copy(b, fromDevice, nx, ny, nz)
}

void
strides (double *u, double *w, int nx, int ny, int nz)
{
  const ptrdiff_t sy = nx, sz = (ptrdiff_t) nx * ny;
#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint copy(w, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int k = 1; k < nz - 1; k++)
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++)
          w[k * sz + j * sy + i] = u[k * sz + j * sy + i - 1] /* { dg-bogus "cannot prove" } */
                                   + u[(k + 1) * sz + j * sy + i];
  }
#pragma mint copy(w, fromDevice, nx, ny, nz)
}

void
fields (double *q, double *qn, int nx, int ny)
{
  int n = nx * ny;
#pragma mint copy(q, toDevice, nx * ny * 3)
#pragma mint copy(qn, toDevice, nx * ny * 3)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int v = 0; v < 3; v++)
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++)
          qn[v * n + j * nx + i] = q[v * n + j * nx + i] /* { dg-bogus "cannot prove" } */
                                   + q[v * n + (j - 1) * nx + i];
  }
#pragma mint copy(qn, fromDevice, nx * ny * 3)
}

void
too_small (double *a, double *b, int nx, int ny, int nz)
{
  int nxy = nx * (ny - 4);
#pragma mint copy(a, toDevice, nx, ny, nz)
#pragma mint copy(b, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int k = 1; k < nz - 1; k++)
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++)
          b[k * nxy + j * nx + i] = a[k * nxy + j * nx + i]; /* { dg-warning "cannot prove that the points of the parallel loop nest write different elements" } */
  }
#pragma mint copy(b, fromDevice, nx, ny, nz)
}

/* Extents in variables set to constants: the loops' bounds are those
   constants too, as the strides are.  */
void
constant_extents (double *v)
{
  int n = 100, m = 64;
#pragma mint copy(v, toDevice, n * m)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int j = 0; j < m; j++)
      for (int i = 0; i < n; i++)
        v[j * n + i] = i + j; /* { dg-bogus "same element" } */
  }
#pragma mint copy(v, fromDevice, n * m)
}

/* A row longer than its stride keeps the warning.  */
void
rows_too_long (double *v)
{
  int n = 100, w = 101;
#pragma mint copy(v, toDevice, n * n + 1)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int j = 0; j < n; j++)
      for (int i = 0; i < w; i++)
        v[j * n + i] = i + j; /* { dg-warning "writes the same element at different points" } */
  }
#pragma mint copy(v, fromDevice, n * n + 1)
}

/* A leading dimension in a local set to the row's length plus the
   halo (int ld = nx + 2): the halo columns of each row stay in it.  */
void
halo_columns (double *a, int nx, int ny)
{
  int ld = nx + 2;
#pragma mint copy(a, toDevice, ld, ny + 2)
#pragma mint parallel
  {
#pragma mint for
    for (int j = 1; j <= ny; j++)
      {
        a[j * ld + 0] = a[j * ld + nx]; /* { dg-bogus "cannot prove" } */
        a[j * ld + nx + 1] = a[j * ld + 1];
      }
  }
#pragma mint copy(a, fromDevice, ld, ny + 2)
}
