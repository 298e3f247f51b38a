/* Extents and update counts count elements.  One that multiplies by
   the size of the array's element (cudaMemcpy's byte count) would copy
   past the array: an error at the extent.  A sizeof that is not the
   element's (a byte buffer holding doubles), or a product divided
   again, is a count.  */
/* { dg-do compile } */

void
f (int n, double *a, unsigned char *b, float *c, double *d, double *e)
{
#pragma mint copy(a, toDevice, n * sizeof (double)) /* { dg-error "the array extent of .a. multiplies by the size of its element: it counts bytes, where .copy. counts elements" } */
#pragma mint copy(b, toDevice, n * sizeof (double))
#pragma mint copy(c, toDevice, n * sizeof (float) / sizeof (float))
#pragma mint copy(d, toDevice, 2, sizeof *d * n) /* { dg-error "the array extent of .d. multiplies" } */
#pragma mint copy(e, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      e[i] = b[i] + c[i];
#pragma mint update(e, toHost, 0:n * sizeof (double)) /* { dg-error "the update range count of .e. multiplies" } */
  }
#pragma mint copy(e, fromDevice, n)
}
/* { dg-message "drop the .sizeof. factor" "" { target *-*-* } 0 } */
