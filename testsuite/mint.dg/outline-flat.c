/* A nest over a flat double * indexed (z*ny + y)*nx + x is outlined, and
   so is a 1-D loop over a vector.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fdump-tree-all" } */

void
flat (double *a, double *b, int nx, int ny, int nz)
{
#pragma mint copy(a, toDevice, nx * ny * nz)
#pragma mint copy(b, toDevice, nx * ny * nz)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          b[(z * ny + y) * nx + x] = a[(z * ny + y) * nx + x - 1]
                                     + a[((z - 1) * ny + y) * nx + x];
#pragma mint for tile(128)
    for (int i = 0; i < nx * ny * nz; i++)
      a[i] = 2.0 * a[i];
  }
#pragma mint copy(b, fromDevice, nx * ny * nz)
#pragma mint copy(a, fromDevice, nx * ny * nz)
}

/* The kernels are named mint_FUNCTION_LINE.  */
/* { dg-final { scan-mint-cu "__global__\[^;\]*mint_flat_\[0-9\]+ ?\\(" } } */
/* { dg-final { scan-mint-dump "mint_launch \\(&?__mint_kernel_mint_flat_" } } */
/* { dg-final { scan-mint-cu "__global__(.|\n)*__global__" } } */
/* { dg-final { scan-mint-dump "mint_launch(.|\n)*mint_launch" } } */
/* { dg-final { scan-mint-dump-not "__mint_(copy|parallel|for|barrier|single)(_end)? \\(" } } */
