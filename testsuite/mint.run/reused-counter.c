/* A C89 solver: its variables declared once at the top of the function
   and reused.  k counts both passes of a Thomas solve along each row of a
   flat array, j is the parallel loop's variable of two nests, and t
   holds two unrelated values in one body; each pass's k and each of t's
   values is a variable of its own in the kernel.  */
/* { dg-do run } */
#include "mint-test.h"

#define NX 67
#define NY 45

/* The sweep along each row, then a 5-point smoothing of its result.  */
#define STEPS(PRAGMA, u, d, v, c, m)                                      \
  PRAGMA (for nest(1))                                                    \
  for (j = 0; j < NY; j++)                                                \
    {                                                                     \
      u[j * NX] = d[j * NX] * m[0];                                       \
      for (k = 1; k < NX; k++)                                            \
        {                                                                 \
          t = d[j * NX + k] + u[j * NX + k - 1];                          \
          u[j * NX + k] = t * m[k];                                       \
        }                                                                 \
      for (k = NX - 2; k >= 0; k--)                                       \
        u[j * NX + k] -= c[k] * u[j * NX + k + 1];                        \
    }                                                                     \
  PRAGMA (for nest(all))                                                  \
  for (j = 1; j < NY - 1; j++)                                            \
    for (i = 1; i < NX - 1; i++)                                          \
      {                                                                   \
        t = u[(j - 1) * NX + i] + u[(j + 1) * NX + i];                    \
        v[j * NX + i] = 0.5 * u[j * NX + i] + 0.0625 * t;                 \
        t = u[j * NX + i - 1] + u[j * NX + i + 1];                        \
        v[j * NX + i] += 0.0625 * t;                                      \
      }

static void
solve (double *u, const double *d, double *v, const double *c,
       const double *m)
{
  int i, j, k;
  double t;
#pragma mint copy(u, toDevice, (NX * NY))
#pragma mint copy(d, toDevice, (NX * NY))
#pragma mint copy(v, toDevice, (NX * NY))
#pragma mint copy(c, toDevice, NX)
#pragma mint copy(m, toDevice, NX)
#pragma mint parallel
  {
    STEPS (MINT_PRAGMA, u, d, v, c, m)
  }
#pragma mint copy(u, fromDevice, (NX * NY))
#pragma mint copy(v, fromDevice, (NX * NY))
}

int
main (void)
{
  int i, j, k;
  double t;
  double m[NX], c[NX];
  test_thomas_factors (m, c, NX, -1.0, 4.0);
  TWO_FILLED (double, u, NX, NY, 1, 1);
  TWO_FILLED (double, d, NX, NY, 1, 2);
  TWO_FILLED (double, v, NX, NY, 1, 3);
  solve (u[0], d[0], v[0], c, m);
  STEPS (NO_PRAGMA, u[1], d[1], v[1], c, m)
  printf ("u[%d] %.17g v[%d] %.17g\n", 3 * NX + 5, u[0][3 * NX + 5],
          3 * NX + 5, v[0][3 * NX + 5]);
  return test_report ("reused counter, sweep", max_error (u[0], u[1], NX * NY),
                      TOL_DOUBLE)
         | test_report ("reused temporary, smoothing",
                        max_error (v[0], v[1], NX * NY), TOL_DOUBLE);
}
