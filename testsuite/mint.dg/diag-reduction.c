/* A loop body that uses its reduction variable other than to update it
   by the clause's operator gets another answer on the GPU, where each
   point starts from the operator's identity: an error at the line.  The
   updates the GPU computes as the program does compile.  */
/* { dg-do compile } */

#include <math.h>

double
wrong (int n, double (*a)[n], double (*b)[n], double (*w)[n], int *count)
{
  double s = 0, m = 1e9;
  int is = 0;
#pragma mint copy(a, toDevice, n, n)
#pragma mint copy(b, toDevice, n, n)
#pragma mint copy(w, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(2) reduction(+:s)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        {
          s += a[y][x];
          w[y][x] = s; /* { dg-error "uses the value of reduction variable .s. other than to update it" } */
        }
#pragma mint for nest(2) reduction(+:s)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        if (s < 100) /* { dg-error "uses the value of reduction variable .s." } */
          s += a[y][x];
#pragma mint for nest(2) reduction(+:s)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        s = s * 0.5 + a[y][x]; /* { dg-error "reduction variable .s. is updated with an operator other than its clause.s" } */
#pragma mint for nest(2) reduction(+:s)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        s = a[y][x]; /* { dg-error "reduction variable .s. is assigned a value that is not its update" } */
#pragma mint for nest(2) reduction(+:is)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        is += a[y][x]; /* { dg-error "reduction variable .is. has an integer type but is updated in floating-point arithmetic" } */
#pragma mint for nest(2) reduction(min:m)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        if (a[y][x] < m)
          m = b[y][x]; /* { dg-error "reduction variable .m. is assigned a value that is not its update" } */
#pragma mint for nest(2) reduction(min:m)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        if (a[y][x] > m)
          m = a[y][x]; /* { dg-error "reduction variable .m. is assigned a value" } */
#pragma mint for nest(2) reduction(max:m)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        m = a[y][x] < m ? a[y][x] : m; /* { dg-error "reduction variable .m. is assigned a value" } */
#pragma mint for nest(2) reduction(max:m)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        if (w[y][x] > m)
          {
            w[y][x] = 0;
            m = w[y][x]; /* { dg-error "reduction variable .m. is assigned a value" } */
          }
  }
#pragma mint copy(w, fromDevice, n, n)
  *count = is;
  return s + m;
}

double
right (int n, double (*a)[n], float (*f)[n], int (*k)[n], _Bool *any)
{
  double s = 0, m = 1e9, big = -1e9, p = 1;
  float fm = 0;
  int im = 0;
  long cnt = 0;
  _Bool seen = 0, changed = 0;
#pragma mint copy(a, toDevice, n, n)
#pragma mint copy(f, toDevice, n, n)
#pragma mint copy(k, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(2) reduction(+:s)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        {
          double d = a[y][x] - 1;
          if (d > 0)
            s += d * d;
          else
            s -= d;
          s = fma (d, 2.0, s);
          for (int q = 0; q < 3; q++)
            s += q * d;
          s += f[y][x];
        }
#pragma mint for nest(2) reduction(min:m)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        {
          m = fmin (m, a[y][x]);
          double d = 2 * a[y][x];
          if (d < m)
            m = d;
          if (m >= a[y][x] && x > 2)
            m = a[y][x];
        }
#pragma mint for nest(2) reduction(max:big)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        {
          big = a[y][x] > big ? a[y][x] : big;
          big = fmax (big, fabs (a[y][x] - a[y][x > 0 ? x - 1 : x]));
          if (a[y][x] > big)
            {
              k[y][x] = 0;
              big = a[y][x];
            }
        }
#pragma mint for nest(2) reduction(max:fm)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        if (f[y][x] > fm)
          fm = f[y][x];
#pragma mint for nest(2) reduction(max:im)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        if (a[y][x] > im)
          im = a[y][x];
#pragma mint for nest(2) reduction(+:cnt)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        if (a[y][x] > 1.0)
          cnt++;
#pragma mint for nest(2) reduction(*:p)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        p *= 1.0 + 1e-3 * a[y][x];
#pragma mint for nest(2) reduction(max:seen)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        seen = seen | (k[y][x] == 7);
#pragma mint for nest(2) reduction(max:changed)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        if (a[y][x] != f[y][x])
          changed = 1;
  }
#pragma mint copy(k, fromDevice, n, n)
  *any = seen && changed;
  return s + m + big + fm + im + cnt + p;
}
