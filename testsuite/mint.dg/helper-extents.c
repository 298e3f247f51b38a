/* A helper whose array parameter is variably modified (T (*u)[ny][nx])
   indexes the caller's array by the extents the call gives.  Where they
   are the array's own (the same variables), the nest runs on the device;
   where they may differ, the kernel, which indexes the array's copy by
   its own extents, would compute something else: an error at the
   call.  Extents that are expressions equal to the array's (n + 2 for an
   array of e columns, int e = n + 2) are the array's own, unless the
   function changes n after it sets e.  */
/* { dg-do compile } */

static inline double
centre (int ny, int nx, const double (*u)[ny][nx], int z, int y, int x)
{
  return u[z][y][x] + u[z][y][x - 1];
}

void
f (int nx, int ny, int nz, int m, const double (*u)[ny][nx],
   double (*v)[ny][nx])
{
#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint copy(v, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 0; z < nz; z++)
      for (int y = 0; y < ny; y++)
        for (int x = 1; x < nx; x++)
          v[z][y][x] = centre (ny, nx, u, z, y, x);
#pragma mint for nest(all)
    for (int z = 0; z < nz; z++)
      for (int y = 0; y < ny; y++)
        for (int x = 1; x < m; x++)
          v[z][y][x] = centre (ny, m, u, z, y, x); /* { dg-error "uses an array through a type whose extents may not be its own" } */
  }
#pragma mint copy(v, fromDevice, nx, ny, nz)
}

static inline double
west (int n, const double (*u)[n + 2], int y, int x)
{
  return u[y][x] - u[y][x - 1];
}

void
expression (int n, double *ua, double *va)
{
  int e = n + 2;
  double (*u)[e] = (double (*)[e]) ua, (*v)[e] = (double (*)[e]) va;
#pragma mint copy(u, toDevice, e, e)
#pragma mint copy(v, toDevice, e, e)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y <= n; y++)
      for (int x = 1; x <= n; x++)
        v[y][x] = west (n, u, y, x);
  }
#pragma mint copy(v, fromDevice, e, e)
}

void
changed_after (int n, double *ua, double *va)
{
  int e = n + 2;
  double (*u)[e] = (double (*)[e]) ua, (*v)[e] = (double (*)[e]) va;
  n = n - 1;
#pragma mint copy(u, toDevice, e, e)
#pragma mint copy(v, toDevice, e, e)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y <= n; y++)
      for (int x = 1; x <= n; x++)
        v[y][x] = west (n, u, y, x); /* { dg-error "uses an array through a type whose extents may not be its own" } */
  }
#pragma mint copy(v, fromDevice, e, e)
}
