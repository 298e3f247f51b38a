/* Level 4 in 2-D over grids of awkward shapes: narrower than a thread's
   two cells or a block's tile (3 to 5 points across), wide and one row
   deep, a tile and a cell wide, and a grid whose rows the nest walks
   across (the loops over u[x][y], x inside: a thread's two cells a row
   apart in memory).  Each runs 1 to 9 steps of a 5-point star that
   swaps its grids, compared with the plain C loops exactly
   (-ffp-contract=off).  */
/* { dg-do run } */
/* { dg-options "-ffp-contract=off" } */
#include "mint-test.h"

/* STEPS steps over U and V (NY rows of NX), read along the rows;
   returns the grid that holds the last.  */
static double *
rows_mint (int nx, int ny, double (*u)[nx], double (*v)[nx], int steps)
{
#pragma mint copy(u, toDevice, nx, ny)
#pragma mint copy(v, toDevice, nx, ny)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            v[y][x] = 0.6 * u[y][x] + 0.1 * (u[y][x - 1] + u[y][x + 1]
                                             + u[y - 1][x] + u[y + 1][x]);
#pragma mint single
        {
          double (*w)[nx] = u;
          u = v;
          v = w;
        }
      }
  }
#pragma mint copy(u, fromDevice, nx, ny)
#pragma mint copy(v, fromDevice, nx, ny)
  return &u[0][0];
}

/* The same, the grids indexed [x][y] (NX rows of NY), x the inner
   loop.  */
static double *
columns_mint (int nx, int ny, double (*u)[ny], double (*v)[ny], int steps)
{
#pragma mint copy(u, toDevice, ny, nx)
#pragma mint copy(v, toDevice, ny, nx)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            v[x][y] = 0.6 * u[x][y] + 0.1 * (u[x - 1][y] + u[x + 1][y]
                                             + u[x][y - 1] + u[x][y + 1]);
#pragma mint single
        {
          double (*w)[ny] = u;
          u = v;
          v = w;
        }
      }
  }
#pragma mint copy(u, fromDevice, ny, nx)
#pragma mint copy(v, fromDevice, ny, nx)
  return &u[0][0];
}

/* The host's steps over flat grids of NY rows of NX, read along the
   rows at strides SX (x) and SY (y).  */
static double *
steps_cpu (int nx, int ny, int sx, int sy, double *u, double *v, int steps)
{
  for (int t = 0; t < steps; t++)
    {
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          {
            size_t i = (size_t) y * sy + (size_t) x * sx;
            v[i] = 0.6 * u[i] + 0.1 * (u[i - sx] + u[i + sx] + u[i - sy]
                                       + u[i + sy]);
          }
      double *w = u;
      u = v;
      v = w;
    }
  return u;
}

/* Runs both forms over NX x NY for 1 to 9 steps; nonzero on a
   difference.  */
static int
check_shape (int nx, int ny)
{
  size_t points = (size_t) nx * ny, bytes = points * sizeof (double);
  double *g[4];
  for (int a = 0; a < 4; a++)
    g[a] = test_xmalloc (bytes);
  int status = 0;
  for (int columns = 0; columns < 2; columns++)
    for (int steps = 1; steps <= 9; steps++)
      {
        for (int a = 0; a < 4; a++)
          fill (g[a], columns ? ny : nx, columns ? nx : ny, 1, 1 + a % 2);
        double *last = columns
          ? columns_mint (nx, ny, (double (*)[ny]) g[0],
                          (double (*)[ny]) g[1], steps)
          : rows_mint (nx, ny, (double (*)[nx]) g[0], (double (*)[nx]) g[1],
                       steps);
        double *want = columns
          ? steps_cpu (nx, ny, ny, 1, g[2], g[3], steps)
          : steps_cpu (nx, ny, 1, nx, g[2], g[3], steps);
        double e = 0;
        for (size_t i = 0; i < points; i++)
          e = fmax (e, fmax (fabs (g[0][i] - g[2][i]),
                             fabs (g[1][i] - g[3][i])));
        if ((last == g[0]) != (want == g[2]))
          e = 1.0;
        char what[96];
        snprintf (what, sizeof what, "%dx%d, %s, %d steps", nx, ny,
                  columns ? "u[x][y]" : "u[y][x]", steps);
        status |= test_report (what, e, TOL_EXACT);
      }
  for (int a = 0; a < 4; a++)
    free (g[a]);
  return status;
}

int
main (void)
{
  static const int shapes[][2] = {
    { 3, 3 }, { 4, 700 }, { 5, 300 }, { 700, 3 }, { 257, 4 }, { 1031, 5 },
    { 243, 300 }
  };
  int status = 0;
  for (size_t s = 0; s < sizeof shapes / sizeof *shapes; s++)
    status |= check_shape (shapes[s][0], shapes[s][1]);
  return status;
}
