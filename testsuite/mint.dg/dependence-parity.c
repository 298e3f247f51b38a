/* -Wmint-dependence and parity guards: a red-black sweep updates in place
   only the points whose x + y (or another linear form of the loop
   variables) has one parity, and reads neighbours of the other parity,
   which no point of the nest writes.  No warning there; a warning where
   the neighbour read has the parity written (a distance that keeps the
   form's parity), and where the guard does not cover the read.  */
/* { dg-do compile } */

struct sor { double omega; int color; };

void
red_black (int nx, int ny, double (*u)[nx + 2], double (*f)[nx + 2],
           const struct sor *s, int sweeps)
{
#pragma mint copy(u, toDevice, nx + 2, ny + 2)
#pragma mint copy(f, toDevice, nx + 2, ny + 2)
#pragma mint parallel
  {
    for (int it = 0; it < sweeps; it++)
      for (int color = 0; color < 2; color++)
        {
#pragma mint for nest(all)
          for (int y = 1; y <= ny; y++)
            for (int x = 1; x <= nx; x++)
              if (((x + y) & 1) == color)
                u[y][x] += 0.25 * (u[y][x - 1] + u[y][x + 1] + u[y - 1][x]
                                   + u[y + 1][x] - f[y][x]) - u[y][x];
#pragma mint for nest(all)
          for (int y = 1; y <= ny; y++)
            for (int x = 1; x <= nx; x++)
              {
                if ((x + y + color) % 2 != 0)
                  continue;
                u[y][x] = (1.0 - s->omega) * u[y][x]
                          + s->omega * 0.25 * (u[y][x - 1] + u[y][x + 1]
                                               + u[y - 1][x] + u[y + 1][x]);
              }
#pragma mint for nest(all)
          for (int y = 1; y <= ny; y++)
            for (int x = 1; x <= nx; x++)
              if ((1 & (3 * x - y)) == s->color)
                u[y][x] = 0.5 * (u[y][x - 1] + u[y - 1][x]);
          /* The other edge of a parity test: GCC makes `== 1' `!= 0'.  */
#pragma mint for nest(all)
          for (int y = 1; y <= ny; y++)
            for (int x = 1; x <= nx; x++)
              if (((x + y + color) & 1) == 1)
                u[y][x] = 0.5 * (u[y][x - 1] + u[y - 1][x]);
#pragma mint for nest(all)
          for (int y = 1; y <= ny; y++)
            for (int x = 1; x <= nx; x++)
              if ((x + y + color) % 2)
                u[y][x] = 0.5 * (u[y][x + 1] + u[y + 1][x]);
        }
    /* Columns of one parity: the rows above and below have it too.  */
#pragma mint for nest(all)
    for (int y = 1; y <= ny; y++)
      for (int x = 1; x <= nx; x++)
        if ((x & 1) == 0)
          u[y][x] = u[y][x - 1] + u[y - 1][x]; /* { dg-warning ".u\\\[y - 1\\\]\\\[x\\\]. reads the element that the point \\(y - 1, x\\) of the parallel loop nest writes" } */
    /* An even coefficient says nothing about that variable.  */
#pragma mint for nest(all)
    for (int y = 1; y <= ny; y++)
      for (int x = 1; x <= nx; x++)
        if (((x + 2 * y) & 1) == 1)
          u[y][x] = u[y - 1][x] + u[y][x + 1]; /* { dg-warning ".u\\\[y - 1\\\]\\\[x\\\]. reads the element that the point \\(y - 1, x\\)" } */
    /* A distance of two keeps the parity.  */
#pragma mint for nest(all)
    for (int y = 1; y <= ny; y++)
      for (int x = 2; x <= nx; x++)
        if (((x + y) & 1) == 0)
          u[y][x] = u[y][x - 2]; /* { dg-warning ".u\\\[y\\\]\\\[x - 2\\\]. reads the element that the point \\(y, x - 2\\)" } */
    /* The read is not under the guard.  */
#pragma mint for nest(all)
    for (int y = 1; y <= ny; y++)
      for (int x = 1; x <= nx; x++)
        {
          double w = u[y][x - 1]; /* { dg-warning ".u\\\[y\\\]\\\[x - 1\\\]. reads the element that the point \\(y, x - 1\\)" } */
          if (((x + y) & 1) == 0)
            u[y][x] = w;
        }
    /* The parity of a value that changes from point to point.  */
#pragma mint for nest(all)
    for (int y = 1; y <= ny; y++)
      for (int x = 1; x <= nx; x++)
        if (((x + y) & 1) == ((int) f[y][x] & 1))
          u[y][x] = u[y][x - 1]; /* { dg-warning ".u\\\[y\\\]\\\[x - 1\\\]. reads the element that the point \\(y, x - 1\\)" } */
  }
#pragma mint copy(u, fromDevice, nx + 2, ny + 2)
}
