/* 3-D nests with more blocks along z or y than a GPU's grid holds there
   (65535): a batch of 70001 small 2 x 3 planes and 2 planes of 1100003
   rows of 3, at the default shapes' tiles of 1 in z and 16 in y.
   libmintrt launches them in slabs of points (device-launch.c); every
   point must be computed once, with its own indices, reading its
   neighbours across the slabs' seams.  The nests are written once, for
   mint and for the plain C loops.  */
/* { dg-do run } */
#include "mint-test.h"

#define NZ 70001
#define NY 1100003

#define NEST(PRAGMA, nz, ny, a, b)                                       \
  PRAGMA (for nest(all))                                                 \
  for (int z = 0; z < nz; z++)                                           \
    for (int y = 0; y < ny; y++)                                         \
      for (int x = 0; x < 3; x++)                                        \
        b[z][y][x] = a[z][y][x] + (z > 0 ? a[z - 1][y][x] : 0)           \
                     + (y > 0 ? a[z][y - 1][x] : 0)                      \
                     + 1000003L * z + 7L * y + x;

static void
run_mint (int nz, int ny, long (*a)[ny][3], long (*b)[ny][3])
{
#pragma mint copy(a, toDevice, 3, ny, nz)
#pragma mint copy(b, toDevice, 3, ny, nz)
#pragma mint parallel
  {
    NEST (MINT_PRAGMA, nz, ny, a, b)
  }
#pragma mint copy(b, fromDevice, 3, ny, nz)
}

static void
run_c (int nz, int ny, long (*a)[ny][3], long (*b)[ny][3])
{
  NEST (NO_PRAGMA, nz, ny, a, b)
}

static int
check (int nz, int ny)
{
  size_t cells = (size_t) nz * ny * 3;
  long *a = test_xmalloc (cells * sizeof (long));
  long *b[2] = { test_xmalloc (cells * sizeof (long)),
                 test_xmalloc (cells * sizeof (long)) };
  for (size_t c = 0; c < cells; c++)
    {
      a[c] = (long) (c * 2654435761u % 1000);
      b[0][c] = b[1][c] = -1;
    }
  run_mint (nz, ny, (long (*)[ny][3]) a, (long (*)[ny][3]) b[0]);
  run_c (nz, ny, (long (*)[ny][3]) a, (long (*)[ny][3]) b[1]);
  long differ = 0;
  for (size_t c = 0; c < cells; c++)
    differ += b[0][c] != b[1][c];
  char what[64];
  snprintf (what, sizeof what, "%d x %d x 3 points", nz, ny);
  int bad = test_report (what, (double) differ, TOL_EXACT);
  free (a);
  free (b[0]);
  free (b[1]);
  return bad;
}

int
main (void)
{
  int bad = check (NZ, 2);
  bad |= check (2, NY);
  return bad;
}
