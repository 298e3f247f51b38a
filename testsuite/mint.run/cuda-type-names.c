/* Names of the program that CUDA or the generated code also uses: CUDA's
   vector types (double2, float4, ...) and their make_ functions, which
   level 3's 16-byte accesses use, and the prelude's MINT_ macros, as a
   scalar, a loop variable and a local of the body (helper B's finding 5
   of round 82: nvcc rejected the kernels), and C keywords with a
   trailing underscore, an array do_ and a scalar int_ (helper H3's of
   round 89: the kernel named them do and int).  */
/* { dg-do run } */
#include "mint-test.h"

enum { NX = 70, NY = 30 };

static void
smooth_mint (double (*do_)[NX], double (*v)[NX], double double2,
             int MINT_INLINE, double int_)
{
#pragma mint copy(do_, toDevice, NX, NY)
#pragma mint copy(v, toDevice, NX, NY)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int float4 = 1; float4 < NY - 1; float4++)
      for (int uint4 = 1; uint4 < NX - 1; uint4++)
        {
          double make_double2 = do_[float4][uint4 - 1]
                                + do_[float4][uint4 + 1];
          int MINT_CANDIDATE_ARCH = uint4 % MINT_INLINE;
          v[float4][uint4] = double2 * make_double2 * int_
                             + MINT_CANDIDATE_ARCH + do_[float4 - 1][uint4]
                             + do_[float4 + 1][uint4];
        }
  }
#pragma mint copy(v, fromDevice, NX, NY)
}

int
main (void)
{
  double (*u)[NX] = test_xmalloc (sizeof (double[NY][NX]));
  double (*v)[NX] = test_xmalloc (sizeof (double[NY][NX]));
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++)
      {
        u[y][x] = test_value (x, y, 0, 3);
        v[y][x] = 0;
      }
  smooth_mint (u, v, 0.25, 3, 1.0);
  double e = 0;
  for (int y = 1; y < NY - 1; y++)
    for (int x = 1; x < NX - 1; x++)
      e = fmax (e, test_relative_error (v[y][x], 0.25 * (u[y][x - 1]
                                                         + u[y][x + 1])
                                                 + x % 3 + u[y - 1][x]
                                                 + u[y + 1][x]));
  int status = test_report ("names of CUDA types", e, 1e-15);
  free (u);
  free (v);
  return status;
}
