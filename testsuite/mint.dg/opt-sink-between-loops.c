/* Statements between the loops that only set what the inner loop's body
   reads move into it, so nest(all) and nest(2) take both loops (a load of
   an array that the inner loop does not store to, too); where one
   stores, is read after the inner loop, is set under a condition, is
   also set in the inner loop or loads from an array the inner loop
   stores to, the nest stays as it stands: nest(all) stops above it, and
   nest(2) is the error for a statement between the loops.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=3 -fplugin-arg-mint-verbose" } */

void
f (int nx, int ny, double *u, double *v, const double *c, double *last)
{
#pragma mint copy(u, toDevice, nx * ny)
#pragma mint copy(v, toDevice, nx * ny)
#pragma mint copy(c, toDevice, ny)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "offloaded .mint_f_19.: 2-D" } */
    for (int j = 1; j < ny - 1; j++)
      {
        const double *row = u + j * nx;
        int jp = j + 1;
        for (int i = 1; i < nx - 1; i++)
          v[j * nx + i] = row[i - 1] + row[i + 1] + u[jp * nx + i];
      }
#pragma mint for nest(all) /* { dg-message "offloaded .mint_f_27.: 1-D" } */
    for (int j = 1; j < ny - 1; j++)
      {
        const double *row = u + j * nx;
        for (int i = 1; i < nx - 1; i++)
          v[j * nx + i] = row[i - 1] + row[i + 1];
        v[j * nx] = row[1];
      }
#pragma mint for nest(all) /* { dg-message "offloaded .mint_f_35.: 1-D" } */
    for (int j = 1; j < ny - 1; j++)
      {
        double s = 0;
        for (int i = 1; i < nx - 1; i++)
          s += u[j * nx + i];
        v[j * nx] = s;
      }
#pragma mint for nest(all) /* { dg-message "offloaded .mint_f_43.: 2-D" } */
    for (int j = 1; j < ny - 1; j++)
      {
        double cj = c[j];
        for (int i = 1; i < nx - 1; i++)
          v[j * nx + i] = cj * u[j * nx + i];
      }
#pragma mint for nest(all) /* { dg-message "offloaded .mint_f_50.: 1-D" } */
    for (int j = 1; j < ny - 1; j++)
      {
        double first = v[j * nx];
        for (int i = 1; i < nx - 1; i++)
          v[j * nx + i] = first + u[j * nx + i];
      }
#pragma mint for nest(2) /* { dg-error "needs 2 perfectly nested loops, but a statement stands between loop 1 and loop 2" } */
    for (int j = 1; j < ny - 1; j++)
      {
        const double *row = u + j * nx;
        if (j > 2)
          row = u;
        for (int i = 1; i < nx - 1; i++)
          v[j * nx + i] = row[i];
      }
  }
#pragma mint copy(v, fromDevice, nx * ny)
  *last = v[nx + 1];
}

/* A bound of the inner loop set between the loops from values that the
   nest does not change moves before the nest, in a 2-D and a 3-D nest;
   one that an outer loop's variable gives, or that is read after the
   nest, stays, and the nest is the error for a bound that changes.  */
void
bounds (int nx, int ny, int nz, double *u, double *v, int *m)
{
  int last;
#pragma mint copy(u, toDevice, nx * ny * nz)
#pragma mint copy(v, toDevice, nx * ny * nz)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "offloaded .mint_bounds_83.: 2-D" } */
    for (int j = 1; j < ny - 1; j++)
      {
        int n1 = nx - 1;
        for (int i = 1; i < n1; i++)
          v[j * nx + i] = u[j * nx + i - 1] + u[j * nx + i + 1];
      }
#pragma mint for nest(all) /* { dg-message "offloaded .mint_bounds_90.: 3-D" } */
    for (int k = 1; k < nz - 1; k++)
      {
        int jn = ny - 1;
        const double *plane = u + k * nx * ny;
        for (int j = 1; j < jn; j++)
          {
            int in = nx - 1;
            for (int i = 1; i < in; i++)
              v[(k * ny + j) * nx + i] = plane[j * nx + i - nx] + plane[j * nx + i + nx];
          }
      }
#pragma mint for nest(all)
    for (int j = 1; j < ny - 1; j++)
      {
        int n1 = j + 1;
        for (int i = 1; i < n1; i++) /* { dg-error "the bounds of the loop over .i. depend on .n1., which changes inside the loop nest" } */
          v[j * nx + i] = u[j * nx + i];
      }
#pragma mint for nest(all)
    for (int j = 1; j < ny - 1; j++)
      {
        last = nx - 1;
        for (int i = 1; i < last; i++) /* { dg-error "the bounds of the loop over .i. depend on .last., which changes inside the loop nest" } */
          v[j * nx + i] = u[j * nx + i];
      }
  }
#pragma mint copy(v, fromDevice, nx * ny * nz)
  *m = last;
}

/* Rows of arrays of pointers set between the loops move too: the store
   through the row of v changes no row of u's table.  */
void
row_tables (int nx, int ny, double **u, double **v)
{
#pragma mint copy(u, toDevice, nx, ny)
#pragma mint copy(v, toDevice, nx, ny)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "offloaded .mint_row_tables_130.: 2-D" } */
    for (int j = 1; j < ny - 1; j++)
      {
        const double *r = u[j];
        double *w = v[j];
        for (int i = 1; i < nx - 1; i++)
          w[i] = r[i - 1] + r[i + 1];
      }
  }
#pragma mint copy(v, fromDevice, nx, ny)
}

/* The pointers the time loop swaps stay fixed in each nest: rows of
   them set between the loops move as those of parameters do.  */
void
swapped (int nx, int ny, int steps, double *u, double *v)
{
#pragma mint copy(u, toDevice, nx * ny)
#pragma mint copy(v, toDevice, nx * ny)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all) /* { dg-message "offloaded .mint_swapped_153.: 2-D" } */
        for (int j = 1; j < ny - 1; j++)
          {
            const double *row = u + j * nx;
            double *out = v + j * nx;
            for (int i = 1; i < nx - 1; i++)
              out[i] = row[i - 1] + row[i + 1];
          }
        double *tmp = u;
        u = v;
        v = tmp;
      }
  }
#pragma mint copy(u, fromDevice, nx * ny)
#pragma mint copy(v, fromDevice, nx * ny)
}

/* Arrays the function allocates itself (pointers set once by a call)
   are arrays as parameters are: a load of one between the loops moves
   too.  */
double *
allocated (int nx, int ny)
{
  double *u = __builtin_malloc (sizeof (double) * nx * ny);
  double *v = __builtin_malloc (sizeof (double) * nx * ny);
  double *c = __builtin_malloc (sizeof (double) * ny);
#pragma mint copy(u, toDevice, nx, ny)
#pragma mint copy(v, toDevice, nx, ny)
#pragma mint copy(c, toDevice, ny)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "offloaded .mint_allocated_184.: 2-D" } */
    for (int j = 1; j < ny - 1; j++)
      {
        double cj = c[j];
        for (int i = 1; i < nx - 1; i++)
          v[j * nx + i] = cj * u[j * nx + i];
      }
  }
#pragma mint copy(v, fromDevice, nx, ny)
  __builtin_free (u);
  __builtin_free (c);
  return v;
}

