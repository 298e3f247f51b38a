/* Which element of each row the device copies align on 128 bytes, rows
   of 48 doubles being a whole number of such blocks (MINT_VERBOSE
   prints each copy's offset in its allocation): the first
   value of the loop that walks the rows' elements, where it is a
   constant (a stencil over the whole row from x = 0, one from x = 1),
   and element 0 where the body's own loop walks the rows (a line sweep
   along x: the nest runs z and y, its dimension x is y's loop, from 1).
   A copy takes the choice of the kernels that use it: of a restriction
   from x = 1 and a prolongation from x = 0 in one region, the fine grid
   that only the prolongation writes keeps element 0 aligned (its pairs
   of 16 bytes).  The programs run, and are compared with the plain C
   loops, too.
   Without the plugin nothing is printed and only the results count.  */
/* { dg-do run } */
#include "mint-test.h"

#define N 48

static double a[N][N][N], b[N][N][N], ra[N][N][N], rb[N][N][N];

static void
whole_row (double (*u)[N][N], double (*v)[N][N])
{
  for (int z = 1; z < N - 1; z++)
    for (int y = 1; y < N - 1; y++)
      for (int x = 0; x < N; x++)
        v[z][y][x] = x == 0 || x == N - 1 ? u[z][y][x]
                     : 0.5 * u[z][y][x] + 0.25 * (u[z][y][x - 1]
                                                  + u[z][y][x + 1]);
}

static void
inner_row (double (*u)[N][N], double (*v)[N][N])
{
  for (int z = 1; z < N - 1; z++)
    for (int y = 1; y < N - 1; y++)
      for (int x = 1; x < N - 1; x++)
        v[z][y][x] = 0.5 * u[z][y][x] + 0.25 * (u[z][y][x - 1]
                                                + u[z][y][x + 1]);
}

static void
sweep_x (double (*u)[N][N], double (*v)[N][N])
{
  for (int z = 1; z < N - 1; z++)
    for (int y = 1; y < N - 1; y++)
      {
        v[z][y][0] = u[z][y][0];
        for (int x = 1; x < N; x++)
          v[z][y][x] = u[z][y][x] + 0.5 * v[z][y][x - 1];
      }
}

enum { C = 64, F = 2 * C + 1 };
static double fine[F][F], coarse[C + 1][C + 1], out[F][F];
static double rfine[F][F], rcoarse[C + 1][C + 1], rout[F][F];

/* Full weighting onto the coarse grid, then the bilinear prolongation
   back onto a second fine grid.  */
#define TRANSFER(PRAGMA, f, c, e)                                        \
  PRAGMA (for nest(all))                                                 \
  for (int y = 1; y < C; y++)                                            \
    for (int x = 1; x < C; x++)                                          \
      c[y][x] = 0.25 * f[2 * y][2 * x]                                   \
                + 0.125 * (f[2 * y][2 * x - 1] + f[2 * y][2 * x + 1]     \
                           + f[2 * y - 1][2 * x] + f[2 * y + 1][2 * x]); \
  PRAGMA (for nest(all))                                                 \
  for (int y = 0; y < C; y++)                                            \
    for (int x = 0; x < C; x++)                                          \
      {                                                                  \
        e[2 * y][2 * x] = c[y][x];                                       \
        e[2 * y][2 * x + 1] = 0.5 * (c[y][x] + c[y][x + 1]);             \
        e[2 * y + 1][2 * x] = 0.5 * (c[y][x] + c[y + 1][x]);             \
        e[2 * y + 1][2 * x + 1] = 0.25 * (c[y][x] + c[y][x + 1]          \
                                          + c[y + 1][x] + c[y + 1][x + 1]); \
      }

static void
transfer (double (*u)[N][N], double (*v)[N][N])
{
  (void) u, (void) v;
  TRANSFER (NO_PRAGMA, rfine, rcoarse, rout)
}

/* Each form through mint, in a region of its own: a copy is aligned for
   the kernels of its region that use it.  */
static void
whole_row_mint (void)
{
#pragma mint copy(a, toDevice, N, N, N)
#pragma mint copy(b, toDevice, N, N, N)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 1; z < N - 1; z++)
      for (int y = 1; y < N - 1; y++)
        for (int x = 0; x < N; x++)
          b[z][y][x] = x == 0 || x == N - 1 ? a[z][y][x]
                       : 0.5 * a[z][y][x] + 0.25 * (a[z][y][x - 1]
                                                    + a[z][y][x + 1]);
  }
#pragma mint copy(b, fromDevice, N, N, N)
}

static void
inner_row_mint (void)
{
#pragma mint copy(a, toDevice, N, N, N)
#pragma mint copy(b, toDevice, N, N, N)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 1; z < N - 1; z++)
      for (int y = 1; y < N - 1; y++)
        for (int x = 1; x < N - 1; x++)
          b[z][y][x] = 0.5 * a[z][y][x] + 0.25 * (a[z][y][x - 1]
                                                  + a[z][y][x + 1]);
  }
#pragma mint copy(b, fromDevice, N, N, N)
}

static void
sweep_x_mint (void)
{
#pragma mint copy(a, toDevice, N, N, N)
#pragma mint copy(b, toDevice, N, N, N)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int z = 1; z < N - 1; z++)
      for (int y = 1; y < N - 1; y++)
        {
          b[z][y][0] = a[z][y][0];
          for (int x = 1; x < N; x++)
            b[z][y][x] = a[z][y][x] + 0.5 * b[z][y][x - 1];
        }
  }
#pragma mint copy(b, fromDevice, N, N, N)
}

static void
transfer_mint (void)
{
#pragma mint copy(fine, toDevice, F, F)
#pragma mint copy(coarse, toDevice, C + 1, C + 1)
#pragma mint copy(out, toDevice, F, F)
#pragma mint parallel
  {
    TRANSFER (MINT_PRAGMA, fine, coarse, out)
  }
#pragma mint copy(out, fromDevice, F, F)
}

static void (*const mint_forms[]) (void)
  = { whole_row_mint, inner_row_mint, sweep_x_mint, transfer_mint };

static void
run_mint (void *arg)
{
  mint_forms[*(const int *) arg] ();
}

/* In a child: libmintrt reads MINT_VERBOSE at its first call.  */
static void
verbose_child (void *arg)
{
  setenv ("MINT_VERBOSE", "1", 1);
  run_mint (arg);
  fflush (stderr);
}

#ifdef __MINT__
/* The element of the rows that the copy of SHAPE printed in LOG (the
   last of that shape where LAST) aligns, or -1.  */
static long
aligned_element (const char *log, const char *shape, int last)
{
  const char *p = NULL;
  for (const char *q = strstr (log, shape); q && (!p || last);
       q = strstr (q + 1, shape))
    p = q;
  p = p ? strstr (p, "offset ") : NULL;
  if (!p)
    return -1;
  long offset = strtol (p + 7, NULL, 10);
  return (128 - offset % 128) % 128 / 8;
}
#endif

int
main (void)
{
  static const char *const names[] = { "whole rows, from x = 0",
                                       "inner rows, from x = 1",
                                       "a sweep along x",
                                       "a prolongation's fine grid" };
  static const long want[] = { 0, 1, 0, 0 };
  void (*const plain[]) (double (*)[N][N], double (*)[N][N])
    = { whole_row, inner_row, sweep_x, transfer };
  int status = 0;
  /* The children first: each must make the process's first call to
     libmintrt.  */
  for (int f = 0; f < 4; f++)
    {
      char err[16384];
      int rc = test_in_child (verbose_child, &f, err, sizeof err);
#ifdef __MINT__
      long got = f < 3
                 ? aligned_element (err, "toDevice: 48x48x48 elements", 0)
                 : aligned_element (err, "toDevice: 129x129x1 elements", 1);
#else
      long got = want[f];
#endif
      printf ("%s: exit status %d, element %ld of each row aligned (want "
              "%ld): %s\n", names[f], rc, got, want[f],
              rc == 0 && got == want[f] ? "ok" : "FAILED");
      status |= rc != 0 || got != want[f];
    }
  fill (&fine[0][0], F, F, 1, 3);
  fill (&out[0][0], F, F, 1, 4);
  memcpy (rfine, fine, sizeof fine);
  memcpy (rout, out, sizeof out);
  for (int f = 0; f < 4; f++)
    {
      fill (&a[0][0][0], N, N, N, 1);
      fill (&b[0][0][0], N, N, N, 2);
      memcpy (ra, a, sizeof a);
      memcpy (rb, b, sizeof b);
      run_mint (&f);
      plain[f] (ra, rb);
      status |= test_report (names[f],
                             f < 3 ? max_error (&b[0][0][0], &rb[0][0][0],
                                                (size_t) N * N * N)
                                   : max_error (&out[0][0], &rout[0][0],
                                                (size_t) F * F),
                             TOL_DOUBLE);
    }
  return status;
}
