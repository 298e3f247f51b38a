/* min and max by an if whose comparison and assignment convert the
   element by different ways to the same value: a double over a byte
   grid (compared as (double) (int) b, assigned as (double) b), a float
   over the same bytes (compared as (float) (int) b, an int of a byte's
   values), a float over shorts (through int, then float), and a float
   error over double
   differences (`if (fabs (d) > err) err = fabs (d);', which GCC folds
   into err = |(float) d|), and a byte min over an int that holds the
   lesser of two bytes.  The GPU gives the program's values.  */
/* { dg-do run } */
#include "mint-test.h"
#include <stdint.h>

struct results
{
  double bmax;
  float fbmax, smin, err;
  uint8_t bmin;
};

static void
reduce_mint (int n, const uint8_t *b, const short *s, const double *u,
             const double *v, struct results *r)
{
  double bmax = -1.0;
  float fbmax = -1.0f, smin = 1e30f, err = 0.0f;
  uint8_t bmin = 255;
#pragma mint copy(b, toDevice, n)
#pragma mint copy(s, toDevice, n)
#pragma mint copy(u, toDevice, n)
#pragma mint copy(v, toDevice, n)
#pragma mint parallel
  {
#pragma mint for reduction(max:bmax)
    for (int i = 0; i < n; i++)
      if (b[i] > bmax)
        bmax = b[i];
#pragma mint for reduction(max:fbmax)
    for (int i = 0; i < n; i++)
      if (b[i] > fbmax)
        fbmax = b[i];
#pragma mint for reduction(min:smin)
    for (int i = 0; i < n; i++)
      if ((float) s[i] < smin)
        smin = s[i];
#pragma mint for reduction(max:err)
    for (int i = 0; i < n; i++)
      {
        double d = u[i] - v[i];
        if (fabs (d) > err)
          err = fabs (d);
      }
#pragma mint for reduction(min:bmin)
    for (int i = 1; i < n - 1; i++)
      {
        int lo = b[i - 1] < b[i + 1] ? b[i - 1] : b[i + 1];
        if (lo < bmin)
          bmin = lo;
      }
  }
  *r = (struct results) { bmax, fbmax, smin, err, bmin };
}

static void
reduce_plain (int n, const uint8_t *b, const short *s, const double *u,
              const double *v, struct results *r)
{
  *r = (struct results) { -1.0, -1.0f, 1e30f, 0.0f, 255 };
  for (int i = 0; i < n; i++)
    {
      if (b[i] > r->bmax)
        r->bmax = b[i];
      if (b[i] > r->fbmax)
        r->fbmax = b[i];
      if ((float) s[i] < r->smin)
        r->smin = s[i];
      double d = u[i] - v[i];
      if (fabs (d) > r->err)
        r->err = fabs (d);
    }
  for (int i = 1; i < n - 1; i++)
    {
      int lo = b[i - 1] < b[i + 1] ? b[i - 1] : b[i + 1];
      if (lo < r->bmin)
        r->bmin = lo;
    }
}

int
main (void)
{
  int n = 5000;
  uint8_t *b = test_xmalloc (n);
  short *s = test_xmalloc (n * sizeof *s);
  double *u = test_xmalloc (n * sizeof *u);
  double *v = test_xmalloc (n * sizeof *v);
  for (int i = 0; i < n; i++)
    {
      b[i] = (uint8_t) ((i * 37) % 241 + 7);
      s[i] = (short) ((i * 7919) % 60001 - 30000);
      u[i] = sin (i * 0.013) * 3.0;
      v[i] = cos (i * 0.0071) * 2.0;
    }
  b[n / 2 + 1] = 3;
  struct results r, ref;
  reduce_mint (n, b, s, u, v, &r);
  reduce_plain (n, b, s, u, v, &ref);
  printf ("byte max %g (cpu %g), short min %g (cpu %g), error %.9g "
          "(cpu %.9g)\n", r.bmax, ref.bmax, r.smin, ref.smin, r.err,
          ref.err);
  int status = test_report ("double max over bytes",
                            max_error (&r.bmax, &ref.bmax, 1), TOL_EXACT);
  status |= test_report ("float max over bytes",
                         max_error (&r.fbmax, &ref.fbmax, 1), TOL_EXACT);
  status |= test_report ("float min over shorts",
                         max_error (&r.smin, &ref.smin, 1), TOL_EXACT);
  status |= test_report ("float error over doubles",
                         max_error (&r.err, &ref.err, 1), TOL_EXACT);
  status |= test_report ("byte min over an int of bytes",
                         r.bmin == ref.bmin ? 0.0 : 1.0, TOL_EXACT);
  return status;
}
