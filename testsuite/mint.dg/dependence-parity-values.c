/* -Wmint-dependence and parity guards against values the same at every
   point that are no sums of scalars (`it & 1', `(c + it) % 2'), against
   the residue of another form by the same modulus (`(x & 1) == ((y + c)
   & 1)': x - y keeps its parity), and of an exclusive or modulo 2
   (`(x ^ y) & 1' has the parity of x + y).  A guard whose value varies
   from point to point (`(x & 1)' on the other side), a neighbour at a
   distance that keeps the guard's form, and a test `!= c' (every point
   passes it where c is 2) keep the warning.  */
/* { dg-do compile } */

void
sweeps (int nx, int ny, double (*u)[nx + 2], double (*f)[nx + 2],
        int sweeps)
{
#pragma mint copy(u, toDevice, nx + 2, ny + 2)
#pragma mint copy(f, toDevice, nx + 2, ny + 2)
#pragma mint parallel
  {
    for (int it = 0; it < sweeps; it++)
      for (int c = 0; c < 2; c++)
        {
          /* One colour per launch, chosen by values of the host loops.  */
#pragma mint for nest(2)
          for (int y = 1; y <= ny; y++)
            for (int x = 1; x <= nx; x++)
              if (((x + y) & 1) == (it & 1))
                u[y][x] = 0.25 * (u[y][x - 1] + u[y][x + 1] + u[y - 1][x] + u[y + 1][x] - f[y][x]); /* { dg-bogus "Wmint-dependence" } */
#pragma mint for nest(2)
          for (int y = 1; y <= ny; y++)
            for (int x = 1; x <= nx; x++)
              if (((x + y) & 1) == (c % 2))
                u[y][x] = 0.25 * (u[y][x - 1] + u[y][x + 1] + u[y - 1][x] + u[y + 1][x] - f[y][x]); /* { dg-bogus "Wmint-dependence" } */
#pragma mint for nest(2)
          for (int y = 1; y <= ny; y++)
            for (int x = 1; x <= nx; x++)
              if ((x + y) % 2 == (c + it) % 2)
                u[y][x] = 0.25 * (u[y][x - 1] + u[y][x + 1] + u[y - 1][x] + u[y + 1][x] - f[y][x]); /* { dg-bogus "Wmint-dependence" } */
#pragma mint for nest(2)
          for (int y = 1; y <= ny; y++)
            for (int x = 1; x <= nx; x++)
              if (((x ^ y) & 1) == c)
                u[y][x] = 0.25 * (u[y][x - 1] + u[y][x + 1] + u[y - 1][x] + u[y + 1][x] - f[y][x]); /* { dg-bogus "Wmint-dependence" } */
#pragma mint for nest(2)
          for (int y = 1; y <= ny; y++)
            for (int x = 1; x <= nx; x++)
              if ((x & 1) == ((y + c) & 1))
                u[y][x] = 0.25 * (u[y][x - 1] + u[y][x + 1] + u[y - 1][x] + u[y + 1][x] - f[y][x]); /* { dg-bogus "Wmint-dependence" } */
#pragma mint for nest(2)
          for (int y = 1; y <= ny; y++)
            for (int x = 1; x <= nx; x++)
              {
                if (((x + y) & 1) != (it & 1))
                  continue;
                u[y][x] = 0.5 * (u[y][x - 1] + u[y - 1][x]); /* { dg-bogus "Wmint-dependence" } */
              }
          /* A distance that keeps the form: x - 2, (y - 1, x - 1).  */
#pragma mint for nest(2)
          for (int y = 1; y <= ny; y++)
            for (int x = 2; x <= nx; x++)
              if (((x + y) & 1) == (it & 1))
                u[y][x] = u[y][x - 2]; /* { dg-warning "Wmint-dependence" } */
#pragma mint for nest(2)
          for (int y = 1; y <= ny; y++)
            for (int x = 1; x <= nx; x++)
              if (((x ^ y) & 1) == c)
                u[y][x] = u[y - 1][x - 1]; /* { dg-warning "Wmint-dependence" } */
#pragma mint for nest(2)
          for (int y = 1; y <= ny; y++)
            for (int x = 1; x <= nx; x++)
              if ((x & 1) == ((y + c) & 1))
                u[y][x] = u[y - 1][x - 1]; /* { dg-warning "Wmint-dependence" } */
          /* Modulo 4 an exclusive or is no sum.  */
#pragma mint for nest(2)
          for (int y = 1; y <= ny; y++)
            for (int x = 1; x <= nx; x++)
              if (((x ^ y) & 3) == c)
                u[y][x] = u[y][x - 1]; /* { dg-warning "Wmint-dependence" } */
          /* Against a value that varies with the point: every point of
             an even row passes, whatever its x.  */
#pragma mint for nest(2)
          for (int y = 1; y <= ny; y++)
            for (int x = 1; x <= nx; x++)
              if (((x + y) & 1) == (x & 1))
                u[y][x] = u[y][x - 1]; /* { dg-warning "Wmint-dependence" } */
#pragma mint for nest(2)
          for (int y = 1; y <= ny; y++)
            for (int x = 1; x <= nx; x++)
              if (((x + y) & 1) == (x % 2 + it))
                u[y][x] = u[y][x - 1]; /* { dg-warning "Wmint-dependence" } */
          /* Where c is 2, every point passes `!= c'.  */
#pragma mint for nest(2)
          for (int y = 1; y <= ny; y++)
            for (int x = 1; x <= nx; x++)
              if (((x + y) & 1) != c)
                u[y][x] = u[y][x - 1]; /* { dg-warning "Wmint-dependence" } */
        }
  }
#pragma mint copy(u, fromDevice, nx + 2, ny + 2)
}
