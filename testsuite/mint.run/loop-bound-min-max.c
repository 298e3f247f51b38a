/* Loop bounds written with MIN and MAX macros (a ?: that takes the
   smaller or larger of two values), which the front end may fold to
   another comparison (n - 2 < hi to n - 1 <= hi), and a test against
   two bounds (i < NX - 1 && i < hi): a clipped window of a 2-D grid in
   both loops, a 1-D range with a reduction, a row.  The GPU gives the program's values.  */
/* { dg-do run } */
#include "mint-test.h"

#define NX 200
#define NY 150
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

struct window
{
  int ilo, ihi, jlo, jhi;
};

#define LOOPS(PRAGMA, u, v, w, s)                                        \
  {                                                                      \
    PRAGMA (for nest(2))                                                 \
    for (int j = MAX (1, w->jlo); j <= MIN (NY - 2, w->jhi); j++)        \
      for (int i = MAX (w->ilo, 1); i < MIN (nx - 1, w->ihi + 1); i++)   \
        v[j][i] = 0.25 * (u[j][i - 1] + u[j][i + 1] + u[j - 1][i]        \
                          + u[j + 1][i]);                                \
    PRAGMA (for reduction(+:s))                                          \
    for (int i = 0; i <= MIN (nx - 2, w->ihi); i++)                      \
      s += v[NY / 2][i];                                                 \
    PRAGMA (for)                                                         \
    for (int i = 1; i < NX - 1 && i < w->ihi; i++)                       \
      v[0][i] = 2.0 * u[0][i];                                           \
  }

static double
run (int nx, double (*u)[NX], double (*v)[NX], const struct window *w)
{
  double s = 0;
#pragma mint copy(u, toDevice, NX, NY)
#pragma mint copy(v, toDevice, NX, NY)
#pragma mint parallel
  LOOPS (MINT_PRAGMA, u, v, w, s)
#pragma mint copy(v, fromDevice, NX, NY)
  return s;
}

int
main (void)
{
  static double u[NY][NX], v[NY][NX], ref[NY][NX];
  for (int j = 0; j < NY; j++)
    for (int i = 0; i < NX; i++)
      {
        u[j][i] = 1.0 + ((i * 37 + j * 11) % 101) / 16.0;
        v[j][i] = ref[j][i] = -1.0;
      }
  double err = 0;
  static const struct window windows[3] = {
    { 0, 500, -4, 400 }, { 17, 120, 30, 99 }, { 3, 198, 1, 147 } };
  for (int k = 0; k < 3; k++)
    {
      const struct window *w = &windows[k];
      int nx = NX;
      double s = run (nx, u, v, w), sref = 0;
      LOOPS (NO_PRAGMA, u, ref, w, sref)
      double e = fabs (s - sref) / fabs (sref);
      err = e > err ? e : err;
    }
  double e = max_error (&v[0][0], &ref[0][0], NX * NY);
  err = e > err ? e : err;
  printf ("v[75][100] %g\n", v[75][100]);
  return test_report ("bounds through MIN and MAX", err, TOL_DOUBLE);
}
