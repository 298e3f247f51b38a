/* One element that every point uses (`s[0]'): updated by every point it
   is a data race, an error as for a scalar declared outside the nest,
   whatever the clauses assert; stored with one value the same at every
   point (a convergence flag) it is not a dependence, nor are overlapping
   stores of one constant; used only by the points that an equality
   picks (`if (i == 5)') it is one point's.  */
/* { dg-do compile } */

void
counts (const double *u, double *v, int *cnt, double *s, int n)
{
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint copy(cnt, toDevice, 1)
#pragma mint copy(s, toDevice, 2)
#pragma mint parallel
  {
#pragma mint for independent /* { dg-message "to combine values over the points, accumulate them in a variable declared before the loop nest, with .reduction..:VAR.. \\(or another operator\\) on the .for. directive, and store it into .cnt\\\[0\\\]. after the nest" } */
    for (int i = 1; i < n - 1; i++)
      {
        v[i] = u[i - 1] + u[i + 1];
        if (u[i] > 0.5)
          cnt[0]++; /* { dg-error "every point of the parallel loop nest may read and write .cnt\\\[0\\\]., one element for all of them: a data race" } */
        /* { dg-message ".cnt\\\[0\\\]. is read here" "" { target *-*-* } 23 } */
        s[1] = s[1] + u[i]; /* { dg-error "may read and write .s\\\[1\\\]." } */
      }
  }
#pragma mint copy(v, fromDevice, n)
#pragma mint copy(cnt, fromDevice, 1)
#pragma mint copy(s, fromDevice, 2)
}

void
flags (const double *u, double *v, int *changed, double *mid, double tol,
       int n)
{
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint copy(changed, toDevice, 2)
#pragma mint copy(mid, toDevice, 1)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < n - 1; i++)
      {
        double d = u[i - 1] + u[i + 1] - 2 * u[i];
        v[i] = u[i] + 0.25 * d;
        if (d > tol || d < -tol)
          changed[0] = 1; /* { dg-bogus "same element" } */
        if (i == n / 2)
          mid[0] = mid[0] + d; /* { dg-bogus "element" } */
        if (d > 1)
          changed[1] = 1; /* { dg-message ".changed\\\[1\\\]. is written here" } */
        if (d < -1)
          changed[1] = 2; /* { dg-warning "writes the element that the point \\(i - 1\\) of the parallel loop nest writes at .changed\\\[1\\\]." } */
      }
  }
#pragma mint copy(v, fromDevice, n)
#pragma mint copy(changed, fromDevice, 2)
#pragma mint copy(mid, fromDevice, 1)
}

void
one_axis (double (*u)[64], double *col, double *s, int n)
{
#pragma mint copy(u, toDevice, n, 64)
#pragma mint copy(col, toDevice, 64)
#pragma mint copy(s, toDevice, 1)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int j = 0; j < n; j++)
      for (int i = 0; i < 64; i++)
        {
          if (j == 0)
            col[i] += u[j][i]; /* { dg-bogus "element" } */
          if (i == 3)
            s[0] += u[j][i]; /* { dg-error "may read and write .s\\\[0\\\]." } */
        }
  }
#pragma mint copy(col, fromDevice, 64)
#pragma mint copy(s, fromDevice, 1)
}

/* A block of points set to one constant (a source) by overlapping
   stores: the same value whatever their order.  */
void
source_block (double *d, int n)
{
#pragma mint copy(d, toDevice, n * n)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int j = n / 2 - 2; j <= n / 2 + 2; j++)
      for (int i = n / 2 - 2; i <= n / 2 + 2; i++)
        {
          d[j * n + i + 2 * j] = 100.0; /* { dg-bogus "cannot prove" } */
          d[j * n + i + 2 * j + 1] = 100.0;
        }
  }
#pragma mint copy(d, fromDevice, n * n)
}
