/* A Runge-Kutta-like flux kernel over flat arrays of NUM_VARS planes
   (the style of published finite-volume mini-apps): the stencil and the
   interpolated values are scratch arrays declared at the top of the
   function, named in `private(stencil, vals)'; the scalars are private
   without a clause.  A second pass updates the state in place, element
   by element, with the same scratch array.  */
/* { dg-do run } */
#include "mint-test.h"

#define NUM_VARS 4
#define STEN 4
#define HS 2
#define STATE(ll, k, i) ((ll) * (nz + 2 * HS) * (nx + 2 * HS)             \
                         + ((k) + HS) * (nx + 2 * HS) + (i))
#define FLUX(ll, k, i) ((ll) * (nz + 1) * (nx + 1) + (k) * (nx + 1) + (i))

static void
flux_x (const double *state, double *flux, int nx, int nz, double hv,
        int use_mint)
{
  int i, k, ll, s;
  double stencil[STEN], vals[NUM_VARS], d3[NUM_VARS];
  double r, u, w, t, p;
  if (use_mint)
    {
#pragma mint copy(state, toDevice, (nx + 2 * HS) * (nz + 2 * HS) * NUM_VARS)
#pragma mint copy(flux, toDevice, (nx + 1) * (nz + 1) * NUM_VARS)
#pragma mint parallel
      {
#pragma mint for nest(all) private(stencil, vals) independent
        for (k = 0; k < nz; k++)
          for (i = 0; i < nx + 1; i++)
            {
              for (ll = 0; ll < NUM_VARS; ll++)
                {
                  for (s = 0; s < STEN; s++)
                    stencil[s] = state[STATE (ll, k, i + s)];
                  vals[ll] = -stencil[0] / 12 + 7 * stencil[1] / 12
                             + 7 * stencil[2] / 12 - stencil[3] / 12;
                  d3[ll] = -stencil[0] + 3 * stencil[1] - 3 * stencil[2]
                           + stencil[3];
                }
              r = vals[0] + 1.0;
              u = vals[1] / r;
              w = vals[2] / r;
              t = (vals[3] + 300.0) / r;
              p = r * t * 0.4;
              flux[FLUX (0, k, i)] = r * u - hv * d3[0];
              flux[FLUX (1, k, i)] = r * u * u + p - hv * d3[1];
              flux[FLUX (2, k, i)] = r * u * w - hv * d3[2];
              flux[FLUX (3, k, i)] = r * u * t - hv * d3[3];
            }
      }
#pragma mint copy(flux, fromDevice, (nx + 1) * (nz + 1) * NUM_VARS)
      return;
    }
  for (k = 0; k < nz; k++)
    for (i = 0; i < nx + 1; i++)
      {
        double st[STEN], v[NUM_VARS], d[NUM_VARS];
        for (ll = 0; ll < NUM_VARS; ll++)
          {
            for (s = 0; s < STEN; s++)
              st[s] = state[STATE (ll, k, i + s)];
            v[ll] = -st[0] / 12 + 7 * st[1] / 12 + 7 * st[2] / 12
                    - st[3] / 12;
            d[ll] = -st[0] + 3 * st[1] - 3 * st[2] + st[3];
          }
        double rr = v[0] + 1.0, uu = v[1] / rr, ww = v[2] / rr;
        double tt = (v[3] + 300.0) / rr, pp = rr * tt * 0.4;
        flux[FLUX (0, k, i)] = rr * uu - hv * d[0];
        flux[FLUX (1, k, i)] = rr * uu * uu + pp - hv * d[1];
        flux[FLUX (2, k, i)] = rr * uu * ww - hv * d[2];
        flux[FLUX (3, k, i)] = rr * uu * tt - hv * d[3];
      }
}

/* state += dt * (flux difference), each point its own element of each
   plane, through a private array.  */
static void
update (double *state, const double *flux, int nx, int nz, double dt,
        int use_mint)
{
  int i, k, ll;
  double tend[NUM_VARS];
  if (use_mint)
    {
#pragma mint copy(state, toDevice, (nx + 2 * HS) * (nz + 2 * HS) * NUM_VARS)
#pragma mint copy(flux, toDevice, (nx + 1) * (nz + 1) * NUM_VARS)
#pragma mint parallel
      {
#pragma mint for nest(all) private(tend) independent
        for (k = 0; k < nz; k++)
          for (i = 0; i < nx; i++)
            {
              for (ll = 0; ll < NUM_VARS; ll++)
                tend[ll] = flux[FLUX (ll, k, i + 1)] - flux[FLUX (ll, k, i)];
              for (ll = 0; ll < NUM_VARS; ll++)
                state[STATE (ll, k, i + HS)] += dt * tend[ll];
            }
      }
#pragma mint copy(state, fromDevice, (nx + 2 * HS) * (nz + 2 * HS) * NUM_VARS)
      return;
    }
  for (k = 0; k < nz; k++)
    for (i = 0; i < nx; i++)
      for (ll = 0; ll < NUM_VARS; ll++)
        state[STATE (ll, k, i + HS)]
          += dt * (flux[FLUX (ll, k, i + 1)] - flux[FLUX (ll, k, i)]);
}

int
main (void)
{
  int nx = 61, nz = 27;
  size_t ns = (size_t) (nx + 2 * HS) * (nz + 2 * HS) * NUM_VARS;
  size_t nf = (size_t) (nx + 1) * (nz + 1) * NUM_VARS;
  double *state = test_xmalloc (ns * sizeof (double));
  double *sref = test_xmalloc (ns * sizeof (double));
  double *flux = test_xmalloc (nf * sizeof (double));
  double *fref = test_xmalloc (nf * sizeof (double));
  for (size_t n = 0; n < ns; n++)
    state[n] = sref[n] = 1.0 + 0.001 * (double) ((n * 7919) % 1013);
  for (size_t n = 0; n < nf; n++)
    flux[n] = fref[n] = -1.0;

  flux_x (state, flux, nx, nz, 0.05, 1);
  flux_x (sref, fref, nx, nz, 0.05, 0);
  int status = test_report ("private(stencil, vals) flux",
                            max_error (flux, fref, nf), TOL_DOUBLE);
  update (state, flux, nx, nz, 0.01, 1);
  update (sref, fref, nx, nz, 0.01, 0);
  status |= test_report ("private(tend) update", max_error (state, sref, ns),
                         TOL_DOUBLE);
  free (state);
  free (sref);
  free (flux);
  free (fref);
  return status;
}
