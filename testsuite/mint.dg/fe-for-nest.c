/* The loops a `for' covers: perfectly nested, bounds fixed while the nest
   runs, loop variables changed only by their own loops, conditions that
   bound the steps, no directive inside (one error for a single block),
   block shape within the limits.  */
/* { dg-do compile } */

void
f (int n, double (*a)[n][n], double *b)
{
  int m = n;
#pragma mint copy(a, toDevice, n, n, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for nest(2) /* { dg-error "statement stands between loop 1 and loop 2" } */
    for (int z = 0; z < n; z++)
      {
        a[z][0][0] = 1.0;
        for (int y = 0; y < n; y++)
          a[z][y][0] = 2.0;
      }
#pragma mint for nest(all) /* { dg-error "bounds of the loop over .y. depend on .m., which changes" } */
    for (int z = 0; z < n; z++)
      for (int y = 0; y < m; y++)
        {
          m = y;
          a[z][y][0] = 2.0;
        }
#pragma mint for nest(2) /* { dg-error "bounds of the loop over .y. depend on .z., which changes" } */
    for (int z = 0; z < n; z++)
      for (int y = 0; y < z; y++)
        a[z][y][0] = 2.0;
#pragma mint for /* { dg-error "loop variable .i. is modified in the body" } */
    for (int i = 0; i < n; i++)
      {
        b[i] = 1.0;
        i++;
      }
#pragma mint for
    for (int i = 0; i < n; i++)
      {
#pragma mint single /* { dg-error "directives cannot stand inside a .#pragma mint for. loop nest" } */
        {
          b[i] = 2.0;
        }
      }
#pragma mint for /* { dg-error "compare it with .<., .<=., .>. or .>=., or with .!=. where it steps by 1 or -1" } */
    for (int i = 0; i != n; i += 2)
      b[i] = 1.0;
#pragma mint for /* { dg-error "steps away from its bound" } */
    for (int i = 0; i < n; i--)
      b[i] = 1.0;
#pragma mint for /* { dg-error "loop over .i., of type .short int., can wrap around before it reaches its bound" } */
    for (short i = 0; i < n; i++)
      b[i] = 1.0;
#pragma mint for /* { dg-error "loop over .i., of type .signed char., can wrap around" } */
    for (signed char i = 0; i < 127; i += 2)
      b[i] = 1.0;
#pragma mint for /* { dg-error "loop over .i., of type .unsigned char., can wrap around" } */
    for (unsigned char i = 250; i > 2; i -= 4)
      b[i] = 1.0;
#pragma mint for
    for (signed char i = 0; i < 126; i += 2)
      b[i] = 1.0;
#pragma mint for
    for (unsigned char i = 250; i > 3; i -= 4)
      b[i] = 1.0;
#pragma mint for nest(all) tile(8, 8, 32) /* { dg-error "2048 threads per block" } */
    for (int z = 0; z < n; z++)
      for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
          a[z][y][x] = 1.0;
#pragma mint for nest(all) tile(32, 32, 2) chunksize(1, 1, 2)
    for (int z = 0; z < n; z++)
      for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
          a[z][y][x] = 1.0;
#pragma mint for nest(all) tile(16, 16, 4) chunksize(1, 3, 1) /* { dg-error "tile size 16 in y is not a multiple of chunksize 3" } */
    for (int z = 0; z < n; z++)
      for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
          a[z][y][x] = 1.0;
  }
#pragma mint copy(a, fromDevice, n, n, n)
#pragma mint copy(b, fromDevice, n)
}

/* for takes a loop, directly.  */
void
g (int n, double *b)
{
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
#pragma mint for /* { dg-error "must be followed by a .for. loop" } */
    {
      b[0] = 1.0;
    }
#pragma mint for /* { dg-error "must be followed by a .for. loop" } */
    while (n-- > 0)
      b[n] = 1.0;
  }
#pragma mint copy(b, fromDevice, n)
}
