/* A static function with directives that nothing calls is lowered, so
   checked (diag-unreferenced-function.c), and then dropped as without
   the plugin: the program links though the function calls one that no
   file defines.  */
/* { dg-do link } */
/* { dg-options "-O2 -Wno-unused-function" } */

#define N 10

void nowhere_defined (double *b);

static void
unused (double *a, double *b)
{
#pragma mint copy(a, toDevice, N)
#pragma mint copy(b, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < N; i++)
      b[i] = a[i];
  }
#pragma mint copy(b, fromDevice, N)
  nowhere_defined (b);
}

int
main (void)
{
  return 0;
}
