/* -Wmint-dependence and subscripts that divide the loop variable by a
   constant that the loop's step is a multiple of: `c[i / 2]' over even
   i (or odd, from 1), `c[i / 4]' in steps of 4, `c[(i - 3) / 2]' from
   3, `c[i >> 1]': each point writes its own element, no warning; a
   neighbour's quotient (`c[i / 2 + 1]') is the element of the next
   point.  A step the divisor does not divide writes one element twice
   (`c[i / 2]' over every i), and so does a quotient that truncates
   towards 0 on both sides of it (-1 / 2 and 1 / 2): warnings.  */
/* { dg-do compile } */

void
halves (int n, double *c, const double *f, double (*u)[n])
{
#pragma mint copy(c, toDevice, 4 * n)
#pragma mint copy(f, toDevice, 4 * n)
#pragma mint copy(u, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < 2 * n; i += 2)
      c[i / 2] = 0.5 * (f[i] + f[i + 1]); /* { dg-bogus "Wmint-dependence" } */
#pragma mint for
    for (int i = 1; i < 2 * n; i += 2)
      c[i / 2] = f[i]; /* { dg-bogus "Wmint-dependence" } */
#pragma mint for
    for (long i = 0; i < 4 * n; i += 4)
      c[i / 4] = f[i]; /* { dg-bogus "Wmint-dependence" } */
#pragma mint for
    for (unsigned i = 3; i < 2 * n; i += 2)
      c[(i - 3) / 2] = f[i]; /* { dg-bogus "Wmint-dependence" } */
#pragma mint for
    for (int i = 0; i < 2 * n; i += 2)
      c[i >> 1] = f[i]; /* { dg-bogus "Wmint-dependence" } */
#pragma mint for
    for (int i = -4; i < 2 * n; i += 2)
      c[i / 2 + 2] = f[i + 4]; /* { dg-bogus "Wmint-dependence" } */
#pragma mint for nest(all)
    for (int j = 0; j < n; j++)
      for (int i = 0; i < n; i += 2)
        u[j][i / 2] = u[j][i / 2] + f[i]; /* { dg-bogus "Wmint-dependence" } */
#pragma mint for
    for (int i = 0; i < 2 * n; i += 2)
      c[i / 2] = c[i / 2 + 1]; /* { dg-warning ".c\\\[\\(i / 2\\) \\+ 1\\\]. reads the element that the point \\(i \\+ 2\\) of the parallel loop nest writes at .c\\\[i / 2\\\]." } */
#pragma mint for
    for (int i = 0; i < 2 * n; i++)
      c[i / 2] = f[i]; /* { dg-warning "cannot prove that the points of the parallel loop nest write different elements at .c\\\[i / 2\\\]." } */
#pragma mint for
    for (int i = 0; i < 2 * n; i += 2)
      c[(i - 1) / 2] = f[i]; /* { dg-warning "cannot prove that the points of the parallel loop nest write different elements" } */
#pragma mint for
    for (int i = -3; i < 2 * n; i += 2)
      c[i / 2 + 2] = f[i + 4]; /* { dg-warning "cannot prove that the points of the parallel loop nest write different elements" } */
  }
#pragma mint copy(c, fromDevice, 4 * n)
#pragma mint copy(u, fromDevice, n, n)
}
