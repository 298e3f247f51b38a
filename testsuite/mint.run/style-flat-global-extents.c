/* A flat float grid indexed through a macro of global extents (`int NX,
   NY, NZ;' set from the command line, as codes that read their sizes
   from an input file keep them): the subscripts read the globals, which
   are scalars of the kernel.  A time loop of heat steps with the
   pointers swapped in a single, and a global coefficient.
   Usage: style-flat-global-extents [N]  (default 30: N x N-3 x N-7).  */
/* { dg-do run } */
#include "mint-test.h"

int NX, NY, NZ;
float alpha = 0.125f;

#define IDX(x, y, z) (((long) (z) * NY + (y)) * NX + (x))
#define HEAT(a, x, y, z)                                                 \
  ((1 - 6 * alpha) * a[IDX (x, y, z)]                                    \
   + alpha * (a[IDX (x - 1, y, z)] + a[IDX (x + 1, y, z)]                \
              + a[IDX (x, y - 1, z)] + a[IDX (x, y + 1, z)]              \
              + a[IDX (x, y, z - 1)] + a[IDX (x, y, z + 1)]))

static void
heat_mint (float *a, float *b, int steps)
{
#pragma mint copy(a, toDevice, NX * NY * NZ)
#pragma mint copy(b, toDevice, NX * NY * NZ)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        for (int z = 1; z < NZ - 1; z++)
          for (int y = 1; y < NY - 1; y++)
            for (int x = 1; x < NX - 1; x++)
              b[IDX (x, y, z)] = HEAT (a, x, y, z);
#pragma mint single
        {
          float *s = a;
          a = b;
          b = s;
        }
      }
  }
#pragma mint copy(a, fromDevice, NX * NY * NZ)
#pragma mint copy(b, fromDevice, NX * NY * NZ)
}

static void
heat_cpu (float *a, float *b, int steps)
{
  for (int t = 0; t < steps; t++)
    {
      for (int z = 1; z < NZ - 1; z++)
        for (int y = 1; y < NY - 1; y++)
          for (int x = 1; x < NX - 1; x++)
            b[IDX (x, y, z)] = HEAT (a, x, y, z);
      float *s = a;
      a = b;
      b = s;
    }
}

int
main (int argc, char **argv)
{
  int n = 30;
  test_size_args (argc, argv, 1, &n);
  NX = n;
  NY = n - 3;
  NZ = n - 7;
  size_t count = (size_t) NX * NY * NZ;
  float *g[4];
  for (int i = 0; i < 4; i++)
    {
      g[i] = test_xmalloc (count * sizeof (float));
      fill (g[i], NX, NY, NZ, i % 2);
    }
  heat_mint (g[0], g[1], 7);
  heat_cpu (g[2], g[3], 7);
  double e = fmax (max_error (g[0], g[2], count),
                   max_error (g[1], g[3], count));
  return test_report ("flat grid, global extents", e, TOL_FLOAT);
}
