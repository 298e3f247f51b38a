/* An anisotropic 3-D star: radius 1 along z, 4 in x and y; double
   buffers; prints ms a step and a checksum.  aniso N STEPS.  */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double
wall (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}
int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 64, steps = argc > 2 ? atoi (argv[2]) : 4;
  int ex = n + 8, ez = n + 2;
  double (*u)[ex][ex] = malloc (sizeof (double) * ex * ex * ez);
  double (*v)[ex][ex] = malloc (sizeof (double) * ex * ex * ez);
  for (int z = 0; z < ez; z++)
    for (int y = 0; y < ex; y++)
      for (int x = 0; x < ex; x++)
        u[z][y][x] = v[z][y][x] = (double) ((z * 7 + y * 13 + x * 17) % 101) / 101;
  double t0 = 0, t1 = 0;
#pragma mint copy(u, toDevice, ex, ex, ez)
#pragma mint copy(v, toDevice, ex, ex, ez)
#pragma mint parallel
  {
    for (int t = 0; t < steps + 2; t++)
      {
#pragma mint single
        {
          if (t == 2)
            t0 = wall ();
        }
#pragma mint for nest(all)
        for (int z = 1; z < n + 1; z++)
          for (int y = 4; y < n + 4; y++)
            for (int x = 4; x < n + 4; x++)
              v[z][y][x] = 0.3 * u[z][y][x] + 0.05 * (u[z - 1][y][x] + u[z + 1][y][x])
                           + 0.04 * (u[z][y][x - 1] + u[z][y][x + 1] + u[z][y - 1][x] + u[z][y + 1][x])
                           + 0.03 * (u[z][y][x - 2] + u[z][y][x + 2] + u[z][y - 2][x] + u[z][y + 2][x])
                           + 0.02 * (u[z][y][x - 3] + u[z][y][x + 3] + u[z][y - 3][x] + u[z][y + 3][x])
                           + 0.01 * (u[z][y][x - 4] + u[z][y][x + 4] + u[z][y - 4][x] + u[z][y + 4][x]);
#pragma mint single
        {
          double (*tmp)[ex][ex] = u;
          u = v;
          v = tmp;
        }
      }
#pragma mint barrier
#pragma mint single
    {
      t1 = wall ();
    }
  }
#pragma mint copy(u, fromDevice, ex, ex, ez)
  double s = 0;
  for (int z = 0; z < ez; z++)
    for (int y = 0; y < ex; y++)
      for (int x = 0; x < ex; x++)
        s += u[z][y][x] * (1 + (x + y + z) % 3);
  printf ("ms/step %.4f checksum %.15e\n", 1e3 * (t1 - t0) / steps, s);
  return 0;
}
