/* -Wmint-dependence and rows that start at their colour's first point
   (`x = 1 + (y + c) % 2', stepping by 2; three colours stepping by 3):
   neighbours of other colours give no warning; a neighbour of the same
   colour (two steps along the row, or a diagonal) does.  */
/* { dg-do compile } */

struct colour { int color; };

void
colours (int n, double (*u)[n], const struct colour *p)
{
#pragma mint copy(u, toDevice, n, n)
#pragma mint parallel
  {
    for (int c = 0; c < 2; c++)
      {
#pragma mint for nest(all)
        for (int y = 1; y < n - 1; y++)
          for (int x = 1 + (y + c) % 2; x < n - 1; x += 2)
            u[y][x] = 0.25 * (u[y][x - 1] + u[y][x + 1] + u[y - 1][x]
                              + u[y + 1][x]);
#pragma mint for nest(all)
        for (int y = 1; y < n - 1; y++)
          for (int x = 1 + ((y + p->color) & 1); x < n - 1; x += 2)
            u[y][x] = u[y - 1][x] + u[y + 1][x];
#pragma mint for nest(all)
        for (int y = 1; y < n - 1; y++)
          for (int x = 2 + (y + c) % 2; x < n - 1; x += 2)
            u[y][x] = u[y][x - 2] + u[y - 1][x]; /* { dg-warning "reads the element that the point .y, x - 2. of the parallel loop nest writes" } */
#pragma mint for nest(all)
        for (int y = 1; y < n - 1; y++)
          for (int x = 1 + (y + c) % 2; x < n - 1; x += 2)
            u[y][x] = u[y - 1][x - 1] + u[y + 1][x + 1]; /* { dg-warning "reads the element that the point .y - 1, x - 1. of the parallel loop nest writes" } */
      }
    for (int c = 0; c < 3; c++)
      {
#pragma mint for nest(all)
        for (int y = 1; y < n - 1; y++)
          for (int x = 1 + (y + c) % 3; x < n - 1; x += 3)
            u[y][x] = u[y][x - 1] + u[y][x + 1] + u[y - 1][x] + u[y + 1][x];
#pragma mint for nest(all)
        for (int y = 1; y < n - 1; y++)
          for (int x = 1 + (y + c) % 3; x < n - 1; x += 3)
            u[y][x] = u[y][x - 3]; /* { dg-warning "reads the element that the point .y, x - 3. of the parallel loop nest writes" } */
      }
  }
#pragma mint copy(u, fromDevice, n, n)
}
