/* Level 4 where every read of the swapped array is under a condition
   (mint.run/temporal-masked.c runs such nests): the variant takes it for
   the array it keeps in shared memory, loaded at every point of its box,
   which libmintrt checks lies in both copies before a run of steps.
   Another array read under the condition too (w) has its box checked
   the same way: both nests get the variant, with its checks off.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=4 -fplugin-arg-mint-verbose" } */

#define SWAP(a, b)                                                       \
  {                                                                      \
    double (*tmp_)[n] = a;                                               \
    a = b;                                                               \
    b = tmp_;                                                            \
  }

void
masked (int n, int steps, unsigned char (*mask)[n], double (*u)[n],
        double (*v)[n])
{
#pragma mint copy(mask, toDevice, n, n)
#pragma mint copy(u, toDevice, n, n)
#pragma mint copy(v, toDevice, n, n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        for (int y = 1; y < n - 1; y++)
          for (int x = 1; x < n - 1; x++)
            v[y][x] = mask[y][x] ? 0.25 * (u[y][x - 1] + u[y][x + 1]
                                           + u[y - 1][x] + u[y + 1][x])
                                 : u[y][x];
        SWAP (u, v)
      }
  }
#pragma mint copy(u, fromDevice, n, n)
#pragma mint copy(v, fromDevice, n, n)
}

void
masked_source (int n, int steps, unsigned char (*mask)[n], double (*u)[n],
               double (*v)[n], double (*w)[n])
{
#pragma mint copy(mask, toDevice, n, n)
#pragma mint copy(u, toDevice, n, n)
#pragma mint copy(v, toDevice, n, n)
#pragma mint copy(w, toDevice, n, n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        for (int y = 1; y < n - 1; y++)
          for (int x = 1; x < n - 1; x++)
            v[y][x] = mask[y][x] ? 0.25 * (u[y][x - 1] + u[y][x + 1]
                                           + u[y - 1][x] + u[y + 1][x])
                                   + w[y][x - 1]
                                 : u[y][x];
        SWAP (u, v)
      }
  }
#pragma mint copy(u, fromDevice, n, n)
#pragma mint copy(v, fromDevice, n, n)
}

/* { dg-message ".mint_masked_28.: temporal blocking: 7 steps per launch \\(or 3 or 5\\) where the program repeats the nest with u and v swapped" "" { target *-*-* } 28 } */
/* { dg-message ".mint_masked_source_53.: temporal blocking: 5 steps per launch \\(or 3\\) where the program repeats the nest with u and v swapped" "" { target *-*-* } 53 } */
/* The variant runs without the checks of the nest's other kernels.  */
/* { dg-final { scan-mint-cu "mint_masked_28_temporal_chunked \\(\[^)\]*\\)\n\\x7b\n  mint_wait_for_grids \\(\\);\n  using mint_checked = mint_bool<false>;" } } */
/* { dg-final { scan-mint-cu "mint_masked_28_v0 \\(\[^)\]*\\)\n\\x7b\n  mint_wait_for_grids \\(\\);\n  using mint_checked = mint_bool<true>;" } } */
