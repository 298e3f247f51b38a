/* Directives belong inside function bodies.  */
/* { dg-do compile } */

#pragma mint parallel /* { dg-error ".#pragma mint parallel. must appear inside a function body" } */
double grid[8][8];
#pragma mint copy(grid, toDevice, 8, 8) /* { dg-error ".#pragma mint copy. must appear inside a function body" } */

struct cell
{
#pragma mint barrier /* { dg-error ".#pragma mint barrier. must appear inside a function body" } */
  double v;
};

void
f (void)
{
  grid[0][0] = 1.0;
}

#pragma mint for nest(all) /* { dg-error ".#pragma mint for. must appear inside a function body" } */
