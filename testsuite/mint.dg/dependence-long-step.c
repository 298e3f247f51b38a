/* A shallow-water step (helper H2's p07 of round 83) whose time loop's
   body is longer than the 512 statements the plugin read back from a
   nest: the walls' ghost columns `s->h[I(nx + 1, j)] = s->h[I(nx, j)]'
   with `int nx = s->nx' before the region, where I(i, j) = j * (s->nx +
   2) + i, were warned ("cannot prove that 's->h[s->nx*j + nx + 2*j]' does
   not read an element that another point ... writes"), since the copy
   of the member set before the time loop lay beyond that reach; the
   statements back to the function's start are read now.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

#include <math.h>
#include <stddef.h>

typedef struct
{
  int nx, ny;
  double dx, g, cfl;
  double *h, *hu, *hv, *nh, *nhu, *nhv;
} sw_t;

#define I(i, j) ((j) * (s->nx + 2) + (i))

double
run (sw_t *s, int steps)
{
  int nx = s->nx, ny = s->ny;
  size_t n = (size_t) (nx + 2) * (ny + 2);
  double t = 0;
#pragma mint copy(s->h, toDevice, n)
#pragma mint copy(s->hu, toDevice, n)
#pragma mint copy(s->hv, toDevice, n)
#pragma mint copy(s->nh, toDevice, n)
#pragma mint copy(s->nhu, toDevice, n)
#pragma mint copy(s->nhv, toDevice, n)
#pragma mint parallel
  {
    for (int k = 0; k < steps; k++)
      {
#pragma mint for
        for (int j = 1; j <= ny; j++)
          {
            s->h[I (0, j)] = s->h[I (1, j)];
            s->hu[I (0, j)] = -s->hu[I (1, j)];
            s->hv[I (0, j)] = s->hv[I (1, j)];
            s->h[I (nx + 1, j)] = s->h[I (nx, j)];
            s->hu[I (nx + 1, j)] = -s->hu[I (nx, j)];
            s->hv[I (nx + 1, j)] = s->hv[I (nx, j)];
          }
        double smax = 0;
#pragma mint for nest(all) reduction(max:smax)
        for (int j = 1; j <= ny; j++)
          for (int i = 1; i <= nx; i++)
            {
              double hh = s->h[I (i, j)];
              double c = sqrt (s->g * hh)
                         + fmax (fabs (s->hu[I (i, j)] / hh),
                                 fabs (s->hv[I (i, j)] / hh));
              smax = fmax (smax, c);
            }
        double dt = s->cfl * s->dx / smax, r = dt / (2 * s->dx);
        double g2 = 0.5 * s->g;
#pragma mint for nest(all)
        for (int j = 1; j <= ny; j++)
          for (int i = 1; i <= nx; i++)
            {
              double hE = s->h[I (i + 1, j)], hW = s->h[I (i - 1, j)];
              double hN = s->h[I (i, j + 1)], hS = s->h[I (i, j - 1)];
              double uE = s->hu[I (i + 1, j)], uW = s->hu[I (i - 1, j)];
              double uN = s->hu[I (i, j + 1)], uS = s->hu[I (i, j - 1)];
              double vE = s->hv[I (i + 1, j)], vW = s->hv[I (i - 1, j)];
              double vN = s->hv[I (i, j + 1)], vS = s->hv[I (i, j - 1)];
              s->nh[I (i, j)] = 0.25 * (hE + hW + hN + hS) - r * (uE - uW)
                                - r * (vN - vS);
              s->nhu[I (i, j)]
                = 0.25 * (uE + uW + uN + uS)
                  - r * (uE * uE / hE + g2 * hE * hE - uW * uW / hW
                         - g2 * hW * hW)
                  - r * (uN * vN / hN - uS * vS / hS);
              s->nhv[I (i, j)]
                = 0.25 * (vE + vW + vN + vS)
                  - r * (uE * vE / hE - uW * vW / hW)
                  - r * (vN * vN / hN + g2 * hN * hN - vS * vS / hS
                         - g2 * hS * hS);
            }
        double *p;
        p = s->h; s->h = s->nh; s->nh = p;
        p = s->hu; s->hu = s->nhu; s->nhu = p;
        p = s->hv; s->hv = s->nhv; s->nhv = p;
        t += dt;
      }
  }
#pragma mint copy(s->h, fromDevice, n)
#pragma mint copy(s->hu, fromDevice, n)
#pragma mint copy(s->hv, fromDevice, n)
  return t;
}
