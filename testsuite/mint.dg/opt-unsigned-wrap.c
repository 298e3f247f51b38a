/* Subscripts of 32-bit unsigned arithmetic, which C computes modulo
   2^32: where a term that the loops do not bound (a scalar) takes part,
   `a[base + i + 6]', the kernel computes the sum in its type, which wraps
   as C's does (base = 2^32 - 6 makes it a[i]), and the launch does not
   check it as a sum; sums of the loop variables, `u[i - 1]', `p[(j + 1)
   * nx + i - 1]' (rows of a flat array), stay affine: they wrap only
   where the affine form lies outside the array, which the launch
   checks.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=0" } */

void
wrapped (unsigned n, unsigned nx, unsigned ny, unsigned base,
         const double *a, double *b, const double *u, double *v,
         const double *p, double *q)
{
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint copy(p, toDevice, nx * ny)
#pragma mint copy(q, toDevice, nx * ny)
#pragma mint parallel
  {
#pragma mint for
    for (unsigned i = 0; i < n - 6; i++)
      b[i] = a[base + i + 6];
#pragma mint for
    for (unsigned i = 1; i < n - 1; i++)
      v[i] = u[i - 1] + u[i + 1];
#pragma mint for nest(all)
    for (unsigned j = 1; j < ny - 1; j++)
      for (unsigned i = 1; i < nx - 1; i++)
        q[j * nx + i] = p[(j - 1) * nx + i] + p[(j + 1) * nx + i - 1];
  }
#pragma mint copy(b, fromDevice, n)
#pragma mint copy(v, fromDevice, n)
#pragma mint copy(q, fromDevice, nx * ny)
}

/* { dg-final { scan-mint-cu "      _t\[0-9\]+ = base \\+ i;\n      _t(\[0-9\]+) = _t\[0-9\]+ \\+ 6U;\n      _t\[0-9\]+ = __ldg \\(&a\\\[\\(\\(long long\\) _t\\1\\)\\\]\\);" } } */
/* { dg-final { scan-mint-cu "__ldg \\(&u\\\[\\(\\(long long\\) i - 1LL\\)\\\]\\)" } } */
/* { dg-final { scan-mint-cu "__ldg \\(&p\\\[\\(\\(long long\\) i \\+ \\(long long\\) _t\[0-9\]+ - 1LL\\)\\\]\\)" } } */
