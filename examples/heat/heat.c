/* heat.c -- the Mint part of the example: a 5-point stencil on the GPU
   (or on the host, see README).  */

#include <string.h>

#include "heat.h"

void
heat_steps (int n, int steps, double c, double (*u)[n + 2],
            double (*unew)[n + 2])
{
  double (*result)[n + 2] = u;

#pragma mint copy(u, toDevice, n + 2, n + 2)
#pragma mint copy(unew, toDevice, n + 2, n + 2)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all) tile(32, 8)
        for (int y = 1; y <= n; y++)
          for (int x = 1; x <= n; x++)
            unew[y][x] = u[y][x] + c * (u[y][x - 1] + u[y][x + 1]
                                        + u[y - 1][x] + u[y + 1][x]
                                        - 4.0 * u[y][x]);
#pragma mint single
        {
          double (*tmp)[n + 2] = u;
          u = unew;
          unew = tmp;
        }
      }
  }
#pragma mint copy(u, fromDevice, n + 2, n + 2)

  /* After an odd number of steps the last one is in the other grid.  */
  if (u != result)
    memcpy (result, u, sizeof (double) * (n + 2) * (n + 2));
}
