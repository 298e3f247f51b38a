/* A nest over double *** grids is outlined: a kernel in the kept CUDA
   source, a mint_launch call and no marker left in the pass's dump.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fdump-tree-all" } */

void
heat (double ***u, double ***v, int nx, int ny, int nz)
{
#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint copy(v, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(16, 16, 1)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          v[z][y][x] = 0.5 * u[z][y][x]
                       + 0.1 * (u[z][y][x - 1] + u[z][y][x + 1] + u[z - 1][y][x]);
  }
#pragma mint copy(v, fromDevice, nx, ny, nz)
}

/* The kernels are named mint_FUNCTION_LINE.  */
/* { dg-final { scan-mint-cu "__global__\[^;\]*mint_heat_\[0-9\]+ ?\\(" } } */
/* { dg-final { scan-mint-dump "mint_launch \\(&?__mint_kernel_mint_heat_" } } */
/* { dg-final { scan-mint-dump "mint_copy_to_device" } } */
/* { dg-final { scan-mint-dump "mint_copy_from_device" } } */
/* { dg-final { scan-mint-dump "mint_region_begin" } } */
/* { dg-final { scan-mint-dump "mint_region_end" } } */
/* { dg-final { scan-mint-dump-not "__mint_(copy|parallel|for|barrier|single)(_end)? \\(" } } */
