/* A pointer saved before a region that swaps the array's pointer, in a
   function whose loop directive is broken: after the error the loops
   have no preheaders, and the count of the swaps' loops stops there
   (it asserted in loop_preheader_edge).  */

#include <stdlib.h>

double
f (int n)
{
  double *p = malloc (n * sizeof *p), *q = malloc (n * sizeof *q), *t;
  double *p0 = p;
#pragma mint copy(p, toDevice, n)
#pragma mint copy(q, toDevice, n)
#pragma mint parallel
  {
    for (int s = 0; s < 3; s++)
      {
#pragma mint &
        for (int i = 1; i < n - 1; i++)
          q[i] = 0.5 * (p[i - 1] + p[i + 1]);
        t = p;
        p = q;
        q = t;
      }
  }
#pragma mint copy(p, fromDevice, n)
  return p0[5];
}
