/* A cast to a variably modified pointer type in a loop body: GCC computes
   the type's sizes where the cast stands, in the body, which the kernel
   cannot read as subscripts (a flat array viewed as rows): an error at
   the line saying to declare the pointer before the region; so
   declared, the same nest is offloaded.  A cast to the array's own shape
   given to a helper is offloaded: the size in bits that GCC computes for
   it, which the device code cannot hold, is never read (30e1f55).  */
/* { dg-do compile } */

static inline double
twice (int ny, int nx, const double (*u)[ny][nx], int z, int y, int x)
{
  return 2 * u[z][y][x];
}

void
rows (int nx, int ny, double *u, double *v)
{
#pragma mint copy(u, toDevice, nx * ny)
#pragma mint copy(v, toDevice, nx * ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        ((double (*)[nx]) v)[y][x] = ((double (*)[nx]) u)[y - 1][x]; /* { dg-error "a pointer cast to a variably modified type in the body" } */
  }
#pragma mint copy(v, fromDevice, nx * ny)
}

void
rows_declared (int nx, int ny, double *u, double *v)
{
  double (*u2)[nx] = (double (*)[nx]) u, (*v2)[nx] = (double (*)[nx]) v;
#pragma mint copy(u2, toDevice, nx, ny)
#pragma mint copy(v2, toDevice, nx, ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        v2[y][x] = u2[y - 1][x];
  }
#pragma mint copy(v2, fromDevice, nx, ny)
}

void
planes (int e, double (*a)[e][e], double (*b)[e][e])
{
#pragma mint copy(a, toDevice, e, e, e)
#pragma mint copy(b, toDevice, e, e, e)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 1; z < e - 1; z++)
      for (int y = 1; y < e - 1; y++)
        for (int x = 1; x < e - 1; x++)
          b[z][y][x] = twice (e, e, (const double (*)[e][e]) a, z, y, x);
  }
#pragma mint copy(b, fromDevice, e, e, e)
}
