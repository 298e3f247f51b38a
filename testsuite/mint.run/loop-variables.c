/* The loop variables of the parallel loops after their nest.  The host
   loops leave each at the first value its condition rejects (an inner
   one only where the loops around it ran at least once); after a launch,
   the host code the plugin adds sets them so.  Ascending and descending
   loops, steps, <= and >=, empty loops, several integer types, a parameter as
   loop variable.

   mint.build also builds this program with MINT_TEST_LAUNCHES_ONLY,
   against a runtime whose every launch "runs" and does nothing: then only
   the loop variables are checked, on the path a GPU takes.  */
/* { dg-do run } */
#include "mint-test.h"

#define NV 12

/* NESTS (PRAGMA) expands to the nests, PRAGMA (...) before each; the
   Mint and the plain version differ only in that.  Each nest writes its
   points of OUT or G and records its loop variables in V.  */
#define NESTS(PRAGMA)                                                   \
  PRAGMA (for)                                                          \
  for (i = 2; i < n - 1; i++)                                           \
    out[i] = 2.0 * i;                                                   \
  v[0] = i;                                                             \
  PRAGMA (for)                                                          \
  for (i = 1; i <= n - 2; i += 3)                                       \
    out[i] += 1.0;                                                      \
  v[1] = i;                                                             \
  PRAGMA (for)                                                          \
  for (i = n - 2; i >= 1; i -= 2)                                       \
    out[i] *= 0.5;                                                      \
  v[2] = i;                                                             \
  PRAGMA (for nest(all))                                                \
  for (z = nz - 1; z > 0; z--)                                          \
    for (y = 1; y < ny; y += 2)                                         \
      for (u = 0; u <= nx - 1; u++)                                     \
        g[z][y][u] = z + y * 0.5 + u;                                   \
  v[3] = z;                                                             \
  v[4] = y;                                                             \
  v[5] = u;                                                             \
  x = 77;                                                               \
  PRAGMA (for nest(2))          /* no point: x keeps its value */      \
  for (y = m; y < 3; y++)                                               \
    for (x = 0; x < nx; x++)                                            \
      g[0][y][x] = 1.0;                                                 \
  v[6] = y;                                                             \
  v[7] = x;                                                             \
  PRAGMA (for nest(2))          /* the inner loop is empty */          \
  for (y = 0; y < ny; y++)                                              \
    for (x = nx; x < m; x++)                                            \
      g[0][y][x] = 1.0;                                                 \
  v[8] = y;                                                             \
  v[9] = x;                                                             \
  PRAGMA (for)                                                          \
  for (p = n; p > 3; p--)                                               \
    out[p - 1] += 3.0;                                                  \
  v[10] = p;                                                            \
  PRAGMA (for)                                                          \
  for (w = 5; w < n; w += 5)                                            \
    out[w] += 0.25;                                                     \
  v[11] = w;

static void
nests_mint (int n, int m, int nx, int ny, int nz, double *out,
            double (*g)[ny][nx], long *v, int p)
{
  int i, y, x;
  long z;
  unsigned u;
  long long w;
#pragma mint copy(out, toDevice, n)
#pragma mint copy(g, toDevice, nx, ny, nz)
#pragma mint parallel
  {
    NESTS (MINT_PRAGMA)
  }
#pragma mint copy(out, fromDevice, n)
#pragma mint copy(g, fromDevice, nx, ny, nz)
}

static void
nests_plain (int n, int m, int nx, int ny, int nz, double *out,
             double (*g)[ny][nx], long *v, int p)
{
  int i, y, x;
  long z;
  unsigned u;
  long long w;
  NESTS (NO_PRAGMA)
}

int
main (void)
{
  int n = 50, m = 5, nx = 13, ny = 8, nz = 6;
  double *out = test_xmalloc (n * sizeof (double));
  double *out_ref = test_xmalloc (n * sizeof (double));
  double (*g)[ny][nx] = test_xmalloc (sizeof (double[nz][ny][nx]));
  double (*g_ref)[ny][nx] = test_xmalloc (sizeof (double[nz][ny][nx]));
  long v[NV], v_ref[NV];
  fill (out, n, 1, 1, 1);
  fill (out_ref, n, 1, 1, 1);
  fill (&g[0][0][0], nx, ny, nz, 2);
  fill (&g_ref[0][0][0], nx, ny, nz, 2);

  nests_mint (n, m, nx, ny, nz, out, g, v, 99);
  nests_plain (n, m, nx, ny, nz, out_ref, g_ref, v_ref, 99);

  int status = 0;
  for (int k = 0; k < NV; k++)
    if (v[k] != v_ref[k])
      {
        printf ("loop variable %d after its nest: %ld, plain C: %ld\n", k,
                v[k], v_ref[k]);
        status = 1;
      }
  status |= test_report ("loop variables after the nests", status, 0.0);
#ifndef MINT_TEST_LAUNCHES_ONLY
  status |= test_report ("1-D nests", max_error (out, out_ref, n),
                         TOL_DOUBLE);
  status |= test_report ("3-D nests", max_error (&g[0][0][0],
                                                 &g_ref[0][0][0],
                                                 nx * ny * nz), TOL_DOUBLE);
#endif
  free (out);
  free (out_ref);
  free (g);
  free (g_ref);
  return status;
}
