/* Subscripts that C computes in 32-bit unsigned arithmetic, where an
   unsigned offset from outside the loops takes the sum past 2^32 and C's
   wrap brings it back into the array (`a[base + i + 6]' with base =
   2^32 - 6 is a[i]).  The kernels add such an offset without the wrap,
   so the launch must stop, naming the wrap, rather than let the GPU read
   2^32 elements past the array: over a fixed array beside an access
   without the offset, a row of a 2-D array, and a pointer whose offset
   is an unsigned variable set to 4294967295u before the region (the
   analyses had taken its value as -1, the kernel 2^32 - 1).  Without
   the wrap (base 0) they compute what the loops do.  An offset
   held in a signed variable (`u[y + ng][x + ng]', ghost layers) is
   checked at the launch too: a copy of fewer rows than the loops read
   stops, a whole copy runs.  A loop bound that wraps (`x < n - 3' with
   an unsigned n of 2, helper H2 of round 85) stops with advice about the
   bound, not the subscript; the program's loops would write 2^32
   elements, so only a build with the plugin runs it.  */
/* { dg-do run } */
#include "mint-test.h"

#define N 1000
#define ROWS 5

static double fixed_a[N], fixed_b[N];

static void
fixed_mint (double *ref, unsigned base)
{
#pragma mint copy(fixed_a, toDevice, N)
#pragma mint copy(fixed_b, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (unsigned i = 0; i < N - 6; i++)
      fixed_b[i] = fixed_a[base + i + 6] + fixed_a[i + 6];
  }
#pragma mint copy(fixed_b, fromDevice, N)
  memcpy (ref, fixed_b, sizeof fixed_b);
}

static void
rows_mint (double (*u)[N], double (*v)[N], unsigned base)
{
#pragma mint copy(u, toDevice, N, ROWS)
#pragma mint copy(v, toDevice, N, ROWS)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (unsigned y = 1; y < ROWS; y++)
      for (unsigned x = 1; x < N - 6; x++)
        v[y][x] = u[y][base + x + 6] + u[y - 1][x - 1];
  }
#pragma mint copy(v, fromDevice, N, ROWS)
}

static void
pointer_mint (double *u, double *v)
{
  unsigned off = 4294967295u;
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (int i = 1; i < N - 1; i++)
      v[i] = u[(unsigned) i + off];
  }
#pragma mint copy(v, fromDevice, N)
}

static void
bound_mint (double *u, double *v, unsigned n)
{
#pragma mint copy(u, toDevice, N)
#pragma mint copy(v, toDevice, N)
#pragma mint parallel
  {
#pragma mint for
    for (unsigned x = 1; x < n - 3; x++)
      v[x] = u[x - 1] + u[x + 1];
  }
#pragma mint copy(v, fromDevice, N)
}

static void
ghost_mint (double (*u)[N], double (*v)[N], int ng, int rows)
{
#pragma mint copy(u, toDevice, N, rows)
#pragma mint copy(v, toDevice, N, ROWS)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int y = 0; y < ROWS - 2 * ng; y++)
      for (int x = 0; x < N - 2 * ng; x++)
        v[y][x] = u[y + ng][x + ng - 1] + u[y + ng][x + ng + 1];
  }
#pragma mint copy(v, fromDevice, N, ROWS)
}

struct child
{
  double (*u)[N], (*v)[N];
  double *ref;
  int which;
};

static void
run_wrapped (void *arg)
{
  struct child *c = arg;
  if (c->which == 0)
    fixed_mint (c->ref, 4294967290u);
  else if (c->which == 1)
    rows_mint (c->u, c->v, 4294967290u);
  else if (c->which == 2)
    pointer_mint (&c->u[0][0], &c->v[0][0]);
  else if (c->which == 3)
    ghost_mint (c->u, c->v, 1, ROWS - 2);
  else
    bound_mint (&c->u[0][0], &c->v[0][0], 2);
}

static int
stops (struct child *c, int which, const char *what, const char *more)
{
  c->which = which;
  return test_stops (what, run_wrapped, c, "unsigned-wrap-stops.c:", more);
}

int
main (void)
{
  static double u[ROWS][N], v[2][ROWS][N], ref[N];
  const char *wrap = "wraps at 2^32 in unsigned arithmetic";
  fill (fixed_a, N, 1, 1, 1);
  fill (&u[0][0], N, ROWS, 1, 3);
  struct child c = { u, v[0], ref, 0 };
  int status = stops (&c, 0, "fixed array, base 2^32 - 6", wrap);
  status |= stops (&c, 1, "row of a 2-D array, base 2^32 - 6", wrap);
  status |= stops (&c, 2, "pointer, off 4294967295u", wrap);
  status |= stops (&c, 3, "ghost rows not copied",
                   "copy every element the loops use");
#ifdef __MINT__
  status |= stops (&c, 4, "loop bound n - 3 with n = 2",
                   "its bound may have wrapped in unsigned arithmetic");
#endif

  double err = 0;
  fixed_mint (ref, 0);
  for (int i = 0; i < N - 6; i++)
    err = fmax (err, fabs (ref[i] - 2 * fixed_a[i + 6]));
  for (int k = 0; k < 2; k++)
    fill (&v[k][0][0], N, ROWS, 1, 5);
  rows_mint (u, v[0], 0);
  for (int y = 1; y < ROWS; y++)
    for (int x = 1; x < N - 6; x++)
      v[1][y][x] = u[y][x + 6] + u[y - 1][x - 1];
  err = fmax (err, max_error (&v[0][0][0], &v[1][0][0], ROWS * N));
  ghost_mint (u, v[0], 1, ROWS);
  for (int y = 0; y < ROWS - 2; y++)
    for (int x = 0; x < N - 2; x++)
      v[1][y][x] = u[y + 1][x] + u[y + 1][x + 2];
  err = fmax (err, max_error (&v[0][0][0], &v[1][0][0], ROWS * N));
  return status | test_report ("unsigned offsets without a wrap", err, 0.0);
}
