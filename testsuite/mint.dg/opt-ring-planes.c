/* An autotuned 3-D star whose in-plane halo is 3 or more gets walks
   through a ring of shared planes among its variants: its block copies
   each plane once, 16 bytes at a time where the tile lies inside, and
   reads the neighbours there.  In double, 64x16x64 points a block, 1x4
   columns a thread, at most 128 registers; in double and float, one
   16-byte unit by 4 columns a thread (2x4 in double, 4x4 in float)
   walking 128 planes (at most 255 registers) that read the ring 16 bytes
   at a time, in blocks of 32x8 threads where the nest reads no other
   array (one block a multiprocessor, a ring of 32 rows and the halo);
   where it does, in float one row of 4 columns a thread at most 128
   registers.  With a halo of 4, no rolled walks (their queues would hold
   16 words from step to step).  A radius-2 star does not (the walk
   through L1 was faster there).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=3 -fplugin-arg-mint-verbose" } */

#define STAR(u, r) (u[z][y][x - r] + u[z][y][x + r] + u[z][y - r][x]    \
                    + u[z][y + r][x] + u[z - r][y][x] + u[z + r][y][x])
#define LOOP3 for (int z = 3; z < n - 3; z++)                            \
                for (int y = 3; y < n - 3; y++)                          \
                  for (int x = 3; x < n - 3; x++)

void
stars (int n, double (*u)[n][n], double (*v)[n][n], float (*f)[n][n],
       float (*g)[n][n], float (*c)[n][n])
{
#pragma mint copy(u, toDevice, n, n, n)
#pragma mint copy(v, toDevice, n, n, n)
#pragma mint copy(f, toDevice, n, n, n)
#pragma mint copy(g, toDevice, n, n, n)
#pragma mint copy(c, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "mint_stars_\[0-9\]*.: 8 variants for the runtime to time\[^\n\]*, v5 tile 64x16x64 chunksize 1x4x64 .at most 128 registers, planes staged in shared memory., v6 tile 64x32x128 chunksize 2x4x128 .at most 255 registers, planes staged in shared memory., v7 tile 32x8x1 chunksize 1x1x1" } */
    LOOP3
      v[z][y][x] = 0.4 * u[z][y][x] + 0.05 * STAR (u, 1) + 0.03 * STAR (u, 2)
                   + 0.02 * STAR (u, 3);
#pragma mint for nest(all) /* { dg-bogus "planes staged" } */
    LOOP3
      v[z][y][x] = 0.4 * u[z][y][x] + 0.05 * STAR (u, 1) + 0.05 * STAR (u, 2);
#pragma mint for nest(all) /* { dg-message "mint_stars_\[0-9\]*.: 5 variants for the runtime to time\[^\n\]*, v2 tile 64x16x64 chunksize 1x4x64 .at most 128 registers, planes staged in shared memory., v3 tile 64x32x128 chunksize 2x4x128 .at most 255 registers, planes staged in shared memory., v4 tile 32x8x1 chunksize 1x1x1" } */
    for (int z = 4; z < n - 4; z++)
      for (int y = 4; y < n - 4; y++)
        for (int x = 4; x < n - 4; x++)
          v[z][y][x] = 0.4 * u[z][y][x] + 0.05 * STAR (u, 1) + 0.03 * STAR (u, 2)
                       + 0.02 * STAR (u, 3) + 0.01 * STAR (u, 4);
#pragma mint for nest(all) /* { dg-message "mint_stars_\[0-9\]*.: 7 variants for the runtime to time\[^\n\]*, v5 tile 128x32x128 chunksize 4x4x128 .at most 255 registers, planes staged in shared memory., v6 tile 32x8x1 chunksize 1x1x1" } */
    LOOP3
      g[z][y][x] = 0.4f * f[z][y][x] + 0.05f * STAR (f, 1) + 0.03f * STAR (f, 2)
                   + 0.02f * STAR (f, 3);
#pragma mint for nest(all) /* { dg-message "mint_stars_\[0-9\]*.: 7 variants for the runtime to time\[^\n\]*, v5 tile 128x4x128 chunksize 4x1x128 .at most 128 registers, planes staged in shared memory., v6 tile 32x8x1 chunksize 1x1x1" } */
    LOOP3
      g[z][y][x] = 2.0f * f[z][y][x] - g[z][y][x]
                   + c[z][y][x] * (0.05f * STAR (f, 1) + 0.03f * STAR (f, 2)
                                   + 0.02f * STAR (f, 3));
  }
#pragma mint copy(v, fromDevice, n, n, n)
#pragma mint copy(g, fromDevice, n, n, n)
}

/* The ring's variants: their planes in dynamic shared memory (the radius-3
   star's 6 slots of 22 rows of 72 cells: a 64-point tile, its halo of 3
   on either side, and room for a row that starts a cell into its 16
   bytes: 76032 bytes), filled 16 bytes at a time on the fast path, 7
   rows a pass of 256 threads; the radius-4 star's 2x4 columns read the
   ring 16 bytes at a time where the thread's first cell starts 16
   bytes, and so do the float star's 4x4 columns, from a ring of
   floats.  */
/* { dg-final { scan-mint-cu "\nmint_stars_\[0-9\]*_v5_shared \\(\[^\n\]*\n(\[^\n\]*\n)*  MINT_DYNAMIC_SHARED \\(mint_dynamic_shared\\);\n  double \\*const mint_ring = \\(double \\*\\) mint_dynamic_shared;\n" } } */
/* { dg-final { scan-mint-cu "mint_copy16_async \\(mint_d \\+ 504, mint_g \\+ 1 \\* mint_cp\\);" } } */
/* { dg-final { scan-mint-cu "= mint_ring_cell<decltype \\(mint_v\\)::value> \\(mint_cur, -296\\);" } } */
/* { dg-final { scan-mint-cu "  if \\(mint_inner && mint_fast && \\(mint_m \\+ 4\\) % 2 == 0\\)\n" } } */
/* { dg-final { scan-mint-cu "  float \\*const mint_ring = \\(float \\*\\) mint_dynamic_shared;\n" } } */
/* { dg-final { scan-mint-cu "  if \\(mint_inner && mint_fast && \\(mint_m \\+ 3\\) % 4 == 0\\)\n" } } */
