/* -Wmint-dependence and a red-black sweep that maps a loop variable onto
   its colour's points, x = 2*xx + 1 + ((y + c) & 1): x + y has the
   parity of 1 + c at every point, so the neighbours read have the other
   colour.  The residue is compared value by value, two points' values
   of one form apart by the form's distance modulo 2.  No warning for
   `& 1', nor for `% 2' of a sum that is not negative; a warning where
   the colour term does not alternate between rows ((2*y + c) & 1), where
   xx steps by 1, and for `% 2' of a sum that may be negative (whose
   residue may be -1: the analysis does not follow its sign).  */
/* { dg-do compile } */

#define N 34

double u[N][N], f[N][N];

void
red_black (int sweeps)
{
#pragma mint copy(u, toDevice, N, N)
#pragma mint copy(f, toDevice, N, N)
#pragma mint parallel
  {
    for (int it = 0; it < sweeps; it++)
      for (int c = 0; c < 2; c++)
        {
#pragma mint for nest(2)
          for (int y = 1; y < N - 1; y++)
            for (int xx = 0; xx < (N - 2) / 2; xx++)
              {
                int x = 2 * xx + 1 + ((y + c) & 1);
                u[y][x] = 0.25 * (u[y][x - 1] + u[y][x + 1] + u[y - 1][x] /* { dg-bogus "cannot prove" } */
                                  + u[y + 1][x] - f[y][x]);
              }
#pragma mint for nest(2)
          for (int y = 1; y < N - 1; y++)
            for (int xx = 0; xx < (N - 2) / 2; xx++)
              {
                int x = 2 * xx + 1 + (y + c) % 2;
                u[y][x] = 0.25 * (u[y][x - 1] + u[y][x + 1] + u[y - 1][x] /* { dg-bogus "cannot prove" } */
                                  + u[y + 1][x] - f[y][x]);
              }
        }
  }
#pragma mint copy(u, fromDevice, N, N)
}

void
near_misses (int c, int n)
{
#pragma mint copy(u, toDevice, N, N)
#pragma mint parallel
  {
#pragma mint for nest(2)
    for (int y = 1; y < N - 1; y++)
      for (int xx = 0; xx < (N - 2) / 2; xx++)
        {
          int x = 2 * xx + 1 + ((2 * y + c) & 1);
          u[y][x] = u[y - 1][x]; /* { dg-warning "cannot prove that .u.y - 1..\\(\\(c \\+ \\(y \\* 2\\)\\) & 1\\) \\+ 2\\*xx \\+ 1.. does not read" } */
        }
#pragma mint for nest(2)
    for (int y = 1; y < N - 1; y++)
      for (int xx = 1; xx < N - 2; xx++)
        {
          int x = xx + ((y + c) & 1);
          u[y][x] = u[y][x - 1]; /* { dg-warning "cannot prove that .u.y..\\(\\(y \\+ c\\) & 1\\) \\+ xx - 1.. does not read" } */
        }
#pragma mint for nest(2)
    for (int y = 1; y < N - 1; y++)
      for (int xx = 0; xx < (N - 2) / 2; xx++)
        {
          int x = 2 * xx + 1 + (y - n) % 2;
          u[y][x] = u[y][x - 1]; /* { dg-warning "cannot prove that" } */
        }
  }
#pragma mint copy(u, fromDevice, N, N)
}
