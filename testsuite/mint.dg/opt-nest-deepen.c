/* The loops that a `#pragma mint for' leaves in the body run in parallel
   too, at levels 1 and up, where no two points use one element of an
   array that either writes, dimension x walks the rows of the stores
   (in the loops' order or the one the stores choose) and the directive
   gives no launch shape (here mint chooses it, even for a short x).
   Elsewhere the nest is the directive's, and the trial says nothing.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=3 -fplugin-arg-mint-verbose" } */

void
planes (int n, double (*a)[n][n], double (*b)[n][n])
{
#pragma mint copy(a, toDevice, n, n, n)
#pragma mint copy(b, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint for /* { dg-message "mint_planes_17.: 3-D where the directive asks for .nest.1.." } */
    for (int z = 1; z < n - 1; z++)
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          b[z][y][x] = 0.5 * a[z][y][x] + 0.1 * (a[z][y][x - 1] + a[z][y][x + 1]
                                                + a[z - 1][y][x] + a[z + 1][y][x]);
#pragma mint for nest(2) /* { dg-message "mint_planes_23.: 3-D where the directive asks for .nest.2.." } */
    for (int z = 1; z < n - 1; z++)
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          a[z][y][x] = b[z][y][x] + b[z][y - 1][x];
    /* Each thread walks z: made parallel, the stores choose x.  */
#pragma mint for nest(2) /* { dg-message "mint_planes_29.: 3-D where the directive asks for .nest.2.." } */
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        for (int z = 1; z < n - 1; z++)
          b[z][y][x] = a[z][y][x] + a[z - 1][y][x];
    /* x outermost: the stores choose the order.  */
#pragma mint for nest(all) /* { dg-message "mint_planes_35.: dimension x runs the loop over .x., whose variable walks the rows of the arrays the nest stores" } */
    for (int x = 1; x < n - 1; x++)
      for (int y = 1; y < n - 1; y++)
        for (int z = 1; z < n - 1; z++)
          a[z][y][x] = b[z][y][x] * 2;
  }
#pragma mint copy(a, fromDevice, n, n, n)
}

void
kept (int n, double (*a)[n][n], double (*b)[n][n], double *w,
      float (*rgb)[n][3], float (*rgb0)[n][3])
{
#pragma mint copy(a, toDevice, n, n, n)
#pragma mint copy(b, toDevice, n, n, n)
#pragma mint copy(w, toDevice, n)
#pragma mint copy(rgb, toDevice, 3, n, n)
#pragma mint copy(rgb0, toDevice, 3, n, n)
#pragma mint parallel
  {
    /* Rows that no loop walks by one element.  */
#pragma mint for nest(2) /* { dg-message "mint_kept_56.: 2-D, tile" } */
    for (int z = 1; z < n - 1; z++)
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n / 2; x++)
          b[z][y][2 * x] = a[z][y][x];
    /* A recurrence along x.  */
#pragma mint for nest(2) /* { dg-message "mint_kept_62.: 2-D, tile" } */
    for (int z = 1; z < n - 1; z++)
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          a[z][y][x] = a[z][y][x - 1] * 0.5 + b[z][y][x];
    /* A variable carried from one x to the next.  */
#pragma mint for nest(2) /* { dg-message "mint_kept_68.: 2-D, tile" } */
    for (int z = 1; z < n - 1; z++)
      for (int y = 1; y < n - 1; y++)
        {
          double s = 0;
          for (int x = 1; x < n - 1; x++)
            {
              s = 0.5 * s + a[z][y][x];
              b[z][y][x] = s;
            }
        }
    /* A loop whose start depends on an outer loop variable.  */
#pragma mint for nest(2) /* { dg-message "mint_kept_80.: 2-D, tile" } */
    for (int z = 1; z < n - 1; z++)
      for (int y = 1; y < n - 1; y++)
        for (int x = y; x < n - 1; x++)
          b[z][y][x] = a[z][y][x];
    /* A break out of the innermost loop.  */
#pragma mint for nest(2) /* { dg-message "mint_kept_86.: 2-D, tile" } */
    for (int z = 1; z < n - 1; z++)
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          {
            if (a[z][y][x] < 0)
              break;
            b[z][y][x] = a[z][y][x];
          }
    /* A launch shape that the program gives.  */
#pragma mint for nest(2) tile(32, 8) /* { dg-message "mint_kept_96.: 2-D, tile 32x8x1" } */
    for (int z = 1; z < n - 1; z++)
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          b[z][y][x] = a[z][y][x] * w[x];
    /* The three colours of a pixel: dimension x of three points, one
       thread each (opt-nest-deepen-narrow.c: at the defaults' shape).  */
#pragma mint for nest(2) /* { dg-message "mint_kept_103.: 3-D, tile 3x" } */
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        for (int c = 0; c < 3; c++)
          rgb[y][x][c] = 0.5f * (rgb0[y][x - 1][c] + rgb0[y][x + 1][c]);
    /* An element that every point writes.  */
#pragma mint for nest(2) /* { dg-message "mint_kept_109.: 2-D, tile" } */
    for (int z = 1; z < n - 1; z++)
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          b[z][y][0] = a[z][y][x];
  }
#pragma mint copy(b, fromDevice, n, n, n)
#pragma mint copy(rgb, fromDevice, 3, n, n)
}
/* Why the loops below stay in the body, at the nests above.  */
/* { dg-message "mint_kept_56.: the loops below .nest.2.. run in each point: no loop of the nest would walk the rows of its stores" "" { target *-*-* } 56 } */
/* { dg-message "mint_kept_62.: the loops below .nest.2.. run in each point: the dependence analysis cannot prove that no two points use one element" "" { target *-*-* } 62 } */
/* { dg-message "mint_kept_86.: the loops below .nest.2.. run in each point: as parallel loops they would break a rule of the nest" "" { target *-*-* } 86 } */
