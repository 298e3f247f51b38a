/* A loop body that a kernel cannot express is an error at its line, in
   C's words: an array declared in the body (private to a point), which
   is reported once, however many of its elements the body uses.  */
/* { dg-do compile } */

void
with_local_array (int n, double (*a)[n], double (*b)[n])
{
#pragma mint copy(a, toDevice, n, n)
#pragma mint copy(b, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        {
          double t[3] = { a[y][x - 1], a[y][x], a[y][x + 1] }; /* { dg-error "array .t. declared in it; only scalar variables can be private to a point" } */
          double s = 0;
          for (int k = 0; k < 3; k++)
            s += t[k];
          b[y][x] = s;
        }
  }
#pragma mint copy(b, fromDevice, n, n)
}
