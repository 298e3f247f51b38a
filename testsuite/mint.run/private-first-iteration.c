/* Scalars declared at the top of the function (C89 style) that each
   point sets in the first iteration of an inner loop from a constant to
   a constant and reads after it: a Newton solve of x^3 + x = a whose
   step dx is read after the loop (which may stop early, after dx is
   set), a running maximum set where k is its first value, and the last
   value a loop of three iterations sets.  mint makes them private to
   each point (mint.dg/diag-private-first-iteration.c checks what it
   refuses).  The Newton nest stores x + dx, the iterate before the
   last: dx alone is a difference of nearly equal numbers, which a
   kernel's contractions may change.  */
/* { dg-do run } */
#include "mint-test.h"

static void
compute_mint (int nx, int ny, double (*a)[nx], double (*x)[nx],
              double (*prev)[nx], double (*peak)[nx], double (*last)[nx])
{
  int i, j, it, k;
  double xv, dx, m, l;
#pragma mint copy(a, toDevice, nx, ny)
#pragma mint copy(x, toDevice, nx, ny)
#pragma mint copy(prev, toDevice, nx, ny)
#pragma mint copy(peak, toDevice, nx, ny)
#pragma mint copy(last, toDevice, nx, ny)
#pragma mint parallel
  {
#pragma mint for nest(all)
    for (j = 0; j < ny; j++)
      for (i = 0; i < nx; i++)
        {
          xv = a[j][i];
          for (it = 0; it < 30; it++)
            {
              dx = (xv * xv * xv + xv - a[j][i]) / (3 * xv * xv + 1);
              xv -= dx;
              if (fabs (dx) < 1e-10)
                break;
            }
          x[j][i] = xv;
          prev[j][i] = xv + dx;
        }
#pragma mint for nest(all)
    for (j = 1; j < ny - 1; j++)
      for (i = 1; i < nx - 1; i++)
        {
          for (k = -1; k <= 1; k++)
            {
              if (k == -1)
                m = a[j + k][i];
              else if (a[j + k][i] > m)
                m = a[j + k][i];
            }
          peak[j][i] = m;
        }
#pragma mint for nest(all)
    for (j = 0; j < ny; j++)
      for (i = 0; i < nx - 2; i++)
        {
          for (k = 0; k < 3; k++)
            l = a[j][i + k] * (k + 1);
          last[j][i] = l;
        }
  }
#pragma mint copy(x, fromDevice, nx, ny)
#pragma mint copy(prev, fromDevice, nx, ny)
#pragma mint copy(peak, fromDevice, nx, ny)
#pragma mint copy(last, fromDevice, nx, ny)
}

static void
compute_cpu (int nx, int ny, double (*a)[nx], double (*x)[nx],
             double (*prev)[nx], double (*peak)[nx], double (*last)[nx])
{
  for (int j = 0; j < ny; j++)
    for (int i = 0; i < nx; i++)
      {
        double xv = a[j][i], dx;
        int it = 0;
        do
          {
            dx = (xv * xv * xv + xv - a[j][i]) / (3 * xv * xv + 1);
            xv -= dx;
          }
        while (++it < 30 && fabs (dx) >= 1e-10);
        x[j][i] = xv;
        prev[j][i] = xv + dx;
      }
  for (int j = 1; j < ny - 1; j++)
    for (int i = 1; i < nx - 1; i++)
      peak[j][i] = fmax (a[j - 1][i], fmax (a[j][i], a[j + 1][i]));
  for (int j = 0; j < ny; j++)
    for (int i = 0; i < nx - 2; i++)
      last[j][i] = a[j][i + 2] * 3;
}

int
main (void)
{
  int nx = 61, ny = 37, n = nx * ny;
  double (*a)[nx] = test_xmalloc (sizeof (double[ny][nx]));
  double (*out[4])[nx], (*ref[4])[nx];
  static const char *const names[4]
    = { "Newton's x", "Newton's x + dx", "running maximum",
        "last of three" };
  fill (&a[0][0], nx, ny, 1, 1);
  for (int v = 0; v < 4; v++)
    {
      out[v] = test_xmalloc (sizeof (double[ny][nx]));
      ref[v] = test_xmalloc (sizeof (double[ny][nx]));
      fill (&out[v][0][0], nx, ny, 1, v + 2);
      fill (&ref[v][0][0], nx, ny, 1, v + 2);
    }

  compute_mint (nx, ny, a, out[0], out[1], out[2], out[3]);
  compute_cpu (nx, ny, a, ref[0], ref[1], ref[2], ref[3]);
  int status = 0;
  for (int v = 0; v < 4; v++)
    {
      status |= test_report (names[v], max_error (&out[v][0][0],
                                                  &ref[v][0][0], n),
                             v < 2 ? TOL_DOUBLE : TOL_EXACT);
      free (out[v]);
      free (ref[v]);
    }
  free (a);
  return status;
}
