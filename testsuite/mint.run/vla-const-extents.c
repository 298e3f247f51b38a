/* Arrays whose extents are const int locals: T (*u)[nx] with
   `const int nx = 70'.  At -O1 and above the front end folds nx into the
   subscripts' row sizes and leaves the type's extent a variable set to a
   constant; such subscripts were "pointer arithmetic that is not a
   subscript of a variably modified pointer".  A 2-D Jacobi swapping its
   arrays, a 3-D float star, and a byte image with a threshold.  */
/* { dg-do run } */
#include "mint-test.h"

static double
jacobi_2d (int steps)
{
  const int nx = 70, ny = 45;
  double (*u)[nx] = test_xmalloc (sizeof (double) * nx * ny);
  double (*v)[nx] = test_xmalloc (sizeof (double) * nx * ny);
  double (*ru)[nx] = test_xmalloc (sizeof (double) * nx * ny);
  double (*rv)[nx] = test_xmalloc (sizeof (double) * nx * ny);
  for (int y = 0; y < ny; y++)
    for (int x = 0; x < nx; x++)
      u[y][x] = v[y][x] = ru[y][x] = rv[y][x] = test_value (x, y, 0, 3);
#pragma mint copy(u, toDevice, nx, ny)
#pragma mint copy(v, toDevice, nx, ny)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            v[y][x] = 0.25 * (u[y - 1][x] + u[y + 1][x] + u[y][x - 1]
                              + u[y][x + 1]);
        double (*w)[nx] = u;
        u = v;
        v = w;
      }
  }
#pragma mint copy(u, fromDevice, nx, ny)
  for (int t = 0; t < steps; t++)
    {
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          rv[y][x] = 0.25 * (ru[y - 1][x] + ru[y + 1][x] + ru[y][x - 1]
                             + ru[y][x + 1]);
      double (*w)[nx] = ru;
      ru = rv;
      rv = w;
    }
  double error = max_error (&u[0][0], &ru[0][0], nx * ny);
  free (u), free (v), free (ru), free (rv);
  return error;
}

static double
star_3d (void)
{
  const int nx = 37, ny = 20, nz = 12;
  float (*a)[ny][nx] = test_xmalloc (sizeof (float) * nx * ny * nz);
  float (*b)[ny][nx] = test_xmalloc (sizeof (float) * nx * ny * nz);
  float (*r)[ny][nx] = test_xmalloc (sizeof (float) * nx * ny * nz);
  for (int z = 0; z < nz; z++)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++)
        {
          a[z][y][x] = (float) test_value (x, y, z, 5);
          b[z][y][x] = r[z][y][x] = 0.0f;
        }
#pragma mint copy(a, toDevice, nx, ny, nz)
#pragma mint copy(b, toDevice, nx, ny, nz)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          b[z][y][x] = 0.4f * a[z][y][x]
                       + 0.1f * (a[z - 1][y][x] + a[z + 1][y][x]
                                 + a[z][y - 1][x] + a[z][y + 1][x]
                                 + a[z][y][x - 1] + a[z][y][x + 1]);
  }
#pragma mint copy(b, fromDevice, nx, ny, nz)
  for (int z = 1; z < nz - 1; z++)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        r[z][y][x] = 0.4f * a[z][y][x]
                     + 0.1f * (a[z - 1][y][x] + a[z + 1][y][x]
                               + a[z][y - 1][x] + a[z][y + 1][x]
                               + a[z][y][x - 1] + a[z][y][x + 1]);
  double error = max_error (&b[0][0][0], &r[0][0][0], nx * ny * nz);
  free (a), free (b), free (r);
  return error;
}

static double
byte_edges (void)
{
  const int w = 53, h = 31;
  unsigned char (*in)[w] = test_xmalloc (w * h);
  unsigned char (*out)[w] = test_xmalloc (w * h);
  unsigned char (*ref)[w] = test_xmalloc (w * h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        in[y][x] = (unsigned char) ((x * 7 + y * 13) % 251);
        out[y][x] = ref[y][x] = 0;
      }
#pragma mint copy(in, toDevice, w, h)
#pragma mint copy(out, toDevice, w, h)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 1; y < h - 1; y++)
      for (int x = 1; x < w - 1; x++)
        out[y][x] = in[y][x + 1] - in[y][x - 1] + in[y + 1][x] - in[y - 1][x]
                    > 20 ? 255 : 0;
  }
#pragma mint copy(out, fromDevice, w, h)
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++)
      ref[y][x] = in[y][x + 1] - in[y][x - 1] + in[y + 1][x] - in[y - 1][x]
                  > 20 ? 255 : 0;
  double error = 0.0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      error += out[y][x] != ref[y][x];
  free (in), free (out), free (ref);
  return error;
}

int
main (void)
{
  int failed = test_report ("jacobi 2-D", jacobi_2d (5), TOL_DOUBLE);
  failed |= test_report ("star 3-D", star_3d (), TOL_FLOAT);
  failed |= test_report ("byte edges", byte_edges (), TOL_EXACT);
  return failed;
}
