/* Weights read at constant subscripts under a condition (once the loops
   over the offsets are unrolled): an upwind 3-D box of radius 2 whose
   weights follow the sign of the velocity, the cells of a table read
   only where a scalar order allows, one of them past the table's copy
   and never read, and the same cell read by some points.  A level-3
   walk reads the cells once before it; the kernel may read a cell past
   the copy only where no point reads it, and where a point does, the
   program stops naming the element.  On the host, and built without the
   plugin, each runs to the end.  */
/* { dg-do run } */
#include "mint-test.h"

enum { N = 20, R = 2, TAPS = 5 };

static void
upwind_mint (double (*u)[N][N], double (*v)[N][N], double (*vel)[N][N],
             const double *wp, const double *wm)
{
#pragma mint copy(u, toDevice, N, N, N)
#pragma mint copy(v, toDevice, N, N, N)
#pragma mint copy(vel, toDevice, N, N, N)
#pragma mint copy(wp, toDevice, TAPS)
#pragma mint copy(wm, toDevice, TAPS)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int k = R; k < N - R; k++)
      for (int j = R; j < N - R; j++)
        for (int i = R; i < N - R; i++)
          {
            double s = 0;
            for (int c = -R; c <= R; c++)
              for (int b = -R; b <= R; b++)
                for (int a = -R; a <= R; a++)
                  {
                    double w = vel[k][j][i] > 0
                               ? wp[a + R] * wp[b + R] * wp[c + R]
                               : wm[a + R] * wm[b + R] * wm[c + R];
                    s += w * u[k + c][j + b][i + a];
                  }
            v[k][j][i] = s;
          }
  }
#pragma mint copy(v, fromDevice, N, N, N)
}

static void
upwind_cpu (double (*u)[N][N], double (*v)[N][N], double (*vel)[N][N],
            const double *wp, const double *wm)
{
  for (int k = R; k < N - R; k++)
    for (int j = R; j < N - R; j++)
      for (int i = R; i < N - R; i++)
        {
          double s = 0;
          for (int c = -R; c <= R; c++)
            for (int b = -R; b <= R; b++)
              for (int a = -R; a <= R; a++)
                {
                  const double *w = vel[k][j][i] > 0 ? wp : wm;
                  s += w[a + R] * w[b + R] * w[c + R]
                       * u[k + c][j + b][i + a];
                }
          v[k][j][i] = s;
        }
}

/* A filter of up to TAPS + 1 taps along x, of ORDER taps: the cell
   w[TAPS], past the copy of TAPS cells, is read only where ORDER is
   TAPS + 1.  */
static void
taps_mint (double (*u)[N][N], double (*v)[N][N], const double *w, int order)
{
#pragma mint copy(u, toDevice, N, N, N)
#pragma mint copy(v, toDevice, N, N, N)
#pragma mint copy(w, toDevice, TAPS)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (int k = 0; k < N; k++)
      for (int j = 0; j < N; j++)
        for (int i = 0; i < N - TAPS; i++)
          {
            double s = 0;
            for (int t = 0; t <= TAPS; t++)
              {
                double x = u[k][j][i + t];
                if (t < order)
                  s += w[t] * x;
              }
            v[k][j][i] = s;
          }
  }
#pragma mint copy(v, fromDevice, N, N, N)
}

enum { taps_line = __LINE__ - 18 };

static void
taps_cpu (double (*u)[N][N], double (*v)[N][N], const double *w, int order)
{
  for (int k = 0; k < N; k++)
    for (int j = 0; j < N; j++)
      for (int i = 0; i < N - TAPS; i++)
        {
          double s = 0;
          for (int t = 0; t < order && t < TAPS; t++)
            s += w[t] * u[k][j][i + t];
          v[k][j][i] = s;
        }
}

struct taps_args
{
  double (*u)[N][N], (*v)[N][N];
  const double *w;
};

/* The filter of TAPS + 1 taps, whose last reads the host's memory past
   the table (w has room for it, its copy does not).  */
static void
taps_past_table (void *arg)
{
  struct taps_args *a = arg;
  taps_mint (a->u, a->v, a->w, TAPS + 1);
}

static double
largest_error (double (*a)[N][N], double (*b)[N][N])
{
  double e = 0;
  for (int k = 0; k < N; k++)
    for (int j = 0; j < N; j++)
      for (int i = 0; i < N; i++)
        e = fmax (e, test_relative_error (a[k][j][i], b[k][j][i]));
  return e;
}

int
main (void)
{
  size_t bytes = sizeof (double[N][N][N]);
  double (*u)[N][N] = test_xmalloc (bytes), (*vel)[N][N] = test_xmalloc (bytes);
  double (*v)[N][N] = test_xmalloc (bytes), (*ref)[N][N] = test_xmalloc (bytes);
  double wp[TAPS] = { 0.01, 0.05, 0.5, 0.2, 0.04 };
  double wm[TAPS + 1] = { 0.04, 0.2, 0.5, 0.05, 0.01, 7.0 };
  for (int k = 0; k < N; k++)
    for (int j = 0; j < N; j++)
      for (int i = 0; i < N; i++)
        {
          u[k][j][i] = test_value (i, j, k, 1);
          vel[k][j][i] = (i + 2 * j + 3 * k) % 5 - 2.0;
        }

  /* First: the child that must stop runs before this process uses the
     GPU, whose driver does not survive a fork.  */
  struct taps_args args = { u, v, wm };
  char expected[256];
  snprintf (expected, sizeof expected, "tables-under-conditions.c:%d: "
            "kernel mint_taps_mint_%d reads element %d of array w outside "
            "its copy (%dx1x1 ", taps_line, taps_line,
            TAPS, TAPS);
  int status = test_stops_on_device ("taps past the table",
                                     taps_past_table, &args, expected,
                                     "elements, copied at ");

  memset (v, 0, bytes);
  memset (ref, 0, bytes);
  upwind_mint (u, v, vel, wp, wm);
  upwind_cpu (u, ref, vel, wp, wm);
  status |= test_report ("upwind weights", largest_error (v, ref), 1e-13);

  for (int order = TAPS - 1; order <= TAPS; order++)
    {
      char what[64];
      memset (v, 0, bytes);
      memset (ref, 0, bytes);
      taps_mint (u, v, wm, order);
      taps_cpu (u, ref, wm, order);
      snprintf (what, sizeof what, "%d taps of a table of %d", order, TAPS);
      status |= test_report (what, largest_error (v, ref), 1e-13);
    }

  free (u);
  free (v);
  free (vel);
  free (ref);
  return status;
}
