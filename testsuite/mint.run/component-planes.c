/* Arrays whose first subscript is a constant (the components of a
   multi-field grid, q[c][y][x]) or a loop variable around the nest:
   the kernel indexes each plane as an array of its own, which level 3
   keeps in registers (opt-component-planes.c).  A linear acoustic system
   of three components, read at neighbours and written to a second array;
   a float update in place of one component from the other's
   neighbours; a 1-D nest over the planes of a 2-D array; a byte grid; a
   2-D nest over plane z of 3-D arrays inside a loop over z, reading
   planes z - 1 and z + 1, with coefficients in a structure.  Extents
   that no tile divides.  The results must equal the plain C loops'
   (the same nests, written once).  */
/* { dg-do run } */
#include "mint-test.h"

struct coefficients
{
  double centre, side;
};

#define NESTS(PRAGMA)                                                    \
  PRAGMA (for nest(all))                                                 \
  for (int y = 1; y < ny - 1; y++)                                       \
    for (int x = 1; x < nx - 1; x++)                                     \
      {                                                                  \
        r[0][y][x] = q[0][y][x] - 0.1 * (q[1][y][x + 1] - q[1][y][x - 1] \
                                         + q[2][y + 1][x]                \
                                         - q[2][y - 1][x]);              \
        r[1][y][x] = q[1][y][x] - 0.1 * (q[0][y][x + 1] - q[0][y][x - 1]); \
        r[2][y][x] = q[2][y][x] - 0.1 * (q[0][y + 1][x] - q[0][y - 1][x]); \
      }                                                                  \
  PRAGMA (for nest(all))                                                 \
  for (int y = 0; y < ny; y++)                                           \
    for (int x = 0; x < nx - 1; x++)                                     \
      w[0][y][x] -= 0.25f * (w[1][y][x + 1] - w[1][y][x]);               \
  PRAGMA (for nest(all))                                                 \
  for (int x = 1; x < nx - 1; x++)                                       \
    e[1][x] = 0.5 * (e[0][x - 1] + e[0][x + 1]) - e[1][x];               \
  PRAGMA (for nest(all))                                                 \
  for (int y = 1; y < ny - 1; y++)                                       \
    for (int x = 1; x < nx - 1; x++)                                     \
      m[1][y][x] = m[0][y][x - 1] ^ m[0][y][x + 1] ^ m[0][y - 1][x];     \
  for (int z = 1; z < nz - 1; z++)                                       \
    {                                                                    \
      PRAGMA (for nest(all))                                             \
      for (int y = 1; y < ny - 1; y++)                                   \
        for (int x = 1; x < nx - 1; x++)                                 \
          s[z][y][x] = k->centre * t[z][y][x]                            \
                       + k->side * (t[z - 1][y][x] + t[z + 1][y][x]      \
                                    + t[z][y][x - 1] + t[z][y][x + 1]);  \
    }

static void
run_mint (int nx, int ny, int nz, const struct coefficients *k,
          double (*q)[ny][nx], double (*r)[ny][nx], float (*w)[ny][nx],
          double (*e)[nx], unsigned char (*m)[ny][nx], double (*t)[ny][nx],
          double (*s)[ny][nx])
{
#pragma mint copy(q, toDevice, nx, ny, 3)
#pragma mint copy(r, toDevice, nx, ny, 3)
#pragma mint copy(w, toDevice, nx, ny, 2)
#pragma mint copy(e, toDevice, nx, 2)
#pragma mint copy(m, toDevice, nx, ny, 2)
#pragma mint copy(t, toDevice, nx, ny, nz)
#pragma mint copy(s, toDevice, nx, ny, nz)
#pragma mint parallel
  {
    NESTS (MINT_PRAGMA)
  }
#pragma mint copy(r, fromDevice, nx, ny, 3)
#pragma mint copy(w, fromDevice, nx, ny, 2)
#pragma mint copy(e, fromDevice, nx, 2)
#pragma mint copy(m, fromDevice, nx, ny, 2)
#pragma mint copy(s, fromDevice, nx, ny, nz)
}

static void
run_c (int nx, int ny, int nz, const struct coefficients *k,
       double (*q)[ny][nx], double (*r)[ny][nx], float (*w)[ny][nx],
       double (*e)[nx], unsigned char (*m)[ny][nx], double (*t)[ny][nx],
       double (*s)[ny][nx])
{
  NESTS (NO_PRAGMA)
}

int
main (int argc, char **argv)
{
  int n[3] = { 71, 27, 13 };
  test_size_args (argc, argv, 3, n);
  int nx = n[0], ny = n[1], nz = n[2];
  long plane = (long) nx * ny, cells = plane * nz;
  struct coefficients k = { 0.4, 0.15 };
  double *q = test_xmalloc (sizeof (double) * plane * 3);
  double *t = test_xmalloc (sizeof (double) * cells);
  fill (q, nx, ny, 3, 1);
  fill (t, nx, ny, nz, 2);
  TWO_FILLED (double, r, nx, ny, 3, 3);
  TWO_FILLED (float, w, nx, ny, 2, 4);
  TWO_FILLED (double, e, nx, 2, 1, 5);
  TWO_FILLED (unsigned char, m, nx, ny, 2, 6);
  TWO_FILLED (double, s, nx, ny, nz, 7);
  typedef double (*planes)[ny][nx];
  typedef float (*fplanes)[ny][nx];
  typedef unsigned char (*bplanes)[ny][nx];
  typedef double (*rows)[nx];
  for (int i = 0; i < 2; i++)
    (i ? run_c : run_mint) (nx, ny, nz, &k, (planes) q, (planes) r[i],
                            (fplanes) w[i], (rows) e[i], (bplanes) m[i],
                            (planes) t, (planes) s[i]);
  int status = 0;
  status |= test_report ("three components",
                         max_error (r[0], r[1], plane * 3), TOL_DOUBLE);
  status |= test_report ("a component updated in place, float",
                         max_error (w[0], w[1], plane * 2), TOL_FLOAT);
  status |= test_report ("1-D planes", max_error (e[0], e[1], 2L * nx),
                         TOL_DOUBLE);
  status |= test_report ("byte planes", max_error (m[0], m[1], plane * 2),
                         TOL_EXACT);
  status |= test_report ("planes z - 1, z, z + 1 of a loop around the nest",
                         max_error (s[0], s[1], cells), TOL_DOUBLE);
  return status;
}
