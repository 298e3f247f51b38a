/* -Wmint-dependence and a bound that is the smaller of two values
   (MIN (nx, lim), i < nx && i < lim): the loop's variable stays below
   each, so the points of a row of nx cells stay in their row.  Where
   neither value keeps them there (a row of nx cells, x up to nx or
   2 * nx), the warning stays.  */
/* { dg-do compile } */

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

void
rows (double *f, double *g, int nx, int ny, int lim)
{
#pragma mint copy(f, toDevice, nx, ny)
#pragma mint copy(g, toDevice, nx, ny)
#pragma mint parallel
  {
#pragma mint for nest(2)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < MIN(nx, lim); x++)
        g[y * nx + x] = 2 * f[y * nx + x]; /* { dg-bogus "Wmint-dependence" } */
#pragma mint for nest(2)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < MIN(lim, nx); x++)
        g[y * nx + x] = 2 * f[y * nx + x]; /* { dg-bogus "Wmint-dependence" } */
#pragma mint for nest(2)
    for (int y = 0; y < ny; y++)
      for (int x = 1; x < nx && x < lim; x++)
        g[y * nx + x] = g[y * nx + x] + f[y * nx + x - 1]; /* { dg-bogus "Wmint-dependence" } */
    /* A loop down to the larger end.  */
#pragma mint for nest(2)
    for (int y = 0; y < ny; y++)
      for (int x = nx - 1; x >= MAX(0, lim); x--)
        g[y * nx + x] = 2 * f[y * nx + x]; /* { dg-bogus "Wmint-dependence" } */
    /* Rows that neither bound keeps apart: x reaches nx where lim is
       larger.  */
#pragma mint for nest(2)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < MIN(nx + 1, lim); x++)
        g[y * nx + x] = 2 * f[y * nx + x]; /* { dg-warning "Wmint-dependence" } */
#pragma mint for nest(2)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < MIN(lim, 2 * nx); x++)
        g[y * nx + x] = 2 * f[y * nx + x]; /* { dg-warning "Wmint-dependence" } */
    /* The larger of the two is not below nx.  */
#pragma mint for nest(2)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < MAX(nx, lim); x++)
        g[y * nx + x] = 2 * f[y * nx + x]; /* { dg-warning "Wmint-dependence" } */
    /* Both bounds in a second dimension: planes of nx * ny cells.  */
#pragma mint for nest(3)
    for (int z = 0; z < 4; z++)
      for (int y = 0; y < MIN(ny, lim); y++)
        for (int x = 0; x < MIN(nx, lim); x++)
          g[z * nx * ny + y * nx + x] = 2 * f[y * nx + x]; /* { dg-bogus "Wmint-dependence" } */
#pragma mint for nest(3)
    for (int z = 0; z < 4; z++)
      for (int y = 0; y < MIN(ny + 1, lim); y++)
        for (int x = 0; x < MIN(nx, lim); x++)
          g[z * nx * ny + y * nx + x] = 2 * f[y * nx + x]; /* { dg-warning "Wmint-dependence" } */
  }
#pragma mint copy(g, fromDevice, nx, ny)
}
