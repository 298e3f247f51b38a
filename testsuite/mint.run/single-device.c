/* `single' blocks that use elements of the arrays the region copies run
   as one device thread between the kernels: boundary values set from
   the interior each step (Neumann ends of a 1-D rod, the edges and
   corners of a 2-D plate), with a local variable, a condition, loops
   along an edge and one left by a break, a switch and a math function;
   the block that swaps the pointers stays on the host; a source set in
   a 3-D grid between the steps of a nest level 4 batches.  Each against
   the same loops on the CPU.  */
/* { dg-do run } */
#include "mint-test.h"

#define ROD_BOUNDARY(r, n)                                               \
  do                                                                     \
    {                                                                    \
      r[0] = r[1];                                                       \
      double end = r[n - 2];                                             \
      if (end > 2.5)                                                     \
        end = 2.5 + 0.5 * (end - 2.5);                                   \
      r[n - 1] = end;                                                    \
      for (int i = 1; i < 6; i++)                                        \
        {                                                                \
          if (r[i] > 3.0)                                                \
            break;                                                       \
          r[i] *= 1.01;                                                  \
        }                                                                \
    }                                                                    \
  while (0)

#define PLATE_BOUNDARY(p, nx, ny, kind)                                  \
  do                                                                     \
    {                                                                    \
      for (int x = 1; x < nx - 1; x++)                                   \
        {                                                                \
          p[0][x] = p[1][x];                                             \
          p[ny - 1][x] = sqrt (fabs (p[ny - 2][x]));                     \
        }                                                                \
      for (int y = 0; y < ny; y++)                                       \
        switch (kind)                                                    \
          {                                                              \
          case 0:                                                        \
            p[y][0] = p[y][1];                                           \
            break;                                                       \
          default:                                                       \
            p[y][0] = -p[y][1];                                          \
            break;                                                       \
          }                                                              \
      p[0][nx - 1] = 0.5 * (p[0][nx - 2] + p[1][nx - 1]);                \
    }                                                                    \
  while (0)

#define ROD_STEP(to, from, i) to[i] = from[i] + 0.2 * (from[i - 1] - 2 * from[i] + from[i + 1])
#define PLATE_STEP(to, from, y, x)                                       \
  to[y][x] = 0.25 * (from[y][x - 1] + from[y][x + 1] + from[y - 1][x]    \
                     + from[y + 1][x])

static void
rod_mint (double *u, double *v, int n, int steps)
{
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for
        for (int i = 1; i < n - 1; i++)
          ROD_STEP (v, u, i);
#pragma mint single
        {
          ROD_BOUNDARY (v, n);
        }
#pragma mint single
        {
          double *w = u;
          u = v;
          v = w;
        }
      }
  }
#pragma mint copy(u, fromDevice, n)
#pragma mint copy(v, fromDevice, n)
}

static void
rod_cpu (double *u, double *v, int n, int steps)
{
  for (int t = 0; t < steps; t++)
    {
      for (int i = 1; i < n - 1; i++)
        ROD_STEP (v, u, i);
      ROD_BOUNDARY (v, n);
      double *w = u;
      u = v;
      v = w;
    }
}

static void
plate_mint (int nx, int ny, double (*p)[nx], double (*q)[nx], int steps,
            int kind)
{
#pragma mint copy(p, toDevice, nx, ny)
#pragma mint copy(q, toDevice, nx, ny)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(2) tile(32, 4)
        for (int y = 1; y < ny - 1; y++)
          for (int x = 1; x < nx - 1; x++)
            PLATE_STEP (q, p, y, x);
#pragma mint single
        {
          PLATE_BOUNDARY (q, nx, ny, kind);
        }
        double (*r)[nx] = p;
        p = q;
        q = r;
      }
  }
#pragma mint copy(p, fromDevice, nx, ny)
#pragma mint copy(q, fromDevice, nx, ny)
}

static void
plate_cpu (int nx, int ny, double (*p)[nx], double (*q)[nx], int steps,
           int kind)
{
  for (int t = 0; t < steps; t++)
    {
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          PLATE_STEP (q, p, y, x);
      PLATE_BOUNDARY (q, nx, ny, kind);
      double (*r)[nx] = p;
      p = q;
      q = r;
    }
}

#define CUBE_STEP(to, from, z, y, x)                                     \
  to[z][y][x] = from[z][y][x]                                            \
                + 0.1 * (from[z][y][x - 1] + from[z][y][x + 1]           \
                         + from[z][y - 1][x] + from[z][y + 1][x]         \
                         + from[z - 1][y][x] + from[z + 1][y][x]         \
                         - 6 * from[z][y][x])
#define CUBE_SOURCE(c, t) c[1][1][1] = 1.0 + (t)

/* Pointers to planes declared here, whose type's extents C evaluates
   where they are used (and -fsanitize=undefined checks there), swapped
   between the steps of a nest that level 4 runs several steps at a
   time, with a single block in between.  */
static void
cube_mint (int n, double *ua, double *ub, int steps)
{
  double (*a)[n][n] = (double (*)[n][n]) ua;
  double (*b)[n][n] = (double (*)[n][n]) ub;
#pragma mint copy(a, toDevice, n, n, n)
#pragma mint copy(b, toDevice, n, n, n)
#pragma mint parallel
  {
    for (int t = 0; t < steps; t++)
      {
#pragma mint for nest(all) tile(32, 4, 4) chunksize(1, 1, 4)
        for (int z = 1; z < n - 1; z++)
          for (int y = 1; y < n - 1; y++)
            for (int x = 1; x < n - 1; x++)
              CUBE_STEP (b, a, z, y, x);
#pragma mint single
        {
          CUBE_SOURCE (b, t);
        }
        double (*c)[n][n] = a;
        a = b;
        b = c;
      }
  }
#pragma mint copy(a, fromDevice, n, n, n)
#pragma mint copy(b, fromDevice, n, n, n)
}

static void
cube_cpu (int n, double *ua, double *ub, int steps)
{
  double (*a)[n][n] = (double (*)[n][n]) ua;
  double (*b)[n][n] = (double (*)[n][n]) ub;
  for (int t = 0; t < steps; t++)
    {
      for (int z = 1; z < n - 1; z++)
        for (int y = 1; y < n - 1; y++)
          for (int x = 1; x < n - 1; x++)
            CUBE_STEP (b, a, z, y, x);
      CUBE_SOURCE (b, t);
      double (*c)[n][n] = a;
      a = b;
      b = c;
    }
}

int
main (int argc, char **argv)
{
  int n[2] = { 67, 45 };
  test_size_args (argc, argv, 2, n);
  int nx = n[0], ny = n[1], status = 0;
  int rod = nx * ny, steps = 9;
  double *got[2], *want[2];
  for (int i = 0; i < 2; i++)
    {
      got[i] = test_xmalloc (sizeof (double) * rod);
      want[i] = test_xmalloc (sizeof (double) * rod);
      fill_double (got[i], rod, 1, 1, 1 + i);
      fill_double (want[i], rod, 1, 1, 1 + i);
    }
  rod_mint (got[0], got[1], rod, steps);
  rod_cpu (want[0], want[1], rod, steps);
  for (int i = 0; i < 2; i++)
    status |= test_report (i ? "rod (other)" : "rod",
                           max_error (got[i], want[i], rod), TOL_DOUBLE);
  for (int kind = 0; kind < 2; kind++)
    {
      for (int i = 0; i < 2; i++)
        {
          fill_double (got[i], nx, ny, 1, 3 + i);
          fill_double (want[i], nx, ny, 1, 3 + i);
        }
      plate_mint (nx, ny, (double (*)[nx]) got[0], (double (*)[nx]) got[1],
                  steps, kind);
      plate_cpu (nx, ny, (double (*)[nx]) want[0], (double (*)[nx]) want[1],
                 steps, kind);
      for (int i = 0; i < 2; i++)
        status |= test_report (kind ? "plate (antisymmetric)" : "plate",
                               max_error (got[i], want[i], nx * ny),
                               TOL_DOUBLE);
    }
  int n3 = nx < 40 ? nx : 40, cells = n3 * n3 * n3;
  double *cube_got[2], *cube_want[2];
  for (int i = 0; i < 2; i++)
    {
      cube_got[i] = test_xmalloc (sizeof (double) * cells);
      cube_want[i] = test_xmalloc (sizeof (double) * cells);
      fill_double (cube_got[i], n3, n3, n3, 5 + i);
      fill_double (cube_want[i], n3, n3, n3, 5 + i);
    }
  cube_mint (n3, cube_got[0], cube_got[1], 2 * steps);
  cube_cpu (n3, cube_want[0], cube_want[1], 2 * steps);
  for (int i = 0; i < 2; i++)
    status |= test_report ("cube", max_error (cube_got[i], cube_want[i],
                                              cells), TOL_DOUBLE);
  for (int i = 0; i < 2; i++)
    {
      free (got[i]);
      free (want[i]);
      free (cube_got[i]);
      free (cube_want[i]);
    }
  return status;
}
