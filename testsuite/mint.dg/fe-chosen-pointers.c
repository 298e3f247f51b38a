/* Pointers chosen in the region among copied arrays (`double *src =
   (t & 1) ? b : a;'): a kernel's array through one stands for each of
   them, so host code that reads one of them in the region is an error as
   after a swap, and so is a read after the region of one it does not
   copy back.  A pointer also set to an array the region does not copy,
   or chosen between arrays copied in different shapes, stays "never
   copied".  */
/* { dg-do compile } */

void
stale_read (int n, int steps, double *a, double *b, double *out)
{
#pragma mint copy(a, toDevice, n * n)
#pragma mint copy(b, toDevice, n * n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        double *src = (t & 1) ? b : a;
        double *dst = (t & 1) ? a : b;
#pragma mint for nest(all)
        for (int y = 1; y < n - 1; y++)
          for (int x = 1; x < n - 1; x++)
            dst[y * n + x] = 0.5 * src[y * n + x];
        out[t] = a[n + 1]; /* { dg-error "host code reads an element of .a. in the .parallel. region" } */
      }
  }
#pragma mint copy(a, fromDevice, n * n)
#pragma mint copy(b, fromDevice, n * n)
}

double
not_copied_back (int n, int steps, double *a, double *b)
{
#pragma mint copy(a, toDevice, n * n)
#pragma mint copy(b, toDevice, n * n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        double *src, *dst;
        if (t % 2 == 0)
          {
            src = a;
            dst = b;
          }
        else
          {
            src = b;
            dst = a;
          }
#pragma mint for nest(all)
        for (int y = 1; y < n - 1; y++)
          for (int x = 1; x < n - 1; x++)
            dst[y * n + x] = 0.5 * src[y * n + x];
      }
  }
#pragma mint copy(a, fromDevice, n * n)
  return b[n + 1]; /* { dg-error "host code reads an element of .b. after the .parallel. region" } */
}

void
one_uncopied (int n, int steps, double *a, double *b, double *c)
{
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        double *dst = (t & 1) ? a : c; /* { dg-message ".dst. is set here to an array the region does not copy" } */
#pragma mint for
        for (int i = 0; i < n; i++)
          dst[i] = b[i]; /* { dg-error "array .dst. is used in a kernel but never copied" } */
      }
  }
#pragma mint copy(a, fromDevice, n)
}

void
other_shapes (int n, int steps, double *a, double *b, double *c)
{
#pragma mint copy(a, toDevice, n, n)
#pragma mint copy(b, toDevice, n * n)
#pragma mint copy(c, toDevice, n * n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        double *src = (t & 1) ? a : b; /* { dg-message ".src. is set here to an array the region does not copy, or to one copied in another shape" } */
#pragma mint for
        for (int i = 0; i < n; i++)
          c[i] = src[i]; /* { dg-error "array .src. is used in a kernel but never copied" } */
      }
  }
#pragma mint copy(c, fromDevice, n * n)
}

/* Chosen from a local table of pointers to copied arrays: each launch
   finds the array through the pointer.  A table with an array the region
   does not copy, or whose address the function takes, stays "never
   copied".  */
void opaque_table (double **);

void
from_table (int n, int steps, double *a, double *b, double *c)
{
  double *tab[2] = { a, b };
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint copy(c, toDevice, n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        double *src = tab[t & 1], *dst = tab[(t + 1) & 1];
#pragma mint for
        for (int i = 0; i < n; i++)
          dst[i] = 0.5 * src[i] + c[i]; /* { dg-bogus "never copied" } */
      }
  }
#pragma mint copy(a, fromDevice, n)
#pragma mint copy(b, fromDevice, n)
}

void
table_with_uncopied (int n, int steps, double *a, double *b, double *c)
{
  double *tab[2] = { a, c }; /* { dg-message "set here to an array the region does not copy" } */
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        double *src = tab[t & 1];
#pragma mint for
        for (int i = 0; i < n; i++)
          b[i] = src[i]; /* { dg-error "array .src. is used in a kernel but never copied" } */
      }
  }
#pragma mint copy(b, fromDevice, n)
}

void
table_escapes (int n, int steps, double *a, double *b)
{
  double *tab[2] = { a, b };
  opaque_table (tab);
#pragma mint copy(a, toDevice, n)
#pragma mint copy(b, toDevice, n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
        double *src = tab[t & 1]; /* { dg-message "set here to an array the region does not copy" } */
#pragma mint for
        for (int i = 0; i < n; i++)
          b[i] = src[i]; /* { dg-error "array .src. is used in a kernel but never copied" } */
      }
  }
#pragma mint copy(b, fromDevice, n)
}
