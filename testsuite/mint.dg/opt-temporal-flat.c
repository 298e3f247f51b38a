/* Level 4 over flat arrays (delinearize.h): where the grid read and the
   grid written have the same strides, however the subscript spells them
   (nx * ny or ny * nx for the plane), the nest gets its temporal variant,
   which takes the strides from the scalars; where they differ (v's rows
   two elements longer), it gets none, since a batch passes a point's
   value from one grid to the other by its coordinates.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=4 -fplugin-arg-mint-exact-level" } */

#define AT(x, y, z) (((z) * ny + (y)) * nx + (x))
#define AT_ZY(x, y, z) ((z) * (nx * ny) + (y) * nx + (x))
#define AT_WIDE(x, y, z) (((z) * ny + (y)) * (nx + 2) + (x))

/* Heat7 from u into W through its index macro AT_W.  */
#define STEP(W, AT_W)                                                   \
  for (int z = 1; z < nz - 1; z++)                                      \
    for (int y = 1; y < ny - 1; y++)                                    \
      for (int x = 1; x < nx - 1; x++)                                  \
        W[AT_W (x, y, z)] = 0.4 * u[AT (x, y, z)]                       \
                            + 0.1 * (u[AT (x - 1, y, z)] + u[AT (x + 1, y, z)] \
                                     + u[AT (x, y - 1, z)] + u[AT (x, y + 1, z)] \
                                     + u[AT (x, y, z - 1)] + u[AT (x, y, z + 1)])

void
heat (int nx, int ny, int nz, double *u, double *v, double *w)
{
#pragma mint copy(u, toDevice, nx * ny * nz)
#pragma mint copy(v, toDevice, (nx + 2) * ny * nz)
#pragma mint copy(w, toDevice, nx * ny * nz)
#pragma mint parallel
  {
#pragma mint for nest(all)
    STEP (w, AT_ZY);
#pragma mint for nest(all)
    STEP (v, AT_WIDE);
  }
#pragma mint copy(v, fromDevice, (nx + 2) * ny * nz)
#pragma mint copy(w, fromDevice, nx * ny * nz)
}

/* { dg-final { scan-mint-cu "level 4 code:\n   temporal blocking: 3 steps per launch where the program repeats the nest with u and w swapped" } } */
/* { dg-final { scan-mint-cu-not "mint_heat_34_temporal" } } */
