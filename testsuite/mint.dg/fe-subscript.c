/* Subscripts the kernel cannot compute: the error says why.  */
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
