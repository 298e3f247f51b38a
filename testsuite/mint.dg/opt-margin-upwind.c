/* Upwinding: Q read beside its point only under a condition on values,
   through the read-only path in a walk that loads only what the program
   reads (level 3 keeps U); autotuned, the walk that loads Q's whole box
   into the copies' margins (MINT_VARIANT_MARGIN) keeps Q too and comes
   first, that walk without the margins second, for the launches whose
   reads leave them.  A shape given comes as two variants, the shape's
   rolled walk in the margins and the shape as given.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=3 -fplugin-arg-mint-verbose" } */

void
upwind (int n, double (*u)[n], double (*q)[n], double (*r)[n])
{
#pragma mint copy(u, toDevice, n, n)
#pragma mint copy(q, toDevice, n, n)
#pragma mint copy(r, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) /* { dg-message "mint_upwind_19.: level 3: each thread walks 16 points along y and computes 2 columns, its own columns in registers; q in registers, u in registers" } */
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        r[y][x] = u[y][x] > 0 ? u[y][x] * (q[y][x] - q[y][x - 1])
                              : u[y][x] * (q[y][x + 1] - q[y][x]);
    /* { dg-message "mint_upwind_19.: 4 variants for the runtime to time, those after v1 compiled for the newest GPU architecture only; those in the margins load cells beside the reads of the program, in the margins of the copies of the arrays, and v1 runs where the reads of a launch leave the margins: v0 tile 256x16 chunksize 2x16 in the margins, v1 tile 256x16 chunksize 2x16, v2" "" { target *-*-* } 19 } */
#pragma mint for nest(all) tile(256, 16) chunksize(2, 16) /* { dg-message "mint_upwind_25.: level 3: each thread walks 16 points along y in a rolled loop and computes 2 columns, its own columns in registers; q in registers, u in registers" } */
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        r[y][x] = u[y][x] > 0 ? u[y][x] * (q[y][x] - q[y][x - 1])
                              : u[y][x] * (q[y][x + 1] - q[y][x]);
    /* { dg-message "mint_upwind_25.: 2 variants for the runtime to time, those after v1 compiled for the newest GPU architecture only; those in the margins load cells beside the reads of the program, in the margins of the copies of the arrays, and v1 runs where the reads of a launch leave the margins: v0 tile 256x16 chunksize 2x16 .at most 32 registers. in the margins, v1 tile 256x16 chunksize 2x16" "" { target *-*-* } 25 } */
  }
#pragma mint copy(r, fromDevice, n, n)
}
