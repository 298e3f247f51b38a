/* C99 variably modified pointers float (*)[nx]: a 2-D 9-point stencil, copy
   with two extents.  */
/* { dg-do run } */
#include "mint-test.h"

#define STENCIL(in, y, x)                                                \
  (0.5f * in[y][x]                                                       \
   + 0.1f * (in[y][x - 1] + in[y][x + 1] + in[y - 1][x] + in[y + 1][x])  \
   + 0.025f * (in[y - 1][x - 1] + in[y - 1][x + 1] + in[y + 1][x - 1]    \
               + in[y + 1][x + 1]))

static void
blur_mint (int nx, int ny, float (*in)[nx], float (*out)[nx])
{
#pragma mint copy(in, toDevice, nx, ny)
#pragma mint copy(out, toDevice, nx, ny)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(32, 8)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        out[y][x] = STENCIL (in, y, x);
  }
#pragma mint copy(out, fromDevice, nx, ny)
}

static void
blur_cpu (int nx, int ny, float (*in)[nx], float (*out)[nx])
{
  for (int y = 1; y < ny - 1; y++)
    for (int x = 1; x < nx - 1; x++)
      out[y][x] = STENCIL (in, y, x);
}

int
main (void)
{
  int nx = 101, ny = 67;
  float (*in)[nx] = test_xmalloc (sizeof (float[ny][nx]));
  float (*out)[nx] = test_xmalloc (sizeof (float[ny][nx]));
  float (*ref)[nx] = test_xmalloc (sizeof (float[ny][nx]));
  fill (&in[0][0], nx, ny, 1, 3);
  fill (&out[0][0], nx, ny, 1, 4);
  fill (&ref[0][0], nx, ny, 1, 4);

  blur_mint (nx, ny, in, out);
  blur_cpu (nx, ny, in, ref);

  int status = test_report ("float (*)[nx]",
                            max_error (&out[0][0], &ref[0][0], nx * ny),
                            TOL_FLOAT);
  free (in);
  free (out);
  free (ref);
  return status;
}
