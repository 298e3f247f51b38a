/* Subscripts the kernel cannot compute: the error says why; a global
   scalar in one is no such subscript.  */
/* { dg-do compile } */

void
f (int n, double *b, int *idx)
{
#pragma mint copy(b, toDevice, n)
#pragma mint copy(idx, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      b[idx[i]] = 1.0; /* { dg-error "subscript of .b. depends on a value loaded from memory; indirect indexing" } */
#pragma mint for
    for (int i = 0; i < n; i++)
      b[i] = b[(int) b[i]]; /* { dg-error "subscript of .b. depends on a value loaded from memory" } */
  }
#pragma mint copy(b, fromDevice, n)
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
    for (int y = 0; y < n; y++)
      for (int x = shift; x < row_length; x++)
        c[y * row_length + x] = b[y * row_length + x - shift];
  }
#pragma mint copy(c, fromDevice, n * row_length)
}
