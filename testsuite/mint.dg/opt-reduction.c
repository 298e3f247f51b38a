/* A stencil nest with reductions walks at level 3, as without them: each
   block combines its threads' partial results and adds them with one
   atomic.  Its candidates are the usual ones, with more points a thread
   along the outermost dimension where a block would cover fewer than 4096
   points; in 1-D more threads first (the three candidates become one).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=3 -fplugin-arg-mint-verbose" } */

double
residual2 (int n, double (*u)[n], double (*v)[n])
{
  double sum = 0, peak = 0;
#pragma mint copy(u, toDevice, n, n)
#pragma mint copy(v, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) reduction(+:sum) reduction(max:peak) /* { dg-message "mint_residual2_17.: level 3: each thread walks 16 points along y and computes 2 columns" } */
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        {
          double next = 0.25 * (u[y][x - 1] + u[y][x + 1] + u[y - 1][x]
                                + u[y + 1][x]);
          sum += (next - u[y][x]) * (next - u[y][x]);
          peak = peak > next ? peak : next;
          v[y][x] = next;
        }
  }
#pragma mint copy(v, fromDevice, n, n)
  return sum + peak;
}

double
residual3 (int n, double (*u)[n][n], double (*v)[n][n])
{
  double sum = 0;
#pragma mint copy(u, toDevice, n, n, n)
#pragma mint copy(v, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) reduction(+:sum) /* { dg-message "mint_residual3_40.: level 3: each thread walks 12 points along z and computes 2x1 columns" } */
/* { dg-message "mint_residual3_40.: 6 variants for the runtime to time, those after v0 compiled for the newest GPU architecture only: v0 tile 64x8x12 chunksize 2x1x12, v1 tile 64x8x8 chunksize 2x1x8 .at most 64 registers., v2 tile 64x8x8 chunksize 2x1x8 .at most 80 registers, rows through a clamp., v3 tile 32x8x16 chunksize 1x1x16 .at most 32 registers., v4 tile 32x8x12 chunksize 1x1x12 .at most 32 registers., v5 tile 32x8x16 chunksize 1x1x16" "" { target *-*-* } 40 } */
    for (int z = 1; z < n - 1; z++)
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          {
            v[z][y][x] = (u[z][y][x - 1] + u[z][y][x + 1] + u[z][y - 1][x]
                          + u[z][y + 1][x] + u[z - 1][y][x]
                          + u[z + 1][y][x]) / 6;
            sum += v[z][y][x];
          }
  }
#pragma mint copy(v, fromDevice, n, n, n)
  return sum;
}

long
count1 (int n, double *u, double *v)
{
  long moving = 0;
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
#pragma mint for reduction(+:moving) /* { dg-message "offloaded .mint_count1_64.: 1-D, tile 4096x1x1, chunk 4x1x1" } */
    for (int x = 1; x < n - 1; x++)
      {
        v[x] = 0.5 * u[x] + 0.25 * (u[x - 1] + u[x + 1]);
        moving += v[x] != u[x];
      }
  }
#pragma mint copy(v, fromDevice, n)
  return moving;
}

/* { dg-final { scan-mint-cu "if \\(mint_block_combine \\(&mint_partial, mint_op_add \\(\\)\\)\\)\n *mint_atomic_add \\(mint_red_sum, mint_partial\\);" } } */
/* { dg-final { scan-mint-cu "  if \\(!\\(mint_tx >= mint_n_x \\|\\| mint_ty >= mint_n_y\\)\\)\n  .\n" } } */
/* { dg-final { scan-mint-cu "\n  .\n  .\n    double mint_partial = sum;" } } */
