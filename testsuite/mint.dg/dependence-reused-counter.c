/* A C89 body declares its variables once: one k counts the forward and
   the backward pass of a line sweep along the rows of a flat array, one t
   holds two unrelated values.  Each loop's k has the range of its own
   loop, so the rows of the points stay apart; a backward pass that
   writes one past its row (into the next point's row) keeps the
   warning.  */
/* { dg-do compile } */

void
thomas_rows (double *u, const double *c, int nx, int ny)
{
  int j, k;
  double t;
#pragma mint copy(u, toDevice, (nx * ny))
#pragma mint copy(c, toDevice, (nx * ny))
#pragma mint parallel
  {
#pragma mint for nest(1)
    for (j = 0; j < ny; j++)
      {
        for (k = 1; k < nx; k++)
          {
            t = c[j * nx + k] * u[j * nx + k - 1];
            u[j * nx + k] -= t; /* { dg-bogus "cannot prove" } */
          }
        for (k = nx - 2; k >= 0; k--)
          {
            t = c[j * nx + k] * u[j * nx + k + 1];
            u[j * nx + k] -= t; /* { dg-bogus "cannot prove" } */
          }
      }
  }
#pragma mint copy(u, fromDevice, (nx * ny))
}

void
past_the_row (double *u, const double *c, int nx, int ny)
{
  int j, k;
#pragma mint copy(u, toDevice, (nx * ny + 1))
#pragma mint copy(c, toDevice, (nx * ny))
#pragma mint parallel
  {
#pragma mint for nest(1)
    for (j = 0; j < ny; j++)
      {
        for (k = 1; k < nx; k++)
          u[j * nx + k] -= c[j * nx + k] * u[j * nx + k - 1]; /* { dg-warning "cannot prove that .u.nx.j . k - 1.. does not read an element that another point of the parallel loop nest writes at .u.nx.j . k . 1.." } */
        for (k = nx - 1; k >= 0; k--)
          u[j * nx + k + 1] -= c[j * nx + k] * u[j * nx + k];
      }
  }
#pragma mint copy(u, fromDevice, (nx * ny + 1))
}
