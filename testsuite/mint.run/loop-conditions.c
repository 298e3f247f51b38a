/* Loop conditions <=, > and >= (with the induction variable on either
   side), descending loops, steps of 2, != stepping by 1 and -1 (int,
   size_t and unsigned variables), and variables narrower than int
   (unsigned char, short, unsigned short) up to constant bounds; the CPU
   reference walks the same points with plain ascending < loops.  */
/* { dg-do run } */
#include "mint-test.h"

#define NOUT 7
/* The extents, constant for the loops over narrow variables.  */
#define NX 37
#define NY 29
#define NZ 23

static void
compute_mint (int nx, int ny, int nz, double (*a)[ny][nx],
              double (*o0)[ny][nx], double (*o1)[ny][nx],
              double (*o2)[ny][nx], double (*o3)[ny][nx],
              double (*o4)[ny][nx], double (*o5)[ny][nx],
              double (*o6)[ny][nx])
{
#pragma mint copy(a, toDevice, nx, ny, nz)
#pragma mint copy(o0, toDevice, nx, ny, nz)
#pragma mint copy(o1, toDevice, nx, ny, nz)
#pragma mint copy(o2, toDevice, nx, ny, nz)
#pragma mint copy(o3, toDevice, nx, ny, nz)
#pragma mint copy(o4, toDevice, nx, ny, nz)
#pragma mint copy(o5, toDevice, nx, ny, nz)
#pragma mint copy(o6, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 1; z <= nz - 2; z++)
      for (int y = 1; y <= ny - 2; y++)
        for (int x = 1; x <= nx - 2; x++)
          o0[z][y][x] = LOOP_STENCIL (a, z, y, x);
#pragma mint for nest(all)
    for (int z = 1; nz - 1 > z; z++)
      for (int y = 1; ny - 2 >= y; y++)
        for (int x = 1; nx - 1 > x; x++)
          o1[z][y][x] = LOOP_STENCIL (a, z, y, x);
#pragma mint for nest(all)
    for (int z = nz - 2; z >= 1; z--)
      for (int y = ny - 2; y > 0; y--)
        for (int x = nx - 2; x >= 1; x--)
          o2[z][y][x] = LOOP_STENCIL (a, z, y, x);
#pragma mint for nest(all)
    for (int z = 1; z < nz - 1; z += 2)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 2; x < nx - 1; x += 2)
          o3[z][y][x] = LOOP_STENCIL (a, z, y, x);
#pragma mint for nest(all) tile(8, 8, 2)
    for (int z = 2; z <= nz - 2; z = z + 2)
      for (int y = 1; y < ny - 1; y = y + 2)
        for (int x = 1; x <= nx - 2; x++)
          o4[z][y][x] = LOOP_STENCIL (a, z, y, x);
#pragma mint for nest(all)
    for (int z = 1; nz - 1 != z; ++z)
      for (size_t y = ny - 2; y != 0; y--)
        for (unsigned x = 1; x != (unsigned) nx - 1; x++)
          o5[z][y][x] = LOOP_STENCIL (a, z, y, x);
#pragma mint for nest(all)
    for (unsigned char z = 1; z < NZ - 1; z++)
      for (short y = NY - 2; y > 0; y--)
        for (unsigned short x = 1; x <= NX - 2; x++)
          o6[z][y][x] = LOOP_STENCIL (a, z, y, x);
  }
#pragma mint copy(o0, fromDevice, nx, ny, nz)
#pragma mint copy(o1, fromDevice, nx, ny, nz)
#pragma mint copy(o2, fromDevice, nx, ny, nz)
#pragma mint copy(o3, fromDevice, nx, ny, nz)
#pragma mint copy(o4, fromDevice, nx, ny, nz)
#pragma mint copy(o5, fromDevice, nx, ny, nz)
#pragma mint copy(o6, fromDevice, nx, ny, nz)
}

int
main (void)
{
  int nx = NX, ny = NY, nz = NZ, n = nx * ny * nz;
  double (*a)[ny][nx] = test_xmalloc (sizeof (double[nz][ny][nx]));
  double (*out[NOUT])[ny][nx], (*ref[NOUT])[ny][nx];
  fill (&a[0][0][0], nx, ny, nz, 1);
  for (int k = 0; k < NOUT; k++)
    {
      out[k] = test_xmalloc (sizeof (double[nz][ny][nx]));
      ref[k] = test_xmalloc (sizeof (double[nz][ny][nx]));
      fill (&out[k][0][0][0], nx, ny, nz, 2);
      fill (&ref[k][0][0][0], nx, ny, nz, 2);
    }

  compute_mint (nx, ny, nz, a, out[0], out[1], out[2], out[3], out[4],
                out[5], out[6]);
  for (int z = 1; z < nz - 1; z++)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        {
          ref[0][z][y][x] = LOOP_STENCIL (a, z, y, x);
          ref[1][z][y][x] = LOOP_STENCIL (a, z, y, x);
          ref[2][z][y][x] = LOOP_STENCIL (a, z, y, x);
          ref[5][z][y][x] = LOOP_STENCIL (a, z, y, x);
          ref[6][z][y][x] = LOOP_STENCIL (a, z, y, x);
          if (z % 2 == 1 && x % 2 == 0)
            ref[3][z][y][x] = LOOP_STENCIL (a, z, y, x);
          if (z % 2 == 0 && y % 2 == 1)
            ref[4][z][y][x] = LOOP_STENCIL (a, z, y, x);
        }

  static const char *const what[NOUT] = {
    "<= conditions", "> and >= with the bound first", "descending loops",
    "steps of 2 (+=)", "steps of 2 (= +)", "!= stepping by 1 and -1",
    "unsigned char, short and unsigned short variables"
  };
  int status = 0;
  for (int k = 0; k < NOUT; k++)
    status |= test_report (what[k], max_error (&out[k][0][0][0],
                                               &ref[k][0][0][0], n),
                           TOL_DOUBLE);
  for (int k = 0; k < NOUT; k++)
    {
      free (out[k]);
      free (ref[k]);
    }
  free (a);
  return status;
}
