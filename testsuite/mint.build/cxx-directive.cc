/* A directive in a C++ unit: an error at its line (build.exp).  */

static double u[64], v[64];

int
main ()
{
#pragma mint copy(u, toDevice, 64)
#pragma mint parallel
  {
    for (int i = 1; i < 63; i++)
      v[i] = u[i - 1] + u[i + 1];
  }
  return 0;
}
