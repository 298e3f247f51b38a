/* At level 3 the image holds, besides the kernel, a variant in which the
   arrays of one rank (a shape class) take the strides of the first, and
   the kernel's descriptor names the classes for the runtime, which runs
   the variant only when their strides agree.  A rank-2 array is a class
   of its own.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=3" } */

void
heat (int nx, int ny, int nz, double (*u)[ny][nx], double (*k)[nx],
      double (*v)[ny][nx])
{
#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint copy(k, toDevice, nx, ny)
#pragma mint copy(v, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(32, 8, 4) chunksize(1, 1, 4)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          v[z][y][x] = k[y][x] * (u[z][y][x - 1] + u[z][y][x + 1]
                                  + u[z][y - 1][x] + u[z][y + 1][x]
                                  + u[z - 1][y][x] + u[z + 1][y][x]);
  }
#pragma mint copy(v, fromDevice, nx, ny, nz)
}

/* { dg-final { scan-mint-cu "level 3 code" } } */
/* { dg-final { scan-mint-cu "arrays of a shape class \\(-33\\) share strides" } } */
/* { dg-final { scan-mint-cu "mint_heat_\[0-9\]+_shared \\(" } } */
/* { dg-final { scan-mint-cu "mint_given_row_v, long long mint_given_plane_v" } } */
/* { dg-final { scan-mint-cu "const long long mint_row_v = mint_row_u;" } } */

/* A table of weights of the grid's rank, read at constant subscripts
   once its loops are unrolled, keeps its own strides: in the grids'
   class its 3x3 extents would keep every variant but the first from
   running.  */
void
blur (int n, const float (*w)[3], float (*a)[n], float (*b)[n])
{
#pragma mint copy(w, toDevice, 3, 3)
#pragma mint copy(a, toDevice, n, n)
#pragma mint copy(b, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        {
          float s = 0;
          for (int dy = 0; dy < 3; dy++)
            for (int dx = 0; dx < 3; dx++)
              s += w[dy][dx] * a[y + dy - 1][x + dx - 1];
          b[y][x] = s;
        }
  }
#pragma mint copy(b, fromDevice, n, n)
}

/* { dg-final { scan-mint-cu "arrays of a shape class \\(-22\\) share strides" } } */

/* Grids of another element size have rows padded to other counts of
   elements: a byte mask beside double grids keeps its own strides, and
   float grids beside double grids form a class of their own.  */
void
masked (int n, const unsigned char (*mask)[n], double (*u)[n],
        double (*v)[n], const float (*c)[n], float (*d)[n])
{
#pragma mint copy(mask, toDevice, n, n)
#pragma mint copy(u, toDevice, n, n)
#pragma mint copy(v, toDevice, n, n)
#pragma mint copy(c, toDevice, n, n)
#pragma mint copy(d, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        if (mask[y][x])
          v[y][x] = 0.25 * (u[y][x - 1] + u[y][x + 1] + u[y - 1][x]
                            + u[y + 1][x]);
#pragma mint for nest(all)
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        {
          v[y][x] = c[y][x] * (u[y][x - 1] + u[y][x + 1]);
          d[y][x] = c[y][x] * (float) u[y][x];
        }
  }
#pragma mint copy(v, fromDevice, n, n)
#pragma mint copy(d, fromDevice, n, n)
}

/* { dg-final { scan-mint-cu "arrays of a shape class \\(-22\\) share strides" } } */
/* { dg-final { scan-mint-cu "arrays of a shape class \\(2aa2\\) share strides" } } */
