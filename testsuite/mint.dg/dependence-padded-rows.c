/* Rows of flat arrays padded to a multiple of a power of 2 or of a
   constant (int ld = (nx + 7) & ~7, (nx + 31) / 32 * 32): ld is at least
   nx, so the points of loops up to nx stay in their rows, walked up or
   down.  Rounding that may stay below nx, rounding down, a multiple
   that is not the divisor's, or a length set on one path only keeps the
   warning.  */
/* { dg-do compile } */

void
masked (double *u, double *v, int nx, int ny)
{
  int ld = (nx + 7) & ~7;
#pragma mint copy(u, toDevice, ld, ny)
#pragma mint copy(v, toDevice, ld, ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        v[y * ld + x] = u[y * ld + x - 1] + u[y * ld + x + 1]  /* { dg-bogus "cannot prove" } */
                        + u[(y - 1) * ld + x] + u[(y + 1) * ld + x];
#pragma mint for nest(all)
    for (int y = 0; y < ny; y++)
      for (int x = nx - 1; x >= 0; x--)
        u[y * ld + x] = v[y * ld + x]; /* { dg-bogus "cannot prove" } */
  }
#pragma mint copy(v, fromDevice, ld, ny)
}

void
divided (double *u, double *v, int nx, int ny)
{
  int ld = (nx + 31) / 32 * 32;
#pragma mint copy(u, toDevice, ld, ny)
#pragma mint copy(v, toDevice, ld, ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++)
        v[y * ld + x] = 2 * u[y * ld + x]; /* { dg-bogus "cannot prove" } */
  }
#pragma mint copy(v, fromDevice, ld, ny)
}

void
halo_padded (double *u, double *v, int n, int ny)
{
  int ld = 16 * ((n + 2 + 15) / 16);
#pragma mint copy(u, toDevice, ld, ny)
#pragma mint copy(v, toDevice, ld, ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x <= n; x++)
        v[y * ld + x] = u[y * ld + x - 1] + u[y * ld + x + 1]; /* { dg-bogus "cannot prove" } */
  }
#pragma mint copy(v, fromDevice, ld, ny)
}

void
short_of_a_row (double *u, double *v, int nx, int ny)
{
  int ld = (nx + 6) & ~7;
#pragma mint copy(u, toDevice, ld, ny)
#pragma mint copy(v, toDevice, ld, ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++)
        v[y * ld + x] = 2 * u[y * ld + x]; /* { dg-warning "cannot prove that the points of the parallel loop nest write different elements" } */
  }
#pragma mint copy(v, fromDevice, ld, ny)
}

void
rounded_down (double *u, double *v, int nx, int ny)
{
  int ld = nx & ~7;
#pragma mint copy(u, toDevice, ld, ny)
#pragma mint copy(v, toDevice, ld, ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++)
        v[y * ld + x] = 2 * u[y * ld + x]; /* { dg-warning "cannot prove that the points of the parallel loop nest write different elements" } */
  }
#pragma mint copy(v, fromDevice, ld, ny)
}

void
other_multiple (double *u, double *v, int nx, int ny)
{
  int ld = (nx + 7) / 8 * 4;
#pragma mint copy(u, toDevice, ld, ny)
#pragma mint copy(v, toDevice, ld, ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++)
        v[y * ld + x] = 2 * u[y * ld + x]; /* { dg-warning "cannot prove that the points of the parallel loop nest write different elements" } */
  }
#pragma mint copy(v, fromDevice, ld, ny)
}

void
padded_on_one_path (double *u, double *v, int nx, int ny, int pad)
{
  int ld = (nx + 7) & ~7;
  if (!pad)
    ld = nx / 2;
#pragma mint copy(u, toDevice, ld, ny)
#pragma mint copy(v, toDevice, ld, ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++)
        v[y * ld + x] = 2 * u[y * ld + x]; /* { dg-warning "cannot prove that the points of the parallel loop nest write different elements" } */
  }
#pragma mint copy(v, fromDevice, ld, ny)
}

/* The row length a constant of the function (int nx = 61): its padded
   length is the constant 64 at the nest.  */
void
constant_width (double *u, double *v, int ny)
{
  int nx = 61;
  int ld = (nx + 7) & ~7;
#pragma mint copy(u, toDevice, ld, ny)
#pragma mint copy(v, toDevice, ld, ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        v[y * ld + x] = u[y * ld + x - 1] + u[y * ld + x + 1]; /* { dg-bogus "cannot prove" } */
  }
#pragma mint copy(v, fromDevice, ld, ny)
}
