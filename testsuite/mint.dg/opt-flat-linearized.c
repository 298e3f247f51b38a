/* A flat array read through a linearized subscript, as a macro writes
   ((z * ny + y) * nx + x), gets level 3 (delinearize.h); one whose
   subscripts are no grid (rows of two lengths) stays at level 0, and the
   kept .cu says why and what can use level 3: a pointer to rows.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=3" } */

#define AT3(z, y, x) (((z) * ny + (y)) * nx + (x))
#define AT2(y, x) ((y) * nx + (x))

void
heat (int nx, int ny, int nz, double *u, double *v)
{
#pragma mint copy(u, toDevice, nx * ny * nz)
#pragma mint copy(v, toDevice, nx * ny * nz)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(32, 8, 4) chunksize(1, 1, 4)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          v[AT3 (z, y, x)] = u[AT3 (z, y, x - 1)] + u[AT3 (z, y, x + 1)]
                             + u[AT3 (z, y - 1, x)] + u[AT3 (z, y + 1, x)]
                             + u[AT3 (z - 1, y, x)] + u[AT3 (z + 1, y, x)];
#pragma mint for nest(all) tile(32, 8) chunksize(1, 8)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        u[AT2 (y, x)] = v[AT2 (y, x - 1)] + v[(y - 1) * (nx + 1) + x];
  }
#pragma mint copy(v, fromDevice, nx * ny * nz)
}

/* { dg-final { scan-mint-cu "opt-flat-linearized.c:18, 3 parallel dimensions; level 3 code" } } */
/* { dg-final { scan-mint-cu "const long long mint_plane_u = \\(\\(long long\\) ny \\* \\(long long\\) nx\\);" } } */
/* { dg-final { scan-mint-cu "not level 3: v is read through a linearized subscript \\(a pointer to rows" } } */
