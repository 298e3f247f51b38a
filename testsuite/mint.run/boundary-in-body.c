/* Stencils over the whole array whose boundary the body handles, as most
   programs write them: `if (x == 0 || ...) b = a; else b = star (a)'.
   Level 3 walks them in variants that load cells beside the program's
   reads, in the margins the runtime allocates around each copy
   (MINT_VARIANT_MARGIN), and in one that loads only what the program
   reads, which runs where a launch's reads leave the margins: copies of
   fewer than 32 rows or planes have no rows or planes of margin.  A
   shape given (the 2-D star's tile, the box's tile and chunksize) comes
   as such a pair too.  A 3-D
   7-point star, a 2-D float star of radius 2 whose boundary is two cells
   wide, one of radius 4 summed in a loop over plane 0 of the first's
   result (its reads reach the margins' last cells), a Jacobi sweep of
   that with the largest change as a max reduction (a convergence
   loop's), a 27-point box that zeroes its boundary (no read there), and a
   flat array indexed through a macro.  The results must equal the plain
   C loops' (the same nests, written once), at a size without margins of
   rows and planes and at one with them.  */
/* { dg-do run } */
#include "mint-test.h"

#define AT(z, y, x) (((z) * ny + (y)) * nx + (x))

#define NESTS(PRAGMA)                                                    \
  PRAGMA (for nest(all))                                                 \
  for (int z = 0; z < nz; z++)                                           \
    for (int y = 0; y < ny; y++)                                         \
      for (int x = 0; x < nx; x++)                                       \
        if (z == 0 || y == 0 || x == 0 || z == nz - 1 || y == ny - 1     \
            || x == nx - 1)                                              \
          o1[z][y][x] = a[z][y][x];                                      \
        else                                                             \
          o1[z][y][x] = (a[z - 1][y][x] + a[z + 1][y][x] + a[z][y - 1][x] \
                         + a[z][y + 1][x] + a[z][y][x - 1]               \
                         + a[z][y][x + 1]) / 6 - a[z][y][x];             \
  PRAGMA (for nest(all) tile(16, 16))                                    \
  for (int y = 0; y < ny; y++)                                           \
    for (int x = 0; x < nx; x++)                                         \
      {                                                                  \
        float v = f[y][x];                                               \
        if (x >= 2 && x < nx - 2 && y >= 2 && y < ny - 2)                \
          v = 0.5f * f[y][x] + 0.125f * (f[y][x - 2] + f[y][x + 2]       \
                                          + f[y - 2][x] + f[y + 2][x])   \
              - 0.0625f * (f[y][x - 1] + f[y][x + 1] + f[y - 1][x]       \
                           + f[y + 1][x]);                               \
        g[y][x] = v;                                                     \
      }                                                                  \
  PRAGMA (for nest(all))                                                 \
  for (int y = 0; y < ny; y++)                                           \
    for (int x = 0; x < nx; x++)                                         \
      if (x < 4 || x >= nx - 4 || y < 4 || y >= ny - 4)                  \
        o3[y][x] = 0;                                                    \
      else                                                               \
        {                                                                \
          double s = 0.25 * o1[0][y][x];                                 \
          for (int k = 1; k <= 4; k++)                                   \
            s += (o1[0][y][x - k] + o1[0][y][x + k] + o1[0][y - k][x]    \
                  + o1[0][y + k][x]) / (k + 1);                          \
          o3[y][x] = s;                                                  \
        }                                                                \
  PRAGMA (for nest(all) tile(32, 8, 4) chunksize(1, 1, 4))               \
  for (int z = 0; z < nz; z++)                                           \
    for (int y = 0; y < ny; y++)                                         \
      for (int x = 0; x < nx; x++)                                       \
        {                                                                \
          double s = 0;                                                  \
          if (z > 0 && y > 0 && x > 0 && z < nz - 1 && y < ny - 1        \
              && x < nx - 1)                                             \
            for (int dz = -1; dz <= 1; dz++)                             \
              for (int dy = -1; dy <= 1; dy++)                           \
                for (int dx = -1; dx <= 1; dx++)                         \
                  s += (1 + dz + 2 * dy + 4 * dx)                        \
                       * a[z + dz][y + dy][x + dx];                      \
          o2[z][y][x] = s;                                               \
        }                                                                \
  PRAGMA (for nest(all) reduction(max:change))                           \
  for (int y = 0; y < ny; y++)                                           \
    for (int x = 0; x < nx; x++)                                         \
      {                                                                  \
        double v = o3[y][x];                                             \
        if (y > 0 && y < ny - 1 && x > 0 && x < nx - 1)                  \
          v = 0.25 * (o3[y][x - 1] + o3[y][x + 1] + o3[y - 1][x]         \
                      + o3[y + 1][x]);                                   \
        change = fmax (change, fabs (v - o3[y][x]));                     \
        o4[y][x] = v;                                                    \
      }                                                                  \
  PRAGMA (for nest(all))                                                 \
  for (int z = 0; z < nz; z++)                                           \
    for (int y = 0; y < ny; y++)                                         \
      for (int x = 0; x < nx; x++)                                       \
        {                                                                \
          double c = u[AT (z, y, x)];                                    \
          if (z > 0 && z < nz - 1 && y > 0 && y < ny - 1 && x > 0        \
              && x < nx - 1)                                             \
            c += 0.1 * (u[AT (z - 1, y, x)] + u[AT (z + 1, y, x)]         \
                        + u[AT (z, y - 1, x)] + u[AT (z, y + 1, x)]       \
                        + u[AT (z, y, x - 1)] + u[AT (z, y, x + 1)]       \
                        - 6 * c);                                        \
          w[AT (z, y, x)] = c;                                           \
        }

static double
run_mint (int nx, int ny, int nz, double (*a)[ny][nx], double (*o1)[ny][nx],
          double (*o2)[ny][nx], float (*f)[nx], float (*g)[nx],
          double (*o3)[nx], double (*o4)[nx], const double *u, double *w)
{
  double change = 0;
#pragma mint copy(a, toDevice, nx, ny, nz)
#pragma mint copy(o1, toDevice, nx, ny, nz)
#pragma mint copy(o2, toDevice, nx, ny, nz)
#pragma mint copy(f, toDevice, nx, ny)
#pragma mint copy(g, toDevice, nx, ny)
#pragma mint copy(o3, toDevice, nx, ny)
#pragma mint copy(o4, toDevice, nx, ny)
#pragma mint copy(u, toDevice, nx, ny, nz)
#pragma mint copy(w, toDevice, nx, ny, nz)
#pragma mint parallel
  {
    NESTS (MINT_PRAGMA)
  }
#pragma mint copy(o1, fromDevice, nx, ny, nz)
#pragma mint copy(o2, fromDevice, nx, ny, nz)
#pragma mint copy(g, fromDevice, nx, ny)
#pragma mint copy(o3, fromDevice, nx, ny)
#pragma mint copy(o4, fromDevice, nx, ny)
#pragma mint copy(w, fromDevice, nx, ny, nz)
  return change;
}

static double
run_c (int nx, int ny, int nz, double (*a)[ny][nx], double (*o1)[ny][nx],
       double (*o2)[ny][nx], float (*f)[nx], float (*g)[nx],
       double (*o3)[nx], double (*o4)[nx], const double *u, double *w)
{
  double change = 0;
  NESTS (NO_PRAGMA)
  return change;
}

/* The nests over NX x NY x NZ points; nonzero where they differ.  */
static int
compare (int nx, int ny, int nz)
{
  long plane = (long) nx * ny, cells = plane * nz;
  double *a = test_xmalloc (sizeof (double) * cells);
  float *f = test_xmalloc (sizeof (float) * plane);
  double *u = test_xmalloc (sizeof (double) * cells);
  fill (a, nx, ny, nz, 1);
  fill (f, nx, ny, 1, 2);
  fill (u, nx, ny, nz, 3);
  TWO_FILLED (double, o1, nx, ny, nz, 4);
  TWO_FILLED (double, o2, nx, ny, nz, 5);
  TWO_FILLED (float, g, nx, ny, 1, 6);
  TWO_FILLED (double, o3, nx, ny, 1, 8);
  TWO_FILLED (double, o4, nx, ny, 1, 9);
  TWO_FILLED (double, w, nx, ny, nz, 7);
  typedef double (*planes)[ny][nx];
  typedef float (*rows)[nx];
  typedef double (*double_rows)[nx];
  double change[2];
  for (int i = 0; i < 2; i++)
    change[i] = (i ? run_c : run_mint) (nx, ny, nz, (planes) a,
                                        (planes) o1[i], (planes) o2[i],
                                        (rows) f, (rows) g[i],
                                        (double_rows) o3[i],
                                        (double_rows) o4[i], u, w[i]);
  int status = 0;
  printf ("%dx%dx%d:\n", nx, ny, nz);
  status |= test_report ("3-D star, its boundary copied",
                         max_error (o1[0], o1[1], cells), TOL_DOUBLE);
  status |= test_report ("2-D float star of radius 2",
                         max_error (g[0], g[1], plane), TOL_FLOAT);
  status |= test_report ("2-D star of radius 4 over plane 0 of the first",
                         max_error (o3[0], o3[1], plane), TOL_DOUBLE);
  status |= test_report ("Jacobi sweep of that, its boundary kept",
                         max_error (o4[0], o4[1], plane), TOL_DOUBLE);
  status |= test_report ("its largest change (a max reduction)",
                         test_relative_error (change[0], change[1]),
                         TOL_DOUBLE);
  status |= test_report ("27-point box, its boundary zero",
                         max_error (o2[0], o2[1], cells), TOL_DOUBLE);
  status |= test_report ("flat array through a macro",
                         max_error (w[0], w[1], cells), TOL_DOUBLE);
  return status;
}

int
main (int argc, char **argv)
{
  int n[3] = { 45, 40, 36 };
  test_size_args (argc, argv, 3, n);
  return compare (37, 21, 9) | compare (n[0], n[1], n[2]);
}
