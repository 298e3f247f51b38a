/* Nests over fixed-size arrays (global, static and local) are outlined.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fdump-tree-all" } */

#define NX 32
#define NY 16
#define NZ 8

double global_a[NZ][NY][NX];
static double static_b[NZ][NY][NX];

int
sweep (void)
{
  int local_c[NY][NX];
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++)
      local_c[y][x] = x - y;
#pragma mint copy(global_a, toDevice, NX, NY, NZ)
#pragma mint copy(static_b, toDevice, NX, NY, NZ)
#pragma mint copy(local_c, toDevice, NX, NY)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 1; z < NZ - 1; z++)
      for (int y = 1; y < NY - 1; y++)
        for (int x = 1; x < NX - 1; x++)
          static_b[z][y][x] = global_a[z][y][x + 1] - global_a[z - 1][y][x];
#pragma mint for nest(2)
    for (int y = 0; y < NY; y++)
      for (int x = 0; x < NX; x++)
        local_c[y][x] = 3 * local_c[y][x];
  }
#pragma mint copy(static_b, fromDevice, NX, NY, NZ)
#pragma mint copy(local_c, fromDevice, NX, NY)
  return local_c[1][1];
}

/* The kernels are named mint_FUNCTION_LINE.  */
/* { dg-final { scan-mint-cu "__global__\[^;\]*mint_sweep_\[0-9\]+ ?\\(" } } */
/* { dg-final { scan-mint-dump "mint_launch \\(&?__mint_kernel_mint_sweep_" } } */
/* { dg-final { scan-mint-cu "__global__(.|\n)*__global__" } } */
/* { dg-final { scan-mint-dump "mint_launch(.|\n)*mint_launch" } } */
/* { dg-final { scan-mint-dump-not "__mint_(copy|parallel|for|barrier|single)(_end)? \\(" } } */
