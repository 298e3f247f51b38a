/* -Wmint-dependence and periodic neighbours chosen by `?:' on an equality
   of a loop variable, in a checkerboard sweep whose colour starts each
   row (x = (y + col) % 2, x += 2).  On a ring of even length the wrapped
   neighbour (x == 0 ? L - 1 : x - 1 reads L - 1 where x is 0) has the
   other colour, as the others do: no warning, for the four together and
   for each alone.  On an odd ring, with a wrap to L - 2, without the
   colour, or with a test that is not an equality, the warning stays.  The analysis compares each arm of a
   neighbour as an access of its own, the arm taken where x is 0 as
   x + 63: a distance of 63 between the points, which the colour's parity
   of x + y rules out.  (The nests start past line 28: a message at
   column 28 of a line would otherwise match a dg-bogus of line 28.)  */
/* { dg-do compile } */

#define L 64
#define ODD 63

void
checkerboard (int (*s)[L])
{
#pragma mint copy(s, toDevice, L, L)
#pragma mint parallel
  {
    for (int col = 0; col < 2; col++)
      {
#pragma mint for nest(2)
        for (int y = 0; y < L; y++)
          for (int x = (y + col) % 2; x < L; x += 2)
            {
              int nb = s[y][x == 0 ? L - 1 : x - 1] /* { dg-bogus "cannot prove" } */
                       + s[y][x == L - 1 ? 0 : x + 1] /* { dg-bogus "cannot prove" } */
                       + s[y == 0 ? L - 1 : y - 1][x] /* { dg-bogus "cannot prove" } */
                       + s[y != L - 1 ? y + 1 : 0][x]; /* { dg-bogus "cannot prove" } */
              if (nb > 0)
                s[y][x] = -s[y][x];
            }
#pragma mint for nest(2)
        for (int y = 0; y < L; y++)
          for (int x = (y + col) % 2; x < L; x += 2)
            s[y][x] += s[y][x == L - 1 ? 0 : x + 1]; /* { dg-bogus "cannot prove" } */
#pragma mint for nest(2)
        for (int y = 0; y < L; y++)
          for (int x = (y + col) % 2; x < L; x += 2)
            s[y][x] += s[y == 0 ? L - 1 : y - 1][x]; /* { dg-bogus "cannot prove" } */
#pragma mint for nest(2)
        for (int y = 0; y < L; y++)
          for (int x = (y + col) % 2; x < L; x += 2)
            s[y][x] += s[y != L - 1 ? y + 1 : 0][x]; /* { dg-bogus "cannot prove" } */
#pragma mint for nest(2)
        for (int y = 0; y < L; y++)
          for (int x = (y + col) % 2; x < L; x += 2)
            s[y][x] += s[y][x == 0 ? L - 2 : x - 1]; /* { dg-warning "cannot prove that .s.y..x != 0 \\? x - 1 : 62.. does not read" } */
#pragma mint for nest(2)
        for (int y = 0; y < L; y++)
          for (int x = (y + col) % 2; x < L; x += 2)
            s[y][x] += s[y][x > 0 ? x - 1 : L - 1]; /* { dg-warning "cannot prove that .s.y..x > 0 \\? x - 1 : 63.. does not read" } */
      }
#pragma mint for nest(2)
    for (int y = 0; y < L; y++)
      for (int x = 0; x < L; x++)
        s[y][x] += s[y][x == L - 1 ? 0 : x + 1]; /* { dg-warning "cannot prove that .s.y..x != 63 \\? x \\+ 1 : 0.. does not read" } */
  }
#pragma mint copy(s, fromDevice, L, L)
}

void
odd_ring (int (*s)[ODD])
{
#pragma mint copy(s, toDevice, ODD, ODD)
#pragma mint parallel
  {
    for (int col = 0; col < 2; col++)
      {
#pragma mint for nest(2)
        for (int y = 0; y < ODD; y++)
          for (int x = (y + col) % 2; x < ODD; x += 2)
            s[y][x] += s[y][x == 0 ? ODD - 1 : x - 1]; /* { dg-warning "cannot prove that .s.y..x != 0 \\? x - 1 : 62.. does not read" } */
#pragma mint for nest(2)
        for (int y = 0; y < ODD; y++)
          for (int x = (y + col) % 2; x < ODD; x += 2)
            s[y][x] += s[y == 0 ? ODD - 1 : y - 1][x]; /* { dg-warning "cannot prove that .s.y != 0 \\? y - 1 : 62..x.. does not read" } */
      }
  }
#pragma mint copy(s, fromDevice, ODD, ODD)
}
