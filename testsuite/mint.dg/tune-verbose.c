/* -fplugin-arg-mint-verbose lists an autotuned nest's variants and says
   that those after v0 are compiled for the newest GPU architecture only
   (MINT_CANDIDATE_ARCH): a 2-D star at level 3 gets three, walks of 16
   and 32 rows computing two columns a thread, then one column a thread
   in blocks of 256.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=3 -fplugin-arg-mint-verbose" } */

void
smooth (int n, int m, double (*a)[n], double (*b)[n])
{
#pragma mint copy(a, toDevice, n, m)
#pragma mint copy(b, toDevice, n, m)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "3 variants for the runtime to time, those after v0 compiled for the newest GPU architecture only: v0 tile 256x16 chunksize 2x16, v1 tile 256x32 chunksize 2x32, v2 tile 256x16 chunksize 1x16" } */
    for (int y = 1; y < m - 1; y++)
      for (int x = 1; x < n - 1; x++)
        b[y][x] = 0.25 * (a[y - 1][x] + a[y + 1][x] + a[y][x - 1] + a[y][x + 1]);
  }
#pragma mint copy(b, fromDevice, n, m)
}

/* { dg-final { scan-mint-cu "\n#if !defined __CUDA_ARCH__ \\|\\| __CUDA_ARCH__ >= MINT_CANDIDATE_ARCH\n\[^\n\]*\n\[^\n\]*\n\[^\n\]*\n\[^\n\]*\nmint_smooth_16_v1_shared \\(" } } */
/* { dg-final { scan-mint-cu "\nmint_smooth_16_v2_shared \\(.*\n#endif\n" } } */
