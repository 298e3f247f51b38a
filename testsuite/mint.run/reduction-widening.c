/* min and max of elements converted to a wider variable's type: a double
   over a float array, a long over an int array, an int over a byte grid,
   by an if (the element compared converted, then assigned converted), by
   ?:, through a widening local and with the casts written out; the GPU
   gives the program's values.  */
/* { dg-do run } */
#include "mint-test.h"
#include <stdint.h>

struct results
{
  double fmax_if, fmax_local;
  long imax_if, imax_select, imin_cast;
  int bmin_if, bmax_select;
};

static void
reduce_mint (int n, float (*a)[n], int (*k)[n], uint8_t (*b)[n],
             struct results *r)
{
  double fmax_if = -1e30, fmax_local = -1e30;
  long imax_if = -1000000, imax_select = -1000000, imin_cast = 1000000;
  int bmin_if = 1000, bmax_select = -1;
#pragma mint copy(a, toDevice, n, n)
#pragma mint copy(k, toDevice, n, n)
#pragma mint copy(b, toDevice, n, n)
#pragma mint parallel
  {
#pragma mint for nest(2) reduction(max:fmax_if)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        if (a[y][x] > fmax_if)
          fmax_if = a[y][x];
#pragma mint for nest(2) reduction(max:fmax_local)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        {
          double v = a[y][x] * 0.5f;
          fmax_local = v > fmax_local ? v : fmax_local;
        }
#pragma mint for nest(2) reduction(max:imax_if)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        if (k[y][x] > imax_if)
          imax_if = k[y][x];
#pragma mint for nest(2) reduction(max:imax_select)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        imax_select = k[y][x] > imax_select ? k[y][x] : imax_select;
#pragma mint for nest(2) reduction(min:imin_cast)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        if ((long) k[y][x] < imin_cast)
          imin_cast = (long) k[y][x];
#pragma mint for nest(2) reduction(min:bmin_if)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        if (b[y][x] < bmin_if)
          bmin_if = b[y][x];
#pragma mint for nest(2) reduction(max:bmax_select)
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++)
        bmax_select = b[y][x] > bmax_select ? b[y][x] : bmax_select;
  }
  *r = (struct results) { fmax_if, fmax_local, imax_if, imax_select,
                          imin_cast, bmin_if, bmax_select };
}

static void
reduce_plain (int n, float (*a)[n], int (*k)[n], uint8_t (*b)[n],
              struct results *r)
{
  *r = (struct results) { -1e30, -1e30, -1000000, -1000000, 1000000, 1000,
                          -1 };
  for (int y = 0; y < n; y++)
    for (int x = 0; x < n; x++)
      {
        if (a[y][x] > r->fmax_if)
          r->fmax_if = a[y][x];
        double v = a[y][x] * 0.5f;
        r->fmax_local = v > r->fmax_local ? v : r->fmax_local;
        if (k[y][x] > r->imax_if)
          r->imax_if = k[y][x];
        r->imax_select = k[y][x] > r->imax_select ? k[y][x]
                                                  : r->imax_select;
        if ((long) k[y][x] < r->imin_cast)
          r->imin_cast = (long) k[y][x];
        if (b[y][x] < r->bmin_if)
          r->bmin_if = b[y][x];
        r->bmax_select = b[y][x] > r->bmax_select ? b[y][x]
                                                  : r->bmax_select;
      }
}

int
main (void)
{
  int n = 45;
  float (*a)[n] = test_xmalloc (sizeof (float) * n * n);
  int (*k)[n] = test_xmalloc (sizeof (int) * n * n);
  uint8_t (*b)[n] = test_xmalloc (n * n);
  for (int y = 0; y < n; y++)
    for (int x = 0; x < n; x++)
      {
        a[y][x] = (float) ((y * 37 + x * 11) % 101) * 0.37f - 17.1f;
        k[y][x] = (y * 53 + x * 29) % 997 - 400;
        b[y][x] = (uint8_t) ((y * 7 + x * 13) % 251 + 3);
      }

  struct results r, ref;
  reduce_mint (n, a, k, b, &r);
  reduce_plain (n, a, k, b, &ref);
  printf ("float max %.9g (cpu %.9g), int max %ld (cpu %ld), int min %ld "
          "(cpu %ld), byte min %d (cpu %d), byte max %d (cpu %d)\n",
          r.fmax_if, ref.fmax_if, r.imax_if, ref.imax_if, r.imin_cast,
          ref.imin_cast, r.bmin_if, ref.bmin_if, r.bmax_select,
          ref.bmax_select);
  int status = test_report ("float max by if",
                            max_error (&r.fmax_if, &ref.fmax_if, 1),
                            TOL_EXACT);
  status |= test_report ("float max by a local",
                         max_error (&r.fmax_local, &ref.fmax_local, 1),
                         TOL_EXACT);
  status |= test_report ("int max by if",
                         max_error (&r.imax_if, &ref.imax_if, 1), TOL_EXACT);
  status |= test_report ("int max by ?:",
                         max_error (&r.imax_select, &ref.imax_select, 1),
                         TOL_EXACT);
  status |= test_report ("int min with casts",
                         max_error (&r.imin_cast, &ref.imin_cast, 1),
                         TOL_EXACT);
  status |= test_report ("byte min by if",
                         max_error (&r.bmin_if, &ref.bmin_if, 1), TOL_EXACT);
  status |= test_report ("byte max by ?:",
                         max_error (&r.bmax_select, &ref.bmax_select, 1),
                         TOL_EXACT);
  return status;
}
