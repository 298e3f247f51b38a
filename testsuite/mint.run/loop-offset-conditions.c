/* Loop conditions that compare the loop variable plus or minus a constant
   with the bound: `z + 1 < nz', `y + 2 <= ny', `nx > x + 1' (the
   variable on the right), `i - 1 >= 0' going down, and a size_t loop
   `i + 1 < n' whose n may be 0 or 1 (no points: n - 1 would wrap around
   in size_t).  The variables hold after the nest what the plain loops
   leave in them.  The CPU reference walks the same points with plain
   < loops.  Args: NX NY NZ N.  */
/* { dg-do run } */
#include "mint-test.h"

static void
compute_mint (int nx, int ny, int nz, size_t n, double (*a)[ny][nx],
              double (*b)[ny][nx], double *c, double *d, int *last)
{
  int z, y = -1, x = -1;
  size_t i;
  long k;
#pragma mint copy(a, toDevice, nx, ny, nz)
#pragma mint copy(b, toDevice, nx, ny, nz)
#pragma mint copy(c, toDevice, n + 2)
#pragma mint copy(d, toDevice, n + 2)
#pragma mint parallel
  {
#pragma mint for nest(all) tile(16, 4, 2)
    for (z = 1; z + 1 < nz; z++)
      for (y = 1; y + 2 <= ny; y++)
        for (x = 1; nx > x + 1; x++)
          b[z][y][x] = a[z][y][x] + 0.5 * (a[z - 1][y][x] + a[z][y + 1][x]
                                           - a[z][y][x - 1]);
#pragma mint for
    for (i = 1; i + 1 < n; i++)
      d[i] = c[i - 1] - 2 * c[i] + c[i + 1];
#pragma mint for
    for (k = (long) n; k - 1 >= 0; k--)
      c[k] = 3 * c[k];
  }
#pragma mint copy(b, fromDevice, nx, ny, nz)
#pragma mint copy(c, fromDevice, n + 2)
#pragma mint copy(d, fromDevice, n + 2)
  last[0] = z;
  last[1] = y;
  last[2] = x;
  last[3] = (int) i;
  last[4] = (int) k;
}

int
main (int argc, char **argv)
{
  int nx = argc > 1 ? atoi (argv[1]) : 37, ny = argc > 2 ? atoi (argv[2]) : 19;
  int nz = argc > 3 ? atoi (argv[3]) : 11;
  size_t n = argc > 4 ? (size_t) atol (argv[4]) : 301;
  double (*a)[ny][nx] = test_xmalloc (sizeof (double[nz][ny][nx]));
  double (*b)[ny][nx] = test_xmalloc (sizeof (double[nz][ny][nx]));
  double (*bref)[ny][nx] = test_xmalloc (sizeof (double[nz][ny][nx]));
  double *c = test_xmalloc ((n + 2) * sizeof *c);
  double *cref = test_xmalloc ((n + 2) * sizeof *c);
  double *d = test_xmalloc ((n + 2) * sizeof *d);
  double *dref = test_xmalloc ((n + 2) * sizeof *d);
  fill (&a[0][0][0], nx, ny, nz, 1);
  fill (&b[0][0][0], nx, ny, nz, 2);
  fill (&bref[0][0][0], nx, ny, nz, 2);
  fill (c, n + 2, 1, 1, 3);
  fill (cref, n + 2, 1, 1, 3);
  fill (d, n + 2, 1, 1, 4);
  fill (dref, n + 2, 1, 1, 4);
  int last[5];
  compute_mint (nx, ny, nz, n, a, b, c, d, last);

  for (int z = 1; z < nz - 1; z++)
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        bref[z][y][x] = a[z][y][x] + 0.5 * (a[z - 1][y][x] + a[z][y + 1][x]
                                            - a[z][y][x - 1]);
  for (long i = 1; i < (long) n - 1; i++)
    dref[i] = cref[i - 1] - 2 * cref[i] + cref[i + 1];
  for (long k = 1; k <= (long) n; k++)
    cref[k] = 3 * cref[k];
  /* What the plain loops leave: the first value each condition rejects,
     an inner one only where the loops around it ran.  */
  int zl = nz - 1 > 1 ? nz - 1 : 1;
  int yl = ny - 1 > 1 ? ny - 1 : 1, xl = nx - 1 > 1 ? nx - 1 : 1;
  int expect[5] = { zl, yl, xl, n > 2 ? (int) n - 1 : 1, 0 };
  int ran_y = nz > 2, ran_x = ran_y && ny > 2;
  int wrong = 0;
  for (int j = 0; j < 5; j++)
    if ((j == 1 && !ran_y) || (j == 2 && !ran_x))
      continue;
    else
      wrong += last[j] != expect[j];

  int status = test_report ("3-D nest", max_error (&b[0][0][0],
                                                   &bref[0][0][0],
                                                   nx * ny * nz),
                            TOL_DOUBLE);
  status |= test_report ("size_t i + 1 < n", max_error (d, dref, n + 2),
                         TOL_DOUBLE);
  status |= test_report ("k - 1 >= 0 down", max_error (c, cref, n + 2),
                         TOL_DOUBLE);
  status |= test_report ("variables after the nest (wrong)", wrong,
                         TOL_EXACT);
  free (a);
  free (b);
  free (bref);
  free (c);
  free (cref);
  free (d);
  free (dref);
  return status;
}
