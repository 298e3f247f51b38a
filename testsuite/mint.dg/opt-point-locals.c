/* At levels 3 and 4 each point's body runs in a lambda of its own, which
   declares the body's locals (c); the kernel declares only what the
   points share, the loop variables and the reductions' (s).  Captured
   by reference, a body's thousand locals took nvcc minutes.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-mint-opt=3" } */

void
scaled (int n, double (*u)[n][n], double (*v)[n][n], double *sum)
{
  double s = 0;
#pragma mint copy(u, toDevice, n, n, n)
#pragma mint copy(v, toDevice, n, n, n)
#pragma mint parallel
  {
#pragma mint for nest(all) reduction(+:s)
    for (int z = 1; z < n - 1; z++)
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          {
            double c = u[z][y][x - 1] + u[z][y][x + 1] + u[z - 1][y][x]
                       + u[z + 1][y][x];
            v[z][y][x] = 0.25 * c;
            s += c;
          }
  }
#pragma mint copy(v, fromDevice, n, n, n)
  *sum = s;
}

/* { dg-final { scan-mint-cu "\n  int x;\n  int y;\n  int z;\n  double s;\n" } } */
/* { dg-final { scan-mint-cu "      \\\[&\\\]\n        \\\{\n(          double _t\[0-9\]+;\n)*          double c;\n" } } */
/* { dg-final { scan-mint-cu-not "\n  double c;\n" } } */
