/* Subscripts loaded from memory: a gather is offloaded as it is; where
   such a subscript is written, or read from the array a point writes,
   -Wmint-dependence cannot prove the points independent.  A global
   scalar in a subscript is no such subscript.  */
/* { dg-do compile } */

void
f (int n, double *b, double *c, int *idx)
{
#pragma mint copy(b, toDevice, n)
#pragma mint copy(c, toDevice, n)
#pragma mint copy(idx, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      c[i] = b[idx[i]] + b[idx[i] % 7];
#pragma mint for
    for (int i = 0; i < n; i++)
      b[idx[i]] = i; /* { dg-warning "cannot prove that the points of the parallel loop nest write different elements at .b\\\[\\\(\\.\\.\\.\\\)\\\]." } */
#pragma mint for
    for (int i = 0; i < n; i++)
      b[i] = b[(int) b[i]]; /* { dg-warning "cannot prove that .b\\\[\\\(\\.\\.\\.\\\)\\\]. does not read an element that another point of the parallel loop nest writes at .b\\\[i\\\]." } */
  }
#pragma mint copy(b, fromDevice, n)
#pragma mint copy(c, fromDevice, n)
}

/* A global or static scalar in a subscript is a scalar of the kernel,
   not an indirection: no error.  */
int row_length;
static int shift = 1;

void
g (int n, double *b, double *c)
{
#pragma mint copy(b, toDevice, n * row_length)
#pragma mint copy(c, toDevice, n * row_length)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 0; y < n - shift; y++)
      for (int x = 0; x < row_length; x++)
        c[y * row_length + x] = b[(y + shift) * row_length + x];
  }
#pragma mint copy(c, fromDevice, n * row_length)
}
