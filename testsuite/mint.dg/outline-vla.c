/* Nests over variably modified pointers double (*)[ny][nx] and float
   (*)[nx] are outlined.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fdump-tree-all" } */

void
apply (int nx, int ny, int nz, double (*a)[ny][nx], double (*b)[ny][nx],
       float (*p)[nx], float (*q)[nx])
{
#pragma mint copy(a, toDevice, nx, ny, nz)
#pragma mint copy(b, toDevice, nx, ny, nz)
#pragma mint copy(p, toDevice, nx, ny)
#pragma mint copy(q, toDevice, nx, ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          b[z][y][x] = a[z][y][x] - a[z + 1][y][x] + a[z][y - 1][x];
#pragma mint for nest(all)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        q[y][x] = p[y][x - 1] + p[y][x + 1];
  }
#pragma mint copy(b, fromDevice, nx, ny, nz)
#pragma mint copy(q, fromDevice, nx, ny)
}

/* The kernels are named mint_FUNCTION_LINE.  */
/* { dg-final { scan-mint-cu "__global__\[^;\]*mint_apply_\[0-9\]+ ?\\(" } } */
/* { dg-final { scan-mint-dump "mint_launch \\(&?__mint_kernel_mint_apply_" } } */
/* { dg-final { scan-mint-cu "__global__(.|\n)*__global__" } } */
/* { dg-final { scan-mint-cu "double" } } */
/* { dg-final { scan-mint-cu "float" } } */
/* { dg-final { scan-mint-dump "mint_launch(.|\n)*mint_launch" } } */
/* { dg-final { scan-mint-dump-not "__mint_(copy|parallel|for|barrier|single)(_end)? \\(" } } */
