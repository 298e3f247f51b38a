/* abs of a short and of a char (GCC's ABSU_EXPR after the promotion),
   and a _Bool scalar in a subscript (u[i + shift]).  */
/* { dg-do run } */
#include <stdlib.h>
#include "mint-test.h"

static void
forms (int n, const short *s, const signed char *c, const double *u,
       int *m, double *v, _Bool shift)
{
#pragma mint copy(s, toDevice, n)
#pragma mint copy(c, toDevice, n)
#pragma mint copy(u, toDevice, n + 1)
#pragma mint copy(m, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 0; i < n; i++)
      {
        m[i] = abs (s[i]) + 1000 * abs (c[i]);
        v[i] = u[i + shift] + 0.5 * shift;
      }
  }
#pragma mint copy(m, fromDevice, n)
#pragma mint copy(v, fromDevice, n)
}

int
main (int argc, char **argv)
{
  int n = 300;
  short *s = test_xmalloc (n * sizeof *s);
  signed char *c = test_xmalloc (n * sizeof *c);
  double *u = test_xmalloc ((n + 1) * sizeof *u);
  int *m = test_xmalloc (n * sizeof *m);
  double *v = test_xmalloc (n * sizeof *v);
  (void) argv;
  for (int i = 0; i <= n; i++)
    u[i] = i * 0.75;
  for (int i = 0; i < n; i++)
    {
      s[i] = (short) (i * 97 - 15000);
      c[i] = (signed char) (i - 150);
      m[i] = 0;
      v[i] = 0;
    }
  _Bool shift = argc > 0;
  forms (n, s, c, u, m, v, shift);
  int bad = 0;
  for (int i = 0; i < n; i++)
    bad += m[i] != abs (s[i]) + 1000 * abs (c[i])
           || v[i] != u[i + shift] + 0.5 * shift;
  printf ("%d of %d wrong\n", bad, n);
  return bad != 0;
}
