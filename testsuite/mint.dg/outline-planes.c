/* A double buffer's two 3-D arrays, A[t % 2] and A[(t + 1) % 2] of
   A[2][N][N][N], are two arrays of the kernel, as two arrays swapped by
   the program would be: the host passes each one's first element, the
   kernel computes no plane index.  So are the 2-D form's planes.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fdump-tree-all" } */

#define N 32

double A[2][N][N][N], B[2][N][N];

void
steps (int count)
{
#pragma mint copy(A, toDevice, N, N, N, 2)
#pragma mint copy(B, toDevice, N, N, 2)
#pragma mint parallel
  {
    for (int t = 0; t < count; t++)
      {
#pragma mint for nest(all)
        for (int z = 1; z < N - 1; z++)
          for (int y = 1; y < N - 1; y++)
            for (int x = 1; x < N - 1; x++)
              A[(t + 1) % 2][z][y][x] = A[t % 2][z][y][x - 1]
                                        + A[t % 2][z - 1][y][x];
#pragma mint for nest(all)
        for (int y = 1; y < N - 1; y++)
          for (int x = 1; x < N - 1; x++)
            B[(t + 1) % 2][y][x] = B[t % 2][y + 1][x];
      }
  }
#pragma mint copy(A, fromDevice, N, N, N, 2)
#pragma mint copy(B, fromDevice, N, N, 2)
}

/* { dg-final { scan-mint-cu "const double \\*__restrict__ A_t_2, long long mint_row_A_t_2, long long mint_plane_A_t_2,\[ \n\]*double \\*__restrict__ A_t_1_2," } } */
/* { dg-final { scan-mint-cu "const double \\*__restrict__ B_t_2, long long mint_row_B_t_2, long long mint_plane_B_t_2,\[ \n\]*double \\*__restrict__ B_t_1_2," } } */
/* { dg-final { scan-mint-cu-not "% 2" } } */
/* { dg-final { scan-mint-dump "mint_copy_to_device \\(&?\[^,\]*, &?\[^,\]*, 8, 32, 32, 64," } } */
/* { dg-final { scan-mint-dump "mint_launch(.|\n)*mint_launch" } } */
