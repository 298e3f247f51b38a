/* Rows of flat arrays whose length is a variable set to the loops' bound
   plus a constant before the region (int ex = n + 2, the points and a
   halo on each side): the points stay in their rows, also where each
   holds two interleaved numbers (u[2 * i] and u[2 * i + 1]).  Loops to
   the length itself reach the next row; a length the function sets on
   one path only is unknown.  */
/* { dg-do compile } */

void
halo_rows (int n, double *u, double *v)
{
  int ex = n + 2;
  long len = 2L * ex * ex;
#pragma mint copy(u, toDevice, len)
#pragma mint copy(v, toDevice, len)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y <= n; y++)
      for (int x = 1; x <= n; x++)
        v[y * ex + x] = u[y * ex + x - 1] + u[y * ex + x + 1]; /* { dg-bogus "cannot prove" } */
#pragma mint for nest(all)
    for (int y = 1; y <= n; y++)
      for (int x = 1; x <= n; x++)
        {
          v[2 * (y * ex + x)] = u[2 * (y * ex + x) + 1]; /* { dg-bogus "cannot prove" } */
          v[2 * (y * ex + x) + 1] = -u[2 * (y * ex + x)]; /* { dg-bogus "cannot prove" } */
        }
  }
#pragma mint copy(v, fromDevice, len)
}

void
tight_rows (int n, double *u, double *v)
{
  int ex = n;
#pragma mint copy(u, toDevice, n * n + 1)
#pragma mint copy(v, toDevice, n * n + 1)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 0; y < n; y++)
      for (int x = 0; x <= n; x++)
        v[y * ex + x] = u[y * ex + x]; /* { dg-warning "cannot prove that the points of the parallel loop nest write different elements" } */
  }
#pragma mint copy(v, fromDevice, n * n + 1)
}

void
set_twice (int n, double *u, double *v, int wide)
{
  int ex = n + 2;
  if (wide)
    ex = n;
#pragma mint copy(u, toDevice, (n + 2) * (n + 2))
#pragma mint copy(v, toDevice, (n + 2) * (n + 2))
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y <= n; y++)
      for (int x = 1; x <= n; x++)
        v[y * ex + x] = u[y * ex + x]; /* { dg-warning "cannot prove that the points of the parallel loop nest write different elements" } */
  }
#pragma mint copy(v, fromDevice, (n + 2) * (n + 2))
}
