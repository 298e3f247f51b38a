/* Level 4 over flat arrays whose reads may reach past the ends of the
   rows: beyond a row's last point lies the next row's first, a point the
   nest computes at every step, which the temporal variant would keep as
   a cell outside the space.  Nests whose points reach the rows' ends (x
   from 0 or up to nx - 1, y from 0 in 3-D) get no variant; x from 1 to
   nx - 2, and in 3-D y from 1 to ny - 2, do.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=4 -fplugin-arg-mint-exact-level -fplugin-arg-mint-verbose" } */

#define I2(x, y) ((y) * nx + (x))
#define I3(x, y, z) (((z) * ny + (y)) * nx + (x))

#define SWAP(a, b)                                                       \
  {                                                                      \
    double *tmp_ = a;                                                    \
    a = b;                                                               \
    b = tmp_;                                                            \
  }

void
rows (int nx, int ny, int steps, double *u, double *v)
{
#pragma mint copy(u, toDevice, nx * ny)
#pragma mint copy(v, toDevice, nx * ny)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 0; x < nx; x++)
            v[I2 (x, y)] = 0.5 * (u[I2 (x, y) - 1] + u[I2 (x, y) + 1]);
        SWAP (u, v)
#pragma mint for nest(all)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx; x++)
            v[I2 (x, y)] = 0.5 * (u[I2 (x, y) - 1] + u[I2 (x, y) + 1]);
        SWAP (u, v)
#pragma mint for nest(all)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            v[I2 (x, y)] = 0.5 * (u[I2 (x, y) - 1] + u[I2 (x, y) + 1]);
        SWAP (u, v)
      }
  }
#pragma mint copy(u, fromDevice, nx * ny)
#pragma mint copy(v, fromDevice, nx * ny)
}

void
planes (int nx, int ny, int nz, int steps, double *u, double *v)
{
#pragma mint copy(u, toDevice, nx * ny * nz)
#pragma mint copy(v, toDevice, nx * ny * nz)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        for (int z = 1; z < nz - 1; z++)
          for (int y = 0; y < ny; y++)
            for (int x = 1; x < nx - 1; x++)
              v[I3 (x, y, z)] = 0.5 * (u[I3 (x, y - 1, z)] + u[I3 (x, y + 1, z)]);
        SWAP (u, v)
#pragma mint for nest(all)
        for (int z = 1; z < nz - 1; z++)
          for (int y = 1; y < ny - 1; y++)
            for (int x = 1; x < nx - 1; x++)
              v[I3 (x, y, z)] = 0.5 * (u[I3 (x, y - 1, z)] + u[I3 (x, y + 1, z)]);
        SWAP (u, v)
      }
  }
#pragma mint copy(u, fromDevice, nx * ny * nz)
#pragma mint copy(v, fromDevice, nx * ny * nz)
}

/* { dg-message ".mint_rows_29.: no temporal blocking: the reads of u, a flat array, may reach past the ends of its rows into other rows' points \\(the loops' bounds and its strides do not show otherwise\\)" "" { target *-*-* } 29 } */
/* { dg-message ".mint_rows_34.: no temporal blocking: the reads of u, a flat array, may reach past the ends of its rows" "" { target *-*-* } 34 } */
/* { dg-message ".mint_rows_39.: temporal blocking" "" { target *-*-* } 39 } */
/* { dg-message ".mint_planes_59.: no temporal blocking: the reads of u, a flat array, may reach past the ends of its rows" "" { target *-*-* } 59 } */
/* { dg-message ".mint_planes_65.: temporal blocking" "" { target *-*-* } 65 } */
