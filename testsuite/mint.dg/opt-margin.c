/* The boundary handled in the body, `if (x == 0 || ...) b = a; else b =
   star (a)': autotuned, level 3 walks the array in variants that load
   cells beside the program's reads, in the margins of the copies
   (MINT_VARIANT_MARGIN), beside variant 1, which loads only what the
   program reads.  A shape given comes as two variants, the shape's
   rolled walk and the shape as given; an offset beyond the margins
   (MINT_COPY_MARGIN, 4) has no such variant: level 3 where the tests of
   x are false (edge-fold.h), else level 0.  The loops start at 0: the
   copies align element 0 of their rows.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=3 -fplugin-arg-mint-verbose -fdump-tree-all" } */

void
boundary (int n, double (*a)[n][n], double (*b)[n][n], double (*c)[n],
          double (*d)[n])
{
#pragma mint copy(a, toDevice, n, n, n)
#pragma mint copy(b, toDevice, n, n, n)
#pragma mint copy(c, toDevice, n, n)
#pragma mint copy(d, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "mint_boundary_23.: level 3: each thread walks 8 points along z in a rolled loop, its own column in registers; a in registers" } */
    for (int z = 0; z < n; z++)
      for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
          if (z == 0 || y == 0 || x == 0 || z == n - 1 || y == n - 1
              || x == n - 1)
            b[z][y][x] = a[z][y][x];
          else
            b[z][y][x] = a[z - 1][y][x] + a[z + 1][y][x] + a[z][y - 1][x]
                         + a[z][y + 1][x] + a[z][y][x - 1] + a[z][y][x + 1];
    /* { dg-message "mint_boundary_23.: 8 variants for the runtime to time, those after v1 compiled for the newest GPU architecture only; those in the margins load cells beside the reads of the program, in the margins of the copies of the arrays, and v1 runs where the reads of a launch leave the margins: v0 tile 32x8x8 chunksize 1x1x8 .at most 32 registers. in the margins, v1 tile 32x8x1 chunksize 1x1x1, v2" "" { target *-*-* } 23 } */
#pragma mint for nest(all) tile(32, 8, 6) chunksize(1, 1, 6) /* { dg-message "mint_boundary_34.: level 3: each thread walks 6 points along z in a rolled loop, its own column in registers; a in registers; at most 32 registers a thread" } */
    for (int z = 0; z < n; z++)
      for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
          if (z == 0 || y == 0 || x == 0 || z == n - 1 || y == n - 1
              || x == n - 1)
            b[z][y][x] = a[z][y][x];
          else
            b[z][y][x] = a[z - 1][y][x] + a[z + 1][y][x] + a[z][y - 1][x]
                         + a[z][y + 1][x] + a[z][y][x - 1] + a[z][y][x + 1];
    /* { dg-message "mint_boundary_34.: 2 variants for the runtime to time, those after v1 compiled for the newest GPU architecture only; those in the margins load cells beside the reads of the program, in the margins of the copies of the arrays, and v1 runs where the reads of a launch leave the margins: v0 tile 32x8x6 chunksize 1x1x6 .at most 32 registers. in the margins, v1 tile 32x8x6 chunksize 1x1x6" "" { target *-*-* } 34 } */
#pragma mint for nest(all) /* { dg-message "mint_boundary_45.: level 3 where the conditions on the loop variables .line 48. keep one value over a thread.s points: each thread walks" } */
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        if (x < 5 || x >= n - 5)
          d[y][x] = c[y][x];
        else
          d[y][x] = c[y][x - 5] + c[y][x + 5];
  }
#pragma mint copy(b, fromDevice, n, n, n)
#pragma mint copy(d, fromDevice, n, n)
}
/* { dg-final { scan-mint-dump "mint_copy_to_device \\(&?\[^,\]*, &?\[^,\]*, 8, \[^,\]*, \[^,\]*, \[^,\]*, 0, 0\\)" } } */
/* { dg-final { scan-mint-dump-not "mint_copy_to_device \\(\[^)\]*, \[1-9\]\[0-9\]*\\)" } } */
